"""Checksums and shape checks that turn regex candidates into findings.

Imports: nothing from the package.
"""

from __future__ import annotations

import hashlib
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


#: Maestro issuer prefixes (cards of 12-19 digits; 6759 and 676x are the UK and Irish ranges).
_MAESTRO = frozenset({"5018", "5020", "5038", "5893", "6304", "6759", "6761", "6762", "6763"})


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
        or d[:4] in _MAESTRO
    )
    return issuer and luhn_ok(d)


def iban_ok(value: str) -> bool:
    """IBAN: known country length and ISO 7064 mod-97 == 1."""
    s = "".join(value.replace("-", " ").split()).upper()
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


# --- national and financial identifiers ----------------------------------------------------------

_VERHOEFF_D = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 0, 6, 7, 8, 9, 5), (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
    (3, 4, 0, 1, 2, 8, 9, 5, 6, 7), (4, 0, 1, 2, 3, 9, 5, 6, 7, 8), (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2), (7, 6, 5, 9, 8, 2, 1, 0, 4, 3), (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
    (9, 8, 7, 6, 5, 4, 3, 2, 1, 0),
)
_VERHOEFF_P = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 5, 7, 6, 2, 8, 3, 0, 9, 4), (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
    (8, 9, 1, 6, 0, 4, 3, 5, 2, 7), (9, 4, 5, 3, 1, 2, 6, 8, 7, 0), (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5), (7, 0, 4, 6, 9, 1, 3, 2, 5, 8),
)


def verhoeff_ok(value: str) -> bool:
    """Verhoeff check digit over the digits of ``value`` (Aadhaar)."""
    d = digits_of(value)
    if not d:
        return False
    c = 0
    for i, ch in enumerate(reversed(d)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[i % 8][ord(ch) - 48]]
    return c == 0


def aadhaar_ok(value: str) -> bool:
    """Aadhaar: 12 digits, not starting with 0 or 1, Verhoeff check digit."""
    d = digits_of(value)
    return len(d) == 12 and d[0] not in "01" and len(set(d)) > 2 and verhoeff_ok(d)


_CN_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def cn_resident_id_ok(value: str) -> bool:
    """Chinese resident identity number: 17 digits, a plausible birth date, ISO 7064 mod 11-2 check."""
    v = value.upper()
    if len(v) != 18 or not v[:17].isdigit() or not (v[17].isdigit() or v[17] == "X"):
        return False
    year, month, day = int(v[6:10]), int(v[10:12]), int(v[12:14])
    if not (1900 <= year <= 2100 and 1 <= month <= 12 and 1 <= day <= 31):
        return False
    total = sum(int(c) * w for c, w in zip(v[:17], _CN_WEIGHTS))
    return "10X98765432"[total % 11] == v[17]


_DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni_ok(value: str) -> bool:
    """Spanish DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter): the mod-23 letter."""
    v = "".join(c for c in value.upper() if c.isalnum())
    if len(v) != 9 or not v[-1].isalpha():
        return False
    body = v[:-1]
    if body[0] in "XYZ":
        body = str("XYZ".index(body[0])) + body[1:]
    return body.isdigit() and _DNI_LETTERS[int(body) % 23] == v[-1]


_NINO_BAD_PREFIX = frozenset({"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"})


def nino_ok(value: str) -> bool:
    """UK National Insurance number shape: allowed prefix letters, 6 digits, suffix A-D."""
    v = "".join(c for c in value.upper() if c.isalnum())
    if len(v) != 9 or not v[2:8].isdigit() or v[8] not in "ABCD" or not v[:2].isalpha():
        return False
    return v[0] not in "DFIQUV" and v[1] not in "DFIOQUV" and v[:2] not in _NINO_BAD_PREFIX


def itin_ok(value: str) -> bool:
    """US ITIN ``9XX-GG-SSSS`` with group 50-65, 70-88, 90-92 or 94-99."""
    d = digits_of(value)
    if len(d) != 9 or d[0] != "9":
        return False
    g = int(d[3:5])
    return 50 <= g <= 65 or 70 <= g <= 88 or 90 <= g <= 92 or 94 <= g <= 99


def cpf_ok(value: str) -> bool:
    """Brazilian CPF: 11 digits, two mod-11 check digits, not one repeated digit."""
    d = [int(c) for c in digits_of(value)]
    if len(d) != 11 or len(set(d)) == 1:
        return False
    for k in (9, 10):
        if sum(v * w for v, w in zip(d, range(k + 1, 1, -1))) * 10 % 11 % 10 != d[k]:
            return False
    return True


_CNPJ_WEIGHTS = ((5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2), (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2))


def cnpj_ok(value: str) -> bool:
    """Brazilian CNPJ: 14 digits, two mod-11 check digits, not one repeated digit."""
    d = [int(c) for c in digits_of(value)]
    if len(d) != 14 or len(set(d)) == 1:
        return False
    for k, weights in zip((12, 13), _CNPJ_WEIGHTS):
        c = 11 - sum(v * w for v, w in zip(d, weights)) % 11
        if (0 if c >= 10 else c) != d[k]:
            return False
    return True


def ean13_ok(value: str) -> bool:
    """EAN-13 check digit over 13 digits (weights 1-3 from the left), as Swiss AHV numbers carry it."""
    d = digits_of(value)
    if len(d) != 13:
        return False
    total = sum((ord(c) - 48) * (3 if i % 2 else 1) for i, c in enumerate(d[:12]))
    return (10 - total % 10) % 10 == ord(d[12]) - 48


def aba_ok(value: str) -> bool:
    """US ABA routing number: 9 digits, weights 3-7-1, sum divisible by 10."""
    d = digits_of(value)
    if len(d) != 9 or len(set(d)) < 2:
        return False
    return sum(int(c) * w for c, w in zip(d, (3, 7, 1) * 3)) % 10 == 0


_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_INDEX = {c: i for i, c in enumerate(_B58)}


def base58check_ok(value: str, size: int | None = 25) -> bool:
    """Base58Check: the last 4 bytes are the double SHA-256 of the rest.

    ``size`` is the decoded length required (25: a Bitcoin P2PKH/P2SH address); ``None``
    accepts any length of at least 5 bytes (WIF and extended keys).
    """
    n = 0
    for c in value:
        i = _B58_INDEX.get(c)
        if i is None:
            return False
        n = n * 58 + i
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    raw = b"\0" * (len(value) - len(value.lstrip("1"))) + raw
    if (size is not None and len(raw) != size) or len(raw) < 5:
        return False
    return hashlib.sha256(hashlib.sha256(raw[:-4]).digest()).digest()[:4] == raw[-4:]


_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def bech32_ok(value: str) -> bool:
    """Bech32 / Bech32m checksum (SegWit addresses such as ``bc1…``)."""
    v = value.lower()
    if v != value and value.upper() != value:
        return False
    pos = v.rfind("1")
    if pos < 1 or len(v) - pos < 7 or len(v) > 90:
        return False
    hrp, data = v[:pos], v[pos + 1:]
    if any(c not in _BECH32 for c in data):
        return False
    values = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp] + [_BECH32.index(c) for c in data]
    chk = 1
    for x in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ x
        for i, g in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
            if (top >> i) & 1:
                chk ^= g
    return chk in (1, 0x2BC830A3)

