"""A byte-bounded LRU of redacted file text (never raw text).

Keys are built by the service from the file's rel path, its metadata and the
redactor fingerprint, so a changed file or policy simply misses.

Imports: nothing from the package.
"""

from __future__ import annotations

import re
import sys
import threading
from collections import Counter, OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

#: Category of every placeholder (canonical or alias form); greedy, so linear.
PLACEHOLDER_CATEGORY_RE = re.compile(r"\[([A-Z][A-Z_]*)_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")
_LINE_OVERHEAD = sys.getsizeof("") + 8  # one str object plus its tuple slot


@dataclass(frozen=True)
class RedactedFile:
    """Whole-file redacted text, its lines (without terminators) and placeholder counts.

    Lines split on ``\\n`` only (a trailing ``\\r`` is dropped), so line numbers
    match editors and ``grep -n``; a final newline does not add an empty line.
    """

    text: str
    lines: tuple[str, ...]
    counts: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def build(cls, text: str, counts: Mapping[str, int]) -> RedactedFile:
        body = text[:-1] if text.endswith("\n") else text
        if not text:
            lines: tuple[str, ...] = ()
        elif "\r" not in body:
            lines = tuple(body.split("\n"))
        else:
            lines = tuple(line[:-1] if line.endswith("\r") else line for line in body.split("\n"))
        return cls(text, lines, dict(counts))

    @cached_property
    def placeholder_counts(self) -> dict[str, int]:
        """Placeholders present in the text by category (computed once per cached file)."""
        return count_placeholders(self.text)

    @property
    def line_count(self) -> int:
        return len(self.lines)

    @property
    def nbytes(self) -> int:
        """Approximate memory held (text, lines and their objects)."""
        return 2 * sys.getsizeof(self.text) + _LINE_OVERHEAD * len(self.lines) + 256


def count_placeholders(text: str) -> dict[str, int]:
    """Placeholders present in ``text`` by category (sorted keys, zero categories omitted)."""
    if "[" not in text:
        return {}
    return dict(sorted(Counter(PLACEHOLDER_CATEGORY_RE.findall(text)).items()))


class RedactedCache:
    """Thread-safe LRU bounded by total :attr:`RedactedFile.nbytes`; items over the budget are not kept."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max(0, int(max_bytes))
        self._items: OrderedDict[Hashable, RedactedFile] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> RedactedFile | None:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return item

    def put(self, key: Hashable, item: RedactedFile) -> None:
        size = item.nbytes
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old.nbytes
            if size > self.max_bytes:
                return
            self._items[key] = item
            self._bytes += size
            while self._bytes > self.max_bytes and self._items:
                _, evicted = self._items.popitem(last=False)
                self._bytes -= evicted.nbytes

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    @property
    def bytes_used(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)
