"""Path components: split off dots and extensions, find leftover name-like words.

Rule (file names are short and meaningful): after the content detectors
and configured terms ran on a component, every remaining word that is not a
known common/technical word, a number, a date, a version or a short (<= 2
ASCII letter) token is redacted (so non-Latin names such as ``李明`` are too);
adjacent such words joined by ``_ - .`` or spaces form one value. Leading
dots, known extensions, numbers and generic words stay readable, so ``2024-01-15_meeting-notes.md`` is unchanged while
``john_smith_contract.md`` becomes ``[ENTITY_…]_contract.md``.

Imports: redaction.spans, redaction.wordlists.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.wordlists import TECH, Lexicon

_EXT = re.compile(r"(?:\.[A-Za-z0-9]{1,8}){1,2}$")
_WORD = re.compile(r"[^\W_]+")
_HUMPS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+|[^\W\d_A-Za-z]+")
_VIEW = str.maketrans({"_": " ", "-": " "})
_VERSIONISH = re.compile(r"[vVrRqQhHpP]\d+|\d+(?:st|nd|rd|th|[kKmMgGbBxX]|px|ms|s|am|pm|fps|mb|gb|kb)?", re.IGNORECASE)


def split_component(comp: str) -> tuple[str, str, str]:
    """(leading dots, stem, extension) of one path component."""
    body = comp.lstrip(".")
    lead = comp[: len(comp) - len(body)]
    ext = ""
    m = _EXT.search(body)
    if m and m.start() > 0:
        parts = m.group().split(".")[1:]
        kept = []
        for part in reversed(parts):
            if part.lower() in TECH or (len(part) <= 4 and any(c.isalpha() for c in part) and part.isalnum()):
                kept.append(part)
            else:
                break
        if kept:
            ext = "." + ".".join(reversed(kept))
    stem = body[: len(body) - len(ext)]
    return lead, stem, ext


def view(stem: str) -> str:
    """The stem with ``_`` and ``-`` as spaces (same length) so word stages see prose."""
    return stem.translate(_VIEW)


def _word_is_readable(word: str, lexicon: Lexicon) -> bool:
    if word.isdigit() or _VERSIONISH.fullmatch(word):
        return True
    for hump in _HUMPS.findall(word):
        # Two ASCII letters are initials or abbreviations; two CJK characters can be a whole name.
        if hump.isdigit() or (len(hump) <= 2 and hump.isascii()):
            continue
        if not lexicon.is_generic(hump):
            return False
    return True


def leftover_words(stem: str, covered, lexicon: Lexicon) -> list[Hit]:
    """ENTITY hits for runs of name-like words not already covered by another stage."""
    hits: list[Hit] = []
    cur: list[int] | None = None
    for m in _WORD.finditer(stem):
        s, e = m.span()
        if covered(s) or _word_is_readable(m.group(), lexicon):
            if cur:
                hits.append(Hit(cur[0], cur[1], "ENTITY", "path-word"))
            cur = None
            continue
        if cur and all(c in " _-." for c in stem[cur[1]:s]):
            cur[1] = e
        else:
            if cur:
                hits.append(Hit(cur[0], cur[1], "ENTITY", "path-word"))
            cur = [s, e]
    if cur:
        hits.append(Hit(cur[0], cur[1], "ENTITY", "path-word"))
    return hits
