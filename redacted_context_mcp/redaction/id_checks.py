"""Check digits of more countries' identifiers for the labelled rows of ``id_rows`` (pure functions).

Australian Medicare (weights 1-3-7-9, mod 10), Israeli Teudat Zehut (Luhn over nine digits),
South African identity numbers (birth date and Luhn), Singapore NRIC/FIN (weights 2-7-6-5-4-3-2 and
the letter table of its series), US National Provider Identifiers (Luhn behind the prefix 80840) and
BIC/SWIFT codes (an ISO country code in place, not a word).
Every function takes the value as ``personal_ids`` hands it over: lower case, separators included.

Imports: redaction.validators, redaction.wordlists.
"""

from __future__ import annotations

from redacted_context_mcp.redaction.validators import digits_of, luhn_ok
from redacted_context_mcp.redaction.wordlists import Lexicon


def medicare_ok(value: str) -> bool:
    """An Australian Medicare card number: 10 digits (an 11th, the holder's position, may follow), the
    first 2-6, the ninth the weighted sum of the first eight mod 10."""
    d = digits_of(value)
    if len(d) not in (10, 11) or d[0] not in "23456":
        return False
    return sum(int(c) * w for c, w in zip(d, (1, 3, 7, 9, 1, 3, 7, 9))) % 10 == int(d[8])


def npi_ok(value: str) -> bool:
    """A US National Provider Identifier: 10 digits starting 1 or 2, Luhn over ``80840`` and the digits."""
    d = digits_of(value)
    return len(d) == 10 and d[0] in "12" and luhn_ok("80840" + d)


def il_id_ok(value: str) -> bool:
    """An Israeli identity number: up to nine digits, left-padded with zeros, Luhn-valid, not all zeros."""
    d = digits_of(value)
    return 5 <= len(d) <= 9 and d.strip("0") != "" and luhn_ok(d.zfill(9))


def za_id_ok(value: str) -> bool:
    """A South African identity number: 13 digits YYMMDD SSSS C A Z, a real month and day, citizenship
    0 or 1, Luhn-valid."""
    d = digits_of(value)
    if len(d) != 13 or d[10] not in "01":
        return False
    month, day = int(d[2:4]), int(d[4:6])
    return 1 <= month <= 12 and 1 <= day <= 31 and luhn_ok(d)


_NRIC_WEIGHTS = (2, 7, 6, 5, 4, 3, 2)
_NRIC_LETTERS = {"s": "JZIHGFEDCBA", "t": "JZIHGFEDCBA", "f": "XWUTRQPNMLK", "g": "XWUTRQPNMLK",
                 "m": "KLJNPQRTUWX"}
_NRIC_OFFSET = {"s": 0, "t": 4, "f": 0, "g": 4, "m": 3}


def nric_ok(value: str) -> bool:
    """A Singapore NRIC/FIN: series letter, seven digits, the check letter of its series."""
    v = value.lower()
    if len(v) != 9 or v[0] not in _NRIC_LETTERS or not v[1:8].isdigit():
        return False
    total = sum(int(c) * w for c, w in zip(v[1:8], _NRIC_WEIGHTS)) + _NRIC_OFFSET[v[0]]
    return _NRIC_LETTERS[v[0]][total % 11] == v[8].upper()


#: ISO 3166 alpha-2 codes of the countries whose banks appear in SWIFT codes most (plus the rest of Europe).
_BIC_COUNTRIES = frozenset(
    "ad ae al at au az ba be bg bh br by ca ch cl cn co cr cy cz de dk do ee eg es fi fo fr gb ge gi gl gr gt hk "
    "hr hu id ie il in iq ir is it jo jp ke kr kw kz lb li lt lu lv ma mc md me mk mt mu mx my ng nl no nz pk pl "
    "ps pt qa ro rs ru sa sc se sg si sk sm th tn tr tw ua us va vg vn xk za".split())
_WORDS = Lexicon()


def bic_ok(value: str) -> bool:
    """A BIC/SWIFT code: 8 or 11 characters, letters for the bank and an ISO country code, and not a word
    of the language (``swift code: required`` is no code)."""
    v = value.lower()
    return (len(v) in (8, 11) and v[:6].isalpha() and v[4:6] in _BIC_COUNTRIES
            and not (v.isalpha() and _WORDS.is_generic(v)))
