"""Nordic personal numbers without a label (round 12): Swedish personnummer and Finnish HETU.

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


def find_nordic_ids(text: str) -> list[Hit]:
    out = []
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
