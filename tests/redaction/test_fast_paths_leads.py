"""Rows whose regex starts under IGNORECASE are tried only where their leading strings occur (round 15, speed).

``secret_leads.leads`` reads from a row's parsed pattern the strings (two to four characters) every match
starts with, for a pattern whose first item is read under IGNORECASE (``(?i:password|passwd)...``: ``re``
tries such a pattern at every position of the text); in an ASCII text ``secret_leads.at_leads`` finds them in
the lower-cased text and matches only there. These tests check, on generated texts built from each row's own
lead strings and the characters its values use, that ``at_leads`` yields exactly ``finditer``'s matches
(spans and groups), also past the tries after which the rest goes to ``finditer``; and that the derivation
is a necessary condition on hand-written patterns (alternations, optional parts, classes, lookbehinds).
Also: ``RunHits`` learns a fresh process's new letter runs from one scan of them joined by line breaks,
the same keywords per run as one scan per run. And: a pattern that starts with a lookbehind is tried by
``re`` at every position; ``keep._SRI`` and ``secret_spoken._FIGURES`` now start with their literal or class
and test the boundary after it (``sha(?<![A-Za-z0-9_]sha)``), the same matches (checked against the old
forms on generated texts, with and without ``pos``/``endpos``).
"""

from __future__ import annotations

import random
import re

import pytest

from redacted_context_mcp.redaction import secret_rules
from redacted_context_mcp.redaction.secret_leads import _MAX_TRIES, at_leads, leads

LED = [r for r in secret_rules.SECRET_RULES if leads(r.regex) is not None]
FILLER = (" ", "  ", "\t", "\n", "=", ":", "\"", "'", "_", "-", ".", "/", "x", "abcd", "ABCD", "Ab3k", "a1b2",
          "1234", "key", "token", "secret", "is", "was", "abcd efgh ijkl mnop", "AbCd EfGh IjKl MnOp QrSt UvWx")


def _text(rng: random.Random, found: tuple[str, ...], n: int) -> str:
    pieces = []
    for _ in range(n):
        if rng.random() < 0.3:
            lead = rng.choice(found)
            pieces.append("".join(c.upper() if rng.random() < 0.5 else c for c in lead))
            pieces.append(rng.choice(("word", "_key", "_token", "_secret", "password", "")))
        else:
            pieces.append(rng.choice(FILLER))
    return "".join(pieces)


def test_the_rows_that_start_under_ignorecase_have_leads():
    ids = {r.id for r in LED}
    assert {"google-app-password", "wordpress-app-password"} <= ids


@pytest.mark.parametrize("rule", LED, ids=[r.id for r in LED])
def test_at_leads_yields_what_finditer_yields(rule):
    found = leads(rule.regex)
    rng = random.Random(rule.id)
    for n in (5, 40, 400):
        for _ in range(12):
            text = _text(rng, found, n)
            low = text.lower()
            src = low if rule.on_lower else text
            want = [(m.span(), m.groups()) for m in rule.regex.finditer(src)]
            got = [(m.span(), m.groups()) for m in at_leads(rule.regex, src, low, found)]
            assert got == want


@pytest.mark.parametrize(("pattern", "expected"), [
    (r"(?i:password|passwd)[:=]\w+", ("pass",)),
    (r"(?i:pw|kennwort)d?[:=]", ("kenn", "pw")),
    (r"(?i)(?<![a-z])(?:api|app)[_-]?key", ("api", "app")),
    (r"(?i:ab)(?:c|d)e", ("abce", "abde")),
    (r"(?i:x)[0-9]", None),  # ten second characters: no small set
    (r"(?i:a)?bc", None),  # the optional lead may be absent, and one character is no lead
    (r"password[:=]", None),  # not IGNORECASE-led: ``re`` already skips to its literal
    (r"(?i:[a-z]{4})", None),
])
def test_leads_of_hand_written_patterns(pattern, expected):
    assert leads(re.compile(pattern)) == expected


def test_the_rest_goes_to_finditer_after_many_tries():
    rx = re.compile(r"(?i:pass)(?:word)?=(?P<v>[a-z]{3})")
    found = leads(rx)
    text = "Pass " * (_MAX_TRIES * 2) + "PASSWORD=abc pass=xyz passes PaSs=qq pass=abcd"
    want = [m.span() for m in rx.finditer(text)]
    assert want and [m.span() for m in at_leads(rx, text, text.lower(), found)] == want
    assert [m.span() for m in at_leads(rx, text[-60:], text[-60:].lower(), found)] == [
        m.span() for m in rx.finditer(text[-60:])]


def test_run_hits_learns_a_batch_of_runs_as_it_scans_each():
    rh = secret_rules.PREFILTER.run_hits
    rng = random.Random(5)
    kws = sorted(rh.keywords)
    runs = ["".join(rng.choice((rng.choice(kws), "x", "qz", "e", "pass", "word")) for _ in range(rng.randint(1, 5)))
            for _ in range(400)] + ["", "a", "keyword" * 20]
    assert rh._scan_all(runs) == [rh._scan(r) for r in runs]


# -- a leading lookbehind moved after the first literal or class --------------------------------------

def _sri_pair():
    from redacted_context_mcp.redaction import keep

    return keep._SRI, re.compile(r"(?<![A-Za-z0-9_])sha(?:256-[A-Za-z0-9+/]{43}=|384-[A-Za-z0-9+/]{64}|"
                                 r"512-[A-Za-z0-9+/]{86}==)(?![A-Za-z0-9+/=])")


def _figures_pair():
    from redacted_context_mcp.redaction import secret_spoken

    return secret_spoken._FIGURES, re.compile(r"(?<![\w.,:/#-])\d(?:" + secret_spoken._FIGSEP
                                              + r"\d(?!\d|[.:/]\d)){3,15}(?![\w:/]|[.,-]\d)")


@pytest.mark.parametrize(("pair", "pieces"), [
    (_sri_pair, ("sha", "sha256-", "sha384-", "sha512-", "A" * 43 + "=", "B" * 64, "c" * 86 + "==", "x", "_", " ",
                 "+", "/", "=", "9", "Ab")),
    (_figures_pair, ("1", "2", "3", " ", "  ", ",", "-", "–", ".", ":", "/", "#", "a", "\t", "\n", "٣", "12")),
])
def test_a_lookbehind_after_the_first_character_matches_as_before(pair, pieces):
    new, old = pair()
    rng = random.Random(new.pattern)
    for _ in range(400):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 60)))
        s = rng.randint(0, len(text))
        for args in ((text,), (text, s), (text, s, rng.randint(s, len(text)))):
            assert [m.span() for m in new.finditer(*args)] == [m.span() for m in old.finditer(*args)]
