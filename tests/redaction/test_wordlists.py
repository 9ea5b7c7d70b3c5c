"""The built-in lexicon: adverbs and date-format fields are words, names stay names (round 10, lead).

Strict mode redacts capitalised words it does not know; a sentence that opens with an adverb
(``Syntactically incorrect input...``) or a date format written in capitals (``YYYY-MM-DD``) must stay
readable, while names, including those ending in ``-ly``, are still caught.
"""

from __future__ import annotations

import pytest
from redaction_helpers import redact_text

from redacted_context_mcp.redaction.wordlists import Lexicon

READABLE = [
    "Syntactically incorrect input is rejected.",
    "Unsurprisingly, the tests failed.",
    "Alphabetically sorted list of keys.",
    "Historically, the cache was unbounded.",
    "The format is YYYY-MM-DD hh:mm:ss",
    "Dates are written DD/MM/YYYY in the export",
    "Use MM/DD/YY for the US locale",
]


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", READABLE)
def test_sentences_opening_with_an_adverb_and_date_formats_stay_readable(mode, text):
    assert redact_text(mode, text) == text


@pytest.mark.parametrize("word", ["syntactically", "unsurprisingly", "repeatedly", "carelessly", "predictably"])
def test_long_adverbs_are_generic_words(word):
    assert Lexicon().is_generic(word)


@pytest.mark.parametrize("name", ["Kimberly", "Beverly", "Connolly", "Donnelly", "Emily"])
def test_names_ending_in_ly_are_not_taken_for_adverbs(name):
    assert not Lexicon().is_generic(name)


def test_a_name_ending_in_ly_is_still_redacted_in_strict_prose():
    out = redact_text("strict", "Met Kimberly Donnelly at the office.")
    assert "Kimberly" not in out and "Donnelly" not in out
