"""Checksums and shape checks that turn regex candidates into findings.

Imports: nothing from the package.
"""

from __future__ import annotations

import math
import zlib
from collections import Counter

#: IBAN lengths by country (ISO 13616 registry, common countries).
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
    "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29, "ES": 24,
    "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28, "HR": 21,
    "HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LI": 21,
    "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30,
    "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24,
    "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}


def digits_of(value: str) -> str:
    return "".join(c for c in value if c.isdigit())


def luhn_ok(value: str) -> bool:
    """Luhn checksum over the digits of ``value``."""
    digits = digits_of(value)
    if not digits:
        return False
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def card_ok(value: str) -> bool:
    """A payment card: 13-19 digits, a known issuer prefix and a valid Luhn checksum."""
    d = digits_of(value)
    if not 13 <= len(d) <= 19 or len(set(d)) < 2:
        return False
    p2, p4 = int(d[:2]), int(d[:4])
    issuer = (
        d[0] == "4"
        or 51 <= p2 <= 55
        or 2221 <= p4 <= 2720
        or p2 in (34, 37, 36, 38, 30, 35, 62, 65)
        or d.startswith("6011")
        or 644 <= int(d[:3]) <= 649
    )
    return issuer and luhn_ok(d)


def iban_ok(value: str) -> bool:
    """IBAN: known country length and ISO 7064 mod-97 == 1."""
    s = "".join(value.split()).upper()
    if len(s) < 15 or IBAN_LENGTHS.get(s[:2]) != len(s) or not s.isalnum():
        return False
    moved = s[4:] + s[:4]
    num = "".join(str(int(c, 36)) for c in moved)
    return int(num) % 97 == 1


def ssn_ok(value: str) -> bool:
    """US SSN ``AAA-GG-SSSS`` excluding never-issued areas, groups and serials."""
    d = digits_of(value)
    if len(d) != 9:
        return False
    area, group, serial = d[:3], d[3:5], d[5:]
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


def mixed_token(value: str) -> bool:
    """At least one letter and one digit (a typical generated token)."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


_B62_ALPHABETS = (
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
)


def base62(n: int, alphabet: str = _B62_ALPHABETS[0], width: int = 6) -> str:
    """``n`` in base 62 over ``alphabet``, left-padded with the zero digit to ``width``."""
    out = ""
    while n:
        n, r = divmod(n, 62)
        out = alphabet[r] + out
    return out.rjust(width, alphabet[0])


def github_checksum_ok(body: str) -> bool:
    """GitHub token body (after ``ghp_``...): the last 6 characters are the base62 CRC32 of the rest.

    Both base62 digit orders in use by public checkers are accepted; a random
    6-character tail matches either by chance with probability ~4e-11.
    """
    if len(body) < 12:
        return False
    payload, check = body[:-6], body[-6:]
    crc = zlib.crc32(payload.encode("ascii", "replace"))
    return any(base62(crc, a) == check for a in _B62_ALPHABETS)


def random_enough(value: str, floor: float) -> bool:
    """A generated-looking value: entropy at or above ``floor`` bits/char and no long repeated run."""
    if entropy(value) < floor:
        return False
    run = 1
    for a, b in zip(value, value[1:]):
        run = run + 1 if a == b else 1
        if run > 6:
            return False
    return True
