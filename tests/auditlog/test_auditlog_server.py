"""The audit log against the real ``redctx-mcp`` process: fields, load, SIGKILL, refusals, CLI."""

from __future__ import annotations

import hashlib
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from redacted_context_mcp.cli import main as redctx
from redacted_context_mcp.errors import Code
from tests.invariants import invariant
from tests.sweep_helpers import (
    REPO,
    WireClient,
    clean_env,
    copy_corpus,
    find_leaks,
    id_key,
    initialize,
    request,
    tool_text,
)

REFUSAL = Code.AUDIT_LOG_UNAVAILABLE.template
TIME_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


@pytest.fixture
def setup(tmp_path: Path) -> tuple[Path, dict[str, str], Path]:
    root = copy_corpus(tmp_path / "root")
    return root, clean_env(tmp_path / "state"), tmp_path / "logs" / "audit.jsonl"


def start(root: Path, env: dict[str, str], log: Path, *extra: str) -> WireClient:
    log.parent.mkdir(exist_ok=True)
    return WireClient(root, env, "--audit-log", str(log), *extra)


def call(rid, name: str, args: dict) -> dict:
    return request(rid, "tools/call", {"name": name, "arguments": args})


def rows(log: Path) -> list[dict]:
    return [json.loads(x) for x in log.read_bytes().splitlines() if b'"header"' not in x]


def verify(root: Path, env: dict[str, str], *files: Path, capsys) -> tuple[int, str]:
    os.environ.update({"REDACTED_CONTEXT_STATE_DIR": env["REDACTED_CONTEXT_STATE_DIR"]})
    status = redctx(["--root", str(root), "audit-log", "verify", *map(str, files)])
    return status, capsys.readouterr().out


def first_file_ref(client: WireClient) -> str:
    msg = request(9001, "tools/call", {"name": "redctx_list", "arguments": {"recursive": True}}, modern=True)
    listing = tool_text(client.call(9001, msg))
    return next(line.split("\t")[0] for line in listing.splitlines() if "\tfile\t" in line)


@invariant("AUDIT-1", "AUDIT-2")
def test_every_entry_field_describes_the_request_and_the_exact_redacted_reply(setup, capsys):
    root, env, log = setup
    client = start(root, env, log)
    try:
        init = client.call("init", initialize("init", "2025-06-18"))
        ref = first_file_ref(client)
        read = client.call(2, call(2, "redctx_read", {"path": ref}))
        search = client.call(3, call(3, "redctx_search", {"query": "John Smith", "ignore_case": True}))
        again = client.call(31, call(31, "redctx_search", {"ignore_case": True, "query": "John Smith"}))
        raw_path = client.call(4, call(4, "redctx_stat", {"path": "clients/Acme Lantern/john_smith_contract.md"}))
        missing = client.call(5, call(5, "redctx_read", {"path": "@p_000000000000"}))
        unknown = client.call(6, request(6, "no/such/method", {}))
        modern = client.call(7, request(7, "tools/call", {"name": "redctx_doctor", "arguments": {}}, modern=True))
        audit = client.call(8, call(8, "redctx_audit", {"format": "json"}))
        status = client.close()
    finally:
        client.kill()
    assert status == 0 and init["result"]["protocolVersion"] == "2025-06-18"
    by_id = {json.dumps(r["id"]): r for r in rows(log)}
    hashed_init = "sha256:" + hashlib.sha256(b"init").hexdigest()[:16]  # no redactor was built yet
    assert set(by_id) == {id_key(i) for i in (hashed_init, 9001, 2, 3, 31, 4, 5, 6, 7, 8)}
    for r in by_id.values():
        assert TIME_RE.fullmatch(r["time"]) and r["kind"] == "request"
        assert isinstance(r["duration_ms"], float) and r["duration_ms"] >= 0
    e = by_id[id_key(2)]
    text = tool_text(read)
    assert (e["era"], e["method"], e["tool"], e["arguments"]) == ("2025-06-18", "tools/call", "redctx_read",
                                                                  {"path": ref})
    assert e["outcome"] == "ok" and e["error_code"] is None and e["rpc_code"] is None
    assert e["counts"] == read["result"]["structuredContent"]["receipt"]["counts_by_category"]
    assert e["output_chars"] == len(text) and e["sha256"] == hashlib.sha256(text.encode()).hexdigest()
    assert e["policy_generation"] == 1
    s = by_id[id_key(3)]
    assert s["arguments"]["ignore_case"] is True and s["arguments"]["query"].startswith("[PERSON_")
    assert s["counts"] == search["result"]["structuredContent"]["receipt"]["counts_by_category"]
    a = by_id[id_key(31)]  # the same query again (its redaction memoized): the same entry but for the reply
    assert (a["arguments"], a["counts"]) == (s["arguments"], again["result"]["structuredContent"]["receipt"]
                                             ["counts_by_category"])
    assert a["sha256"] == hashlib.sha256(tool_text(again).encode()).hexdigest()
    assert by_id[id_key(4)]["arguments"]["path"].startswith("clients/[CLIENT_")
    assert tool_text(raw_path) and not find_leaks(json.dumps(by_id[id_key(4)]))
    m = by_id[id_key(5)]
    assert (m["outcome"], m["error_code"], m["message"]) == ("is_error", "unknown_path_id", tool_text(missing))
    u = by_id[id_key(6)]
    assert (u["outcome"], u["rpc_code"], u["method"]) == ("rpc_error", unknown["error"]["code"], "<unrecognized>")
    assert by_id[id_key(7)]["era"] == "2026-07-28" and by_id[id_key(7)]["tool"] == "redctx_doctor"
    assert "audit_log: on" in tool_text(modern) and str(log) not in json.dumps(modern)
    assert by_id[id_key(8)]["arguments"] == {"format": "json"}  # the tool's own enum value, as sent
    checks = json.loads(tool_text(audit))["checks"]
    assert [c["status"] for c in checks if c["name"] == "audit log"] == ["PASS"]
    assert verify(root, env, log, capsys=capsys) == (0, "ok: 10 entries\n")


@invariant("AUDIT-5")
def test_fifty_concurrent_requests_get_exactly_one_line_each_and_the_chain_verifies(setup, capsys):
    root, env, log = setup
    client = start(root, env, log)
    try:
        ref = first_file_ref(client)
        ids = list(range(100, 150))
        for i in ids:
            args = {"path": ref} if i % 2 else {"query": "budget", "ignore_case": True}
            client.send(request(i, "tools/call", {"name": "redctx_read" if i % 2 else "redctx_search",
                                                  "arguments": args}, modern=True))
        replies = client.wait_for(ids, timeout=120)
        assert client.close() == 0
    finally:
        client.kill()
    entries = rows(log)
    assert sorted(r["id"] for r in entries if r["id"] in ids) == ids
    assert len(entries) == 51
    for r in entries:
        if r["id"] in ids:
            text = tool_text(replies[id_key(r["id"])])
            assert r["sha256"] == hashlib.sha256(text.encode()).hexdigest()
    assert verify(root, env, log, capsys=capsys) == (0, "ok: 51 entries\n")


@invariant("AUDIT-5")
def test_sigkill_in_a_burst_leaves_every_answered_request_logged_and_at_most_a_cut_tail(setup, capsys):
    root, env, log = setup
    client = start(root, env, log)
    try:
        client.call("init", initialize())
        for i in range(300):
            client.send(call(i, "redctx_search", {"query": "project", "ignore_case": True}))
        deadline = time.monotonic() + 60  # 30 tool answers plus the init reply
        while len(client.replies) < 31 and time.monotonic() < deadline:
            time.sleep(0.01)
        client.proc.kill()
        client.proc.wait()
        time.sleep(0.2)
    finally:
        client.kill()
    status, out = verify(root, env, log, capsys=capsys)
    assert status == 0 and out.startswith("ok: "), out
    assert re.fullmatch(r"ok: \d+ entries\n(truncated tail at line \d+\n)?", out)
    logged = {json.dumps(r["id"]) for r in rows_lenient(log)}
    answered = set(client.replies) - {id_key("init")}  # logged under its hash: no redactor existed yet
    assert len(answered) >= 30 and answered <= logged  # an answer is written only after its line


def rows_lenient(log: Path) -> list[dict]:
    out = []
    for raw in log.read_bytes().splitlines():
        try:
            obj = json.loads(raw)
        except ValueError:
            continue
        if obj.get("type") != "header":
            out.append(obj)
    return out


@invariant("AUDIT-3")
@pytest.mark.parametrize("where", ["inside-root", "symlink"])
def test_the_server_does_not_start_with_a_log_inside_the_root_or_behind_a_symlink(setup, where):
    root, env, log = setup
    log.parent.mkdir()
    if where == "inside-root":
        target = root / "audit.jsonl"
    else:
        real = log.parent / "real.jsonl"
        real.write_bytes(b"")
        log.symlink_to(real)
        target = log
    proc = subprocess.run([sys.executable, "-m", "redacted_context_mcp", "--root", str(root), "--audit-log",
                           str(target)], input=b"", capture_output=True, cwd=REPO, env=env, timeout=60)
    assert proc.returncode == 1 and proc.stdout == b""
    detail = "inside the served root" if where == "inside-root" else "is a symlink"
    assert proc.stderr.decode().startswith("redctx-mcp: cannot start: Audit log refused: the log file")
    assert detail in proc.stderr.decode() and str(root) not in proc.stderr.decode()
    assert not (root / "audit.jsonl").exists()


def _limit_file_size(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


@invariant("AUDIT-4")
def test_a_log_that_cannot_be_written_refuses_tool_calls_with_the_fixed_message(setup):
    root, env, log = setup
    log.parent.mkdir()
    env = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "redacted_context_mcp", "--root", str(root), "--audit-log",
                             str(log)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=REPO, env=env, preexec_fn=_limit_file_size(2500))
    replies = {}
    assert proc.stdin is not None and proc.stdout is not None
    for m in [initialize(), *(call(i, "redctx_doctor", {}) for i in range(1, 9)),
              request(20, "resources/templates/list", {})]:  # one at a time: a deterministic order
        proc.stdin.write(json.dumps(m).encode() + b"\n")
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        replies[json.dumps(reply["id"])] = reply
    _, err = proc.communicate(timeout=60)
    texts = [tool_text(replies[id_key(i)]) for i in range(1, 9)]
    assert texts[0].startswith("root: .") and texts[-1] == REFUSAL
    first_refused = texts.index(REFUSAL)
    assert all(t == REFUSAL for t in texts[first_refused:])
    assert all(replies[id_key(i)]["result"]["isError"] for i in range(first_refused + 1, 9))
    assert replies[id_key(20)]["error"] == {"code": -32603, "message": REFUSAL}
    assert len(log.read_bytes()) <= 2500 and b"Traceback" not in err


@invariant("AUDIT-2")
def test_rotation_by_the_server_chains_dot_one_to_the_new_file(setup, capsys):
    root, env, log = setup
    client = start(root, env, log, "--audit-log-max-bytes", "3000")
    try:
        client.call("init", initialize())
        for i in range(12):
            client.call(i, call(i, "redctx_search", {"query": "budget"}))
        assert client.close() == 0
    finally:
        client.kill()
    olds = sorted(log.parent.glob("audit.jsonl.*"), key=lambda p: -int(p.suffix[1:]))
    assert olds and all(p.stat().st_size <= 3000 for p in [*olds, log])
    assert verify(root, env, *olds, log, capsys=capsys) == (0, "ok: 13 entries\n")


@invariant("AUDIT-2")
def test_a_restarted_server_continues_the_chain_and_verify_exits_one_on_tampering(setup, capsys):
    root, env, log = setup
    for _ in range(2):
        client = start(root, env, log)
        try:
            client.call("init", initialize())
            client.call(1, call(1, "redctx_tree", {}))
            assert client.close() == 0
        finally:
            client.kill()
    assert verify(root, env, log, capsys=capsys) == (0, "ok: 4 entries\n")
    lines = log.read_bytes().splitlines(keepends=True)
    del lines[2]
    log.write_bytes(b"".join(lines))
    assert verify(root, env, log, capsys=capsys) == (1, "line 3: missing\n")


def test_the_summary_command_reports_calls_and_placeholders_in_text_and_json(setup, capsys):
    root, env, log = setup
    client = start(root, env, log)
    try:
        ref = first_file_ref(client)
        client.call(1, call(1, "redctx_read", {"path": ref}))
        client.call(2, call(2, "redctx_read", {"path": ref}))
        assert client.close() == 0
    finally:
        client.kill()
    assert redctx(["audit-log", "summary", str(log), "--format", "json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["calls"] == {"redctx_list": 1, "redctx_read": 2} and s["busiest_files"][0] == {"id": ref, "calls": 2}
    assert redctx(["audit-log", "summary", str(log)]) == 0
    assert "  redctx_read: 2\n" in capsys.readouterr().out
