"""The ``redctx-mcp`` edge: its parser, its limits and the stdio server start.

A terminal on stdin gets a one-line banner; a missing ``--root`` gets a note
(the current directory is served). The policy is validated before the first
request so a broken config fails at start.

Imports: app, cli_parser, auditlog.cli_edge, limits, errors, protocol.server (lazily).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from redacted_context_mcp import app, cli_proxy
from redacted_context_mcp.auditlog import cli_edge as auditlog_edge
from redacted_context_mcp.cli_parser import Parser, add_global_flags, user_path, version_line
from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.tools import tools_for

_NO_ROOT_NOTE = "redctx-mcp: no --root given; serving the current directory.\n"
_TTY_BANNER = "redctx-mcp: waiting for an MCP client on stdin; Ctrl-C to stop.\n"


def build_server_parser() -> argparse.ArgumentParser:
    """The ``redctx-mcp`` parser."""
    p = Parser(
        prog="redctx-mcp",
        description="Stdio MCP server giving coding agents redacted access to a private folder.",
    )
    p.add_argument("--version", action="version", version=version_line("redctx-mcp"))
    add_global_flags(p)
    p.add_argument(
        "--enable-writes", action="store_true",
        help="Offer redctx_submit_doc: rehydrated documents written into the write subdirectory only.",
    )
    p.add_argument("--write-subdir", default="incoming",
                   help="Root-relative write subdirectory for --enable-writes. Default: incoming.")
    p.add_argument("--audit-log", type=user_path, metavar="FILE",
                   help="Append a tamper-evident log of every request (redacted only) to FILE, outside the root.")
    p.add_argument("--audit-log-max-bytes", type=int, metavar="N", help="Rotate the audit log to FILE.1 past N bytes.")
    p.add_argument("--proxy", action="store_true",
                   help="Run the redacting proxy instead: redctx-mcp --proxy [flags] -- CMD ARGS (redctx proxy -h).")
    p.add_argument("--warm-index", action=argparse.BooleanOptionalAction, default=None,
                   help="Redact the whole root in the background after start (default: on without --detector).")
    limits = p.add_argument_group("limits")
    limits.add_argument("--max-resource-bytes", type=int, metavar="N")
    limits.add_argument("--max-traversal-entries", type=int, metavar="N")
    limits.add_argument("--max-submit-files", type=int, metavar="N")
    limits.add_argument("--max-raw-bytes-per-file", type=int, metavar="N")
    limits.add_argument("--max-total-raw-bytes", type=int, metavar="N")
    limits.add_argument("--cache-bytes", type=int, metavar="N")
    # Beyond the published flags: every other limit is configurable too.
    limits.add_argument("--max-files", type=int, metavar="N")
    limits.add_argument("--max-scan-raw-bytes", type=int, metavar="N")
    limits.add_argument("--max-seconds", type=float, metavar="S")
    return p


def serve(options: app.Settings, err: TextIO, detectors: tuple[Any, ...] | None = None,
           audit_log: tuple[str, int | None] | None = None, warm_index: bool | None = False) -> int:
    """Validate the policy now (fail fast), then serve with a service built on first use."""
    from redacted_context_mcp.protocol.server import run_stdio

    live = app.open_policy(options)
    audit = auditlog_edge.open_recorder(*audit_log, options.root, live) if audit_log else None
    if detectors is None:
        detectors = app.open_detectors(options)  # once, at startup: policy reloads keep these instances
    if _stdin_is_terminal():
        err.write(_TTY_BANNER)
        err.flush()
    factory = app.service_factory(options, live, detectors)
    if warm_index or (warm_index is None and not detectors):  # plugged detectors: only when asked
        app.start_warm_index(factory)
    tools = tools_for(options.enable_writes, options.write_subdir)
    return run_stdio(factory, audit=audit, tools=tools)


def _stdin_is_terminal() -> bool:
    try:
        return os.isatty(0)
    except OSError:
        return False


def server_limits(ns: argparse.Namespace) -> Limits:
    """The limits ``redctx-mcp`` runs with: defaults replaced by the limit flags given."""
    return app.limits_with(
        {
            "max_resource_bytes": ns.max_resource_bytes,
            "max_entries": ns.max_traversal_entries,
            "max_raw_bytes_per_file": ns.max_raw_bytes_per_file,
            "max_total_raw_bytes": ns.max_total_raw_bytes,
            "cache_bytes": ns.cache_bytes,
            "max_files": ns.max_files,
            "max_scan_raw_bytes": ns.max_scan_raw_bytes,
            "max_seconds": ns.max_seconds,
            "max_submit_files": ns.max_submit_files,
        }
    )


_BAD_WRITE_SUBDIR = "redctx-mcp: cannot start: --write-subdir must be a relative directory inside the root.\n"


def _write_subdir(value: str) -> str | None:
    """``--write-subdir`` as a clean root-relative path; ``None`` for empty, absolute, ``..`` or ``:``."""
    raw = value.replace("\\", "/")
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    if not parts or raw.startswith("/") or ".." in parts or ":" in raw or os.path.isabs(value):
        return None
    return "/".join(parts)


def server_main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``redctx-mcp`` and ``python -m redacted_context_mcp``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if cli_proxy.wants_proxy(args):
        return cli_proxy.server_main(cli_proxy.without_proxy_flag(args))
    parser = build_server_parser()
    try:
        ns = parser.parse_args(args)
    except SystemExit as e:
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    if ns.root is None:
        sys.stderr.write(_NO_ROOT_NOTE)
        ns.root = "."
    try:
        write_subdir = _write_subdir(ns.write_subdir) if ns.enable_writes else None
        if ns.enable_writes and write_subdir is None:
            sys.stderr.write(_BAD_WRITE_SUBDIR)
            return 2
        limits = server_limits(ns)
        options = app.make_options(
            ns.root,
            config=ns.config,
            limits=limits,
            mode=ns.mode,
            detector_profile=ns.detector_profile,
            include_private=ns.include_private,
            allow_hardlinks=ns.allow_hardlinks,
            no_ignore=getattr(ns, "no_ignore", False),
            documents=ns.documents,
            detectors=tuple(ns.detector),
            audit_log=bool(ns.audit_log),
            enable_writes=bool(ns.enable_writes),
            write_subdir=write_subdir,
        )
        app.check_documents(options)
        return serve(options, sys.stderr, audit_log=(ns.audit_log, ns.audit_log_max_bytes) if ns.audit_log else None,
                     warm_index=ns.warm_index)
    except RedctxError as e:
        sys.stderr.write(f"redctx-mcp: cannot start: {e.message}\n")
        return 1
    except KeyboardInterrupt:
        return 130
