"""A scope's documents: redacted in-process or by the index workers, and the background warm-up.

:class:`ScopeDocuments` is the part of ``Service`` (service.context) that reads a whole
scope: :meth:`~ScopeDocuments.documents` walks and charges the scope first, then yields
its documents from the cache, from the index worker pool (service.indexer) or redacted
in-process; the warm-up reads the whole root in the background while no request runs.
The host class provides ``_lock``, ``_factory``, ``_gen``, ``cache``, ``_g()``,
``snapshot()``, ``budget()``, ``iter_files()``, ``document()`` and ``_document()``.

Imports: layers 0-1, service.document, service.generation, service.indexer, service.results.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator

from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.redaction import terms as term_matcher
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.service import indexer
from redacted_context_mcp.service.document import RedactedDoc
from redacted_context_mcp.service.generation import Generation
from redacted_context_mcp.service.indexer import IDLE_SECONDS, IndexPool, WarmUp, default_size, parallel_documents
from redacted_context_mcp.service.results import skip_failed
from redacted_context_mcp.sources.paths import Entry

__all__ = ["ScopeDocuments"]


class _WarmFlag(threading.local):
    active = False


_WARM = _WarmFlag()  # set on the warm-up thread: its calls are not requests


def _int_or(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


class ScopeDocuments:
    """Mixin of ``Service``: a scope's documents, the index worker pool and the warm-up."""

    _lock: threading.RLock
    _factory: Callable
    _gen: Generation | None

    def _init_scope(self) -> None:
        self.index_workers = default_size() if os.environ.get("REDCTX_INDEX_WORKERS") is None else \
            _int_or(os.environ["REDCTX_INDEX_WORKERS"], 0)
        self._pool: IndexPool | None = None
        self._warm: WarmUp | None = None
        self._last_request = -IDLE_SECONDS
        self._active = 0

    def _note_request(self) -> None:
        """Note a request's policy check (the warm-up's own calls are not requests)."""
        if not _WARM.active:
            self._last_request = time.monotonic()

    def documents(self, paths: Iterable[str], globs: Iterable[str], budget: Budget) -> Iterator[RedactedDoc]:
        """The documents of a scope, redacted only as the caller consumes them.

        The whole scope is walked (and its byte budget charged) before the first
        document, so a scope over a limit still fails the call; a caller that stops
        early saves the redaction of the files it never reached.
        """
        if _WARM.active:
            yield from self._documents(paths, globs, budget)
            return
        with self._lock:
            self._active += 1  # the warm-up pauses while any request walks a scope
        try:
            yield from self._documents(paths, globs, budget)
        finally:
            with self._lock:
                self._active -= 1
            self._last_request = time.monotonic()

    def _documents(self, paths: Iterable[str], globs: Iterable[str], budget: Budget) -> Iterator[RedactedDoc]:
        g = self._g()  # one generation for the whole scope: keys, redactor and titles
        source, gen, cache = g.source, g.snap.generation, self.cache
        name, ident = source.name, source.ident
        background = _WARM.active
        entries: list[Entry] = []
        cached: list[RedactedDoc | None] = []  # one cache lookup per file
        cold = 0
        start: indexer.PoolStart | None = None
        scope = self.iter_files(paths, globs, budget)
        try:
            for e in scope:
                doc = cache.get((name, ident(e), gen))
                entries.append(e)
                cached.append(doc)
                if doc is None:
                    cold += 1
                    if cold == indexer.MIN_PARALLEL and not background:
                        start = self._start_pool(g, background=False)  # workers start while the rest is sniffed
            if background and cold >= indexer.MIN_PARALLEL:
                # the warm-up takes the pool only now: until its documents loop runs it could not hand
                # the pool over to a request at once
                start = self._start_pool(g, background=True)
        except BaseException:
            if start is not None:
                start.abandon()
            raise
        finally:
            scope.close()  # the scope's directory descriptor is released even when it failed
        pool = start.ready() if start is not None else None
        if pool is not None and self._gen is not g:  # the policy changed meanwhile: stay in-process
            pool.release()
            pool = None
        if pool is not None:
            try:
                yield from parallel_documents(pool, g, cache, entries, budget,
                                              lambda e: self._text_document(e, budget), background=background)
            finally:
                pool.release()
            return
        total = len(entries)
        for i, doc in enumerate(cached):
            if not i & 63:  # a cache hit costs well under a microsecond; redaction checks the deadline itself
                budget.check_deadline()
                budget.report_progress(i, total)
            if doc is None:
                try:
                    doc = self._document(g, entries[i], budget)
                except RedctxError as exc:
                    if not skip_failed(budget, exc):
                        raise
                    continue  # not text after all, unreadable, or a document that does not extract: counted
            yield doc
        budget.report_progress(total, total)

    def _text_document(self, entry: Entry, budget: Budget) -> RedactedDoc | None:
        try:
            return self.document(entry, budget)
        except RedctxError as exc:
            if not skip_failed(budget, exc):
                raise
            return None

    # -- index workers and warm-up (service.indexer) ----------------------------------------------
    def _start_pool(self, g: Generation, *, background: bool) -> indexer.PoolStart | None:
        """Hold the index pool for this call and start its workers on a helper thread; ``None`` to stay in-process."""
        if self._factory is not Redactor or self.index_workers < 2:
            return None
        if len(getattr(g.snap.redactor, "terms", ())) > term_matcher.SYNC_KEYS:
            return None  # each worker would compile the large term list again: stay in-process
        with self._lock:
            if self._pool is None:
                self._pool = IndexPool(self.index_workers)
            pool = self._pool
        if not pool.acquire(0.0 if background else 2.0):
            return None
        return indexer.PoolStart(pool, g.snap.generation, g.snap.policy, g.snap.salt_key)

    def start_warm_index(self) -> WarmUp:
        """Start the background warm-up of the whole root (``--warm-index``, on by default)."""
        with self._lock:
            if self._warm is None:
                self._warm = WarmUp(self._warm_pass, self._recently_busy,
                                    lambda: self._pool is not None and self._pool.want.is_set())
                self._warm.start()
            return self._warm

    def _recently_busy(self) -> bool:
        return self._active > 0 or time.monotonic() - self._last_request < IDLE_SECONDS or (
            self._pool is not None and self._pool.want.is_set())

    def _warm_pass(self, should_stop: Callable[[], bool]) -> bool:
        _WARM.active = True
        try:
            if should_stop():
                return False
            self.snapshot()
            for _ in self.documents([], [], self.budget(seconds=0)):
                if should_stop():
                    return False
            return not should_stop()
        finally:
            _WARM.active = False

    def index_state(self) -> dict[str, str]:
        """Index workers and warm-up state for ``doctor``."""
        pool, warm = self._pool, self._warm
        out = {"index_workers": pool.state()} if pool is not None else {}
        if warm is not None:
            out["warm_index"] = warm.state
        return out

    def close(self) -> None:
        """Stop the warm-up and kill the index workers (server shutdown)."""
        if self._warm is not None:
            self._warm.stop.set()
            self._warm.changed.set()
        if self._pool is not None:
            self._pool.close()
