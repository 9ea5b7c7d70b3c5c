"""Service context: startup settings, the live policy and per-generation state.

:class:`Service` is shared by every operation (files, search, admin). Each
policy generation gets its own redactor, path index, display memo and files
source (service.generation); redacted documents live in one :class:`DocCache`
keyed by (source, ident, generation). :meth:`Service.document` is the only place
where raw source text meets the redactor; a whole scope is read by the
service.scope part of the class (index workers, warm-up).

Imports: layers 0-1, service.arguments, service.document, service.generation, service.results,
service.scope (Settings lives in settings.py so the edges can build it cheaply).
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.secret_filenames import file_kind
from redacted_context_mcp.reload import LivePolicy
from redacted_context_mcp.retrieval import Passages
from redacted_context_mcp.service import results
from redacted_context_mcp.service.arguments import redact_arguments
from redacted_context_mcp.service.document import DocCache, RedactedDoc
from redacted_context_mcp.service.generation import AMBIGUOUS, Generation, Snapshot
from redacted_context_mcp.service.scope import ScopeDocuments
from redacted_context_mcp.settings import Settings
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.files import FsRoot, LinkGuard
from redacted_context_mcp.sources.filesource import FileIdent, compile_globs
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

__all__ = ["Entry", "RedactedDoc", "Service", "Settings", "Snapshot", "compile_globs"]

_ESCAPED_RE = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4})")


class Service(ScopeDocuments):
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
        self._gen: Generation | None = None
        self._lock = threading.RLock()
        self._sniffed: dict[FileIdent, bool] = {}
        self._init_scope()
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
        self._note_request()
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
            self._gen = Generation(snap, state.salt.key, NeverServe(self._protected_rels()), excl,
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

    def _g(self) -> Generation:
        if self._gen is None:
            self.snapshot()
        assert self._gen is not None
        return self._gen

    def budget(self, **overrides: float) -> Budget:
        """A fresh :class:`Budget` for one operation."""
        return Budget(self.limits, **overrides)

    # -- entries and ids -------------------------------------------------------
    def _entry(self, g: Generation, rel: str) -> Entry:
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

    def _resolve_display(self, g: Generation, shown: str) -> str | None:
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
        if hit == AMBIGUOUS:
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
    def _display_rel(self, g: Generation, rel: str) -> Redaction:
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

    def _document(self, g: Generation, entry: Entry, budget: Budget | None) -> RedactedDoc:
        source = g.source  # one generation for the key, the redactor and the title
        key = (source.name, source.ident(entry), g.snap.generation)
        doc = self.cache.get(key)
        if doc is not None:
            return doc
        raw = source.fetch(entry, budget)
        # control characters (ANSI escapes included) are shown escaped: the one place content is escaped
        # a credential file known by its name has its bare lines read too (secret_filenames)
        red = g.snap.redactor.redact(textcodec.escape_controls(raw.text), kind=file_kind(entry.rel))
        del raw
        rel = entry.rel
        doc = RedactedDoc.build(entry.ref, lambda: g.display_rel(rel), red, key[1], g.snap.generation)
        self.cache.put(key, doc)
        return doc

    # -- result finishing (the edges never mint Redacted text: service.results) ---------------------
    with_skips = staticmethod(results.with_skips)
    with_notices = staticmethod(results.with_notices)
    bounded = staticmethod(results.bounded)

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
