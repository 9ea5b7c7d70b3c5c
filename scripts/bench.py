#!/usr/bin/env python3
"""The ``make bench`` driver: generate knowledge bases, measure every figure, print one table.

    python3 scripts/bench.py [--sizes 1000,10000] [--kb-bytes 3000] [--workdir DIR] [--format text|json]

For each size it generates a fictional knowledge base with ``scripts/gen_kb.py``
(about ``--kb-bytes`` per file and a ~200-term config) plus one 1 MB file, then
measures in fresh processes so caches and peak memory do not leak between runs:

* ``ops`` child: the ``benchmark`` operation in strict and balanced mode
  (redaction MB/s, walk/read/redact/search timings), tree and list, a 1 MB read
  cold and warm, a 50-file bundle cold;
* ``search`` child: ``scripts/bench_search.py`` (literal, regex and retrieve,
  first and repeated calls, a warm placeholder search, peak RSS);
* ``log`` child: ``head``/``tail``/a middle ``read`` of a generated 200 MB log
  (``--log-mb``), streamed because it is over the per-file limit, in CPU time;
  the log lives in its own temp dir, removed after;
* the real server (``python -m redacted_context_mcp``): process start to the
  first answered request, ``tools/list`` time, and the server's peak RSS after a
  whole-root search;
* index workers and warm-up (issue 10): a cold whole-root search in-process
  (``REDCTX_INDEX_WORKERS=0``) and with the worker pool (both ``--no-warm-index``),
  and a search sent 5 s and 15 s after start with the default warm-up;
* the audit log's overhead on read and search latency (issue 19, 1,000 files): two servers
  side by side, without and with ``--audit-log``, the same calls interleaved; the median over
  7 rounds of each round's on/off ratio of client latency and of server CPU per call
  (``scripts/bench_auditlog.py`` prints the same figures on its own, see its docstring).
* ``writes`` child: ``redctx rehydrate`` of a 100-file redacted export against the
  root (first call builds the map, second reuses it) and one warm 50 KB
  ``redctx_submit_doc`` (wall and CPU seconds; the submit's outcome is recorded).

Figures are printed next to the targets the issues set. Nothing here is a test:
no figure fails the run.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "scripts"
BIG_FILE = "big/large-notes.md"
BIG_BYTES = 1_000_000
LOG_FILE = "bench-big.log"
INIT = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}


# -- knowledge base ------------------------------------------------------------------------------
def generate(root: Path, files: int, kb_bytes: int) -> None:
    """Generate the knowledge base with gen_kb, then add one ~1 MB text file built from it."""
    subprocess.run([sys.executable, str(SCRIPTS / "gen_kb.py"), str(root), "--files", str(files),
                    "--kb-bytes", str(kb_bytes)], check=True)
    parts: list[str] = []
    size = 0
    for path in sorted(root.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        parts.append(text)
        size += len(text.encode("utf-8"))
        if size >= BIG_BYTES:
            break
    while size < BIG_BYTES and parts:  # a tiny KB: repeat what there is
        parts.append(parts[len(parts) % max(1, len(parts))])
        size += len(parts[-1].encode("utf-8"))
    big = root / BIG_FILE
    big.parent.mkdir(parents=True, exist_ok=True)
    big.write_bytes("".join(parts).encode("utf-8")[:BIG_BYTES])


# -- children (run in fresh processes) ---------------------------------------------------------------
def _timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def child_ops(root: Path) -> dict[str, Any]:
    sys.path.insert(0, str(REPO))
    from redacted_context_mcp import app
    from redacted_context_mcp.service import admin, files

    def fresh(**flags: Any):
        svc = app.build_service(app.make_options(root, **flags))
        svc.snapshot()
        return svc

    out: dict[str, Any] = {}
    for mode in ("strict", "balanced"):
        doc = json.loads(admin.benchmark(fresh(mode=mode), {"format": "json"}).text)
        out[f"benchmark_{mode}"] = doc
    out["tree_s"] = _timed(lambda: files.tree(fresh(), {}))
    out["list_s"] = _timed(lambda: files.list_entries(fresh(), {}))
    out["list_recursive_s"] = _timed(lambda: files.list_entries(fresh(), {"recursive": True}))
    svc = fresh()
    out["read_1mb_cold_s"] = _timed(lambda: files.read(svc, {"path": BIG_FILE}))
    out["read_1mb_warm_s"] = min(_timed(lambda: files.read(svc, {"path": BIG_FILE})) for _ in range(5))
    out["bundle_50_cold_s"] = _timed(lambda: files.bundle(fresh(), {"max_files": 50}))
    out["peak_rss_mb"] = admin.peak_rss_mb()
    return out


def generate_log(root: Path, mbytes: int) -> Path:
    """A ``mbytes`` MB log of fictional lines (emails, hosts, an occasional PEM block) under ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    path = root / LOG_FILE
    block = "".join(
        f"2026-01-{1 + i % 28:02d}T10:{i % 60:02d}:00Z worker-{i % 7} INFO request id={i:08d} "
        f"user=casey.vale{i % 97}@example.org host=app{i % 5}.internal status=200 took={i % 900}ms\n"
        for i in range(2000)
    ) + "-----BEGIN RSA PRIVATE KEY-----\n" + "MIIEbench0" * 6 + "\n-----END RSA PRIVATE KEY-----\n"
    data = block.encode()
    with path.open("wb") as fh:
        for _ in range(max(1, mbytes * 1_000_000 // len(data))):
            fh.write(data)
    return path


def child_log(root: Path) -> dict[str, Any]:
    """CPU cost of streamed head / tail / a middle range of the big log (over the per-file limit)."""
    sys.path.insert(0, str(REPO))
    from redacted_context_mcp import app
    from redacted_context_mcp.service import files

    out: dict[str, Any] = {"log_mb": round((root / LOG_FILE).stat().st_size / 1e6, 1)}

    def cpu(fn: Callable[[], Any]) -> float:
        t0 = time.process_time()
        fn()
        return time.process_time() - t0

    for name, op, args in (
        ("head", files.head, {"path": LOG_FILE}),
        ("tail", files.tail, {"path": LOG_FILE}),
        ("read_middle", files.read, {"path": LOG_FILE, "start_line": 1_000_000, "end_line": 1_000_040}),
    ):
        svc = app.build_service(app.make_options(root))
        svc.snapshot()
        out[f"{name}_cold_cpu_s"] = cpu(lambda: op(svc, args))  # noqa: B023 - called at once
        out[f"{name}_warm_cpu_s"] = min(cpu(lambda: op(svc, args)) for _ in range(3))  # noqa: B023
    svc = app.build_service(app.make_options(root))
    svc.snapshot()
    small = root / "first-40-lines.log"
    with (root / LOG_FILE).open("rb") as fh:
        small.write_bytes(b"".join(fh.readline() for _ in range(40)))
    out["head_of_40_line_file_cpu_s"] = cpu(lambda: files.head(svc, {"path": small.name}))
    return out


def _cpu_timed(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds of this process, result)."""
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def child_writes(root: Path) -> dict[str, Any]:
    """Rehydrate a 100-file redacted export against the root (first and second call), one 50 KB submit."""
    import shutil

    sys.path.insert(0, str(REPO))
    from redacted_context_mcp import app
    from redacted_context_mcp.errors import RedctxError
    from redacted_context_mcp.service import exports, writes

    def fresh():
        options = app.make_options(root, enable_writes=True, write_subdir="incoming")
        return app.build_service(options)

    work = Path(tempfile.mkdtemp(prefix="redctx-bench-writes-"))
    try:
        maker = fresh()
        export = work / "export"
        export.mkdir()
        texts = []
        for i, entry in enumerate(maker.iter_files([], [], maker.budget())):
            if i >= 100:
                break
            text = str(maker.document(entry).text)
            (export / f"doc{i:03d}.md").write_text(text, encoding="utf-8")
            texts.append(text)
        del maker
        svc = fresh()
        out: dict[str, Any] = {}
        wall, cpu, report = _cpu_timed(lambda: exports.restore_export_tree(svc, export, work / "raw1", False, 0))
        out["rehydrate_first_s"], out["rehydrate_first_cpu_s"] = wall, cpu
        out["rehydrate_files"], out["rehydrate_unknown"] = report.files, report.unknown
        wall, cpu, _ = _cpu_timed(lambda: exports.restore_export_tree(svc, export, work / "raw2", False, 0))
        out["rehydrate_second_s"], out["rehydrate_second_cpu_s"] = wall, cpu
        import re

        from redacted_context_mcp.redaction.placeholders import PLACEHOLDER_RE

        # Real redacted text, about 50 KB. Placeholders of configured terms and emails redact again
        # out of context; the others (strict-only words, context-found secrets) would be refused by
        # the round trip, so they become a neutral word here and the figure times a full write.
        keep = re.compile(r"\[(?:CLIENT|ORG|EMAIL)_")
        body = ""
        for text in texts:
            body += PLACEHOLDER_RE.sub(lambda m: m.group() if keep.match(m.group()) else "item", text) + "\n"
            if len(body) >= 50_000:
                break
        body = body[:body.rfind("\n", 0, 50_000) + 1]

        def submit() -> str:
            try:
                writes.submit_doc(svc, {"target_path": "incoming/bench-50k.md", "text": body, "overwrite": True})
                return "written"
            except RedctxError as exc:
                return exc.code.slug

        submit()  # warm: the map exists already; this also warms the balanced redactor
        wall, cpu, outcome = _cpu_timed(submit)
        out["submit_50k_warm_s"], out["submit_50k_warm_cpu_s"], out["submit_outcome"] = wall, cpu, outcome
        return out
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(root / "incoming", ignore_errors=True)


def child_search(root: Path) -> dict[str, Any]:
    sys.path.insert(0, str(SCRIPTS))
    import bench_search

    return bench_search.run(root, 3)


def _run_child(kind: str, root: Path) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, __file__, "--child", kind, str(root)], capture_output=True,
                          text=True, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-4000:])
        return {"error": f"{kind} child failed"}
    return json.loads(proc.stdout)


# -- the real server -----------------------------------------------------------------------------------
def _rpc(proc: subprocess.Popen, msg_id: int, method: str, params: dict | None = None) -> dict:
    msg: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
    if params is not None:
        msg["params"] = params
    proc.stdin.write(json.dumps(msg).encode() + b"\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def _vm_hwm_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def server_figures(root: Path) -> dict[str, Any]:
    """Start the server, time the first answer and tools/list, then its peak RSS after a search."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "redacted_context_mcp", "--root", str(root)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        first = _rpc(proc, 1, "initialize", INIT)
        start_s = time.perf_counter() - t0
        if "result" not in first:
            return {"error": "initialize failed"}
        proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        times = []
        listed: dict = {}
        for i in range(20):
            t = time.perf_counter()
            listed = _rpc(proc, 10 + i, "tools/list", {})
            times.append(time.perf_counter() - t)
        t = time.perf_counter()
        _rpc(proc, 100, "tools/call", {"name": "redctx_search",
                                       "arguments": {"query": "__redctx_no_match_benchmark__"}})
        search_s = time.perf_counter() - t
        return {"start_to_first_answer_s": start_s, "tools_list_s": statistics.median(times),
                "tools_list_bytes_legacy": _json_bytes(_file_tools(listed.get("result"))),
                "tools_list_bytes_all_legacy": _json_bytes(listed.get("result")),
                "tools_list_bytes_modern": modern_tools_list_bytes(root, env),
                "tools_list_first_s": times[0], "mcp_search_first_s": search_s,
                "server_peak_rss_mb": _vm_hwm_mb(proc.pid)}
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _file_tools(result: Any) -> Any:
    """The ``tools/list`` result cut to the ten file tools (the 12 KB budget; GitHub tools come on top)."""
    if not isinstance(result, dict):
        return result
    names = {"redctx_tree", "redctx_list", "redctx_stat", "redctx_read", "redctx_search", "redctx_retrieve",
             "redctx_bundle", "redctx_refresh_index", "redctx_doctor", "redctx_audit"}
    return {**result, "tools": [t for t in result.get("tools", []) if t.get("name") in names]}


def _json_bytes(value: Any) -> int | None:
    """Size of ``value`` as the compact JSON text the server writes."""
    return None if value is None else len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def modern_tools_list_bytes(root: Path, env: dict[str, str]) -> int | None:
    """Size of the ``tools/list`` result in the modern (2026-07-28, per-request ``_meta``) era."""
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": INIT["clientInfo"], "io.modelcontextprotocol/clientCapabilities": {}}
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta}}) + "\n"
    out = subprocess.run([sys.executable, "-m", "redacted_context_mcp", "--root", str(root)], input=line,
                         capture_output=True, text=True, env=env, timeout=120, check=False)
    for reply in out.stdout.splitlines():
        msg = json.loads(reply)
        if msg.get("id") == 1 and "result" in msg:
            return _json_bytes(_file_tools(msg["result"]))
    return None


def _search_after(root: Path, extra: list[str], env_extra: dict[str, str], delay: float) -> float | None:
    """Seconds of one whole-root ``redctx_search`` sent ``delay`` s after the server answered initialize."""
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""), **env_extra)
    proc = subprocess.Popen([sys.executable, "-m", "redacted_context_mcp", "--root", str(root), *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        if "result" not in _rpc(proc, 1, "initialize", INIT):
            return None
        proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        time.sleep(delay)
        t = time.perf_counter()
        reply = _rpc(proc, 2, "tools/call", {"name": "redctx_search",
                                             "arguments": {"query": "__redctx_no_match_benchmark__"}})
        took = time.perf_counter() - t
        return took if "result" in reply and not reply["result"].get("isError") else None
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def index_figures(root: Path) -> dict[str, Any]:
    """Issue 10: cold whole-root search in-process vs with index workers, and after the warm-up."""
    return {
        "cold_in_process_s": _search_after(root, ["--no-warm-index"], {"REDCTX_INDEX_WORKERS": "0"}, 0.5),
        "cold_workers_s": _search_after(root, ["--no-warm-index"], {}, 0.5),
        "warm_after_5s_s": _search_after(root, [], {}, 5.0),
        "warm_after_15s_s": _search_after(root, [], {}, 15.0),
    }


# -- table ---------------------------------------------------------------------------------------------
def _get(d: dict, *path: str) -> Any:
    for p in path:
        if not isinstance(d, dict) or p not in d:
            return None
        d = d[p]
    return d


ROWS: list[tuple[str, str, tuple[str, ...], float]] = [
    # label, target, path into the figures, scale (1000 = seconds shown as ms)
    ("text files", "", ("ops", "benchmark_strict", "text_files"), 1),
    ("text MB", "", ("ops", "benchmark_strict", "redaction_read_bytes"), 1e-6),
    ("redaction strict MB/s", ">= 10", ("ops", "benchmark_strict", "redaction_mb_per_second"), 1),
    ("redaction balanced MB/s", "", ("ops", "benchmark_balanced", "redaction_mb_per_second"), 1),
    ("benchmark walk+sniff ms", "", ("ops", "benchmark_strict", "timings_seconds", "walk_and_text_detection"), 1000),
    ("benchmark read ms", "", ("ops", "benchmark_strict", "timings_seconds", "read_all_text_files"), 1000),
    ("benchmark redact ms", "", ("ops", "benchmark_strict", "timings_seconds", "redact_each_file_as_one_chunk"), 1000),
    ("benchmark search ms", "", ("ops", "benchmark_strict", "timings_seconds", "search_redacted_text"), 1000),
    ("op search cold ms", "", ("ops", "benchmark_strict", "timings_seconds", "service_search_cold"), 1000),
    ("op search warm ms", "", ("ops", "benchmark_strict", "timings_seconds", "service_search_warm"), 1000),
    ("op retrieve cold ms", "", ("ops", "benchmark_strict", "timings_seconds", "service_retrieve_cold"), 1000),
    ("op retrieve warm ms", "", ("ops", "benchmark_strict", "timings_seconds", "service_retrieve_warm"), 1000),
    ("tree ms", "< 50 (1k)", ("ops", "tree_s"), 1000),
    ("list ms", "< 50 (1k)", ("ops", "list_s"), 1000),
    ("list -r ms", "", ("ops", "list_recursive_s"), 1000),
    ("read 1 MB cold ms", "< 150 (1k)", ("ops", "read_1mb_cold_s"), 1000),
    ("read 1 MB warm ms", "< 10 (1k)", ("ops", "read_1mb_warm_s"), 1000),
    ("bundle 50 files cold ms", "< 300 (1k)", ("ops", "bundle_50_cold_s"), 1000),
    ("literal search first s", "< 10 (10k)", ("search", "literal_search", "first_s"), 1),
    ("literal search repeated s", "< 1 (10k)", ("search", "literal_search", "repeated_s"), 1),
    ("regex search first s", "< 10 (10k)", ("search", "regex_search", "first_s"), 1),
    ("regex search repeated s", "< 1 (10k)", ("search", "regex_search", "repeated_s"), 1),
    ("retrieve first s", "< 10 (10k)", ("search", "retrieve", "first_s"), 1),
    ("retrieve repeated s", "< 1 (10k)", ("search", "retrieve", "repeated_s"), 1),
    ("placeholder search warm ms", "< 300 (1k)", ("search", "placeholder_search", "repeated_s"), 1000),
    ("search process peak RSS MB", "< 400 (10k)", ("search", "peak_rss_mb"), 1),
    ("ops process peak RSS MB", "", ("ops", "peak_rss_mb"), 1),
    ("server start to first answer ms", "< 150", ("server", "start_to_first_answer_s"), 1000),
    ("server tools/list ms (median)", "< 5", ("server", "tools_list_s"), 1000),
    ("tools/list KB, ten file tools, 2025-11-25", "<= 12", ("server", "tools_list_bytes_legacy"), 1e-3),
    ("tools/list KB, ten file tools, 2026-07-28", "<= 12", ("server", "tools_list_bytes_modern"), 1e-3),
    ("tools/list KB, all 14 tools, 2025-11-25", "", ("server", "tools_list_bytes_all_legacy"), 1e-3),
    ("server whole-root search first s", "", ("server", "mcp_search_first_s"), 1),
    ("server peak RSS MB", "< 400 (10k)", ("server", "server_peak_rss_mb"), 1),
    # issue 19: median over rounds of the paired on/off ratio, two servers side by side (bench_auditlog.py)
    ("audit log overhead cold read %", "< 5 (1k)", ("audit", "cold read", "overhead_pct"), 1),
    ("audit log overhead warm read %", "< 5 (1k)", ("audit", "warm read", "overhead_pct"), 1),
    ("audit log overhead search %", "< 5 (1k)", ("audit", "search", "overhead_pct"), 1),
    ("audit log overhead cold read server CPU %", "< 5 (1k)", ("audit", "cold read cpu", "overhead_pct"), 1),
    ("audit log overhead warm read server CPU %", "< 5 (1k)", ("audit", "warm read cpu", "overhead_pct"), 1),
    ("audit log overhead search server CPU %", "< 5 (1k)", ("audit", "search cpu", "overhead_pct"), 1),
    ("cold search in-process s", "", ("index", "cold_in_process_s"), 1),
    ("cold search index workers s", "< 3 (10k)", ("index", "cold_workers_s"), 1),
    ("search 5 s after start s", "warm", ("index", "warm_after_5s_s"), 1),
    ("search 15 s after start s", "warm", ("index", "warm_after_15s_s"), 1),
    ("rehydrate 100-file export first s", "< 10 (10k)", ("writes", "rehydrate_first_s"), 1),
    ("rehydrate first CPU s", "", ("writes", "rehydrate_first_cpu_s"), 1),
    ("rehydrate 100-file export second s", "< 1 (10k)", ("writes", "rehydrate_second_s"), 1),
    ("rehydrate second CPU s", "", ("writes", "rehydrate_second_cpu_s"), 1),
    ("submit 50 KB warm s", "< 1 (10k)", ("writes", "submit_50k_warm_s"), 1),
    ("submit 50 KB warm CPU s", "", ("writes", "submit_50k_warm_cpu_s"), 1),
]


def _fmt(value: Any, scale: float) -> str:
    if value is None:
        return "n/a"
    v = value * scale
    return f"{v:.0f}" if abs(v) >= 100 else f"{v:.2f}" if abs(v) >= 1 else f"{v:.3f}"


def table(results: dict[int, dict[str, Any]]) -> str:
    sizes = list(results)
    head = ["figure", "target"] + [f"{n:,} files" for n in sizes]
    rows = [head] + [
        [label, target] + [_fmt(_get(results[n], *path), scale) for n in sizes]
        for label, target, path, scale in ROWS
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000", help="comma-separated file counts")
    ap.add_argument("--kb-bytes", type=int, default=3000, help="approximate bytes per generated file")
    ap.add_argument("--workdir", type=Path, help="keep the generated knowledge bases here")
    ap.add_argument("--format", choices=("text", "json"), default="text")
    ap.add_argument("--log-mb", type=int, default=200, help="size of the generated log for the head figure (0: skip)")
    ap.add_argument("--only-log", action="store_true", help="measure only the big-log figures")
    ap.add_argument("--child", nargs=2, metavar=("KIND", "ROOT"), help=argparse.SUPPRESS)
    ns = ap.parse_args(argv)
    if ns.child:
        kind, root = ns.child
        fn = {"ops": child_ops, "search": child_search, "log": child_log, "writes": child_writes}[kind]
        print(json.dumps(fn(Path(root))))
        return 0
    sizes = [] if ns.only_log else [int(s) for s in ns.sizes.split(",") if s.strip()]
    # Byte-compile the package first, as installing the wheel does: with PYTHONDONTWRITEBYTECODE
    # set (CI images often set it) and a stale __pycache__, every fresh process (the server, each
    # index worker) would otherwise recompile the modules it imports, about 0.1 s per process.
    compileall.compile_dir(str(REPO / "redacted_context_mcp"), quiet=1)
    log: dict[str, Any] = {}
    if ns.log_mb > 0:
        with tempfile.TemporaryDirectory(prefix="redctx-bench-log-") as tmp:  # removed after
            print(f"generating a {ns.log_mb} MB log ...", file=sys.stderr)
            generate_log(Path(tmp), ns.log_mb)
            log = _run_child("log", Path(tmp))
    with tempfile.TemporaryDirectory(prefix="redctx-bench-") as tmp:
        work = ns.workdir or Path(tmp)
        results: dict[int, dict[str, Any]] = {}
        for n in sizes:
            root = work / f"kb{n}"
            if not (root / ".agent-context-redactor.toml").exists():
                print(f"generating {n} files ...", file=sys.stderr)
                generate(root, n, ns.kb_bytes)
            print(f"measuring {n} files ...", file=sys.stderr)
            results[n] = {"ops": _run_child("ops", root), "search": _run_child("search", root),
                          "server": server_figures(root), "index": index_figures(root),
                          "writes": _run_child("writes", root)}
            if n <= 1000:  # issue 19: the audit log's overhead is measured on the 1,000-file KB
                sys.path.insert(0, str(SCRIPTS))
                import bench_auditlog

                results[n]["audit"] = bench_auditlog.overhead(root, work, 7, 100, 10, 300)
    if ns.format == "json":
        print(json.dumps({**{str(k): v for k, v in results.items()}, "big_log": log}, indent=2))
    else:
        if results:
            sys.stdout.write(table(results))
        if log:
            sys.stdout.write(log_lines(log))
    return 0


def log_lines(log: dict[str, Any]) -> str:
    """The streamed-read figures (issue 17: head of a 200 MB log costs about what the head costs)."""
    if "error" in log:
        return "streamed reads of the big log: failed\n"
    ms = {k: f"{v * 1000:.0f} ms" for k, v in log.items() if k.endswith("_s")}
    return (
        f"streamed reads of a {log['log_mb']} MB generated log (CPU time, cold / warm):\n"
        f"  head (40 lines)             {ms['head_cold_cpu_s']} / {ms['head_warm_cpu_s']}"
        f"   (head of a 40-line file: {ms['head_of_40_line_file_cpu_s']})\n"
        f"  tail (40 lines)             {ms['tail_cold_cpu_s']} / {ms['tail_warm_cpu_s']}\n"
        f"  read lines 1,000,000-040    {ms['read_middle_cold_cpu_s']} / {ms['read_middle_warm_cpu_s']}\n"
    )


if __name__ == "__main__":
    raise SystemExit(main())
