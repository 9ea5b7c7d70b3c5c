"""The killable regex worker: compile and match a screened user pattern in a forked child.

:class:`UserRegex` carries only the pattern text and flags; the pattern is
compiled (with ``re._compiler.compile``, bypassing the ``re`` module cache) in
the worker, so neither a slow compilation nor a large compiled program ever
lives in the server process. ``run_regex`` forks a child that inherits the
texts (nothing is pickled), stops after ``limit`` matching lines and returns
only ``(text index, line number)`` pairs.

Worker lifetime: the child puts itself in its own process group, points
stdin/stdout/stderr at ``/dev/null`` and closes every other inherited
descriptor except its result pipe (so it never holds the server's stdout open),
asks the kernel to kill it when the server dies (``PR_SET_PDEATHSIG`` on Linux)
and arms ``SIGALRM`` at its own deadline, so it dies on its own even when
nobody is left to kill it. The parent kills and reaps the whole group when the
deadline passes, the call is cancelled, or anything goes wrong; every live
worker is also killed by :func:`kill_workers` (run at interpreter exit and by
the stdio server on every exit path).

Imports: errors.
"""

from __future__ import annotations

import atexit
import math
import os
import re
import select
import signal
import threading
import time
import warnings
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from re import _compiler as _re_compiler  # type: ignore[attr-defined]

from redacted_context_mcp.errors import Code, RedctxError

#: Wall-clock cap for a worker when the caller has no deadline (CLI default).
NO_DEADLINE_CAP = 60.0
#: Exit status of a worker whose pattern failed to compile.
_EXIT_INVALID = 3
_PR_SET_PDEATHSIG = 1

_LIVE: set[int] = set()
_LIVE_LOCK = threading.Lock()

try:  # looked up once in the server; the child only calls it
    import ctypes

    _PRCTL = ctypes.CDLL(None, use_errno=True).prctl
except (OSError, AttributeError, ImportError):  # pragma: no cover - not Linux: SIGALRM still bounds it
    _PRCTL = None


@dataclass(frozen=True)
class UserRegex:
    """A screened user pattern: text and flags only (compiled where it runs)."""

    pattern: str
    flags: int  # re.IGNORECASE or 0
    line_sensitive: bool  # True: never use the whole-text MULTILINE prefilter

    def compiled(self) -> tuple[re.Pattern[str], re.Pattern[str] | None]:
        """(per-line pattern, whole-text prefilter or None), compiled outside the ``re`` cache."""
        line = _re_compiler.compile(self.pattern, self.flags)
        whole = None if self.line_sensitive else _re_compiler.compile(self.pattern, self.flags | re.MULTILINE)
        return line, whole


# -- matching -------------------------------------------------------------------


def scan_texts(rx: UserRegex, texts: Sequence[str], limit: int) -> list[tuple[int, int]]:
    """Matching ``(text index, 1-based line)`` pairs in order, at most ``limit``.

    Runs in the current process; :func:`run_regex` calls it in the worker.
    """
    line, whole = rx.compiled()
    hits: list[tuple[int, int]] = []
    for ti, text in enumerate(texts):
        if not text:
            continue  # an empty file has no lines
        _scan_text(line, whole, ti, text, limit, hits)
        if len(hits) >= limit:
            break
    return hits


def _scan_text(line: re.Pattern[str], whole: re.Pattern[str] | None, ti: int, text: str, limit: int,
               hits: list[tuple[int, int]]) -> None:
    line_search = line.search
    if whole is None:
        for n, part in enumerate(text.split("\n"), 1):
            if line_search(part):
                hits.append((ti, n))
                if len(hits) >= limit:
                    return
        return
    # Every per-line match is also a match of the MULTILINE pattern at the same
    # offset (the screen routed line-sensitive constructs to the loop above), so
    # the whole-text search finds candidate lines and each is confirmed alone.
    search = whole.search
    pos = counted = 0
    lineno = 1
    n = len(text)
    while pos <= n:
        m = search(text, pos)
        if m is None:
            return
        s = m.start()
        start = text.rfind("\n", pos, s) + 1 or pos  # line holding s (a match may begin at its newline)
        end = text.find("\n", s)
        if end < 0:
            end = n
        lineno += text.count("\n", counted, start)
        counted = start
        if line_search(text[start:end]):
            hits.append((ti, lineno))
            if len(hits) >= limit:
                return
        pos = end + 1


# -- the worker -------------------------------------------------------------------


def live_workers() -> frozenset[int]:
    """Process ids of workers started and not yet reaped."""
    with _LIVE_LOCK:
        return frozenset(_LIVE)


def kill_workers() -> None:
    """Kill and reap every live worker (idempotent; safe at exit)."""
    for pid in live_workers():
        _kill(pid)


atexit.register(kill_workers)


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux), then re-check the parent."""
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _isolate(keep: int) -> None:
    """Stdio on /dev/null and every other inherited descriptor closed except ``keep``."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        if fd != null:
            os.dup2(null, fd)
    hi = max(keep, null) + 1
    try:
        hi = max(hi, os.sysconf("SC_OPEN_MAX"))
    except (OSError, ValueError):  # pragma: no cover
        hi = max(hi, 65536)
    os.closerange(3, keep)
    os.closerange(keep + 1, hi)


def _child(rx: UserRegex, texts: Sequence[str], limit: int, w: int, parent: int, timeout: float) -> None:
    """Worker body: never returns into the caller's stack."""
    status = 1
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)  # default action: the kernel ends the process
        signal.alarm(max(1, math.ceil(timeout) + 1))
        _die_with_parent(parent)
        _isolate(w)
        try:
            rx.compiled()
        except (re.error, RecursionError, OverflowError, ValueError, TypeError, MemoryError):
            status = _EXIT_INVALID
            return
        hits = scan_texts(rx, texts, limit)
        flat = array("q", (x for pair in hits for x in pair)).tobytes()
        view = memoryview(flat)
        while view:
            view = view[os.write(w, view):]
        status = 0
    finally:
        os._exit(status)


def run_regex(rx: UserRegex, texts: Sequence[str], limit: int,
              seconds: float | None, cancelled: Callable[[], bool] | None = None) -> list[tuple[int, int]]:
    """Compile and match in a killable child process; see the module docstring.

    ``cancelled`` is polled a few times a second; a cancelled call kills the
    worker too. Raises INVALID_REGEX when the pattern does not compile,
    LIMIT_DEADLINE past the deadline or on cancellation.
    """
    timeout = NO_DEADLINE_CAP if seconds is None else max(0.0, seconds)
    if not hasattr(os, "fork"):  # pragma: no cover - non-POSIX fallback
        return _run_spawned(rx, texts, limit, timeout)
    deadline = time.monotonic() + timeout
    parent = os.getpid()
    r, w = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads (3.12+)
        pid = os.fork()
    if pid == 0:
        os.close(r)
        _child(rx, texts, limit, w, parent, timeout)
    with _LIVE_LOCK:
        _LIVE.add(pid)
    try:
        os.setpgid(pid, pid)  # also done by the child; whichever runs first wins the race
    except OSError:
        pass
    os.close(w)
    chunks: list[bytes] = []
    finished = False
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or (cancelled is not None and cancelled()):
                break
            ready, _, _ = select.select([r], [], [], min(remaining, 0.2))
            if not ready:
                continue
            chunk = os.read(r, 1 << 16)
            if not chunk:
                finished = True
                break
            chunks.append(chunk)
    finally:
        os.close(r)
        if not finished:
            _kill(pid)
    if not finished:
        raise RedctxError(Code.LIMIT_DEADLINE)
    status = _reap(pid)
    if status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == _EXIT_INVALID:
        raise RedctxError(Code.INVALID_REGEX)
    if status is None or not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
        raise RedctxError(Code.INTERNAL)
    flat = array("q")
    flat.frombytes(b"".join(chunks))
    return [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]


def _reap(pid: int) -> int | None:
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        status = None
    with _LIVE_LOCK:
        _LIVE.discard(pid)
    return status


def _kill(pid: int) -> None:
    """Kill a worker's whole process group and reap it so it never lingers as a zombie."""
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    _reap(pid)


def _spawned_main(conn, pattern: str, flags: int, line_sensitive: bool,
                  texts: Iterable[str], limit: int) -> None:  # pragma: no cover
    conn.send(scan_texts(UserRegex(pattern, flags, line_sensitive), list(texts), limit))
    conn.close()


def _run_spawned(rx: UserRegex, texts: Sequence[str], limit: int,
                 timeout: float) -> list[tuple[int, int]]:  # pragma: no cover - non-POSIX only
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(
        target=_spawned_main,
        args=(child, rx.pattern, rx.flags, rx.line_sensitive, list(texts), limit),
        daemon=True,
    )
    proc.start()
    child.close()
    try:
        if not parent.poll(timeout):
            raise RedctxError(Code.LIMIT_DEADLINE)
        return [tuple(x) for x in parent.recv()]
    except (EOFError, OSError):
        raise RedctxError(Code.INTERNAL) from None
    finally:
        parent.close()
        if proc.is_alive():
            proc.kill()
        proc.join()
