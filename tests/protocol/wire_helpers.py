"""Helpers for the in-process protocol tests: a fake tool table, a fake
service and resource functions, and runners over in-memory or piped streams."""

from __future__ import annotations

import io
import json
import os
import threading
import time
from typing import Any

import redacted_context_mcp
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import ToolResult, mint_redacted
from redacted_context_mcp.protocol import versions as v
from redacted_context_mcp.protocol.server import serve
from redacted_context_mcp.service.context import Service
from redacted_context_mcp.tools import ToolSpec

META = {
    v.META_VERSION: "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
    v.META_CAPABILITIES: {},
}
SERVER_INFO_META = {v.META_SERVER_INFO: {"name": "redacted-context-mcp", "version": redacted_context_mcp.__version__}}


class FakeService:
    """Stands in for service.context.Service; counts how often it was built."""

    built = 0

    def __init__(self) -> None:
        FakeService.built += 1
        self.settings = object()

    # the real service's result finishing, which the server calls for notices and the size cap
    with_notices = staticmethod(Service.with_notices)
    bounded = staticmethod(Service.bounded)


RELEASE = threading.Event()
STARTED = threading.Event()


def _echo(svc: Any, args: dict) -> ToolResult:
    return ToolResult(text=mint_redacted(f"echo:{args['word']}"), counts={"PERSON": 2, "EMAIL": 0, "CLIENT": 1})


def _fail_fixed(svc: Any, args: dict) -> ToolResult:
    raise RedctxError(Code.PATH_MISSING)


def _crash(svc: Any, args: dict) -> ToolResult:
    raise ValueError("raw secret avery@example.com in /private/client-x.md")


def _not_a_result(svc: Any, args: dict) -> Any:
    return "plain string"


def _block(svc: Any, args: dict) -> ToolResult:
    STARTED.set()
    RELEASE.wait(30)
    return ToolResult(text=mint_redacted("finished"))


CANCEL_SEEN = threading.Event()


def _until_cancelled(svc: Any, args: dict) -> ToolResult:
    """Works in small steps like a real scan, checking its budget between them."""
    from redacted_context_mcp.limits import Budget, Limits

    budget = Budget(Limits(), seconds=30)
    STARTED.set()
    while True:
        try:
            budget.check_deadline()
        except RedctxError:
            CANCEL_SEEN.set()
            raise
        time.sleep(0.01)


def _with_detectors(svc: Any, args: dict) -> ToolResult:
    return ToolResult(
        text=mint_redacted("ok"),
        detector_profile="extended",
        detectors=({"name": "d", "version": "1", "nominated": 0, "positional": 0},),
    )


def _schema(props: dict | None = None, required: tuple = ()) -> dict:
    out: dict = {"type": "object"}
    if props:
        out["properties"] = props
    if required:
        out["required"] = list(required)
    out["additionalProperties"] = False
    return out


FAKE_TOOLS = (
    ToolSpec("fake_echo", "Echo a word.", _schema({"word": {"type": "string"}}, ("word",)), _echo),
    ToolSpec("fake_fail", "Always refuses.", _schema(), _fail_fixed),
    ToolSpec("fake_crash", "Always crashes.", _schema(), _crash),
    ToolSpec("fake_wrong", "Returns a wrong type.", _schema(), _not_a_result),
    ToolSpec("fake_block", "Blocks until released.", _schema(), _block),
    ToolSpec("fake_detectors", "Reports detectors.", _schema(), _with_detectors),
    ToolSpec("fake_scan", "Scans until cancelled.", _schema(), _until_cancelled),
)

RESOURCE_TEXT = {"redctx://p_0a1b2c3d4e5f": "hello [PERSON_00000000000000000000000000000000]"}


def _resources_list(svc: Any, cursor: str | None) -> dict:
    items = [{"uri": u, "name": "@" + u.split("//")[1], "mimeType": "text/plain"} for u in RESOURCE_TEXT]
    if cursor in (None, "", "0"):
        return {"resources": items, "nextCursor": "1"}
    return {"resources": []}


class FakeResourceError(Exception):
    """Shaped like service.files.ResourceError."""

    def __init__(self, reason: str, message: str, legacy: int, modern: int) -> None:
        super().__init__(message)
        self.reason, self.message, self.legacy_code, self.modern_code = reason, message, legacy, modern


def _resources_read(svc: Any, uri: str) -> dict:
    if uri == "redctx://p_toolarge00000":
        raise FakeResourceError(
            "too_large", "Resource exceeds the server resource byte limit.", -32002, -32603
        )
    if uri == "redctx://p_gone00000000":
        raise FakeResourceError("not_found", "Resource not found.", -32002, -32002)
    if uri == "redctx://p_limit00000000":
        raise RedctxError(Code.LIMIT_FILE_BYTES)
    if uri == "redctx://p_crash00000000":
        raise RuntimeError("raw avery@example.com")
    if uri == "redctx://p_blocked000000":
        raise RedctxError(Code.POLICY_BLOCKED)
    if uri not in RESOURCE_TEXT:
        raise RedctxError(Code.UNKNOWN_PATH_ID, ref="@p_ffff")
    return {"contents": [{"uri": uri, "mimeType": "text/plain", "text": RESOURCE_TEXT[uri]}]}


def _templates() -> list:
    return [{"uriTemplate": "redctx://{path_id}", "name": "redacted_context_file"}]


FAKE_RESOURCES = {
    "resources_list": _resources_list,
    "resources_read": _resources_read,
    "resource_templates": _templates,
}


def encode_line(item: Any) -> bytes:
    if isinstance(item, bytes):
        return item if item.endswith(b"\n") else item + b"\n"
    return json.dumps(item).encode() + b"\n"


def run_lines(lines: list, *, service: Any = FakeService, tools: tuple = FAKE_TOOLS, **kw: Any) -> list[dict]:
    """Serve ``lines`` in-process to EOF and return every message written."""
    reader = io.BytesIO(b"".join(encode_line(x) for x in lines))
    writer = io.BytesIO()
    kw.setdefault("resources", FAKE_RESOURCES)
    assert serve(reader, writer, service, tools=tools, drain_seconds=None, **kw) == 0
    return [json.loads(x) for x in writer.getvalue().splitlines()]


def req(rid: Any, method: str, params: dict | None = None, *, meta: bool = False) -> dict:
    msg: dict = {"jsonrpc": "2.0", "id": rid, "method": method}
    if params is not None or meta:
        msg["params"] = dict(params or {})
        if meta:
            msg["params"]["_meta"] = META
    return msg


def init(rid: Any = "init", version: str = "2025-11-25") -> dict:
    return req(
        rid,
        "initialize",
        {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}},
    )


def by_id(messages: list[dict]) -> dict:
    return {json.dumps(m.get("id")): m for m in messages}


class Collector:
    """A thread-safe writer that parses lines as they arrive."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self._buf = b""
        self._cond = threading.Condition()

    def write(self, data: bytes) -> int:
        with self._cond:
            self._buf += data
            while b"\n" in self._buf:
                line, self._buf = self._buf.split(b"\n", 1)
                self.messages.append(json.loads(line))
            self._cond.notify_all()
        return len(data)

    def flush(self) -> None:
        pass

    def wait_for_id(self, rid: Any, timeout: float = 20) -> dict:
        def find() -> dict | None:
            return next(
                (m for m in self.messages if m.get("id") == rid and type(m.get("id")) is type(rid)), None
            )

        with self._cond:
            assert self._cond.wait_for(lambda: find() is not None, timeout), f"no reply for {rid!r}"
            return find()  # type: ignore[return-value]


class LiveServer:
    """A server thread reading from a pipe, so a test can interleave requests."""

    def __init__(self, **kw: Any) -> None:
        r, self._w = os.pipe()
        self._reader = os.fdopen(r, "rb", buffering=0)
        self.out = Collector()
        kw.setdefault("resources", FAKE_RESOURCES)
        kw.setdefault("tools", FAKE_TOOLS)
        self.status: list[int] = []
        self._thread = threading.Thread(
            target=lambda: self.status.append(
                serve(self._reader, self.out, FakeService, drain_seconds=None, **kw)
            ),
            daemon=True,
        )
        self._thread.start()

    def send(self, item: Any) -> None:
        os.write(self._w, encode_line(item))

    def close(self) -> int:
        os.close(self._w)
        self._thread.join(30)
        assert not self._thread.is_alive()
        return self.status[0]
