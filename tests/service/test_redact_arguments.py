"""``Service.redact_arguments``: request arguments as the audit log records them."""

from __future__ import annotations

import re

import pytest

from redacted_context_mcp import app
from tests.invariants import invariant
from tests.sweep_helpers import copy_corpus, find_leaks

ARG_RE = re.compile(r"\[ARG_[0-9a-f]{8}\]")


@pytest.fixture(scope="module")
def svc(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("args")
    root = copy_corpus(tmp / "root")
    mp = pytest.MonkeyPatch()
    mp.setenv("REDACTED_CONTEXT_STATE_DIR", str(tmp / "state"))
    try:
        yield app.build_service(app.make_options(root))
    finally:
        mp.undo()


@invariant("AUDIT-1")
def test_path_ids_and_common_words_stay_while_names_and_bare_values_do_not(svc):
    out = svc.redact_arguments({
        "path": "@p_0123456789ab",
        "query": "John Smith budget review 555-0134 blueheron",
        "paths": ["clients/Acme Lantern/john_smith_contract.md", "@p_aaaaaaaaaaaa"],
        "max_results": 5, "ignore_case": True, "glob": None,
    })
    assert out["path"] == "@p_0123456789ab" and out["paths"][1] == "@p_aaaaaaaaaaaa"
    assert out["query"].startswith("[PERSON_") and " budget review " in out["query"]
    assert len(ARG_RE.findall(out["query"])) == 3  # 555, 0134, blueheron
    assert out["paths"][0].startswith("clients/[CLIENT_") and out["paths"][0].endswith(".md")
    assert (out["max_results"], out["ignore_case"], out["glob"]) == (5, True, None)
    assert not find_leaks(repr(out))


def test_fingerprints_are_stable_per_word_and_case_insensitive(svc):
    a = svc.redact_arguments({"query": "blueheron"})["query"]
    b = svc.redact_arguments({"query": "BlueHeron"})["query"]
    c = svc.redact_arguments({"query": "greyheron"})["query"]
    assert a == b != c and ARG_RE.fullmatch(a)


def test_long_strings_are_cut_after_redaction_and_nesting_is_bounded(svc):
    out = svc.redact_arguments({"query": "budget " * 1000, "deep": {"a": {"b": {"c": {"d": {"e": "x"}}}}}})
    assert len(out["query"]) <= 2005 and out["query"].endswith("[...]")
    assert "[...]" in repr(out["deep"])
