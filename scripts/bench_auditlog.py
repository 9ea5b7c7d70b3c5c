#!/usr/bin/env python3
"""Audit-log overhead on tool-call latency: the real server with and without ``--audit-log``.

    python3 scripts/bench_auditlog.py [--files 1000] [--rounds 11] [--cold-reads 300] [--reads 100]
                                      [--warm-rounds 10] [--searches 10] [--repo TREE] [--json]
                                      [--paired [--blocks 20]]

What is measured: the client-seen latency of ``tools/call`` (``redctx_read`` and
``redctx_search``) on the 1,000-file knowledge base of ``scripts/gen_kb.py``, from writing the
request line on the server's stdin to reading its reply line from its stdout, and the server
process's CPU time for the same calls. Each round starts two fresh server processes on the same
tree and state directory (same salt, so the same replies), one without and one with
``--audit-log``, and sends every request to both, one after the other, the order alternating
from call to call, so both see the same moments of a loaded machine. Per round and server:

* ``cold read``: the first read of each of ``--cold-reads`` distinct files (the redacted cache
  fills; no warm index, so the first read stays cold);
* ``warm read``: the first ``--reads`` of them again, ``--warm-rounds`` times (served from cache);
* ``search``: ``--searches`` case-insensitive literal searches over the whole root (after one
  untimed search that builds the index).

A round's figure for each kind is the median latency of its calls (and, printed beside it, the
median of the on/off ratios of the calls paired one by one: the steadier figure on a busy machine),
and the server CPU per call
(the run time of the process's threads, ``/proc/PID/task/*/schedstat`` in ns, or when a pool
thread ended in between, ``/proc/PID/stat`` clock ticks); the overhead is the median over rounds
of the paired ratio on / off of the same round, minus one (target: under 5%). Nothing here is a test.

``--paired`` measures warm reads in process instead: one server runs the same warm reads in
alternating blocks with the recorder on and off (the server's own request, tool and send paths,
on one thread), and prints the median process CPU per call of each and the median paired difference.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
INIT = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}
QUERIES = ("budget", "meeting", "deadline", "review", "project")
OPS = ("cold read", "warm read", "search")
SIDES = ("off", "on")


class Server:
    def __init__(self, root: Path, env: dict[str, str], log: Path | None, repo: Path = REPO) -> None:
        extra = ["--no-warm-index"] + (["--audit-log", str(log)] if log else [])
        self.proc = subprocess.Popen([sys.executable, "-m", "redacted_context_mcp", "--root", str(root), *extra],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=repo, env=env)
        self.next_id = 0
        self.cpu = CpuMeter(self.proc.pid)

    def call(self, method: str, params: dict) -> tuple[float, dict]:
        self.next_id += 1
        assert self.proc.stdin is not None and self.proc.stdout is not None
        line = json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}).encode()
        t0 = time.perf_counter()
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        raw = self.proc.stdout.readline()
        t1 = time.perf_counter()
        return t1 - t0, json.loads(raw)

    def tool(self, name: str, args: dict) -> tuple[float, dict]:
        return self.call("tools/call", {"name": name, "arguments": args})

    def refs(self) -> list[str]:
        _, listing = self.tool("redctx_list", {"recursive": True})
        text = listing["result"]["content"][0]["text"]
        return [line.split("\t")[0] for line in text.splitlines() if "\tfile\t" in line]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def _env(tmp: Path, repo: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDACTED_CONTEXT_")}
    env["REDACTED_CONTEXT_STATE_DIR"] = str(tmp / "audit-bench-state")
    env["PYTHONPATH"] = str(repo) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def one_round(root: Path, tmp: Path, r: int, *, cold_reads: int, reads: int, warm_rounds: int, searches: int,
              repo: Path = REPO) -> dict[str, dict[str, float]]:
    """One round: ``{op: {"off": ms, "on": ms, "off cpu": ms, "on cpu": ms}}``, both servers side by side."""
    env = _env(tmp, repo)
    log = tmp / f"audit-bench-{r}.jsonl"
    log.unlink(missing_ok=True)
    servers = {"off": Server(root, env, None, repo), "on": Server(root, env, log, repo)}
    try:
        for s in servers.values():
            s.call("initialize", INIT)
        refs = {side: s.refs()[:max(cold_reads, reads)] for side, s in servers.items()}
        if refs["off"] != refs["on"]:
            raise RuntimeError("the two servers list different files")
        every = refs["off"]
        warm = every[:reads]

        def phase(args: list[tuple[str, dict]]) -> dict[str, float]:
            times: dict[str, list[float]] = {"off": [], "on": []}
            c0 = {side: s.cpu.read() for side, s in servers.items()}
            for i, (name, a) in enumerate(args):
                for side in (SIDES if i % 2 == 0 else SIDES[::-1]):
                    dt, reply = servers[side].tool(name, a)
                    if "result" not in reply or reply["result"].get("isError"):
                        raise RuntimeError(f"{name} failed on the {side} server")
                    times[side].append(dt)
            out = {side: statistics.median(times[side]) * 1000 for side in SIDES}
            out["call ratio"] = statistics.median(b / a for a, b in zip(times["off"], times["on"]) if a > 0)
            for side, s in servers.items():
                seconds = CpuMeter.between(c0[side], s.cpu.read())
                if seconds is not None:
                    out[f"{side} cpu"] = seconds / len(args) * 1000
            return out

        figures = {"cold read": phase([("redctx_read", {"path": ref}) for ref in every])}
        for s in servers.values():  # builds the search index, untimed
            s.tool("redctx_search", {"query": QUERIES[0], "ignore_case": True})
        figures["warm read"] = phase([("redctx_read", {"path": ref}) for _ in range(warm_rounds) for ref in warm])
        figures["search"] = phase([("redctx_search", {"query": QUERIES[i % len(QUERIES)], "ignore_case": True})
                                   for i in range(searches)])
    finally:
        for s in servers.values():
            s.close()
    return figures


class CpuMeter:
    """Server CPU time between two readings, in seconds (``None`` off Linux).

    Precise when every thread alive at the first reading is still alive at the second: the
    sum of per-thread run times (``/proc/PID/task/*/schedstat``, ns; a thread born in between
    counts whole). A pool worker can end in between (they leave after an idle spell), taking
    its counter with it; then the process's user + system clock ticks (``/proc/PID/stat``,
    which keep ended threads) are used instead, coarse (10 ms) but complete.
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def read(self) -> tuple[dict[str, int], float | None]:
        threads: dict[str, int] = {}
        try:
            tasks = list(Path(f"/proc/{self.pid}/task").iterdir())
        except OSError:
            tasks = []
        for t in tasks:
            try:
                threads[t.name] = int((t / "schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue  # a thread that just ended
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            ticks = None
        return threads, ticks

    @staticmethod
    def between(a: tuple[dict[str, int], float | None], b: tuple[dict[str, int], float | None]) -> float | None:
        if a[0] and a[0].keys() <= b[0].keys():
            return sum(ns - a[0].get(tid, 0) for tid, ns in b[0].items()) / 1e9
        return None if a[1] is None or b[1] is None else b[1] - a[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--cold-reads", type=int, default=300)
    ap.add_argument("--reads", type=int, default=100)
    ap.add_argument("--warm-rounds", type=int, default=10)
    ap.add_argument("--searches", type=int, default=10)
    ap.add_argument("--repo", type=Path, default=REPO, help="the tree whose server is measured (default: this one)")
    ap.add_argument("--json", action="store_true", help="print the figures and every round as JSON")
    ap.add_argument("--paired", action="store_true", help="in-process warm reads, audit on/off in alternating blocks")
    ap.add_argument("--blocks", type=int, default=20, help="--paired: blocks of each")
    ns = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="redctx-bench-audit-") as tmp:
        root = Path(tmp) / "kb"
        subprocess.run([sys.executable, str(REPO / "scripts" / "gen_kb.py"), str(root), "--files", str(ns.files)],
                       check=True, stdout=subprocess.DEVNULL)
        if ns.paired:
            f = paired(root, Path(tmp), ns.blocks, ns.reads)
            print(f"audit log overhead on warm reads, in process, {ns.blocks} alternating blocks of {ns.reads} "
                  f"(median CPU per call; target < 5%)")
            print(f"  warm read cpu off {f['off_us']:7.1f} us   on {f['on_us']:7.1f} us   paired difference "
                  f"{f['diff_us']:5.1f} us   overhead {f['overhead_pct']:+6.1f}%")
            return 0
        rounds: list[dict[str, dict[str, float]]] = []
        figures = overhead(root, Path(tmp), ns.rounds, ns.reads, ns.searches, ns.cold_reads,
                           warm_rounds=ns.warm_rounds, repo=ns.repo, rounds_out=rounds)
        if ns.json:
            print(json.dumps({"figures": figures, "rounds": rounds}, indent=1))
            return 0
        print(report(figures, files=ns.files, rounds=ns.rounds, cold_reads=ns.cold_reads, reads=ns.reads,
                     warm_rounds=ns.warm_rounds, searches=ns.searches), end="")
    return 0


def report(figures: dict[str, dict[str, float]], *, files: int, rounds: int, cold_reads: int, reads: int,
           warm_rounds: int, searches: int) -> str:
    """The figures as text: per kind, median off / on and the median paired per-round overhead."""
    lines = [f"audit log overhead, {files}-file knowledge base, {rounds} rounds of two servers side by side "
             f"(off / on), calls interleaved ({cold_reads} cold reads, {reads} x {warm_rounds} warm reads, "
             f"{searches} searches per round); overhead = median over rounds of on/off - 1 (target < 5%)"]
    for op, f in figures.items():
        unit = "server CPU per call" if op.endswith(" cpu") else "client latency"
        per_call = f"; paired per call {f['per_call_pct']:+.1f}%" if "per_call_pct" in f else ""
        spread = f"rounds {f['min_pct']:+.1f} .. {f['max_pct']:+.1f}{per_call}"
        lines.append(f"  {op:13s} off {f['off_ms']:8.3f} ms   on {f['on_ms']:8.3f} ms   overhead "
                     f"{f['overhead_pct']:+6.1f}%  ({spread})  {unit}")
    return "\n".join(lines) + "\n"


class _Sink:
    def write(self, data: bytes) -> int:
        return len(data)

    def flush(self) -> None:
        pass


def paired(root: Path, tmp: Path, blocks: int = 20, reads: int = 150) -> dict[str, float]:
    """Warm-read CPU per call in one process, audit on and off in alternating blocks (µs)."""
    for k in [k for k in os.environ if k.startswith("REDACTED_CONTEXT_")]:
        del os.environ[k]
    os.environ["REDACTED_CONTEXT_STATE_DIR"] = str(tmp / "paired-state")
    sys.path.insert(0, str(REPO))
    from redacted_context_mcp import app
    from redacted_context_mcp.auditlog import cli_edge
    from redacted_context_mcp.auditlog.recorder import NULL
    from redacted_context_mcp.protocol import jsonrpc as rpc
    from redacted_context_mcp.protocol.methods import METHODS_BY_NAME
    from redacted_context_mcp.protocol.server import Era, Server
    from redacted_context_mcp.tools import tools_for

    options = app.make_options(str(root), audit_log=True)
    live = app.open_policy(options)
    rec = cli_edge.open_recorder(str(tmp / "paired.jsonl"), None, root, live)
    server = Server(_Sink(), app.service_factory(options, live, app.open_detectors(options)),  # type: ignore[arg-type]
                    tools=tools_for(False, None), audit=rec)
    server.handle_line(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INIT}).encode())
    era, scope = Era(False, server.legacy_version or ""), METHODS_BY_NAME["tools/call"].cache_scope
    listing = server._tools_call({"name": "redctx_list", "arguments": {"recursive": True}}, era)
    refs = [ln.split("\t")[0] for ln in listing["content"][0]["text"].splitlines() if "\tfile\t" in ln][:reads]
    lines = [json.dumps({"jsonrpc": "2.0", "id": 1000 + i, "method": "tools/call",
                         "params": {"name": "redctx_read", "arguments": {"path": ref}}}).encode()
             for i, ref in enumerate(refs)]

    def block(recorder: object) -> float:
        server._audit = recorder
        t0 = time.process_time()
        for line in lines:
            msg = rpc.parse(line)
            recorder.begin(msg, server)  # type: ignore[attr-defined]
            server.send(rpc.result(msg.id, server._decorate(server._tools_call(msg.params, era), era, scope)))
        return (time.process_time() - t0) / len(lines) * 1e6

    block(rec)  # the cold reads: fill the cache
    off, on = [], []
    try:
        for _ in range(blocks):
            off.append(block(NULL))
            on.append(block(rec))
    finally:
        rec.close()
    diff = statistics.median(a - b for a, b in zip(on, off))
    base = statistics.median(off)
    return {"off_us": base, "on_us": statistics.median(on), "diff_us": diff, "overhead_pct": 100 * diff / base}


def overhead(root: Path, tmp: Path, rounds: int, reads: int, searches: int, cold_reads: int = 300, *,
             warm_rounds: int = 10, repo: Path = REPO,
             rounds_out: list[dict[str, dict[str, float]]] | None = None) -> dict[str, dict[str, float]]:
    """Per kind (and ``<kind> cpu``): median off / on over rounds and the median paired overhead in percent."""
    per_round = []
    for r in range(rounds):
        per_round.append(one_round(root, tmp, r, cold_reads=cold_reads, reads=reads, warm_rounds=warm_rounds,
                                   searches=searches, repo=repo))
    if rounds_out is not None:
        rounds_out.extend(per_round)
    return summarize(per_round)


def summarize(per_round: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Median off / on, and the median, min and max over rounds of the paired ratio on / off (as percent)."""
    out = {}
    for suffix in ("", " cpu"):
        for op in OPS:
            off_key, on_key = "off" + suffix, "on" + suffix
            pairs = [(x[op][off_key], x[op][on_key]) for x in per_round
                     if off_key in x[op] and on_key in x[op] and x[op][off_key] > 0]
            if not pairs:
                continue
            pct = [100 * (on / off - 1) for off, on in pairs]
            out[op + suffix] = {"off_ms": statistics.median(p[0] for p in pairs),
                                "on_ms": statistics.median(p[1] for p in pairs),
                                "overhead_pct": statistics.median(pct), "min_pct": min(pct), "max_pct": max(pct),
                                "rounds": len(pairs)}
            calls = [100 * (x[op]["call ratio"] - 1) for x in per_round if not suffix and "call ratio" in x[op]]
            if calls:  # the same calls paired one by one (each on call against the off call next to it)
                out[op + suffix]["per_call_pct"] = statistics.median(calls)
    return out


if __name__ == "__main__":
    sys.exit(main())
