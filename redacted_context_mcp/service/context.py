"""Service context: startup settings, the live policy and per-generation state.

:class:`Service` is shared by every operation (files, search, admin). Each
policy generation gets its own redactor, path index and display memo; the
redacted-text cache is cleared when the generation changes. This is the only
place where raw file text meets the redactor.

Imports: layers 0-1 only (Settings lives in settings.py so the edges can build it cheaply).
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat as st_mod
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.reload import LivePolicy
from redacted_context_mcp.service.cache import RedactedCache, RedactedFile
from redacted_context_mcp.settings import Settings
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.files import DirItem, FsRoot, LinkGuard, identity
from redacted_context_mcp.sources.paths import (
    PATH_REF_RE,
    ROOT,
    Entry,
    Exclusions,
    NeverServe,
    PathIndex,
    normalize_ref,
)

__all__ = ["Entry", "RedactedFile", "Service", "Settings", "Snapshot", "compile_globs"]

_SNIFF_MEMO_MAX = 500_000
_AMBIGUOUS = "\x00ambiguous"
# C0/C1 controls and line/paragraph separators would let a file name forge output lines;
# a literal backslash is escaped too, so every escape in a shown path is unambiguous.
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\\]")
_ESCAPED_RE = re.compile(r"\\(?:x[0-9a-f]{2}|u[0-9a-f]{4})")


def _escape_control(text: str) -> str:
    if not _CONTROL_RE.search(text):
        return text
    return _CONTROL_RE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else
                           f"\\u{ord(m.group()):04x}", text)


def compile_globs(globs: Iterable[str]) -> re.Pattern[str] | None:
    """Scope globs as one regex over the rel path; case-sensitive, ``*`` also matches ``/``."""
    parts = [fnmatch.translate(g) for g in globs if g]
    return re.compile("|".join(f"(?:{p})" for p in parts)) if parts else None


@dataclass(frozen=True)
class Snapshot:
    policy: Policy
    redactor: Redactor
    generation: int
    salt_source: str


class _Generation:
    """State that is only valid under one policy generation."""

    def __init__(self, snap: Snapshot, key: bytes, never: NeverServe, excl: Exclusions | None) -> None:
        self.snap = snap
        self.key = key
        self.never = never
        self.excl = excl
        self.index = PathIndex(key)
        self.display: dict[str, Redaction] = {}
        self.by_display: dict[str, str] = {}
        self.names: dict[str, Redaction] = {}

        def accept(rel: str, name: str, is_dir: bool) -> bool:
            if never.blocks_name(name) or never.blocks_rel(rel):
                return False
            return excl is None or not excl.excludes_entry(rel, name)

        self.accept = accept


class Service:
    """Per-process service state shared by every operation; thread-safe."""

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
        self.cache = RedactedCache(settings.limits.cache_bytes)
        self._factory = redactor_factory
        self._gen: _Generation | None = None
        self._lock = threading.RLock()
        self._sniffed: dict[tuple, bool] = {}

    # -- policy --------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        """Check the live policy (may raise policy errors) and return the active snapshot."""
        state = self.live.current()
        gen = self._gen
        if gen is not None and gen.snap.generation == state.generation:
            return gen.snap
        with self._lock:
            gen = self._gen
            if gen is not None and gen.snap.generation == state.generation:
                return gen.snap
            redactor = self._factory(state.policy, state.salt.key)
            snap = Snapshot(state.policy, redactor, state.generation, state.salt.source)
            excl = None if self.settings.include_private else Exclusions(
                state.policy.exclude_dirs, state.policy.exclude_globs
            )
            self._gen = _Generation(snap, state.salt.key, NeverServe(self._protected_rels()), excl)
            self.cache.clear()
            return snap

    def redact_arguments(self, args: dict) -> dict:
        """Request arguments redacted like output (``@p_`` ids kept), for the audit log."""
        from redacted_context_mcp.service.redact import redact_arguments
        from redacted_context_mcp.vault import derived_key

        g = self._g()
        key = g.__dict__.get("audit_arg_key")
        if key is None:
            key = g.__dict__["audit_arg_key"] = derived_key(g.key, "audit-arg/1")
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
        st = self.fs.lstat(rel)
        if st_mod.S_ISDIR(st.st_mode):
            is_dir = True
        elif st_mod.S_ISREG(st.st_mode):
            is_dir = False
        else:
            raise RedctxError(Code.NOT_A_FILE)
        return Entry(rel, g.index.id_for(rel), is_dir, st.st_size, st.st_dev, st.st_ino,
                     st.st_mtime_ns, st.st_ctime_ns)

    def _from_item(self, g: _Generation, item: DirItem) -> Entry:
        return Entry(item.rel, g.index.id_for(item.rel), item.is_dir, item.size, item.dev, item.ino,
                     item.mtime_ns, item.ctime_ns)

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
            g.index = index

    def refresh(self) -> None:
        """Rebuild the path index and drop the redacted cache and memos (``redctx_refresh_index``)."""
        g = self._g()
        self.cache.clear()
        self._sniffed.clear()
        g.display.clear()
        g.by_display.clear()
        g.names.clear()
        self.rebuild_index()

    # -- display ------------------------------------------------------------------
    def _display_rel(self, g: _Generation, rel: str) -> Redaction:
        r = g.display.get(rel)
        if r is None:
            if rel == ROOT:
                r = Redaction(ROOT, {})
            else:
                # Paths are redacted component by component, so each distinct name is redacted once.
                texts: list[str] = []
                counts: dict[str, int] = {}
                for name in rel.split("/"):
                    part = g.names.get(name)
                    if part is None:
                        red = g.snap.redactor.redact_path(name)
                        part = g.names[name] = Redaction(_escape_control(red.text), dict(red.counts))
                    texts.append(part.text)
                    for cat, n in part.counts.items():
                        counts[cat] = counts.get(cat, 0) + n
                r = Redaction("/".join(texts), counts)
            g.display[rel] = r
            prev = g.by_display.get(r.text)
            g.by_display[r.text] = rel if prev in (None, rel) else _AMBIGUOUS
        return r

    def display(self, entry: Entry) -> Redaction:
        """The redacted root-relative path of ``entry`` (memoized per generation)."""
        return self._display_rel(self._g(), entry.rel)

    # -- traversal ------------------------------------------------------------------
    def walk(
        self, entry: Entry, budget: Budget, *, max_depth: int | None = None, dirs_first: bool = True
    ) -> Iterator[tuple[Entry, int]]:
        """Visible entries below directory ``entry`` as ``(entry, depth)``; depth 1 = child."""
        g = self._g()
        for item, depth in self.fs.walk(entry.rel, g.accept, budget, max_depth=max_depth,
                                        dirs_first=dirs_first):
            yield self._from_item(g, item), depth

    def is_text(self, entry: Entry) -> bool:
        """Whether ``entry`` sniffs as text (memoized by file identity; unreadable -> False)."""
        if entry.is_dir or textcodec.has_binary_extension(entry.name):
            return False
        if entry.size == 0:
            return True
        ident = (entry.dev, entry.ino, entry.size, entry.mtime_ns, entry.ctime_ns)
        key = (entry.rel, ident)
        known = self._sniffed.get(key)
        if known is not None:
            return known
        try:
            prefix = self.fs.read_prefix(entry.rel, textcodec.SNIFF_BYTES, expect=ident)
        except RedctxError:
            return False
        result = textcodec.sniff(prefix) is not None
        if len(self._sniffed) >= _SNIFF_MEMO_MAX:
            self._sniffed.clear()
        self._sniffed[key] = result
        return result

    def iter_files(self, paths: Iterable[str], globs: Iterable[str], budget: Budget) -> Iterator[Entry]:
        """Readable text files in scope, each once, in a stable order.

        ``paths`` (default the root) are resolved like :meth:`resolve`; directories
        are walked recursively ordered by case-folded name. Excluded, protected,
        symlinked and binary files are skipped; ``globs`` match the rel path
        (``*`` crosses ``/``). Charges the budget: entries while walking, and
        ``charge_file(size)`` for every file yielded (per-file and total byte caps).
        """
        glob_re = compile_globs(globs)
        seen: set[str] = set()
        for ref in list(paths) or [ROOT]:
            top = self.resolve(ref)
            if top.is_dir:
                candidates: Iterable[Entry] = (
                    e for e, _ in self.walk(top, budget, dirs_first=False) if not e.is_dir
                )
            else:
                budget.charge_entry()
                candidates = (top,)
            for e in candidates:
                if e.rel in seen or (glob_re is not None and not glob_re.match(e.rel)):
                    continue
                if not self.is_text(e):
                    continue
                seen.add(e.rel)
                budget.charge_file(e.size)
                yield e

    # -- content ------------------------------------------------------------------
    def redacted_file(self, entry: Entry, budget: Budget | None = None) -> RedactedFile:
        """Whole-file redacted text from the cache, or read + decode + redact it now.

        Checks the per-file byte cap and the deadline; does not charge the total
        (``iter_files`` or the caller does). Raises NOT_A_FILE, NOT_TEXT,
        FILE_CHANGED, LIMIT_FILE_BYTES.
        """
        g = self._g()
        if entry.is_dir:
            raise RedctxError(Code.NOT_A_FILE)
        st = self.fs.lstat(entry.rel)
        if not st_mod.S_ISREG(st.st_mode):
            raise RedctxError(Code.NOT_A_FILE)
        if textcodec.has_binary_extension(entry.name):
            raise RedctxError(Code.NOT_TEXT)
        ident = identity(st)
        redactor = g.snap.redactor
        key = (entry.rel, ident, redactor.fingerprint)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        limit = self.limits.max_raw_bytes_per_file
        if st.st_size > limit:
            raise RedctxError(Code.LIMIT_FILE_BYTES)
        if budget is not None:
            budget.check_deadline()
        data, _ = self.fs.read(entry.rel, max_bytes=limit, expect=ident)
        red = redactor.redact(textcodec.decode(data))
        del data
        rf = RedactedFile.build(textcodec.escape_controls(red.text), red.counts)  # the one place content is escaped
        self.cache.put(key, rf)
        return rf
