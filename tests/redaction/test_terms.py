"""Configured terms: case, separators, longest match, word boundaries (incl. the Unicode rules)."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction.terms import TermEntry, TermMatcher, fold


@pytest.mark.parametrize(
    "text",
    ["Acme Corp", "ACME CORP", "acme_corp", "acme-corp", "Acme\tCorp", "acme  corp", "Acme\nCorp", "(acme corp)"],
)
def test_a_term_matches_case_insensitively_with_interchangeable_separators(text):
    out = make("balanced", clients=("Acme Corp",)).redact(text)
    assert out.counts == {"CLIENT": 1} and "cme" not in out.text.lower()


def test_all_spellings_of_one_term_share_the_configured_values_placeholder():
    red = make("balanced", clients=("Acme Corp",))
    forms = {red.redact(t).text for t in ("Acme Corp", "acme_corp", "ACME-CORP")}
    assert len(forms) == 1


@pytest.mark.parametrize(
    "text,hit",
    [
        ("Ali went", True),
        ("Alison went", False),  # ASCII letter continues the word
        ("xAli", False),
        ("Ali2", False),
        ("Ali_x", True),  # _ is a separator, not a letter
        ("éAli", True),  # a non-ASCII letter is a boundary
        ("Aliİ", False),  # ... except the four letters that fold to ASCII
        ("Aliſ", False),
        ("AliK", False),
    ],
)
def test_term_boundaries_follow_the_ascii_letter_and_digit_rule(text, hit):
    out = make("balanced", people=("Ali",)).redact(text)
    assert (out.counts.get("PERSON", 0) >= 1) is hit, out.text


def test_non_latin_terms_match_inside_longer_non_latin_words():
    out = make("balanced", people=("李明",)).redact("李明华 and Ádám inside éÁdám")
    assert "李明" not in out.text


def test_longest_configured_term_wins():
    red = make("balanced", people=("Avery",), terms=("Avery Example Foundation",))
    out = red.redact("the Avery Example Foundation grant")
    assert out.counts == {"SENSITIVE": 1}


def test_configured_terms_win_over_heuristics_and_the_allow_list():
    red = make("strict", organizations=("Example",), allow=("Example",))
    assert red.redact("An Example here").counts == {"ORG": 1}


def test_first_configured_list_wins_for_a_duplicate_term():
    red = make("balanced", clients=("Nightjar",), terms=("nightjar",))
    assert red.redact("Nightjar").counts == {"CLIENT": 1}


def test_root_aliases_and_env_and_file_terms_are_sensitive():
    red = make("balanced", root_aliases=("lantern",), env_terms=("copperleaf",), file_terms=("saffron ledger",))
    out = red.redact("lantern, Copperleaf and Saffron-Ledger")
    assert out.counts == {"SENSITIVE": 3}


def test_fold_keeps_the_text_length_so_offsets_line_up():
    text = "İstanbul ſ K ß Σ"
    assert len(fold(text)) == len(text)


def test_a_large_term_list_compiles_and_matches():
    terms = [f"Term{i:04d} Word{i % 7}" for i in range(3000)]
    matcher = TermMatcher([TermEntry(t, "SENSITIVE", "term") for t in terms])
    hits = matcher.find(fold("x term2999 word3 and TERM0001-word1 y"))
    assert [h.value for h in hits] == ["Term2999 Word3", "Term0001 Word1"]
