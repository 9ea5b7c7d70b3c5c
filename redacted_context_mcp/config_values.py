"""Checks of one configured value, shared by the config's tables, its term sources and discovery.

Every refusal is ``RedctxError(Code.CONFIG_INVALID, detail=...)`` (:func:`invalid`)
whose detail names a key or an item position, never the value. Values are compared by
:func:`match_key`, the term matcher's own key.

Imports: errors, redaction.placeholders (a data leaf).
"""

from __future__ import annotations

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.placeholders import RESERVED_WORDS, normalize, term_key

__all__ = ["MAX_ALIAS_WORDS", "MAX_VALUE_CHARS", "check_term", "check_value", "dedupe", "invalid", "match_key"]

MAX_VALUE_CHARS = 256
MAX_ALIAS_WORDS = 16


def invalid(detail: str) -> RedctxError:
    return RedctxError(Code.CONFIG_INVALID, detail=detail)


def match_key(value: str) -> str:
    """Matching identity: the term matcher's own key (fold, separator runs as one space)."""
    return term_key(value)


def dedupe(values: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    seen: set[str] = set()
    out = []
    for v in values:
        k = match_key(v)
        if k not in seen:
            seen.add(k)
            out.append(v)
    return tuple(out)


def check_value(value: object, where: str, *, words: bool = False) -> str:
    """Validate one configured term-like value; ``where`` names its position, never the value."""
    if not isinstance(value, str):
        raise invalid(f"{where}: value must be a string.")
    if not value.strip():
        raise invalid(f"{where}: value is empty.")
    if "\x00" in value:
        raise invalid(f"{where}: value contains a NUL character.")
    if len(value) > MAX_VALUE_CHARS:
        raise invalid(f"{where}: value exceeds {MAX_VALUE_CHARS} characters.")
    if words and len(value.split()) > MAX_ALIAS_WORDS:
        raise invalid(f"{where}: value exceeds {MAX_ALIAS_WORDS} words.")
    return value.strip()


def check_term(value: object, where: str) -> str:
    """A configured term: a valid value that is not a reserved placeholder word."""
    term = check_value(value, where)
    if normalize(term) in RESERVED_WORDS:
        raise invalid(f"{where}: value is a reserved placeholder word.")
    return term

