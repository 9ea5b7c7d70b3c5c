"""The canary list must describe the fixture corpus truthfully.

A canary sweep only proves something if every canary really occurs in the
corpus it runs over. These tests keep ``fixtures/canaries.toml`` and
``fixtures/corpus/`` in step.
"""

from __future__ import annotations

import codecs
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CORPUS = FIXTURES / "corpus"
CANARIES = FIXTURES / "canaries.toml"
CONFIG = CORPUS / ".agent-context-redactor.toml"
NEVER_SERVED_NAMES = (".agent-context-redactor.toml", "private-terms.txt")
MIN_CANARY_CHARS = 5


def decode(data: bytes) -> str:
    """Decode a corpus file the way the file source does (BOMs first, then UTF-8, then Latin-1)."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def is_never_served(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1].casefold()
    return (
        rel in NEVER_SERVED_NAMES
        or name.startswith(".env")
        or name.endswith((".key", ".pem", ".crt"))
    )


@lru_cache(maxsize=1)
def corpus_files() -> dict[str, str]:
    """Root-relative POSIX path -> decoded text of every corpus file."""
    return {
        p.relative_to(CORPUS).as_posix(): decode(p.read_bytes())
        for p in sorted(CORPUS.rglob("*"))
        if p.is_file()
    }


@lru_cache(maxsize=1)
def canary_table() -> dict:
    return tomllib.loads(CANARIES.read_text(encoding="utf-8"))


def all_canaries(table: str = "canaries") -> list[tuple[str, str]]:
    return [(group, v) for group, values in canary_table()[table].items() for v in values]


def occurs(value: str, *, only_never_served: bool = False) -> bool:
    needle = value.casefold()
    for rel, text in corpus_files().items():
        if only_never_served and not is_never_served(rel):
            continue
        if needle in text.casefold() or needle in rel.casefold():
            return True
    return False


CANARY_PARAMS = [
    pytest.param(v, id=f"{t}.{g}[{i}]")
    for t in ("canaries", "extended_only")
    for i, (g, v) in enumerate(all_canaries(t))
]


@pytest.mark.parametrize("value", CANARY_PARAMS)
def test_every_canary_really_occurs_in_the_corpus(value):
    assert occurs(value)


@pytest.mark.parametrize("value", CANARY_PARAMS)
def test_every_canary_is_long_enough_not_to_match_ordinary_output(value):
    assert len(value) >= MIN_CANARY_CHARS


def test_canary_values_are_listed_once():
    values = [v.casefold() for t in ("canaries", "extended_only") for _, v in all_canaries(t)]
    assert len(values) == len(set(values))


def test_never_served_canaries_occur_only_in_never_served_files():
    for value in canary_table()["canaries"]["never_served"]:
        served = {r for r, text in corpus_files().items() if not is_never_served(r) and value in text}
        assert served == set(), value
        assert occurs(value, only_never_served=True)


def test_path_name_canaries_are_raw_file_or_folder_names():
    rels = [r.casefold() for r in corpus_files()]
    for value in canary_table()["canaries"]["path_names"]:
        assert any(value.casefold() in r for r in rels), value


def test_every_configured_client_person_organization_and_term_is_a_canary():
    red = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["redaction"]
    configured = red["clients"] + red["organizations"] + red["people"] + red["terms"]
    configured += (CORPUS / red["term_files"][0]).read_text(encoding="utf-8").split("\n")
    listed = {v.casefold() for _, v in all_canaries()}
    missing = [i for i, term in enumerate(t for t in configured if t) if term.casefold() not in listed]
    assert missing == []


def test_the_corpus_has_the_hard_cases_the_sweep_needs():
    files = corpus_files()
    raw = {p.relative_to(CORPUS).as_posix(): p.read_bytes() for p in CORPUS.rglob("*") if p.is_file()}
    assert any(b.startswith(codecs.BOM_UTF16_LE) for b in raw.values()), "a UTF-16 file with a BOM"
    assert any(
        "-----BEGIN" in t and "PRIVATE KEY-----" in t and not is_never_served(r) for r, t in files.items()
    ), "a PEM block inside a served text file"
    assert ".env" in files and "keys/deploy_key.pem" in files
    assert any(b"\x00" in b for b in raw.values()), "a binary file"
    assert any(" " in r.split("/")[0] or " " in r for r in files), "a folder name with spaces"
    assert "clients/Acme Lantern/john_smith_contract.md" in files
    red = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["redaction"]
    assert all((CORPUS / t).is_file() for t in red["term_files"])
    assert any(r.split("/")[0] in red["exclude_dirs"] for r in files), "a file in an excluded directory"


def test_the_corpus_holds_a_sample_of_every_secret_family_the_engine_claims():
    from redacted_context_mcp.redaction.secret_rules import SECRET_RULES

    text = "\n".join(t for r, t in corpus_files().items() if not is_never_served(r))
    lower = text.lower()
    uncovered = [
        rule.id for rule in SECRET_RULES
        if not rule.regex.search(lower if rule.on_lower else text)
    ]
    assert uncovered == []
