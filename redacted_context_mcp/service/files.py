"""File operations: tree, list, stat, read, head, tail, bundle, refresh_index, and MCP resources.

Each operation is ``op(svc, args) -> ToolResult``. Arguments arrive
type-checked by the edge; defaults and semantic checks are applied here.
Output text is built only from opaque ids, redacted paths and redacted
documents (:class:`RedactedDoc`); receipts add up the redactor's own tallies
for the pieces shown (content and paths), so a placeholder already present in
a file is never counted as substituted.

Imports: layers 0-1, service.context and service.results.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from redacted_context_mcp import tooldefaults as d
from redacted_context_mcp.errors import SKIPPED_IN_SCOPE, Code, Kind, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.model import ToolResult
from redacted_context_mcp.redaction.placeholders import PLACEHOLDER_RE
from redacted_context_mcp.service import stream
from redacted_context_mcp.service.args import (
    TRUNCATED,
    add_counts,
    bool_arg,
    fixed,
    int_arg,
    result,
    str_arg,
    strs_arg,
)
from redacted_context_mcp.service.context import Entry, RedactedDoc, Service, Snapshot
from redacted_context_mcp.service.results import skip_failed
from redacted_context_mcp.sources.paths import ROOT

BUNDLE_TRUNCATED = "[TRUNCATED: file or total character limit reached]"
REFRESHED = "Refreshed path index."
RESOURCE_PAGE = 200
RESOURCE_SCHEME = "redctx://"
_RESOURCE_URI_RE = re.compile(r"redctx://(p_[0-9a-f]{12})")
_MAX_PLACEHOLDER = 80  # longer than any placeholder, alias form included

READ_DEFAULT_MAX_CHARS = d.READ_MAX_CHARS
TREE_DEFAULT_DEPTH = d.TREE_MAX_DEPTH
HEAD_TAIL_DEFAULT_LINES = d.HEAD_TAIL_LINES
BUNDLE_DEFAULTS = {"max_files": d.BUNDLE_MAX_FILES, "max_chars_per_file": d.BUNDLE_MAX_CHARS_PER_FILE,
                   "max_total_chars": d.BUNDLE_MAX_TOTAL_CHARS}


# -- output helpers -------------------------------------------------------------------
def _bounded_join(lines: Iterable[str], cap: int) -> str:
    """``"\n".join(lines)``, stopping once the result exceeds ``cap`` characters."""
    parts: list[str] = []
    size = -1
    for line in lines:
        parts.append(line)
        size += len(line) + 1
        if size > cap:
            break
    return "\n".join(parts)


def truncate(text: str, limit: int) -> tuple[str, bool]:
    """Cut ``text`` to at most ``limit`` characters, never inside a placeholder."""
    if len(text) <= limit:
        return text, False
    cut = limit
    start = text.rfind("[", max(0, cut - _MAX_PLACEHOLDER), cut)
    if start != -1:
        m = PLACEHOLDER_RE.match(text, start)
        if m is not None and m.end() > cut:
            cut = start
    return text[:cut], True


def _with_marker(text: str, marker: str = TRUNCATED) -> str:
    return f"{text}{marker}" if not text or text.endswith("\n") else f"{text}\n{marker}"


def _name(svc: Service, snap: Snapshot, entry: Entry, counts: dict[str, int]) -> str:
    """The redacted last component of ``entry``, counting its placeholders."""
    add_counts(counts, snap.redactor.redact_path(entry.name).counts)
    return svc.display(entry).text.rsplit("/", 1)[-1]


def _path(svc: Service, entry: Entry, counts: dict[str, int]) -> str:
    """The redacted root-relative path of ``entry``, counting its placeholders."""
    shown = svc.display(entry)
    add_counts(counts, shown.counts)
    return shown.text


# -- tree / list / stat ---------------------------------------------------------------
def tree(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Indented tree: ``@p_<id> <redacted name>[/]``, two spaces per level, root line ``@p_<id> ./``."""
    snap = svc.snapshot()
    entry = svc.resolve(str_arg(args, "path", ROOT))
    max_depth = int_arg(args, "max_depth", TREE_DEFAULT_DEPTH, 0)
    counts: dict[str, int] = {}
    if not entry.is_dir:
        shown = _path(svc, entry, counts)
        return result(snap.redactor.profile, f"{entry.ref} {shown}", counts, rows=[_tree_row(entry, shown, 0)])
    head = ROOT if entry.rel == ROOT else _path(svc, entry, counts)
    lines = [f"{entry.ref} {head}/"]
    rows = [_tree_row(entry, head, 0)]
    budget = svc.budget()
    if max_depth:
        for e, depth in svc.walk(entry, budget, max_depth=max_depth):
            name = _name(svc, snap, e, counts)
            lines.append(f"{'  ' * depth}{e.ref} {name}{'/' if e.is_dir else ''}")
            rows.append(_tree_row(e, name, depth))
    return svc.with_skips(result(snap.redactor.profile, "\n".join(lines), counts, rows=rows), budget)


def _tree_row(e: Entry, name: str, depth: int) -> dict[str, object]:
    return {"id": e.ref, "name": name, "type": "dir" if e.is_dir else "file", "depth": depth}


def _list_row(svc: Service, e: Entry, counts: dict[str, int]) -> dict[str, object]:
    return {"id": e.ref, "type": "dir" if e.is_dir else "file", "size": None if e.is_dir else e.size,
            "path": _path(svc, e, counts)}


def _list_result(profile: str, rows: list[dict[str, object]], counts: dict[str, int]) -> ToolResult:
    """TSV lines of the rows: ``@p_<id>\\tfile|dir\\t<size|->\\t<path>``."""
    text = "\n".join(f"{r['id']}\t{r['type']}\t{'-' if r['size'] is None else r['size']}\t{r['path']}" for r in rows)
    return result(profile, text, counts, rows=rows)


def list_entries(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """TSV ``@p_<id>\\tfile|dir\\t<size|->\\t<redacted path>``; children, or the subtree with ``recursive``."""
    snap = svc.snapshot()
    entry = svc.resolve(str_arg(args, "path", ROOT))
    recursive = bool_arg(args, "recursive", False)
    max_depth = int_arg(args, "max_depth", None, 0) if recursive else 1
    counts: dict[str, int] = {}
    if not entry.is_dir:
        return _list_result(snap.redactor.profile, [_list_row(svc, entry, counts)], counts)
    rows = [_list_row(svc, entry, counts)] if recursive else []
    budget = svc.budget()
    if max_depth != 0:
        rows.extend(_list_row(svc, e, counts) for e, _ in svc.walk(entry, budget, max_depth=max_depth))
    return svc.with_skips(_list_result(snap.redactor.profile, rows, counts), budget)


def stat(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """``key: value`` lines: id, path, type, size_bytes, and lines for readable text files."""
    snap = svc.snapshot()
    entry = svc.resolve(str_arg(args, "path", None))
    counts: dict[str, int] = {}
    row: dict[str, object] = {
        "id": entry.ref,
        "path": _path(svc, entry, counts),
        "type": "directory" if entry.is_dir else "file",
        "size_bytes": entry.size,
    }
    if not entry.is_dir and svc.is_text(entry):
        try:
            if entry.size <= svc.limits.max_raw_bytes_per_file:
                row["lines"] = svc.document(entry, svc.budget()).line_count
            elif not svc.is_document(entry):  # counted through the stream index: nothing is redacted
                row["lines"] = stream.line_count(svc, entry, svc.budget())
        except RedctxError as exc:
            if exc.code not in SKIPPED_IN_SCOPE and exc.code is not Code.LIMIT_FILE_BYTES:
                raise
    return result(snap.redactor.profile, "\n".join(f"{k}: {v}" for k, v in row.items()), counts, rows=[row])


# -- read / head / tail ---------------------------------------------------------------
_NUMBER_WIDTH = 7  # "{n:6d}\t"


def _serve_range(svc: Service, args: Mapping[str, Any], start: int, end: int | None, max_chars: int,
                 numbers: bool, tail: int | None = None) -> ToolResult:
    """Lines ``start..end`` (or the last ``tail`` lines) of a file, whole-file redacted or streamed.

    A file within the per-file limit is redacted whole (and cached); a bigger one is
    streamed through :mod:`service.stream`, which redacts only the chunks around the range.
    """
    snap = svc.snapshot()
    entry = svc.resolve(str_arg(args, "path", None))
    if entry.is_dir:
        raise RedctxError(Code.NOT_A_FILE)
    budget = svc.budget()
    if entry.size <= svc.limits.max_raw_bytes_per_file:
        budget.charge_file(entry.size)
        doc = svc.document(entry, budget)
        if tail is not None:
            start = max(1, doc.line_count - tail + 1)
        return _render_range(snap, doc, start, end, max_chars, numbers)
    if svc.is_document(entry):
        raise RedctxError(Code.LIMIT_FILE_BYTES)  # an office file is extracted whole or not at all
    if tail is not None:
        start = max(1, stream.line_count(svc, entry, budget) - tail + 1)
    win = stream.window(svc, entry, start, end, max_chars + _MAX_PLACEHOLDER, budget)
    total = win.total if win.total is not None else end
    return _render_range(snap, win.doc, start, end, max_chars, numbers, base=win.base, total=total,
                         covered=win.last_line)


def _render_range(
    snap: Snapshot, doc: RedactedDoc, start: int, end: int | None, max_chars: int, numbers: bool,
    *, base: int = 0, total: int | None = None, covered: int | None = None,
) -> ToolResult:
    """Render file lines ``start..end``; ``doc`` line 1 is file line ``base + 1`` (a streamed window)."""
    total = doc.line_count if total is None else total
    if total == 0:
        if start > 1:
            raise RedctxError(Code.START_PAST_END)
        first, last = 0, 0
        a = b = 0
        shown_last = 0
    else:
        if start > total:
            raise RedctxError(Code.START_PAST_END)
        first, last = start, total if end is None else min(end, total)
        shown_last = last if covered is None else min(last, covered)
        a, b = doc.span(first - base, shown_last - base)
    cap = max_chars + _MAX_PLACEHOLDER  # build only what truncation can keep
    if numbers:
        body = _bounded_join(
            (f"{n:6d}\t{doc.line(n - base)}" for n in range(first, shown_last + 1)) if total else (), cap)
    else:
        body = doc.body[a : min(b, a + cap)]
    body, cut = truncate(body, max_chars)
    if not cut:
        counts = doc.line_counts(first - base, shown_last - base) if total else {}
    elif not numbers:
        counts = doc.counts_between(a, a + len(body))
    else:
        counts = doc.counts_between(a, _kept_end(doc, first - base, len(body)))
    if cut:
        body = _with_marker(body)
    elif shown_last < last:  # a streamed window always holds more than max_chars; never claim lines not shown
        raise RedctxError(Code.INTERNAL)
    add_counts(counts, doc.title_counts)
    header = f"--- {doc.ref} {doc.title} lines {first}-{last} ---"
    return result(snap.redactor.profile, f"{header}\n{body}", counts)


def _kept_end(doc: RedactedDoc, first: int, kept: int) -> int:
    """Body offset where a numbered rendering of lines from ``first`` cut at ``kept`` characters ends."""
    pos = 0  # offset of line n in the numbered text
    n = first
    while n <= doc.line_count:
        start, end = doc.span(n, n)
        width = _NUMBER_WIDTH + end - start
        if pos + width >= kept:
            return start + max(0, kept - pos - _NUMBER_WIDTH)
        pos += width + 1
        n += 1
    return len(doc.body)


def read(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Header ``--- @p_<id> <path> lines S-E ---`` and the redacted lines (files of any size)."""
    start = int_arg(args, "start_line", 1, 1)
    end = int_arg(args, "end_line", None, 1)
    max_chars = int_arg(args, "max_chars", READ_DEFAULT_MAX_CHARS, 1)
    numbers = bool_arg(args, "line_numbers", False)
    if end is not None and end < start:
        raise RedctxError(Code.END_BEFORE_START)
    return _serve_range(svc, args, start, end, max_chars, numbers)


def head(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """The first ``lines`` (default 40) lines, in the read format (CLI only)."""
    count = int_arg(args, "lines", HEAD_TAIL_DEFAULT_LINES, 1)
    max_chars = int_arg(args, "max_chars", READ_DEFAULT_MAX_CHARS, 1)
    return _serve_range(svc, args, 1, count, max_chars, bool_arg(args, "line_numbers", False))


def tail(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """The last ``lines`` (default 40) lines, in the read format (CLI only)."""
    count = int_arg(args, "lines", HEAD_TAIL_DEFAULT_LINES, 1)
    max_chars = int_arg(args, "max_chars", READ_DEFAULT_MAX_CHARS, 1)
    return _serve_range(svc, args, 1, None, max_chars, bool_arg(args, "line_numbers", False), tail=count)


# -- bundle / refresh -----------------------------------------------------------------
def bundle(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """``--- BEGIN @p_<id> <path> ---`` blocks of whole redacted files, within file and character limits.

    The whole scope is collected first, so a scope over the total byte cap fails the
    call (as documented); a file over the per-file cap, unreadable or not text is
    skipped and counted (one fixed note per reason, counts in the receipt).
    """
    snap = svc.snapshot()
    paths, globs = strs_arg(args, "paths"), strs_arg(args, "glob")
    max_files = int_arg(args, "max_files", BUNDLE_DEFAULTS["max_files"], 1)
    per_file = int_arg(args, "max_chars_per_file", BUNDLE_DEFAULTS["max_chars_per_file"], 1)
    max_total = int_arg(args, "max_total_chars", BUNDLE_DEFAULTS["max_total_chars"], 1)
    budget = svc.budget()
    files = list(svc.iter_files(paths, globs, budget))
    blocks: list[str] = []
    counts: dict[str, int] = {}
    emitted = 0
    for i, entry in enumerate(files):
        if i >= max_files or emitted >= max_total:
            blocks.append("\n" + BUNDLE_TRUNCATED)
            break
        try:
            doc = svc.document(entry, budget)
        except RedctxError as exc:
            if not skip_failed(budget, exc):
                raise
            continue  # not text after all, unreadable, or a document that does not extract: counted
        body, cut = truncate(doc.body, per_file)
        emitted += len(body)
        add_counts(counts, doc.counts_between(0, len(body)) if cut else doc.counts)
        add_counts(counts, doc.title_counts)
        if cut:
            body = _with_marker(body)
        blocks.append(f"\n--- BEGIN {doc.ref} {doc.title} ---\n{body}\n--- END {doc.ref} ---")
    return svc.with_skips(result(snap.redactor.profile, "".join(blocks), counts), budget)


def refresh_index(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Rescan the root, rebuild the id index and clear the document cache."""
    snap = svc.snapshot()
    svc.refresh()
    return fixed(snap.redactor.profile, REFRESHED)


# -- resources ---------------------------------------------------------------------
class ResourceError(Exception):
    """A resources/* failure the protocol layer maps to a JSON-RPC error (fixed messages only).

    ``reason`` is one of ``not_found``, ``bad_cursor``, ``listing_limit``,
    ``too_large``; ``legacy_code`` / ``modern_code`` are the suggested JSON-RPC codes.
    """

    MESSAGES = {
        "not_found": "Resource not found.",
        "bad_cursor": "cursor must be a string offset.",
        "listing_limit": "Resource listing limit exceeded.",
        "too_large": "Resource exceeds the server resource byte limit. Use redctx_read with a narrower range.",
    }
    LEGACY_CODES = {"not_found": -32002, "bad_cursor": -32602, "listing_limit": -32002, "too_large": -32002}
    MODERN_CODES = {"not_found": -32602, "bad_cursor": -32602, "listing_limit": -32603, "too_large": -32603}

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.message = self.MESSAGES[reason]
        self.legacy_code = self.LEGACY_CODES[reason]
        self.modern_code = self.MODERN_CODES[reason]
        super().__init__(self.message)


_MIME = {
    "md": "text/markdown", "markdown": "text/markdown", "json": "application/json",
    "jsonl": "application/json", "yaml": "application/yaml", "yml": "application/yaml",
    "toml": "application/toml",
    # extracted documents (--documents) are served as their Markdown
    "docx": "text/markdown", "pptx": "text/markdown", "pdf": "text/markdown", "xlsx": "text/markdown",
    "xls": "text/markdown",
}
_RESOURCE_DESCRIPTION = "Redacted text file; the same content redctx_read returns for this @p_ id."
_NOT_FOUND_CODES = frozenset(
    {Code.UNKNOWN_PATH_ID, Code.PATH_MISSING, Code.PATH_EXCLUDED, Code.NOT_A_FILE, Code.NOT_TEXT,
     Code.UNSAFE_PATH, Code.OUTSIDE_ROOT}
)


def mime_type(name: str) -> str:
    _, dot, ext = name.rpartition(".")
    return _MIME.get(ext.lower(), "text/plain") if dot else "text/plain"


def resources_list(svc: Service, cursor: Any = None) -> dict[str, Any]:
    """One page (200) of readable text files as MCP resources; ``cursor`` is a decimal offset string."""
    svc.snapshot()
    if cursor is None or cursor == "":
        offset = 0
    elif isinstance(cursor, str) and cursor.isascii() and cursor.isdigit():
        offset = int(cursor)
    else:
        raise ResourceError("bad_cursor")
    unlimited = dataclasses.replace(
        svc.limits, max_raw_bytes_per_file=sys.maxsize, max_total_raw_bytes=sys.maxsize
    )
    page: list[Entry] = []
    more = False
    try:
        for i, entry in enumerate(svc.iter_files([], [], Budget(unlimited))):
            if i >= offset + RESOURCE_PAGE:
                more = True
                break
            if i >= offset:
                page.append(entry)
    except RedctxError as exc:
        if exc.code.kind is Kind.LIMIT:
            raise ResourceError("listing_limit") from None
        raise
    resources = [
        {
            "uri": RESOURCE_SCHEME + e.id,
            "name": e.ref,
            "title": svc.display(e).text,
            "description": _RESOURCE_DESCRIPTION,
            "mimeType": mime_type(e.name),
            "size": e.size,
            "annotations": {"audience": ["assistant"], "priority": 0.5},
        }
        for e in page
    ]
    result: dict[str, Any] = {"resources": resources}
    if more:
        result["nextCursor"] = str(offset + RESOURCE_PAGE)
    return result


def resources_read(svc: Service, uri: Any) -> dict[str, Any]:
    """Redacted text of ``redctx://p_<12 hex>``; raises :class:`ResourceError` (not_found, too_large)."""
    svc.snapshot()
    m = _RESOURCE_URI_RE.fullmatch(uri) if isinstance(uri, str) else None
    if m is None:
        raise ResourceError("not_found")
    try:
        entry = svc.resolve("@" + m.group(1))
        if not svc.is_text(entry):
            raise ResourceError("not_found")
        # a document's raw cap is the per-file limit, checked when it is extracted
        if entry.size > svc.limits.max_resource_bytes and not svc.is_document(entry):
            raise ResourceError("too_large")
        doc = svc.document(entry, svc.budget())
    except RedctxError as exc:
        if exc.code in _NOT_FOUND_CODES:
            raise ResourceError("not_found") from None
        raise
    return {"contents": [{"uri": uri, "mimeType": mime_type(entry.name), "text": doc.text}]}


def resource_templates() -> list[dict[str, Any]]:
    """The one resource template, ``redctx://{path_id}``."""
    return [
        {
            "uriTemplate": "redctx://{path_id}",
            "name": "redacted_context_file",
            "title": "Redacted Context File",
            "description": "A redacted text file by opaque id, e.g. redctx://p_0123456789ab from @p_0123456789ab.",
            "mimeType": "text/plain",
        }
    ]
