"""A policy's configured values as term-matcher entries (clients, people, aliases, their parts).

Imports: config (types), redaction.placeholders, redaction.terms, redaction.wordlists.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from redacted_context_mcp.config import Policy
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.redaction.terms import TermEntry
from redacted_context_mcp.redaction.wordlists import Lexicon

_NAME_PART_SPLIT = re.compile(r"[\s_.\-]+")


def term_entries(policy: Policy, lexicon: Lexicon) -> list[TermEntry]:
    """Every configured value with its category and rule id, in the order the matcher prefers them."""
    entries = [TermEntry(a, g.category, "alias-form") for g in policy.aliases for a in g.aliases]
    entries += [TermEntry(v, "CLIENT", "term-client") for v in policy.clients]
    entries += [TermEntry(v, "ORG", "term-organization") for v in policy.organizations]
    entries += [TermEntry(v, "PERSON", "term-person") for v in policy.people]
    entries += [TermEntry(v, "SENSITIVE", "term-sensitive") for v in policy.sensitive_terms]
    entries += [TermEntry(v, "SENSITIVE", "root-alias") for v in policy.root_aliases]
    # Last, so every configured value and alias keeps its own category and placeholder.
    entries += [TermEntry(p, "PERSON", "person-part") for p in name_parts(policy.people, lexicon)]
    return entries


def name_parts(people: Sequence[str], lexicon: Lexicon) -> list[str]:
    """Given names and surnames of configured people, each redacted on its own.

    ``Quinn said`` must not leak because only ``Avery Quinn`` was configured. A part
    gets its own unrelated placeholder (no link is disclosed, unlike an alias group);
    parts that are common words (``Will``, ``Grace``) or shorter than 3 letters are
    skipped, so ordinary prose stays readable.
    """
    parts: list[str] = []
    for person in people:
        words = [w for w in _NAME_PART_SPLIT.split(person) if w]
        if len(words) < 2:
            continue
        for w in words:
            if len(w) >= 3 and w.isalpha() and not lexicon.is_generic(w) and w.casefold() not in ph.RESERVED_WORDS:
                parts.append(w)
    return parts
