"""Turn a :class:`ToolResult` into an MCP tool result or CLI output.

Only returns values; writing is the edges' job. Every function here takes the
text through :func:`text_of`, which refuses anything but ``Redacted`` or
``Fixed`` text, so a plain ``str`` never reaches the wire or the terminal.

Imports: model, errors.
"""

from __future__ import annotations

from typing import Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import Fixed, ToolResult, checked_text


def text_of(result: ToolResult) -> str:
    """The result's text; ``TypeError`` unless it is ``Redacted`` or ``Fixed``."""
    return checked_text(result)


def receipt(result: ToolResult) -> dict[str, Any]:
    """Redaction statistics of one call: zero counts omitted, keys sorted, never a raw value."""
    counts = {k: int(v) for k, v in sorted(result.counts.items()) if v}
    out: dict[str, Any] = {"counts_by_category": counts, "detector_profile": result.detector_profile}
    if result.detectors:
        out["detectors"] = [dict(d) for d in result.detectors]
    if result.skipped:  # counts per fixed reason only
        out["skipped"] = {str(k): int(v) for k, v in result.skipped.items() if v}
    return out


def structured(result: ToolResult) -> dict[str, Any]:
    """The ``structuredContent`` of a tool result: ``{text, receipt}``."""
    return {"text": str(text_of(result)), "receipt": receipt(result)}


def mcp_tool_result(result: ToolResult, *, structured_content: bool = True) -> dict[str, Any]:
    """MCP ``CallToolResult``: one text block mirroring ``structuredContent.text``."""
    out: dict[str, Any] = {"content": [{"type": "text", "text": str(text_of(result))}]}
    if structured_content:
        out["structuredContent"] = structured(result)
    out["isError"] = bool(result.is_error)
    return out


def error_result(err: RedctxError, detector_profile: str = "default") -> ToolResult:
    """A refusal or failure as a tool result carrying only the fixed message."""
    return ToolResult(text=Fixed(err.message), is_error=True, code=err.code.slug, detector_profile=detector_profile)


def internal_error_result(detector_profile: str = "default") -> ToolResult:
    """The result for any unexpected exception: a fixed message, never ``str(exc)``."""
    return error_result(RedctxError(Code.INTERNAL), detector_profile)


def cli_text(result: ToolResult) -> str:
    """CLI output: the result text ending in exactly one newline (empty text prints nothing)."""
    text = str(text_of(result))
    if not text:
        return ""
    return text if text.endswith("\n") else text + "\n"


def cli_exit_status(result: ToolResult) -> int:
    """The result's own status if set, else 1 for errors and 0 otherwise."""
    if result.exit_status is not None:
        return result.exit_status
    return 1 if result.is_error else 0
