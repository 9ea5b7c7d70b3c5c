"""The dual-era MCP server: one JSON-RPC line in, at most one line out.

Each request picks its era (``mcp-wire.md`` section 2 rule 7): ``initialize``
and un-enveloped requests are legacy; a request whose ``params._meta`` holds
``io.modelcontextprotocol/protocolVersion`` is the stateless 2026-07-28 era
(:mod:`protocol.era`). The only process state is the negotiated legacy version.
A request is dispatched by its row of the method table to the handler method
(:mod:`protocol.handlers`). Tool calls and resource requests run on a bounded
worker pool (:mod:`protocol.pool`) so ``ping``, ``server/discover`` and
``tools/list`` stay answerable while a long search runs; a request that finds the
pool's queue full is answered "server busy" at once; writes are serialized.

Imports: protocol.jsonrpc, protocol.versions, protocol.era, protocol.handlers, protocol.methods,
protocol.pool, protocol.stdio, tools, render, errors, limits, auditlog.recorder, regexworker
(service code only through ``tools`` handlers, lazily).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any, BinaryIO

import redacted_context_mcp
from redacted_context_mcp import render
from redacted_context_mcp.auditlog.recorder import NULL as NO_AUDIT
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import CANCEL_CHECK
from redacted_context_mcp.protocol import jsonrpc as rpc
from redacted_context_mcp.protocol import versions as v
from redacted_context_mcp.protocol.era import MSG_DISCOVER_NEEDS_META, MSG_NOT_INITIALIZED, Era, check_modern
from redacted_context_mcp.protocol.handlers import MethodHandlers, echo_name
from redacted_context_mcp.protocol.methods import METHODS_BY_NAME, Method
from redacted_context_mcp.protocol.pool import DEFAULT_QUEUE, Pool
from redacted_context_mcp.protocol.stdio import (
    MAX_LINE_BYTES,
    OVERSIZE,
    claim_stdout,
    read_lines,
    stdin_reader,
)
from redacted_context_mcp.regexworker import kill_workers
from redacted_context_mcp.tools import TOOLS, ToolSpec

SERVER_NAME = "redacted-context-mcp"


def _id_key(rid: Any) -> tuple[str, Any]:
    return (type(rid).__name__, rid)


class Server(MethodHandlers):
    """Handles lines for one stdio connection; call :meth:`handle_line` per input line."""

    def __init__(
        self,
        writer: BinaryIO,
        service: Any = None,
        *,
        tools: tuple[ToolSpec, ...] = TOOLS,
        version: str = redacted_context_mcp.__version__,
        max_workers: int = 4,
        max_queue: int = DEFAULT_QUEUE,
        resources: Mapping[str, Callable[..., Any]] | None = None,
        audit: Any = None,
    ) -> None:
        self._writer = writer
        self._audit = audit if audit is not None else NO_AUDIT  # auditlog.recorder hooks
        self._pool = Pool(max_workers, max_queue)
        self._resource_fns = dict(resources or {})
        self._wlock = threading.Lock()
        self._service_src = service
        self._service_lock = threading.Lock()
        self._service: Any = None
        self.tools = tools
        self._tools_by_name = {t.name: t for t in tools}
        self.server_info = {"name": SERVER_NAME, "version": version}
        self.legacy_version: str | None = None
        self._inflight: dict[tuple[str, Any], threading.Event] = {}
        self._jobs = threading.Condition()
        self._active = 0
        self._slots = threading.BoundedSemaphore(max(1, max_workers))
        self._profile = "default"
        self._tool_lists: dict[tuple[bool, bool], list[dict]] = {}
        self.closed = False

    # ---------------------------------------------------------------- output
    def send(self, message: dict) -> None:
        message = self._audit.answered(message)  # logged before it is written; refused if it cannot be
        data = rpc.encode(message)
        with self._wlock:
            if self.closed:
                return
            try:
                self._writer.write(data)
                self._writer.flush()
            except (OSError, ValueError):
                self.closed = True

    # ----------------------------------------------------------------- input
    def handle_line(self, line: bytes) -> None:
        """Apply ``mcp-wire.md`` section 2 to one line and answer it (or not)."""
        if line is OVERSIZE:
            self.send(rpc.error(None, rpc.INVALID_REQUEST, rpc.MSG_TOO_LONG))
            return
        if not line.strip():
            return
        try:
            msg = rpc.parse(line)
        except rpc.RpcError as e:
            self.send(rpc.error(e.id, e.code, e.message, e.data))
            return
        if msg is None:  # a stray response: the server sends no requests
            return
        if msg.is_notification:
            self._notification(msg)
            return
        self._audit.begin(msg, self)
        try:
            self._request(msg)
        except rpc.RpcError as e:
            self.send(rpc.error(msg.id, e.code, e.message, e.data))
        except Exception:  # noqa: BLE001 - never a traceback or raw text on the wire
            self.send(rpc.error(msg.id, rpc.INTERNAL_ERROR, rpc.MSG_INTERNAL))

    def _notification(self, msg: rpc.Message) -> None:
        row = METHODS_BY_NAME.get(msg.method)
        if row is not None and row.kind == "notification":
            if getattr(self, row.handler)(msg.params):  # True: the notification changed state
                self._audit.notified(msg)
        # every other notification needs nothing.

    def _on_cancelled(self, params: dict) -> bool:
        rid = params.get("requestId")
        if rpc.valid_id(rid):
            with self._jobs:
                event = self._inflight.get(_id_key(rid))
            if event is not None:
                event.set()
                return True
        return False

    def _on_initialized(self, params: dict) -> bool:
        return False

    def _request(self, msg: rpc.Message) -> None:
        params = msg.params
        row = METHODS_BY_NAME.get(msg.method)
        if row is not None and row.kind != "request":
            row = None
        if row is not None and row.name == "initialize":  # always legacy, even with a modern _meta
            self._dispatch(msg, Era(False, ""), row)
            return
        meta = params.get("_meta")
        if isinstance(meta, dict) and v.META_VERSION in meta:
            check_modern(meta)
            self._dispatch(msg, Era(True, v.MODERN), row)
            return
        if row is not None and row.era == "modern":
            raise rpc.RpcError(rpc.INVALID_PARAMS, MSG_DISCOVER_NEEDS_META)
        if self.legacy_version is None and (row is None or row.needs_init):
            raise rpc.RpcError(rpc.INVALID_PARAMS, MSG_NOT_INITIALIZED)
        self._dispatch(msg, Era(False, self.legacy_version or ""), row)

    def _dispatch(self, msg: rpc.Message, era: Era, row: Method | None) -> None:
        if row is None or row.era == ("legacy" if era.modern else "modern"):
            raise rpc.RpcError(rpc.METHOD_NOT_FOUND, f"Method not found: {echo_name(msg.method)}")
        handler: Callable[[dict, Era], dict] = getattr(self, row.handler)

        def run() -> dict:
            return self._decorate(handler(msg.params, era), era, row.cache_scope)

        if row.worker:
            self._spawn(msg, run, lambda: self._busy(msg, era))
        else:
            self.send(rpc.result(msg.id, run()))

    def _decorate(self, result: dict, era: Era, scope: str | None) -> dict:
        if not era.modern:
            return result
        out: dict[str, Any] = {"resultType": "complete", **result}
        if scope is not None:
            out["ttlMs"] = 0
            out["cacheScope"] = scope
        out["_meta"] = {v.META_SERVER_INFO: dict(self.server_info)}
        return out

    # --------------------------------------------------------------- workers
    def _spawn(self, msg: rpc.Message, run: Callable[[], dict], busy: Callable[[], dict]) -> None:
        key = _id_key(msg.id)
        event = threading.Event()
        with self._jobs:
            self._inflight[key] = event
            self._active += 1
        if not self._pool.submit(lambda: self._job(msg.id, key, event, run)):
            with self._jobs:
                if self._inflight.get(key) is event:
                    del self._inflight[key]
                self._active -= 1
                self._jobs.notify_all()
            self.send(busy())

    def _busy(self, msg: rpc.Message, era: Era) -> dict:
        """The answer for a request that found the pool full: a tool error result, else -32603."""
        err = RedctxError(Code.SERVER_BUSY)
        if msg.method == "tools/call":
            res = render.mcp_tool_result(render.error_result(err, self._profile),
                                         structured_content=era.structured)
            return rpc.result(msg.id, self._decorate(res, era, None))
        return rpc.error(msg.id, rpc.INTERNAL_ERROR, err.message)

    def _job(self, rid: Any, key: tuple[str, Any], event: threading.Event, run: Callable[[], dict]) -> None:
        reply: dict | None = None
        try:
            with self._slots:
                if not event.is_set():
                    try:
                        CANCEL_CHECK.set(event.is_set)
                        reply = rpc.result(rid, run())
                    except rpc.RpcError as e:
                        reply = rpc.error(rid, e.code, e.message, e.data)
                    except Exception:  # noqa: BLE001
                        reply = rpc.error(rid, rpc.INTERNAL_ERROR, rpc.MSG_INTERNAL)
            with self._jobs:
                if self._inflight.get(key) is event:
                    del self._inflight[key]
            if reply is not None and not event.is_set():
                self.send(reply)
            else:
                self._audit.cancelled(rid)
        finally:
            with self._jobs:
                self._active -= 1
                self._jobs.notify_all()

    def drain(self, timeout: float | None = None) -> bool:
        """Wait for running jobs; ``True`` when none is left."""
        with self._jobs:
            return self._jobs.wait_for(lambda: self._active == 0, timeout)

    def service(self) -> Any:
        """The service, built on first use when a factory was given."""
        if self._service is None:
            with self._service_lock:
                if self._service is None:
                    src = self._service_src
                    if src is None:
                        raise RuntimeError("no service")
                    self._service = src() if callable(src) else src
        return self._service



def serve(
    reader: BinaryIO,
    writer: BinaryIO,
    service: Any = None,
    *,
    tools: tuple[ToolSpec, ...] = TOOLS,
    max_workers: int = 4,
    max_queue: int = DEFAULT_QUEUE,
    drain_seconds: float | None = None,
    max_line_bytes: int = MAX_LINE_BYTES,
    resources: Mapping[str, Callable[..., Any]] | None = None,
    audit: Any = None,
) -> int:
    """Serve MCP over ``reader``/``writer`` until EOF; returns the exit status (0).

    ``service`` is a Service, a zero-argument factory building one on first use,
    or ``None`` (tool calls then fail with the fixed internal message);
    ``resources`` overrides the resource functions of ``service.files`` (tests). On EOF,
    running jobs get ``drain_seconds`` (``None``: unbounded) to answer.
    """
    server = Server(writer, service, tools=tools, max_workers=max_workers, max_queue=max_queue,
                    resources=resources, audit=audit)
    for line in read_lines(reader, max_bytes=max_line_bytes):
        server.handle_line(line)
        if server.closed:
            break
    server.drain(drain_seconds)
    return 0


def run_stdio(service: Any, *, drain_seconds: float | None = 3.0, audit: Any = None,
              tools: tuple[ToolSpec, ...] = TOOLS) -> int:
    """Serve on the process's stdin/stdout after claiming fd 1 for the wire."""
    wire = claim_stdout()
    try:
        return serve(stdin_reader(), wire, service, drain_seconds=drain_seconds, audit=audit, tools=tools)
    finally:
        if audit is not None:
            audit.close()
        kill_workers()  # a regex worker never outlives the server (atexit covers other exits)
