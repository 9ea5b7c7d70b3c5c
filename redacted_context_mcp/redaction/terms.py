"""Configured terms and alias forms: one compiled trie regex over folded text.

Matching is case-insensitive (on the length-preserving folded text from
:func:`fold`), space/tab/``_``/``-`` are interchangeable between words, the
longest term wins at a position, and a term matches only where its
neighbours are not ASCII letters or digits. Folding maps ``İ ı ſ K`` to
ASCII first, so (as with a case-insensitive check) those four count as
ASCII letters at the boundary: a configured ``Ali`` is not redacted in ``Aliİ``.

The key set compiles to one trie regex (:mod:`redaction.term_compile`), so 200
terms run about as fast as one. When every term that can occur in ASCII text starts with a-z, a caller holding
the letter-run view has an ASCII text answered from its runs: none starts a term
(no scan at all), or the regex is tried only where such a run starts (see
:meth:`TermMatcher._lead_hits`); without the view, an ASCII text is scanned over
its title-cased view when every term starts with a-z (see
:func:`redaction.term_compile._title_form`: the regex engine skips to word starts).

A large key set compiles once per process and set (see :class:`TermMatcher`): a config edit
that adds a few terms to a large set is served at once, the rest is built in the background.

Imports: redaction.placeholders (the one fold and term key), redaction.spans, redaction.term_compile,
redaction.textview, errors.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterable
from typing import NamedTuple

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.placeholders import collapse, fold, term_key
from redacted_context_mcp.redaction.spans import Hit, new_hit
from redacted_context_mcp.redaction.term_compile import (
    TITLE,
    Compiled,
    Layered,
    base_for,
    lower_priority,
    recall,
    remember,
    scan_exact,
    trie_pattern,
)
from redacted_context_mcp.redaction.textview import _NON_LETTER, Words

__all__ = ["TermEntry", "TermMatcher", "collapse", "fold", "term_key", "trie_pattern"]

_ALNUM_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


_DIGITS = frozenset("0123456789")
_LOWER_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz")
#: A text in which more than one letter run in this many starts a key is scanned instead (each
#: such run costs a find and a match; the scan costs about the same per word start).
_LEAD_SHARE = 4
_SPAN = re.Match.span
#: Key sets up to this size compile in the constructor; larger ones compile on a background thread
#: (about 0.1 ms per key), unless they only add this many keys to a set compiled before.
SYNC_KEYS = 4000
#: Matched spellings memoised per matcher (a bound, so hostile text cannot grow the memo forever).
_TAILS_CAP = 100_000
#: (category, rule, value, lead runs after the first) of a matched text; category None: no key.
_LeadEntry = tuple[str | None, str | None, str | None, int]

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


class TermMatcher:
    """Finds configured terms (first configured category wins for duplicates).

    Construction never compiles a large key set on the caller's thread: a set seen before is
    reused, a set that adds at most :data:`SYNC_KEYS` keys to one seen before is served by the
    two layered (exactly the same matches) while the union compiles in the background, and any
    other large set compiles in the background while :meth:`find` waits for it (never matching
    without every configured term). :meth:`wait` lets a caller fail closed instead.
    """

    def __init__(self, entries: list[TermEntry], *, background: bool = True) -> None:
        self.by_key: dict[str, TermEntry] = {}
        self._tails: dict[str, tuple[str, ...]] = {}
        self._lead_memo: dict[str, _LeadEntry] = {}
        for entry in entries:
            key = term_key(entry.value)
            if key and any(c.isalnum() for c in key) and key not in self.by_key:
                self.by_key[key] = entry
        self._impl: Compiled | Layered | None = None
        self._ready = threading.Event()
        self._failed = False
        self.state = "ready"  # ready | layered | loading | failed (doctor)
        self.build_seconds = 0.0  # CPU time of the last compile of this set (doctor, benchmark)
        keys = frozenset(self.by_key)
        if not keys:
            self._ready.set()
            return
        got = recall(keys)
        if got is not None:
            self._impl = got
        elif len(keys) <= SYNC_KEYS or not background:
            self._impl = self._compile(keys)
        else:
            base = base_for(keys, SYNC_KEYS) if scan_exact(keys) else None
            if base is not None:
                self._impl = Layered(base, self._compile(keys - base.keys, keep=False))
                self.state = "layered"
            else:
                self.state = "loading"
            threading.Thread(target=self._background, args=(keys,), name="redctx-terms", daemon=True).start()
            if base is None:
                return
        self._ready.set()

    def _compile(self, keys: frozenset[str], *, keep: bool = True) -> Compiled:
        t0 = time.process_time()
        comp = Compiled(keys)
        self.build_seconds = time.process_time() - t0
        if keep:
            remember(comp)
        return comp

    def _background(self, keys: frozenset[str]) -> None:
        lower_priority()
        try:
            comp = self._compile(keys)
        except Exception:  # noqa: BLE001 - a term set the regex engine refuses: fail closed on use
            self._failed = True
            self.state = "failed"
        else:
            self._impl = comp
            self.state = "ready"
        self._ready.set()

    def __len__(self) -> int:
        return len(self.by_key)

    def wait(self, timeout: float | None) -> bool:
        """Whether every configured term can be matched now (waiting up to ``timeout`` seconds)."""
        return self._ready.wait(timeout)

    @property
    def regex(self) -> re.Pattern[str] | None:
        """The plain lookbehind regex of the whole set (tests compare the fast scan with it).

        ``None`` before the set is compiled and for a layered matcher; compiled on first use
        when the scan form is the one that serves :meth:`find`.
        """
        impl = self._impl
        return impl.plain() if isinstance(impl, Compiled) else None

    def find(self, low: str, words: Words | None = None) -> list[Hit]:
        """Hits over ``low`` (the folded text); ``value`` is the configured spelling.

        ``words`` is ``textview.letter_words(low)`` when the caller has it: an ASCII text none of
        whose letter runs starts a key is answered without a scan (a set test), any other ASCII
        text by trying the regex where such a run starts (:meth:`_lead_hits`)."""
        if not self.by_key:
            return []
        impl = self._impl
        if impl is None:
            self._ready.wait()
            impl = self._impl
        if impl is None or self._failed:
            raise RedctxError(Code.POLICY_LOADING)
        if words is not None and impl.firsts is not None and low.isascii():
            if impl.firsts.isdisjoint(words.set):
                return []
            hits = self._lead_hits(low, words.seq, impl)
            if hits is not None:
                return hits
        matches, shift = impl.finditer(low)
        if shift == TITLE:
            hits = self._title_hits(matches, low)
            if hits is not None:
                return hits
            matches, shift = impl.finditer(low, title=False)
        return self._hits(matches, shift)

    def _lead_hits(self, low: str, seq: list[str], comp: Compiled) -> list[Hit] | None:
        """Hits of an ASCII text from its letter runs in order (``seq``); None: let the scan decide.

        Every match starts with a whole letter run that is the leading run of a key (see
        ``Compiled.firsts``), so the scan form is tried only where such a run starts, found by
        ``str.find`` from the previous one onwards. Runs inside a match are skipped as the scan
        skips them: the same leftmost-first matches, at a few dozen positions instead of every
        word start. A text where such runs are a large share of all runs is left to the scan.

        ``find`` can stop early inside a longer run (``lane`` in ``planet``); the scan cannot match
        there (no boundary before, or a longer run that would be a lead run listed earlier), so
        only a position where the scan fails is checked (:meth:`_lead_at`).
        """
        firsts = comp.firsts
        scan = comp.scan
        if firsts is None or scan is None:  # a key that starts and one that ends with a non-ASCII character
            return None
        leads = list(filter(firsts.__contains__, seq))
        if len(leads) * _LEAD_SHARE > len(seq):
            return None
        find = low.find
        match = scan.match
        memo = self._lead_memo
        hits: list[Hit] = []
        append = hits.append
        pos = skip = 0
        for w in leads:
            if skip:  # a lead run inside the previous match
                skip -= 1
                continue
            i = find(w, pos)
            m = match(low, i - 1) if i > 0 else None
            if m is not None:  # group 1 starts at i and ends with the match (the lookahead is empty)
                s = i
                e = m.end()
            else:
                i, s, e = self._lead_at(low, w, i, match)
                if i < 0:
                    return None
                if s < 0:  # the run starts no key
                    pos = i + len(w)
                    continue
            g = low[s:e]
            got = memo.get(g)
            if got is None:
                got = self._lead_entry(g, firsts)
            category, rule, value, skip = got
            if category is not None:
                append(new_hit(Hit, (s, e, category, rule, value)))
            pos = e
        return hits

    @staticmethod
    def _lead_at(low: str, w: str, i: int, match) -> tuple[int, int, int]:
        """(start, match start, match end) of the first whole run ``w`` at or after ``i`` (a find
        result); the match is (-1, -1) when none starts there, the start -1 when there is no such run."""
        letters = _LOWER_ASCII
        while i >= 0:
            end = i + len(w)
            if (not i or low[i - 1] not in letters) and low[end:end + 1] not in letters:
                m = match(low, i - 1) if i else match(" " + low)
                if m is None:
                    return i, -1, -1
                s, e = m.span(1)
                return (i, s, e) if i else (i, s - 1, e - 1)
            i = low.find(w, i + 1)
        return -1, -1, -1

    def _lead_entry(self, g: str, firsts: frozenset[str]) -> _LeadEntry:
        """(category, rule, value, lead runs after the first) of a matched text, memoised
        (category None: the text is no key)."""
        tail = self._tails.get(g)
        if tail is None:
            tail = self._tail(g)
        skip = sum(1 for run in g.translate(_NON_LETTER).split() if run in firsts) - 1
        got: _LeadEntry = (*tail, skip) if tail else (None, None, None, skip)
        if len(self._lead_memo) < _TAILS_CAP:
            self._lead_memo[g] = got
        return got

    def _title_hits(self, matches: Iterable[re.Match[str]], low: str) -> list[Hit] | None:
        """Hits of title-view matches; None when one follows a digit (then the scan form decides).

        The title view also starts a word after a digit, where no term may start. Its matches are
        the scan's when none starts there: it accepts the scan's start positions and those, and
        at any position it matches what the scan matches."""
        tails = self._tails
        hits: list[Hit] = []
        append = hits.append
        digits = _DIGITS
        for s, e in list(map(_SPAN, matches)):  # the spans in one C-level pass
            if s and low[s - 1] in digits:
                return None
            g = low[s:e]
            tail = tails.get(g)
            if tail is None:
                tail = self._tail(g)
            if tail:
                append(new_hit(Hit, (s, e, *tail)))
        return hits

    def _hits(self, matches: Iterable[re.Match[str]], shift: int) -> list[Hit]:
        tails = self._tails
        hits: list[Hit] = []
        append = hits.append
        for m in matches:
            g = m.group(1)
            tail = tails.get(g)
            if tail is None:
                tail = self._tail(g)
            if tail:
                s, e = m.span(1)
                append(new_hit(Hit, (s + shift, e + shift, *tail)))
        return hits

    def _tail(self, g: str) -> tuple[str, ...]:
        """(category, rule, value) of a matched text, memoised; empty when it is no key."""
        by_key = self.by_key
        entry = by_key.get(g)  # keys hold single spaces only, so most matches are keys already
        if entry is None:
            entry = by_key.get(collapse(g))
        tail = () if entry is None else (entry.category, entry.rule, entry.value)
        if len(self._tails) < _TAILS_CAP:
            self._tails[g] = tail
        return tail
