"""Edge of the redacting proxy: ``redctx proxy [...] -- CMD ARGS...`` and ``redctx-mcp --proxy -- ...``.

Only parses flags and hands a :class:`proxy.run.ProxySettings` to :func:`proxy.run.serve_proxy`.
``--doctor`` prints the exposure checks for the given upstream command and exits
without starting it.

Imports: config, errors, proxy.run, proxy.doctor (lazily).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from redacted_context_mcp.config import MODES, PROFILES
from redacted_context_mcp.errors import RedctxError

HELP = "Run a redacting proxy in front of another stdio MCP server (command after --)."
MSG_DOCTOR_OK = "proxy: no protected file sits inside a folder the upstream serves."


def configure(p: argparse.ArgumentParser) -> None:
    """Proxy flags; they may also be given as ``redctx`` global flags (these win)."""
    p.add_argument("--root", dest="proxy_root", type=os.path.expanduser, metavar="DIR",
                   help="Folder whose config and aliases apply (optional: without it, only the config "
                        "and the built-in detectors apply).")
    p.add_argument("--config", dest="proxy_config", type=os.path.expanduser, metavar="FILE",
                   help="Redaction config (policy and salt). Keep it outside every folder the upstream serves.")
    p.add_argument("--mode", dest="proxy_mode", choices=list(MODES), help="strict (default) or balanced.")
    p.add_argument("--detector-profile", dest="proxy_profile", choices=list(PROFILES))
    p.add_argument("--allow-binary", action="store_true",
                   help="Forward images, audio and blobs unredacted (default: dropped with a note).")
    p.add_argument("--no-rehydrate", action="store_true",
                   help="Forward arguments as typed (placeholders are not restored).")
    p.add_argument("--upstream-stderr", choices=["count", "redacted"], default="count",
                   help="Upstream stderr: count its lines (default) or show them redacted.")
    p.add_argument("--upstream-timeout", type=float, default=60.0, metavar="S",
                   help="Seconds an upstream request may take before the upstream is restarted. Default 60.")
    p.add_argument("--max-message-bytes", type=int, metavar="N",
                   help="Largest upstream message accepted. Default 10 MiB.")
    p.add_argument("--doctor", action="store_true",
                   help="Check that the config and salt sit outside the folders in the upstream arguments, then exit.")
    p.add_argument("upstream", nargs=argparse.REMAINDER, metavar="-- CMD ARGS",
                   help="The upstream server command.")


def settings_from(ns: argparse.Namespace) -> Any:
    from redacted_context_mcp.protocol.stdio import MAX_LINE_BYTES
    from redacted_context_mcp.proxy.run import ProxySettings, upstream_command

    def pick(own: str, shared: str) -> Any:
        value = getattr(ns, own, None)
        return value if value is not None else getattr(ns, shared, None)

    return ProxySettings(
        upstream=upstream_command(ns.upstream),
        root=pick("proxy_root", "root"),
        config=pick("proxy_config", "config"),
        mode=pick("proxy_mode", "mode"),
        detector_profile=pick("proxy_profile", "detector_profile"),
        allow_binary=ns.allow_binary,
        rehydrate=not ns.no_rehydrate,
        upstream_stderr=ns.upstream_stderr,
        timeout=ns.upstream_timeout if ns.upstream_timeout and ns.upstream_timeout > 0 else 60.0,
        max_message_bytes=ns.max_message_bytes or MAX_LINE_BYTES,
    )


def run(ns: argparse.Namespace, ctx: Any) -> int:
    """``redctx proxy``: serve, or with ``--doctor`` print the exposure checks."""
    return _run(ns, ctx.err)


def _run(ns: argparse.Namespace, err: Any) -> int:
    from redacted_context_mcp.proxy import run as proxy_run

    settings = settings_from(ns)
    if not settings.upstream:
        err.write(proxy_run.PREFIX + proxy_run.MSG_NO_UPSTREAM + "\n")
        return 2
    try:
        if ns.doctor:
            return _doctor(settings, err)
        return proxy_run.serve_proxy(settings, err)
    except RedctxError as e:
        err.write(f"{proxy_run.PREFIX}cannot start: {e.message}\n")
        return 1


def _doctor(settings: Any, err: Any) -> int:
    import tempfile

    from redacted_context_mcp import app
    from redacted_context_mcp.proxy.run import check_setup, empty_root

    with tempfile.TemporaryDirectory(prefix="redctx-proxy-") as tmp:
        options = app.make_options(settings.root or empty_root(tmp), config=settings.config, mode=settings.mode)
        lines = check_setup(settings, options, app.open_policy(options))
    out = sys.stdout
    for line in lines or [MSG_DOCTOR_OK]:
        out.write(line + "\n")
    out.flush()
    return 1 if lines else 0


def server_main(argv: Sequence[str]) -> int:
    """``redctx-mcp --proxy [flags] -- CMD ARGS``: the same proxy (``argv`` without ``--proxy``)."""
    from redacted_context_mcp.cli_parser import Parser

    parser = Parser(prog="redctx-mcp --proxy", description=HELP)
    configure(parser)
    try:
        ns = parser.parse_args(list(argv))
    except SystemExit as e:
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    return _run(ns, sys.stderr)


def wants_proxy(argv: Sequence[str]) -> bool:
    """Whether a ``redctx-mcp`` command line asks for the proxy (``--proxy`` before any ``--``)."""
    head = list(argv)[: list(argv).index("--")] if "--" in argv else list(argv)
    return "--proxy" in head


def without_proxy_flag(argv: Sequence[str]) -> list[str]:
    out = list(argv)
    out.remove("--proxy")
    return out
