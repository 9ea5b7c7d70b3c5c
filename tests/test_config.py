"""Config loading and validation: one invalid fixture per failure mode, valid fixtures,
term files, environment terms and root-alias derivation."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from redacted_context_mcp.config import (
    CONFIG_NAME,
    Policy,
    load_policy,
    root_aliases,
)
from redacted_context_mcp.errors import Code, RedctxError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "config"
INVALID = sorted((FIXTURES / "invalid").glob("*.toml"))
VALID = FIXTURES / "valid"
_SCHEMA_WORDS = {
    "redaction", "github", "repos", "clients", "organizations", "people", "terms", "allow",
    "term_files", "mode", "detector_profile", "exclude_dirs", "exclude_globs", "aliases", "salt",
    "owner", "repo", "token_env", "context", "strict", "balanced", "default", "extended",
}


def _expected(path: Path) -> str:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: ")
    return first.removeprefix("# expect: ")


def _fixture_values(path: Path) -> set[str]:
    """Every user-supplied string in a fixture: values, alias canonicals, repo aliases, unknown keys."""
    text = path.read_text(encoding="utf-8")
    found: set[str] = set(re.findall(r'"([^"\n]+)"', text))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        data = {}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                found.add(k)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, (str, int)) and not isinstance(node, bool):
            found.add(str(node))

    walk(data)
    pieces = set(found)
    for v in found:
        pieces.update(w for w in re.split(r"[\s/]+", v) if len(w) >= 4)
    return {v for v in pieces if len(v.strip()) >= 3 and v.casefold() not in _SCHEMA_WORDS}


def _load_fixture(tmp_path: Path, src: Path) -> Policy:
    root = tmp_path / "notes"
    root.mkdir()
    shutil.copy(src, root / CONFIG_NAME)
    return load_policy(root, environ={})


def test_there_is_an_invalid_fixture_for_each_failure_mode() -> None:
    assert len(INVALID) >= 40


@pytest.mark.parametrize("fixture", INVALID, ids=lambda p: p.stem)
def test_invalid_config_is_refused_with_a_message_that_names_the_key_not_the_value(
    tmp_path: Path, fixture: Path
) -> None:
    with pytest.raises(RedctxError) as err:
        _load_fixture(tmp_path, fixture)
    assert err.value.code is Code.CONFIG_INVALID
    assert err.value.message == "Invalid redaction config: " + _expected(fixture)
    values = _fixture_values(fixture)
    assert values, "fixture must carry at least one value to check"
    for value in values:
        assert value.casefold() not in err.value.message.casefold(), value
        assert value.casefold() not in repr(err.value).casefold()


def test_the_full_example_config_loads_every_setting(tmp_path: Path) -> None:
    root = tmp_path / "notes"
    root.mkdir()
    for f in ("full.toml", "private-redaction-terms.txt"):
        shutil.copy(VALID / f, root / (CONFIG_NAME if f == "full.toml" else f))
    p = load_policy(root, environ={})
    assert p.config_loaded and p.config_path == root / CONFIG_NAME
    assert p.salt == "local-random-string-kept-private"
    assert p.clients == ("Client Legal Name", "Client Acronym")
    assert p.organizations == ("Supplier Name", "Partner Company")
    assert p.people == ("Person One", "Person Two")
    assert p.terms == ("project codename", "internal programme name")
    assert p.allow == ("Azure", "PostgreSQL", "Kubernetes")
    assert p.mode == "balanced" and p.detector_profile == "extended"
    assert p.exclude_dirs == ("node_modules", "archive/old") and p.exclude_globs == ("*.bak",)
    assert p.term_files == (root / "private-redaction-terms.txt", root / "not-created-yet.txt")
    assert p.loaded_term_files == (root / "private-redaction-terms.txt",)
    assert p.file_terms == ("Orchid Falls", "internal codename kestrel", "Northwind Lantern")
    assert [(g.canonical, g.category, g.aliases) for g in p.aliases] == [
        ("Person One", "PERSON", ("P. One", "person.one@example.com")),
        ("Client Legal Name", "CLIENT", ("CLN",)),
    ]
    repo = p.github_repos["context"]
    assert (repo.owner, repo.repo, repo.token_env) == ("private-org-or-user", "private-context-repo", "GITHUB_TOKEN")
    assert p.root_aliases == ()


def test_a_missing_default_config_is_fine_and_uses_defaults(tmp_path: Path) -> None:
    p = load_policy(tmp_path, environ={})
    assert not p.config_loaded and p.config_path is None
    assert (p.mode, p.detector_profile) == ("strict", "default")


def test_an_explicit_config_path_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, tmp_path / "missing.toml", environ={})
    assert err.value.code is Code.CONFIG_INVALID
    assert "missing" not in err.value.message


def test_an_explicit_config_path_outside_the_root_is_loaded(tmp_path: Path) -> None:
    cfg = tmp_path / "elsewhere.toml"
    shutil.copy(VALID / "aliases.toml", cfg)
    (tmp_path / "root").mkdir()
    p = load_policy(tmp_path / "root", cfg, environ={})
    assert p.config_loaded and p.config_path == cfg


@pytest.mark.parametrize("name", ["empty.toml", "aliases.toml", "github_only.toml"])
def test_valid_fixtures_load(tmp_path: Path, name: str) -> None:
    assert isinstance(_load_fixture(tmp_path, VALID / name), Policy)


def test_alias_group_category_is_the_first_list_holding_the_canonical(tmp_path: Path) -> None:
    p = _load_fixture(tmp_path, VALID / "aliases.toml")
    assert [g.category for g in p.aliases] == ["CLIENT", "PERSON", "SENSITIVE"]


def test_github_repo_entries_keep_their_neutral_aliases(tmp_path: Path) -> None:
    p = _load_fixture(tmp_path, VALID / "github_only.toml")
    assert sorted(p.github_repos) == ["context", "tracker_2"]
    assert p.github_repos["tracker_2"].token_env == "TRACKER_TOKEN"
    assert "another-owner" not in repr(p.github_repos["tracker_2"])


def test_command_line_mode_and_profile_override_the_config(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text('[redaction]\nmode = "balanced"\ndetector_profile = "extended"\n')
    p = load_policy(tmp_path, mode="strict", detector_profile="default", environ={})
    assert (p.mode, p.detector_profile) == ("strict", "default")
    p = load_policy(tmp_path, environ={})
    assert (p.mode, p.detector_profile) == ("balanced", "extended")


def test_an_unknown_command_line_mode_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, mode="lenient", environ={})
    assert err.value.code is Code.NOT_ONE_OF


def test_repr_of_a_policy_shows_counts_not_terms(tmp_path: Path) -> None:
    p = _load_fixture(tmp_path, VALID / "aliases.toml")
    text = repr(p) + repr(p.aliases)
    assert "Avery" not in text and "Blake" not in text and "people=2" in text


def test_duplicate_terms_within_a_list_are_kept_once(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text('[redaction]\nclients = ["Acme Corp", "acme  corp", "ACME-Corp"]\n')
    assert load_policy(tmp_path, environ={}).clients == ("Acme Corp",)


# -- term files ---------------------------------------------------------------


def test_term_files_are_relative_to_the_config_directory(tmp_path: Path) -> None:
    cfg_dir = tmp_path / "cfg"
    cfg_dir.mkdir()
    (cfg_dir / "terms.txt").write_text("\ufeffKestrel Works\n# comment\n\n")
    (cfg_dir / "c.toml").write_text('[redaction]\nterm_files = ["terms.txt"]\n')
    p = load_policy(tmp_path, cfg_dir / "c.toml", environ={})
    assert p.file_terms == ("Kestrel Works",)
    assert p.sensitive_terms == ("Kestrel Works",)


def test_an_absolute_term_file_path_is_used_as_is(tmp_path: Path) -> None:
    tf = tmp_path / "abs-terms.txt"
    tf.write_text("Kestrel Works\n")
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / CONFIG_NAME).write_text(f"[redaction]\nterm_files = [{str(tf)!r}]\n")
    assert load_policy(tmp_path / "root", environ={}).file_terms == ("Kestrel Works",)


@pytest.mark.parametrize(
    ("content", "expect"),
    [
        (b"Kestrel Works\nEmail\n", "redaction.term_files item 1 line 2: value is a reserved placeholder word."),
        (b"Kestrel Works\n" + b"k" * 300 + b"\n", "redaction.term_files item 1 line 2: value exceeds 256 characters."),
        (b"Kestrel \xff Works\n", "redaction.term_files item 1: the file is not UTF-8 text."),
    ],
    ids=["reserved", "too-long", "not-utf8"],
)
def test_a_bad_term_file_is_refused_by_position(tmp_path: Path, content: bytes, expect: str) -> None:
    (tmp_path / "t.txt").write_bytes(content)
    (tmp_path / CONFIG_NAME).write_text('[redaction]\nterm_files = ["t.txt"]\n')
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, environ={})
    assert err.value.message == "Invalid redaction config: " + expect
    assert "Kestrel" not in err.value.message


def test_a_term_file_path_that_is_a_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / "t.txt").mkdir()
    (tmp_path / CONFIG_NAME).write_text('[redaction]\nterm_files = ["t.txt"]\n')
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, environ={})
    assert err.value.message.endswith("redaction.term_files item 1: not a regular file.")


def test_a_config_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_bytes(b'[redaction]\nclients = ["Acme \xff"]\n')
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, environ={})
    assert err.value.message == "Invalid redaction config: config: the file is not UTF-8 text."


def test_a_config_path_that_is_a_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).mkdir()
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, environ={})
    assert err.value.code is Code.CONFIG_INVALID


# -- environment terms --------------------------------------------------------


def test_environment_terms_are_split_on_commas_and_newlines(tmp_path: Path) -> None:
    env = {"REDACTED_CONTEXT_TERMS": "Kestrel Works, Orchid Falls\nNorthwind\n\n,  ,kestrel works"}
    p = load_policy(tmp_path, environ=env)
    assert p.env_terms == ("Kestrel Works", "Orchid Falls", "Northwind")
    assert p.terms == ()


def test_a_reserved_word_in_environment_terms_is_refused_by_position(tmp_path: Path) -> None:
    with pytest.raises(RedctxError) as err:
        load_policy(tmp_path, environ={"REDACTED_CONTEXT_TERMS": "Kestrel,client"})
    assert err.value.message.endswith("REDACTED_CONTEXT_TERMS item 2: value is a reserved placeholder word.")


def test_os_environ_is_used_when_no_environment_is_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDACTED_CONTEXT_TERMS", "Kestrel Works")
    assert load_policy(tmp_path).env_terms == ("Kestrel Works",)


# -- root aliases -------------------------------------------------------------


@pytest.mark.parametrize(
    ("folder", "aliases"),
    [
        ("acme-lantern-notes", ("acme", "lantern", "acme lantern")),
        ("Kestrel_Orchid", ("Kestrel", "Orchid", "Kestrel Orchid")),
        ("Kestrel Works Ltd", ("Kestrel",)),
        ("orchid", ("orchid",)),
        ("notes", ()),
        ("source-private", ()),
        ("private-context-docs-2024", ()),
        ("my-project-v2", ()),
        ("client-email-notes", ()),
        ("12345-678", ()),
        ("acme.acme-notes", ("acme",)),
    ],
)
def test_root_aliases_come_from_the_folder_name_without_generic_words(
    tmp_path: Path, folder: str, aliases: tuple[str, ...]
) -> None:
    root = tmp_path / folder
    root.mkdir()
    assert load_policy(root, environ={}).root_aliases == aliases


def test_allow_listed_words_never_become_root_aliases(tmp_path: Path) -> None:
    assert root_aliases(tmp_path / "kubernetes-lantern", ("Kubernetes",)) == ("lantern",)
