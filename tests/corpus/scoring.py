"""How a redacted corpus file is scored: leaks of labelled values and survival of keep controls.

Shared by ``scripts/leaks.py`` and ``tests/corpus/test_*_corpus.py`` so the report and the tests
count the same way.

A value **leaks** when, in the redacted text with every placeholder blanked out:

1. the value appears verbatim, or
2. its longest run of ASCII letters and digits (when that run has at least 8 characters and is
   shorter than the value) appears, unless that run also occurs in the file outside every
   labelled value (then it is context, not evidence). This catches a detector that stops early
   (`ab.CDEFGHIJ` redacted only up to the dot) or redacts only a prefix.

Cases tagged ``near-miss`` hold no secret at all, only keep controls: they are the precision rows
(scanners' documented false positives) and are reported apart from the files that hold secrets.

A keep control **survives** when it appears in the redacted text (placeholders blanked) at least as
often as it appears in the raw file outside the labelled values; occurrences glued to a letter or
digit at an alphanumeric edge do not count (the port ``30`` is not found inside ``3306``).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from redacted_context_mcp.redaction.placeholders import PLACEHOLDER_RE
from tests.corpus import Case

CORPUS_DIR = Path(__file__).resolve().parent
MIN_FRAGMENT = 8
KEEP_TARGET = 0.90
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")


def mask(text: str, values: Iterable[str]) -> str:
    """``text`` with every occurrence of ``values`` (longest first) replaced by NUL."""
    for v in sorted(values, key=len, reverse=True):
        text = text.replace(v, "\0")
    return text


def validate(case: Case) -> list[str]:
    """Label problems of one case (empty when the labels are truthful)."""
    problems = []
    labelled = case.secrets + case.strict_only
    for v in (*labelled, *case.keep):
        if not v or v not in case.text:
            problems.append("label not in text")
    masked = mask(case.text, labelled)
    for v in case.keep:
        if v not in masked:
            problems.append("keep control occurs only inside a secret")
    for v in labelled:
        if len(v) < 8 and case.text.count(v) != 1:
            problems.append("short secret does not occur exactly once")
    return problems


def blank_placeholders(redacted: str) -> str:
    """Placeholders replaced by NUL so their hex can never match a value; line breaks unchanged."""
    return PLACEHOLDER_RE.sub("\0", redacted)


def fragment(value: str) -> str | None:
    """The longest alphanumeric run of ``value`` if it is a proper part of at least 8 characters."""
    runs = _ALNUM_RUN.findall(value)
    best = max(runs, key=len, default="")
    return best if len(best) >= MIN_FRAGMENT and best != value else None


def leak_at(value: str, case: Case, blanked: str) -> int | None:
    """Offset in ``blanked`` where ``value`` (or its fragment) leaked, or None."""
    pos = blanked.find(value)
    if pos >= 0:
        return pos
    frag = fragment(value)
    if frag is None:
        return None
    if frag in mask(case.text, case.secrets + case.strict_only):
        return None
    pos = blanked.find(frag)
    return pos if pos >= 0 else None


def _occurrences(value: str, text: str) -> int:
    """Occurrences of ``value`` not glued to a letter or digit on an alphanumeric edge ("30" is not in "3306")."""
    head = r"(?<![A-Za-z0-9])" if value[:1].isalnum() else ""
    tail = r"(?![A-Za-z0-9])" if value[-1:].isalnum() else ""
    return len(re.findall(head + re.escape(value) + tail, text))


def survives(value: str, case: Case, blanked: str) -> bool:
    return _occurrences(value, blanked) >= _occurrences(value, mask(case.text, case.secrets + case.strict_only))


@dataclass
class Score:
    """One case redacted in one mode."""

    case: Case
    mode: str
    seconds: float
    leaks: list[tuple[str, int]] = field(default_factory=list)  # (value, 1-based line)
    checked: int = 0
    keep_total: int = 0
    keep_lost: list[str] = field(default_factory=list)


def score(case: Case, mode: str, redact: Callable[[str], str], repeat: int = 1) -> Score:
    """Redact ``case`` with ``redact`` and score it for ``mode`` (strict also checks ``strict_only``).

    ``seconds`` is the best of ``repeat`` runs (the machine is shared: the minimum is the least noisy).
    """
    seconds = float("inf")
    for _ in range(max(1, repeat)):
        t0 = time.perf_counter()
        out = redact(case.text)
        seconds = min(seconds, time.perf_counter() - t0)
    blanked = blank_placeholders(out)
    values = case.secrets + (case.strict_only if mode == "strict" else ())
    s = Score(case, mode, seconds, checked=len(values), keep_total=len(case.keep))
    for v in values:
        pos = leak_at(v, case, blanked)
        if pos is not None:
            s.leaks.append((v, blanked.count("\n", 0, pos) + 1))
    s.keep_lost = [v for v in case.keep if not survives(v, case, blanked)]
    return s


def suites() -> list[str]:
    """Every suite directory under ``tests/corpus`` that has a ``cases.py``."""
    return sorted(p.parent.name for p in CORPUS_DIR.glob("*/cases.py"))


def load(seed: int = 0, only: Iterable[str] = ()) -> list[Case]:
    """All cases of every suite (or of ``only``) for ``seed``."""
    wanted = set(only)
    cases: list[Case] = []
    for name in suites():
        if wanted and name not in wanted:
            continue
        cases.extend(import_module(f"tests.corpus.{name}.cases").build(seed))
    return cases
