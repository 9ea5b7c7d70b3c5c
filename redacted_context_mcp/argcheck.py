"""Validate tool arguments against the JSON-Schema subset the tool table uses.

Supported keywords: ``type`` (object, string, integer, boolean, array), ``items``
(``{"type": "string"}``), ``required``, ``properties``, ``additionalProperties:
false``, ``enum``, ``minimum`` and ``default``. Failures raise
:class:`RedctxError` with the fixed argument-validation messages; checks run in a
fixed order (unexpected names, missing names, then each property in schema
order) so one bad call always reports the same first problem.

Imports: errors.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Mapping
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError

_EXPECTED = {
    "string": "a string",
    "integer": "an integer",
    "boolean": "a boolean",
    "array": "an array",
}


def _is_integer(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _check_type(name: str, kind: str, spec: Mapping[str, Any], value: Any) -> Any:
    """Return ``value`` (integral floats become ints) or raise ``BAD_TYPE``."""
    if kind == "string" and isinstance(value, str):
        return value
    if kind == "boolean" and isinstance(value, bool):
        return value
    if kind == "integer" and _is_integer(value):
        return int(value)
    if kind == "array" and isinstance(value, list):
        if spec.get("items", {}).get("type") == "string" and not all(isinstance(v, str) for v in value):
            raise RedctxError(Code.BAD_TYPE, name=name, expected="an array of strings")
        return list(value)
    if kind not in _EXPECTED:
        return value
    raise RedctxError(Code.BAD_TYPE, name=name, expected=_EXPECTED[kind])


_PARAM_SHAPE = re.compile(r"[a-z][a-z0-9_]{0,39}")
WITHHELD = "<unrecognized>"


def shown_name(name: str, props: Collection[str], vocabulary: Collection[str] = ()) -> str:
    """An unexpected argument name as it may appear in an error.

    Argument names come from the client and could be anything, including a raw
    value; only parameter-shaped names that are another tool's parameter or a
    near-miss of this tool's are echoed (``startline`` -> helpful), the rest are
    withheld.
    """
    if _PARAM_SHAPE.fullmatch(name) and (
        name in vocabulary or difflib.get_close_matches(name, list(props), n=1, cutoff=0.75)
    ):
        return name
    return WITHHELD


def validate(
    schema: Mapping[str, Any], args: Mapping[str, Any] | None, vocabulary: Collection[str] = ()
) -> dict[str, Any]:
    """Check ``args`` against ``schema`` and return a new dict with schema defaults filled in.

    ``vocabulary`` holds every parameter name the server knows; see :func:`shown_name`.
    """
    args = {} if args is None else args
    props: Mapping[str, Mapping[str, Any]] = schema.get("properties", {})
    if schema.get("additionalProperties") is False:
        unexpected = sorted({shown_name(k, props, vocabulary) for k in args if k not in props})
        if unexpected:
            raise RedctxError(Code.UNEXPECTED_ARGS, names=", ".join(unexpected))
    missing = [k for k in schema.get("required", ()) if k not in args]
    if missing:
        raise RedctxError(Code.MISSING_ARGS, names=", ".join(missing))
    out: dict[str, Any] = {}
    for name, spec in props.items():
        if name not in args:
            if "default" in spec:
                default = spec["default"]
                out[name] = list(default) if isinstance(default, list) else default
            continue
        value = _check_type(name, spec.get("type", ""), spec, args[name])
        if "enum" in spec and value not in spec["enum"]:
            raise RedctxError(Code.NOT_ONE_OF, name=name, choices=", ".join(str(c) for c in spec["enum"]))
        if "minimum" in spec and isinstance(value, int) and value < spec["minimum"]:
            raise RedctxError(Code.TOO_SMALL, name=name, minimum=spec["minimum"])
        out[name] = value
    for name, value in args.items():  # only reachable when additionalProperties is not false
        out.setdefault(name, value)
    return out
