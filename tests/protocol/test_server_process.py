"""The real server process: start-up checks, the wire, EOF and oversize input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[2]
INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}


def env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(REPO)
    e["REDACTED_CONTEXT_SALT"] = "test-salt-for-protocol-process-tests"
    return e


def start(root: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "redacted_context_mcp", "--root", str(root), *extra],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=env(),
    )


def send(proc: subprocess.Popen, msg: dict | bytes) -> None:
    data = msg if isinstance(msg, bytes) else json.dumps(msg).encode() + b"\n"
    proc.stdin.write(data)
    proc.stdin.flush()


def test_closing_stdin_ends_the_server_with_status_zero(tmp_path):
    proc = start(tmp_path)
    send(proc, INIT)
    reply = json.loads(proc.stdout.readline())
    assert reply["result"]["serverInfo"]["name"] == "redacted-context-mcp"
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert proc.stdout.read() == b""


@invariant("BOUND-3", "PROTO-3")
def test_an_oversize_line_is_refused_and_the_server_keeps_serving(tmp_path):
    proc = start(tmp_path)
    chunk = b"x" * (1024 * 1024)
    proc.stdin.write(b'{"pad":"')
    for _ in range(11):
        proc.stdin.write(chunk)
    proc.stdin.write(b'"}\n')
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "ping"})
    first = json.loads(proc.stdout.readline())
    second = json.loads(proc.stdout.readline())
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert first == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32600, "message": "Request line exceeds maximum size."},
    }
    assert second == {"jsonrpc": "2.0", "id": 1, "result": {}}


def test_a_missing_root_fails_fast_with_a_message_and_status_one(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp", "--root", str(tmp_path / "missing")],
        input=b"",
        capture_output=True,
        cwd=REPO,
        env=env(),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1 and proc.stdout == b""
    assert b"cannot start" in proc.stderr and b"Traceback" not in proc.stderr


@invariant("OUT-2")
def test_a_broken_config_fails_fast_without_echoing_its_content(tmp_path):
    (tmp_path / ".agent-context-redactor.toml").write_text('[redaction\nclients = ["Secret Client Name"]\n')
    proc = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp", "--root", str(tmp_path)],
        input=b"",
        capture_output=True,
        cwd=REPO,
        env=env(),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1 and proc.stdout == b""
    assert b"Invalid redaction config" in proc.stderr
    assert b"Secret Client Name" not in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("flag", [["--detector", "x:y"], ["--detector", "nosuchdetector"]])
def test_unknown_detectors_refuse_to_start(tmp_path, flag):
    proc = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp", "--root", str(tmp_path), *flag],
        input=b"",
        capture_output=True,
        cwd=REPO,
        env=env(),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1 and proc.stdout == b""


def test_help_prints_usage_and_exits_zero():
    proc = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp", "--help"],
        capture_output=True,
        cwd=REPO,
        env=env(),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and b"--root" in proc.stdout
