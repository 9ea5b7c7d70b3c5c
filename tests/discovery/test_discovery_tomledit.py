"""The minimal TOML editor: byte-for-byte round trips, comment-preserving edits, idempotent merges."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from redacted_context_mcp.discovery.api import Discovery
from redacted_context_mcp.discovery.tomledit import TomlDoc, TomlEditError, apply_edits, array_append
from redacted_context_mcp.discovery.update import INLINE_ALIASES, build_discovery_update

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "config").rglob("*.toml"))
PARSEABLE = []
for _p in FIXTURES:
    try:
        tomllib.loads(_p.read_text(encoding="utf-8"))
        PARSEABLE.append(_p)
    except tomllib.TOMLDecodeError:
        pass


@pytest.mark.parametrize("path", PARSEABLE, ids=[p.name for p in PARSEABLE])
def test_every_config_fixture_round_trips_byte_for_byte_when_nothing_changes(path):
    text = path.read_text(encoding="utf-8")
    TomlDoc(text)  # scans without error
    assert apply_edits(text, []) == text
    try:
        update = build_discovery_update(text, Discovery())
    except TomlEditError:
        pytest.skip("a layout the editor refuses to edit (it never rewrites it)")
    assert update.text == text and not update.changed


TRICKY = '''# leading comment
title = "a [bracket] and a # hash"   # trailing comment
[redaction]  # the table
people = [  # people, reviewed
    "Quillon Marsh",  # lead
    'Literal [x]',
    # a comment line inside
]
terms = ["tab\\t\\"quoted\\"", """multi
line ] text"""]
allow = []

[github.repos.context]
owner = "o"
repo = "r"
'''


def test_the_scanner_finds_keys_around_strings_brackets_and_comments():
    doc = TomlDoc(TRICKY)
    assert [(e.table, e.key) for e in doc.entries] == [
        ((), "title"), (("redaction",), "people"), (("redaction",), "terms"), (("redaction",), "allow"),
        (("github", "repos", "context"), "owner"), (("github", "repos", "context"), "repo"),
    ]


@pytest.mark.parametrize("key,value", [("people", "Zorb Vantablue"), ("terms", "Bluefin"), ("allow", "fastlib")])
def test_appending_to_an_array_keeps_every_comment_and_parses_to_the_union(key, value):
    doc = TomlDoc(TRICKY)
    out = apply_edits(TRICKY, [array_append(TRICKY, doc.find(("redaction",), key), [value])])
    before, after = tomllib.loads(TRICKY)["redaction"][key], tomllib.loads(out)["redaction"][key]
    assert after == before + [value]
    for line in TRICKY.splitlines():
        if "#" in line:
            assert line.split("#", 1)[1] in out


def test_merge_adds_terms_keeps_comments_and_other_tables_and_is_idempotent():
    d = Discovery()
    d.lists["people"] = ["Zorb Vantablue"]
    d.lists["clients"] = ["Quillmere Group"]
    first = build_discovery_update(TRICKY, d)
    assert first.changed and first.added == {"clients": 1, "people": 1}
    data = tomllib.loads(first.text)
    assert data["redaction"]["people"][-1] == "Zorb Vantablue"
    assert data["redaction"]["clients"] == ["Quillmere Group"]
    assert data["github"] == tomllib.loads(TRICKY)["github"]
    assert "# a comment line inside" in first.text and "# leading comment" in first.text
    second = build_discovery_update(first.text, d)
    assert not second.changed and second.text == first.text


def test_a_new_alias_table_is_created_with_its_review_reminder():
    d = Discovery()
    d.lists["people"] = ["Zorb Vantablue"]
    d.alias_proposals = [("Zorb Vantablue", ["Zorb"])]
    out = build_discovery_update(TRICKY, d, include_discovered_aliases=True)
    assert tomllib.loads(out.text)["redaction"]["aliases"] == {"Zorb Vantablue": ["Zorb"]}
    assert "Review every alias group" in out.text
    assert out.alias_counts == {"discovered": 1, "dropped": 0, "seed": 0}


def test_an_inline_aliases_table_is_left_alone_and_stops_the_merge_only_with_something_to_add():
    text = '[redaction]\npeople = ["Zorb Vantablue"]\naliases = { "Zorb Vantablue" = ["Zorb"] }\n'
    assert not build_discovery_update(text, Discovery()).changed
    d = Discovery()
    d.alias_proposals = [("Zorb Vantablue", ["Z. Vantablue"])]
    with pytest.raises(TomlEditError) as info:
        build_discovery_update(text, d, include_discovered_aliases=True)
    assert str(info.value) == INLINE_ALIASES


def test_an_empty_target_gets_a_redaction_table():
    d = Discovery()
    d.lists["terms"] = ["Bluefin"]
    out = build_discovery_update("", d)
    assert tomllib.loads(out.text) == {"redaction": {"terms": ["Bluefin"]}}


def test_dotted_redaction_keys_are_refused_rather_than_rewritten():
    d = Discovery()
    d.lists["terms"] = ["Bluefin"]
    with pytest.raises(TomlEditError):
        build_discovery_update('redaction.people = ["Zorb Vantablue"]\n', d)
