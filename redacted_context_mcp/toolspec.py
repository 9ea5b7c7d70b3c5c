"""What one tool row is: :class:`ToolSpec`, the shared schema pieces and lazy handlers.

The rows themselves live in ``tools_*`` modules (one per tool family) and are
joined into the one table in :mod:`redacted_context_mcp.tools`.

Imports: nothing from the package at import time (handlers are resolved lazily
from ``service/*``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

READ_ONLY: Mapping[str, bool] = {
    "readOnlyHint": True,
    "idempotentHint": True,
    "destructiveHint": False,
    "openWorldHint": False,
}

#: Every tool's ``outputSchema`` (structured copy of every result: the redacted text plus the receipt of
#: what redaction did). It is repeated once per tool in ``tools/list``, so it carries no prose: the two
#: field names say it, and the README documents the receipt's keys.
OUTPUT_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {"text": {"type": "string"}, "receipt": {"type": "object"}},
    "required": ["text", "receipt"],
}

GLOB: Mapping[str, Any] = {
    "type": "array",
    "items": {"type": "string"},
    "default": [],
    "description": "Shell patterns on root-relative paths (*.md; * spans /); files matching any are kept.",
}
PATHS: Mapping[str, Any] = {
    "type": "array",
    "items": {"type": "string"},
    "default": [],
    "description": "Root-relative paths or @p_<id>s, folders walked for text files; [] is the root. Narrow on a limit.",
}


def schema(properties: Mapping[str, Any] | None = None, required: tuple[str, ...] = ()) -> dict:
    out: dict[str, Any] = {"type": "object"}
    if properties:
        out["properties"] = dict(properties)
    if required:
        out["required"] = list(required)
    out["additionalProperties"] = False
    return out


@dataclass(frozen=True)
class ToolSpec:
    """One MCP tool: what the model sees, how it is validated and which operation runs it.

    ``title`` is the human title clients show ("Read file"). ``handler`` is
    ``"module:function"`` (resolved lazily) or a callable
    ``(service, args) -> ToolResult``. ``cli`` is the subcommand name (``None``
    for MCP-only tools); ``positional`` lists arguments given positionally on the
    CLI; ``cli_short`` maps argument names to extra short flags; ``cli_defaults``
    overrides schema defaults on the CLI only. ``enum_errors`` maps an enum
    parameter to the fixed error a value outside its enum raises instead of the
    generic one (``state`` -> ``GitHub state must be open, closed, or all.``).
    """

    name: str
    description: str
    input_schema: Mapping[str, Any]
    handler: str | Callable[..., Any]
    title: str = ""
    cli: str | None = None
    aliases: tuple[str, ...] = ()
    positional: tuple[str, ...] = ()
    cli_short: Mapping[str, str] = field(default_factory=dict)
    cli_defaults: Mapping[str, Any] = field(default_factory=dict)
    annotations: Mapping[str, bool] = field(default_factory=lambda: dict(READ_ONLY))
    enum_errors: Mapping[str, Any] = field(default_factory=dict)

    def as_mcp(self, *, title: bool = True, output_schema: bool = True, annotations: bool = True) -> dict:
        """The ``Tool`` object for ``tools/list``; flags drop fields unknown to older versions."""
        out: dict[str, Any] = {"name": self.name}
        if title:
            out["title"] = self.title or self.name  # every row in TOOLS sets one (tests/test_tools.py)
        out["description"] = self.description
        out["inputSchema"] = self.input_schema
        if output_schema:
            out["outputSchema"] = OUTPUT_SCHEMA
        if annotations:
            out["annotations"] = dict(self.annotations)
        return out


_handler_cache: dict[str, Callable[..., Any]] = {}


def resolve_handler(handler: str | Callable[..., Any]) -> Callable[..., Any]:
    """Import and return the function a ``"module:function"`` reference names."""
    if callable(handler):
        return handler
    fn = _handler_cache.get(handler)
    if fn is None:
        module, _, attr = handler.partition(":")
        from redacted_context_mcp.service.plugged import with_receipt  # lazy: the table imports no service code

        fn = with_receipt(getattr(importlib.import_module(module), attr))
        _handler_cache[handler] = fn
    return fn
