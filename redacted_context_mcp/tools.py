"""The one declarative tool table: every MCP tool and its CLI subcommand.

``tools/list`` and the tool-backed CLI subcommands are generated from
:data:`TOOLS`, joined here from one row module per tool family. Handlers are
named as ``"module:function"`` and imported on first use, so listing tools
imports no service code.

Imports: argcheck, toolspec, tools_* (handlers are resolved lazily from ``service/*``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from redacted_context_mcp import argcheck
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.tools_files import FILE_TOOLS
from redacted_context_mcp.tools_github import GITHUB_TOOLS
from redacted_context_mcp.tools_writes import WRITE_TOOLS
from redacted_context_mcp.toolspec import OUTPUT_SCHEMA, READ_ONLY, ToolSpec, resolve_handler

__all__ = ["ALL_TOOLS", "OUTPUT_SCHEMA", "READ_ONLY", "TOOLS", "TOOLS_BY_NAME", "ToolSpec", "WRITE_TOOLS",
           "check_args", "find", "resolve_handler", "tools_for"]

#: The tools every server lists (read-only).
TOOLS: tuple[ToolSpec, ...] = FILE_TOOLS + GITHUB_TOOLS
#: Every tool row, the write tool included (listed only with --enable-writes --write-subdir).
ALL_TOOLS: tuple[ToolSpec, ...] = TOOLS + WRITE_TOOLS

TOOLS_BY_NAME: Mapping[str, ToolSpec] = {t.name: t for t in TOOLS}

#: Every parameter name of every tool: unexpected names from this set are safe to echo.
PARAMETER_NAMES: frozenset[str] = frozenset(k for t in ALL_TOOLS for k in t.input_schema.get("properties", {}))


def tools_for(enable_writes: bool, write_subdir: str | None) -> tuple[ToolSpec, ...]:
    """The tools a server started with these flags lists and answers."""
    return ALL_TOOLS if enable_writes and write_subdir else TOOLS


def check_args(spec: ToolSpec, args: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validate ``args`` for ``spec`` (both edges call this, so both report alike)."""
    try:
        return argcheck.validate(spec.input_schema, args, PARAMETER_NAMES)
    except RedctxError as exc:
        override = spec.enum_errors.get(exc.fields.get("name")) if exc.code is Code.NOT_ONE_OF else None
        if override is None:
            raise
        raise RedctxError(override) from None


def find(name: str, tools: tuple[ToolSpec, ...] = TOOLS) -> ToolSpec | None:
    """The tool called ``name``, or ``None``."""
    if tools is TOOLS:
        return TOOLS_BY_NAME.get(name)
    return next((t for t in tools if t.name == name), None)
