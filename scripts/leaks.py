#!/usr/bin/env python3
"""Leak measurement over the labelled corpora (a report, not a test).

    python3 scripts/leaks.py [--seed N] [--suite NAME] [--show] [--write DIR] [--check]

Loads every suite under ``tests/corpus/*/cases.py``, redacts each generated file with the real
engine in strict and balanced mode, and prints per suite and family: files, labelled values,
values leaked in each mode, recall, keep controls and their survival, then overall rows and the
slowest file (each file is timed as the best of 3 runs; one Redactor per mode, one core).
How a leak and a survival are counted is documented in ``tests/corpus/scoring.py``.

Raw values are never printed. ``--show`` lists each leak as mode, suite/family, file name and
line number (look it up with ``--write``). ``--write DIR`` dumps the generated files to
``DIR/<suite>/<family>/<file>``. The exit status is 0, or with ``--check`` 1 when a target is
missed: any leaked value in either mode, or a family keeping fewer than 90% of its controls.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from redacted_context_mcp.config import Policy  # noqa: E402
from redacted_context_mcp.redaction.engine import Redactor  # noqa: E402
from redacted_context_mcp.redaction.secret_filenames import file_kind  # noqa: E402
from tests.corpus import Case  # noqa: E402
from tests.corpus.scoring import KEEP_TARGET, Score, load, score  # noqa: E402

SALT = b"leak-corpus-salt-0123456789abcdef"
MODES = ("strict", "balanced")


def _pct(num: int, den: int) -> str:
    return f"{100 * num / den:.1f}" if den else "-"


def _row(label: str, strict: list[Score], balanced: list[Score]) -> list[str]:
    n_s, n_b = sum(s.checked for s in strict), sum(s.checked for s in balanced)
    l_s, l_b = sum(len(s.leaks) for s in strict), sum(len(s.leaks) for s in balanced)
    k = sum(s.keep_total for s in strict)
    k_s = k - sum(len(s.keep_lost) for s in strict)
    k_b = k - sum(len(s.keep_lost) for s in balanced)
    return [*label.split("\t"), str(len(strict)), str(n_s), str(l_s), str(l_b), _pct(n_s - l_s, n_s),
            _pct(n_b - l_b, n_b), str(k), _pct(k_s, k), _pct(k_b, k)]


HEAD = ["suite", "family", "files", "values", "leaked S", "leaked B", "recall S %", "recall B %",
        "keep", "kept S %", "kept B %"]


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [HEAD, *rows] if r) for i in range(len(HEAD))]
    fmt = lambda r: "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))  # noqa: E731
    sep = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(HEAD), sep, *(fmt(r) if r else sep for r in rows)])


def _write(cases: list[Case], root: Path) -> None:
    for c in cases:
        path = root / c.suite / c.family / c.filename
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(c.text, encoding="utf-8")


def _missed(groups: dict[tuple[str, str], dict[str, list[Score]]]) -> list[str]:
    missed = []
    for (suite, family), by_mode in groups.items():
        for mode, scores in by_mode.items():
            if any(s.leaks for s in scores):
                missed.append(f"{suite}/{family}: leaks in {mode}")
            total = sum(s.keep_total for s in scores)
            kept = total - sum(len(s.keep_lost) for s in scores)
            if total and kept / total < KEEP_TARGET:
                missed.append(f"{suite}/{family}: keep survival below {KEEP_TARGET:.0%} in {mode}")
    return missed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--suite", action="append", default=[], help="only this suite (repeatable)")
    ap.add_argument("--show", action="store_true", help="list leaks by family, file and line (never the value)")
    ap.add_argument("--write", metavar="DIR", type=Path, help="dump the generated files under DIR")
    ap.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = ap.parse_args(argv)

    cases = load(args.seed, args.suite)
    if not cases:
        print("no corpus cases found under tests/corpus/*/cases.py")
        return 1 if args.check else 0
    if args.write:
        _write(cases, args.write)
    redactors = {m: Redactor(Policy(mode=m), SALT) for m in MODES}
    groups: dict[tuple[str, str], dict[str, list[Score]]] = defaultdict(lambda: {m: [] for m in MODES})
    for c in cases:
        kind = file_kind(c.filename)  # each file is redacted as the service reads it: with its name's kind
        for m in MODES:
            groups[(c.suite, c.family)][m].append(
                score(c, m, lambda t, r=redactors[m], k=kind: r.redact(t, kind=k).text, repeat=3))

    near = lambda key: all("near-miss" in s.case.tags for s in groups[key]["strict"])  # noqa: E731
    ordered = sorted(groups, key=lambda k: (k[0], near(k), k[1]))
    rows = [_row(f"{s}\t{f}", groups[(s, f)]["strict"], groups[(s, f)]["balanced"]) for s, f in ordered]
    every = {m: [x for k in ordered for x in groups[k][m]] for m in MODES}
    rows.append([])
    for suite in sorted({k[0] for k in ordered}):
        for label, pick in (("secret files", False), ("near-miss files", True)):
            keys = [k for k in ordered if k[0] == suite and near(k) == pick]
            if keys:
                rows.append(_row(f"{suite}\t({label})", *([x for k in keys for x in groups[k][m]] for m in MODES)))
    rows.append(_row("ALL\t(all files)", every["strict"], every["balanced"]))
    print(f"leak corpus, seed {args.seed}: {len(cases)} files, {len(groups)} families (S = strict, B = balanced)\n")
    print(_table(rows))

    for m in MODES:
        total_bytes = sum(len(s.case.text.encode()) for s in every[m])
        total_s = sum(s.seconds for s in every[m]) or 1e-9
        worst = max(every[m], key=lambda s: s.seconds)
        size = len(worst.case.text.encode())
        print(f"\n{m}: {total_bytes / 1e6 / total_s:.2f} MB/s over the corpus (best of 3 per file); slowest file "
              f"{worst.case.suite}/{worst.case.family}/{worst.case.filename}: {worst.seconds * 1e3:.1f} ms, "
              f"{size / 1e6 / (worst.seconds or 1e-9):.2f} MB/s ({size} bytes)", end="")
    print()

    if args.show:
        print("\nleaks (mode, suite/family, file:line):")
        for m in MODES:
            for s in every[m]:
                for _value, line in s.leaks:
                    print(f"  {m:<8} {s.case.suite}/{s.case.family}  {s.case.filename}:{line}")
        print("\nlost keep controls (mode, suite/family, file, count):")
        for m in MODES:
            for s in every[m]:
                if s.keep_lost:
                    print(f"  {m:<8} {s.case.suite}/{s.case.family}  {s.case.filename}  {len(s.keep_lost)}")

    missed = _missed(groups)
    if args.check and missed:
        print(f"\n{len(missed)} target(s) missed", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
