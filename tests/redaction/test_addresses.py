"""Postal addresses without a label (redaction/addresses.py): hits and near misses in both modes."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import addresses, identifiers
from redacted_context_mcp.redaction.terms import ascii_classes
from redacted_context_mcp.redaction.textview import letter_words

MODES = ("strict", "balanced")

#: (text, the raw parts that must go)
HITS = [
    ("Bitte an Musterstraße 12, 80331 München schicken.", ("Musterstraße 12", "80331")),
    ("Die Wohnung liegt in der Bahnhofstrasse 41, 8001 Zürich, bitte klingeln.", ("Bahnhofstrasse 41", "8001")),
    ("Envoyer au 12 rue de la Paix, 75008 Paris.", ("12 rue de la Paix", "75008")),
    ("Il nuovo ufficio della società è in Via dei Mille 24, 00185 Roma", ("Via dei Mille 24", "00185")),
    ("Calle de Alcalá 48, 28014 Madrid", ("Alcalá 48", "28014")),
    ("Het kantoor is verhuisd naar Lange Voorhout 8\n2514 ED Den Haag", ("2514 ED",)),
    ("send it to 221B Baker Street, London NW1 6XE", ("221B Baker Street", "NW1 6XE")),
    ("She lives at 742 Evergreen Terrace, Springfield, OR 97403-2271.", ("742 Evergreen Terrace", "97403-2271")),
    ("Rechnungsanschrift\nHeidestraße 17\n51147 Köln", ("Heidestraße 17", "51147")),
    ("ADR;TYPE=home:;;Kaiserstraße 14;Wien;;1070;Austria", ("Kaiserstraße 14", "1070")),
]

#: Streets without a house number, counted nouns, field nouns: unchanged in both modes.
NEAR = [
    "Turn left onto Main Street and take the second exit.",
    "We reached them via Slack 2 days ago.",
    "Route 66 and Highway 1 are famous roads.",
    "In 2024 the Oxford Street store closed.",
    "We moved 12 servers to Frankfurt on the main road.",
    "2 weeks after the road closure",
    "Abfahrt 14:05 ab Gleis 4, Ankunft 16:10.",
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text,raw", HITS, ids=[t[:24] for t, _ in HITS])
def test_a_street_with_its_house_number_and_postcode_is_redacted_without_a_label(mode, text, raw):
    out = make(mode).redact(text).text
    assert not [r for r in raw if r in out], out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", NEAR, ids=[t[:24] for t in NEAR])
def test_streets_without_a_number_and_counted_nouns_stay_readable(mode, text):
    assert make(mode).redact(text).text == text


def test_the_town_after_a_continental_postcode_stays_readable():
    out = make("balanced").redact("Lieferung an Lindwurmstraße 88, 80337 München bis Freitag.").text
    assert "München" in out and "Lindwurmstraße" not in out and "80337" not in out


def test_workplaces_and_parking_spaces_are_no_streets():
    text = "Arbeitsplatz 3 ist frei, Parkplatz 12 auch, schöne Grüße."
    low = text.lower()
    assert addresses.find_addresses(text, low, letter_words(low), ascii_classes(text)) == []


def test_an_english_text_without_a_street_word_finds_no_address():
    # the gates are set lookups: no type word and no German/Dutch word, so nothing is scanned
    text = "Avery Lane joined 3 Acme teams on 2024-03-14."
    low = text.lower()
    assert addresses.find_addresses(text, low, letter_words(low), ascii_classes(text)) == []


def test_redctx_rules_lists_the_address_rules():
    listed = {row[0] for row in identifiers.PATTERN_RULES}
    assert {"street-address", "postcode-uk", "postcode-nl", "vcard-adr"} <= listed
