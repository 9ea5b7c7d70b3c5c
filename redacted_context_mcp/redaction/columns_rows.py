"""Rows of a transposed Markdown table: the field in the first cell, a value per column after it
(personal round 12).

A tenancy contract or a case file lists its parties side by side::

    | Feld          | Mieter 1          | Mieter 2              |
    |---|---|---|
    | Name, Vorname | Brunner, Matthias | Keller Brunner, Anouk |
    | Geburtsdatum  | 14.03.1988        | 2. Juli 1991          |

``columns`` reads a header row's columns downwards; here each row below the rule whose first cell names a
personal column of ``columns.COLUMNS`` (``Name, Vorname``, ``Geburtsdatum``, ``AHV-Nummer``...; not the weak
words such as ``name`` or ``account`` that software tables use for anything) has every other cell redacted
with that column's category (a digit needed for identifier columns, a letter for name columns). A cell of
lexicon words only (a field list's ``string``, ``required``, ``2 copies``) is a description, not a value.

Imports: redaction.columns, redaction.spans, redaction.wordlists.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.columns import _MD_RULE, _NORM, _WEAK, _cells, _column_of
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW, Lexicon

#: How many rows below one rule are read, and how many rules of a text.
_MAX_ROWS = 64
_MAX_RULES = 64
_EMPTY = frozenset(("n/a", "none", "null", "-", "—", "–"))
_WORD = re.compile(r"[^\W\d_]+")
_LEX = Lexicon()
#: Inflected words are looked up through the lexicon's suffix stripping (``required``), other words as they are
#: (the stripping reads ``Huber`` as hub-er).
_INFLECTED = ("ed", "ing", "ly")


def _described(value: str, digit: bool) -> bool:
    """A cell of lexicon words (and, for an identifier column, fewer than four digits): no value."""
    if digit and sum(c.isdigit() for c in value) >= 4:
        return False
    words = _WORD.findall(value.lower())
    return bool(words) and all(w in BUILTIN_ALLOW or (w.endswith(_INFLECTED) and _LEX.is_generic(w))
                                  for w in words)


def find_transposed(text: str) -> list[Hit]:
    """Hits for the value cells of the personal rows of transposed Markdown tables (the caller gates on
    ``|`` and ``---``)."""
    hits: list[Hit] = []
    for n, m in enumerate(_MD_RULE.finditer(text)):
        if n >= _MAX_RULES:
            break
        pos = text.find("\n", m.end())
        rows = 0
        while pos >= 0 and rows < _MAX_ROWS and text.startswith("|", pos + 1):
            start = pos + 1
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            line = text[start:end]
            cells = _cells(line, "|")[1:]  # the empty cell before the leading "|"
            if cells and cells[-1][0] == cells[-1][1]:
                cells.pop()  # and the one after the closing "|"
            if len(cells) >= 2:
                s0, e0 = cells[0]
                key = _NORM.sub(" ", line[s0:e0].strip("*` ").lower()).strip()
                col = _column_of(key) if key and key not in _WEAK else None
                if col is not None and col[0] not in _WEAK:
                    cat, digit = col[1]
                    for s, e in cells[1:]:
                        value = line[s:e].strip("*` ")
                        if value and value.lower() not in _EMPTY and (
                                any(c.isdigit() for c in value) if digit else any(c.isalpha() for c in value)) \
                                and not _described(value, digit):
                            hits.append(Hit(start + s, start + e, cat, "table-column"))
            rows += 1
            pos = end if end < len(text) else -1
    return hits
