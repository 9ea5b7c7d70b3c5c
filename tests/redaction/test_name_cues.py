"""Name cues in balanced mode (the weaker mode): titles, cue verbs, people-list labels, signatures."""

from __future__ import annotations

import pytest
from redaction_helpers import make


@pytest.mark.parametrize(
    "text,raw",
    [
        ("Discussed with Dr. Okafor yesterday.", "Okafor"),
        ("Ms Lee agreed.", "Lee"),
        ("Prof. Nakamura will review it.", "Nakamura"),
        ("Meeting w/ Chen re: budget", "Chen"),
        ("Ask Bob.", "Bob"),
        ("Contact Priya for access.", "Priya"),
        ("cc: john, mary", "john"),
        ("cc: john, mary", "mary"),
        ("Attendees: okonkwo, tanaka", "tanaka"),
        ("Best,\n--\nOlu", "Olu"),
    ],
)
def test_names_after_titles_cue_words_people_labels_and_signatures_are_redacted(text, raw):
    out = make("balanced").redact(text)
    assert raw not in out.text and out.counts.get("PERSON"), out.text


@pytest.mark.parametrize(
    "text",
    [
        "- name: checkout\n  host: db\n",  # config keys are not people lists
        "owner: infra\n",  # a generic word after a people label stays
        "cc: the whole team\n",
        "Contact support for access.",
        "Ask the team.",
        "Meeting w/ the vendor",
    ],
)
def test_generic_words_after_cues_stay_readable(text):
    assert make("balanced").redact(text).text == text
