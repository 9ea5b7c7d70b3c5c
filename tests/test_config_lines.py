"""Config errors name the line they start on, next to the key, and still never a value."""

from __future__ import annotations

from pathlib import Path

import pytest

from redacted_context_mcp.config import CONFIG_NAME, load_policy
from redacted_context_mcp.config_lines import entries, locate
from redacted_context_mcp.errors import RedctxError


def _message(tmp_path: Path, text: str) -> str:
    (tmp_path / CONFIG_NAME).write_text(text, encoding="utf-8")
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, environ={})
    return err.value.message.removeprefix("Invalid redaction config: ")


def test_an_item_of_a_multi_line_array_is_located_on_its_own_line(tmp_path):
    text = '# notes\n[redaction]\nclients = [\n  "Kestrel Works",  # main client\n  "Orchid", "",\n  "Lantern",\n]\n'
    assert _message(tmp_path, text) == "line 5: redaction.clients item 3: value is empty."


def test_a_toml_syntax_error_gives_its_line_but_not_tomllib_wording_or_the_text(tmp_path):
    text = '[redaction]\nclients = ["Kestrel Works"]\npeople = "Orchid Falls\nterms = []\n'
    msg = _message(tmp_path, text)
    assert msg == "line 3: config: the file is not valid TOML."


def test_an_unknown_key_is_located_but_not_repeated(tmp_path):
    text = '[redaction]\nsalt = "s"\n\nkestrel_works_client = ["x"]\n'
    assert _message(tmp_path, text) == "line 4: redaction: unknown key (entry 2)."


def test_dotted_keys_at_the_top_level_are_located_too(tmp_path):
    assert _message(tmp_path, 'redaction.salt = "ok"\nredaction.mode = "loose"\n') == \
        "line 2: redaction.mode: must be one of: strict, balanced."


def test_an_alias_group_is_located_by_its_position_in_the_table(tmp_path):
    text = ('[redaction]\npeople = ["Orchid Falls", "Kestrel Works"]\n\n[redaction.aliases]\n'
            '"Orchid Falls" = ["O. Falls"]\n\'Kestrel Works\' = []\n')
    assert _message(tmp_path, text) == "line 6: redaction.aliases group 2: group lists no aliases."


def test_a_position_the_scanner_cannot_see_gives_no_line_rather_than_a_wrong_one(tmp_path):
    # an inline table: the item has no line of its own
    assert _message(tmp_path, 'redaction = { clients = [""] }\n') == "redaction.clients item 1: value is empty."
    assert locate("[redaction]\n", "redaction.people item 1") is None
    assert locate("[redaction]\n", "nonsense words here") is None


def test_strings_and_comments_do_not_look_like_keys_or_brackets():
    text = '[redaction]\nterms = [\n  "a = [b",  # ] not closed here\n  \'\'\'\nx = 1\n\'\'\',\n]\nmode = "strict"\n'
    found = {path: line for path, line, _ in entries(text)}
    assert found == {("redaction",): 1, ("redaction", "terms"): 2, ("redaction", "mode"): 8}
