"""Configured terms and alias forms: one compiled trie regex over folded text.

Matching is case-insensitive (on the length-preserving folded text from
:func:`fold`), space/tab/``_``/``-`` are interchangeable between words, the
longest term wins at a position, and a term matches only where its
neighbours are not ASCII letters or digits. Folding maps ``İ ı ſ K`` to
ASCII first, so (as with a case-insensitive check) those four count as
ASCII letters at the boundary: a configured ``Ali`` is not redacted in ``Aliİ``.

A trie of the folded terms compiles to a regex whose cost per position is
one branch on the next character, so 200 terms run about as fast as one.

Imports: redaction.placeholders (the one fold and term key), redaction.spans.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from redacted_context_mcp.redaction.placeholders import SEP_PATTERN, collapse, fold, term_key
from redacted_context_mcp.redaction.spans import Hit, new_hit

__all__ = ["TermEntry", "TermMatcher", "collapse", "fold", "term_key", "trie_pattern"]

_ALNUM_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


_CLASS_TABLE = bytes(0x61 if 97 <= i <= 122 else 0x41 if 65 <= i <= 90 else 0x64 if 48 <= i <= 57 else i
                     for i in range(256))


def ascii_classes(text: str) -> bytes | None:
    """ASCII ``text`` with a-z as ``a``, A-Z as ``A``, 0-9 as ``d`` (offsets kept); None for other text.

    Scans for a character class become scans for one literal there, which the regex engine skips
    to in C instead of testing the class at every character.
    """
    return text.encode("ascii").translate(_CLASS_TABLE) if text.isascii() else None


class TermEntry(NamedTuple):
    value: str  # the configured spelling: the placeholder is derived from it
    category: str
    rule: str


def trie_pattern(keys: list[str]) -> str:
    root: dict = {}
    for key in keys:
        node = root
        for ch in key:
            node = node.setdefault(ch, {})
        node[""] = {}

    def piece(ch: str) -> str:
        return SEP_PATTERN if ch == " " else re.escape(ch)

    def emit(node: dict) -> str:
        # Collapse single-child chains into one literal run to keep nesting shallow.
        out = []
        while len(node) == 1 and "" not in node:
            (ch, child), = node.items()
            out.append(piece(ch))
            node = child
        if not node or list(node) == [""]:
            return "".join(out)
        optional = "" in node
        alts = [piece(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return "".join(out) + ("(?:" + body + ")?" if optional else body)

    return emit(root)


class TermMatcher:
    """Finds configured terms (first configured category wins for duplicates)."""

    def __init__(self, entries: list[TermEntry]) -> None:
        self.by_key: dict[str, TermEntry] = {}
        for entry in entries:
            key = term_key(entry.value)
            if key and any(c.isalnum() for c in key) and key not in self.by_key:
                self.by_key[key] = entry
        self.regex: re.Pattern[str] | None = None
        self._scan: re.Pattern[str] | None = None
        if self.by_key:
            pattern = trie_pattern(sorted(self.by_key))
            self.regex = re.compile(r"(?<![a-z0-9])(?:" + pattern + r")(?![a-z0-9])")
            # The lookbehind makes the regex engine try every position; consuming the boundary
            # character instead lets it skip ahead. That finds the same matches except a term
            # starting right where the previous one ended, which needs a key ending and a key
            # starting with a character other than [a-z0-9]: keep the plain scan for those.
            edge = _ALNUM_ASCII.__contains__
            if all(edge(k[0]) for k in self.by_key) or all(edge(k[-1]) for k in self.by_key):
                self._scan = re.compile(r"[^a-z0-9](" + pattern + r")(?![a-z0-9])")

    def __len__(self) -> int:
        return len(self.by_key)

    def find(self, low: str) -> list[Hit]:
        """Hits over ``low`` (the folded text); ``value`` is the configured spelling."""
        if self.regex is None:
            return []
        if self._scan is None:
            return self._hits(self.regex.finditer(low), 0)
        head = self.regex.match(low)  # position 0 has no boundary character to consume
        if head is None:
            return self._hits(self._scan.finditer(low), 1)
        return self._hits((head,), 0) + self._hits(self._scan.finditer(low, head.end()), 1)

    def _hits(self, matches: Iterable[re.Match[str]], grp: int) -> list[Hit]:
        by_key = self.by_key
        hits: list[Hit] = []
        append = hits.append
        for m in matches:
            g = m.group(grp)
            entry = by_key.get(g)  # keys hold single spaces only, so most matches are keys already
            if entry is None:
                entry = by_key.get(collapse(g))
                if entry is None:
                    continue
            s, e = m.span(grp)
            append(new_hit(Hit, (s, e, entry.category, entry.rule, entry.value)))
        return hits
