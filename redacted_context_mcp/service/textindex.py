"""In-memory index of redacted file text for search and retrieval.

One record per file: the redacted lines joined with ``\\n`` (so offsets map to
the same line numbers ``redctx_read`` prints) and, once retrieval needs it, the
file's passage table. Records are keyed by the rel path and checked against the
file's metadata identity (dev, ino, size, mtime_ns, ctime_ns) as the walk sees
it, so an unchanged file is never read, redacted or tokenized again; a changed
file is redone on its own. Everything is dropped when the policy generation or
the redactor fingerprint changes. Only redacted text is held, never raw text,
and nothing is written to disk. Memory is bounded by an LRU byte budget.

Imports: layers 0-1 and service.context.
"""

from __future__ import annotations

import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.retrieval import Passages, split_passages
from redacted_context_mcp.service.context import Entry, Service, Snapshot
from redacted_context_mcp.sources.paths import ROOT

DEFAULT_MAX_BYTES = 400_000_000

Ident = tuple[int, int, int, int, int]


def identity(entry: Entry) -> Ident:
    """Same fields, same order as ``sources.files.identity`` (the redacted cache key)."""
    return (entry.dev, entry.ino, entry.size, entry.mtime_ns, entry.ctime_ns)


class FileText:
    """Redacted text of one file version; ``passages`` is filled on first retrieval."""

    __slots__ = ("ident", "text", "passages", "nbytes")

    def __init__(self, ident: Ident, text: str) -> None:
        self.ident = ident
        self.text = text
        self.passages: Passages | None = None
        self.nbytes = sys.getsizeof(text) + 200


@dataclass(frozen=True)
class Doc:
    """One file in an operation's scope."""

    entry: Entry
    file: FileText

    @property
    def text(self) -> str:
        return self.file.text


class TextIndex:
    """Thread-safe, byte-bounded map rel path -> :class:`FileText` for one generation."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[str, FileText] = OrderedDict()
        self._bytes = 0
        self._token: tuple[int, str] | None = None
        self._lock = threading.Lock()
        self.builds = 0  # files (re)read through the service; tests and the benchmark use it
        self.passage_builds = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def bytes_used(self) -> int:
        return self._bytes

    def _sync(self, snap: Snapshot) -> None:
        token = (snap.generation, snap.redactor.fingerprint)
        if token != self._token:
            with self._lock:
                if token != self._token:
                    self._items.clear()
                    self._bytes = 0
                    self._token = token

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def file(self, svc: Service, snap: Snapshot, entry: Entry, budget: Budget) -> FileText:
        """The indexed text of ``entry``, reading and redacting it only when new or changed."""
        self._sync(snap)
        ident = identity(entry)
        item = self._items.get(entry.rel)
        if item is not None and item.ident == ident:
            return item
        budget.check_deadline()
        rf = svc.redacted_file(entry, budget)
        text = "\n".join(rf.lines)
        if text == rf.text:
            text = rf.text  # share the cached string instead of holding a copy
        item = FileText(ident, text)
        with self._lock:
            self.builds += 1
            self._store(entry.rel, item)
        return item

    def passages(self, item: FileText) -> Passages:
        """The passage table of ``item``, split and tokenized once per file version."""
        p = item.passages
        if p is None:
            p = split_passages(item.text)
            with self._lock:
                if item.passages is None:
                    item.passages = p
                    item.nbytes += p.nbytes
                    self._bytes += p.nbytes
                    self.passage_builds += 1
        return p

    def _store(self, rel: str, item: FileText) -> None:
        old = self._items.pop(rel, None)
        if old is not None:
            self._bytes -= old.nbytes
        if item.nbytes > self.max_bytes:
            return
        self._items[rel] = item
        self._bytes += item.nbytes
        while self._bytes > self.max_bytes and self._items:
            _, gone = self._items.popitem(last=False)
            self._bytes -= gone.nbytes

    def prune(self, keep: Iterable[str]) -> None:
        """Forget files not in ``keep`` (after a complete whole-root scan: deleted files)."""
        keep = set(keep)
        with self._lock:
            for rel in [r for r in self._items if r not in keep]:
                self._bytes -= self._items.pop(rel).nbytes

    def scope(self, svc: Service, snap: Snapshot, paths: list[str], globs: list[str],
              budget: Budget) -> list[Doc]:
        """Every file of the scope with its indexed text, in the service's stable order."""
        return list(self.iter_scope(svc, snap, paths, globs, budget))

    def iter_scope(self, svc: Service, snap: Snapshot, paths: list[str], globs: list[str],
                   budget: Budget) -> Iterator[Doc]:
        """Like :meth:`scope`, but texts are read and redacted only as the caller consumes them.

        The whole scope is walked (and its byte budget charged) before the first text, so a
        scope over a limit still fails the call; a caller that stops early saves the redaction
        of the files it never reached.
        """
        entries = list(svc.iter_files(paths, globs, budget))
        for entry in entries:
            budget.check_deadline()
            try:
                item = self.file(svc, snap, entry, budget)
            except RedctxError as exc:
                if exc.code is not Code.NOT_TEXT:
                    raise
                continue  # binary data after a text-looking prefix: skipped like any binary file
            yield Doc(entry, item)
        if not globs and all(p in ("", ROOT, "./") for p in paths):
            self.prune(e.rel for e in entries)


_INDEXES: weakref.WeakKeyDictionary[Service, TextIndex] = weakref.WeakKeyDictionary()
_INDEXES_LOCK = threading.Lock()


def text_index(svc: Service) -> TextIndex:
    """The index belonging to ``svc`` (``svc.text_index`` when the service provides one)."""
    own = getattr(svc, "text_index", None)
    if isinstance(own, TextIndex):
        return own
    with _INDEXES_LOCK:
        index = _INDEXES.get(svc)
        if index is None:
            limit = getattr(svc.settings.limits, "max_total_index_bytes", DEFAULT_MAX_BYTES)
            index = _INDEXES[svc] = TextIndex(limit)
        return index
