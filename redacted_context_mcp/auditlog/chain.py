"""Sealing audit-log lines: canonical JSON, an HMAC over it and the previous line's HMAC.

The key is derived from the vault salt for this purpose only (``vault.derived_key``),
so it is unrelated to placeholder and path-id derivation. A line's ``mac`` is
HMAC-SHA256(key, prev || "\\n" || canonical(fields without mac)), where ``prev``
is also one of the fields; the first line of a new chain uses :data:`GENESIS`.

Request entries, written once per call, take a fast path with the same bytes:
:func:`request_parts` lays the fixed request fields out in canonical (sorted) order
by hand and :class:`Sealer` keys its HMAC once (the RFC 2104 pads hashed at start).

Imports: vault.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
from json.encoder import c_make_encoder, encode_basestring_ascii
from typing import Any

from redacted_context_mcp.vault import derived_key

FORMAT = "redctx-audit-log/1"
PURPOSE = "audit-log/1"
GENESIS = "0" * 64


def audit_key(salt_key: bytes) -> bytes:
    """The audit-log HMAC key for a vault salt."""
    return derived_key(salt_key, PURPOSE)


def key_id(key: bytes) -> str:
    """A short public id of the key, so ``verify`` can tell a wrong salt from tampering."""
    return hmac.new(key, b"key-id", hashlib.sha256).hexdigest()[:16]


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _reusable_encoder() -> Any:
    """The canonical encoder built once (``JSONEncoder.encode`` builds a new one per call).

    ``chunks(value, 0)`` gives the canonical JSON of ``value`` in pieces to join.
    """
    if c_make_encoder is None:  # pragma: no cover - CPython always has the C accelerator
        return lambda value, level: (_CANONICAL.encode(value),)
    return c_make_encoder(None, _CANONICAL.default, encode_basestring_ascii, None, ":", ",", True, False, True)


canonical_chunks = _reusable_encoder()


def canonical_str(value: Any) -> str:
    """Canonical JSON of any value, as ``str``."""
    return "".join(canonical_chunks(value, 0))


_encode = canonical_str


def canonical(fields: dict[str, Any]) -> bytes:
    return _encode(fields).encode("ascii")


def _value(v: Any) -> str:
    """One value in canonical form; the common exact types without a call into the encoder."""
    if v is None:
        return "null"
    t = type(v)
    if t is str:
        return encode_basestring_ascii(v)
    if t is int:
        return int.__repr__(v)
    if t is float and math.isfinite(v):
        return float.__repr__(v)
    if t is bool:
        return "true" if v else "false"
    return _CANONICAL.encode(v) if t is not dict and t is not list else _encode(v)


#: The fields of a request entry besides ``seq`` and ``prev`` (assigned by the writer).
REQUEST_FIELDS = ("arguments", "counts", "duration_ms", "era", "error_code", "id", "kind", "message", "method",
                  "outcome", "output_chars", "policy_generation", "rpc_code", "sha256", "time", "tool")


def request_parts(f: dict[str, Any]) -> tuple[str, str, str]:
    """A request entry (exactly :data:`REQUEST_FIELDS`) in canonical form, cut where ``prev`` and ``seq`` go.

    ``head + '"prev":' + json(prev) + ',' + mid + '"seq":' + seq + ',' + tail`` is ``canonical`` of
    the entry with ``prev`` and ``seq``: keys in sorted order, the same value encodings (fields
    that are mostly ``null`` or plain ints are tested inline; anything else goes through ``_value``).
    """
    counts, dur, n, gen = f["counts"], f["duration_ms"], f["output_chars"], f["policy_generation"]
    ec, msg, rc, sha = f["error_code"], f["message"], f["rpc_code"], f["sha256"]
    head = (f'{{"arguments":{_value(f["arguments"])},"counts":{_encode(counts) if counts else "{}"},'
            f'"duration_ms":{float.__repr__(dur) if type(dur) is float and math.isfinite(dur) else _value(dur)},'
            f'"era":{_value(f["era"])},"error_code":{"null" if ec is None else _value(ec)},'
            f'"id":{_value(f["id"])},"kind":{_value(f["kind"])},"message":{"null" if msg is None else _value(msg)},'
            f'"method":{_value(f["method"])},"outcome":{_value(f["outcome"])},'
            f'"output_chars":{int.__repr__(n) if type(n) is int else _value(n)},'
            f'"policy_generation":{int.__repr__(gen) if type(gen) is int else _value(gen)},')
    mid = f'"rpc_code":{"null" if rc is None else _value(rc)},'
    tail = (f'"sha256":{"null" if sha is None else _value(sha)},"time":{_value(f["time"])},'
            f'"tool":{_value(f["tool"])}}}')
    return head, mid, tail


class Sealer:
    """HMAC-SHA256 under one key with its inner and outer pads hashed once (same digest as ``hmac``)."""

    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        if len(key) > 64:
            key = hashlib.sha256(key).digest()
        key = key.ljust(64, b"\0")
        self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
        self._outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))

    def pads(self) -> tuple[Any, Any]:
        """The inner and outer hash objects with their pads absorbed (copy them, never update them)."""
        return self._inner, self._outer

    def mac(self, *data: bytes) -> str:
        inner = self._inner.copy()
        for d in data:
            inner.update(d)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.hexdigest()

    def seal_request(self, prev: str, seq: int, parts: tuple[str, str, str]) -> tuple[bytes, str]:
        """The line of a request entry from :func:`request_parts` and its HMAC (as :func:`seal` makes them)."""
        head, mid, tail = parts
        body = f'{head}"prev":{encode_basestring_ascii(prev)},{mid}"seq":{int(seq)},{tail}'.encode("ascii")
        inner = self._inner.copy()
        inner.update(prev.encode("ascii", "replace") + b"\n" + body)
        outer = self._outer.copy()
        outer.update(inner.digest())
        mac = outer.hexdigest()
        return body[:-1] + b',"mac":"' + mac.encode("ascii") + b'"}\n', mac


def mac_of(key: bytes, fields: dict[str, Any]) -> str:
    """The HMAC of a line's fields (``mac`` excluded, ``prev`` included)."""
    body = {k: v for k, v in fields.items() if k != "mac"}
    prev = str(body.get("prev", ""))
    return hmac.new(key, prev.encode("ascii", "replace") + b"\n" + canonical(body), hashlib.sha256).hexdigest()


def seal(key: bytes, prev: str, fields: dict[str, Any]) -> tuple[bytes, str]:
    """The complete line (ending in ``\\n``) and its HMAC: the canonical form plus ``mac`` last."""
    body = canonical({**fields, "prev": prev})
    mac = hmac.digest(key, prev.encode("ascii", "replace") + b"\n" + body, "sha256").hex()  # one-shot, in C
    return body[:-1] + b',"mac":"' + mac.encode("ascii") + b'"}\n', mac
