"""Command-line edge ``redctx``: the command table, per-invocation context and ``main``.

The CLI only parses, calls the same service operations as the MCP tools and
prints. Tool-backed subcommands are generated from :data:`tools.TOOLS`; the
CLI-only ones are rows of :data:`CLI_ONLY` (one :class:`CliCommand` each; a new
command family brings its own ``cli_<family>.py`` edge module and one row).
Parsing lives in :mod:`cli_parser`, printing and exit statuses in
:mod:`cli_output`, ``redctx-mcp`` in :mod:`cli_server`.

Imports: app, tools, render, errors, limits, cli_parser, cli_output, cli_server, cli_init,
cli_completion, cli_discovery, auditlog.cli_edge.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from redacted_context_mcp import (
    app,
    cli_completion,
    cli_discovery,
    cli_github,
    cli_init,
    cli_parser,
    cli_proxy,
    cli_writes,
    render,
)
from redacted_context_mcp import tooldefaults as d
from redacted_context_mcp.auditlog import cli_edge as auditlog_edge
from redacted_context_mcp.cli_output import Style, emit, error_status
from redacted_context_mcp.cli_parser import BUDGET_FLAGS, safe_usage_message
from redacted_context_mcp.cli_progress import progress_line
from redacted_context_mcp.cli_server import (
    build_server_parser,
    serve,
    server_limits,
    server_main,
)
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import collecting_notices
from redacted_context_mcp.model import ToolResult
from redacted_context_mcp.tools import ToolSpec, check_args, resolve_handler

#: Diagnostics run with --documents even without the extra, so they can report it missing.
_DOCUMENTS_DIAGNOSTICS = frozenset({"doctor", "audit"})

__all__ = ["CLI_ONLY", "CliCommand", "Context", "build_parser", "build_server_parser", "main",
           "safe_usage_message", "server_limits", "server_main"]


@dataclass(frozen=True)
class CliCommand:
    """A CLI-only subcommand: ``configure`` adds its arguments, ``run`` executes it."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Context], int]
    aliases: tuple[str, ...] = ()
    budget: bool = True
    epilog: str | None = None


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
            no_ignore=getattr(ns, "no_ignore", False),
            documents=ns.documents,
            detectors=tuple(ns.detector),
        )

    def service(self) -> Any:
        if self._service is None:
            extra = {} if self.detectors is None else {"detectors": self.detectors}
            self._service = app.build_service(self.options(), **extra)
        return self._service

    def style(self) -> Style:
        ns = self.ns
        return Style(grep=getattr(ns, "grep", False), json=getattr(ns, "json", False),
                     quiet=getattr(ns, "quiet", False) and getattr(ns, "grep", False))

    def emit(self, result: ToolResult) -> int:
        """Print a result in this command's style; fixed error messages go to stderr."""
        return emit(result, self.out, self.err, self.style())


def _tool_runner(spec: ToolSpec) -> Callable[[argparse.Namespace, Context], int]:
    def run(ns: argparse.Namespace, ctx: Context) -> int:
        props = spec.input_schema.get("properties", {})
        args = dict(spec.cli_defaults)
        args.update({k: getattr(ns, k) for k in props if hasattr(ns, k)})
        checked = check_args(spec, args)
        with collecting_notices() as notices, progress_line(ctx.err):
            result = resolve_handler(spec.handler)(ctx.service(), checked)
        for notice in notices:  # fixed texts (e.g. a skipped too-deep branch) on stderr
            ctx.err.write(notice + "\n")
        return ctx.emit(result)

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
    p.add_argument(
        "--file-name",
        metavar="NAME",
        help="Redact stdin as the file NAME is read: files named for credentials (auth.txt, "
        "rsyncd.secrets, .vault_pass) also have their bare lines redacted.",
    )


def _run_redact(ns: argparse.Namespace, ctx: Context) -> int:
    # Bytes, not text: the service decodes them like a file, so UTF-16 with a BOM is redacted too.
    stream = getattr(sys.stdin, "buffer", None)
    text = stream.read() if stream is not None else sys.stdin.read()
    svc = ctx.service()
    result = resolve_handler(f"{_REDACT}:redact_text")(svc, text, file_name=ns.file_name)
    if ns.explain:
        lines = resolve_handler(f"{_REDACT}:explain_lines")(svc, text, show_values=ns.show_values,
                                                            file_name=ns.file_name)
        for line in lines:
            ctx.err.write(line.rstrip("\n") + "\n")
    ctx.out.write(render.text_of(result))  # stdin is echoed redacted, byte for byte otherwise
    return render.cli_exit_status(result)


def _run_rules(ns: argparse.Namespace, ctx: Context) -> int:
    return ctx.emit(resolve_handler(f"{_REDACT}:rules_listing")(ctx.service()))


def _run_serve(ns: argparse.Namespace, ctx: Context) -> int:
    return serve(ctx.options(), ctx.err, ctx.detectors, warm_index=None)


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
    CliCommand("init", cli_init.HELP, cli_init.configure, cli_init.run, budget=False, epilog=cli_init.EPILOG),
    CliCommand("completion", cli_completion.HELP, cli_completion.configure,
               lambda ns, ctx: cli_completion.run(ns, ctx, build_parser()), budget=False,
               epilog=cli_completion.EPILOG),
    CliCommand("github", cli_github.HELP, cli_github.configure, cli_github.run, aliases=("gh",), budget=False,
               epilog=cli_github.EPILOG),
    CliCommand("proxy", cli_proxy.HELP, cli_proxy.configure, cli_proxy.run, budget=False),
    CliCommand("rehydrate", cli_writes.REHYDRATE_HELP, cli_writes.configure_rehydrate, cli_writes.run_rehydrate),
    CliCommand("guard", cli_writes.GUARD_HELP, cli_writes.configure_guard, cli_writes.run_guard, budget=False),
)


def build_parser() -> argparse.ArgumentParser:
    """The ``redctx`` parser: global flags (before or after the command), then one subcommand."""
    return cli_parser.build_parser(_tool_runner, CLI_ONLY)


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
    if ns.root is None and ns.command != "proxy":  # the proxy's root is optional (no default)
        ns.root = "."
    ctx = Context(ns, sys.stdout, sys.stderr)
    failed = error_status(getattr(ns, "grep", False))
    try:
        try:
            if ns.root is not None:
                app.check_root(ns.root)
        except RedctxError as e:
            sys.stderr.write(f"redctx: --root: {e.message}\n")
            return failed
        if ns.documents and ns.command not in _DOCUMENTS_DIAGNOSTICS:
            try:
                app.check_documents(ctx.options())
            except RedctxError as e:
                sys.stderr.write(f"redctx: {e.message}\n")
                return failed
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
        return failed
    except KeyboardInterrupt:
        return 130
    except Exception:  # noqa: BLE001 - never a traceback with raw values
        sys.stderr.write(f"{Code.INTERNAL.template}\n")
        return failed


if __name__ == "__main__":
    sys.exit(main())
