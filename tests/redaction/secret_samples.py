"""Generated keyless-secret samples for the shape and decoder tests (seeded, no literal tokens).

Every value is built at import from a seeded RNG so the repository holds no
scanner-tripping literal of 16 characters or more.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string

RNG = random.Random(0x5A4E)
ALNUM = string.ascii_letters + string.digits
B64 = ALNUM + "+/"
CRYPT = "./" + ALNUM
HEX = "0123456789abcdef"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def rand(alphabet: str, n: int) -> str:
    """A random string holding every character class of its alphabet (as generated tokens do)."""
    checks = [f for f in (str.isdigit, str.isupper, str.islower) if any(f(c) for c in alphabet)]
    while True:
        t = "".join(RNG.choice(alphabet) for _ in range(n))
        if len(alphabet) <= 16 or n < 8 or all(any(f(c) for c in t) for f in checks):
            return t


def rbytes(n: int) -> bytes:
    return bytes(RNG.randrange(256) for _ in range(n))


def b64(data: bytes | str) -> str:
    return base64.b64encode(data.encode() if isinstance(data, str) else data).decode()


def b58check(payload: bytes) -> str:
    raw = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    n = int.from_bytes(raw, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\x00"))) + out


def human_password() -> str:
    word = RNG.choice(["Spring", "Summer", "Winter", "Autumn", "Falcon", "Orchid"])
    return f"{word}{RNG.randint(2000, 2029)}{RNG.choice('$!#@%&*')}{rand(string.ascii_letters, 3)}"


def wif(compressed: bool) -> str:
    return b58check(b"\x80" + rbytes(32) + (b"\x01" if compressed else b""))


def xprv() -> str:
    return b58check(bytes.fromhex("0488ade4") + rbytes(9) + rbytes(32) + b"\x00" + rbytes(32))


def der_private_key() -> bytes:
    """A PKCS#8-shaped DER header (SEQUENCE, INTEGER 0, SEQUENCE) and random key bytes."""
    body = b"\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00\x04\x82\x01\x00" + rbytes(256)
    return b"\x30\x82" + len(body).to_bytes(2, "big") + body


def der_certificate() -> bytes:
    body = b"\x30\x82\x01\x00\xa0\x03\x02\x01\x02" + rbytes(256)
    return b"\x30\x82" + len(body).to_bytes(2, "big") + body


def ssh_public_blob(kind: str = "ssh-ed25519") -> str:
    k = kind.encode()
    return b64(len(k).to_bytes(4, "big") + k + b"\x00\x00\x00\x20" + rbytes(32))


def pem_private(label: str = "RSA PRIVATE KEY") -> str:
    body = b64(rbytes(180))
    lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    return f"-----BEGIN {label}-----\n{lines}\n-----END {label}-----\n"


def pem_certificate() -> str:
    body = b64(der_certificate())
    lines = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    return f"-----BEGIN CERTIFICATE-----\n{lines}\n-----END CERTIFICATE-----"


#: A few words of the BIP39 English list (enough to build phrases for tests).
SEED_WORDS = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse "
    "achieve acid acoustic acquire across action actor actress actual adapt address adjust admit adult "
    "advance advice aerobic affair afford afraid again agent agree ahead airport aisle alarm album alcohol"
).split()


def seed_phrase(n: int = 12) -> str:
    return " ".join(RNG.sample(SEED_WORDS, n))


def salt_noise(n: int = 64) -> str:
    alphabet = ALNUM + "!@#$%^&*()-_[]{}<>~+=,.;:/?|"
    while True:
        t = "".join(RNG.choice(alphabet) for _ in range(n))
        if sum(c in "!@#$%^&*()-_[]{}<>~+=,.;:/?|" for c in t) >= 12:
            return t


def docker_config(user: str, password: str) -> str:
    return json.dumps({"auths": {"registry.example.com": {"auth": b64(f"{user}:{password}")}}})
