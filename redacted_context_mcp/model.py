"""Result types shared by the service layer and the edges.

Imports: nothing from the package.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Redaction:
    """Redacted text and how many placeholders of each category it received."""

    text: str
    counts: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolResult:
    """What one operation returns to an edge (MCP tool result or CLI output).

    ``text`` is already redacted. ``counts`` are placeholders substituted while
    producing it (content and paths). ``code`` is the error slug when
    ``is_error``; ``exit_status`` lets the CLI mirror grep-style statuses.
    """

    text: str
    counts: Mapping[str, int] = field(default_factory=dict)
    is_error: bool = False
    code: str | None = None
    detector_profile: str = "default"
    detectors: tuple[Mapping[str, object], ...] = ()
    exit_status: int | None = None


class Tally:
    """Accumulates placeholder counts across the pieces of one call."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def add(self, redaction: Redaction) -> str:
        """Count ``redaction`` and return its text, so callers can write ``t.add(r)`` inline."""
        self.counts.update(redaction.counts)
        return redaction.text

    def as_dict(self) -> dict[str, int]:
        return {k: v for k, v in sorted(self.counts.items()) if v}
