"""The upstream MCP server as a child process: one JSON-RPC line each way, never trusted.

:class:`Upstream` owns one child (its own session, so the whole process group can be
stopped), a reader thread for its stdout and one for its stderr. Requests get ids of
our own (the client's ids never reach the upstream); a response resolves the waiting
:class:`Pending`. Anything that breaks the stream (an exit, a line that is not JSON,
a line over the size cap) kills the child and fails every pending request with a
fixed reason. :class:`Supervisor` restarts a dead upstream on the next request, at
most :data:`MAX_RESTARTS` times in :data:`RESTART_WINDOW` seconds.

Upstream stderr is never relayed raw: ``stderr_line`` receives each line (bounded)
and decides (count it, or redact it through the service).

Imports: protocol.jsonrpc, protocol.stdio.
"""

from __future__ import annotations

import collections
import itertools
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from redacted_context_mcp.protocol import jsonrpc as rpc
from redacted_context_mcp.protocol.stdio import MAX_LINE_BYTES, OVERSIZE, read_lines

MAX_RESTARTS = 3
RESTART_WINDOW = 60.0
STDERR_LINE_BYTES = 4096
STOP_GRACE = 2.0

# Fixed failure reasons (the text the client sees; never upstream output).
EXITED = "Upstream server exited."
TIMEOUT = "Upstream server did not answer in time."
NOT_JSON = "Upstream server wrote a line that is not JSON-RPC."
OVERSIZED = "Upstream server sent a message over the size limit."
START_FAILED = "Upstream server could not be started."
TOO_MANY_RESTARTS = "Upstream server restarted too often; retry in a minute."
CANCELLED = "Request cancelled."


class UpstreamFailure(Exception):
    """The upstream could not answer; ``reason`` is one of the fixed texts above."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UpstreamError(Exception):
    """The upstream answered with a JSON-RPC error (raw: redact before showing)."""

    def __init__(self, error: dict) -> None:
        super().__init__("upstream error")
        self.error = error


class Pending:
    """One request waiting for its response."""

    __slots__ = ("event", "reply", "failure")

    def __init__(self) -> None:
        self.event = threading.Event()
        self.reply: dict | None = None
        self.failure: str | None = None

    def settle(self, reply: dict | None = None, failure: str | None = None) -> None:
        if not self.event.is_set():
            self.reply, self.failure = reply, failure
            self.event.set()


class Upstream:
    """One running child process speaking JSON-RPC over its stdin/stdout."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        on_message: Callable[[dict], None],  # notifications only
        stderr_line: Callable[[bytes], None],
        max_line_bytes: int = MAX_LINE_BYTES,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        on_fail: Callable[[str], None] | None = None,
    ) -> None:
        self._on_message = on_message
        self._on_fail = on_fail
        self._stderr_line = stderr_line
        self._max = max_line_bytes
        self._ids = itertools.count(1)
        self._pending: dict[int, Pending] = {}
        self._lock = threading.Lock()
        self._wlock = threading.Lock()
        self.failure: str | None = None
        try:
            self.proc = subprocess.Popen(
                list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=cwd, env=env, start_new_session=True, bufsize=0,
            )
        except (OSError, ValueError, subprocess.SubprocessError):
            raise UpstreamFailure(START_FAILED) from None
        self._out = threading.Thread(target=self._read_stdout, name="redctx-proxy-up", daemon=True)
        self._err = threading.Thread(target=self._read_stderr, name="redctx-proxy-err", daemon=True)
        self._out.start()
        self._err.start()

    # ------------------------------------------------------------------ state
    @property
    def alive(self) -> bool:
        return self.failure is None and self.proc.poll() is None

    def fail(self, reason: str) -> None:
        """Mark the stream broken, stop the child and fail every pending request."""
        with self._lock:
            first = self.failure is None
            if first:
                self.failure = reason
            pending, self._pending = list(self._pending.values()), {}
        if first and self._on_fail is not None:
            try:
                self._on_fail(reason)
            except Exception:  # noqa: BLE001 - reporting never stops the shutdown
                pass
        for p in pending:
            p.settle(failure=reason)
        self.stop(grace=0.0 if reason != EXITED else STOP_GRACE)

    def stop(self, grace: float = STOP_GRACE) -> None:
        """Close stdin, wait ``grace`` seconds, then SIGTERM and SIGKILL the process group."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        if grace and _wait(self.proc, grace):
            return
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except (ProcessLookupError, PermissionError, OSError):
                pass
            if _wait(self.proc, STOP_GRACE):
                break
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # grandchildren left in the group
        except (ProcessLookupError, PermissionError, OSError):
            pass

    # ------------------------------------------------------------------ wire
    def _write(self, message: dict) -> None:
        data = rpc.encode(message)
        with self._wlock:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (OSError, ValueError, AssertionError):
                raise UpstreamFailure(self.failure or EXITED) from None

    def send_request(self, method: str, params: dict) -> tuple[int, Pending]:
        """Send a request now; returns our id and the :class:`Pending` to wait on."""
        rid = next(self._ids)
        pending = Pending()
        with self._lock:
            if self.failure is not None:
                raise UpstreamFailure(self.failure)
            self._pending[rid] = pending
        self._write({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid, pending

    def request(self, method: str, params: dict, timeout: float,
                cancelled: Callable[[], bool] | None = None, *, kill_on_timeout: bool = True) -> dict:
        """Send and wait for the result. Raises UpstreamFailure or UpstreamError."""
        rid, pending = self.send_request(method, params)
        return self.wait(rid, pending, timeout, cancelled, kill_on_timeout=kill_on_timeout)

    def wait(self, rid: int, pending: Pending, timeout: float,
             cancelled: Callable[[], bool] | None = None, *, kill_on_timeout: bool = True) -> dict:
        deadline = time.monotonic() + timeout
        while not pending.event.wait(0.05 if cancelled is not None else max(0.0, deadline - time.monotonic())):
            if cancelled is not None and cancelled():
                self.forget(rid)
                self.notify("notifications/cancelled", {"requestId": rid, "reason": "cancelled by the client"})
                raise UpstreamFailure(CANCELLED)
            if time.monotonic() >= deadline:
                if kill_on_timeout:
                    self.fail(TIMEOUT)  # a hung upstream is restarted on the next request
                else:
                    self.forget(rid)
                raise UpstreamFailure(TIMEOUT)
        if pending.failure is not None:
            raise UpstreamFailure(pending.failure)
        reply = pending.reply or {}
        if "error" in reply:
            err = reply["error"]
            raise UpstreamError(err if isinstance(err, dict) else {})
        result = reply.get("result")
        return result if isinstance(result, dict) else {}

    def forget(self, rid: int) -> None:
        with self._lock:
            self._pending.pop(rid, None)

    def notify(self, method: str, params: dict) -> None:
        try:
            self._write({"jsonrpc": "2.0", "method": method, "params": params})
        except UpstreamFailure:
            pass

    def respond(self, message: dict) -> None:
        try:
            self._write(message)
        except UpstreamFailure:
            pass

    # --------------------------------------------------------------- readers
    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in read_lines(self.proc.stdout, max_bytes=self._max):
            if line is OVERSIZE:
                self.fail(OVERSIZED)
                return
            if not line.strip():
                continue
            try:
                obj = rpc.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                obj = None
            if not isinstance(obj, dict) or obj.get("jsonrpc") != "2.0":
                self.fail(NOT_JSON)
                return
            if "method" not in obj and ("result" in obj or "error" in obj):
                rid = obj.get("id")
                with self._lock:
                    pending = self._pending.pop(rid, None) if isinstance(rid, int) else None
                if pending is not None:
                    pending.settle(reply=obj)
                continue
            if isinstance(obj.get("method"), str):
                if "id" in obj:  # a request of its own (sampling, roots, ...): the proxy relays none
                    if rpc.valid_id(obj["id"]):
                        self.respond(rpc.error(obj["id"], rpc.METHOD_NOT_FOUND, "Method not found"))
                    continue
                self._on_message(obj)
                continue
            self.fail(NOT_JSON)
            return
        self.fail(EXITED)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in read_lines(self.proc.stderr, max_bytes=STDERR_LINE_BYTES):
            try:
                self._stderr_line(b"" if line is OVERSIZE else line)
            except Exception:  # noqa: BLE001 - a reporting failure never stops the drain
                pass


def _wait(proc: subprocess.Popen, seconds: float) -> bool:
    try:
        proc.wait(seconds)
        return True
    except subprocess.TimeoutExpired:
        return False


class RestartBudget:
    """At most ``limit`` restarts in any ``window`` seconds (the first start is free)."""

    def __init__(self, limit: int = MAX_RESTARTS, window: float = RESTART_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit, self.window, self._clock = limit, window, clock
        self._times: collections.deque[float] = collections.deque()

    def take(self) -> bool:
        now = self._clock()
        while self._times and now - self._times[0] >= self.window:
            self._times.popleft()
        if len(self._times) >= self.limit:
            return False
        self._times.append(now)
        return True


class Supervisor:
    """Keeps one live, handshaken :class:`Upstream`; restarts it on demand within the budget.

    ``handshake(upstream)`` runs after every (re)start and returns what the proxy needs
    to know about the upstream (its era and capabilities); a failing handshake counts
    as a failed start.
    """

    def __init__(self, start: Callable[[], Upstream], handshake: Callable[[Upstream], Any],
                 budget: RestartBudget | None = None) -> None:
        self._start = start
        self._handshake = handshake
        self._budget = budget or RestartBudget()
        self._lock = threading.Lock()
        self._current: Upstream | None = None
        self.info: Any = None
        self.starts = 0
        self.closed = False

    def get(self) -> tuple[Upstream, Any]:
        """The live upstream and its handshake info, (re)starting it if needed."""
        with self._lock:
            up = self._current
            if up is not None and up.alive:
                return up, self.info
            if self.closed:
                raise UpstreamFailure(EXITED)
            if up is not None:
                up.stop(grace=0.0)
                self._current = None
            if self.starts and not self._budget.take():
                raise UpstreamFailure(TOO_MANY_RESTARTS)
            self.starts += 1
            up = self._start()
            try:
                info = self._handshake(up)
            except (UpstreamFailure, UpstreamError):
                up.fail(START_FAILED)
                raise UpstreamFailure(START_FAILED) from None
            self._current, self.info = up, info
            return up, info

    @property
    def current(self) -> Upstream | None:
        return self._current

    def close(self) -> None:
        with self._lock:
            self.closed = True
            up, self._current = self._current, None
        if up is not None:
            up.stop()
