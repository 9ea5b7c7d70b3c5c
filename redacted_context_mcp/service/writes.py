"""``redctx_submit_doc``: a controlled write of rehydrated text into the write subdirectory.

The checks run in the order of diagram 7 and the first failure refuses the write:

  C1 policy OK, arguments valid (text within the per-file byte limit)
  C2 started with --enable-writes (and a write subdirectory)
  MAP the rehydration map of this policy generation (the write subdirectory skipped)
  C3 placeholders in target_path resolve       (write_checks.restore_target)
  C4 target_path allowed                        (write_checks.allowed_target)
  C5 placeholders in text resolve               (write_checks.restore_text)
  C6 round trip clean                           (write_checks.round_trip)
  C7 target free, or a file and overwrite=true  (sources.writer.target_state)
  WR atomic publish through a same-directory temp file (sources.writer.publish)

Of concurrent submits to one target exactly one runs C7 and the publish; the
others are refused at once (``Target already exists...`` without overwrite,
``Could not publish output atomically.`` with it). The reply names the file by
its ``@p_`` id and redacted path only.

Imports: errors, model, service.args, service.rehydrate, service.write_checks, sources.writer.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import ToolResult
from redacted_context_mcp.service import write_checks as checks
from redacted_context_mcp.service.args import bool_arg, result, str_arg
from redacted_context_mcp.service.rehydrate import rehydration_map, write_subdir
from redacted_context_mcp.sources import writer

if TYPE_CHECKING:
    from redacted_context_mcp.service.context import Service

__all__ = ["submit_doc"]

_INFLIGHT_ATTR = "writes_inflight"
_INFLIGHT_LOCK = threading.Lock()


@contextmanager
def _claim(svc: Service, rel: str, overwrite: bool) -> Iterator[None]:
    """Hold ``rel`` for one submit; a second concurrent submit to it is refused at once."""
    key = rel.casefold()  # one target on case-insensitive filesystems too
    with _INFLIGHT_LOCK:
        held: set[str] = svc.__dict__.setdefault(_INFLIGHT_ATTR, set())
        if key in held:
            raise RedctxError(Code.PUBLISH_FAILED if overwrite else Code.TARGET_EXISTS)
        held.add(key)
    try:
        yield
    finally:
        with _INFLIGHT_LOCK:
            held.discard(key)


def submit_doc(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Rehydrate ``text`` and write it to ``target_path`` under the write subdirectory."""
    snap = svc.snapshot()  # C1: the live policy (the edge validated the arguments' types)
    target = str_arg(args, "target_path")
    text = str_arg(args, "text")
    overwrite = bool_arg(args, "overwrite", False)
    limit = svc.limits.max_raw_bytes_per_file
    if len(text) > limit or len(text.encode("utf-8", "replace")) > limit:
        raise RedctxError(Code.LIMIT_FILE_BYTES)
    subdir = write_subdir(svc)  # C2
    if subdir is None:
        raise RedctxError(Code.WRITES_DISABLED)
    m = rehydration_map(svc)  # MAP: scan limits and detector errors refuse here
    path = checks.restore_target(svc, m, target)  # C3
    parts = checks.allowed_target(svc, path.text, subdir)  # C4
    rel = "/".join(parts)
    body = checks.restore_text(m, text)  # C5
    data = body.text.encode("utf-8", "replace")  # a lone surrogate cannot be stored as UTF-8
    if len(data) > limit:
        raise RedctxError(Code.LIMIT_FILE_BYTES)
    checks.round_trip(svc, body, path, rel)  # C6
    root = svc.fs.path
    with _claim(svc, rel, overwrite):
        state = writer.target_state(root, parts)  # C7
        if state is writer.State.DIR:
            raise RedctxError(Code.TARGET_IS_DIR)
        if state is writer.State.FILE and not overwrite:
            raise RedctxError(Code.TARGET_EXISTS)
        writer.publish(root, parts, data, overwrite=overwrite, create_from=len(subdir.split("/")) - 1)
    g = svc._g()
    shown = g.display_rel(rel)
    pid = g.index.id_for(rel)
    reply = (f"Wrote rehydrated document.\nid: @{pid}\npath: {shown.text}\n"
             f"bytes: {len(data)}\nreplacements: {body.restored}\n")
    return result(snap.redactor.profile, reply, shown.counts)
