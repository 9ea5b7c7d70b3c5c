"""Configured terms: case, separators, longest match, word boundaries (incl. the Unicode rules)."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction.terms import TermEntry, TermMatcher, fold


@pytest.mark.parametrize(
    "text",
    [
        "Acme Corp", "ACME CORP", "acme_corp", "acme-corp", "Acme\tCorp", "acme  corp", "Acme\nCorp", "(acme corp)",
        "Acme\u2013Corp", "Acme\u2014Corp", "Acme\u00a0Corp", "Acme\u2011Corp", "acme._corp",
    ],
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


@pytest.mark.parametrize("term,text,hit", [
    (".net", "the .NET runtime", True),
    (".net", "net income", False),  # a dot at the edge of a term stays literal
    ("Acme Inc.", "Acme Inc. signed", True),
    ("a.b", "a b and a-b", True),
])
def test_a_dot_separates_words_only_between_word_characters(term, text, hit):
    """(``acme.corp`` itself is claimed earlier as a domain; the dot rule matters for names.)"""
    out = make("balanced", terms=(term,)).redact(text)
    assert bool(out.counts.get("SENSITIVE")) is hit, out.text


def test_each_part_of_a_configured_person_is_redacted_on_its_own_with_an_unlinked_placeholder():
    red = make("balanced", people=("Avery Quinn",))
    full = red.redact("Avery Quinn").text
    out = red.redact("Quinn said hi to avery.").text
    assert "Quinn" not in out and "avery" not in out and out.count("[PERSON_") == 2
    assert full not in out  # a part gets its own placeholder: no link to the full name is disclosed


def test_common_word_parts_of_a_person_stay_readable_and_alias_groups_keep_their_forms():
    from redacted_context_mcp.config import AliasGroup

    red = make("balanced", people=("Will Turner", "Avery Quinn"),
               aliases=(AliasGroup("Avery Quinn", "PERSON", ("Avery",)),))
    assert red.redact("we will see").text == "we will see"
    assert "Turner" not in red.redact("ask turner").text
    alias = red.redact("Avery").text
    assert "." in alias and alias.startswith("[PERSON_")  # the declared alias form, not a bare part


def test_a_dotted_username_form_of_a_configured_person_is_the_person():
    red = make("balanced", people=("Avery Quinn",))
    assert red.redact("ping avery.quinn today").text == f"ping {red.redact('Avery Quinn').text} today"
