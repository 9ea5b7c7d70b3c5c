"""Redaction throughput on generated text (a benchmark, not a test).

Run: ``python3 tests/redaction/bench_engine.py [MB] [--profile]``. Prints MB/s per
mode for a ~5 MB mix of prose, code, config files, secrets, emails and names
with a 200-term config, redacting file-sized chunks like the service does.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from redacted_context_mcp.config import AliasGroup, Policy
from redacted_context_mcp.redaction.engine import Redactor

_SYL = ["ka", "lo", "mi", "ren", "sta", "vor", "quin", "dal", "bex", "tor", "wen", "ish", "ul", "ap", "zed", "nor", "fal", "gri"]
_WORDS = ["the", "of", "and", "to", "in", "is", "that", "it", "for", "on", "with", "as", "was", "at", "by", "this", "be", "are", "from", "or", "have", "an", "not", "we", "will", "can", "meeting", "project", "deploy", "cluster", "review", "notes", "team", "owner", "server", "config", "release", "update", "customer", "report", "data", "service", "budget", "plan", "timeline", "version", "issue", "feature", "bug", "fix", "test", "decision", "next", "steps", "risk"]
_CAPS = ["The", "This", "Meeting", "Project", "Kubernetes", "Docker", "Monday", "Review", "Update", "Summary", "Notes", "API", "JSON", "We", "It"]


def make_terms(n: int = 200, seed: int = 7) -> list[str]:
    r = random.Random(seed)
    out: set[str] = set()
    while len(out) < n:
        words = ["".join(r.choice(_SYL) for _ in range(r.randint(2, 3))).title() for _ in range(r.randint(1, 3))]
        out.add(" ".join(words))
    return sorted(out)


def make_corpus(size: int, terms: list[str], seed: int = 1) -> list[str]:
    """File-sized chunks (2-20 KB) totalling about ``size`` characters."""
    r = random.Random(seed)
    names = ["Avery Example", "Bob", "Jordan Smith", "Acme Corp", "Contoso Ltd"] + terms[:20]
    files, size_now = [], 0
    while size_now < size:
        target = r.randint(2_000, 20_000)
        parts, n = [], 0
        while n < target:
            k = r.random()
            if k < 0.6:
                s = " ".join(
                    r.choice(_CAPS) if r.random() < 0.12 else r.choice(_WORDS) for _ in range(r.randint(8, 20))
                ) + ".\n"
                if r.random() < 0.1:
                    s = s[:-2] + f" with {r.choice(names)}.\n"
            elif k < 0.78:
                s = (f"def func_{r.randint(1, 999)}(x, y):\n    value = x.get('key_{r.randint(1, 99)}')\n"
                     f"    return value + y  # v1.2.{r.randint(0, 9)}\n")
            elif k < 0.9:
                s = (f"timeout = {r.randint(1, 99)}\nhost = \"db{r.randint(1, 9)}.internal\"\n"
                     f"updated: 2024-0{r.randint(1, 9)}-1{r.randint(0, 9)}T10:{r.randint(10, 59)}:00Z\n")
            elif k < 0.97:
                s = (f"Owner: {r.choice(names)}\nContact {r.choice(names)} at user{r.randint(1, 99)}@example.com "
                     f"or +1 555 01{r.randint(10, 99)} 234.\n")
            else:
                tok = "".join(r.choice("abcdefABCDEF0123456789") for _ in range(36))
                s = f"password={tok[:12]}\nsee https://example.com/x/{r.randint(1, 999)} and ghp_{tok}\n"
            parts.append(s)
            n += len(s)
        files.append("".join(parts))
        size_now += n
    return files


def main() -> None:
    mb = float(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else 5.0
    terms = make_terms()
    files = make_corpus(int(mb * 1_000_000), terms)
    total = sum(len(f) for f in files) / 1e6
    for mode in ("strict", "balanced"):
        policy = Policy(clients=tuple(terms[:50]), people=tuple(terms[50:120]), terms=tuple(terms[120:]), mode=mode,
                        aliases=(AliasGroup(terms[50], "PERSON", ("Avery",)),))
        red = Redactor(policy, b"bench-salt")
        if "--profile" in sys.argv and mode == "strict":
            import cProfile
            import pstats

            prof = cProfile.Profile()
            prof.runcall(lambda r=red: [r.redact(f) for f in files])
            prof.dump_stats("/tmp/redctx.prof")
            pstats.Stats("/tmp/redctx.prof").sort_stats("cumulative").print_stats(25)
        t0 = time.perf_counter()
        for f in files:
            red.redact(f)
        dt = time.perf_counter() - t0
        print(f"{mode:9s} {total:.2f} MB in {dt:.2f} s = {total / dt:.1f} MB/s")


if __name__ == "__main__":
    main()
