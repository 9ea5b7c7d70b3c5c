"""Edge of the audit log: ``redctx audit-log verify|summary`` and the ``--audit-log`` wiring.

Imports: app, render, errors, auditlog.*.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from redacted_context_mcp import app, render
from redacted_context_mcp.auditlog import summary as summary_mod
from redacted_context_mcp.auditlog.chain import audit_key
from redacted_context_mcp.auditlog.recorder import Recorder
from redacted_context_mcp.auditlog.verify import verify_blobs
from redacted_context_mcp.auditlog.writer import AuditWriter
from redacted_context_mcp.errors import Code, RedctxError

HELP = "Verify or summarize an audit log written by redctx-mcp --audit-log."
MSG_UNREADABLE = "audit-log: file {n} could not be read.\n"


def open_recorder(path: str, max_bytes: int | None, root: Path, live: Any) -> Recorder:
    """The server's recorder; raises ``AUDIT_LOG_REFUSED`` (the server does not start)."""
    if max_bytes is not None and max_bytes <= 0:
        raise RedctxError(Code.AUDIT_LOG_REFUSED, detail="--audit-log-max-bytes must be positive.")
    writer = AuditWriter(Path(path), audit_key(live.current().salt.key), root=root, max_bytes=max_bytes)
    return Recorder(writer, render.mcp_tool_result)


def configure(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="audit_command", metavar="ACTION", required=True)
    v = sub.add_parser("verify", help="Check the HMAC chain (files oldest first: FILE.1 FILE).")
    v.add_argument("files", nargs="+", metavar="FILE")
    s = sub.add_parser("summary", help="Calls per tool, errors, placeholders per category, busiest files.")
    s.add_argument("files", nargs="+", metavar="FILE")
    s.add_argument("--format", choices=["text", "json"], default="text")
    s.add_argument("--since", metavar="TIME", help="Only entries at or after this ISO-8601 time (UTC).")
    s.add_argument("--until", metavar="TIME", help="Only entries up to this ISO-8601 time (UTC).")


def _read(files: list[str], ctx: Any) -> list[bytes] | None:
    blobs = []
    for n, name in enumerate(files, 1):
        try:
            blobs.append(Path(name).read_bytes())
        except OSError:
            ctx.err.write(MSG_UNREADABLE.format(n=n))
            return None
    return blobs


def run(ns: argparse.Namespace, ctx: Any) -> int:
    blobs = _read(ns.files, ctx)
    if blobs is None:
        return 1
    if ns.audit_command == "summary":
        ctx.out.write(summary_mod.render(summary_mod.summarize(summary_mod.entries(blobs), ns.since, ns.until),
                                         ns.format))
        return 0
    key = audit_key(app.open_policy(ctx.options()).current().salt.key)
    report = verify_blobs(blobs, key)
    ctx.out.write(report.render())
    return 0 if report.ok else 1
