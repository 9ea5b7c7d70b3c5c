"""One value, one placeholder: the category of a heuristic hit, decided from its value alone.

A heuristic hit (name, strict word, handle, login, path word) does not keep the
category of the rule that caught it, so an agent following a person across files,
calls, modes and orders always meets the same placeholder: a value that is a
configured term (or an alias, or a part of a configured person) takes the configured
category and spelling; an ``@handle`` stays HANDLE; letters only (with spaces, dots,
hyphens, underscores, apostrophes) is PERSON, except an all-capitals single word (an
acronym) which is ENTITY; anything else (digits, symbols) is HANDLE. Because nothing
depends on what was redacted before, the in-memory index and caches never hold a
placeholder that a later file would "upgrade".

Imports: redaction.spans, redaction.terms.
"""

from __future__ import annotations

from collections.abc import Mapping

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import TermEntry, term_key

#: Categories the precedence may change (heuristic rules only).
SETTLED = frozenset({"PERSON", "ENTITY", "HANDLE", "ORG"})
#: Rules of configured values: their hits already carry the configured category and spelling.
CONFIGURED_RULES = frozenset({"term-client", "term-organization", "term-person", "term-sensitive", "root-alias",
                              "alias-form", "person-part"})
_NAME_JOINERS = frozenset(" '’.,-_\t")
MEMO_CAP = 500_000

#: ``(category, placeholder value or None)`` per raw value, as :func:`decide` returns it.
Winner = tuple[str, "str | None"]


def decide(by_key: Mapping[str, TermEntry], category: str, raw: str) -> Winner:
    """The (category, placeholder value) of a heuristic hit of ``category`` on ``raw``."""
    entry = by_key.get(term_key(raw[1:] if raw.startswith("@") else raw))
    if entry is not None:
        return entry.category, entry.value
    if category == "ORG":
        return category, None
    if raw.startswith("@"):
        return "HANDLE", None
    if any(c.isalpha() for c in raw) and all(c.isalpha() or c in _NAME_JOINERS for c in raw):
        if raw.isupper() and " " not in raw and sum(c.isalpha() for c in raw) >= 2:
            return "ENTITY", None
        return "PERSON", None
    return "HANDLE", None


def settle(text: str, hits: list[Hit], by_key: Mapping[str, TermEntry], winners: dict[str, Winner]) -> list[Hit]:
    """``hits`` with the precedence applied to every heuristic hit; ``winners`` memoizes decisions."""
    out = hits
    for i, h in enumerate(hits):
        if h[2] not in SETTLED or h[3] in CONFIGURED_RULES:
            continue
        raw = text[h[0]:h[1]] if h[4] is None else h[4]
        w = winners.get(raw)
        if w is None:
            w = decide(by_key, h[2], raw)
            if len(winners) < MEMO_CAP:
                winners[raw] = w
        if w[0] != h[2] or w[1] is not None:
            if out is hits:
                out = list(hits)
            out[i] = Hit(h[0], h[1], w[0], h[3], w[1] if w[1] is not None else h[4])
    return out
