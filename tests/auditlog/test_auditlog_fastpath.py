"""The per-call fast path of the audit log writes the same canonical, chained lines as the general path."""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from redacted_context_mcp import render
from redacted_context_mcp.auditlog import recorder as recorder_mod
from redacted_context_mcp.auditlog.chain import (
    REQUEST_FIELDS,
    Sealer,
    audit_key,
    canonical,
    request_parts,
    seal,
)
from redacted_context_mcp.auditlog.recorder import Recorder
from redacted_context_mcp.auditlog.verify import verify_blobs
from redacted_context_mcp.auditlog.writer import AuditWriter
from redacted_context_mcp.model import ToolResult, mint_redacted
from redacted_context_mcp.protocol.server import Server
from redacted_context_mcp.tools import ToolSpec
from tests.invariants import invariant

KEY = audit_key(b"f" * 64)
ID = "@p_0123456789ab"
SCHEMA = {"type": "object", "additionalProperties": False, "properties": {
    "path": {"type": "string"}, "paths": {"type": "array", "items": {"type": "string"}},
    "query": {"type": "string"}, "n": {"type": "integer"}, "flag": {"type": "boolean"},
    "ratio": {"type": "number"}, "format": {"type": "string", "enum": ["text", "json"]},
}}


def _echo(svc: Any, args: dict) -> ToolResult:
    return ToolResult(text=mint_redacted("shown é [PERSON_" + "a" * 32 + "]\n"), counts={"PERSON": 1, "EMAIL": 0,
                                                                                       "CLIENT": 2})


ECHO = ToolSpec("echo", "Returns a fixed redacted text.", SCHEMA, _echo)


class Svc:
    """Counts what reaches the redactor; marks every string it redacts."""

    settings = object()
    generation = 3

    def __init__(self) -> None:
        self.seen: list[dict] = []

    def redact_arguments(self, args: dict) -> dict:
        self.seen.append(dict(args))
        return {k: "[REDACTED]" if isinstance(v, str) else v for k, v in args.items()}


def _server(tmp_path: Path) -> tuple[Server, Recorder, Svc, Path]:
    root = tmp_path / "root"
    root.mkdir()
    log = tmp_path / "audit.jsonl"
    rec = Recorder(AuditWriter(log, KEY, root=root), render.mcp_tool_result)
    svc = Svc()
    server = Server(io.BytesIO(), svc, tools=(ECHO,), max_workers=1, audit=rec)
    server.handle_line(b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}')
    return server, rec, svc, log


def _call(server: Server, rid: Any, args: Any) -> None:
    server.handle_line(json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                                   "params": {"name": "echo", "arguments": args}}).encode())
    server.drain(10)


def _entries(log: Path) -> list[dict]:
    return [json.loads(x) for x in log.read_bytes().splitlines() if b'"header"' not in x]


def _fields(**over: Any) -> dict[str, Any]:
    base = {"arguments": {"path": ID, "n": 3}, "counts": {"PERSON": 2, "EMAIL": 1}, "duration_ms": 0.125,
            "era": "2025-06-18", "error_code": None, "id": 41, "kind": "request", "message": None,
            "method": "tools/call", "outcome": "ok", "output_chars": 4212, "policy_generation": 1, "rpc_code": None,
            "sha256": "ab" * 32, "time": "2026-12-01T15:19:10.123Z", "tool": "redctx_read"}
    return {**base, **over}


def test_request_fields_are_listed_in_canonical_order():
    assert list(REQUEST_FIELDS) == sorted(REQUEST_FIELDS) and set(REQUEST_FIELDS) == set(_fields())


@invariant("AUDIT-2")
@pytest.mark.parametrize("over", [
    {},
    {"arguments": "[unavailable]", "counts": {}, "id": "sha256:0011223344556677", "era": None, "tool": None},
    {"arguments": {"q": 'a "quoted" \\ é \u2028 line', "xs": [1, 2.5, None, True, {"b": [], "a": {}}]}},
    {"outcome": "rpc_error", "rpc_code": -32602, "message": "Unknown tool: <x>", "sha256": None, "output_chars": 0},
    {"outcome": "is_error", "error_code": "unknown_path_id", "message": "Unknown path id.\nsee", "duration_ms": 0},
    {"id": "req-7", "era": 'x"\u00e9', "policy_generation": None, "duration_ms": 1234.5, "output_chars": 10**12},
    {"id": None, "method": "<unrecognized>", "rpc_code": 1.5, "counts": {"Z": 1, "A": 2, "M_N": 3}},
])
def test_the_hand_laid_request_line_is_the_canonical_sealed_line(over):
    fields = _fields(**over)
    prev = "cd" * 32
    line, mac = Sealer(KEY).seal_request(prev, 9, request_parts(fields))
    assert (line, mac) == seal(KEY, prev, {**fields, "seq": 9})


def test_the_prepared_hmac_is_hmac_sha256_for_short_and_long_keys():
    for key in (KEY, b"", b"k" * 64, b"long" * 40):
        for data in (b"", b"x", b"y" * 1000):
            assert Sealer(key).mac(data) == hmac.new(key, data, hashlib.sha256).hexdigest()


def test_a_duration_is_rounded_to_the_microsecond_and_spelled_canonically(monkeypatch):
    rng = random.Random(19)
    values = [0.0, -1.0, 1e-9, 0.0004999, 0.0005, 0.001, 0.0125, 1.0, 12.3456789, 86400.0, 1e13]
    values += [rng.random() * 10 ** rng.randint(-7, 5) for _ in range(20000)]
    for seconds in values:
        monkeypatch.setattr(recorder_mod, "time", SimpleNamespace(monotonic=lambda s=seconds: 1000.0 + s))
        ms = recorder_mod._duration_ms(1000.0)
        text = float.__repr__(ms)
        assert json.dumps(json.loads(text)) == text == canonical(ms).decode()
        assert abs(ms - max(0.0, seconds) * 1000) <= 0.0005 + 1e-6 and ("e" in text or len(text.split(".")[1]) <= 3)


@invariant("AUDIT-2")
@pytest.mark.parametrize("args,rid,counts", [
    ({"path": ID}, 5, {"PERSON": 1, "CLIENT": 2}),
    ({"path": ID, "n": 7, "flag": False, "ratio": 0.5, "format": "json", "paths": [ID, ID]}, "abc-12", {}),
    ({}, 2**70, {"EMAIL": 0, "PERSON": 4}),
    ({"path": "clients/acme.md", "query": "John Smith", "n": 2}, 6, {"PERSON": 1}),  # free text: redacted
])
def test_the_fast_entry_of_a_plain_call_is_the_general_entry_byte_for_byte(tmp_path, monkeypatch, args, rid, counts):
    server, rec, _, _ = _server(tmp_path)
    monkeypatch.setattr(recorder_mod, "utc_now", lambda clock=None: "2026-12-01T00:00:00.000Z")
    monkeypatch.setattr(recorder_mod, "time", SimpleNamespace(monotonic=lambda: 100.0))
    note = ToolResult(text=mint_redacted("text é\n"), counts=counts)
    message = {"jsonrpc": "2.0", "id": rid,
               "result": render.mcp_tool_result(note, structured_content=True)}
    pending = (rid, "tools/call", {"name": "echo", "arguments": args}, "2025-06-18", 99.9875)
    fast = rec._ok_call(pending, message, note)
    assert fast is not None
    assert fast == request_parts(rec._entry(pending, message, note))
    rec.close()


@invariant("AUDIT-1")
def test_ids_numbers_booleans_and_enum_values_are_logged_as_sent_without_the_redactor(tmp_path):
    server, rec, svc, log = _server(tmp_path)
    plain = {"path": ID, "n": 3, "flag": True, "ratio": 0.5, "format": "json", "paths": [ID]}
    _call(server, 1, plain)
    assert svc.seen == []
    _call(server, 2, {"path": ID, "query": "John Smith", "format": "xml"})  # free text and a value off the enum
    _call(server, 3, {"path": "clients/acme.md", "surprise": "raw"})
    _call(server, 4, "not an object")
    rec.close()
    assert svc.seen[:2] == [{"query": "John Smith", "format": "xml"},
                            {"path": "clients/acme.md", "<unexpected-2>": "raw"}]  # then the error message of 4
    rows = {r["id"]: r for r in _entries(log)}
    assert rows[1]["arguments"] == plain
    assert rows[2]["arguments"] == {"path": ID, "query": "[REDACTED]", "format": "[REDACTED]"}
    assert rows[3]["arguments"] == {"path": "[REDACTED]", "<unexpected-2>": "[REDACTED]"}
    assert rows[4]["arguments"] == "[invalid]" and rows[4]["outcome"] == "rpc_error"
    assert rows[1]["counts"] == {"PERSON": 1, "CLIENT": 2} and rows[1]["policy_generation"] == 3
    text = "shown é [PERSON_" + "a" * 32 + "]\n"
    assert rows[1]["sha256"] == hashlib.sha256(text.encode()).hexdigest() and rows[1]["output_chars"] == len(text)
    data = log.read_bytes()  # every line is the canonical form of its fields, then its mac
    assert all(canonical({k: v for k, v in r.items() if k != "mac"})[:-1] + b',"mac":' in data for r in rows.values())
    report = verify_blobs([log.read_bytes()], KEY)
    assert report.ok and report.render() == "ok: 5 entries\n"  # initialize and the four calls


@invariant("AUDIT-1")
def test_a_repeated_short_argument_is_redacted_once_per_policy_generation(tmp_path):
    server, rec, svc, log = _server(tmp_path)
    _call(server, 1, {"query": "John Smith", "n": 1})
    _call(server, 2, {"query": "John Smith", "n": 2})  # the same text: from the memo
    _call(server, 3, {"query": "Jane Doe", "path": "clients/acme.md"})
    _call(server, 4, {"path": "clients/acme.md", "query": "John Smith"})
    svc.generation = 4  # a new policy: every value goes through the redactor again
    _call(server, 5, {"query": "John Smith"})
    long = "x" * 257  # longer than the memo keeps: redacted every time
    _call(server, 6, {"query": long})
    _call(server, 7, {"query": long})
    _call(server, 8, {"surprise": "raw"})  # a name outside the schema is never memoized
    _call(server, 9, {"surprise": "raw"})
    rec.close()
    assert svc.seen == [{"query": "John Smith"}, {"query": "Jane Doe", "path": "clients/acme.md"},
                        {"query": "John Smith"}, {"query": long}, {"query": long},
                        {"<unexpected-1>": "raw"}, {"<unexpected-1>": "raw"}]
    rows = {r["id"]: r for r in _entries(log)}
    assert rows[2]["arguments"] == {"query": "[REDACTED]", "n": 2}
    assert rows[4]["arguments"] == {"path": "[REDACTED]", "query": "[REDACTED]"}
    assert [rows[i]["policy_generation"] for i in (4, 5)] == [3, 4]
    assert verify_blobs([log.read_bytes()], KEY).ok

