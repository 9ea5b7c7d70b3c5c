"""Which of a fixed set of letter-run keywords occur in a text, from its letter runs, remembered per run.

A keyword without ASCII non-letters or blanks occurs in a folded text exactly when it occurs inside
one of the text's runs between ASCII non-letters (``textview.letter_words``): no occurrence can
span a non-letter. Texts share most of their runs (prose repeats its vocabulary), so the keywords
inside each distinct run are found once and remembered; a text then costs two set operations in C
(its runs not seen yet, its runs holding a keyword) and the union of the few hits, instead of one
scan of its letters per keyword group.

Thread safety: the remembered state is one tuple, read once per call and only ever grown or
replaced whole, and a call unions what it learns itself, so a call racing a reset never misses
a keyword (it may learn a run twice).

Imports: redaction.secret_kit, redaction.textview.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_right
from collections.abc import Iterable, Set
from itertools import accumulate

from redacted_context_mcp.redaction.secret_kit import trie
from redacted_context_mcp.redaction.textview import parts

#: Runs remembered before the memory starts over (about 100 bytes each).
MAX_RUNS = 100_000
#: Longer runs are scanned every time and not remembered (hostile input must not fill the memory).
MAX_RUN_CHARS = 64

_State = tuple[set[str], dict[str, frozenset[str]], set[str]]  # (runs seen, run -> its hits, runs with a hit)


class RunHits:
    """The keywords of ``keywords`` (each one letter run of two characters or more: lower-case, no ASCII
    non-letter, no blank) inside a set of letter runs."""

    def __init__(self, keywords: Iterable[str]) -> None:
        kws = sorted(set(keywords))
        if any(len(k) < 2 or parts(k) != (k,) or k != k.lower() for k in kws):
            raise ValueError("a run keyword is one lower-case letter run of two characters or more")
        self.keywords = frozenset(kws)
        # at every position the longest keyword starting there (the trie tries longer first), and
        # from it every keyword that is a prefix of it
        self._rx = re.compile("(?=(" + trie(kws) + "))") if kws else None
        self._closure = {k: tuple(x for x in kws if k.startswith(x)) for k in kws}
        self._lock = threading.Lock()
        self._state: _State = (set(), {}, set())

    def _scan(self, run: str) -> frozenset[str]:
        if self._rx is None:
            return frozenset()
        found = self._rx.findall(run)
        if not found:
            return frozenset()
        closure = self._closure
        return frozenset(k for m in set(found) if m for k in closure[m])

    def present(self, runs: Set[str]) -> set[str]:
        """Every keyword that occurs inside one of ``runs`` (a set of lower-case letter runs)."""
        seen, hits, with_hits = self._state
        found: set[str] = set()
        if not runs <= seen:  # (no new set when every run is known: the usual case)
            found.update(*self._learn(runs - seen))
        hit = runs & with_hits
        if hit:
            found.update(*map(hits.__getitem__, hit))
        return found

    def _scan_all(self, runs: list[str]) -> list[frozenset[str]]:
        """``_scan`` of each run, from one scan of the runs joined by line breaks (no keyword holds one,
        so none spans two runs): one C-level pass instead of a call per run (a fresh process learns
        about 11,000 runs over the bench set, most without a hit)."""
        if self._rx is None or len(runs) < 2:
            return [self._scan(r) for r in runs]
        joined = "\n".join(runs)
        starts = list(accumulate([len(r) + 1 for r in runs], initial=0))
        found: dict[int, set[str]] = {}
        closure = self._closure
        for m in self._rx.finditer(joined):
            k = m.group(1)
            if k:
                found.setdefault(bisect_right(starts, m.start()) - 1, set()).update(closure[k])
        empty: frozenset[str] = frozenset()
        return [frozenset(found[i]) if i in found else empty for i in range(len(runs))]

    def _learn(self, runs: Set[str]) -> list[frozenset[str]]:
        """The hits of runs not seen yet (remembered when short enough)."""
        runs = list(runs)
        out = self._scan_all(runs)
        with self._lock:
            seen, hits, with_hits = self._state
            if len(seen) + len(runs) > MAX_RUNS:
                seen, hits, with_hits = self._state = (set(), {}, set())
            for r, h in zip(runs, out):
                if len(r) <= MAX_RUN_CHARS:
                    if h:
                        hits[r] = h
                        with_hits.add(r)
                    seen.add(r)  # after its hits: a reader that sees it seen finds them
        return [h for h in out if h]
