"""Skip accounting of one multi-file operation: counts per fixed reason, never names.

A scope walk (search, retrieve, bundle, tree/list) does not fail because one
file is too big, unreadable or not text: it skips the file and counts it here.
The operation ends its output with one fixed note per reason and reports the
counts in the receipt. Only the reason and a count are kept, so nothing from a
file (its name, its size, its content) can reach a note.

Imports: nothing from the package.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Why a file (or directory) was skipped.
OVER_LIMIT = "over_file_limit"
UNREADABLE = "unreadable"
NOT_TEXT = "not_text"
UNREADABLE_DIR = "unreadable_dir"
NOT_EXTRACTED = "not_extracted"

#: reason -> (singular noun, plural noun, what the note says after the count). Fixed strings only.
_NOTES: Mapping[str, tuple[str, str, str]] = {
    OVER_LIMIT: ("file", "files", "over the per-file limit; pass --max-raw-bytes-per-file to include them"),
    UNREADABLE: ("file", "files", "unreadable (permission denied or read error)"),
    NOT_TEXT: ("file", "files", "not text"),
    NOT_EXTRACTED: ("document", "documents", "not extracted (encrypted, malformed, empty or over a document limit)"),
    UNREADABLE_DIR: ("directory", "directories", "unreadable (permission denied); their contents were not listed"),
}
REASONS: tuple[str, ...] = tuple(_NOTES)


def note(reason: str, count: int) -> str:
    """The fixed note for ``count`` skips of ``reason``, e.g. ``[SKIPPED: 2 files over the per-file limit; ...]``."""
    one, many, text = _NOTES[reason]
    noun = one if count == 1 else many
    if count == 1:
        text = text.replace("include them", "include it")
    return f"[SKIPPED: {count} {noun} {text}]"


class SkipTally:
    """Counts of skipped files per reason for one operation (see the module docstring)."""

    __slots__ = ("_counts",)

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}

    def add(self, reason: str, n: int = 1) -> None:
        if reason not in _NOTES:
            raise ValueError("unknown skip reason")
        self._counts[reason] = self._counts.get(reason, 0) + n

    def __bool__(self) -> bool:
        return bool(self._counts)

    def counts(self) -> dict[str, int]:
        """``{reason: count}`` in the fixed reason order (zero omitted): the receipt's ``skipped``."""
        return {r: self._counts[r] for r in REASONS if self._counts.get(r)}

    def notes(self) -> list[str]:
        """One fixed note per reason, in the fixed reason order."""
        return [note(r, n) for r, n in self.counts().items()]




#: Error slugs a multi-file operation turns into a skip of that file (anything else fails the call).
_BY_SLUG: Mapping[str, str] = {
    "limit_file_bytes": OVER_LIMIT, "read_failed": UNREADABLE, "not_text": NOT_TEXT,
    **{slug: NOT_EXTRACTED for slug in (
        "document_encrypted", "document_malformed", "document_empty", "document_expansion",
        "document_output", "document_deadline", "document_failed",
    )},
}


def reason_for(slug: str) -> str | None:
    """The skip reason for a per-file failure with error ``slug``, or ``None`` when it must fail the call."""
    return _BY_SLUG.get(slug)


__all__ = [
    "NOT_EXTRACTED", "NOT_TEXT", "OVER_LIMIT", "REASONS", "SkipTally", "UNREADABLE", "UNREADABLE_DIR", "note",
    "reason_for",
]
