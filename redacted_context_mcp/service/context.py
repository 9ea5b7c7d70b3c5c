"""Service context: startup settings, the live policy and per-generation state.

:class:`Service` is shared by every operation (files, search, admin). Each
policy generation gets its own redactor, path index, display memo and files
source; redacted documents live in one :class:`DocCache` keyed by (source,
ident, generation). :meth:`Service.document` is the only place where raw
source text meets the redactor.

Imports: layers 0-1 only (Settings lives in settings.py so the edges can build it cheaply).
"""

from __future__ import annotations

import dataclasses
import os
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget, cap_output
from redacted_context_mcp.model import Fixed, Redacted, Redaction, ToolResult, mint_redacted
from redacted_context_mcp.redaction import terms as term_matcher
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.reload import LivePolicy
from redacted_context_mcp.retrieval import Passages
from redacted_context_mcp.service import indexer
from redacted_context_mcp.service.arguments import redact_arguments
from redacted_context_mcp.service.document import DocCache, RedactedDoc
from redacted_context_mcp.service.indexer import IDLE_SECONDS, IndexPool, WarmUp, default_size, parallel_documents
from redacted_context_mcp.settings import Settings
from redacted_context_mcp.skips import reason_for
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.files import FsRoot, LinkGuard
from redacted_context_mcp.sources.filesource import FileIdent, FileSource, compile_globs
from redacted_context_mcp.sources.ignore import MAX_IGNORE_FILE_BYTES, IgnoreMatcher
from redacted_context_mcp.sources.paths import (
    PATH_REF_RE,
    ROOT,
    Entry,
    Exclusions,
    NeverServe,
    PathIndex,
    normalize_ref,
)

__all__ = ["Entry", "RedactedDoc", "Service", "Settings", "Snapshot", "compile_globs", "skip_failed"]

_AMBIGUOUS = "\x00ambiguous"
_ACCEPT_MEMO_MAX = 1_000_000
# C0/C1 controls and line/paragraph separators would let a file name forge output lines;
# a literal backslash is escaped too, so every escape in a shown path is unambiguous.
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\\]")
_ESCAPED_RE = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4})")


class _WarmFlag(threading.local):
    active = False


_WARM = _WarmFlag()  # set on the warm-up thread: its calls are not requests


def _int_or(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def _escape_control(text: str) -> str:
    if not _CONTROL_RE.search(text):
        return text
    return _CONTROL_RE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else
                           f"\\u{ord(m.group()):04x}", text)


def skip_failed(budget: Budget, exc: RedctxError) -> bool:
    """Count a per-file failure as a skip in ``budget`` when a scope may skip it; False to fail the call."""
    reason = reason_for(exc.code.slug)
    if reason is None:
        return False
    budget.skips.add(reason)
    return True


@dataclass(frozen=True)
class Snapshot:
    policy: Policy
    redactor: Redactor
    generation: int
    salt_source: str
    salt_key: bytes


class _Generation:
    """State that is only valid under one policy generation."""

    def __init__(self, snap: Snapshot, key: bytes, never: NeverServe, excl: Exclusions | None,
                 fs: FsRoot, max_bytes: int, sniffed: dict[FileIdent, bool],
                 ignore: IgnoreMatcher | None = None, documents: bool = False) -> None:
        self.snap = snap
        self.key = key
        self.never = never
        self.excl = excl
        self.index = PathIndex(key)
        self.display: dict[str, Redaction] = {}
        self.by_display: dict[str, str] = {}
        self.audit_arg_key: bytes | None = None  # derived once per generation (audit log arguments)

        seen: dict[str, bool] = {}  # per generation: the rules depend on the policy only

        def accept(rel: str, name: str, is_dir: bool) -> bool:
            ok = seen.get(rel)
            if ok is None:
                ok = not (never.blocks_name(name) or never.blocks_rel(rel)) and (
                    excl is None or not excl.excludes_entry(rel, name))
                if len(seen) < _ACCEPT_MEMO_MAX:
                    seen[rel] = ok
            # ignore files can change at any time: checked outside the memo (the matcher caches them)
            return ok and (ignore is None or not ignore.ignored(rel, is_dir))

        self.accept = accept
        self.ignore = ignore
        # The index's own bound method: rebuild_index refills this index in place, and the source
        # holds no reference back to the generation (no cycle keeps a dropped generation alive).
        self.source = FileSource(fs, accept, self.index.id_for, max_bytes, sniffed, documents)

    def display_rel(self, rel: str) -> Redaction:
        """The redacted path of ``rel`` under this generation (memoized)."""
        g = self
        r = g.display.get(rel)
        if r is None:
            parent, _, name = rel.rpartition("/")
            # The engine memoizes names, so each distinct name is redacted once; a path is its
            # parent's display (memoized here, walks reach parents first) plus its own name.
            red = g.snap.redactor.redact_path(name)
            text = _escape_control(red.text)
            if rel == ROOT:
                r = Redaction(ROOT, {})
            elif not parent:
                r = Redaction(text, red.counts)
            else:
                up = g.display_rel(parent)
                counts = dict(up.counts)
                for cat, n in red.counts.items():
                    counts[cat] = counts.get(cat, 0) + n
                r = Redaction(f"{up.text}/{text}", counts)
            g.display[rel] = r
            prev = g.by_display.get(r.text)
            g.by_display[r.text] = rel if prev in (None, rel) else _AMBIGUOUS
        return r


class Service:
    """Per-process service state shared by every operation; thread-safe.

    Every operation gets file content as :class:`RedactedDoc` from :meth:`document`
    (one file) or :meth:`documents` (a scope): the only place where raw text from a
    source meets the redactor, and the one cache of redacted documents.
    """

    def __init__(
        self,
        settings: Settings,
        live: LivePolicy,
        *,
        redactor_factory: Callable[[Policy, bytes], Redactor] = Redactor,
    ) -> None:
        self.settings = settings
        self.live = live
        self.limits = settings.limits
        self.fs = FsRoot(settings.root, LinkGuard(live.protected_inodes, settings.allow_hardlinks))
        self.cache = DocCache(settings.limits.cache_bytes)
        self._factory = redactor_factory
        self._gen: _Generation | None = None
        self._lock = threading.RLock()
        self._sniffed: dict[FileIdent, bool] = {}
        self.index_workers = default_size() if os.environ.get("REDCTX_INDEX_WORKERS") is None else \
            _int_or(os.environ["REDCTX_INDEX_WORKERS"], 0)
        self._pool: IndexPool | None = None
        self._warm: WarmUp | None = None
        self._last_request = -IDLE_SECONDS
        self._active = 0
        self.ignore = None if settings.no_ignore else IgnoreMatcher(self._read_ignore_file)

    def _read_ignore_file(self, rel: str) -> bytes | None:
        try:
            return self.fs.read_prefix(rel, MAX_IGNORE_FILE_BYTES)
        except RedctxError:
            return None

    # -- policy --------------------------------------------------------------
    def snapshot(self, *, wait: bool = True) -> Snapshot:
        """Check the live policy (may raise policy errors) and return the active snapshot.

        A large term list compiles in the background (redaction.terms): the call waits for it
        up to :meth:`loading_wait` and then fails closed with POLICY_LOADING; it is never
        served by a matcher that lacks configured terms. ``wait=False`` (doctor) skips that.
        """
        snap = self._snapshot()
        if not _WARM.active:
            self._last_request = time.monotonic()
        if wait:
            terms = getattr(snap.redactor, "terms", None)
            if terms is not None and not terms.wait(0) and not terms.wait(self.loading_wait()):
                raise RedctxError(Code.POLICY_LOADING)
        return snap

    def loading_wait(self) -> float | None:
        """How long a call waits for a term matcher still compiling: half its deadline, at most 5 s."""
        secs = self.limits.max_seconds
        return min(5.0, secs / 2) if secs and secs > 0 else None

    def _snapshot(self) -> Snapshot:
        state = self.live.current()
        gen = self._gen
        if gen is not None and gen.snap.generation == state.generation:
            return gen.snap
        with self._lock:
            gen = self._gen
            if gen is not None and gen.snap.generation == state.generation:
                return gen.snap
            redactor = self._factory(state.policy, state.salt.key)
            snap = Snapshot(state.policy, redactor, state.generation, state.salt.source, state.salt.key)
            excl = None if self.settings.include_private else Exclusions(
                state.policy.exclude_dirs, state.policy.exclude_globs
            )
            self._gen = _Generation(snap, state.salt.key, NeverServe(self._protected_rels()), excl,
                                    self.fs, self.limits.max_raw_bytes_per_file, self._sniffed, self.ignore,
                                    self.settings.documents)
            self.cache.advance(snap.generation)
            if self._pool is not None:  # workers hold the old policy: killed, started anew on use
                self._pool.reset()
            if self._warm is not None:
                self._warm.changed.set()
            return snap

    def redact_arguments(self, args: dict) -> dict:
        """Request arguments redacted like output (``@p_`` ids kept), for the audit log."""
        g = self._g()
        key = g.audit_arg_key
        if key is None:
            from redacted_context_mcp.vault import derived_key

            key = g.audit_arg_key = derived_key(g.key, "audit-arg/1")
        return redact_arguments(g.snap.redactor, args, key)

    @property
    def generation(self) -> int | None:
        """The active policy generation without re-checking the config (``None`` before the first call)."""
        gen = self._gen
        return gen.snap.generation if gen is not None else None

    def _protected_rels(self) -> list[str]:
        rels = []
        root = Path(self.fs.path)
        for p in (*self.live.protected_paths(), *self.settings.protected_paths):
            try:
                rel = Path(os.path.realpath(p)).relative_to(root)
            except ValueError:
                continue
            rels.append(rel.as_posix())
        return rels

    def _g(self) -> _Generation:
        if self._gen is None:
            self.snapshot()
        assert self._gen is not None
        return self._gen

    def budget(self, **overrides: float) -> Budget:
        """A fresh :class:`Budget` for one operation."""
        return Budget(self.limits, **overrides)

    # -- entries and ids -------------------------------------------------------
    def _entry(self, g: _Generation, rel: str) -> Entry:
        if g.never.blocks(rel) or (g.excl is not None and g.excl.excludes(rel)):
            raise RedctxError(Code.PATH_EXCLUDED)
        entry = g.source.entry(rel)
        if g.ignore is not None and rel != ROOT and g.ignore.ignored_path(rel, entry.is_dir):
            raise RedctxError(Code.PATH_EXCLUDED)  # hidden by a .gitignore / .ignore file
        return entry

    def resolve(self, ref: str) -> Entry:
        """Resolve ``@p_<id>``, a root-relative path or a redacted path as printed, re-validated now.

        Raises UNKNOWN_PATH_ID (after one index rebuild), PATH_EXCLUDED,
        OUTSIDE_ROOT, UNSAFE_PATH, PATH_MISSING, NOT_A_FILE (special files).
        """
        g = self._g()
        m = PATH_REF_RE.fullmatch(ref)
        if m:
            pid = "p_" + m.group(1)
            rel = g.index.rel_for(pid)
            if rel is None:
                if g.index.known_missing(pid):  # one walk per unknown id until the next refresh
                    raise RedctxError(Code.UNKNOWN_PATH_ID, ref="@" + pid)
                self.rebuild_index()
                rel = g.index.rel_for(pid)
                if rel is None:
                    g.index.note_missing(pid)
                    raise RedctxError(Code.UNKNOWN_PATH_ID, ref="@" + pid)
            return self._entry(g, rel)
        try:
            rel = normalize_ref(ref)
        except RedctxError as exc:
            # A printed path may hold escaped control characters (``\x0a``); look those up as shown.
            # A shown name may start with an escape, which looks like a Windows-absolute ``\``.
            leading = exc.code is Code.OUTSIDE_ROOT and _ESCAPED_RE.match(ref) is not None
            if (exc.code is not Code.UNSAFE_PATH and not leading) or "\x00" in ref or not _ESCAPED_RE.search(ref):
                raise
            found = self._resolve_display(g, "/".join(p for p in ref.split("/") if p and p != "."))
            if found is None:
                raise
            return self._entry(g, found)
        try:
            return self._entry(g, rel)
        except RedctxError as exc:
            if exc.code is not Code.PATH_MISSING or "[" not in ref:
                raise
        found = self._resolve_display(g, rel)
        if found is None:
            raise RedctxError(Code.PATH_MISSING)
        return self._entry(g, found)

    def _resolve_display(self, g: _Generation, shown: str) -> str | None:
        """Find the entry whose redacted path is ``shown``, descending one component at a time."""
        hit = g.by_display.get(shown)
        if hit is None:
            cur = ROOT
            parts = shown.split("/")
            for i in range(len(parts)):
                want = "/".join(parts[: i + 1])
                items = self.fs.scan(cur, g.accept)
                found = [it.rel for it in items if self._display_rel(g, it.rel).text == want]
                if len(found) != 1:
                    if found:
                        raise RedctxError(Code.UNKNOWN_SOURCE)
                    return None
                cur = found[0]
            hit = g.by_display.get(shown, cur)
        if hit == _AMBIGUOUS:
            raise RedctxError(Code.UNKNOWN_SOURCE)
        return hit

    def rebuild_index(self) -> None:
        """Rescan the whole root and replace the path index of the current generation."""
        g = self._g()
        with self._lock:
            index = PathIndex(g.key)
            index.id_for(ROOT)
            for item, _ in self.fs.walk(ROOT, g.accept, Budget(self.limits)):
                index.id_for(item.rel)
            index.complete = True
            g.index.replace_with(index)

    def refresh(self) -> None:
        """Rebuild the path index and drop the document cache and memos (``redctx_refresh_index``)."""
        g = self._g()
        self.cache.clear()
        self._sniffed.clear()
        g.display.clear()
        g.by_display.clear()
        self.rebuild_index()

    # -- display ------------------------------------------------------------------
    def _display_rel(self, g: _Generation, rel: str) -> Redaction:
        return g.display_rel(rel)

    def display(self, entry: Entry) -> Redaction:
        """The redacted root-relative path of ``entry`` (memoized per generation)."""
        return self._display_rel(self._g(), entry.rel)

    # -- traversal ------------------------------------------------------------------
    def walk(
        self, entry: Entry, budget: Budget, *, max_depth: int | None = None, dirs_first: bool = True
    ) -> Iterator[tuple[Entry, int]]:
        """Visible entries below directory ``entry`` as ``(entry, depth)``; depth 1 = child."""
        return self._g().source.walk(entry, budget, max_depth=max_depth, dirs_first=dirs_first)

    def is_text(self, entry: Entry) -> bool:
        """Whether ``entry`` sniffs as text (memoized by file identity; unreadable -> False)."""
        return self._g().source.is_text(entry)

    def is_document(self, entry: Entry) -> bool:
        """Whether ``entry`` is read as an extracted document (``--documents`` and a supported extension)."""
        return self._g().source.is_document(entry)

    def iter_files(self, paths: Iterable[str], globs: Iterable[str], budget: Budget) -> Iterator[Entry]:
        """Readable text files in scope, each once, in a stable order.

        ``paths`` (default the root) are resolved like :meth:`resolve`; directories
        are walked recursively ordered by case-folded name. Excluded, protected,
        symlinked and binary files are skipped; ``globs`` match the rel path
        (``*`` crosses ``/``). Charges the budget: entries while walking, and
        ``charge_file(size)`` for every file yielded (per-file and total byte caps).
        """
        tops = (self.resolve(ref) for ref in (list(paths) or [ROOT]))
        return self._g().source.scope(tops, globs, budget)

    # -- content: the one redaction step ------------------------------------------------------
    def document(self, entry: Entry, budget: Budget | None = None) -> RedactedDoc:
        """The redacted document of ``entry``: from the cache, or fetched and redacted now.

        Checks the per-file byte cap and the deadline; does not charge the total
        (``iter_files`` or the caller does). Raises NOT_A_FILE, NOT_TEXT,
        FILE_CHANGED, LIMIT_FILE_BYTES.
        """
        return self._document(self._g(), entry, budget)

    def _document(self, g: _Generation, entry: Entry, budget: Budget | None) -> RedactedDoc:
        source = g.source  # one generation for the key, the redactor and the title
        key = (source.name, source.ident(entry), g.snap.generation)
        doc = self.cache.get(key)
        if doc is not None:
            return doc
        raw = source.fetch(entry, budget)
        # control characters (ANSI escapes included) are shown escaped: the one place content is escaped
        red = g.snap.redactor.redact(textcodec.escape_controls(raw.text))
        del raw
        rel = entry.rel
        doc = RedactedDoc.build(entry.ref, lambda: g.display_rel(rel), red, key[1], g.snap.generation)
        self.cache.put(key, doc)
        return doc

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
    def _start_pool(self, g: _Generation, *, background: bool) -> indexer.PoolStart | None:
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

    # -- result finishing (the edges never mint Redacted text) -------------------------------
    @staticmethod
    def _same_kind(result: ToolResult, text: str) -> ToolResult:
        kind = mint_redacted(text) if isinstance(result.text, Redacted) else Fixed(text)
        return dataclasses.replace(result, text=kind)

    def with_skips(self, result: ToolResult, budget: Budget) -> ToolResult:
        """``result`` with the skip counts of ``budget`` in its receipt and one fixed note per reason.

        The notes go to the edge like any notice (appended to the MCP text, stderr in the CLI).
        """
        if not budget.skips:
            return result
        for text in budget.skips.notes():
            budget.notice(text)
        return dataclasses.replace(result, skipped=budget.skips.counts())

    def with_notices(self, result: ToolResult, notices: Iterable[str]) -> ToolResult:
        """``result`` with fixed notices (a skipped too-deep branch, ...) appended as lines."""
        return self._same_kind(result, "\n".join([result.text, *notices]))

    def bounded(self, result: ToolResult, limit: int) -> ToolResult:
        """``result`` cut at a line end to ``limit`` characters with the fixed size note."""
        return self._same_kind(result, cap_output(result.text, limit))

    def folded(self, doc: RedactedDoc) -> str:
        """``doc.folded``, accounted in the cache the first time it is computed."""
        if doc.views_ready[0]:
            return doc.folded
        folded = doc.folded
        self.cache.resize(("files", doc.ident, doc.generation), doc)
        return folded

    def passages(self, doc: RedactedDoc) -> Passages:
        """``doc.passages``, accounted in the cache the first time they are computed."""
        if doc.views_ready[1]:
            return doc.passages
        passages = doc.passages
        self.cache.resize(("files", doc.ident, doc.generation), doc)
        return passages
