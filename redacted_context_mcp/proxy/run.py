"""Assemble and run the proxy: policy, service, supervised upstream, client loop.

:func:`serve_proxy` validates the policy first (fails fast like ``redctx-mcp``),
starts the upstream and handshakes with it, then serves the client's stdin until
EOF. On EOF (or SIGTERM) running requests get a short drain, the upstream's stdin is
closed and its process group stopped, so no child outlives the proxy.

Without ``--root`` the service gets a private, empty temporary root: only the config
and the built-in detectors apply.

Imports: app, vault, protocol.stdio, proxy.*.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from redacted_context_mcp import app
from redacted_context_mcp.config import CONFIG_NAME
from redacted_context_mcp.protocol.stdio import MAX_LINE_BYTES, claim_stdout, read_lines, stdin_reader
from redacted_context_mcp.proxy import doctor, rehydration
from redacted_context_mcp.proxy import era as eras
from redacted_context_mcp.proxy.server import ProxyOptions, ProxyServer
from redacted_context_mcp.proxy.upstream import Supervisor, Upstream, UpstreamFailure
from redacted_context_mcp.vault import state_dir

PREFIX = "redctx proxy: "
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
STDERR_MODES = ("count", "redacted")
MSG_NO_UPSTREAM = "give the upstream command after --, e.g. redctx proxy -- npx server-filesystem DIR"
MSG_STDERR_SUMMARY = (
    "the upstream wrote {n} line(s) on stderr (not shown; --upstream-stderr redacted shows them redacted)"
)


@dataclass(frozen=True)
class ProxySettings:
    upstream: tuple[str, ...]
    root: str | None = None
    config: str | None = None
    mode: str | None = None
    detector_profile: str | None = None
    allow_binary: bool = False
    rehydrate: bool = True
    upstream_stderr: str = "count"
    timeout: float = 60.0
    max_message_bytes: int = MAX_LINE_BYTES


class _StderrRelay:
    """Upstream stderr lines: counted, or redacted through the service and written with a prefix."""

    def __init__(self, mode: str, service: Any, err: TextIO, seam: rehydration.Seam) -> None:
        self.mode, self._service, self._err, self._seam = mode, service, err, seam
        self.count = 0
        self._lock = threading.Lock()

    def line(self, raw: bytes) -> None:
        with self._lock:
            self.count += 1
        if self.mode != "redacted" or not raw:
            return
        try:
            svc = self._service()
            svc.snapshot()
            text, _ = self._seam.redact(svc, raw.decode("utf-8", "replace").replace("\x00", ""))
        except Exception:  # noqa: BLE001 - a line that cannot be redacted is only counted
            return
        text = _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)  # no terminal escapes, no forged lines
        with self._lock:
            self._err.write(f"{PREFIX}upstream: {text}\n")
            self._err.flush()

    def summary(self) -> None:
        if self.mode == "count" and self.count:
            self._err.write(PREFIX + MSG_STDERR_SUMMARY.format(n=self.count) + "\n")
            self._err.flush()


def empty_root(tmp: str | None) -> str:
    """A private empty root inside ``tmp``, named so that it yields no root aliases (one letter)."""
    assert tmp is not None
    root = Path(tmp) / "r"
    root.mkdir(exist_ok=True)
    return str(root)


def check_setup(settings: ProxySettings, options: Any, live: Any) -> list[str]:
    """Doctor warnings: the config, term files or salt state inside a folder the upstream serves."""
    config = options.config_path
    if config is None:
        candidate = Path(options.root) / CONFIG_NAME
        config = candidate if candidate.exists() else None
    try:
        terms = tuple(live.current().policy.term_files)
    except Exception:  # noqa: BLE001 - a blocked policy is reported by the first request
        terms = ()
    return doctor.exposure_warnings(settings.upstream, config, state_dir(os.environ), terms)


def serve_proxy(settings: ProxySettings, err: TextIO = sys.stderr) -> int:
    """Run the proxy on this process's stdin/stdout; returns the exit status."""
    if not settings.upstream:
        err.write(PREFIX + MSG_NO_UPSTREAM + "\n")
        return 2
    tmp = None if settings.root else tempfile.mkdtemp(prefix="redctx-proxy-")
    try:
        options = app.make_options(settings.root or empty_root(tmp), config=settings.config, mode=settings.mode,
                                   detector_profile=settings.detector_profile)
        live = app.open_policy(options)
        for line in check_setup(settings, options, live):
            err.write(PREFIX + line + "\n")
        return _serve(settings, options, live, err)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


def _serve(settings: ProxySettings, options: Any, live: Any, err: TextIO) -> int:
    service = app.service_factory(options, live)
    seam = rehydration.Seam()
    relay = _StderrRelay(settings.upstream_stderr, service, err, seam)
    wire = claim_stdout()
    holder: list[ProxyServer] = []

    def on_message(message: dict) -> None:
        if holder:
            holder[0].upstream_message(message)

    sup: Supervisor

    def on_fail(reason: str) -> None:
        if not sup.closed:  # a fixed reason only: never upstream output
            err.write(f"{PREFIX}upstream stopped: {reason} It restarts on the next request.\n")
            err.flush()

    def start() -> Upstream:
        return Upstream(settings.upstream, on_message=on_message, stderr_line=relay.line,
                        max_line_bytes=settings.max_message_bytes, on_fail=on_fail)

    sup = Supervisor(start, lambda up: eras.handshake(up, settings.timeout))
    server = ProxyServer(wire, service, sup, ProxyOptions(settings.allow_binary, settings.rehydrate,
                                                          settings.timeout), seam=seam)
    holder.append(server)
    previous = _on_sigterm()
    try:
        try:
            sup.get()
        except UpstreamFailure as e:
            err.write(f"{PREFIX}cannot start the upstream: {e.reason}\n")
            return 1
        for line in read_lines(stdin_reader()):
            server.handle_line(line)
            if server.closed:
                break
        server.drain(3.0)
        return 0
    except SystemExit:
        return 0
    finally:
        sup.close()
        relay.summary()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _on_sigterm() -> Any:
    """SIGTERM ends the client loop like EOF (so the upstream is stopped in ``finally``)."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: Any) -> None:
        raise SystemExit(0)

    return signal.signal(signal.SIGTERM, stop)


def upstream_command(values: Sequence[str]) -> tuple[str, ...]:
    """The upstream argv from argparse's remainder (a leading ``--`` dropped)."""
    out = list(values)
    if out and out[0] == "--":
        out = out[1:]
    return tuple(out)
