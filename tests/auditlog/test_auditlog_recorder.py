"""The recorder inside a real ``protocol.server.Server``: cancellation, unanswered requests, no raw echo."""

from __future__ import annotations

import io
import json
import threading
import time
from pathlib import Path
from typing import Any

from redacted_context_mcp import render
from redacted_context_mcp.auditlog.chain import audit_key
from redacted_context_mcp.auditlog.recorder import Recorder
from redacted_context_mcp.auditlog.verify import verify_blobs
from redacted_context_mcp.auditlog.writer import AuditWriter
from redacted_context_mcp.model import ToolResult, mint_redacted
from redacted_context_mcp.protocol.server import Server
from redacted_context_mcp.tools import ToolSpec
from tests.invariants import invariant

KEY = audit_key(b"a" * 64)
GATE = threading.Event()
ENTERED = threading.Event()


def _slow(svc: Any, args: dict) -> ToolResult:
    ENTERED.set()
    GATE.wait(10)
    return ToolResult(text=mint_redacted("done"), counts={"PERSON": 1})


SLOW = ToolSpec("slow", "Waits for the gate.", {"type": "object", "properties": {}, "additionalProperties": False},
                _slow)


class Svc:
    settings = object()
    generation = 7

    def redact_arguments(self, args: dict) -> dict:
        return {k: "[REDACTED]" if isinstance(v, str) else v for k, v in args.items()}


class Wire(io.BytesIO):
    def lines(self) -> list[dict]:
        return [json.loads(x) for x in self.getvalue().splitlines()]


def line(msg: dict) -> bytes:
    return json.dumps(msg).encode()


def setup(tmp_path: Path) -> tuple[Server, Recorder, Wire, Path]:
    GATE.clear()
    ENTERED.clear()
    root = tmp_path / "root"
    root.mkdir()
    log = tmp_path / "audit.jsonl"
    rec = Recorder(AuditWriter(log, KEY, root=root), render.mcp_tool_result)
    wire = Wire()
    server = Server(wire, Svc(), tools=(SLOW,), max_workers=1, audit=rec)
    server.handle_line(line({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {}}))
    return server, rec, wire, log


def rows(log: Path) -> list[dict]:
    return [json.loads(x) for x in log.read_bytes().splitlines() if b'"header"' not in x]


def call(rid: int) -> bytes:
    return line({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": "slow", "arguments": {}}})


@invariant("AUDIT-5")
def test_a_cancelled_queued_request_gets_a_cancelled_line_and_the_cancellation_its_own(tmp_path):
    server, rec, wire, log = setup(tmp_path)
    server.handle_line(call(1))
    assert ENTERED.wait(5)
    server.handle_line(call(2))  # waits for the only worker slot
    server.handle_line(line({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2}}))
    GATE.set()
    assert server.drain(10)
    rec.close()
    assert [r["id"] for r in wire.lines()] == [0, 1]
    by_id = {(r["kind"], r["id"] if r["kind"] == "request" else r["request_id"]): r for r in rows(log)}
    assert by_id[("request", 2)]["outcome"] == "cancelled" and by_id[("request", 2)]["sha256"] is None
    assert by_id[("notification", 2)]["method"] == "notifications/cancelled"
    done = by_id[("request", 1)]
    assert (done["outcome"], done["counts"], done["policy_generation"], done["tool"]) == ("ok", {"PERSON": 1}, 7,
                                                                                          "slow")
    assert verify_blobs([log.read_bytes()], KEY).render() == "ok: 4 entries\n"


def test_a_request_still_running_at_close_is_recorded_as_unanswered(tmp_path):
    server, rec, wire, log = setup(tmp_path)
    server.handle_line(call(5))
    assert ENTERED.wait(5)
    rec.close()
    GATE.set()
    server.drain(10)
    time.sleep(0.05)
    assert [r["outcome"] for r in rows(log) if r["id"] == 5] == ["unanswered"]


@invariant("AUDIT-1")
def test_unknown_tool_names_methods_and_argument_names_are_not_echoed_into_the_log(tmp_path):
    server, rec, wire, log = setup(tmp_path)
    server.handle_line(line({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                             "params": {"name": "acme_secret", "arguments": {"Jane Roe": "x"}}}))
    server.handle_line(line({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                             "params": {"name": "slow", "arguments": {"Jane Roe": "raw value"}}}))
    server.handle_line(line({"jsonrpc": "2.0", "id": 3, "method": "acme/secret", "params": {}}))
    assert server.drain(10)
    rec.close()
    data = log.read_bytes()
    assert b"acme" not in data and b"Jane" not in data and b"raw value" not in data
    by_id = {r["id"]: r for r in rows(log)}
    assert by_id[1]["tool"] == "<unrecognized>" and by_id[3]["method"] == "<unrecognized>"
    assert by_id[2]["arguments"] == {"<unexpected-1>": "[REDACTED]"} and by_id[2]["outcome"] == "is_error"
    assert by_id[2]["error_code"] == "unexpected_args"
