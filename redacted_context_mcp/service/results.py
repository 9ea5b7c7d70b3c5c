"""Result finishing: skips, notices and the size cap applied to a finished ``ToolResult``.

The edges never mint ``Redacted`` text, so a result's text is rebuilt here with the
same kind (``Redacted`` stays ``Redacted``, ``Fixed`` stays ``Fixed``).

Imports: layers 0 only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.limits import Budget, cap_output
from redacted_context_mcp.model import Fixed, Redacted, ToolResult, mint_redacted
from redacted_context_mcp.skips import reason_for

__all__ = ["bounded", "skip_failed", "with_notices", "with_skips"]


def skip_failed(budget: Budget, exc: RedctxError) -> bool:
    """Count a per-file failure as a skip in ``budget`` when a scope may skip it; False to fail the call."""
    reason = reason_for(exc.code.slug)
    if reason is None:
        return False
    budget.skips.add(reason)
    return True


def _same_kind(result: ToolResult, text: str) -> ToolResult:
    kind = mint_redacted(text) if isinstance(result.text, Redacted) else Fixed(text)
    return dataclasses.replace(result, text=kind)


def with_skips(result: ToolResult, budget: Budget) -> ToolResult:
    """``result`` with the skip counts of ``budget`` in its receipt and one fixed note per reason.

    The notes go to the edge like any notice (appended to the MCP text, stderr in the CLI).
    """
    if not budget.skips:
        return result
    for text in budget.skips.notes():
        budget.notice(text)
    return dataclasses.replace(result, skipped=budget.skips.counts())


def with_notices(result: ToolResult, notices: Iterable[str]) -> ToolResult:
    """``result`` with fixed notices (a skipped too-deep branch, ...) appended as lines."""
    return _same_kind(result, "\n".join([result.text, *notices]))


def bounded(result: ToolResult, limit: int) -> ToolResult:
    """``result`` cut at a line end to ``limit`` characters with the fixed size note."""
    return _same_kind(result, cap_output(result.text, limit))
