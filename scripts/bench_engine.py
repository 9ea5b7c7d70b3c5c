#!/usr/bin/env python3
"""Redaction engine throughput on a generated knowledge base (a benchmark, not a test).

    python3 scripts/bench_engine.py [ROOT] [--mode strict|balanced] [--profile] [--repeat N]

ROOT is a knowledge base with its ``.agent-context-redactor.toml`` (for example
one made by ``scripts/gen_kb.py``); without it, ``gen_kb.py --files 1000`` is
generated into a temporary directory. Every non-hidden file is read as text
and redacted one file at a time, as the service does, with the root's config.

Per mode it prints: the first pass with a fresh Redactor (``cold``: every
placeholder is derived), the best of ``--repeat`` later passes (``warm``), and
the time per stage in ms per MB from one extra instrumented pass (wrapping
the stage functions adds a little overhead, so the stages sum to slightly
more than the warm figure). ``--profile`` prints a cProfile table of one
warm strict pass as well. One core is used; times are CPU time (``time.process_time``),
so a loaded machine skews them less than wall time.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import pstats
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from redacted_context_mcp.config import load_policy  # noqa: E402
from redacted_context_mcp.redaction import (  # noqa: E402
    columns,
    contact,
    engine,
    identifiers,
    keep,
    mail_decode,
    names,
    personal_ids,
    phones,
    spans,
    terms,
    usernames,
)
from redacted_context_mcp.redaction.engine import Redactor  # noqa: E402

SALT = b"bench-engine-salt-0123456789abcd"

#: (label, owner, attribute) of every stage the instrumented pass times.
STAGES: tuple[tuple[str, object, str], ...] = (
    ("secrets", engine, "find_secrets"),
    ("urls", contact, "find_urls"),
    ("emails", contact, "find_emails"),
    ("ids (uuid, ssn)", identifiers, "find_ids"),
    ("digit shape", identifiers, "digit_shape"),
    ("ips", contact, "find_ips"),
    ("cards", identifiers, "find_cards"),
    ("phones", phones, "find_phones"),
    ("domains", contact, "find_domains"),
    ("handles", contact, "find_handles"),
    ("extended (early)", identifiers, "find_extended_early"),
    ("extended (ids)", identifiers, "find_extended_ids"),
    ("extended (markers)", identifiers, "find_markers"),
    ("terms", terms.TermMatcher, "find"),
    ("names + strict", names.NameScanner, "scan"),
    ("overlaps (claims)", spans.Claims, "add_stage"),
    ("overlaps (claims)", spans.Claims, "add_stages"),
    ("render + placeholders", Redactor, "_render"),
    ("fold", engine, "fold"),
    ("personal ids (shapes)", personal_ids, "find_shapes"),
    ("personal ids (labels)", personal_ids, "find_labelled"),
    ("table columns", columns, "find_columns"),
    ("user names", usernames, "find_logins"),
    ("mail decoding", mail_decode, "decoded_view"),
    ("keep spans", keep, "find_before_names"),
    ("unc hosts", contact, "find_unc"),
    ("category precedence", Redactor, "_settle"),
    ("letter-run view", engine, "letter_words"),
)


def load_texts(root: Path) -> list[str]:
    texts = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(root).parts):
            try:
                texts.append(path.read_text(encoding="utf-8"))
            except (UnicodeDecodeError, OSError):
                continue
    return texts


def timed_pass(red: Redactor, texts: list[str]) -> float:
    start = time.process_time()
    for text in texts:
        red.redact(text)
    return time.process_time() - start


def stage_times(make: Callable[[], Redactor], texts: list[str], cold: bool = False) -> tuple[dict[str, float], float]:
    """Seconds per stage over one warm pass with every stage function wrapped by a timer
    (``cold``: the first pass of a fresh Redactor, after one pass that warms what the process shares)."""
    spent: dict[str, float] = defaultdict(float)
    saved = []
    for label, owner, attr in STAGES:
        func = getattr(owner, attr, None)
        if func is None:
            continue
        saved.append((owner, attr, func))

        def wrapper(*args, _f=func, _label=label, **kwargs):
            t0 = time.process_time()
            try:
                return _f(*args, **kwargs)
            finally:
                spent[_label] += time.process_time() - t0

        setattr(owner, attr, functools.wraps(func)(wrapper))
    try:
        red = make()
        timed_pass(red, texts)
        if cold:
            red = make()
        spent.clear()
        total = timed_pass(red, texts)
    finally:
        for owner, attr, func in saved:
            setattr(owner, attr, func)
    return dict(spent), total


def bench_mode(root: Path, mode: str, texts: list[str], mb: float, repeat: int, profile: bool,
               cold_stages: bool = False) -> None:
    policy = load_policy(root, mode=mode)

    def make() -> Redactor:
        return Redactor(policy, SALT)

    red = make()
    cold = timed_pass(red, texts)
    warm = min(timed_pass(red, texts) for _ in range(max(1, repeat)))
    print(f"{mode:9s} cold {mb / cold:6.2f} MB/s   warm {mb / warm:6.2f} MB/s   ({mb:.2f} MB, {len(texts)} files)")
    spent, total = stage_times(make, texts, cold=cold_stages)
    print(f"  {'stage' + (' (cold pass)' if cold_stages else ''):24s} {'ms/MB':>7s}")
    for label, sec in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {label:24s} {sec * 1000 / mb:7.1f}")
    inside = sum(v for k, v in spent.items() if k != "render + placeholders")
    other = total - inside - spent.get("render + placeholders", 0.0)
    print(f"  {'(engine glue)':24s} {max(0.0, other) * 1000 / mb:7.1f}")
    print(f"  {'total (instrumented)':24s} {total * 1000 / mb:7.1f}")
    if profile:
        prof = cProfile.Profile()
        prof.runcall(timed_pass, red, texts)
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root", nargs="?", type=Path, help="knowledge base (default: generate one)")
    ap.add_argument("--mode", choices=("strict", "balanced"), help="one mode only (default: both)")
    ap.add_argument("--profile", action="store_true", help="print a cProfile table per mode")
    ap.add_argument("--cold-stages", action="store_true",
                    help="time the stages over a fresh Redactor's first pass (what make bench's figure measures)")
    ap.add_argument("--repeat", type=int, default=3, help="warm passes; the best is reported (default 3)")
    ap.add_argument("--files", type=int, default=1000, help="files to generate without ROOT (default 1000)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="redctx-bench-") as tmp:
        root = args.root
        if root is None:
            root = Path(tmp) / "kb"
            subprocess.run([sys.executable, str(REPO / "scripts" / "gen_kb.py"), str(root), "--files", str(args.files)],
                           check=True, stdout=subprocess.DEVNULL)
        texts = load_texts(root)
        mb = sum(len(t) for t in texts) / 1e6
        if not texts:
            print("no text files under ROOT", file=sys.stderr)
            return 2
        for mode in (args.mode,) if args.mode else ("strict", "balanced"):
            bench_mode(root, mode, texts, mb, args.repeat, args.profile, args.cold_stages)
    return 0


if __name__ == "__main__":
    sys.exit(main())
