"""The secret stage's cheap gates answer like the plain formulation: a memchr before a scan skips only
texts where the scan finds nothing, and a prefilter decision built from the table's fixed facts equals
the one derived from scratch."""

from __future__ import annotations

import random

import pytest

from redacted_context_mcp.redaction import secret_cli, secret_dumps, secret_forms, secret_rules, secret_shape
from redacted_context_mcp.redaction.terms import fold
from redacted_context_mcp.redaction.textview import letter_words, parts

#: (scan, the character every one of its matches starts with) of the scans a memchr now precedes
_LEAD_GATED = (
    (secret_dumps._SPACED_SLASH, "/"),
    (secret_cli._FLAG, "-"),
    (secret_cli._SPACED_FLAG, "-"),
    (secret_forms._CONCAT_OPS[0], "+"),
    (secret_forms._CONCAT_OPS[1], "."),
)
_PIECES = ("a", "b", "p", "x", " ", "  ", "\t", "\n", "/", "-", "--", "+", ".", "'", '"', "=", ":", "1",
           "-p", " / ", ". '", '+ "', "variable", "é", "\u2010")


def _texts(seed: int, n: int = 30) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 60))) for _ in range(n)]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize(("scan", "lead"), _LEAD_GATED)
def test_every_match_of_a_memchr_gated_scan_starts_with_its_lead_character(scan, lead, seed):
    for text in _texts(seed):
        starts = [m.start() for m in scan.finditer(text)]
        assert all(text[s] == lead for s in starts)
        if lead not in text:
            assert not starts  # the gate skips only a scan that finds nothing


def _plain_decision_parts(pre, feats):
    """fails, the word plan's a-z words tested alone and by_word, derived as the decision did before."""
    chars, runs, hexes, gates = feats

    def ok(key):
        kind, arg = key
        if kind == "chars":
            return any(chars[pre._char_index[c]] for c in str(arg))
        if kind == "run":
            return runs > pre._run_index[int(arg)]
        if kind == "hex":
            return hexes > pre._hex_index[int(arg)]
        if kind == "gate":
            return gates[pre._gate_index[str(arg)]]
        return True

    passed = {k: ok(k) for k in pre._key_rules}
    fails = frozenset().union(*(rs for k, rs in pre._key_rules.items() if not passed[k]))
    pending = [i for keys, _, pl, _ in pre.groups if all(passed[k] for k in keys) for i in pl]
    needed = sorted({k for i in pending for k in pre.plain_words[i]})
    az = [k for k in needed if parts(k) == (k,) and len(k) > 1]
    by_word = {k: {i for i in pending if k in pre.plain_words[i]} for k in needed}
    multi = [(k, parts(k), parts(k) == (k.strip(" "),)) for k in needed if k not in az]
    return fails, az, multi, by_word


def _plain_live(pre, fails):
    """Per scan, the scanned strings one of whose rules can still pass."""
    out = []
    for view, _, _, closure in pre.scans:
        out.append(frozenset(s for s in closure
                             if not frozenset(pre.by_kw.get(s[::-1] if view == "rev" else s, ())) <= fails))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_a_decision_from_the_tables_fixed_facts_equals_the_one_derived_from_scratch(seed):
    pre = secret_rules.PREFILTER
    rng = random.Random(seed)
    for _ in range(40):
        feats = (tuple(rng.random() < 0.5 for _ in pre._gate_chars), rng.randint(0, len(pre._run_args)),
                 rng.randint(0, len(pre._hex_args)), tuple(rng.random() < 0.5 for _ in pre._gate_names))
        fails, free, plan, _, _, live = pre._decide(feats, anchors=False)  # (absent anchors: see test_fast_paths)
        p_fails, p_az, p_multi, p_by_word = _plain_decision_parts(pre, feats)
        assert fails == p_fails
        assert plan[0] == set(p_az)
        keyed, loose = plan[1]
        entries = [e for es in keyed.values() for e in es] + list(loose)
        assert sorted((k, runs + chars, a) for k, runs, chars, a in entries) == sorted(
            (k, tuple(p for p in kp if len(p) > 1) + tuple(p for p in kp if len(p) == 1), a) for k, kp, a in p_multi)
        assert all(es and all(e[1][0] == r for e in es) for r, es in keyed.items())
        assert all(not e[1] for e in loose)
        assert {k: set(v) for k, v in plan[2].items()} == p_by_word
        # every live scan holds exactly the strings the plain test keeps (a whole scan holds them all)
        plain = _plain_live(pre, fails)
        kept = [n for n, strings in enumerate(plain) if strings]
        assert len(live) == len(kept)
        for (view, anchor, _, closure, _, _), n in zip(live, kept):
            assert (view, anchor) == pre.scans[n][:2]
            found = set(closure) if "" not in closure else {s[::-1] if view == "rev" else s
                                                           for s in closure[""]}
            assert plain[n] <= found



_ARMOUR = ("-----BEGIN ", "-----END ", "PUBLIC KEY-----", "CERTIFICATE-----", "\n", " ", "begin", "BEGINx",
           "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY", "é", "ﬀ", "-", "x")


@pytest.mark.parametrize("seed", range(12))
def test_the_armour_test_from_the_word_set_judges_like_the_letter_run_view(seed):
    rng = random.Random(seed)
    for _ in range(20):
        text = "".join(rng.choice(_ARMOUR) for _ in range(rng.randint(0, 40)))
        low = fold(text)
        words = letter_words(low)
        plain = secret_shape._shape_hits(text, low, [])
        assert secret_shape._shape_hits(text, low, [], words.joined) == plain
        assert secret_shape._shape_hits(text, low, [], words.joined, words.set) == plain


_FORM_PIECES = ("Private-Lines:", "Private-Lines: 2\n", "private-lines", "XPrivate-Lines:", "Private-Linesx:",
                "AAAAB3NzaC1yc2EAAAADAQABAAABAQ", "\n", " ", "-", "lines", "$2b$12$", "$1$", "{SSHA}", "*",
                "0123456789ABCDEF0123456789ABCDEF01234567", "é", "ﬀ", "x")


@pytest.mark.parametrize("seed", range(12))
def test_forms_skipped_by_their_whole_words_in_the_word_set_are_forms_that_find_nothing(seed):
    rng = random.Random(seed)
    for _ in range(25):
        text = "".join(rng.choice(_FORM_PIECES) for _ in range(rng.randint(0, 30)))
        low = fold(text)
        words = letter_words(low)
        plain = secret_forms.find_forms(text, low)
        assert secret_forms.find_forms(text, low, words.joined, words.set) == plain
        for form in secret_forms.FORMS:  # every match frames each whole word in an ASCII text
            if low.isascii() and form.regex.search(text):
                assert words.set.issuperset(form.whole)
