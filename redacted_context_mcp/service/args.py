"""Shared pieces of every operation: argument readers and the result builders.

The edges type-check arguments against the tool schema first; these readers
apply defaults and re-check types so an operation called directly (tests, the
benchmark) refuses bad input with the same fixed messages.

Imports: errors, model.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import Fixed, ToolResult, mint_redacted

TRUNCATED = "[TRUNCATED]"


def int_arg(args: Mapping[str, Any], name: str, default: int | None, minimum: int | None = None) -> int | None:
    """An integer argument (booleans are not integers), at least ``minimum`` when given."""
    value = args.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise RedctxError(Code.BAD_TYPE, name=name, expected="an integer")
    if minimum is not None and value < minimum:
        raise RedctxError(Code.TOO_SMALL, name=name, minimum=minimum)
    return value


def bool_arg(args: Mapping[str, Any], name: str, default: bool) -> bool:
    value = args.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise RedctxError(Code.BAD_TYPE, name=name, expected="a boolean")
    return value


def str_arg(args: Mapping[str, Any], name: str, default: str | None = None) -> str:
    """A string argument; required when ``default`` is ``None``."""
    value = args.get(name)
    if value is None:
        if default is None:
            raise RedctxError(Code.MISSING_ARGS, names=name)
        return default
    if not isinstance(value, str):
        raise RedctxError(Code.BAD_TYPE, name=name, expected="a string")
    return value


def strs_arg(args: Mapping[str, Any], name: str) -> list[str]:
    value = args.get(name)
    if value is None:
        return []
    if isinstance(value, str) or not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise RedctxError(Code.BAD_TYPE, name=name, expected="an array of strings")
    return list(value)


def result(
    profile: str, text: str, counts: Mapping[str, int], *, exit_status: int | None = None,
    rows: Iterable[Mapping[str, object]] = (),
) -> ToolResult:
    """A result of text the operation composed from redacted pieces, ids and fixed words.

    ``counts`` are the redactor's own tallies for the pieces shown (never a recount of
    placeholders in ``text``, which would count placeholders already in a file). ``rows``
    hold the same pieces as fields (ids, redacted paths and text, numbers); their strings
    are minted like ``text``.
    """
    return ToolResult(
        text=mint_redacted(text),
        counts={k: v for k, v in sorted(counts.items()) if v},
        detector_profile=profile,
        exit_status=exit_status,
        rows=tuple({k: mint_redacted(v) if isinstance(v, str) else v for k, v in r.items()} for r in rows),
    )


#: The row that ends ``rows`` when the text ends with a truncation marker.
TRUNCATED_ROW: Mapping[str, object] = {"truncated": True}


def fixed(profile: str, message: str, *, exit_status: int | None = None) -> ToolResult:
    """A result holding only a fixed notice (``No matches.``, ``Refreshed path index.``)."""
    return ToolResult(text=Fixed(message), detector_profile=profile, exit_status=exit_status)


def add_counts(total: dict[str, int], more: Mapping[str, int]) -> None:
    """``total += more`` for count dicts."""
    for k, v in more.items():
        total[k] = total.get(k, 0) + v
