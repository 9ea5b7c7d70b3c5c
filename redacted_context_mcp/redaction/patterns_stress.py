"""The ``patterns`` stress test: synthetic inputs per rule, timed in CPU time (spec diagram 10).

Runs as a standalone script in a child process (``python -I patterns_stress.py``,
standard library only, nothing of the package imported): rules arrive as JSON
on stdin, one line per event goes to stdout (``rule N`` before a rule,
``ok N`` / ``slow N`` / ``superlinear N`` after, ``done`` at the end). Before
each timed run a CPU-time timer (``ITIMER_PROF``) is armed whose default action
ends the process, so a catastrophic rule is stopped inside the regex engine;
the parent reads which rule was running. Nothing is written to stderr.

Inputs come from each rule's own character classes and literal prefix: a run
of each class member, alternations of two members (``a.a.a.…``), and the
prefix followed by or repeated with those runs, at 10,000 and 40,000 chars.

Imports: nothing from the package (standard library only).
"""

from __future__ import annotations

import json
import re
import signal
import sys
import time
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

SIZES = (10_000, 40_000)
SLOW_SECONDS = 2.0
GROWTH = 8.0
MIN_SUSPECT_CPU = 0.020
MAX_RUNS = 5
MAX_UNITS = 12

# Probe characters, in preference order, for picking class members.
_PROBES = "aA0z9Z_ .-@:/,;+%#=\t\u00e9\u4e2d"
_CAT = {
    C.CATEGORY_DIGIT: re.compile(r"\d"), C.CATEGORY_NOT_DIGIT: re.compile(r"\D"),
    C.CATEGORY_WORD: re.compile(r"\w"), C.CATEGORY_NOT_WORD: re.compile(r"\W"),
    C.CATEGORY_SPACE: re.compile(r"\s"), C.CATEGORY_NOT_SPACE: re.compile(r"\S"),
}


def _member(items: list, ch: str) -> bool:
    negate = False
    hit = False
    o = ord(ch)
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            hit = hit or av == o
        elif op is C.RANGE:
            hit = hit or av[0] <= o <= av[1]
        elif op is C.CATEGORY:
            rx = _CAT.get(av)
            hit = hit or bool(rx and rx.match(ch))
    return hit != negate


def _members(test) -> list[str]:
    """Up to three members: the first letter/digit and the first other character that belong."""
    found: list[str] = []
    kinds: set[str] = set()
    for ch in _PROBES:
        if not test(ch):
            continue
        kind = "w" if ch.isalnum() else ch
        if kind == "w" and "w" in kinds:
            continue
        kinds.add(kind)
        found.append(ch)
        if len(found) == 3:
            break
    return found


def analyse(pattern: str, flags: int) -> tuple[str, list[list[str]]]:
    """The literal prefix and the member lists of every character class, in pattern order."""
    tree = P.parse(pattern, flags)
    prefix = []
    skip = 0
    for op, av in tree.data:
        if op is C.LITERAL:
            prefix.append(chr(av))
        elif op is not C.AT:
            break
        skip += 1
    classes: list[list[str]] = []

    def walk(seq) -> None:
        for op, av in seq:
            if op is C.IN:
                classes.append(_members(lambda ch, items=av: _member(items, ch)))
            elif op is C.ANY:
                classes.append(_members(lambda ch: ch != "\n"))
            elif op is C.NOT_LITERAL:
                classes.append(_members(lambda ch, v=av: ord(ch) != v))
            elif op is C.LITERAL:
                classes.append([chr(av)])
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
                walk(av[2])
            elif op is C.SUBPATTERN:
                walk(av[-1])
            elif op is C.BRANCH:
                for b in av[1]:
                    walk(b)
            elif op in (C.ASSERT, C.ASSERT_NOT):
                walk(av[1])
            elif op is C.ATOMIC_GROUP:
                walk(av)
            elif op is C.GROUPREF_EXISTS:
                walk(av[1])
                if av[2] is not None:
                    walk(av[2])

    walk(tree.data[skip:])
    # multi-member classes first: single literals add little and the unit list is capped
    return "".join(prefix), sorted((c for c in classes if c), key=lambda c: len(c) == 1)


def units(pattern: str, flags: int) -> list[str]:
    """The repeating units of one rule's synthetic inputs (prefix-based ones included)."""
    prefix, classes = analyse(pattern, flags)
    base: list[str] = []
    for members in classes:
        for ch in members:
            base.append(ch)
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                base.append(a + b)
    for a, b in zip(classes, classes[1:]):
        base.append(a[0] + b[0])
    out: list[str] = []
    for u in base:
        if u not in out:
            out.append(u)
    out = out[:MAX_UNITS]
    if prefix:
        out += ["\0" + u for u in out[:4]]  # "\0": prefix once, then the unit repeated
        out += [prefix + u[:1] for u in out[:2]]
        out.append(prefix)
    return out


def build(prefix: str, unit: str, n: int) -> str:
    if unit.startswith("\0"):
        body = unit[1:]
        return (prefix + body * (n // len(body) + 1))[:n]
    return (unit * (n // len(unit) + 1))[:n]


def _arm(seconds: float) -> None:
    signal.setitimer(signal.ITIMER_PROF, seconds)


def _timed(rx: re.Pattern[str], text: str) -> float:
    _arm(SLOW_SECONDS + 0.05)
    t0 = time.process_time()
    for _ in rx.finditer(text):
        pass
    dt = time.process_time() - t0
    _arm(0)
    return dt


def judge(rx: re.Pattern[str], prefix: str, unit_list: list[str]) -> str:
    """``ok``, ``slow`` or ``superlinear`` for one compiled rule."""
    small_n, large_n = SIZES
    for unit in unit_list:
        small, large = build(prefix, unit, small_n), build(prefix, unit, large_n)
        ts, tl = [_timed(rx, small)], [_timed(rx, large)]
        if max(ts[0], tl[0]) > SLOW_SECONDS:
            return "slow"
        while tl[-1] >= MIN_SUSPECT_CPU and min(tl) > GROWTH * min(ts) and len(tl) < MAX_RUNS:
            ts.append(_timed(rx, small))
            tl.append(_timed(rx, large))
            if max(ts[-1], tl[-1]) > SLOW_SECONDS:
                return "slow"
        if min(tl) >= MIN_SUSPECT_CPU and min(tl) > GROWTH * min(ts):
            return "superlinear"
    return "ok"


def main() -> int:  # pragma: no cover - exercised through a child process
    signal.signal(signal.SIGPROF, signal.SIG_DFL)
    rules = json.loads(sys.stdin.read())
    out = sys.stdout
    for n, (pattern, flags) in enumerate(rules, 1):
        out.write(f"rule {n}\n")
        out.flush()
        prefix, _ = analyse(pattern, flags)
        verdict = judge(re.compile(pattern, flags), prefix, units(pattern, flags))
        out.write(f"{verdict} {n}\n")
        out.flush()
    out.write("done\n")
    out.flush()
    return 0


if __name__ == "__main__":  # pragma: no cover
    try:
        status = main()
    except Exception:  # noqa: BLE001 - nothing of a rule may reach stderr
        status = 3
    sys.exit(status)
