"""Personal numbers and accounts without a label, in their printed form (round 12).

Swedish personnummer and Finnish HETU; New Zealand bank accounts (``38-9012-0473921-00``: bank, branch,
account and suffix, the one 2-4-7-2/3 hyphenated shape of that country); Mexican RFC (``PAOJ790923QX4``:
3-4 letters, the birth or founding date, a homoclave whose last character is the SAT mod-11 check).

A Swedish personnummer (``YYMMDD-NNNC`` or ``YYYYMMDD-NNNC``, ``+`` for the over-100s) holds a birth date
and a Luhn check digit over its ten digits; a Finnish HETU (``DDMMYY-NNNC``, century signs ``+ - A-F U-Y``)
holds a birth date and a check character (mod 31). Both are read without a label only in their printed form
(the separator in place, a valid date, the check right), so phone numbers, order ids (``ORD-260112-4411``),
ranges and ISO dates stay readable; bare ten-digit runs are read by the labelled rows only.

Imports: redaction.spans, redaction.validators.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.validators import luhn_ok

#: One pattern for both forms: a digit first (the scan starts at digits), then the look back off longer ids.
_SHAPE = re.compile(r"[0-9](?<![\w\-+./][0-9])[0-9]{5}(?:[0-9]{2})?[\-+A-FU-Y][0-9]{3}[0-9A-Y](?![\w\-]|[.,/:][0-9])")
_HETU_CHARS = "0123456789ABCDEFHJKLMNPRSTUVWXY"


def _date_ok(yymmdd: str, day_first: bool) -> bool:
    a, b, c = int(yymmdd[:2]), int(yymmdd[2:4]), int(yymmdd[4:])
    day = a if day_first else (c - 60 if c > 60 else c)  # a Swedish samordningsnummer adds 60 to the day
    return 1 <= b <= 12 and 1 <= day <= 31


def _hetu_ok(date: str, tail: str) -> bool:
    return _date_ok(date, True) and _HETU_CHARS[int(date + tail[:3]) % 31] == tail[3]


#: A New Zealand bank account: bank 01-38, 4-digit branch, 7-digit account, 2-3 digit suffix, hyphens in place.
_NZ_ACCOUNT = re.compile(r"[0-3](?<![\w\-.][0-3])[0-9]-[0-9]{4}-[0-9]{7}-[0-9]{2,3}(?![\w\-]|[.,/:][0-9])")


#: A Mexican RFC: 3 (company) or 4 (person) letters, yymmdd, two homoclave characters and the check character.
_RFC = re.compile(r"(?<![A-Za-z0-9&Ñ])[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{2}[0-9A](?![A-Za-z0-9])")
_RFC_CHARS = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ"


def rfc_ok(value: str) -> bool:
    """The date and the SAT check character of an RFC (12 or 13 characters)."""
    body = value if len(value) == 13 else " " + value
    if not _date_ok(body[4:10], False) or any(ch not in _RFC_CHARS for ch in body):
        return False
    r = sum(_RFC_CHARS.index(ch) * (13 - i) for i, ch in enumerate(body[:12])) % 11
    d = 0 if r == 0 else 11 - r
    return body[12] == ("A" if d == 10 else str(d))


def find_printed_ids(text: str, cls: bytes | None = None) -> list[Hit]:
    out = []
    if cls is None or b"AAAdddddd" in cls:  # (a memmem on the ASCII classes; None: not ASCII, so scanned)
        for m in _RFC.finditer(text):
            if rfc_ok(m.group()):
                out.append(Hit(m.start(), m.end(), "NATIONAL_ID", "mx-rfc"))
    if "-" in text and (cls is None or b"-dddd-ddddddd-dd" in cls):
        for m in _NZ_ACCOUNT.finditer(text):
            if 1 <= int(m.group()[:2]) <= 38:
                out.append(Hit(m.start(), m.end(), "BANK_ACCOUNT", "bank-account"))
    if cls is not None and b"dddddd-ddd" not in cls and b"dddddd+ddd" not in cls and b"ddddddAddd" not in cls:
        return out  # (three memmems on the ASCII classes: no printed personnummer or HETU shape)
    for m in _SHAPE.finditer(text):
        v = m.group()
        head, sep, tail = v[:-5], v[-5], v[-4:]
        if len(head) == 8 and not (head[:2] == "19" or head[:3] in ("200", "201")):
            continue  # (``20261130-0001`` is a dated batch id: a 12-digit personnummer of a recent year is rare)
        date = head[-6:]
        if tail.isdigit() and sep in "-+" and _date_ok(date, False) and luhn_ok(date + tail):
            out.append(Hit(m.start(), m.end(), "NATIONAL_ID", "se-personnummer"))
        elif len(head) == 6 and _hetu_ok(date, tail):
            out.append(Hit(m.start(), m.end(), "NATIONAL_ID", "fi-hetu"))
    return out
