"""Command-line edges: ``redctx`` (CLI) and ``redctx-mcp`` (stdio MCP server).

The CLI only parses, calls the same service operations as the MCP tools and
prints. Tool-backed subcommands are generated from :data:`tools.TOOLS`; the
CLI-only ones (``head``, ``tail``, ``benchmark``, ``redact``, ``rules``,
``serve``, ``discover``, ``discover-update``, ``rehydrate``, ``guard``) are declared in
:data:`CLI_ONLY`. Errors print their fixed message
on stderr with exit status 1; usage errors exit 2.

Imports: app, tools, argcheck, render, errors, config, protocol.server (lazily).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

import redacted_context_mcp
from redacted_context_mcp import app, cli_discovery, cli_writes, render
from redacted_context_mcp import tooldefaults as d
from redacted_context_mcp.auditlog import cli_edge as auditlog_edge
from redacted_context_mcp.config import MODES, PROFILES
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits, collecting_notices
from redacted_context_mcp.model import ToolResult
from redacted_context_mcp.tools import TOOLS, ToolSpec, check_args, resolve_handler, tools_for

#: Budget flags on operation subcommands: flag dest -> ``Limits`` field.
BUDGET_FLAGS: dict[str, type] = {
    "max_files": int,
    "max_raw_bytes_per_file": int,
    "max_total_raw_bytes": int,
    "max_entries": int,
    "max_seconds": float,
    "max_scan_raw_bytes": int,
}
_ERROR_SLUGS = frozenset(c.slug for c in Code)
_DOCUMENTS_LATER = "--documents is not supported in this version; office and PDF files stay refused as non-text.\n"


@dataclass(frozen=True)
class CliCommand:
    """A CLI-only subcommand: ``configure`` adds its arguments, ``run`` executes it."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Context], int]
    aliases: tuple[str, ...] = ()
    budget: bool = True


class Context:
    """Per-invocation state: parsed globals, output streams and the lazily built service."""

    def __init__(self, ns: argparse.Namespace, out: TextIO, err: TextIO) -> None:
        self.ns = ns
        self.out = out
        self.err = err
        self._service: Any = None
        self.detectors: tuple[Any, ...] | None = None

    def options(self) -> app.Settings:
        ns = self.ns
        limits = app.limits_with({k: getattr(ns, f"budget_{k}", None) for k in BUDGET_FLAGS})
        return app.make_options(
            ns.root,
            config=ns.config,
            limits=limits,
            mode=ns.mode,
            detector_profile=ns.detector_profile,
            include_private=ns.include_private,
            allow_hardlinks=ns.allow_hardlinks,
            documents=ns.documents,
            detectors=tuple(ns.detector),
        )

    def service(self) -> Any:
        if self._service is None:
            extra = {} if self.detectors is None else {"detectors": self.detectors}
            self._service = app.build_service(self.options(), **extra)
        return self._service

    def emit(self, result: ToolResult, *, no_match_status: bool = False) -> int:
        """Print a result; fixed error messages go to stderr."""
        if result.is_error and result.code in _ERROR_SLUGS:
            self.err.write(render.cli_text(result))
            return render.cli_exit_status(result)
        self.out.write(render.cli_text(result))
        self.out.flush()
        status = render.cli_exit_status(result)
        if no_match_status and status == 0 and result.text.strip() == Code.NO_MATCHES.template:
            return 1
        return status


# ----------------------------------------------------------------- parsers
def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _add_budget_flags(p: argparse.ArgumentParser, taken: set[str]) -> None:
    group = p.add_argument_group("budget")
    for name, kind in BUDGET_FLAGS.items():
        if name not in taken:
            group.add_argument(_flag(name), dest=f"budget_{name}", type=kind, metavar="N")


def _add_tool_arguments(p: argparse.ArgumentParser, spec: ToolSpec) -> None:
    """Generate arguments from the tool's input schema (positional names from the spec)."""
    props = spec.input_schema.get("properties", {})
    required = set(spec.input_schema.get("required", ()))
    for name, prop in props.items():
        kind = prop.get("type")
        help_text = prop.get("description", "").replace("%", "%%")
        if name in spec.positional:
            nargs = "*" if kind == "array" else (None if name in required else "?")
            kw: dict[str, Any] = {"help": help_text}
            if nargs:
                kw.update(nargs=nargs, default=argparse.SUPPRESS)
            if kind == "integer":
                kw["type"] = int
            p.add_argument(name, **kw)
            continue
        flags = [_flag(name)]
        if name in spec.cli_short:
            flags.insert(0, spec.cli_short[name])
        kw = {"dest": name, "default": argparse.SUPPRESS, "help": help_text}
        if kind == "boolean":
            kw["action"] = "store_true"
        elif kind == "integer":
            kw.update(type=int, metavar="N")
        elif kind == "array":
            kw.update(action="append", metavar="PATTERN")
        elif "enum" in prop:
            kw["choices"] = list(prop["enum"])
        p.add_argument(*flags, **kw)
    _add_budget_flags(p, set(props))


def _tool_runner(spec: ToolSpec) -> Callable[[argparse.Namespace, Context], int]:
    def run(ns: argparse.Namespace, ctx: Context) -> int:
        props = spec.input_schema.get("properties", {})
        args = dict(spec.cli_defaults)
        args.update({k: getattr(ns, k) for k in props if hasattr(ns, k)})
        checked = check_args(spec, args)
        with collecting_notices() as notices:
            result = resolve_handler(spec.handler)(ctx.service(), checked)
        for notice in notices:  # fixed texts (e.g. a skipped too-deep branch) on stderr
            ctx.err.write(notice + "\n")
        return ctx.emit(result, no_match_status=spec.cli == "search")

    return run


def _run_handler(handler: str, args: dict[str, Any]) -> Callable[[Context], int]:
    def run(ctx: Context) -> int:
        return ctx.emit(resolve_handler(handler)(ctx.service(), args))

    return run


# ------------------------------------------------------- CLI-only commands
_FILES = "redacted_context_mcp.service.files"
_ADMIN = "redacted_context_mcp.service.admin"
_REDACT = "redacted_context_mcp.service.redact"


def _configure_head(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", help="File: an @p_<id> reference or a root-relative path.")
    p.add_argument("-n", "--lines", type=int, default=d.HEAD_TAIL_LINES, metavar="N",
                   help=f"Lines to show. Default {d.HEAD_TAIL_LINES}.")
    p.add_argument("--max-chars", type=int, metavar="N", help="Maximum characters returned.")
    p.add_argument("--line-numbers", action="store_true", help="Prefix each line with its line number.")


def _run_head_tail(which: str) -> Callable[[argparse.Namespace, Context], int]:
    def run(ns: argparse.Namespace, ctx: Context) -> int:
        if ns.lines < 1:
            raise RedctxError(Code.TOO_SMALL, name="lines", minimum=1)
        args: dict[str, Any] = {"path": ns.path, "lines": ns.lines, "line_numbers": ns.line_numbers}
        if ns.max_chars is not None:
            if ns.max_chars < 1:
                raise RedctxError(Code.TOO_SMALL, name="max_chars", minimum=1)
            args["max_chars"] = ns.max_chars
        return _run_handler(f"{_FILES}:{which}", args)(ctx)

    return run


def _configure_benchmark(p: argparse.ArgumentParser) -> None:
    p.add_argument("--query", help="Substring searched in the redacted text.")
    p.add_argument("--ignore-case", action=argparse.BooleanOptionalAction, default=None)
    p.add_argument("--format", choices=["text", "json"], default="text")


def _run_benchmark(ns: argparse.Namespace, ctx: Context) -> int:
    args: dict[str, Any] = {"format": ns.format}
    if ns.query is not None:
        args["query"] = ns.query
    if ns.ignore_case is not None:
        args["ignore_case"] = ns.ignore_case
    return _run_handler(f"{_ADMIN}:benchmark", args)(ctx)


def _configure_redact(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--explain",
        action="store_true",
        help="Also list each match on stderr (line, column, category, rule).",
    )
    p.add_argument(
        "--show-values", action="store_true", help="With --explain, include the matched raw values."
    )


def _run_redact(ns: argparse.Namespace, ctx: Context) -> int:
    # Bytes, not text: the service decodes them like a file, so UTF-16 with a BOM is redacted too.
    stream = getattr(sys.stdin, "buffer", None)
    text = stream.read() if stream is not None else sys.stdin.read()
    svc = ctx.service()
    result = resolve_handler(f"{_REDACT}:redact_text")(svc, text)
    if ns.explain:
        lines = resolve_handler(f"{_REDACT}:explain_lines")(svc, text, show_values=ns.show_values)
        for line in lines:
            ctx.err.write(line.rstrip("\n") + "\n")
    ctx.out.write(render.text_of(result))  # stdin is echoed redacted, byte for byte otherwise
    return render.cli_exit_status(result)


def _run_rules(ns: argparse.Namespace, ctx: Context) -> int:
    return ctx.emit(resolve_handler(f"{_REDACT}:rules_listing")(ctx.service()))


def _run_serve(ns: argparse.Namespace, ctx: Context) -> int:
    return _serve(ctx.options(), ctx.err, ctx.detectors)


CLI_ONLY: tuple[CliCommand, ...] = (
    CliCommand("head", "Show the first lines of a redacted file.", _configure_head, _run_head_tail("head")),
    CliCommand("tail", "Show the last lines of a redacted file.", _configure_head, _run_head_tail("tail")),
    CliCommand(
        "benchmark",
        "Time walking, reading, redacting and searching the root.",
        _configure_benchmark,
        _run_benchmark,
    ),
    CliCommand(
        "redact",
        "Redact standard input to standard output (local operator tool).",
        _configure_redact,
        _run_redact,
        budget=False,
    ),
    CliCommand(
        "rules",
        "List the active built-in rules and configured term counts.",
        lambda p: None,
        _run_rules,
        budget=False,
    ),
    CliCommand(
        "serve", "Run the stdio MCP server (same as redctx-mcp).", lambda p: None, _run_serve, budget=False
    ),
    CliCommand(
        "discover",
        "Draft the redaction config with a local Ollama model (prints raw terms for human review).",
        cli_discovery.configure_discover,
        cli_discovery.run_discover,
        budget=False,
    ),
    CliCommand(
        "discover-update",
        "Merge terms found in hook-supplied documents into the config (monotonic, atomic).",
        cli_discovery.configure_update,
        cli_discovery.run_update,
        budget=False,
    ),
    CliCommand("audit-log", auditlog_edge.HELP, auditlog_edge.configure, auditlog_edge.run, budget=False),
    CliCommand("rehydrate", cli_writes.REHYDRATE_HELP, cli_writes.configure_rehydrate, cli_writes.run_rehydrate),
    CliCommand("guard", cli_writes.GUARD_HELP, cli_writes.configure_guard, cli_writes.run_guard, budget=False),
)


_INVALID_CHOICE = re.compile(r"(argument .+?: invalid choice): .*? \(choose from (.*)\)", re.S)
_INVALID_VALUE = re.compile(r"(argument .+?: invalid [\w ]+? value): ", re.S)
_AMBIGUOUS = re.compile(r"ambiguous option: (-{1,2}[A-Za-z0-9-]*)")


def safe_usage_message(message: str) -> str:
    """An argparse error without the rejected value: it may be a raw private value.

    The argument names and the offered choices are ours and stay.
    """
    m = _INVALID_CHOICE.match(message)
    if m:
        return f"{m.group(1)} (choose from {m.group(2)})"
    m = _INVALID_VALUE.match(message)
    if m:
        return m.group(1)
    if message.startswith("unrecognized arguments"):
        return "unrecognized arguments"
    m = _AMBIGUOUS.match(message)
    if m and " could match " in message:  # the typed prefix (a prefix of our flags) stays, "=VALUE" goes
        return f"ambiguous option: {m.group(1)} could match {message.rsplit(' could match ', 1)[1]}"
    return message.split("'", 1)[0].rstrip(" :")


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors that never echo the offending value."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {safe_usage_message(message)}\n")


def _version_line(prog: str) -> str:
    from redacted_context_mcp.protocol.versions import SUPPORTED

    return f"{prog} {redacted_context_mcp.__version__} (MCP protocol versions: {', '.join(SUPPORTED)})"


def build_parser() -> argparse.ArgumentParser:
    """The ``redctx`` parser: global flags, then one subcommand."""
    parser = _Parser(
        prog="redctx",
        description="Search, navigate and read a private folder through redacted views.",
    )
    parser.add_argument("--version", action="version", version=_version_line("redctx"))
    _add_global_flags(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for spec in TOOLS:
        if spec.cli is None:
            continue
        first_line = spec.description.split(". ")[0] + "."
        p = sub.add_parser(
            spec.cli, aliases=list(spec.aliases), help=first_line, description=spec.description
        )
        _add_tool_arguments(p, spec)
        p.set_defaults(run=_tool_runner(spec))
    for cmd in CLI_ONLY:
        p = sub.add_parser(cmd.name, aliases=list(cmd.aliases), help=cmd.help, description=cmd.help)
        cmd.configure(p)
        if cmd.budget:
            _add_budget_flags(p, set())
        p.set_defaults(run=cmd.run)
    return parser


def _add_global_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--root", type=_user_path, help="Private folder to serve (~ is expanded). Default: the current directory."
    )
    parser.add_argument(
        "--config", type=_user_path, help="Redaction config file. Default: <root>/.agent-context-redactor.toml."
    )
    parser.add_argument("--mode", choices=list(MODES), help="strict (default) or balanced.")
    parser.add_argument("--detector-profile", choices=list(PROFILES), help="default or extended.")
    parser.add_argument(
        "--include-private",
        action="store_true",
        help="Serve normally excluded directories and globs (never the protected files).",
    )
    parser.add_argument(
        "--allow-hardlinks",
        action="store_true",
        help="Serve files with more than one hard link (never a link to a protected file).",
    )
    parser.add_argument(
        "--documents",
        action="store_true",
        help="Extract DOCX, PPTX, PDF, XLSX and XLS as Markdown (not in this version: prints a notice).",
    )
    parser.add_argument(
        "--detector",
        action="append",
        default=[],
        metavar="SPEC",
        help="Add a local detector on top of the baseline: patterns=FILE, presidio[=OPTIONS], "
        "gliner[=OPTIONS] or an installed plugin's name. Repeatable.",
    )


def _user_path(value: str) -> str:
    """A path flag with a leading ``~`` expanded, as a shell would have done for ``--root ~/x``."""
    return os.path.expanduser(value)


_NO_ROOT_NOTE = "redctx-mcp: no --root given; serving the current directory.\n"
_TTY_BANNER = "redctx-mcp: waiting for an MCP client on stdin; Ctrl-C to stop.\n"


def _setup_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")  # type: ignore[attr-defined]
        except (AttributeError, ValueError, OSError):
            pass


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the exit-time flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``redctx``; returns the exit status."""
    _setup_streams()
    parser = build_parser()
    try:
        ns = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, usage errors (2)
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    if ns.root is None:
        ns.root = "."
    ctx = Context(ns, sys.stdout, sys.stderr)
    try:
        if ns.documents:
            sys.stderr.write("redctx: " + _DOCUMENTS_LATER)
        try:
            app.check_root(ns.root)
        except RedctxError as e:
            sys.stderr.write(f"redctx: --root: {e.message}\n")
            return 1
        if ns.detector:  # loaded (and checked) once, before the command runs
            ctx.detectors = app.open_detectors(ctx.options())
        status = ns.run(ns, ctx)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except RedctxError as e:
        sys.stderr.write(f"{e.message}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception:  # noqa: BLE001 - never a traceback with raw values
        sys.stderr.write(f"{Code.INTERNAL.template}\n")
        return 1


# ------------------------------------------------------------- redctx-mcp
def build_server_parser() -> argparse.ArgumentParser:
    """The ``redctx-mcp`` parser."""
    p = _Parser(
        prog="redctx-mcp",
        description="Stdio MCP server giving coding agents redacted access to a private folder.",
    )
    p.add_argument("--version", action="version", version=_version_line("redctx-mcp"))
    _add_global_flags(p)
    p.add_argument(
        "--enable-writes", action="store_true",
        help="Offer redctx_submit_doc: rehydrated documents written into the write subdirectory only.",
    )
    p.add_argument("--write-subdir", default="incoming",
                   help="Root-relative write subdirectory for --enable-writes. Default: incoming.")
    p.add_argument("--audit-log", type=_user_path, metavar="FILE",
                   help="Append a tamper-evident log of every request (redacted only) to FILE, outside the root.")
    p.add_argument("--audit-log-max-bytes", type=int, metavar="N", help="Rotate the audit log to FILE.1 past N bytes.")
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


def _serve(options: app.Settings, err: TextIO, detectors: tuple[Any, ...] | None = None,
           audit_log: tuple[str, int | None] | None = None) -> int:
    """Validate the policy now (fail fast), then serve with a service built on first use."""
    from redacted_context_mcp.protocol.server import run_stdio

    live = app.open_policy(options)
    audit = auditlog_edge.open_recorder(*audit_log, options.root, live) if audit_log else None
    if detectors is None:
        detectors = app.open_detectors(options)  # once, at startup: policy reloads keep these instances
    if _stdin_is_terminal():
        err.write(_TTY_BANNER)
        err.flush()
    tools = tools_for(options.enable_writes, options.write_subdir)
    return run_stdio(app.service_factory(options, live, detectors), audit=audit, tools=tools)


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
    parser = build_server_parser()
    try:
        ns = parser.parse_args(argv)
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
        if ns.documents:
            sys.stderr.write("redctx-mcp: " + _DOCUMENTS_LATER)
        limits = server_limits(ns)
        options = app.make_options(
            ns.root,
            config=ns.config,
            limits=limits,
            mode=ns.mode,
            detector_profile=ns.detector_profile,
            include_private=ns.include_private,
            allow_hardlinks=ns.allow_hardlinks,
            documents=ns.documents,
            detectors=tuple(ns.detector),
            audit_log=bool(ns.audit_log),
            enable_writes=bool(ns.enable_writes),
            write_subdir=write_subdir,
        )
        return _serve(options, sys.stderr, audit_log=(ns.audit_log, ns.audit_log_max_bytes) if ns.audit_log else None)
    except RedctxError as e:
        sys.stderr.write(f"redctx-mcp: cannot start: {e.message}\n")
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
