"""Span bookkeeping: collect candidate hits per stage, resolve overlaps once.

Stages are applied in priority order. A hit that overlaps nothing is kept; a
hit inside an already claimed span is dropped; a hit that partly overlaps
claimed spans keeps only its uncovered remainders (edge ASCII whitespace and
punctuation trimmed, allow-listed or empty remainders dropped), so no raw
part of a value survives because a higher-priority stage took a piece of it.

Imports: nothing from the package.
"""

from __future__ import annotations

import string
from bisect import bisect_right
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import NamedTuple

PLACEHOLDER_CATEGORY = ""  # category of an existing placeholder: kept verbatim, never counted

_EDGE = string.whitespace + string.punctuation
#: Symbols a password ends with that a rule trimming sentence punctuation may cut off (round 10).
_PW_SYMBOLS = "!#$%&*+?@^~"


class Hit(NamedTuple):
    """A candidate span. ``value`` is what the placeholder is derived from (None: the text slice)."""

    start: int
    end: int
    category: str
    rule: str
    value: str | None = None


_START = itemgetter(0)
_END = itemgetter(1)


#: ``new_hit(Hit, (start, end, category, rule, value))`` builds a Hit without the Python-level
#: ``Hit.__new__`` frame; hot loops use it (all five fields must be given).
new_hit = tuple.__new__


class Claims:
    """Non-overlapping accepted hits, kept sorted by start (``starts``/``ends`` run parallel to ``hits``)."""

    __slots__ = ("_is_allowed", "ends", "hits", "starts", "text")

    def __init__(self, text: str, is_allowed: Callable[[str], bool]) -> None:
        self.text = text
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.hits: list[Hit] = []
        self._is_allowed = is_allowed

    def free(self, start: int, end: int) -> bool:
        """True when nothing claimed overlaps ``[start, end)``."""
        i = bisect_right(self.starts, start) - 1
        if i >= 0 and self.ends[i] > start:
            return False
        return i + 1 >= len(self.starts) or self.starts[i + 1] >= end

    def covers(self, start: int, end: int) -> bool:
        """True when one claimed span contains all of ``[start, end)``."""
        i = bisect_right(self.starts, start) - 1
        return i >= 0 and self.ends[i] >= end

    def covered(self, pos: int) -> bool:
        i = bisect_right(self.starts, pos) - 1
        return i >= 0 and self.ends[i] > pos

    def add_stage(self, hits: Iterable[Hit]) -> None:
        """Place one stage's hits: leftmost first, longer first at the same start."""
        if hits:  # most stages find nothing in most texts (a generator is always truthy)
            self._add(hits)

    def add_stages(self, stages: Iterable[Iterable[Hit]]) -> None:
        """Place several stages in priority order, each as :meth:`add_stage` would (one call per text)."""
        add = self._add
        for hits in stages:
            if hits:
                add(hits)

    def _add(self, hits: Iterable[Hit]) -> None:
        if type(hits) is not list or len(hits) > 1:
            # Two stable C-level sorts equal one sort on (start, -end), without a key function per hit.
            hits = sorted(hits, key=_END, reverse=True)
            hits.sort(key=_START)
        starts, ends, placed = self.starts, self.ends, self.hits
        last = ends[-1] if ends else -1  # the end of the last claimed span (spans are disjoint)
        for hit in hits:
            start = hit[0]
            end = hit[1]
            if start >= last:  # after everything claimed so far
                if end > start:
                    starts.append(start)
                    ends.append(end)
                    placed.append(hit)
                    last = end
                continue
            if end <= start:
                continue
            i = bisect_right(starts, start)
            if i and ends[i - 1] > start:
                if ends[i - 1] < end:
                    self.place(hit)
                    last = ends[-1]
                # else inside a claimed span
            elif starts[i] >= end:  # i < len(starts): start < last, so a span starts after it
                starts.insert(i, start)
                ends.insert(i, end)
                placed.insert(i, hit)
            else:
                self.place(hit)
                last = ends[-1]

    def place(self, hit: Hit) -> None:
        start, end = hit.start, hit.end
        if end <= start:
            return
        starts, ends = self.starts, self.ends
        i = bisect_right(starts, start) - 1
        j = i if i >= 0 and ends[i] > start else i + 1
        if j >= len(starts) or starts[j] >= end:
            self._insert(j, hit)
            return
        # Partial overlap: keep the uncovered pieces.
        pieces = []
        pos = start
        k = j
        while k < len(starts) and starts[k] < end:
            if starts[k] > pos:
                pieces.append((pos, starts[k]))
            pos = max(pos, ends[k])
            k += 1
        if pos < end:
            pieces.append((pos, end))
        for s, e in pieces:
            self._place_remainder(hit, s, e)

    def _place_remainder(self, hit: Hit, s: int, e: int) -> None:
        piece = self.text[s:e]
        stripped = piece.strip(_EDGE)
        if not stripped or not any(c.isalnum() for c in stripped):
            if hit.category == "SECRET" and 0 < len(piece) <= 3 and not piece.strip(_PW_SYMBOLS):
                self._insert_piece(hit, s, e)  # Rq77! cut to Rq77 by a prose rule: the "!" is the secret's too
            return
        s += len(piece) - len(piece.lstrip(_EDGE))
        e = s + len(stripped)
        if hit.category != "SECRET" and self._is_allowed(stripped):
            return
        self.place(Hit(s, e, hit.category, hit.rule))

    def _insert_piece(self, hit: Hit, s: int, e: int) -> None:
        i = bisect_right(self.starts, s)
        if (not i or self.ends[i - 1] <= s) and (i >= len(self.starts) or self.starts[i] >= e):
            self._insert(i, Hit(s, e, hit.category, hit.rule))

    def _insert(self, j: int, hit: Hit) -> None:
        self.starts.insert(j, hit.start)
        self.ends.insert(j, hit.end)
        self.hits.insert(j, hit)

    def ordered(self) -> list[Hit]:
        """The accepted hits by start (the live list: do not modify)."""
        return self.hits
