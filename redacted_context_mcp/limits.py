"""Explicit, configurable operation limits and a per-operation budget.

Imports: errors.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.skips import SkipTally

#: Set by the MCP edge around one tool call: returns True once the client cancelled it.
CANCEL_CHECK: ContextVar[Callable[[], bool] | None] = ContextVar("redctx_cancel_check", default=None)
#: Set by an edge around one tool call: fixed notices (e.g. a skipped branch) to append to the result.
NOTICES: ContextVar[list[str] | None] = ContextVar("redctx_notices", default=None)

#: Set by an edge around one tool call: ``report(done, total)`` while a long scan indexes files.
PROGRESS: ContextVar[Callable[[int, int], None] | None] = ContextVar("redctx_progress", default=None)


@contextmanager
def collecting_notices() -> Iterator[list[str]]:
    """Collect the fixed notices raised by :meth:`Budget.notice` during one call."""
    got: list[str] = []
    token = NOTICES.set(got)
    try:
        yield got
    finally:
        NOTICES.reset(token)


@dataclass(frozen=True)
class Limits:
    """Operator-configurable limits. Every one reports its own fixed error when hit."""

    max_raw_bytes_per_file: int = 5_000_000
    max_total_raw_bytes: int = 50_000_000
    # Our index makes whole-root work cheap, so the traversal and file caps sit far
    # above the published tool's 10,000 entries / 80 files (a known weakness there).
    max_entries: int = 100_000
    max_files: int = 50_000
    max_seconds: float = 30.0
    max_resource_bytes: int = 1_000_000
    cache_bytes: int = 400_000_000  # the one document cache (redacted text, line offsets, folded views)
    max_retrieve_files: int = 50_000
    # Files one rehydration scan of the root may read (redctx-mcp --max-submit-files; the
    # published 80 is a known weakness: the map is built once per policy generation).
    max_submit_files: int = 50_000
    # Whole-root search and retrieve read from the in-memory redacted index, so their
    # scope may be far larger than what one read or bundle operation may pull in.
    max_scan_raw_bytes: int = 256_000_000
    max_retrieve_passages: int = 1_000_000
    # One response: search stops at this many lines whatever max_results says, and any
    # tool result text is cut (at a line end, never inside a placeholder) past this many chars.
    max_search_results: int = 100_000
    max_output_chars: int = 8_000_000


#: Ends a result cut at ``Limits.max_output_chars``.
OUTPUT_TRUNCATED = "[TRUNCATED: response size limit reached; narrow the query, paths or glob]"
_PLACEHOLDER_SPAN = 96  # longer than any placeholder or path id


def cap_output(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` chars, else its head cut at a line end plus the fixed note."""
    if len(text) <= limit:
        return text
    cut = text.rfind("\n", 0, limit)
    if cut < limit // 2:  # one very long line: cut inside it, but never inside a placeholder
        cut = limit
        bracket = text.rfind("[", max(0, cut - _PLACEHOLDER_SPAN), cut)
        if bracket >= 0 and "]" not in text[bracket:cut]:
            cut = bracket
    return text[:cut].rstrip("\n") + "\n" + OUTPUT_TRUNCATED


class Budget:
    """Counts entries, files and bytes of one operation against :class:`Limits`.

    Create one per tool call. ``charge_*`` raise :class:`RedctxError` with the
    matching limit code; ``check_deadline`` raises when the deadline passed.
    """

    __slots__ = ("limits", "max_total", "entries", "files", "total_bytes", "deadline", "cancelled", "skips",
                 "progress")

    def __init__(
        self, limits: Limits, *, seconds: float | None = None, total_bytes: int | None = None
    ) -> None:
        self.limits = limits
        self.max_total = limits.max_total_raw_bytes if total_bytes is None else total_bytes
        self.entries = 0
        self.files = 0
        self.total_bytes = 0
        secs = limits.max_seconds if seconds is None else seconds
        self.deadline = time.monotonic() + secs if secs and secs > 0 else None
        self.cancelled = CANCEL_CHECK.get()
        self.skips = SkipTally()  # files a multi-file operation skipped, by reason (counts only)
        self.progress = PROGRESS.get()

    def charge_entry(self, n: int = 1) -> None:
        self.entries += n
        if self.entries > self.limits.max_entries:
            raise RedctxError(Code.LIMIT_ENTRIES)

    def charge_file(self, size: int) -> None:
        """Charge one file of ``size`` raw bytes."""
        if size > self.limits.max_raw_bytes_per_file:
            raise RedctxError(Code.LIMIT_FILE_BYTES)
        self.files += 1
        if self.files > self.limits.max_files:
            raise RedctxError(Code.LIMIT_FILES)
        self.total_bytes += size
        if self.total_bytes > self.max_total:
            raise RedctxError(Code.LIMIT_TOTAL_BYTES)

    @staticmethod
    def notice(text: str) -> None:
        """Report a fixed notice (never raw text) to the edge running this call, once."""
        got = NOTICES.get()
        if got is not None and text not in got:
            got.append(text)

    def report_progress(self, done: int, total: int) -> None:
        """Tell the edge running this call how far a scan got (files indexed / total); counts only."""
        if self.progress is not None:
            self.progress(done, total)

    def remaining_seconds(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())

    def is_cancelled(self) -> bool:
        """True once the client cancelled the request this budget belongs to."""
        return self.cancelled is not None and self.cancelled()

    def check_deadline(self) -> None:
        """Raise when the deadline passed or the request was cancelled (no reply is sent then)."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise RedctxError(Code.LIMIT_DEADLINE)
        if self.cancelled is not None and self.cancelled():
            raise RedctxError(Code.LIMIT_DEADLINE)
