"""Sealing audit-log lines: canonical JSON, an HMAC over it and the previous line's HMAC.

The key is derived from the vault salt for this purpose only (``vault.derived_key``),
so it is unrelated to placeholder and path-id derivation. A line's ``mac`` is
HMAC-SHA256(key, prev || "\\n" || canonical(fields without mac)), where ``prev``
is also one of the fields; the first line of a new chain uses :data:`GENESIS`.

Imports: vault.
"""

from __future__ import annotations

import hashlib
import hmac
import json
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


def canonical(fields: dict[str, Any]) -> bytes:
    return _CANONICAL.encode(fields).encode("ascii")


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
