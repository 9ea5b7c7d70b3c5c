"""Result types shared by the service layer and the edges.

``Redacted`` is text that left the service's redaction step; ``Fixed`` is a
fixed message (an error template or a fixed notice). A :class:`ToolResult`
carries one of the two and ``render`` refuses anything else, so a plain
``str`` built from raw data cannot reach an edge by accident. Only the
service mints ``Redacted`` (``tests/test_layers.py`` checks who calls
:func:`mint_redacted`).

Imports: nothing from the package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


class Redacted(str):
    """Text produced by the service's redaction step (or composed by the service from such text)."""

    __slots__ = ()

    def __new__(cls, value: object = "") -> Redacted:
        raise TypeError("Redacted text is minted by the service's redaction step only")


def mint_redacted(text: str) -> Redacted:
    """Mark ``text`` as redacted output. Only the service layer may call this."""
    if type(text) is Redacted:
        return text  # type: ignore[return-value]
    return str.__new__(Redacted, text)


class Fixed(str):
    """A fixed message: an error template filled with safe values, or a fixed notice."""

    __slots__ = ()


@dataclass(frozen=True)
class Redaction:
    """Engine output: redacted text and how many placeholders of each category this call substituted.

    ``mark_offsets`` and ``mark_categories`` give the offset in ``text`` and the
    category of every substituted placeholder, in order; placeholders already
    present in the input are neither counted nor marked.
    """

    text: str
    counts: Mapping[str, int] = field(default_factory=dict)
    mark_offsets: Sequence[int] = ()
    mark_categories: Sequence[str] = ()


@dataclass(frozen=True)
class ToolResult:
    """What one operation returns to an edge (MCP tool result or CLI output).

    ``text`` is :class:`Redacted` or :class:`Fixed`. ``counts`` are placeholders
    substituted while producing it (content and paths). ``code`` is the error
    slug when ``is_error``; ``exit_status`` lets the CLI mirror grep-style statuses.
    ``rows`` is the same output as structured rows (one per entry, match or
    passage; every string value :class:`Redacted`) for the CLI's ``--json``.
    """

    text: Redacted | Fixed
    counts: Mapping[str, int] = field(default_factory=dict)
    is_error: bool = False
    code: str | None = None
    detector_profile: str = "default"
    detectors: tuple[Mapping[str, object], ...] = ()
    exit_status: int | None = None
    #: Files a multi-file operation skipped, per reason (counts only, never names).
    skipped: Mapping[str, int] = field(default_factory=dict)
    rows: tuple[Mapping[str, object], ...] = ()


def checked_text(result: ToolResult) -> str:
    """``result.text`` if it is :class:`Redacted` or :class:`Fixed`; raises ``TypeError`` otherwise."""
    text = result.text
    if not isinstance(text, (Redacted, Fixed)):
        raise TypeError("tool result text is neither Redacted nor Fixed")
    return text
