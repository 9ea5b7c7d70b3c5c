"""The files source: a validated root walked and read through :class:`sources.files.FsRoot`.

One instance per policy generation (visibility rules and path ids depend on
the policy); the text-sniff memo is shared across generations because it only
depends on file identity. References are :class:`sources.paths.Entry`.

With ``documents`` on (``--documents``), DOCX, PPTX, PDF, XLSX and XLS files are
readable: ``fetch`` hands their bytes to :func:`sources.documents.extract`, and
the extracted Markdown is the raw text (the service redacts and caches it).
A failed extraction is remembered per file identity, so a broken document is
not converted again until it changes.

Imports: errors, limits, sources.base, sources.dirs, sources.documents, sources.files, sources.paths,
sources.textcodec.
"""

from __future__ import annotations

import fnmatch
import re
import stat as st_mod
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager

from redacted_context_mcp import skips
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.sources import documents as doc_extract
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.base import Raw
from redacted_context_mcp.sources.dirs import Accept, DirItem
from redacted_context_mcp.sources.files import FsRoot
from redacted_context_mcp.sources.paths import Entry

_SNIFF_MEMO_MAX = 500_000
_SNIFF_CHUNK = 64
_FAILED_MEMO_MAX = 10_000

#: (rel, dev, ino, size, mtime_ns, ctime_ns): the one stat identity of a file version.
FileIdent = tuple[str, int, int, int, int, int]


def compile_globs(globs: Iterable[str]) -> re.Pattern[str] | None:
    """Scope globs as one regex over the rel path; case-sensitive, ``*`` also matches ``/``."""
    parts = [fnmatch.translate(g) for g in globs if g]
    return re.compile("|".join(f"(?:{p})" for p in parts)) if parts else None


class FileSource:
    """Visible regular text files under one root, under one generation's visibility rules."""

    name = "files"

    def __init__(self, fs: FsRoot, accept: Accept, id_for: Callable[[str], str], max_bytes: int,
                 sniffed: dict[FileIdent, bool], documents: bool = False) -> None:
        self.fs = fs
        self.documents = documents
        self._failed: dict[FileIdent, RedctxError] = {}
        self.accept = accept
        self._id_for = id_for
        self.max_bytes = max_bytes
        self._sniffed = sniffed

    # -- references -----------------------------------------------------------------
    def entry(self, rel: str) -> Entry:
        """The entry of ``rel`` as it is now (NOT_A_FILE for special files; visibility is the caller's)."""
        st = self.fs.lstat(rel)
        if st_mod.S_ISDIR(st.st_mode):
            is_dir = True
        elif st_mod.S_ISREG(st.st_mode):
            is_dir = False
        else:
            raise RedctxError(Code.NOT_A_FILE)
        return Entry(rel, self._id_for(rel), is_dir, st.st_size, st.st_dev, st.st_ino,
                     st.st_mtime_ns, st.st_ctime_ns)

    def _from_item(self, item: DirItem) -> Entry:
        return Entry(item.rel, self._id_for(item.rel), item.is_dir, item.size, item.dev, item.ino,
                     item.mtime_ns, item.ctime_ns)

    def walk(self, top: Entry, budget: Budget, *, max_depth: int | None = None,
             dirs_first: bool = True) -> Iterator[tuple[Entry, int]]:
        """Visible entries below directory ``top`` as ``(entry, depth)``; depth 1 = child."""
        for item, depth in self.fs.walk(top.rel, self.accept, budget, max_depth=max_depth,
                                        dirs_first=dirs_first):
            yield self._from_item(item), depth

    @staticmethod
    def ident(entry: Entry) -> FileIdent:
        return (entry.rel, entry.dev, entry.ino, entry.size, entry.mtime_ns, entry.ctime_ns)

    def is_text(self, entry: Entry) -> bool:
        """Whether ``entry`` sniffs as text, or is a document with ``documents`` on (memoized; unreadable -> False)."""
        return self.text_kind(entry) is True

    def text_kind(self, entry: Entry) -> bool | None:
        """True when ``entry`` sniffs as text, False when it does not, None when it cannot be read."""
        if self.is_document(entry):
            return True
        if entry.is_dir or textcodec.has_binary_extension(entry.name):
            return False
        return self._sniff_kind(entry)

    def _sniff_kind(self, entry: Entry) -> bool | None:
        """:meth:`text_kind` of a regular file that is neither a document nor of a binary extension."""
        if entry.size == 0:
            return True
        key = (entry.rel, entry.dev, entry.ino, entry.size, entry.mtime_ns, entry.ctime_ns)
        known = self._sniffed.get(key)
        if known is not None:
            return known
        try:
            prefix = self.fs.read_prefix(entry.rel, textcodec.SNIFF_BYTES, expect=key[1:])
        except RedctxError as exc:
            return None if exc.code is Code.READ_FAILED else False
        result = textcodec.sniff(prefix) is not None
        if len(self._sniffed) >= _SNIFF_MEMO_MAX:
            self._sniffed.clear()
        self._sniffed[key] = result
        return result

    def is_document(self, entry: Entry) -> bool:
        """Whether ``entry`` is read through document extraction (``documents`` on, supported extension)."""
        return self.documents and not entry.is_dir and doc_extract.kind_of(entry.name) is not None

    def _fetch_document(self, entry: Entry, budget: Budget | None) -> Raw:
        ident = self.ident(entry)
        failed = self._failed.get(ident)
        if failed is not None:
            raise RedctxError(failed.code)
        if entry.size > min(self.max_bytes, doc_extract.limits.MAX_INPUT_BYTES):
            raise RedctxError(Code.LIMIT_FILE_BYTES)
        if budget is not None:
            budget.check_deadline()
        data, _ = self.fs.read(entry.rel, max_bytes=self.max_bytes, expect=ident[1:])
        deadline = doc_extract.limits.DEADLINE_SECONDS
        left = budget.remaining_seconds() if budget is not None else None
        cut = left is not None and left < deadline  # the operation's own deadline comes first
        try:
            text = doc_extract.extract(entry.name, data, deadline=max(left, 0.05) if cut else deadline)
        except RedctxError as exc:
            if cut and exc.code is Code.DOCUMENT_DEADLINE:
                raise RedctxError(Code.LIMIT_DEADLINE) from None  # not the document's fault: not remembered
            if len(self._failed) >= _FAILED_MEMO_MAX:
                self._failed.clear()
            self._failed[ident] = exc
            raise
        finally:
            del data
        return Raw(ident, entry.rel, text)

    # -- the Source interface ---------------------------------------------------------
    def scope(self, tops: Iterable[Entry], globs: Iterable[str], budget: Budget) -> Iterator[Entry]:
        """Readable text files under ``tops``, each once: directories walked in case-folded order.

        Binary files are skipped; ``globs`` match the rel path (``*`` crosses ``/``).
        Charges the budget: entries while walking, ``charge_file(size)`` per file yielded.
        A file over the per-file limit, unreadable or not text is skipped and counted in
        ``budget.skips`` (known binary extensions silently, as before).
        """
        glob_re = compile_globs(globs)
        seen: set[str] = set()
        for top in tops:
            if top.is_dir:
                id_for = self._id_for
                with self.fs.reading():  # ignore files read during the walk share each directory's descriptor
                    files = self.fs.files(top.rel, self.accept, budget)
                candidates: list[Entry] = [
                    Entry(rel, id_for(rel), False, size, dev, ino, mtime, ctime)
                    for rel, size, dev, ino, mtime, ctime in files
                    if glob_re is None or glob_re.match(rel)
                ]
                del files
            else:
                budget.charge_entry()
                candidates = [top] if glob_re is None or glob_re.match(top.rel) else []
            # Sniffed a chunk at a time as the caller consumes them (it may start work meanwhile), each
            # chunk in one reading() block: consecutive files share a directory descriptor, and no
            # descriptor is held while the caller runs.
            for lo in range(0, len(candidates), _SNIFF_CHUNK):
                with self.fs.reading():
                    kept = self._keep_all(candidates[lo:lo + _SNIFF_CHUNK], budget)
                for e in kept:
                    if e.rel in seen:
                        continue
                    seen.add(e.rel)
                    budget.charge_file(e.size)
                    yield e

    def _keep_all(self, entries: list[Entry], budget: Budget) -> list[Entry]:
        """The entries :meth:`_keep` keeps; a file already sniffed as text is decided inline (warm scopes)."""
        kept: list[Entry] = []
        if self.documents:
            return [e for e in entries if self._keep(e, budget)]
        sniffed, binary = self._sniffed, textcodec.BINARY_EXTENSIONS
        max_file = budget.limits.max_raw_bytes_per_file
        for e in entries:
            rel, size = e.rel, e.size
            _, dot, ext = rel.rpartition("/")[2].rpartition(".")
            if dot and ext.lower() in binary:
                continue  # has_binary_extension, silently as in _keep
            if size <= max_file and sniffed.get((rel, e.dev, e.ino, size, e.mtime_ns, e.ctime_ns)) is True:
                kept.append(e)
            elif self._keep(e, budget):
                kept.append(e)
        return kept

    def _keep(self, e: Entry, budget: Budget) -> bool:
        if self.documents and doc_extract.kind_of(e.name) is not None:
            kind: bool | None = True
        elif textcodec.has_binary_extension(e.rel.rpartition("/")[2]):
            return False
        else:
            kind = self._sniff_kind(e)
        if kind is not True:
            budget.skips.add(skips.UNREADABLE if kind is None else skips.NOT_TEXT)
            return False
        if e.size > budget.limits.max_raw_bytes_per_file:
            budget.skips.add(skips.OVER_LIMIT)
            return False
        return True

    def reading(self) -> AbstractContextManager[None]:
        """Fetches on this thread inside the block reuse directory descriptors (:meth:`FsRoot.reading`)."""
        return self.fs.reading()

    def fetch(self, entry: Entry, budget: Budget | None = None) -> Raw:
        """Read and decode ``entry`` as it still is (FILE_CHANGED otherwise).

        Raises NOT_A_FILE, NOT_TEXT, LIMIT_FILE_BYTES, FILE_CHANGED, READ_FAILED.
        """
        if entry.is_dir:
            raise RedctxError(Code.NOT_A_FILE)
        if self.is_document(entry):
            return self._fetch_document(entry, budget)
        if textcodec.has_binary_extension(entry.name):
            raise RedctxError(Code.NOT_TEXT)
        if entry.size > self.max_bytes:
            raise RedctxError(Code.LIMIT_FILE_BYTES)
        if budget is not None:
            budget.check_deadline()
        ident = self.ident(entry)
        data, _ = self.fs.read(entry.rel, max_bytes=self.max_bytes, expect=ident[1:])
        return Raw(ident, entry.rel, textcodec.decode(data))


__all__ = ["FileIdent", "FileSource", "compile_globs"]
