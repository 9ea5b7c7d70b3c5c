"""The CLI progress line: drawn on a terminal during long scans, never on a pipe, erased at the end."""

from __future__ import annotations

import io

from redacted_context_mcp.cli_progress import progress_line
from redacted_context_mcp.limits import Budget, Limits


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def scan(clock_values: list[float], err) -> None:
    times = iter(clock_values)
    with progress_line(err, clock=lambda: next(times)):
        budget = Budget(Limits())
        for done in (0, 50, 100):
            budget.report_progress(done, 100)


def test_a_long_scan_draws_counts_on_a_terminal_and_erases_the_line():
    err = Terminal()
    scan([0.0, 1.0, 1.05, 2.0], err)  # start, then three reports (the middle one is too soon)
    text = err.getvalue()
    assert "\rredctx: files indexed 0/100" in text and "files indexed 100/100" in text
    assert "50/100" not in text
    assert text.endswith("\r\x1b[K")


def test_a_fast_scan_draws_nothing():
    err = Terminal()
    scan([0.0, 0.01, 0.02, 0.03], err)
    assert err.getvalue() == ""


def test_a_pipe_never_sees_the_progress_line():
    err = io.StringIO()
    scan([0.0, 5.0, 6.0, 7.0], err)
    assert err.getvalue() == ""
