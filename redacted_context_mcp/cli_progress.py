"""The CLI's progress line: ``files indexed N/M`` on stderr while a long scan runs, only on a terminal.

The service reports progress through :data:`limits.PROGRESS` (counts only, no
JSON-RPC); this edge draws it on one carriage-returned line and erases it when the
call ends, so piped or redirected stderr never sees it.

Imports: limits.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from redacted_context_mcp.limits import PROGRESS

#: Calls faster than this never draw the line; afterwards it is redrawn at most this often.
SHOW_AFTER = 0.3
REDRAW = 0.1


def _is_tty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


@contextmanager
def progress_line(err: TextIO, *, clock=time.monotonic) -> Iterator[None]:
    """Show scan progress on ``err`` during the block when ``err`` is a terminal."""
    if not _is_tty(err):
        yield
        return
    start = clock()
    state = {"drawn": False, "at": 0.0}

    def report(done: int, total: int) -> None:
        now = clock()
        if now - start < SHOW_AFTER or (done < total and now - state["at"] < REDRAW):
            return
        state["drawn"], state["at"] = True, now
        err.write(f"\rredctx: files indexed {done}/{total}")
        err.flush()

    token = PROGRESS.set(report)
    try:
        yield
    finally:
        PROGRESS.reset(token)
        if state["drawn"]:
            err.write("\r\x1b[K")  # erase the line before results or errors are printed
            err.flush()


__all__ = ["progress_line"]
