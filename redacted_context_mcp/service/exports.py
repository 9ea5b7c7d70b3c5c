"""``redctx rehydrate``: restore a redacted export (a file or a folder) with the root's map.

The export lives outside the served root (usually): it is read through its own
:class:`FsRoot` (no symlinks followed, size-checked), restored with
:func:`rehydration_map`, and a folder is mirrored into ``--output`` through
:func:`sources.writer.publish`, confined below that directory. Raw text leaves
only through the returned :class:`Restored` (a file, for stdout) or into the
output folder; counts are all the caller may report.

Imports: errors, limits, service.rehydrate, sources.files, sources.paths, sources.textcodec, sources.writer.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.service.rehydrate import Restored, rehydration_map
from redacted_context_mcp.sources import textcodec, writer
from redacted_context_mcp.sources.files import FsRoot, LinkGuard
from redacted_context_mcp.sources.paths import ROOT, split_rel

if TYPE_CHECKING:
    from redacted_context_mcp.service.context import Service

__all__ = ["ExportReport", "restore_export_file", "restore_export_tree", "write_export_file"]


@dataclass(frozen=True)
class ExportReport:
    """Counts of one folder rehydration (safe to print)."""

    files: int
    restored: int
    unknown: int
    skipped: int  # binary or unreadable files, left out of the output


def _local(path: Path) -> tuple[FsRoot, str]:
    """An ``FsRoot`` of ``path``'s directory and the name inside it (no symlink at the end)."""
    path = Path(os.path.abspath(path))
    return FsRoot(path.parent, LinkGuard(allow_hardlinks=True)), path.name


def _read_text(fs: FsRoot, rel: str, max_bytes: int) -> str:
    data, _ = fs.read(rel, max_bytes=max_bytes)
    return textcodec.decode(data)


def restore_export_file(svc: Service, path: Path, seconds: float | None = None) -> Restored:
    """The rehydrated text of one redacted file (raises PATH_MISSING, NOT_TEXT, UNSAFE_PATH, ...).

    ``seconds`` bounds the map's scan of the root (``None``: the operation limit, ``0``: none).
    """
    m = rehydration_map(svc, seconds)
    fs, name = _local(path)
    st = fs.lstat(name)
    if os.path.isdir(path) and not os.path.islink(path):
        raise RedctxError(Code.NOT_A_FILE)
    if st.st_size > svc.limits.max_raw_bytes_per_file:
        raise RedctxError(Code.LIMIT_FILE_BYTES)
    return m.restore(_read_text(fs, name, svc.limits.max_raw_bytes_per_file))


def _check_output(out: Path, force: bool) -> None:
    if os.path.lexists(out) and not force:
        raise RedctxError(Code.OUTPUT_EXISTS)


def write_export_file(svc: Service, path: Path, out: Path, force: bool, seconds: float | None = None) -> Restored:
    """Rehydrate one file into ``out`` (refused when it exists, unless ``force``)."""
    _check_output(out, force)
    restored = restore_export_file(svc, path, seconds)
    out = Path(os.path.abspath(out))
    writer.publish(str(out.parent), [out.name], restored.text.encode("utf-8", "replace"), overwrite=force,
                   create_from=0, durable=False)
    return restored


def restore_export_tree(svc: Service, src: Path, out: Path, force: bool,
                        seconds: float | None = None) -> ExportReport:
    """Mirror folder ``src`` into ``out`` with every text file rehydrated."""
    _check_output(out, force)
    m = rehydration_map(svc, seconds)
    src_abs, out_abs = Path(os.path.realpath(src)), Path(os.path.abspath(out))
    if not src_abs.is_dir():
        raise RedctxError(Code.NOT_A_DIRECTORY)
    fs = FsRoot(src_abs, LinkGuard(allow_hardlinks=True))
    try:
        inside = out_abs.resolve().relative_to(src_abs).as_posix()  # an output inside the export is not input
    except ValueError:
        inside = None

    def accept(rel: str, name: str, is_dir: bool) -> bool:
        return inside is None or not (rel == inside or rel.startswith(inside + "/"))

    budget = svc.budget()
    items = [item for item, _ in fs.walk(ROOT, accept, budget) if not item.is_dir]
    try:
        os.makedirs(out_abs, mode=writer.DIR_MODE, exist_ok=True)
    except OSError:
        raise RedctxError(Code.PUBLISH_FAILED) from None
    files = restored = unknown = skipped = 0
    refreshed = False
    limit = svc.limits.max_raw_bytes_per_file
    for item in items:
        budget.check_deadline()
        if item.size > limit:
            skipped += 1
            continue
        try:
            text = _read_text(fs, item.rel, limit)
        except RedctxError as exc:
            if exc.code in (Code.NOT_TEXT, Code.READ_FAILED, Code.FILE_CHANGED, Code.PATH_EXCLUDED):
                skipped += 1
                continue
            raise
        back = m.restore(text, refresh=not refreshed)  # one walk for new files per export, not one per file
        refreshed = refreshed or back.unknown > 0
        writer.publish(str(out_abs), split_rel(item.rel), back.text.encode("utf-8", "replace"),
                       overwrite=force, create_from=0, durable=False)
        files += 1
        restored += back.restored
        unknown += back.unknown
    return ExportReport(files, restored, unknown, skipped)
