"""Seeded value generators and the labelling recorder shared by the secret corpus modules.

Every value is drawn from the case's ``random.Random``: bodies use the right alphabet and
length for their shape but random characters, so nothing here is a real credential.
"""

from __future__ import annotations

import base64
import random
import string
import zlib

from tests.corpus import Case

SUITE = "secrets"
B62 = string.digits + string.ascii_uppercase + string.ascii_lowercase
ALNUM = string.ascii_letters + string.digits
UPPER_NUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = string.ascii_letters + string.digits + "+/"
URLSAFE = string.ascii_letters + string.digits + "-_"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
BASE32 = string.ascii_uppercase + "234567"

# Fictional words for hosts, users and human-made passwords (not a dictionary of real secrets).
_SYL = ("ka", "lo", "ri", "zen", "mar", "tu", "vel", "dor", "sip", "ne", "qua", "bri", "fo", "lin", "tre")
_WORDS = (
    "donkey", "kong", "whiskey", "spring", "autumn", "falcon", "pepper", "harbor", "maple", "summer",
    "winter", "dragon", "sunset", "monkey", "rocket", "tiger", "coffee", "banana", "silver", "purple",
    "thunder", "pirate", "cookie", "mustang", "shadow", "ginger", "octopus", "walrus", "lemon", "cactus",
)
_SEASONS = ("Spring", "Summer", "Autumn", "Winter", "Welcome", "Company", "Office", "Admin")
FIRST = ("alice", "bob", "carol", "dmitri", "erin", "farah", "gus", "hana", "ivo", "jun", "kemal", "lena")


class Gen:
    """A seeded value source plus the labels of the case being written.

    ``S(v)`` labels ``v`` as a secret and returns it, ``K(v)`` labels a must-survive control,
    ``case(...)`` closes the current file into a :class:`Case` and starts a new label set.
    """

    def __init__(self, seed: int | str) -> None:
        self.r = random.Random(seed)
        self._secrets: list[str] = []
        self._keep: list[str] = []

    # -- labelling ---------------------------------------------------------------------------------
    def S(self, value: str) -> str:  # noqa: N802 - short on purpose, used inside f-strings
        if value not in self._secrets:
            self._secrets.append(value)
        return value

    def K(self, value: str) -> str:  # noqa: N802
        if value not in self._keep:
            self._keep.append(value)
        return value

    def reset(self) -> None:
        """Drop the labels of the file being written (to redraw it)."""
        self._secrets, self._keep = [], []

    def case(self, family: str, filename: str, text: str, *tags: str) -> Case:
        secrets, keep = tuple(self._secrets), tuple(self._keep)
        self._secrets, self._keep = [], []
        return Case(SUITE, family, filename, text, secrets=secrets, keep=keep, tags=tags)

    # -- characters --------------------------------------------------------------------------------
    def chars(self, alphabet: str, n: int) -> str:
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def alnum(self, n: int) -> str:
        return self.chars(ALNUM, n)

    def hex(self, n: int) -> str:
        return self.chars(HEX, n)

    def urlsafe(self, n: int) -> str:
        return self.chars(URLSAFE, n)

    def digits(self, n: int) -> str:
        return str(self.r.randint(1, 9)) + self.chars(string.digits, n - 1)

    def b64(self, nbytes: int) -> str:
        return base64.b64encode(self.r.randbytes(nbytes)).decode()

    def b64url(self, nbytes: int) -> str:
        return base64.urlsafe_b64encode(self.r.randbytes(nbytes)).decode().rstrip("=")

    def pick(self, seq):
        return self.r.choice(seq)

    def int(self, lo: int, hi: int) -> int:
        return self.r.randint(lo, hi)

    # -- people, hosts, passwords ------------------------------------------------------------------
    def word(self) -> str:
        return "".join(self.pick(_SYL) for _ in range(self.int(2, 3)))

    def user(self) -> str:
        return self.pick(FIRST) + self.pick(("", ".", "_")) + self.word()[:5] if self.int(0, 1) else self.pick(
            ("deploy", "ci", "svc_backup", "admin", "jenkins", "app_rw", "reporting")
        )

    def host(self) -> str:
        return f"{self.pick(('db', 'git', 'nexus', 'cache', 'api', 'files', 'vpn'))}{self.int(1, 9)}." + self.pick(
            (f"{self.word()}.example.com", f"{self.word()}.internal.test", f"corp-{self.word()}.example.net")
        )

    def human_password(self) -> str:
        """A password a person would choose: season+year+symbol, word+digits, two words joined."""
        kind = self.int(0, 5)
        if kind == 0:
            return f"{self.pick(_SEASONS)}{self.int(2015, 2026)}{self.pick('!$#@*')}{self.chars(string.ascii_letters, 3)}"
        if kind == 1:
            return f"{self.pick(_WORDS).capitalize()}{self.int(1990, 2026)}"
        if kind == 2:
            return self.pick(_WORDS) + self.pick(_WORDS) + str(self.int(1, 99))
        if kind == 3:
            return f"{self.pick(_WORDS).capitalize()}{self.pick('.-_!')}{self.pick(_WORDS)}{self.int(10, 999)}"
        if kind == 4:
            w = self.pick(_WORDS)
            return w[0].upper() + w[1:].replace("o", "0").replace("a", "@") + str(self.int(1, 99)) + self.pick("!?#")
        return self.chars(ALNUM + "!#%^*-_=+", self.int(12, 20))

    def strong_password(self, n: int = 20, symbols: str = "!#%^*-_=+.~") -> str:
        return self.chars(ALNUM, 2) + self.chars(ALNUM + symbols, n - 4) + self.chars(ALNUM, 2)

    def commit(self) -> str:
        return self.hex(40)

    def iso(self) -> str:
        return (f"20{self.int(21, 26)}-{self.int(1, 12):02d}-{self.int(1, 28):02d}"
                f"T{self.int(0, 23):02d}:{self.int(0, 59):02d}:{self.int(0, 59):02d}Z")

    def version(self) -> str:
        return f"{self.int(0, 9)}.{self.int(0, 30)}.{self.int(0, 40)}"


def crc_suffix(body: str) -> str:
    """GitHub/npm style checksum: CRC32 of the random part, base62, left-padded to 6."""
    n = zlib.crc32(body.encode()) & 0xFFFFFFFF
    out = ""
    while n:
        n, d = divmod(n, 62)
        out = B62[d] + out
    return out.rjust(6, "0")


def b64s(text: str) -> str:
    return base64.b64encode(text.encode()).decode()
