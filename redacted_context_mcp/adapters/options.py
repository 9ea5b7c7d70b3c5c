"""``key=value,key=value`` adapter options, checked against a declared table.

Errors name the detector and a known option, never a given value or an
unknown key (either may be private text).

Imports: errors.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError

_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


def fail(detector: str, detail: str) -> RedctxError:
    return RedctxError(Code.DETECTOR_START, detail=f"{detector}: {detail}")


def as_bool(detector: str, key: str) -> Callable[[str], bool]:
    def parse(v: str) -> bool:
        low = v.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise fail(detector, f"{key} must be true or false.")

    return parse


def as_float01(detector: str, key: str) -> Callable[[str], float]:
    def parse(v: str) -> float:
        try:
            x = float(v)
        except ValueError:
            raise fail(detector, f"{key} must be a number between 0 and 1.") from None
        if not 0.0 <= x <= 1.0:
            raise fail(detector, f"{key} must be a number between 0 and 1.")
        return x

    return parse


def as_int(detector: str, key: str, minimum: int) -> Callable[[str], int]:
    def parse(v: str) -> int:
        try:
            x = int(v)
        except ValueError:
            raise fail(detector, f"{key} must be an integer.") from None
        if x < minimum:
            raise fail(detector, f"{key} must be at least {minimum}.")
        return x

    return parse


def parse_options(detector: str, argument: str | None, table: Mapping[str, Callable[[str], Any]]) -> dict[str, Any]:
    """Parse ``argument`` with one parser per allowed key; unknown or repeated keys fail."""
    out: dict[str, Any] = {}
    if argument is None or not argument.strip():
        return out
    for part in argument.split(","):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in table:
            raise fail(detector, f"options are key=value pairs with keys {', '.join(table)}.")
        if key in out:
            raise fail(detector, f"option {key} is given twice.")
        out[key] = table[key](value.strip())
    return out
