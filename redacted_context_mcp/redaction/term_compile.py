"""Configured-term key sets compiled to trie regexes, built once per process and set.

A trie of the folded terms compiles to a regex whose cost per position is one branch
on the next character, so 200 terms run about as fast as one (:func:`trie_pattern`).
A compiled set (:class:`Compiled`) holds the boundary-consuming scan (or the lookbehind
form when that is not exact), and for ASCII texts the scan over the title-cased view
when every key starts with a-z (:func:`title_form`). The last two sets are kept for
reuse across policy generations; a small addition to a kept set is served by
:class:`Layered` (the kept set plus a small one) while the union compiles.

Imports: redaction.placeholders.
"""

from __future__ import annotations

import os
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator

from redacted_context_mcp.redaction.placeholders import SEP_PATTERN

_ALNUM_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


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
_LEAD_RUN = re.compile("[a-z]+")


# -- compiled key sets: built once per set, reused across policy generations ------------------------

_KEPT = 2  # compiled sets kept for reuse (the active one and the one before it)


class Compiled:
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
        if scan_exact(keys):
            self.scan = re.compile(r"[^a-z0-9](" + pattern + r")(?![a-z0-9])")
        else:
            self.plain()

    def _title_later(self) -> None:
        lower_priority()
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


#: The shift :meth:`Compiled.finditer` returns for matches over the title-cased view.
TITLE = 1


def scan_exact(keys: Iterable[str]) -> bool:
    edge = _ALNUM_ASCII.__contains__
    keys = list(keys)
    return all(edge(k[0]) for k in keys) or all(edge(k[-1]) for k in keys)


_COMPILED: OrderedDict[frozenset[str], Compiled] = OrderedDict()
_COMPILED_LOCK = threading.Lock()


def recall(keys: frozenset[str]) -> Compiled | None:
    with _COMPILED_LOCK:
        got = _COMPILED.get(keys)
        if got is not None:
            _COMPILED.move_to_end(keys)
        return got


def remember(comp: Compiled) -> None:
    with _COMPILED_LOCK:
        _COMPILED[comp.keys] = comp
        _COMPILED.move_to_end(comp.keys)
        while len(_COMPILED) > _KEPT:
            _COMPILED.popitem(last=False)


def base_for(keys: frozenset[str], limit: int) -> Compiled | None:
    """The largest kept set that ``keys`` only adds at most ``limit`` keys to."""
    with _COMPILED_LOCK:
        kept = list(_COMPILED.values())
    best = None
    for comp in kept:
        if comp.scan is not None and len(keys) - len(comp.keys) <= limit and comp.keys <= keys:
            if best is None or len(comp.keys) > len(best.keys):
                best = comp
    return best


class Layered:
    """A kept set plus a small compiled set of added keys: leftmost match, longest at a position.

    Used only when both are scan forms and the union is scan-exact, so the next match after one
    ending at ``e`` starts after ``e`` in every layer, as in the single regex of the union.
    """

    __slots__ = ("layers",)
    firsts = None  # no letter-run gate

    def __init__(self, *layers: Compiled) -> None:
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


def lower_priority() -> None:
    """Best effort: run this thread at the lowest CPU priority (Linux schedules threads as tasks)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass
