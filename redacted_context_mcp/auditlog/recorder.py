"""Server hook: one audit entry per answered request and per state-changing notification.

The server calls :meth:`Recorder.begin` when a request arrives, :meth:`note` with the
final ``ToolResult`` of a tool call (same thread as the answer), :meth:`answered`
with every response just before it is written, :meth:`cancelled` when a cancelled
request's answer is dropped and :meth:`notified` for a cancellation that stopped a
running request. Arguments are redacted by the service (``redact_arguments``), like
output; ids and messages that could carry client text are redacted or reduced. A
response whose entry cannot be written is replaced by a fixed refusal (fail closed).

Imports: errors, model, auditlog.writer.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Callable
from typing import Any

from redacted_context_mcp.auditlog.writer import AuditWriter, utc_now
from redacted_context_mcp.errors import Code
from redacted_context_mcp.model import Fixed, ToolResult

META_VERSION = "io.modelcontextprotocol/protocolVersion"
REFUSAL = Code.AUDIT_LOG_UNAVAILABLE.template
INTERNAL_ERROR = -32603
_ERROR_SLUGS = frozenset(c.slug for c in Code)
_FIELD = re.compile(r"\\\{[a-z_]{1,20}\\\}")
#: Error templates as bounded patterns, to name the code of an error result returned before the note.
_TEMPLATES = tuple((re.compile(_FIELD.sub(".{0,300}", re.escape(c.template)), re.S), c.slug) for c in Code)


def _slug_of(text: str) -> str | None:
    return next((slug for rx, slug in _TEMPLATES if rx.fullmatch(text)), None)
_KNOWN_METHODS = frozenset({
    "initialize", "ping", "server/discover", "tools/list", "tools/call", "resources/list",
    "resources/read", "resources/templates/list",
})
_ARG_METHODS = frozenset({"tools/call", "resources/list", "resources/read"})
_RESOURCE_PARAMS = {"uri": {}, "cursor": {}}
_SAFE_ID = re.compile(r"[0-9a-fA-F-]{1,64}|[a-z]{0,12}[-_]?[0-9]{1,20}")


def _key(rid: Any) -> tuple[str, Any]:
    return (type(rid).__name__, rid)


def _text_of(result: Any) -> str | None:
    """The exact text a result returned: its content blocks, or its resource contents."""
    if not isinstance(result, dict):
        return None
    blocks = result.get("content", result.get("contents"))
    if not isinstance(blocks, list):
        return None
    return "".join(str(b.get("text", b.get("blob", ""))) for b in blocks if isinstance(b, dict))


class _Pending:
    __slots__ = ("era", "method", "params", "rid", "start")

    def __init__(self, rid: Any, method: str, params: dict, era: str | None) -> None:
        self.rid, self.method, self.params, self.era = rid, method, params, era
        self.start = time.monotonic()


class Recorder:
    """Turns one server's traffic into sealed entries on an :class:`AuditWriter`."""

    def __init__(self, writer: AuditWriter, render_tool: Callable[..., dict]) -> None:
        self.writer = writer
        self._render_tool = render_tool
        self._server: Any = None
        self._pending: dict[tuple[str, Any], list[_Pending]] = {}
        self._lock = threading.Lock()
        self._local = threading.local()
        self._by_name: tuple[Any, dict[str, Any]] | None = None

    # ------------------------------------------------------------ server hooks
    def begin(self, msg: Any, server: Any) -> None:
        self._server = server
        meta = msg.params.get("_meta")
        era = meta.get(META_VERSION) if isinstance(meta, dict) else None
        era = era if isinstance(era, str) and len(era) <= 32 else server.legacy_version
        with self._lock:
            self._pending.setdefault(_key(msg.id), []).append(_Pending(msg.id, msg.method, msg.params, era))

    def note(self, result: ToolResult) -> None:
        self._local.result = result

    def refusal(self) -> ToolResult | None:
        if not self.writer.broken:
            return None
        return ToolResult(text=Fixed(REFUSAL), is_error=True, code=Code.AUDIT_LOG_UNAVAILABLE.slug)

    def answered(self, message: dict) -> dict:
        note = getattr(self._local, "result", None)
        self._local.result = None
        if "id" not in message or ("result" not in message and "error" not in message):
            return message
        p = self._take(message["id"])
        if self.writer.append(self._entry(p, message, note)):
            return message
        return self._refused(message, p)

    def cancelled(self, rid: Any) -> None:
        self._local.result = None
        p = self._take(rid)
        if p is not None:
            self.writer.append(self._entry(p, None, None, outcome="cancelled"))

    def notified(self, msg: Any) -> None:
        rid = msg.params.get("requestId")
        self.writer.append({"time": utc_now(), "kind": "notification", "method": "notifications/cancelled",
                            "id": None, "request_id": self._id(rid)})

    def close(self) -> None:
        """Record requests never answered, then fsync and close the log."""
        with self._lock:
            left = [p for ps in self._pending.values() for p in ps]
            self._pending.clear()
        for p in left:
            self.writer.append(self._entry(p, None, None, outcome="unanswered"))
        self.writer.close()

    # ---------------------------------------------------------------- entries
    def _take(self, rid: Any) -> _Pending | None:
        with self._lock:
            queue = self._pending.get(_key(rid))
            if not queue:
                return None
            p = queue.pop(0)
            if not queue:
                del self._pending[_key(rid)]
            return p

    def _service(self, build: bool) -> Any:
        server = self._server
        if server is None:
            return None
        svc = getattr(server, "_service", None)
        if svc is None and build:
            try:
                svc = server.service()
            except Exception:  # noqa: BLE001 - no service: nothing can be redacted
                return None
        return svc

    def _redact(self, value: dict, build: bool) -> dict | str | None:
        svc = self._service(build)
        if svc is None:
            return "[unavailable]"
        try:
            return svc.redact_arguments(value)
        except Exception:  # noqa: BLE001 - a blocked policy: record no argument at all
            return "[unavailable]"

    def _id(self, rid: Any) -> Any:
        if rid is None or (isinstance(rid, int) and not isinstance(rid, bool)):
            return rid
        if isinstance(rid, str) and _SAFE_ID.fullmatch(rid):
            return rid
        out = self._redact({"id": str(rid)}, build=False)
        if isinstance(out, dict):
            return out.get("id")
        return "sha256:" + hashlib.sha256(str(rid).encode("utf-8", "replace")).hexdigest()[:16]

    def _entry(self, p: _Pending | None, message: dict | None, note: ToolResult | None,
               outcome: str | None = None) -> dict[str, Any]:
        method = p.method if p is not None else None
        params = p.params if p is not None else {}
        tool, props = None, None
        if method == "tools/call":
            name = params.get("name")
            spec = self._tool(name)
            tool = name if spec is not None else "<unrecognized>"
            props = spec.input_schema.get("properties", {}) if spec is not None else {}
        if method is not None and method not in _KNOWN_METHODS:
            method = "<unrecognized>"
        arguments = None
        if method in _ARG_METHODS:
            if method == "tools/call":
                raw = params.get("arguments", {})
            else:
                raw, props = {k: v for k, v in params.items() if k != "_meta"}, _RESOURCE_PARAMS
            if isinstance(raw, dict) and props is not None:  # names outside the schema may be raw text
                raw = {k if k in props else f"<unexpected-{i}>": v for i, (k, v) in enumerate(raw.items(), 1)}
            arguments = self._redact(raw, build=True) if isinstance(raw, dict) else "[invalid]"
        fields: dict[str, Any] = {
            "time": utc_now(), "kind": "request", "id": self._id(p.rid if p else (message or {}).get("id")),
            "era": p.era if p else None, "method": method, "tool": tool, "arguments": arguments,
            "outcome": outcome or "ok", "error_code": None, "message": None, "rpc_code": None,
            "counts": {}, "output_chars": 0, "duration_ms": round((time.monotonic() - p.start) * 1000, 3) if p else 0,
            "policy_generation": self._generation(), "sha256": None,
        }
        if message is not None:
            self._outcome(fields, message, note)
        return fields

    def _outcome(self, fields: dict[str, Any], message: dict, note: ToolResult | None) -> None:
        error = message.get("error")
        if isinstance(error, dict):
            fields["outcome"] = "rpc_error"
            fields["rpc_code"] = error.get("code")
            text = str(error.get("message", ""))
            red = self._redact({"m": text}, build=False)
            fields["message"] = red.get("m") if isinstance(red, dict) else text.split(": ", 1)[0]
            return
        result = message.get("result")
        if fields["era"] is None and isinstance(result, dict) and isinstance(result.get("protocolVersion"), str):
            fields["era"] = result["protocolVersion"][:32]
        text = _text_of(result)
        if text is not None:
            fields["output_chars"] = len(text)
            fields["sha256"] = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        if note is not None and (note.text is text or note.text == text):
            fields["counts"] = {k: int(v) for k, v in sorted(note.counts.items()) if v}
        if isinstance(result, dict) and result.get("isError") is True:
            fields["outcome"] = "is_error"
            code = note.code if note is not None else _slug_of(text or "")
            fields["error_code"] = code if code in _ERROR_SLUGS else None
            if note is None or code in _ERROR_SLUGS:  # fixed messages only, never a report body
                fields["message"] = text

    def _tool(self, name: Any) -> Any:
        server = self._server
        tools = getattr(server, "tools", ())
        by_name = self._by_name
        if by_name is None or by_name[0] is not tools:
            by_name = self._by_name = (tools, {t.name: t for t in tools})
        return by_name[1].get(name) if isinstance(name, str) else None

    def _generation(self) -> int | None:
        svc = self._service(build=False)
        if svc is None:
            return None
        gen = getattr(svc, "generation", None)
        return gen if isinstance(gen, int) else None

    def _refused(self, message: dict, p: _Pending | None) -> dict:
        if p is not None and p.method == "tools/call" and isinstance(message.get("result"), dict):
            result = message["result"]
            refusal = self._render_tool(self.refusal() or ToolResult(text=Fixed(REFUSAL), is_error=True),
                                        structured_content="structuredContent" in result)
            extra = {k: v for k, v in result.items() if k not in ("content", "structuredContent", "isError")}
            return {**message, "result": {**extra, **refusal}}
        return {"jsonrpc": "2.0", "id": message.get("id"),
                "error": {"code": INTERNAL_ERROR, "message": REFUSAL}}


class NullRecorder:
    """The recorder of a server without ``--audit-log``: every hook is a no-op."""

    def begin(self, msg: Any, server: Any) -> None:
        pass

    def note(self, result: ToolResult) -> None:
        pass

    def refusal(self) -> None:
        return None

    def answered(self, message: dict) -> dict:
        return message

    def cancelled(self, rid: Any) -> None:
        pass

    def notified(self, msg: Any) -> None:
        pass

    def close(self) -> None:
        pass


NULL = NullRecorder()
