"""Machine-readable zones of passports and identity cards: names and numbers hidden, look-alikes kept."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction.mrz import _check, find_mrz

# ICAO 9303's own specimens (fictional state UTO), and a zone copied with CRLF line ends.
TD3 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10\n"
TD1 = "I<UTOD231458907<<<<<<<<<<<<<<<\r\n7408122F1204159UTO<<<<<<<<<<<6\r\nERIKSSON<<ANNA<MARIA<<<<<<<<<<\r\n"
TD2 = "I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<\nD231458907UTO7408122F1204159<<<<<<<6\n"


def test_the_check_digit_is_icao_weights_seven_three_one():
    assert _check("L898902C3", "6") and _check("740812", "2") and not _check("740812", "3")


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("zone,raw", [
    (TD3, ["ERIKSSON", "ANNA", "MARIA", "L898902C3", "740812", "ZE184226B"]),
    (TD1, ["ERIKSSON", "ANNA", "MARIA", "D23145890", "740812"]),
    (TD2, ["ERIKSSON", "ANNA", "MARIA", "D23145890", "740812"]),
    ("Scan:\n" + TD3.replace("<<<<<10", "<<<<<1O"), ["ERIKSSON", "L898902C3"]),  # one misread character
])
def test_every_name_and_number_of_a_zone_is_hidden(mode, zone, raw):
    out = make(mode).redact(zone).text
    assert not [v for v in raw if v in out], out
    assert "<<" in out  # the zone's layout stays readable


def test_a_name_in_a_zone_shares_the_placeholder_of_the_name_written_in_prose():
    red = make("balanced")
    prose = red.redact("Reviewer: Eriksson").text.split(": ")[1]
    assert prose in red.redact(TD3).text


def test_categories_of_a_passport_zone():
    rules = {h.rule: h.category for h in find_mrz(TD3)}
    assert rules == {"mrz-name": "PERSON", "mrz-passport": "PASSPORT", "mrz-dob": "DOB",
                     "mrz-national-id": "NATIONAL_ID"}


@pytest.mark.parametrize("text", [
    "<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<\n",
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nTHIS<IS<NOT<A<NUMBERS<LINE<AT<ALL<<<<<<<<<<<\n",
    "x << y and a << b; std::cout << value << std::endl;\n",
    # the numbers line's shape without one valid check digit
    "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C37UTO7408121F1204159ZE184226B<<<<<10\n",
])
def test_look_alikes_are_no_zone(text):
    assert find_mrz(text) == []
