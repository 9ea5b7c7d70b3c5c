"""Machine-readable zones of passports and identity cards (ICAO 9303): names, document numbers, birth dates.

A zone is two or three consecutive lines of ``A-Z 0-9 <`` (TD3 passports: 2 x 44, TD2: 2 x 36, TD1
identity cards: 3 x 30). It is read only when its numbers line has the fixed ICAO shape and the
document number's or the birth date's check digit (weights 7, 3, 1) holds (one is enough, so a copy
with one misread character is still read); a line of capitals and ``<`` that merely looks like one
stays. Each name part is a PERSON with its value title-cased (``WHITFIELD`` shares the placeholder of
``Whitfield`` elsewhere), the document number a PASSPORT, the birth date a DOB and a filled optional
field a NATIONAL_ID.

Imports: redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit

#: A zone line, whole lines only (``\r`` tolerated before the line break). The line holding the numbers
#: must have its ICAO length (the check digits sit at fixed places); a name line copied by hand or by OCR
#: may have gained or lost a filler ``<``.
_LINE = re.compile(r"^[A-Z0-9<]{28,46}\r?$", re.M)
#: The numbers line's fixed shape: TD3/TD2 line 2 (document number, check, nationality, birth date, check,
#: sex, expiry, check) and TD1 line 2 (birth date, check, sex, expiry, check, nationality).
_NUMBERS_2 = re.compile(r"[A-Z0-9<]{9}[0-9<][A-Z<]{3}[0-9]{6}[0-9][MFX<][0-9]{6}[0-9]")
_NUMBERS_TD1 = re.compile(r"[0-9]{6}[0-9][MFX<][0-9]{6}[0-9][A-Z<]{3}")
_NAME = re.compile(r"[A-Z]+")
_VALUES = {c: i for i, c in enumerate("0123456789")} | {c: 10 + i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ")}


def _check(field: str, digit: str) -> bool:
    """ICAO 9303 check digit: weights 7, 3, 1 over the field (``<`` counts 0)."""
    if not digit.isdigit():
        return False
    total = sum(_VALUES.get(c, 0) * (7, 3, 1)[i % 3] for i, c in enumerate(field))
    return total % 10 == int(digit)


def _names(text: str, start: int, field: str, hits: list[Hit]) -> None:
    for m in _NAME.finditer(field):
        # the value as a name is written elsewhere (an all-capital word would be read as an acronym)
        hits.append(Hit(start + m.start(), start + m.end(), "PERSON", "mrz-name", m.group().title()))


def _field(text_start: int, s: int, e: int, value: str, category: str, hits: list[Hit]) -> None:
    if value.strip("<"):
        hits.append(Hit(text_start + s, text_start + e, category, "mrz-" + category.lower().replace("_", "-")))


def find_mrz(text: str) -> list[Hit]:
    """Every validated machine-readable zone's names, document number, birth date and optional number."""
    hits: list[Hit] = []
    if "<<" not in text:
        return hits
    lines = [(m.start(), m.group().rstrip("\r")) for m in _LINE.finditer(text) if "<" in m.group()]
    i = 0
    while i + 1 < len(lines):
        (s1, l1), (s2, l2) = lines[i], lines[i + 1]
        n = len(l2)
        if text[s1 + len(l1):s2].strip("\r") != "\n":
            i += 1
            continue
        if n in (44, 36):  # TD3 / TD2: names on line 1, numbers on line 2
            if (l1[0] in "PIACV" and "<<" in l1 and _NUMBERS_2.match(l2)
                    and (_check(l2[0:9], l2[9]) or _check(l2[13:19], l2[19]))):
                _names(text, s1 + 5, l1[5:], hits)
                _field(s2, 0, 9, l2[0:9], "PASSPORT", hits)
                _field(s2, 13, 19, l2[13:19], "DOB", hits)
                if n == 44:
                    _field(s2, 28, 42, l2[28:42], "NATIONAL_ID", hits)
                i += 2
                continue
        elif n == 30 and len(l1) == 30 and i + 2 < len(lines):  # TD1: numbers on lines 1 and 2, names on 3
            s3, l3 = lines[i + 2]
            if (text[s2 + 30:s3].strip("\r") == "\n" and l1[0] in "IACV"
                    and _NUMBERS_TD1.match(l2) and (_check(l1[5:14], l1[14]) or _check(l2[0:6], l2[6]))
                    and "<<" in l3):
                _field(s1, 5, 14, l1[5:14], "PASSPORT", hits)
                _field(s1, 15, 30, l1[15:30], "NATIONAL_ID", hits)
                _field(s2, 0, 6, l2[0:6], "DOB", hits)
                _names(text, s3, l3, hits)
                i += 3
                continue
        i += 1
    return hits


#: Rule listing for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("mrz-name", "PERSON", "default", "names in passport and identity-card machine-readable zones (check digits hold)"),
    ("mrz-passport", "PASSPORT", "default", "document numbers in machine-readable zones"),
    ("mrz-dob", "DOB", "default", "birth dates in machine-readable zones"),
    ("mrz-national-id", "NATIONAL_ID", "default", "filled optional (personal number) fields in machine-readable zones"),
)
