"""Building the term matcher: reuse across generations, layered additions, background compiles."""

from __future__ import annotations

import random
import threading
from collections import OrderedDict

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import term_compile, terms
from redacted_context_mcp.redaction.placeholders import fold
from redacted_context_mcp.redaction.terms import TermEntry, TermMatcher
from tests.invariants import invariant


def _entries(words):
    return [TermEntry(w, "CLIENT", "term-client") for w in words]


def _words(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = set()
    while len(out) < n:
        out.add(" ".join("".join(rng.choice("abcdef") for _ in range(rng.randint(2, 4)))
                         for _ in range(rng.randint(1, 3))))
    return sorted(out)


def _text(words: list[str], seed: int) -> str:
    rng = random.Random(seed)
    seps = [" ", "  ", "-", "_", ".", ", ", "\n", "x", "é", ""]
    return "".join(rng.choice(words).replace(" ", rng.choice([" ", "-", "_"])) + rng.choice(seps)
                   for _ in range(400))


def _spans(m: TermMatcher, text: str):
    return [(h[0], h[1], h[4]) for h in m.find(fold(text))]


@pytest.fixture
def small_sync(monkeypatch):
    monkeypatch.setattr(terms, "SYNC_KEYS", 20)
    monkeypatch.setattr(term_compile, "_COMPILED", OrderedDict())


@invariant("POLICY-5")
def test_a_small_addition_to_a_compiled_list_is_served_at_once_with_the_same_matches(small_sync):
    base = _words(60, 1)
    full = base + [w + " zz" for w in _words(15, 2)] + ["ab", "fa"]
    TermMatcher(_entries(base), background=False)  # compiled once, kept for reuse
    layered = TermMatcher(_entries(full))
    assert layered.state in ("layered", "ready") and layered.wait(0)
    single = TermMatcher(_entries(full), background=False)
    for seed in range(20):
        text = _text(full, seed)
        assert _spans(layered, text) == _spans(single, text)


def test_a_list_seen_before_is_reused_without_compiling_again(small_sync):
    words = _words(60, 3)
    first = TermMatcher(_entries(words), background=False)
    again = TermMatcher([TermEntry(w, "ORG", "term-organization") for w in words])
    assert again.state == "ready" and again.wait(0)
    assert again.regex is first.regex
    assert {h[2] for h in again.find(fold(words[0]))} == {"ORG"}


@invariant("POLICY-5")
def test_a_large_new_list_compiles_in_the_background_and_find_waits_for_every_term(small_sync, monkeypatch):
    gate = threading.Event()
    real = terms.Compiled

    def slow(keys):
        gate.wait(10)
        return real(keys)

    monkeypatch.setattr(terms, "Compiled", slow)
    words = _words(60, 4)
    m = TermMatcher(_entries(words))
    assert m.state == "loading" and not m.wait(0.05)
    got: list = []
    t = threading.Thread(target=lambda: got.append(_spans(m, words[5])))
    t.start()
    t.join(0.2)
    assert t.is_alive() and not got  # never answers without the terms
    gate.set()
    t.join(10)
    assert m.state == "ready" and got and got[0][0][2] == words[5]


@invariant("POLICY-5")
def test_removing_a_term_from_a_large_list_is_never_served_by_the_old_list(small_sync):
    words = _words(60, 5)
    TermMatcher(_entries(words), background=False)
    fewer = TermMatcher(_entries(words[1:]))
    assert fewer.state != "layered"
    assert fewer.wait(10)
    assert not [s for s in _spans(fewer, words[0]) if s[2] == words[0]]


def test_a_list_the_regex_engine_refuses_fails_closed_with_the_fixed_message(small_sync, monkeypatch):
    def broken(keys):
        raise RecursionError

    monkeypatch.setattr(terms, "Compiled", broken)
    m = TermMatcher(_entries(_words(60, 6)))
    assert m.wait(10) and m.state == "failed"
    with pytest.raises(RedctxError) as exc:
        m.find("abc")
    assert exc.value.code is Code.POLICY_LOADING


def test_a_large_list_matches_the_same_before_and_after_its_title_form_arrives_in_the_background(small_sync,
                                                                                                 monkeypatch):
    import time

    monkeypatch.setattr(term_compile, "TITLE_SYNC_KEYS", 10)
    words = _words(60, 7)
    m = TermMatcher(_entries(words), background=False)
    texts = [fold(_text(words, seed).replace("é", ";")) for seed in range(5)]  # ASCII: the title form serves
    before = [m.find(t) for t in texts]
    deadline = time.monotonic() + 30
    while m._impl.title is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert m._impl.title is not None
    assert [m.find(t) for t in texts] == before and any(before)
