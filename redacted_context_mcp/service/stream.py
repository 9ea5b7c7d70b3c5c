"""Streamed reads: a line range of a file of any size, redacted in bounded chunks.

A file over the per-file limit is never read whole. A :class:`LineIndex` splits it
into chunks of about :data:`CHUNK_BYTES` at line starts, built only as far as a
request needs (``head`` of a 200 MB log reads its first chunk; ``tail`` counts
the newlines of the whole file but redacts only its last chunks). A line range is
served from a *window*: the whole chunks holding it plus up to
:data:`OVERLAP_LINES` lines of context on each side, redacted as one text.

Why no multi-line secret is ever cut (OUT-10):

* a chunk boundary is never inside a PEM block: the index tracks ``-----BEGIN`` /
  ``-----END`` markers and moves a boundary past the line holding the next END
  marker, so every PEM block lies wholly inside one chunk;
* a boundary prefers the line after a blank line, and the overlap gives the
  redactor the lines around the shown chunks, so a multi-line JSON/YAML secret
  (``key: |`` blocks, a value on the next line) is seen with its key;
* only lines of the shown chunks are returned; the overlap is context only.

Redaction is line-preserving (OUT-5); the window is refused (fail closed) if the
redacted text has a different number of lines than the raw window.

Files encoded with a UTF-16/32 BOM are not streamed (their newlines are not
single bytes), nor is a file holding one line longer than the per-file limit (a
chunk ends at a line end): both still fail with the fixed limit message.

Imports: errors, model, limits, redaction.secret_filenames, sources, service.document, service.context.
"""

from __future__ import annotations

import threading
import weakref
from bisect import bisect_right
from dataclasses import dataclass

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.redaction.secret_filenames import file_kind
from redacted_context_mcp.service.context import Entry, Service
from redacted_context_mcp.service.document import RedactedDoc
from redacted_context_mcp.sources import textcodec

#: Small, so a head or a short range redacts little more than itself (the index is a few ints per chunk).
CHUNK_BYTES = 16 * 1024
#: A boundary moves to the line after a blank line found within this many bytes past the target.
BLANK_SEARCH_BYTES = 2 * 1024
#: A PEM-looking block longer than this does not hold a boundary back any further (no key is that long).
MAX_CHUNK_BYTES = 8 * 1024 * 1024
OVERLAP_LINES = 64
OVERLAP_BYTES = 64 * 1024
READ_BLOCK = 1 << 20
_INDEX_MEMO = 64  # line indexes kept per service (a few integers per chunk each)

_BEGIN = b"-----BEGIN "
_END = b"-----END "


class LineIndex:
    """Chunk starts of one file version: byte offsets and the 1-based line each chunk starts at."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.offsets: list[int] = [0]
        self.lines: list[int] = [1]
        self.complete = False
        self.total_lines = 0  # known once complete
        self._read_pos = 0  # bytes consumed so far (always at a line start)
        self._line = 1  # line number at _read_pos
        self._in_pem = False
        self.lock = threading.Lock()

    # -- building -------------------------------------------------------------------------
    def _cut(self, pos: int, line: int) -> None:
        if pos > self.offsets[-1] and pos < self.size:
            self.offsets.append(pos)
            self.lines.append(line)

    def _process(self, seg: bytes, base: int) -> None:
        """Place boundaries in ``seg`` (file bytes at ``base``, starting and ending at line ends)."""
        markers = sorted([(p, True) for p in _find_all(seg, _BEGIN)] + [(p, False) for p in _find_all(seg, _END)])
        mi = 0
        counted, line = 0, self._line
        in_pem = self._in_pem
        off = 0
        while True:
            target = max(self.offsets[-1] + CHUNK_BYTES - base, off)
            if target >= len(seg):
                break
            blank = seg.find(b"\n\n", target, target + BLANK_SEARCH_BYTES)
            cand = blank + 2 if blank >= 0 else seg.find(b"\n", target) + 1
            if cand <= 0:
                break
            while mi < len(markers) and markers[mi][0] < cand:
                in_pem = markers[mi][1]
                mi += 1
            if in_pem and base + cand - self.offsets[-1] < MAX_CHUNK_BYTES:
                end = next((m for m in markers[mi:] if not m[1]), None)
                if end is None:  # the block goes on past this segment: decide in the next one
                    off = len(seg)
                    break
                cand = seg.find(b"\n", end[0])
                cand = len(seg) if cand < 0 else cand + 1
                while mi < len(markers) and markers[mi][0] < cand:
                    in_pem = markers[mi][1]
                    mi += 1
                if in_pem:  # another BEGIN on the END line: look again from here
                    off = cand
                    continue
            line += seg.count(b"\n", counted, cand)
            counted = cand
            self._cut(base + cand, line)
            off = cand
        for _, begin in markers[mi:]:
            in_pem = begin
        self._in_pem = in_pem
        self._line = line + seg.count(b"\n", counted)

    def extend(self, read, want_line: int | None, budget: Budget) -> None:
        """Read on until the chunk after the one holding ``want_line`` is known (``None``: the whole file)."""
        carry = b""
        while not self.complete:
            if want_line is not None and len(self.lines) >= 2 and self.lines[-1] > want_line:
                return
            budget.check_deadline()
            pos = self._read_pos + len(carry)
            # small reads near the start (a head), growing to READ_BLOCK for long scans (a tail)
            block = read(pos, min(READ_BLOCK, max(4 * CHUNK_BYTES, pos // 4))) if pos < self.size else b""
            buf = carry + block
            if not block:  # end of file: the last partial line ends the file
                self._process(buf, self._read_pos)
                self._read_pos += len(buf)
                last = self._line - (1 if buf.endswith(b"\n") or not buf and self.size else 0)
                self.total_lines = 0 if self.size == 0 else last
                self.complete = True
                return
            k = buf.rfind(b"\n")
            if k < 0:
                if len(buf) > budget.limits.max_raw_bytes_per_file:  # one line over the limit: not streamable
                    raise RedctxError(Code.LIMIT_FILE_BYTES)
                carry = buf
                continue
            self._process(buf[: k + 1], self._read_pos)
            self._read_pos += k + 1
            carry = buf[k + 1 :]

    # -- lookups ----------------------------------------------------------------------------
    def chunk_of(self, line: int) -> int:
        return max(0, bisect_right(self.lines, line) - 1)

    def chunk_end(self, i: int) -> int:
        return self.offsets[i + 1] if i + 1 < len(self.offsets) else self.size


def _find_all(data: bytes, needle: bytes) -> list[int]:
    out = []
    pos = data.find(needle)
    while pos >= 0:
        out.append(pos)
        pos = data.find(needle, pos + 1)
    return out


@dataclass(frozen=True)
class Window:
    """A redacted window of a streamed file: ``doc`` line 1 is file line ``base + 1``."""

    doc: RedactedDoc
    base: int
    total: int | None  # the file's line count when the index is complete
    last_line: int  # last file line the shown chunks cover (context lines after it are not shown)


_INDEXES: weakref.WeakKeyDictionary[Service, dict[tuple, LineIndex]] = weakref.WeakKeyDictionary()
_INDEXES_LOCK = threading.Lock()


def _index_for(svc: Service, ident: tuple, size: int) -> LineIndex:
    with _INDEXES_LOCK:
        memo = _INDEXES.setdefault(svc, {})
        idx = memo.get(ident)
        if idx is None:
            if len(memo) >= _INDEX_MEMO:
                memo.pop(next(iter(memo)))
            idx = memo[ident] = LineIndex(size)
    return idx


def _encoding(svc: Service, entry: Entry, ident: tuple) -> tuple[str, int]:
    if textcodec.has_binary_extension(entry.name):
        raise RedctxError(Code.NOT_TEXT)
    prefix = svc.fs.read_range(entry.rel, 0, textcodec.SNIFF_BYTES, expect=ident[1:])
    enc = textcodec.sniff(prefix)
    if enc is None:
        raise RedctxError(Code.NOT_TEXT)
    if enc != "utf-8" and enc != "latin-1":
        raise RedctxError(Code.LIMIT_FILE_BYTES)  # UTF-16/32: not streamed
    bom = 3 if enc == "utf-8" and prefix.startswith(b"\xef\xbb\xbf") else 0
    return enc, bom


def line_count(svc: Service, entry: Entry, budget: Budget) -> int:
    """Lines of a file of any size, counted through its index (nothing is redacted)."""
    ident = svc._g().source.ident(entry)
    _encoding(svc, entry, ident)
    idx = _index_for(svc, ident, entry.size)
    with idx.lock:
        idx.extend(lambda off, n: svc.fs.read_range(entry.rel, off, n, expect=ident[1:]), None, budget)
    return idx.total_lines


def window(svc: Service, entry: Entry, first: int, last: int | None, min_chars: int, budget: Budget,
           *, whole_count: bool = False) -> Window:
    """The redacted window for file lines ``first..last`` (``None``: to the end).

    Covers the chunks holding ``first`` onwards until ``last`` or until the shown
    lines hold more than ``min_chars`` characters, whichever comes first.
    ``whole_count`` completes the index (the file's line count) first.
    """
    g = svc._g()
    source = g.source
    ident = source.ident(entry)
    enc, bom = _encoding(svc, entry, ident)

    def read(off: int, n: int) -> bytes:
        return svc.fs.read_range(entry.rel, off, n, expect=ident[1:])

    idx = _index_for(svc, ident, entry.size)
    with idx.lock:
        idx.extend(read, None if (whole_count or last is None) else last, budget)
        if not idx.complete:
            idx.extend(read, first, budget)
        a = idx.chunk_of(first)
        if idx.complete and first > max(idx.total_lines, 1):
            raise RedctxError(Code.START_PAST_END)
        want = min_chars * 2 + OVERLAP_BYTES
        while True:
            b = a
            while True:
                end_line = idx.lines[b + 1] - 1 if b + 1 < len(idx.lines) else None
                if last is not None and (end_line is None or end_line >= last):
                    break
                if idx.chunk_end(b) - idx.offsets[a] >= want:
                    break
                if b + 1 >= len(idx.lines):
                    idx.extend(read, idx.lines[-1] + 1, budget)
                    if b + 1 >= len(idx.lines):
                        break
                b += 1
            win = _redact_window(svc, g, entry, idx, a, b, read, enc, bom, budget)
            covered = win.last_line
            shown = 0
            if covered >= first:
                s0, s1 = win.doc.span(first - win.base, covered - win.base)
                shown = s1 - s0
            if (last is not None and covered >= last) or (idx.complete and b + 1 >= len(idx.offsets)) \
                    or shown > min_chars:
                return win
            want *= 2


def _redact_window(svc: Service, g, entry: Entry, idx: LineIndex, a: int, b: int, read, enc: str, bom: int,
                   budget: Budget) -> Window:
    start, end = idx.offsets[a], idx.chunk_end(b)
    before = b""
    if start > 0:
        lo = max(0, start - OVERLAP_BYTES)
        before = read(lo, start - lo)
        if lo > 0:
            nl = before.find(b"\n")
            before = before[nl + 1 :] if nl >= 0 else b""
        if before.count(b"\n") > OVERLAP_LINES:
            before = b"\n".join(before.split(b"\n")[-OVERLAP_LINES - 1 :])
    after = b""
    if end < idx.size:
        after = read(end, OVERLAP_BYTES)
        if end + len(after) < idx.size:
            nl = after.rfind(b"\n")
            after = after[: nl + 1] if nl >= 0 else b""
        if after.count(b"\n") > OVERLAP_LINES:
            after = b"\n".join(after.split(b"\n")[:OVERLAP_LINES]) + b"\n"
    core = read(start, end - start)
    if len(core) != end - start:
        raise RedctxError(Code.FILE_CHANGED)
    raw = before + core + after
    skip_bom = bom if start - len(before) == 0 else 0
    text = raw[skip_bom:].decode(enc, "replace") if enc == "utf-8" else raw.decode(enc)
    if "\x00" in text:
        raise RedctxError(Code.NOT_TEXT)
    text = textcodec.escape_controls(text)
    budget.check_deadline()
    red = g.snap.redactor.redact(text, kind=file_kind(entry.rel))
    if red.text.count("\n") != text.count("\n"):
        raise RedctxError(Code.INTERNAL)  # fail closed: lines would not line up with the file
    base = idx.lines[a] - 1 - before.count(b"\n")
    last_line = idx.lines[b + 1] - 1 if b + 1 < len(idx.lines) else (idx.total_lines if idx.complete else
                                                                       idx.lines[b] + core.count(b"\n"))
    doc = RedactedDoc.build(entry.ref, lambda: g.display_rel(entry.rel), red, ("stream", a, b), g.snap.generation)
    return Window(doc, base, idx.total_lines if idx.complete else None, last_line)


__all__ = ["CHUNK_BYTES", "LineIndex", "OVERLAP_LINES", "Window", "line_count", "window"]
