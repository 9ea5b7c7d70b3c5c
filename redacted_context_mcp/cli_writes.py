"""CLI edge of the way back to raw text: ``redctx rehydrate`` and ``redctx guard``.

``rehydrate`` prints raw private text (or writes a mirrored folder), so it needs
``--allow-raw-output`` and is never an MCP tool. Counts go to stderr, never a
value. ``guard`` prints ``file:line:col: CATEGORY`` per finding and exits 1 when
there is any. Both call the service layer (service.exports, service.guard).

Imports: errors, service.exports, service.guard (lazily, on run).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError

REHYDRATE_HELP = "Restore a redacted export (file or folder) to raw text from the private root (local only)."
GUARD_HELP = "Fail when files hold placeholders or @p_ ids (or, with --raw, values the policy would redact)."
_NEEDS_OUTPUT = "rehydrate: a folder needs --output DIR.\n"
_GUARD_UNREADABLE = "guard: {n} file(s) could not be read.\n"


def configure_rehydrate(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="Redacted file or folder (a local path, not inside the MCP session).")
    p.add_argument("--output", metavar="PATH",
                   help="Write here instead of stdout: a folder is mirrored into this directory.")
    p.add_argument("--force", action="store_true", help="Replace an existing --output.")
    p.add_argument("--allow-raw-output", action="store_true",
                   help="Required: confirms that raw private text may be printed or written.")


def run_rehydrate(ns: argparse.Namespace, ctx: Any) -> int:
    if not ns.allow_raw_output:
        ctx.err.write(Code.RAW_OUTPUT_REQUIRED.template + "\n")
        return 2
    from redacted_context_mcp.service import exports

    src = Path(ns.path)
    svc = ctx.service()
    # One scan of the whole root, run by the operator: no deadline unless --max-seconds says so.
    seconds = None if getattr(ns, "budget_max_seconds", None) is not None else 0
    if src.is_dir() and not src.is_symlink():
        if ns.output is None:
            ctx.err.write(_NEEDS_OUTPUT)
            return 2
        report = exports.restore_export_tree(svc, src, Path(ns.output), ns.force, seconds)
        ctx.err.write(f"rehydrate: files={report.files} restored={report.restored} unknown={report.unknown} "
                      f"skipped={report.skipped}\n")
        return 0
    if ns.output is not None:
        restored = exports.write_export_file(svc, src, Path(ns.output), ns.force, seconds)
    else:
        restored = exports.restore_export_file(svc, src, seconds)
        ctx.out.write(restored.text)
        ctx.out.flush()
    ctx.err.write(f"rehydrate: files=1 restored={restored.restored} unknown={restored.unknown}\n")
    return 0


def configure_guard(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="Files (or folders, walked) to check.")
    p.add_argument("--raw", action="store_true",
                   help="Report raw values the active policy (--root, --config) would redact instead.")


def run_guard(ns: argparse.Namespace, ctx: Any) -> int:
    from redacted_context_mcp.service import guard

    limits = ctx.options().limits
    svc = ctx.service() if ns.raw else None
    found = unreadable = checked = flagged = 0
    for path in guard.files_to_check([Path(p) for p in ns.paths], limits):
        try:
            text = guard.read_checked(path, limits.max_raw_bytes_per_file)
        except RedctxError:
            unreadable += 1
            continue
        checked += 1
        if text is None:
            continue  # binary
        findings = guard.raw_findings(svc, text) if svc is not None else guard.token_findings(text)
        for f in findings:
            ctx.out.write(f"{path}:{f.line}:{f.column}: {f.category}\n")
        found += len(findings)
        flagged += bool(findings)
    if not found and not unreadable:
        ctx.out.write(f"guard: {checked} file(s) checked, no findings\n")
    ctx.out.flush()
    if found:
        ctx.err.write(f"guard: {found} finding(s) in {flagged} file(s)\n")
    if unreadable:
        ctx.err.write(_GUARD_UNREADABLE.format(n=unreadable))
    return 1 if found or unreadable else 0
