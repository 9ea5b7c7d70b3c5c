"""Shared pieces of the proxy tests: a private config outside the served folder, and a wire client."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tests.sweep_helpers import CORPUS, MODERN_META, clean_env

REPO = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parent / "fake_upstream.py"


def private_config(tmp: Path) -> Path:
    """The fixture corpus's config and term file, copied to ``tmp/config`` (outside any served folder)."""
    cfg = tmp / "config"
    cfg.mkdir(parents=True, exist_ok=True)
    shutil.copy(CORPUS / ".agent-context-redactor.toml", cfg / "redact.toml")
    shutil.copy(CORPUS / "private-terms.txt", cfg / "private-terms.txt")
    return cfg / "redact.toml"


def proxy_env(tmp: Path) -> dict[str, str]:
    return clean_env(tmp / "state")


def proxy_argv(config: Path, *flags: str, upstream: list[str] | None = None, era: str = "legacy",
               log: Path | None = None, pidfile: Path | None = None) -> list[str]:
    up = upstream or [sys.executable, str(FAKE), "--era", era]
    if upstream is None and log is not None:
        up += ["--log", str(log)]
    if upstream is None and pidfile is not None:
        up += ["--pidfile", str(pidfile)]
    return [sys.executable, "-m", "redacted_context_mcp.cli", "proxy", "--config", str(config), *flags, "--", *up]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie of an exited child counts as gone
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().split(") ", 1)[1][:1] != "Z"
    except OSError:
        return False


def wait_gone(pid: int, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return not alive(pid)


class Wire:
    """The proxy as a subprocess; JSON lines in, replies collected by a reader thread."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     cwd=REPO, env=env)
        self.raw = bytearray()
        self.messages: queue.Queue[dict] = queue.Queue()
        self.seen: list[dict] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.modern = False

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.raw += line
            self.messages.put(json.loads(line))

    def send(self, message: dict) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()

    def request(self, rid: Any, method: str, params: dict | None = None, timeout: float = 60.0) -> dict:
        p = dict(params or {})
        if self.modern:
            p["_meta"] = MODERN_META
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": p})
        return self.reply(rid, timeout)

    def reply(self, rid: Any, timeout: float = 60.0) -> dict:
        for m in self.seen:
            if m.get("id") == rid and "method" not in m:
                return m
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(rid)
            m = self.messages.get(timeout=left)
            self.seen.append(m)
            if m.get("id") == rid and "method" not in m:
                return m

    def initialize(self) -> dict:
        return self.request("init", "initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                                    "clientInfo": {"name": "t", "version": "1"}})

    def call(self, rid: Any, name: str, args: dict | None = None, timeout: float = 60.0) -> dict:
        return self.request(rid, "tools/call", {"name": name, "arguments": args or {}}, timeout)

    def close(self, timeout: float = 20.0) -> tuple[int, bytes]:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._reader.join(5)
        err = self.proc.stderr.read() if self.proc.stderr else b""
        return self.proc.returncode, err

    def __enter__(self) -> Wire:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.close()


def pids(pidfile: Path) -> list[int]:
    if not pidfile.exists():
        return []
    return [int(x) for x in pidfile.read_text().split()]
