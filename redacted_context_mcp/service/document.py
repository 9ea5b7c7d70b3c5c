"""The redacted-document record every operation consumes, and its one cache.

A :class:`RedactedDoc` is one source reference after the service's redaction
step: the redacted title (path), the redacted text as lines joined by ``\\n``
(line numbers are the file's own), line offsets split once, the engine's own
tally of what it substituted (with the offset of every substituted
placeholder, so any line range can be counted without a regex recount), and
lazily, once per document, the case-folded text and the passage table.

:class:`DocCache` is the one byte-bounded LRU of documents, keyed by
``(source name, source ident, policy generation)``. Every document carries the
generation it was computed under; the cache refuses to store or serve a
document of a generation older than the newest one it has seen (GEN-1).

Imports: model, retrieval, redaction.placeholders (the case fold).
"""

from __future__ import annotations

import sys
import threading
from array import array
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from itertools import accumulate, count
from operator import add

from redacted_context_mcp.model import Redacted, Redaction, mint_redacted
from redacted_context_mcp.redaction.placeholders import CATEGORIES, fold
from redacted_context_mcp.retrieval import Passages, split_passages

_CATEGORIES: list[str] = sorted(CATEGORIES)
_CATEGORY_INDEX: dict[str, int] = {c: i for i, c in enumerate(_CATEGORIES)}
_CAT_LOCK = threading.Lock()


def _cat_index(category: str) -> int:
    i = _CATEGORY_INDEX.get(category)
    if i is None:
        with _CAT_LOCK:
            i = _CATEGORY_INDEX.get(category)
            if i is None:
                if len(_CATEGORIES) >= 255:
                    raise ValueError("too many placeholder categories")
                _CATEGORIES.append(category)
                i = _CATEGORY_INDEX[category] = len(_CATEGORIES) - 1
    return i


def _line_starts(lines: list[str]) -> array:
    """Start offset of every line in ``"\\n".join(lines)``, plus ``len + 1`` as the end sentinel."""
    return array("I", map(add, accumulate(map(len, lines), initial=0), count()))


class RedactedDoc:
    """One redacted document; immutable except for its lazily computed views."""

    __slots__ = ("ref", "_title", "_title_counts", "_title_fn", "body", "_starts", "counts", "marks", "mark_cats",
                 "ident", "generation", "_nl", "_text", "_folded", "_passages", "_lock")

    def __init__(self, ref: str, title: Callable[[], Redaction], body: Redacted,
                 starts: array | None, counts: Mapping[str, int], marks: array, mark_cats: bytes,
                 ident: Hashable, generation: int, final_newline: bool, text: Redacted | None) -> None:
        self.ref = ref
        self._title_fn: Callable[[], Redaction] | None = title
        self._title: Redacted | None = None
        self._title_counts: dict[str, int] = {}
        self.body = body
        self._starts = starts
        self.counts = dict(sorted(counts.items()))
        self.marks = marks
        self.mark_cats = mark_cats
        self.ident = ident
        self.generation = generation
        self._nl = final_newline
        self._text = text
        self._folded: str | None = None
        self._passages: Passages | None = None
        self._lock = threading.Lock()

    @classmethod
    def build(cls, ref: str, title: Redaction | Callable[[], Redaction], red: Redaction, ident: Hashable,
              generation: int) -> RedactedDoc:
        """The document of one redaction: ``red`` is the engine's output for the whole raw text.

        ``title`` is the redacted path, or a callable producing it on first use (a cold
        whole-root search never shows most titles, so it need not redact every path).
        """
        text = red.text
        core = text[:-1] if text.endswith("\n") else text
        crlf = "\r" in core
        offsets = red.mark_offsets
        starts: array | None = None  # split on first use: a cold whole-root search needs no lines
        if crlf:
            lines = core.split("\n")
            removed: list[int] = []  # text offsets of the \r dropped at line ends
            pos = 0
            for i, line in enumerate(lines):
                if line.endswith("\r"):
                    removed.append(pos + len(line) - 1)
                    lines[i] = line[:-1]
                pos += len(line) + 1
            offsets = [off - bisect_left(removed, off) for off in offsets]
            body = "\n".join(lines)
            starts = _line_starts(lines)
        else:
            body = core
        whole = mint_redacted(text) if crlf else None
        marks = array("I", offsets)
        try:
            cats = bytes(map(_CATEGORY_INDEX.__getitem__, red.mark_categories))
        except KeyError:  # a category outside the placeholder table (an extra detector's)
            cats = bytes(_cat_index(c) for c in red.mark_categories)
        title_fn = title if callable(title) else (lambda: title)
        return cls(ref, title_fn, mint_redacted(body), starts, red.counts,
                   marks, cats, ident, generation, text.endswith("\n"), whole)

    # -- views --------------------------------------------------------------------------------
    @property
    def title(self) -> Redacted:
        """The redacted path (computed on first use, under the document's own generation)."""
        t = self._title
        if t is None:
            fn = self._title_fn
            if fn is None:  # another thread is filling it in; it is deterministic
                return self.title
            r = fn()
            self._title_counts = dict(r.counts)
            t = self._title = mint_redacted(r.text)
            self._title_fn = None
        return t

    @property
    def title_counts(self) -> dict[str, int]:
        """Placeholders substituted in :attr:`title`."""
        self.title  # noqa: B018 - computes the counts with the title
        return self._title_counts

    @property
    def starts(self) -> array:
        """Start offset of every line in :attr:`body`, plus ``len(body) + 1`` (computed once)."""
        st = self._starts
        if st is None:
            lines = self.body.split("\n") if (self.body or self._nl) else []
            st = self._starts = _line_starts(lines)
        return st

    @property
    def line_count(self) -> int:
        return len(self.starts) - 1

    def line(self, n: int) -> str:
        """Line ``n`` (1-based) without its terminator."""
        return self.body[self.starts[n - 1] : self.starts[n] - 1]

    def span(self, first: int, last: int) -> tuple[int, int]:
        """Body offsets ``[start, end)`` of lines ``first..last`` (1-based, inclusive)."""
        return self.starts[first - 1], self.starts[last] - 1

    @property
    def text(self) -> Redacted:
        """The whole redacted text as the file holds it (line terminators included)."""
        if self._text is not None:
            return self._text
        return mint_redacted(self.body + "\n") if self._nl else self.body

    @property
    def folded(self) -> str:
        """``fold(body)``, computed once per document (same length, so offsets carry over)."""
        f = self._folded
        if f is None:
            f = fold(self.body)
            if f == self.body:
                f = self.body
            self._folded = f
        return f

    @property
    def folded_if_ready(self) -> str | None:
        """The folded view when already computed, else ``None`` (``""`` for an empty document)."""
        return self._folded

    @property
    def views_ready(self) -> tuple[bool, bool]:
        """Whether the folded view and the passage table are computed yet."""
        return self._folded is not None, self._passages is not None

    @property
    def passages(self) -> Passages:
        """The passage table for retrieval, split and tokenized once per document."""
        p = self._passages
        if p is None:
            p = split_passages(self.body, self.folded)
            with self._lock:
                if self._passages is None:
                    self._passages = p
                p = self._passages
        return p

    # -- counts from the engine's tally ------------------------------------------------------------
    def counts_between(self, start: int, end: int) -> dict[str, int]:
        """Placeholders the redactor substituted that start within body offsets ``[start, end)``."""
        if start <= 0 and end >= len(self.body):
            return dict(self.counts)
        lo, hi = bisect_left(self.marks, start), bisect_left(self.marks, end)
        out: dict[str, int] = {}
        for i in self.mark_cats[lo:hi]:
            cat = _CATEGORIES[i]
            out[cat] = out.get(cat, 0) + 1
        return out

    def line_counts(self, first: int, last: int) -> dict[str, int]:
        """Substituted placeholders on lines ``first..last`` (1-based, inclusive)."""
        if first > last:
            return {}
        return self.counts_between(*self.span(first, last))

    @property
    def nbytes(self) -> int:
        """Approximate memory held, lazy views included."""
        n = sys.getsizeof(self.body) + 400 + (sys.getsizeof(self._title) if self._title is not None else 0)
        if self._starts is not None:
            n += self._starts.itemsize * len(self._starts)
        n += self.marks.itemsize * len(self.marks) + len(self.mark_cats)
        if self._text is not None:
            n += sys.getsizeof(self._text)
        if self._folded is not None and self._folded is not self.body:
            n += sys.getsizeof(self._folded)
        if self._passages is not None:
            n += self._passages.nbytes
        return n


CacheKey = tuple[str, Hashable, int]


class DocCache:
    """Thread-safe LRU of :class:`RedactedDoc` bounded by their :attr:`~RedactedDoc.nbytes`.

    Keys end with the policy generation; :meth:`advance` raises the floor, dropping
    older documents, and :meth:`put` refuses any document below the floor.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max(0, int(max_bytes))
        self._items: OrderedDict[CacheKey, tuple[RedactedDoc, int]] = OrderedDict()
        self._bytes = 0
        self._floor = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self.builds = 0  # documents redacted and offered to the cache (tests, benchmark)

    def get(self, key: CacheKey) -> RedactedDoc | None:
        # Lock-free on the hot path: single OrderedDict operations are atomic under the GIL,
        # and put() only stores a document under the key of its own generation.
        item = self._items.get(key)
        if item is None or key[-1] < self._floor:
            self.misses += 1
            return None
        try:
            self._items.move_to_end(key)
        except KeyError:  # evicted meanwhile: still a valid document of this generation
            pass
        self.hits += 1
        return item[0]

    def peek(self, key: CacheKey) -> bool:
        """Whether ``key`` is cached (no hit/miss accounting, no LRU move)."""
        return key in self._items and key[-1] >= self._floor

    def put(self, key: CacheKey, doc: RedactedDoc) -> bool:
        """Store ``doc``; ``False`` when refused (older generation, or larger than the whole budget)."""
        size = doc.nbytes
        with self._lock:
            self.builds += 1
            if doc.generation != key[-1] or doc.generation < self._floor:
                return False
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            if size > self.max_bytes:
                return False
            self._items[key] = (doc, size)
            self._bytes += size
            self._evict()
            return True

    def resize(self, key: CacheKey, doc: RedactedDoc) -> None:
        """Re-account ``doc`` after a lazy view was filled in."""
        size = doc.nbytes
        with self._lock:
            item = self._items.get(key)
            if item is None or item[0] is not doc or item[1] == size:
                return
            self._bytes += size - item[1]
            self._items[key] = (doc, size)
            self._evict()

    def _evict(self) -> None:
        while self._bytes > self.max_bytes and self._items:
            _, (_, size) = self._items.popitem(last=False)
            self._bytes -= size

    def advance(self, generation: int) -> None:
        """A new policy generation is active: drop everything computed under an older one."""
        with self._lock:
            if generation <= self._floor:
                return
            self._floor = generation
            for key in [k for k in self._items if k[-1] < generation]:
                self._bytes -= self._items.pop(key)[1]

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def documents(self) -> list[RedactedDoc]:
        with self._lock:
            return [doc for doc, _ in self._items.values()]

    @property
    def bytes_used(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._items)
