"""Soak: run every attack class of tests/attack/classes.py again and again for a few minutes.

Usage: ``python3 scripts/soak.py [--minutes 5] [--seed N] [--only NAME ...]`` (``make soak``).
Each round gives every class a fresh seed derived from ``--seed``, a bounded
attempt count and a bounded time slice; everything runs on this machine only
(in-process servers, local child processes, temporary folders). Prints one line
per class with attempts, crashes, hangs, leaks and wrong answers, then the
totals; exits 1 when any crash, hang, leak or wrong answer was seen.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.attack.classes import CLASSES, Tally  # noqa: E402

#: (attempts, seconds) per class per round.
ROUND = {
    "jsonrpc_fuzz": (2000, 20.0),
    "hostile_paths": (5000, 10.0),
    "hostile_regexes": (1000, 15.0),
    "symlink_swap": (5000, 10.0),
    "config_swaps": (1000, 10.0),
    "concurrent_cancel": (400, 15.0),
    "large_files": (200, 10.0),
}
MAX_ROUNDS = 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--only", nargs="*", choices=sorted(CLASSES), default=None)
    ns = ap.parse_args(argv)
    names = ns.only or sorted(CLASSES)
    seeds = random.Random(ns.seed)
    totals = {n: Tally(n) for n in names}
    end = time.monotonic() + ns.minutes * 60
    rounds = 0
    print(f"soak: seed={ns.seed} minutes={ns.minutes} classes={len(names)}", flush=True)
    while time.monotonic() < end and rounds < MAX_ROUNDS:
        rounds += 1
        for name in names:
            left = end - time.monotonic()
            if left <= 0:
                break
            count, seconds = ROUND[name]
            seed = seeds.randrange(1 << 30)
            started = time.monotonic()
            try:
                got = CLASSES[name](random.Random(seed), count, min(seconds, left))
            except Exception as exc:  # noqa: BLE001 - the harness itself failed: a crash
                got = Tally(name, attempts=1, crashes=1, notes=[f"harness: {type(exc).__name__}"])
            total = totals[name]
            for k in ("attempts", "crashes", "hangs", "leaks", "wrong"):
                setattr(total, k, getattr(total, k) + getattr(got, k))
            if not got.clean:
                total.notes += [f"round {rounds} seed {seed}: {n}" for n in got.notes[:5]]
            print(f"  round {rounds:<3} {got.line()}  ({time.monotonic() - started:.1f}s)", flush=True)
    print(f"soak: {rounds} round(s)")
    for t in totals.values():
        print(t.line())
        for n in t.notes[:10]:
            print("    " + n)
    keys = ("attempts", "crashes", "hangs", "leaks", "wrong")
    sums = {k: sum(getattr(t, k) for t in totals.values()) for k in keys}
    print("TOTAL " + " ".join(f"{k}={v}" for k, v in sums.items()))
    return 0 if all(t.clean for t in totals.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
