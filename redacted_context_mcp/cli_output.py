"""What the CLI prints for a result, and the exit status it returns.

* Text: the result text with one trailing newline on stdout; a fixed error
  message on stderr.
* ``--json``: JSON Lines on stdout, one object per row the service returned
  (``@p_`` ids, redacted paths and text, numbers). Every string must be
  ``Redacted`` or ``Fixed``, as for text output, so no raw value is printed.
* Exit statuses follow grep for ``search`` and ``retrieve`` (0 found, 1 nothing
  found with nothing on stdout, 2 error); other commands exit 1 on a refusal or
  a failed check. Usage errors exit 2 everywhere.

Imports: render, model, errors.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TextIO

from redacted_context_mcp import render
from redacted_context_mcp.errors import Code
from redacted_context_mcp.model import Fixed, Redacted, ToolResult

ERROR_SLUGS = frozenset(c.slug for c in Code)
GREP_ERROR = 2


@dataclass(frozen=True)
class Style:
    """How one command prints: ``grep`` statuses, ``json`` rows, ``quiet`` (status only)."""

    grep: bool = False
    json: bool = False
    quiet: bool = False


def error_status(grep: bool) -> int:
    """Exit status of a refusal or failure."""
    return GREP_ERROR if grep else 1


def json_lines(result: ToolResult) -> str:
    """The result's rows as JSON Lines; ``TypeError`` for a string that is neither Redacted nor Fixed."""
    out = []
    for row in result.rows:
        for value in row.values():
            if isinstance(value, str) and not isinstance(value, (Redacted, Fixed)):
                raise TypeError("row value is neither Redacted nor Fixed")
        out.append(json.dumps(dict(row), ensure_ascii=False) + "\n")
    return "".join(out)


def is_no_match(result: ToolResult) -> bool:
    """The service's "nothing found" (``No matches.``: not an error, exit status 1)."""
    return not result.is_error and result.exit_status == 1 and isinstance(result.text, Fixed)


def emit(result: ToolResult, out: TextIO, err: TextIO, style: Style = Style()) -> int:
    """Print ``result`` in ``style``; returns the exit status."""
    if result.is_error and result.code in ERROR_SLUGS:
        err.write(render.cli_text(result))
        return error_status(style.grep) if style.grep else render.cli_exit_status(result)
    if style.grep and is_no_match(result):
        return 1
    if not style.quiet:
        out.write(json_lines(result) if style.json else render.cli_text(result))
        out.flush()
    return render.cli_exit_status(result)
