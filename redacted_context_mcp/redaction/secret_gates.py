"""The cheap gates of the secret prefilter, evaluated once per text.

A secret rule may ask for a character (``chars``), a run of token or hex
characters (``min_run``, ``min_hex_run``) or a legacy gate regex before its own
regex runs. Runs are read from byte shapes of the text (one translate each,
computed only when a candidate rule needs them) and checked at a few fixed
levels (:func:`level`), so a text is tested against a handful of levels and not
one per rule. :class:`TextGates` is the per-text memo of these shapes, of the
text near the long runs, and of the keywords tested with ``in``. :func:`regex_run`
reads from a row's parsed regex the token run every match holds, so the run gate
applies to rows that declare none.

Imports: redaction.secret_kit (types), redaction.textview.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redacted_context_mcp.redaction.secret_kit import SecretRule
from redacted_context_mcp.redaction.textview import Words, letter_words, parts

__all__ = ["WORD_WINDOW", "TextGates", "PRE_NARROWED", "first_literal", "gate_cost", "level", "pregate", "regex_run"]

_HEX_TABLE = bytes(0x78 if chr(i) in "0123456789abcdefABCDEF" else 0x20 for i in range(256))


_RUN_TABLE = bytes(
    0x74 if chr(i) in "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/=_-" else 0x20
    for i in range(256)
)


def _ascii(text: str) -> bytes:
    """One byte per character (non-ASCII characters become ``?``), so byte offsets are text offsets."""
    return text.encode("ascii", "replace")


#: A ``near`` name must start within this many characters before its assignment operator
#: (name + key glue + quotes; see ``secret_format_kit.near``); a keyword tested with ``in`` of a
#: rule gated by a 20+ run must lie within this many characters before that run, or inside it.
WORD_WINDOW = 64
#: Beyond this many runs in one text, word keywords are looked up in the whole text instead.
_MAX_WINDOWS = 48
#: Gate levels: a rule asking for a run of N is gated on the longest level <= N (still a necessary
#: condition), so a text is checked against a handful of levels and not one per rule.
_LEVELS = {"hex": (20, 32, 40, 64), "run": (20, 24, 32, 40, 64, 100)}


def level(kind: str, n: int) -> int:
    """The gate level a rule asking for a run of ``n`` characters of ``kind`` is checked at."""
    best = n
    for lv in _LEVELS[kind]:
        if lv <= n:
            best = lv
    return best


def gate_cost(key: tuple[str, int | str]) -> tuple[int, str]:
    """Evaluation order of a rule's gates: characters (memchr) before runs, hex runs and regexes."""
    return ({"chars": 0, "run": 1, "hex": 2, "gate": 3}.get(key[0], 4), str(key[1]))


_T20 = b"t" * 20


class TextGates:
    """Per-text memo of the cheap gates: characters present, token and hex runs, text near runs."""

    __slots__ = ("text", "low", "memo", "_raw", "_runs", "_hex", "_near", "_words")

    def __init__(self, text: str, low: str, words: Words | None = None) -> None:
        self.text, self.low = text, low
        self._words = words
        self.memo: dict[tuple[object, ...], bool] = {}
        self._raw: bytes | None = None
        self._runs: tuple[int, list[tuple[int, int]]] | None = None
        self._hex: bytes | None = None
        self._near: tuple[str, str] | None = None

    def raw(self) -> bytes:
        """The text as one byte per character (encoded once for both shapes)."""
        b = self._raw
        if b is None:
            b = self._raw = _ascii(self.text)
        return b

    def runs(self) -> tuple[int, list[tuple[int, int]]]:
        """(longest token run, spans of every run of 20+), from one translate and a few finds."""
        r = self._runs
        if r is None:
            shape = self.raw().translate(_RUN_TABLE)
            i = shape.find(_T20)  # a memchr-speed search: most texts have no run this long
            spans: list[tuple[int, int]] = []
            longest = 0
            while i >= 0:  # every byte outside a run is a space: a run ends at the next one
                e = shape.find(b" ", i + 20)
                if e < 0:
                    e = len(shape)
                spans.append((i, e))
                if e - i > longest:
                    longest = e - i
                i = shape.find(_T20, e)
            r = self._runs = (longest, spans)
        return r

    def hex_shape(self) -> bytes:
        """``x`` for every hex character of the long token runs (hex characters are token characters,
        so every hex run of 20+ lies in one), a space between runs."""
        if self._hex is None:
            raw = self.raw()
            self._hex = b" ".join([raw[s:e] for s, e in self.runs()[1]]).translate(_HEX_TABLE)
        return self._hex

    def letter_words(self) -> Words:
        lw = self._words
        if lw is None:
            lw = self._words = letter_words(self.low)
        return lw

    def near_runs(self) -> tuple[str, str]:
        """The text (and its lower-cased form) of every run of 20+ with WORD_WINDOW characters before it."""
        nr = self._near
        if nr is None:
            spans = self.runs()[1]
            if len(spans) > _MAX_WINDOWS:
                nr = (self.text, self.low)
            else:
                cuts: list[tuple[int, int]] = []
                for s, e in spans:  # overlapping windows merged: lines of a key block are read once
                    a = max(0, s - WORD_WINDOW)
                    if cuts and a < cuts[-1][1]:
                        cuts[-1] = (cuts[-1][0], e)
                    else:
                        cuts.append((a, e))
                nr = ("\0".join([self.text[a:b] for a, b in cuts]), "\0".join([self.low[a:b] for a, b in cuts]))
            self._near = nr
        return nr

    def words(self, rule: SecretRule, words: tuple[str, ...], cased_words: tuple[str, ...]) -> bool:
        """A keyword tested with ``in``: near a long run for run-gated rules, else anywhere."""
        if max(rule.min_run, rule.min_hex_run) >= 20:
            text, low = self.near_runs()
            near = True
        else:
            text, low, near = self.text, self.low, False
        memo = self.memo
        for k in words:
            mk = (near, k)
            has = memo.get(mk)
            if has is None:
                if near:
                    has = k in low
                else:
                    # the letter runs of the text first: a quarter of its length, computed once
                    lw = self._words
                    if lw is None:
                        lw = self._words = letter_words(low)
                    kp = _LETTER_PARTS.get(k)
                    if kp is None:
                        kp = _LETTER_PARTS[k] = parts(k)
                    joined = lw.joined
                    has = all(p in joined for p in kp) and (kp == (k,) or k in low)
                memo[mk] = has
            if has:
                return True
        for k in cased_words:
            mk = (near, k, True)
            has = memo.get(mk)
            if has is None:
                has = memo[mk] = k in text
            if has:
                return True
        return False


_LETTER_PARTS: dict[str, tuple[str, ...]] = {}


#: A scan of at most this many keywords is first asked for their letters in the letter-run view
#: (a needle there costs about 0.17 ms/MB, a scan 0.3-0.4: two needles would not pay).
_PRE_MAX = 1
#: ... and a scan narrowed to the keywords whose rules can pass (a gate decision's scans run in
#: texts dense with their anchors, about 3 us a scan: three needles still pay).
PRE_NARROWED = 3


def _lead(s: str) -> str:
    """The a-z letters ``s`` starts with."""
    n = 0
    while n < len(s) and "a" <= s[n] <= "z":
        n += 1
    return s[:n]


def pregate(view: str, anchor: str, scanned: Iterable[str], limit: int = _PRE_MAX) -> tuple[str, ...] | None:
    """Needles of the letter-run view one of which a scan's keywords need, or None.

    ``scanned``: the keywords as scanned (anchor first, reversed for "rev"). The anchor of a
    keyword scanned in ``low`` is an ASCII non-letter, so the letters after it start a letter
    run (`` eyj`` in ``joined`` for ``.eyj``); the letters before the anchor of a keyword scanned
    reversed end one (``value `` for ``value:``). A case-sensitive keyword ("text") holds its
    lower-cased leading letters in a letter run (``atbb`` for ``ATBB``, `` aa`` for ``:AA``).
    Only scans of at most ``limit`` keywords, each with such letters, are gated: a needle costs
    about half a scan that finds nothing.
    """
    needles = []
    for n, s in enumerate(scanned):
        if n >= limit:
            return None
        if view == "text":
            if "A" <= s[0] <= "Z":  # the letter run holds it lower-cased, starting with it or before
                letters = _lead(s.lower())
                if len(letters) < 3:
                    return None
                needles.append(letters)
                continue
            if not ("\0" <= anchor < "A" or "Z" < anchor < "a" or "z" < anchor < "\x80"):
                return None
            letters = _lead(s[1:].lower())
            if len(letters) < 2:
                return None
            needles.append(" " + letters)
            continue
        if view not in ("low", "rev") or not ("\0" <= anchor < "a" or "z" < anchor < "\x80"):
            return None
        letters = _lead(s[1:])
        if len(letters) < 2:
            return None
        needles.append(" " + letters if view == "low" else letters[::-1] + " ")
    return tuple(sorted(set(needles))) if needles else None


_SPECIAL = frozenset("\\.^$*+?{}[]|()")


def first_literal(rx: re.Pattern[str] | None) -> str:
    """The character every match of ``rx`` starts with, or "" when the pattern does not start with
    one plain or escaped punctuation literal that is not optional."""
    p = rx.pattern if rx is not None and not rx.flags & (re.IGNORECASE | re.VERBOSE) else ""
    if len(p) >= 2 and p[0] not in _SPECIAL:
        ch, after = p[0], p[1:]
    elif len(p) >= 3 and p[0] == "\\" and p[1] in _SPECIAL and not p[1].isalnum():
        ch, after = p[1], p[2:]
    else:
        return ""
    return "" if after[:1] in ("?", "*", "{", "|") or _top_branch(p) else ch


def _top_branch(p: str) -> bool:
    """Whether pattern ``p`` has an alternation outside every group and character class."""
    depth, i, cls = 0, 0, False
    while i < len(p):
        c = p[i]
        if c == "\\":
            i += 2
            continue
        if cls:
            cls = c != "]"
        elif c == "[":
            cls = True
            if p[i + 1:i + 2] == "]" or p[i + 1:i + 3] == "^]":  # a leading ] is a member
                i += 2 if p[i + 1] == "]" else 3
                continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return True
        i += 1
    return False


#: The characters of a token run (``_RUN_TABLE``), as code points.
_TOKEN = frozenset(map(ord, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+/=_-"))
#: (pure, least length, least token run at its start, anywhere in it, at its end) of a pattern
#: piece; a pure piece consumes only token characters (then all three runs are its least length).
_Run = tuple[bool, int, int, int, int]
_EMPTY: _Run = (True, 0, 0, 0, 0)
_BROKEN: _Run = (False, 0, 0, 0, 0)


def regex_run(rx: re.Pattern[str]) -> int:
    """The length of a run of token characters every match of ``rx`` holds (0 when none is known).

    Read from the parsed pattern, so a row needs no hand-written ``min_run`` for the run gate to
    apply. A necessary condition only: anything unknown counts as breaking a run, and so do
    letters under IGNORECASE (they may match non-ASCII characters such as the Kelvin sign).
    """
    try:
        from re import _parser  # type: ignore[attr-defined]

        return _seq(list(_parser.parse(rx.pattern, rx.flags)), bool(rx.flags & re.IGNORECASE))[3]
    except Exception:  # noqa: BLE001 - an unknown construct: no gate, the rule runs as before
        return 0


def _cat(a: _Run, b: _Run) -> _Run:
    if a[0] and b[0]:
        n = a[1] + b[1]
        return (True, n, n, n, n)
    pre = a[1] + b[2] if a[0] else a[2]
    suf = b[1] + a[4] if b[0] else b[4]
    return (False, a[1] + b[1], pre, max(a[3], b[3], a[4] + b[2], pre, suf), suf)


def _alt(runs: list[_Run]) -> _Run:
    if all(r[0] for r in runs):
        n = min(r[1] for r in runs)
        return (True, n, n, n, n)
    return (False, min(r[1] for r in runs), min(r[2] for r in runs), min(r[3] for r in runs),
            min(r[4] for r in runs))


def _seq(items: list[tuple[object, object]], ic: bool) -> _Run:
    out = _EMPTY
    for op, av in items:
        out = _cat(out, _item(str(op), av, ic))
    return out


def _member_ok(op: str, av: object, ic: bool) -> bool:
    if op == "LITERAL":
        return av in _TOKEN and not (ic and chr(av).isalpha())  # type: ignore[arg-type]
    if op == "RANGE":
        lo, hi = av  # type: ignore[misc]
        return all(c in _TOKEN and not (ic and chr(c).isalpha()) for c in range(lo, hi + 1))
    return False  # NEGATE, CATEGORY (\d and \w are Unicode) and anything else


def _item(op: str, av: object, ic: bool) -> _Run:
    if op in ("ASSERT", "ASSERT_NOT", "AT"):
        return _EMPTY  # consumes nothing: a run goes on across it
    if op in ("LITERAL", "IN"):
        ok = _member_ok(op, av, ic) if op == "LITERAL" else all(
            _member_ok(str(o), a, ic) for o, a in av)  # type: ignore[attr-defined]
        return (True, 1, 1, 1, 1) if ok else (False, 1, 0, 0, 0)
    if op in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        lo, _, sub = av  # type: ignore[misc]
        x = _seq(list(sub), ic)
        if lo == 0:
            return _EMPTY if x[0] else _BROKEN
        if x[0]:
            n = x[1] * lo
            return (True, n, n, n, n)
        return _cat(x, x) if lo >= 2 else x
    if op == "SUBPATTERN":
        _, add, dele, sub = av  # type: ignore[misc]
        return _seq(list(sub), (ic or bool(add & re.IGNORECASE)) and not dele & re.IGNORECASE)
    if op == "ATOMIC_GROUP":
        return _seq(list(av), ic)  # type: ignore[call-overload]
    if op == "BRANCH":
        return _alt([_seq(list(b), ic) for b in av[1]])  # type: ignore[index]
    return _BROKEN  # ANY, NOT_LITERAL, CATEGORY, group references, conditionals: may break a run
