"""Cite the security invariants a test proves.

Usage::

    from tests.invariants import invariant

    @invariant("OUT-1", "OUT-2")
    def test_no_canary_reaches_any_output(): ...

The IDs come from ``SECURITY_INVARIANTS.md`` at the repository root. Citing an
unknown ID raises at import time, so a typo cannot silently count as coverage.
``tests/test_invariants.py`` checks coverage in the other direction by reading
every test file's ``invariant(...)`` calls with ``ast``, so the result does not
depend on which tests were collected or in what order they ran.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

INVARIANTS_FILE = Path(__file__).resolve().parent.parent / "SECURITY_INVARIANTS.md"

#: One invariant bullet: ``- **CONT-1** statement``.
BULLET_RE = re.compile(r"^\s*[-*]\s+\*\*([A-Z]+-\d+)\*\*\s+\S", re.MULTILINE)
ID_RE = re.compile(r"^[A-Z]+-\d+$")

F = TypeVar("F", bound=Callable[..., object])


def parse_ids(text: str) -> list[str]:
    """Invariant IDs declared in the Markdown text, in document order."""
    return BULLET_RE.findall(text)


@lru_cache(maxsize=1)
def known_ids() -> frozenset[str]:
    """IDs declared in ``SECURITY_INVARIANTS.md``."""
    return frozenset(parse_ids(INVARIANTS_FILE.read_text(encoding="utf-8")))


def invariant(*ids: str) -> Callable[[F], F]:
    """Mark a test function as proving the invariants ``ids``."""
    if not ids:
        raise ValueError("invariant() needs at least one ID")
    unknown = [i for i in ids if i not in known_ids()]
    if unknown:
        raise ValueError(f"unknown invariant ID(s): {', '.join(unknown)}")

    def mark(fn: F) -> F:
        cited = tuple(getattr(fn, "__invariants__", ())) + tuple(ids)
        fn.__invariants__ = cited  # type: ignore[attr-defined]
        return fn

    return mark
