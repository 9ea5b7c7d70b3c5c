#!/usr/bin/env python3
"""Benchmark whole-root search and retrieval through the service layer.

    python3 scripts/gen_kb.py /tmp/kb10k --files 10000
    python3 scripts/bench_search.py /tmp/kb10k [--repeat 3] [--format text|json]

For each operation (literal search, regex search, retrieve) a fresh service is
built so the first call is cold (walk, sniff, read, redact, index); the
repeated calls reuse the in-memory index. Then a placeholder copied from the
output is searched for (warm). Peak memory is the process's max RSS.
Targets (issue 5): at 10,000 files first call < 10 s and repeated < 1 s;
placeholder search over 1,000 files < 0.3 s warm; peak RSS < 400 MB.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redacted_context_mcp import app  # noqa: E402
from redacted_context_mcp.service import search as ops  # noqa: E402

LITERAL = {"query": "__redctx_no_match_benchmark__", "ignore_case": True}
REGEX = {"query": r"invoice\s+\w+|limit = 9\d\d", "regex": True, "ignore_case": True}
RETRIEVE = {"query": "database backup recovery retention"}
_PLACEHOLDER = re.compile(r"\[[A-Z][A-Z_]*_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")


def _service(root: Path):
    return app.build_service(app.make_options(root))


def _timed(fn, svc, args):
    t = time.perf_counter()
    result = fn(svc, args)
    return time.perf_counter() - t, result


def _peak_rss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def run(root: Path, repeat: int) -> dict:
    figures: dict = {"root": str(root)}
    for name, fn, args in (("literal_search", ops.search, LITERAL), ("regex_search", ops.search, REGEX),
                           ("retrieve", ops.retrieve, RETRIEVE)):
        svc = _service(root)
        first, result = _timed(fn, svc, args)
        if result.is_error:
            raise SystemExit(f"{name}: {result.text}")
        warm = min(_timed(fn, svc, args)[0] for _ in range(repeat))
        figures[name] = {"first_s": round(first, 3), "repeated_s": round(warm, 3)}
    files = len(svc.cache)
    figures["files"] = files
    figures["indexed_mb"] = round(svc.cache.bytes_used / 1e6, 1)
    m = None
    for prefix in ("[PERSON_", "[CLIENT_", "[EMAIL_", "["):
        m = _PLACEHOLDER.search(ops.search(svc, {"query": prefix, "max_results": 50}).text)
        if m:
            break
    if m:
        ops.search(svc, {"query": m.group(0)})
        warm = min(_timed(ops.search, svc, {"query": m.group(0)})[0] for _ in range(repeat))
        category = m.group(0)[1:].split("_")[0]
        figures["placeholder_search"] = {"category": category, "repeated_s": round(warm, 3)}
    figures["peak_rss_mb"] = round(_peak_rss_mb(), 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--format", choices=("text", "json"), default="text")
    ns = ap.parse_args(argv)
    figures = run(ns.root, max(1, ns.repeat))
    if ns.format == "json":
        print(json.dumps(figures, indent=2))
        return 0
    for key, value in figures.items():
        if isinstance(value, dict):
            print(f"{key}: " + " ".join(f"{k}={v}" for k, v in value.items()))
        else:
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
