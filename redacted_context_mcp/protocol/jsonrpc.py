"""JSON-RPC 2.0 framing: parse one line into a request, build and encode replies.

The checks follow the order of ``mcp-wire.md`` section 2 (rules 1-6); era
selection and dispatch live in ``protocol.server``.

Imports: nothing from the package.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
UNSUPPORTED_VERSION = -32022
RESOURCE_NOT_FOUND = -32002  # legacy era only

MSG_PARSE = "Parse error"
MSG_INVALID = "Invalid Request"
MSG_BATCH = "Invalid Request: batches are not supported"
MSG_TOO_LONG = "Request line exceeds maximum size."
MSG_PARAMS_OBJECT = "params must be an object."
MSG_INTERNAL = "Internal error."

#: Marks a message without an ``id`` member (a notification).
NO_ID: Any = object()


class RpcError(Exception):
    """A JSON-RPC error to send back; ``id`` is the id to echo (``None`` when unknown)."""

    def __init__(self, code: int, message: str, data: Any = None, id: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data
        self.id = id


@dataclass
class Message:
    """A valid request (``id`` set) or notification (``id is NO_ID``)."""

    method: str
    id: Any = NO_ID
    params: dict = field(default_factory=dict)

    @property
    def is_notification(self) -> bool:
        return self.id is NO_ID


def valid_id(value: Any) -> bool:
    """Ids are strings or integers; booleans are not integers."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _no_constant(name: str) -> Any:
    raise ValueError("non-JSON constant")  # NaN, Infinity, -Infinity are not JSON


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 overflows to infinity
        raise ValueError("non-finite number")
    return value


def loads(text: str) -> Any:
    """Strict JSON: ``NaN``/``Infinity`` and numbers that overflow to infinity are refused."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite)


def parse(line: bytes) -> Message | None:
    """Classify one line. Returns ``None`` for a stray response; raises :class:`RpcError`."""
    try:
        obj = loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RpcError(PARSE_ERROR, MSG_PARSE) from None
    if isinstance(obj, list):
        raise RpcError(INVALID_REQUEST, MSG_BATCH)
    if not isinstance(obj, dict):
        raise RpcError(INVALID_REQUEST, MSG_INVALID)
    if ("result" in obj or "error" in obj) and "method" not in obj:
        return None
    has_id = "id" in obj
    rid = obj.get("id")
    echo = rid if has_id and valid_id(rid) else None
    if obj.get("jsonrpc") != "2.0" or not isinstance(obj.get("method"), str):
        raise RpcError(INVALID_REQUEST, MSG_INVALID, id=echo)
    if has_id and not valid_id(rid):
        raise RpcError(INVALID_REQUEST, MSG_INVALID)
    msg = Message(method=obj["method"], id=rid if has_id else NO_ID)
    if msg.is_notification:
        params = obj.get("params")
        msg.params = params if isinstance(params, dict) else {}
        return msg
    if "params" in obj:
        if not isinstance(obj["params"], dict):
            raise RpcError(INVALID_PARAMS, MSG_PARAMS_OBJECT, id=rid)
        msg.params = obj["params"]
    return msg


def result(id: Any, value: dict) -> dict:
    return {"jsonrpc": "2.0", "id": id, "result": value}


def error(id: Any, code: int, message: str, data: Any = None) -> dict:
    err: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return {"jsonrpc": "2.0", "id": id, "error": err}


def encode(message: dict) -> bytes:
    """One compact line of UTF-8 JSON ending in ``\\n`` (escapes keep it on one line)."""
    try:
        return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: fall back to \\u escapes
        return (json.dumps(message, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")
