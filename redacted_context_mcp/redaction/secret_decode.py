"""Decoders of the keyless stage: what a base64 blob holds, and secrets inside escaped text.

A blob is decoded (bounded) and judged: a private key, ``user:password`` or
text in which the full secret rules find something is a secret; an image,
font, certificate, public key or plain readable text is harmless; anything
else is left to the shape score. URL-encoded, quoted-printable and
JSON-escaped lines are decoded with an offset map, the secret rules run on the
decoded text, and every hit is mapped back so the placeholder covers the
ENCODED span. Nesting is limited to :data:`MAX_DEPTH` levels and every text
has a budget of blobs and decoded characters, so the work stays linear.

Imports: redaction.spans, redaction.terms (redaction.secret_rules lazily: it imports this stage).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import threading
from bisect import bisect_right
from collections.abc import Callable

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import fold

MAX_DEPTH = 2  # decoded text inside decoded text, no deeper
MAX_BLOBS = 64  # base64 blobs fully decoded per top-level text
MAX_DECODED = 512 * 1024  # characters handed to the inner secret rules per top-level text
MAX_BLOB = 16384  # a longer blob is judged by its first bytes only

SECRET, HARMLESS, UNKNOWN = "secret", "harmless", ""

class _Budget(threading.local):
    """Per-thread nesting depth and budget, with their starting values in every thread (a plain
    attribute read: ``getattr`` with a default raises and catches an AttributeError when it is unset)."""

    def __init__(self) -> None:
        self.depth = 0
        self.blobs = MAX_BLOBS
        self.chars = MAX_DECODED


_STATE = _Budget()


def reset_budget() -> int:
    """Start a fresh budget (called by the keyless stage for each top-level text); the current depth."""
    d = _STATE.depth
    if d == 0:
        _STATE.blobs = MAX_BLOBS
        _STATE.chars = MAX_DECODED
    return d


def depth() -> int:
    return _STATE.depth


def inner_secrets(text: str) -> list[Hit]:
    """The full secret rules on decoded ``text``, one level deeper; [] past the depth or budget."""
    d = depth()
    if d >= MAX_DEPTH or not text:
        return []
    left = _STATE.chars
    if len(text) > left:
        return []
    _STATE.chars = left - len(text)
    from redacted_context_mcp.redaction.secret_rules import find_secrets

    _STATE.depth = d + 1
    try:
        return find_secrets(text, fold(text))
    finally:
        _STATE.depth = d


# --- base64 blobs ----------------------------------------------------------------------------

_B64_STD = re.compile(r"[A-Za-z0-9+/]{16,65536}={0,2}")
_B64_URL = re.compile(r"[A-Za-z0-9_\-]{16,65536}={0,2}")

#: Leading bytes of harmless binary payloads (images, fonts, archives, documents, media).
_MAGIC: tuple[bytes, ...] = (
    b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"BM", b"RIFF", b"wOFF", b"wOF2", b"OTTO", b"\x00\x01\x00\x00",
    b"true", b"%PDF", b"PK\x03\x04", b"\x1f\x8b", b"BZh", b"\xfd7zXZ", b"ID3", b"\x00\x00\x00\x18ftyp",
    b"\x00\x00\x00\x1cftyp", b"\x00\x00\x00 ftyp", b"OggS", b"fLaC", b"<svg", b"<?xml", b"\x00asm",
)
_SSH_PUBLIC = (b"ssh-", b"ecdsa-", b"sk-ssh-", b"sk-ecdsa-")  # after a 4-byte length in a public key blob
_PBES_OID = b"\x2a\x86\x48\x86\xf7\x0d\x01\x05"  # PKCS#5 (an encrypted PKCS#8 private key)
_DROP_LINE_SPACE = str.maketrans("", "", "\n\r\t")
_USER_PASS = re.compile(r"[\w.+\-@]{1,128}:(?!//)[^\s]{3,256}")


def _der_verdict(raw: bytes) -> str:
    """A DER SEQUENCE: private keys (PKCS#1, PKCS#8, SEC1, encrypted PKCS#8) versus certificates."""
    if len(raw) < 8:
        return UNKNOWN
    n = raw[1]
    i = 2 + (n & 0x7F if n & 0x80 else 0)
    body = raw[i:i + 4]
    if body[:3] in (b"\x02\x01\x00", b"\x02\x01\x01") and body[3:4] in (b"\x02", b"\x30", b"\x04"):
        return SECRET
    if _PBES_OID in raw[:48]:
        return SECRET
    if body[:1] == b"\x30":
        return HARMLESS  # certificate, public key, CSR
    return UNKNOWN


def _binary_verdict(head: bytes) -> str:
    if head[:1] == b"\x30" and head[1:2] in (b"\x81", b"\x82", b"\x83") or head[:2] == b"\x30\x77":
        return _der_verdict(head)
    if head.startswith(_MAGIC) or (head[:3] == b"\x00\x00\x00" and head[4:].startswith(_SSH_PUBLIC)):
        return HARMLESS
    return UNKNOWN


def _decode(blob: str) -> bytes | None:
    body = blob.rstrip("=")
    if len(body) % 4 == 1:
        return None
    padded = body + "=" * (-len(body) % 4)
    try:
        if "-" in body or "_" in body:
            return base64.b64decode(padded, altchars=b"-_", validate=True)
        return base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return None


def _readable(raw: bytes) -> str | None:
    try:
        s = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not s.strip() or not s.translate(_DROP_LINE_SPACE).isprintable():
        return None
    return s


#: The parameters a JOSE (JWT/JWS/JWE) header holds: naming the algorithm and the key, never a secret.
_JOSE_PARAMS = frozenset({"alg", "typ", "kid", "cty", "enc", "zip", "crit", "x5t", "x5t#S256", "x5u", "jku", "b64"})


def _jose_header(inner: str) -> bool:
    """Whether decoded text is a JSON object of JOSE header parameters with short scalar values."""
    if len(inner) > 400:
        return False
    try:
        obj = json.loads(inner)
    except ValueError:
        return False
    return (isinstance(obj, dict) and "alg" in obj and set(obj) <= _JOSE_PARAMS
            and all(isinstance(v, (str, bool, int)) and len(str(v)) <= 64 for v in obj.values()))


def blob_verdict(blob: str) -> str:
    """SECRET, HARMLESS or UNKNOWN for a base64/base64url blob of at least 16 characters."""
    if not (_B64_STD.fullmatch(blob) or _B64_URL.fullmatch(blob)):
        return UNKNOWN
    head = _decode(blob[:64])
    if head is None:
        return UNKNOWN
    verdict = _binary_verdict(head)
    if verdict or len(blob) > MAX_BLOB:
        return verdict
    left = _STATE.blobs
    if left <= 0:
        return UNKNOWN
    _STATE.blobs = left - 1
    raw = _decode(blob)
    if raw is None:
        return UNKNOWN
    text = _readable(raw)
    if text is None:
        return UNKNOWN
    inner = text.strip()
    if _USER_PASS.fullmatch(inner) or inner_secrets(text):
        return SECRET
    if inner[:1] == "{" and _jose_header(inner):
        return HARMLESS  # a JWT/JWS header alone ({"alg":"RS256","typ":"JWT"}): no claims, no signature
    if len(inner) >= 16 and not any(ch.isspace() for ch in inner):
        return UNKNOWN  # one opaque word (another encoding layer, a token): the shape score decides
    return HARMLESS


# --- escaped text ----------------------------------------------------------------------------

_URL_ESC = re.compile(r"%[0-7][0-9A-Fa-f]")
_QP_ESC = re.compile(r"=(?:[0-7][0-9A-F]|\r?\n)")
_JSON_ESC = re.compile(r"\\(?:u00[0-7][0-9a-fA-F]|[\"\\/bfnrt])")
_JSON_CHARS = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _url_char(esc: str) -> str:
    return chr(int(esc[1:], 16))


def _qp_char(esc: str) -> str:
    return "" if esc[1] in "\r\n" else chr(int(esc[1:], 16))


def _json_char(esc: str) -> str:
    c = esc[1]
    if c == "u":
        return chr(int(esc[2:], 16))
    return _JSON_CHARS.get(c, c)


_JSON_SELECT = re.compile(r'\\["/]|\\u00[0-7][0-9a-fA-F]')  # lines worth decoding (not every ``\\n``)

#: (id, literal that must be in the lower-cased text, pattern selecting the lines to decode,
#: escape pattern, decoder of one escape).
DECODERS: tuple[tuple[str, str, re.Pattern[str], re.Pattern[str], Callable[[str], str]], ...] = (
    ("url-encoded", "%", _URL_ESC, _URL_ESC, _url_char),
    ("quoted-printable", "=3d", _QP_ESC, _QP_ESC, _qp_char),
    ("json-escaped", "\\", _JSON_SELECT, _JSON_ESC, _json_char),
)

#: ``DECODERS`` with a literal regex for each literal longer than one character (``re`` finds ``=3d``
#: faster than ``in``, which compares its last character first)
_DECODERS = tuple((did, lit, re.compile(re.escape(lit)) if len(lit) > 1 else None, *rest)
                  for did, lit, *rest in DECODERS)

_WINDOW_GAP = 256  # escapes closer than this share one decoded window


def _windows(text: str, matches: list[re.Match[str]]) -> list[tuple[int, int]]:
    """Whole-line windows around the escapes, merged when they touch."""
    out: list[tuple[int, int]] = []
    for m in matches:
        s, e = m.span()
        if out and s <= out[-1][1] + _WINDOW_GAP:
            end = text.find("\n", e)
            out[-1] = (out[-1][0], len(text) if end < 0 else end)
            continue
        start = text.rfind("\n", 0, s) + 1
        end = text.find("\n", e)
        out.append((start, len(text) if end < 0 else end))
    return out


def _decode_window(text: str, start: int, end: int, pattern: re.Pattern[str], one: Callable[[str], str]):
    """(decoded, escape segments ``(dec_start, enc_start, dec_len, enc_len)``) of ``text[start:end]``."""
    parts: list[str] = []
    segs: list[tuple[int, int, int, int]] = []
    pos, dpos = start, 0
    for m in pattern.finditer(text, start, end):
        s, e = m.span()
        if s > pos:
            parts.append(text[pos:s])
            dpos += s - pos
        r = one(m.group())
        segs.append((dpos, s, len(r), e - s))
        parts.append(r)
        dpos += len(r)
        pos = e
    parts.append(text[pos:end])
    return "".join(parts), segs


def _to_encoded(segs: list[tuple[int, int, int, int]], keys: list[int], base: int, d: int, end: bool) -> int:
    """Encoded offset of decoded offset ``d`` (``end``: the exclusive end of a span)."""
    q = d - 1 if end else d
    i = bisect_right(keys, q) - 1
    if i < 0:
        return base + d
    ds, es, dl, el = segs[i]
    if q < ds + dl:  # inside a decoded escape: cover the whole escape
        return es + el if end else es
    return es + el + (d - ds - dl)


def escaped_hits(text: str, low: str, *, shallow: bool = False) -> list[Hit]:
    """Secrets found in the decoded form of URL-encoded, quoted-printable or JSON-escaped lines
    (``shallow``: the caller has checked that the depth is below MAX_DEPTH)."""
    if not shallow and _STATE.depth >= MAX_DEPTH:
        return []
    hits: list[Hit] = []
    for did, literal, lit_rx, select, pattern, one in _DECODERS:
        if literal[0] not in low or (lit_rx is not None and lit_rx.search(low) is None):  # a memchr first
            continue
        matches = list(select.finditer(text))
        if not matches:
            continue
        for start, end in _windows(text, matches):
            decoded, segs = _decode_window(text, start, end, pattern, one)
            if not segs:
                continue
            keys = [g[0] for g in segs]
            for h in inner_secrets(decoded):
                s = _to_encoded(segs, keys, start, h[0], False)
                e = _to_encoded(segs, keys, start, h[1], True)
                if e - s >= 4 and any(ch.isalnum() for ch in text[s:e]):
                    hits.append(Hit(s, e, "SECRET", did))
    return hits
