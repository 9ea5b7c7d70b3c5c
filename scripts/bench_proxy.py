#!/usr/bin/env python3
"""Redacting-proxy overhead: the fake upstream called directly and through ``redctx proxy``.

    python3 scripts/bench_proxy.py [--calls 300] [--big-bytes 1000000] [--format text|json]

Small calls: sequential ``echo`` tool calls with a short argument, client side (send to
reply), median per call, direct and proxied; the difference is the proxy's overhead
(target: under 2 ms plus redaction time for small results). The proxy's own CPU time per
call (from ``/proc``) is reported too, since the machine is shared and wall time is noisy.
Large read: one ``big`` call returning about 1 MB of prose through the proxy (MB/s, and
the proxy CPU seconds it cost). The fake upstream is ``tests/proxy/fake_upstream.py``.
Nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FAKE = REPO / "tests" / "proxy" / "fake_upstream.py"
CONFIG = REPO / "fixtures" / "corpus" / ".agent-context-redactor.toml"
TERMS = REPO / "fixtures" / "corpus" / "private-terms.txt"
INIT = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}


class Peer:
    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=REPO, env=env)
        self.next_id = 0
        self.call("initialize", INIT)

    def call(self, method: str, params: dict) -> tuple[float, dict]:
        self.next_id += 1
        assert self.proc.stdin is not None and self.proc.stdout is not None
        t0 = time.perf_counter()
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                                          "params": params}).encode() + b"\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        return time.perf_counter() - t0, reply

    def cpu(self) -> float:
        """User + system CPU seconds of the process itself (not its children)."""
        with open(f"/proc/{self.proc.pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(") ", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


def _small(peer: Peer, calls: int) -> list[float]:
    for _ in range(20):  # warm-up: tool table, redactor, rehydration map
        peer.call("tools/call", {"name": "echo", "arguments": {"text": "warm up"}})
    return [peer.call("tools/call", {"name": "echo", "arguments": {"text": f"call {i}"}})[0] for i in range(calls)]


def run(calls: int, big: int) -> dict:
    work = Path(tempfile.mkdtemp(prefix="redctx-bench-proxy-"))
    try:
        (work / "config").mkdir()
        shutil.copy(CONFIG, work / "config" / "redact.toml")
        shutil.copy(TERMS, work / "config" / "private-terms.txt")
        env = {k: v for k, v in os.environ.items() if not k.startswith("REDACTED_CONTEXT_")}
        env["REDACTED_CONTEXT_STATE_DIR"] = str(work / "state")
        upstream = [sys.executable, str(FAKE)]
        proxied = [sys.executable, "-m", "redacted_context_mcp.cli", "proxy", "--config",
                   str(work / "config" / "redact.toml"), "--", *upstream]
        direct = Peer(upstream, env)
        d = _small(direct, calls)
        direct.close()
        proxy = Peer(proxied, env)
        cpu0 = proxy.cpu()
        p = _small(proxy, calls)
        cpu_small = (proxy.cpu() - cpu0) / calls
        cpu1 = proxy.cpu()
        seconds, reply = proxy.call("tools/call", {"name": "big", "arguments": {"bytes": big}})
        cpu_big = proxy.cpu() - cpu1
        proxy.close()
        text = reply["result"]["content"][0]["text"]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return {
        "calls": calls,
        "direct_ms": statistics.median(d) * 1000,
        "proxied_ms": statistics.median(p) * 1000,
        "overhead_ms": (statistics.median(p) - statistics.median(d)) * 1000,
        "proxy_cpu_ms_per_call": cpu_small * 1000,
        "big_bytes": big,
        "big_seconds": seconds,
        "big_mb_per_s": big / 1e6 / seconds,
        "big_proxy_cpu_s": cpu_big,
        "big_placeholders": text.count("[PERSON_") + text.count("[SENSITIVE_"),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=300)
    ap.add_argument("--big-bytes", type=int, default=1_000_000)
    ap.add_argument("--format", choices=("text", "json"), default="text")
    ns = ap.parse_args(argv)
    r = run(ns.calls, ns.big_bytes)
    if ns.format == "json":
        sys.stdout.write(json.dumps(r, indent=2) + "\n")
        return 0
    sys.stdout.write(
        f"proxy: {r['calls']} small tool calls, median per call: direct {r['direct_ms']:.2f} ms, "
        f"proxied {r['proxied_ms']:.2f} ms, overhead {r['overhead_ms']:.2f} ms "
        f"(proxy CPU {r['proxy_cpu_ms_per_call']:.2f} ms/call)\n"
        f"proxy: one {r['big_bytes'] / 1e6:.1f} MB read through the proxy: {r['big_seconds']:.2f} s "
        f"({r['big_mb_per_s']:.2f} MB/s, proxy CPU {r['big_proxy_cpu_s']:.2f} s, "
        f"{r['big_placeholders']} placeholders)\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
