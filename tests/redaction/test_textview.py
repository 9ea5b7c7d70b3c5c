"""The shared letter-run view answers every a-z keyword test exactly like the folded text."""

from __future__ import annotations

import random

import pytest

from redacted_context_mcp.redaction import personal_ids, secret_rules
from redacted_context_mcp.redaction.secret_prefilter import Prefilter
from redacted_context_mcp.redaction.terms import fold
from redacted_context_mcp.redaction.textview import letter_words, parts

TEXTS = [
    "",
    "DB_PASSWORD=Password123 and mysqli_connect('h', 'u', 'pw')",
    "Date of birth: 1990-01-02, d.o.b. 02/01/1990; DOB=1990.01.02",
    "Passport No. X1234567 (passport_number) a/c 12345678 — née 1980",
    "Geburtsdatum: 1.2.1990 Straße naïve café ENV API_KEY value",
    "account\u00a0number 12-34-56\u2028routing\tnumber 021000021",
    "Kelvin \u212a sign: \u212aey=secret ſecret ıd card 123456",
    "x" * 50 + "password" + "y" * 50 + " token\nsecret;pass|pw=1",
]
KEYWORDS = sorted({k for r in secret_rules.SECRET_RULES for k in r.keywords}
                  | {"password", "seed", "phrase", "tel", "phone", "ssh", "create", "insert", "table"})


def _random_texts(n: int) -> list[str]:
    rng = random.Random(7)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ _-./:=\n\t0123456789éİß\u00a0"
    words = ["pass", "password", "key", "token", "dob", "date", "of", "birth", "account", "no", "mysqli"]
    out = []
    for _ in range(n):
        bits = [rng.choice(words) if rng.random() < 0.3 else rng.choice(alphabet) for _ in range(rng.randint(0, 80))]
        out.append("".join(bits))
    return out


@pytest.mark.parametrize("text", TEXTS + _random_texts(200))
def test_a_keyword_is_in_the_letter_run_view_exactly_when_its_runs_and_it_are_in_the_folded_text(text):
    low = fold(text)
    joined = letter_words(low).joined
    for k in KEYWORDS:
        kp = parts(k)
        via_view = all(p in joined for p in kp) and (kp == (k,) or k in low)
        assert via_view == (k in low), k


@pytest.mark.parametrize("text", TEXTS + _random_texts(200))
def test_the_label_scan_restricted_to_present_labels_finds_what_the_full_scan_finds(text):
    low = fold(text)
    assert personal_ids.find_labelled(text, low, letter_words(low)) == personal_ids.find_labelled(text, low)


def test_a_text_with_more_candidate_labels_than_the_subset_bound_uses_the_full_scan():
    text = " ".join(sorted({lb for lb in personal_ids._BY_LABEL if lb.isascii()})) + " 12345678"
    low = fold(text)
    assert personal_ids.find_labelled(text, low, letter_words(low)) == personal_ids.find_labelled(text, low)


@pytest.mark.parametrize("text", TEXTS + _random_texts(100))
def test_the_prefilter_selects_the_same_rules_with_and_without_the_shared_view(text):
    low = fold(text)
    pre = secret_rules.PREFILTER
    fresh = Prefilter(secret_rules.SECRET_RULES)  # no cached word plans
    assert pre.selected(text, low, letter_words(low)) == fresh.selected(text, low)


_EXAMPLES = [(r.id, text) for r in secret_rules.SECRET_RULES for text, _ in r.examples]


@pytest.mark.parametrize("rule_id,text", _EXAMPLES, ids=[f"{r}-{i}" for i, (r, _) in enumerate(_EXAMPLES)])
def test_a_rule_whose_regex_matches_is_selected_through_the_shared_view(rule_id, text):
    rule = secret_rules.RULES_BY_ID[rule_id]
    for filler in ("", "notes about the deploy: see ticket. " * 20):
        t, lo = filler + text + "\n" + filler, fold(filler + text + "\n" + filler)
        if rule.regex.search(lo if rule.on_lower else t) is None:
            continue
        assert rule in secret_rules.PREFILTER.selected(t, lo, letter_words(lo))


@pytest.mark.parametrize("text", [t.encode("ascii", "ignore").decode() for t in TEXTS + _random_texts(100)])
def test_the_view_of_an_ascii_text_is_the_same_through_bytes_as_through_characters(text):
    from redacted_context_mcp.redaction.textview import _NON_LETTER
    low = fold(text)
    seq = low.translate(_NON_LETTER).split()
    assert letter_words(low) == (set(seq), " " + " ".join(set(seq)) + " ", seq)
