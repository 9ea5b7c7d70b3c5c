"""Upstream JSON Schemas: redact their prose, and check a redacted result still fits.

:func:`redact_schema` redacts the human-facing strings of a schema (``title``,
``description``, ``default``, ``examples``, ``enum``, ``const``) and its property
names (in ``properties`` and ``required``), and keeps the rest of the structure (types,
``$ref``, ``$defs`` names) as it is. Placeholders are deterministic, so a redacted value
still matches its redacted enum and a redacted result key its redacted property name.

:func:`still_valid` walks a raw ``structuredContent`` and its redacted copy against
the ``outputSchema``: a string that redaction changed is acceptable unless its
schema location constrains it by ``pattern``, ``format`` or ``maxLength`` (the
proxy never runs an upstream regex; a changed value under a pattern counts as
broken). Local ``#/$defs`` and ``#/definitions`` references are followed; ``anyOf``,
``oneOf`` and ``allOf`` branches all count (conservative).

Imports: nothing from the package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_DEPTH = 64
_PROSE = frozenset({"title", "description", "default", "examples", "enum", "const"})
_BRANCHES = ("anyOf", "oneOf", "allOf")
_CONSTRAINTS = ("pattern", "format")


def redact_schema(text: Callable[[Any], Any], sch: Any, depth: int = 0) -> Any:
    """A copy of ``sch`` with its prose values passed through ``text`` (a value redactor)."""
    if depth >= MAX_DEPTH:
        return {}
    if isinstance(sch, list):
        return [redact_schema(text, s, depth + 1) for s in sch]
    if not isinstance(sch, dict):
        return sch
    out: dict[str, Any] = {}
    for k, v in sch.items():
        if k in _PROSE:
            out[k] = text(v)
        elif k == "properties" and isinstance(v, dict):  # names redacted as result keys are: they match
            out[k] = {text(name) if isinstance(name, str) else name: redact_schema(text, s, depth + 1)
                      for name, s in v.items()}
        elif k == "required" and isinstance(v, list):
            out[k] = [text(name) if isinstance(name, str) else name for name in v]
        elif k in ("patternProperties", "$defs", "definitions", "dependentSchemas"):
            out[k] = ({name: redact_schema(text, s, depth + 1) for name, s in v.items()}
                      if isinstance(v, dict) else v)
        else:
            out[k] = redact_schema(text, v, depth + 1)
    return out


class _Ctx:
    def __init__(self, root: Any) -> None:
        self.root = root if isinstance(root, dict) else {}

    def resolve(self, sch: Any, depth: int = 0) -> list[dict]:
        """``sch`` and every branch or local reference reachable from it, flattened."""
        if not isinstance(sch, dict) or depth > 8:
            return []
        out = [sch]
        ref = sch.get("$ref")
        if isinstance(ref, str):
            for prefix in ("#/$defs/", "#/definitions/"):
                if ref.startswith(prefix):
                    defs = self.root.get(prefix[2:-1])
                    if isinstance(defs, dict):
                        out += self.resolve(defs.get(ref[len(prefix):]), depth + 1)
        for key in _BRANCHES:
            branches = sch.get(key)
            if isinstance(branches, list):
                for b in branches:
                    out += self.resolve(b, depth + 1)
        return out


def child(sch: Any, key: str, root: Any = None) -> Any:
    """The subschema for property ``key`` (``None`` when the schema says nothing)."""
    ctx = _Ctx(root if root is not None else sch)
    subs = []
    for s in ctx.resolve(sch):
        props = s.get("properties")
        if isinstance(props, dict) and key in props:
            subs.append(props[key])
        elif isinstance(s.get("additionalProperties"), dict):
            subs.append(s["additionalProperties"])
    return _merge(subs)


def item(sch: Any, root: Any = None) -> Any:
    ctx = _Ctx(root if root is not None else sch)
    subs = [s["items"] for s in ctx.resolve(sch) if isinstance(s.get("items"), dict)]
    return _merge(subs)


def _merge(subs: list[Any]) -> Any:
    if not subs:
        return None
    if len(subs) == 1:
        return subs[0]
    return {"anyOf": subs}


def still_valid(raw: Any, red: Any, sch: Any) -> bool:
    """Whether the redacted copy keeps every constraint the raw value had to meet."""
    return _walk(raw, red, sch, _Ctx(sch), 0)


def _walk(raw: Any, red: Any, sch: Any, ctx: _Ctx, depth: int) -> bool:
    if depth >= MAX_DEPTH:
        return False
    if isinstance(raw, str):
        if not isinstance(red, str):
            return False
        if raw == red:
            return True
        for s in ctx.resolve(sch):
            if any(k in s for k in _CONSTRAINTS):
                return False
            limit = s.get("maxLength")
            if isinstance(limit, int) and len(red) > limit:
                return False
        return True
    if isinstance(raw, dict):
        if not isinstance(red, dict) or len(raw) != len(red):
            return False
        for (k, v), (rk, rv) in zip(raw.items(), red.items()):
            if k != rk and _keys_constrained(sch, ctx):
                return False
            sub = child(sch, k, ctx.root)
            if not _walk(v, rv, sub, ctx, depth + 1):
                return False
        return True
    if isinstance(raw, list):
        if not isinstance(red, list) or len(raw) != len(red):
            return False
        sub = item(sch, ctx.root)
        return all(_walk(a, b, sub, ctx, depth + 1) for a, b in zip(raw, red))
    return raw == red


def _keys_constrained(sch: Any, ctx: _Ctx) -> bool:
    """A changed key breaks the schema when key names are shaped (``propertyNames``, ``patternProperties``).

    Declared property names are redacted like the keys, so ``additionalProperties: false`` still holds.
    """
    for s in ctx.resolve(sch):
        if "propertyNames" in s or "patternProperties" in s:
            return True
    return False
