"""Server hook: one audit entry per answered request and per state-changing notification.

The server calls :meth:`Recorder.begin` when a request arrives, :meth:`note` with the
final ``ToolResult`` of a tool call (same thread as the answer), :meth:`answered`
with every response just before it is written, :meth:`cancelled` when a cancelled
request's answer is dropped and :meth:`notified` for a cancellation that stopped a
running request. Arguments are redacted by the service (``redact_arguments``), like
output; ids and messages that could carry client text are redacted or reduced. A
response whose entry cannot be written is replaced by a fixed refusal (fail closed).

Per call the work is kept small (a warm read takes well under a millisecond): a table per
tool (:class:`auditlog.fields.ToolArgs`) logs schema-named ints, bools, ``@p_`` ids and values of the
tool's own enums as sent without calling the redactor (which would leave them unchanged
or fingerprint our own enum words); every other value goes through ``redact_arguments``.
The usual entry (a successful call with such arguments) is laid out directly by
:meth:`Recorder._ok_call`; everything else builds the fields (:meth:`Recorder._entry`) for
``chain.request_parts``. Both give the same canonical line (tests compare them).

Imports: errors, model, auditlog.chain, auditlog.fields, auditlog.writer.
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any

from redacted_context_mcp.auditlog.chain import canonical_str
from redacted_context_mcp.auditlog.fields import ERROR_SLUGS, NO_ARGS, RESOURCE_ARGS, ToolArgs, slug_of, text_of
from redacted_context_mcp.auditlog.writer import AuditWriter, utc_now
from redacted_context_mcp.errors import Code
from redacted_context_mcp.model import Fixed, ToolResult

META_VERSION = "io.modelcontextprotocol/protocolVersion"
REFUSAL = Code.AUDIT_LOG_UNAVAILABLE.template
INTERNAL_ERROR = -32603
_KNOWN_METHODS = frozenset({
    "initialize", "ping", "server/discover", "tools/list", "tools/call", "resources/list",
    "resources/read", "resources/templates/list",
})
_ARG_METHODS = frozenset({"tools/call", "resources/list", "resources/read"})
_SAFE_ID = re.compile(r"[0-9a-fA-F-]{1,64}|[a-z]{0,12}[-_]?[0-9]{1,20}")
_MEMO_CHARS = 256  # a schema-named string argument up to this long: its redaction is memoized
_MEMO_MAX = 1024  # entries per policy generation (then the memo starts over)
_SMALL_MEMO_MAX = 4096  # encoded leads, counts and eras (then the memo starts over)


def _duration_ms(start: float) -> float:
    """Milliseconds since ``start``, rounded to the microsecond (its ``repr`` is canonical JSON)."""
    us = int((time.monotonic() - start) * 1e6 + 0.5)
    return us / 1000 if us > 0 else 0.0


def _key(rid: Any) -> tuple[type, Any]:
    return (type(rid), rid)


#: A request between ``begin`` and its answer: (id, method, params, era, monotonic start).
_Pending = tuple[Any, str, dict, "str | None", float]


class Recorder:
    """Turns one server's traffic into sealed entries on an :class:`AuditWriter`."""

    def __init__(self, writer: AuditWriter, render_tool: Callable[..., dict]) -> None:
        self.writer = writer
        self._render_tool = render_tool
        self._server: Any = None
        self._svc: tuple[Any, Any] = (None, None)  # (server, its service) once built
        self._pending: dict[tuple[type, Any], list[_Pending]] = {}
        self._lock = threading.Lock()
        self._local = threading.local()
        self._by_name: tuple[Any, dict[str, ToolArgs]] | None = None
        self._memo: tuple[int | None, dict[tuple[str, str], Any]] = (None, {})  # (generation, redactions)
        self._json: dict[Any, str] = {}  # counts (as item tuples) and eras, encoded
        self._leads: dict[tuple[str, str], tuple[str, str]] = {}  # per (tool, path id): see _lead

    # ------------------------------------------------------------ server hooks
    def begin(self, msg: Any, server: Any) -> None:
        self._server = server
        meta = msg.params.get("_meta")
        era = meta.get(META_VERSION) if type(meta) is dict else None
        if type(era) is not str or len(era) > 32:
            era = server.legacy_version
        rid = msg.id
        p = (rid, msg.method, msg.params, era, time.monotonic())
        key = (type(rid), rid)
        with self._lock:
            queue = self._pending.get(key)
            if queue is None:
                self._pending[key] = [p]
            else:
                queue.append(p)

    def note(self, result: ToolResult) -> None:
        self._local.result = result

    def refusal(self) -> ToolResult | None:
        if not self.writer.broken:
            return None
        return ToolResult(text=Fixed(REFUSAL), is_error=True, code=Code.AUDIT_LOG_UNAVAILABLE.slug)

    def answered(self, message: dict) -> dict:
        local = self._local
        note = getattr(local, "result", None)
        if note is not None:
            local.result = None
        if "id" not in message or ("result" not in message and "error" not in message):
            return message
        p = self._take(message["id"])
        try:
            parts = self._ok_call(p, message, note) if note is not None and p is not None else None
        except (TypeError, ValueError):  # an odd value: the general path records it (or fails closed)
            parts = None
        if parts is not None:
            if self.writer.append_parts(parts):
                return message
        elif self.writer.append_request(self._entry(p, message, note)):
            return message
        return self._refused(message, p)

    def cancelled(self, rid: Any) -> None:
        self._local.result = None
        p = self._take(rid)
        if p is not None:
            self.writer.append_request(self._entry(p, None, None, outcome="cancelled"))

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
            self.writer.append_request(self._entry(p, None, None, outcome="unanswered"))
        self.writer.close()

    # ---------------------------------------------------------------- entries
    def _take(self, rid: Any) -> _Pending | None:
        key = _key(rid)
        with self._lock:
            queue = self._pending.pop(key, None)
            if not queue:
                return None
            p = queue.pop(0)
            if queue:
                self._pending[key] = queue
            return p

    def _service(self, build: bool) -> Any:
        server = self._server
        if server is None:
            return None
        known, svc = self._svc
        if known is server:
            return svc
        svc = getattr(server, "_service", None)
        if svc is None and build:
            try:
                svc = server.service()
            except Exception:  # noqa: BLE001 - no service: nothing can be redacted
                return None
        if svc is not None:
            self._svc = (server, svc)
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

    def _arguments(self, table: ToolArgs, raw: Any) -> Any:
        """Schema-named plain values as sent; the rest (names outside the schema renamed) redacted.

        A short string under a schema name is redacted once per policy generation (the same
        value gives the same redaction until the policy changes): a repeated query costs a
        dictionary lookup instead of a pass through the whole engine.
        """
        if not isinstance(raw, dict):
            return "[invalid]"
        props = table.props
        out: dict[str, Any] = {}
        rest: dict[str, Any] | None = None
        now = self._generation()
        known, memo = self._memo
        if now is None or known != now:
            memo = None
        for i, (k, v) in enumerate(raw.items(), 1):
            if k in props and table.plain(k, v):
                out[k] = v
                continue
            if memo is not None and type(v) is str and len(v) <= _MEMO_CHARS and k in props:
                hit = memo.get((k, v))
                if hit is not None:
                    out[k] = hit
                    continue
            if rest is None:
                rest = {}
            rest[k if k in props else f"<unexpected-{i}>"] = v  # names outside the schema may be raw text
        if rest is not None:
            red = self._redact(rest, build=True)
            if not isinstance(red, dict):
                return red
            out.update(red)
            if now is not None:
                self._remember({k: v for k, v in rest.items() if k in props}, red, now)
        return out

    def _remember(self, raw: dict[str, Any], red: dict[str, Any], gen: int) -> None:
        """Memoize the redactions of short strings under ``gen``, the generation read before they were made.

        The redactor uses that generation or a later one (it re-checks the policy): an entry made
        under a later one sits under a generation that is never current again.
        """
        known, memo = self._memo
        if known != gen or len(memo) >= _MEMO_MAX:
            memo = {}
            self._memo = (gen, memo)
        for k, v in raw.items():
            if type(v) is str and len(v) <= _MEMO_CHARS and k in red:
                memo[(k, v)] = red[k]

    def _ok_call(self, p: _Pending, message: dict, note: ToolResult) -> tuple[str, str, str] | None:
        """The usual entry, a successful tool call with plain arguments, as ``chain.request_parts`` lays it out.

        ``None`` for anything else (errors, odd ids, several blocks), which :meth:`_entry` handles.
        Same fields and the same canonical bytes as ``request_parts(self._entry(...))``, built
        directly: this runs on every call. What repeats from call to call comes from small memos:
        the leading ``arguments`` field of a one-path-id call per (tool, id), a document's counts
        and the era as JSON.
        """
        rid, method, params, era, start = p
        if method != "tools/call" or era is None or "error" in message:
            return None
        result = message.get("result")
        if type(result) is not dict or result.get("isError") is True:
            return None
        blocks = result.get("content")
        if type(blocks) is not list or len(blocks) != 1 or type(blocks[0]) is not dict:
            return None
        text = blocks[0].get("text")
        if type(text) is not str or not (note.text is text or note.text == text):
            return None
        if type(rid) is int:
            rid_json = int.__repr__(rid)
        elif type(rid) is str and _SAFE_ID.fullmatch(rid):
            rid_json = encode_basestring_ascii(rid)
        else:
            return None
        name = params.get("name")
        raw = params.get("arguments", {})
        by_name = self._by_name
        if by_name is None or by_name[0] is not getattr(self._server, "tools", ()):
            by_name = self._tables()
        lead = None
        if type(raw) is dict and len(raw) == 1 and type(name) is str:
            ref = raw.get("path")
            if type(ref) is str:
                lead = self._leads.get((name, ref))
        if lead is None:
            lead = self._lead(by_name[1], name, raw)
            if lead is None:
                return None
        encoded = self._json  # a document's counts and the era repeat: encoded once
        counts_key = tuple(note.counts.items())
        counts_json = encoded.get(counts_key)
        if counts_json is None:
            counts_json = self._encoded(counts_key, {k: int(v) for k, v in note.counts.items() if v})
        era_json = encoded.get(era)
        if era_json is None:
            era_json = self._encoded(era, era)
        known, svc = self._svc
        gen = svc.generation if known is self._server and svc is not None else self._generation()
        duration = float.__repr__(_duration_ms(start))
        sha = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        return (f'{lead[0]}{counts_json},"duration_ms":{duration},'
                f'"era":{era_json},"error_code":null,"id":{rid_json},"kind":"request",'
                f'"message":null,"method":"tools/call","outcome":"ok","output_chars":{len(text)},'
                f'"policy_generation":{int.__repr__(gen) if type(gen) is int else "null"},',
                '"rpc_code":null,',
                f'"sha256":"{sha}","time":"{utc_now()}","tool":{lead[1]}}}')

    def _lead(self, by_name: dict[str, ToolArgs], name: Any, raw: Any) -> tuple[str, str] | None:
        """(``{"arguments":...,"counts":``, the tool name as JSON) of a tools/call, or ``None`` (general path).

        A call whose one argument is a path id is memoized under (tool, id): its line starts the same way.
        """
        table = by_name.get(name) if type(name) is str else None
        if table is None or type(raw) is not dict:
            return None
        arguments = table.encode(raw)
        plain = arguments is not None
        if not plain:  # free text (a query, a path that is no id): redacted, memoized
            args = self._arguments(table, raw)
            if type(args) is not dict:
                return None
            arguments = canonical_str(args)
        lead = (f'{{"arguments":{arguments},"counts":', table.name_json)  # type: ignore[union-attr]
        if plain and len(raw) == 1 and type(raw.get("path")) is str:
            if len(self._leads) >= _SMALL_MEMO_MAX:
                self._leads = {}
            self._leads[(name, raw["path"])] = lead
        return lead

    def _encoded(self, key: Any, value: Any) -> str:
        out = canonical_str(value)
        if len(self._json) >= _SMALL_MEMO_MAX:
            self._json = {}
        self._json[key] = out
        return out

    def _entry(self, p: _Pending | None, message: dict | None, note: ToolResult | None,
               outcome: str | None = None) -> dict[str, Any]:
        """A request entry: exactly ``chain.REQUEST_FIELDS`` (the writer adds ``seq`` and ``prev``)."""
        rid, method, params, era, start = p if p is not None else ((message or {}).get("id"), None, {}, None, None)
        tool = arguments = None
        if method is not None and method not in _KNOWN_METHODS:
            method = "<unrecognized>"
        elif method in _ARG_METHODS:
            if method == "tools/call":
                name = params.get("name")
                table = self._tool(name)
                tool = name if table is not None else "<unrecognized>"
                arguments = self._arguments(table or NO_ARGS, params.get("arguments", {}))
            else:
                arguments = self._arguments(RESOURCE_ARGS, {k: v for k, v in params.items() if k != "_meta"})
        fields: dict[str, Any] = {
            "arguments": arguments, "counts": {},
            "duration_ms": _duration_ms(start) if start is not None else 0,
            "era": era, "error_code": None, "id": self._id(rid), "kind": "request", "message": None,
            "method": method, "outcome": outcome or "ok", "output_chars": 0,
            "policy_generation": self._generation(), "rpc_code": None, "sha256": None, "time": utc_now(),
            "tool": tool,
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
        text = text_of(result)
        if text is not None:
            fields["output_chars"] = len(text)
            fields["sha256"] = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        if note is not None and (note.text is text or note.text == text):
            fields["counts"] = {k: int(v) for k, v in note.counts.items() if v}  # canonical order: sorted there
        if isinstance(result, dict) and result.get("isError") is True:
            fields["outcome"] = "is_error"
            code = note.code if note is not None else slug_of(text or "")
            fields["error_code"] = code if code in ERROR_SLUGS else None
            if note is None or code in ERROR_SLUGS:  # fixed messages only, never a report body
                fields["message"] = text

    def _tables(self) -> tuple[Any, dict[str, ToolArgs]]:
        self._leads = {}  # they name tools of the old table
        tools = getattr(self._server, "tools", ())
        self._by_name = (tools, {t.name: ToolArgs(t.input_schema.get("properties"), t.name) for t in tools})
        return self._by_name

    def _tool(self, name: Any) -> ToolArgs | None:
        by_name = self._by_name
        if by_name is None or by_name[0] is not getattr(self._server, "tools", ()):
            by_name = self._tables()
        return by_name[1].get(name) if isinstance(name, str) else None

    def _generation(self) -> int | None:
        svc = self._service(build=False)
        if svc is None:
            return None
        gen = getattr(svc, "generation", None)
        return gen if isinstance(gen, int) else None

    def _refused(self, message: dict, p: _Pending | None) -> dict:
        if p is not None and p[1] == "tools/call" and isinstance(message.get("result"), dict):
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
