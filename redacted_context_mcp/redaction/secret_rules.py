"""All secret rules and the secret stage: format rows, context rows, then keyless shapes.

Every regex is linear: bounded quantifiers, no nested unbounded repeats.

Imports: redaction.secret_kit, redaction.secret_formats, redaction.secret_context,
redaction.secret_shape, redaction.spans.
"""

from __future__ import annotations

from collections.abc import Iterable

from redacted_context_mcp.redaction.secret_context import CONTEXT_RULES, find_context
from redacted_context_mcp.redaction.secret_formats import _GATES, FORMAT_RULES
from redacted_context_mcp.redaction.secret_kit import SecretRule
from redacted_context_mcp.redaction.secret_shape import find_keyless
from redacted_context_mcp.redaction.spans import Hit

__all__ = ["RULES_BY_ID", "SECRET_RULES", "SecretRule", "find_secrets"]

SECRET_RULES: tuple[SecretRule, ...] = FORMAT_RULES + CONTEXT_RULES
RULES_BY_ID: dict[str, SecretRule] = {r.id: r for r in SECRET_RULES}

_HEX_TABLE = bytes(0x78 if chr(i) in "0123456789abcdefABCDEF" else 0x20 for i in range(256))


def _hex_shape(text: str) -> bytes:
    """``text`` as bytes with every hex character as ``x`` and everything else as a space."""
    return text.encode("utf-8", "surrogatepass").translate(_HEX_TABLE)


def find_secrets(text: str, low: str, rules: Iterable[SecretRule] = SECRET_RULES) -> list[Hit]:
    """All secret hits in ``text`` (``low`` is its length-preserving lower-case form)."""
    hits: list[Hit] = []
    shape: bytes | None = None
    present: dict[str, bool] = {}
    for rule in rules:
        if rule.chars:
            for c in rule.chars:
                has = present.get(c)
                if has is None:
                    has = present[c] = c in text
                if has:
                    break
            else:
                continue
        if rule.gate:
            has = present.get(rule.gate)
            if has is None:
                has = present[rule.gate] = _GATES[rule.gate].search(text) is not None
            if not has:
                continue
        if rule.keywords:
            for k in rule.keywords:
                if k in low:
                    break
            else:
                continue
        if rule.min_hex_run:
            if shape is None:
                shape = _hex_shape(text)
            if b"x" * rule.min_hex_run not in shape:
                continue
        span = rule.span
        category, rid = rule.category, rule.id
        for m in rule.regex.finditer(low if rule.on_lower else text):
            sp = span(m, text)
            if sp is not None:
                hits.append(Hit(sp[0], sp[1], category, rid))
    if rules is SECRET_RULES:
        hits.extend(find_context(text, low))
        hits.extend(find_keyless(text, low, hits))
    return hits

