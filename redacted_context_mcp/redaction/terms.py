"""Configured terms and alias forms: one compiled trie regex over folded text.

Matching is case-insensitive (on the length-preserving folded text from
:func:`fold`), space/tab/``_``/``-`` are interchangeable between words, the
longest term wins at a position, and a term matches only where its
neighbours are not ASCII letters or digits. Folding maps ``İ ı ſ K`` to
ASCII first, so (as with a case-insensitive check) those four count as
ASCII letters at the boundary: a configured ``Ali`` is not redacted in ``Aliİ``.

A trie of the folded terms compiles to a regex whose cost per position is
one branch on the next character, so 200 terms run about as fast as one.
When every term that can occur in ASCII text starts with a-z, a caller holding
the letter-run view has an ASCII text answered from its runs: none starts a term
(no scan at all), or the regex is tried only where such a run starts (see
:meth:`TermMatcher._lead_hits`); without the view, an ASCII text is scanned over
its title-cased view when every term starts with a-z (see :func:`_title_form`:
the regex engine skips to word starts).

A large key set compiles once per process and set (see :class:`TermMatcher`): a config edit
that adds a few terms to a large set is served at once, the rest is built in the background.

Imports: redaction.placeholders (the one fold and term key), redaction.spans, redaction.textview, errors.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.placeholders import SEP_PATTERN, collapse, fold, term_key
from redacted_context_mcp.redaction.spans import Hit, new_hit
from redacted_context_mcp.redaction.textview import _NON_LETTER, Words

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


def trie_pattern(keys: list[str], order: str = "") -> str:
    """One regex for ``keys``: a trie, one branch per next character, in sorted order except that
    the first characters listed in ``order`` are tried first, in that order (branches that start
    with different characters can be reordered without changing any match; trying the common
    ones first saves the regex engine a few tests at every position)."""
    root: dict = {}
    for key in keys:
        node = root
        for ch in key:
            node = node.setdefault(ch, {})
        node[""] = {}

    def piece(ch: str) -> str:
        return SEP_PATTERN if ch == " " else re.escape(ch)

    def first(ch: str) -> tuple[int, str]:
        i = order.find(ch)
        return (i if i >= 0 else len(order), ch)

    def emit(node: dict, top: bool) -> str:
        # Collapse single-child chains into one literal run to keep nesting shallow.
        out = []
        while len(node) == 1 and "" not in node:
            (ch, child), = node.items()
            out.append(piece(ch))
            node, top = child, False
        if not node or list(node) == [""]:
            return "".join(out)
        optional = "" in node
        alts = [piece(ch) + emit(node[ch], False) for ch in sorted((c for c in node if c), key=first if top else None)]
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return "".join(out) + ("(?:" + body + ")?" if optional else body)

    return emit(root, True)


#: Upper-case letters in the order English words most often start with them.
_WORD_START_ORDER = "TASOICWBPFHMDRLENGUVYJKQZX"
_LOWER_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz")


def _title_form(keys: frozenset[str]) -> re.Pattern[str] | None:
    """The scan over the title-cased view of an ASCII text, when every key starts with a-z.

    ``bytes.title`` upper-cases exactly the letters that follow a non-letter (or start the text),
    so in that view a key that starts with a letter can only start at an upper-case letter: the
    regex engine skips to word starts instead of trying every non-alphanumeric character. Each key
    is title-cased the same way (a separator is a non-letter there too). Keys with non-ASCII
    characters, which cannot occur in an ASCII text, are left out; removing alternatives that can
    never match, and reordering ones that start with different characters, keeps every match.
    A digit is a non-letter too, but no boundary (``1dakota``): see :meth:`TermMatcher._title_hits`.
    """
    if not _titled(keys):
        return None
    title = sorted(k.encode("ascii").title().decode("ascii") for k in keys if k.isascii())
    return re.compile("(?:" + trie_pattern(title, _WORD_START_ORDER) + r")(?![A-Za-z0-9])" if title else r"(?!)")


def _titled(keys: Iterable[str]) -> bool:
    return all(k[0] in _LOWER_ASCII for k in keys)


#: Key sets up to this size compile their title form with the scan form; a larger one compiles it
#: on a background thread (find uses the scan form, with the same hits, until it is there), so a
#: set compiled on the caller's thread costs what it did before the title form.
TITLE_SYNC_KEYS = 1000
_DIGITS = frozenset("0123456789")
_LEAD_RUN = re.compile("[a-z]+")
#: A text in which more than one letter run in this many starts a key is scanned instead (each
#: such run costs a find and a match; the scan costs about the same per word start).
_LEAD_SHARE = 4
_SPAN = re.Match.span


# -- compiled key sets: built once per set, reused across policy generations ------------------------

#: Key sets up to this size compile in the constructor; larger ones compile on a background thread
#: (about 0.1 ms per key), unless they only add this many keys to a set compiled before.
SYNC_KEYS = 4000
#: Matched spellings memoised per matcher (a bound, so hostile text cannot grow the memo forever).
_TAILS_CAP = 100_000
_KEPT = 2  # compiled sets kept for reuse (the active one and the one before it)


class _Compiled:
    """One key set compiled to a single trie regex (the boundary-consuming scan when it is exact),
    plus the title-view scan for ASCII texts when every key starts with a-z."""

    __slots__ = ("firsts", "keys", "scan", "regex", "title", "_pattern")

    def __init__(self, keys: frozenset[str]) -> None:
        self.keys = keys
        pattern = trie_pattern(sorted(keys))
        titled = _titled(keys)
        self.title: re.Pattern[str] | None = None  # serves ASCII texts when set
        if titled and len(keys) <= TITLE_SYNC_KEYS:
            self.title = _title_form(keys)
        elif titled:
            threading.Thread(target=self._title_later, name="redctx-terms-title", daemon=True).start()
        # The leading a-z run of every key that can occur in ASCII text, when every such key starts
        # with a-z: each match there starts with a whole letter run of the text that is one of these
        # (keys with other characters cannot occur there, whatever they start with).
        ascii_keys = [k for k in keys if k.isascii()]
        self.firsts = frozenset(_LEAD_RUN.match(k).group() for k in ascii_keys) if _titled(ascii_keys) else None
        # The lookbehind makes the regex engine try every position; consuming the boundary
        # character instead lets it skip ahead. That finds the same matches except a term
        # starting right where the previous one ended, which needs a key ending and a key
        # starting with a character other than [a-z0-9]: keep the lookbehind form for those.
        # Only one form is compiled; the scan runs over the text behind one boundary character.
        self.scan: re.Pattern[str] | None = None
        self.regex: re.Pattern[str] | None = None
        self._pattern = pattern
        if _scan_exact(keys):
            self.scan = re.compile(r"[^a-z0-9](" + pattern + r")(?![a-z0-9])")
        else:
            self.plain()

    def _title_later(self) -> None:
        _lower_priority()
        try:
            self.title = _title_form(self.keys)
        except Exception:  # noqa: BLE001 - a set the regex engine refuses: the scan form serves on
            pass

    def plain(self) -> re.Pattern[str]:
        """The lookbehind form (compiled on first use when the scan form serves matching)."""
        if self.regex is None:
            self.regex = re.compile(r"(?<![a-z0-9])(" + self._pattern + r")(?![a-z0-9])")
        return self.regex

    def finditer(self, low: str, title: bool = True) -> tuple[Iterable[re.Match[str]], int]:
        """Matches over ``low`` and the offset to add to their spans (:data:`TITLE`: group 0 over
        the title-cased view, the matched text is ``low`` at its span; ``title``: that view may serve)."""
        if title and self.title is not None and low.isascii():
            return self.title.finditer(low.encode("ascii").title().decode("ascii")), TITLE
        if self.scan is not None:
            return self.scan.finditer(" " + low), -1
        assert self.regex is not None
        return self.regex.finditer(low), 0


#: (category, rule, value, lead runs after the first) of a matched text; category None: no key.
_LeadEntry = tuple[str | None, str | None, str | None, int]

#: The shift :meth:`_Compiled.finditer` returns for matches over the title-cased view.
TITLE = 1


def _scan_exact(keys: Iterable[str]) -> bool:
    edge = _ALNUM_ASCII.__contains__
    keys = list(keys)
    return all(edge(k[0]) for k in keys) or all(edge(k[-1]) for k in keys)


_COMPILED: OrderedDict[frozenset[str], _Compiled] = OrderedDict()
_COMPILED_LOCK = threading.Lock()


def _kept(keys: frozenset[str]) -> _Compiled | None:
    with _COMPILED_LOCK:
        got = _COMPILED.get(keys)
        if got is not None:
            _COMPILED.move_to_end(keys)
        return got


def _keep(comp: _Compiled) -> None:
    with _COMPILED_LOCK:
        _COMPILED[comp.keys] = comp
        _COMPILED.move_to_end(comp.keys)
        while len(_COMPILED) > _KEPT:
            _COMPILED.popitem(last=False)


def _base_for(keys: frozenset[str]) -> _Compiled | None:
    """The largest kept set that ``keys`` only adds at most SYNC_KEYS keys to."""
    with _COMPILED_LOCK:
        kept = list(_COMPILED.values())
    best = None
    for comp in kept:
        if comp.scan is not None and len(keys) - len(comp.keys) <= SYNC_KEYS and comp.keys <= keys:
            if best is None or len(comp.keys) > len(best.keys):
                best = comp
    return best


class _Layered:
    """A kept set plus a small compiled set of added keys: leftmost match, longest at a position.

    Used only when both are scan forms and the union is scan-exact, so the next match after one
    ending at ``e`` starts after ``e`` in every layer, as in the single regex of the union.
    """

    __slots__ = ("layers",)
    firsts = None  # no letter-run gate

    def __init__(self, *layers: _Compiled) -> None:
        self.layers = layers

    def finditer(self, low: str) -> tuple[Iterable[re.Match[str]], int]:
        return self._merge(" " + low), -1

    def _merge(self, padded: str) -> Iterator[re.Match[str]]:
        scans = [c.scan for c in self.layers if c.scan is not None]
        nexts = [s.search(padded, 0) for s in scans]
        while True:
            best = None
            for m in nexts:
                if m is not None and (best is None or m.start(1) < best.start(1) or
                                      (m.start(1) == best.start(1) and m.end(1) > best.end(1))):
                    best = m
            if best is None:
                return
            yield best
            pos = best.end(1)
            for i, m in enumerate(nexts):
                if m is not None and m.start(1) < pos + 1:
                    nexts[i] = scans[i].search(padded, pos)


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
        self._impl: _Compiled | _Layered | None = None
        self._ready = threading.Event()
        self._failed = False
        self.state = "ready"  # ready | layered | loading | failed (doctor)
        self.build_seconds = 0.0  # CPU time of the last compile of this set (doctor, benchmark)
        keys = frozenset(self.by_key)
        if not keys:
            self._ready.set()
            return
        got = _kept(keys)
        if got is not None:
            self._impl = got
        elif len(keys) <= SYNC_KEYS or not background:
            self._impl = self._compile(keys)
        else:
            base = _base_for(keys) if _scan_exact(keys) else None
            if base is not None:
                self._impl = _Layered(base, self._compile(keys - base.keys, keep=False))
                self.state = "layered"
            else:
                self.state = "loading"
            threading.Thread(target=self._background, args=(keys,), name="redctx-terms", daemon=True).start()
            if base is None:
                return
        self._ready.set()

    def _compile(self, keys: frozenset[str], *, keep: bool = True) -> _Compiled:
        t0 = time.process_time()
        comp = _Compiled(keys)
        self.build_seconds = time.process_time() - t0
        if keep:
            _keep(comp)
        return comp

    def _background(self, keys: frozenset[str]) -> None:
        _lower_priority()
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
        return impl.plain() if isinstance(impl, _Compiled) else None

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

    def _lead_hits(self, low: str, seq: list[str], comp: _Compiled) -> list[Hit] | None:
        """Hits of an ASCII text from its letter runs in order (``seq``); None: let the scan decide.

        Every match starts with a whole letter run that is the leading run of a key (see
        ``_Compiled.firsts``), so the scan form is tried only where such a run starts, found by
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


def _lower_priority() -> None:
    """Best effort: run this thread at the lowest CPU priority (Linux schedules threads as tasks)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass
