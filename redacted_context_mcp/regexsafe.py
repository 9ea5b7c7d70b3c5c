"""Untrusted regexes: a static screen, then a killable worker process.

``compile_user_regex`` rejects patterns that fail to compile (``Invalid
regex.``) and patterns prone to catastrophic backtracking (``Unsafe regex: …``).
The screen looks at every quantified group that may repeat 8 or more times and
rejects it when one input can be split between its iterations in more than one
way: a variable quantifier inside it whose characters can also start what
follows (``(a+)+``, ``(\\w+\\s?)*``, ``(a{1,3}){8}``), or an alternation whose
branches can start with the same character (``(a|a)+``, ``(x+|xy)*``). Character
sets are compared on a probe alphabet (ASCII, the pattern's own literals and a
few non-ASCII letters, digits and spaces). It catches the common exponential
shapes, not every slow pattern; the worker's deadline covers the rest.

A pattern over :data:`MAX_PATTERN_CHARS` characters is refused first
(``Regex exceeds the 2000 character limit.``). The screen is linear in the
parsed pattern: first-character sets are memoized per node, suffix sets are
built in one backward pass, a repeat body that passed the check is not
re-examined for its inner repeats (the outer check already covered them with
a larger follow set), and the probe alphabet is bounded. The server process
only parses the pattern (``re._parser``, no cache): compilation and matching
happen in the killable worker (:mod:`regexworker`), which is killed and reaped
at the deadline (``Operation deadline exceeded.``).

Imports: errors, regexworker.
"""

from __future__ import annotations

import re
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.regexworker import NO_DEADLINE_CAP, UserRegex, run_regex, scan_texts

__all__ = ["MAX_PATTERN_CHARS", "NO_DEADLINE_CAP", "UserRegex", "compile_user_regex", "is_unsafe",
           "run_regex", "scan_texts"]

REPETITION_FLOOR = 8
#: Longest user pattern accepted (characters).
MAX_PATTERN_CHARS = 2000
#: At most this many characters taken from the pattern's own literals join the probe alphabet.
MAX_LITERAL_PROBES = 384

_MAXREPEAT = C.MAXREPEAT
_REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT)
# Constructs that behave differently at a line boundary than at the end of a
# string; patterns with them are matched line by line (see _scan_text).
_LINE_SENSITIVE = {C.ASSERT_NOT, C.ATOMIC_GROUP, C.POSSESSIVE_REPEAT}
_LINE_SENSITIVE_AT = {C.AT_BEGINNING_STRING, C.AT_END_STRING}

_BASE_PROBES = [chr(i) for i in range(128)] + list("\u00a0\u00e9\u00c9\u0130\u0131\u017f\u212a"
                                                  "\u03a9\u0436\u4e2d\u0663\u2028\u3000\u00df")


def compile_user_regex(pattern: str, ignore_case: bool) -> UserRegex:
    """Parse and screen a user pattern; raise ``REGEX_TOO_LONG``, ``INVALID_REGEX`` or ``UNSAFE_REGEX``.

    Nothing is compiled here (see the module docstring): the worker compiles.
    """
    if len(pattern) > MAX_PATTERN_CHARS:
        raise RedctxError(Code.REGEX_TOO_LONG)
    flags = re.IGNORECASE if ignore_case else 0
    try:
        tree = P.parse(pattern, flags)
        _check_lookbehinds(tree.data)
    except (re.error, RecursionError, OverflowError, ValueError, TypeError):
        raise RedctxError(Code.INVALID_REGEX) from None
    screen = _Screen(tree)
    try:
        unsafe = screen.hazardous()
    except RecursionError:
        raise RedctxError(Code.UNSAFE_REGEX) from None
    if unsafe:
        raise RedctxError(Code.UNSAFE_REGEX)
    return UserRegex(pattern, flags, screen.line_sensitive)


def _check_lookbehinds(seq: list) -> None:
    """The one compile-time check the parser leaves out: look-behinds must be fixed-width."""
    for op, av in seq:
        if op in (C.ASSERT, C.ASSERT_NOT) and av[0] < 0:
            lo, hi = av[1].getwidth()
            if lo != hi:
                raise re.error("look-behind requires fixed-width pattern")
        for child in _children(op, av):
            _check_lookbehinds(child)


def is_unsafe(pattern: str) -> bool:
    """True when the static screen rejects ``pattern`` (it must compile)."""
    try:
        compile_user_regex(pattern, False)
    except RedctxError as exc:
        return exc.code is Code.UNSAFE_REGEX
    return False


class _Screen:
    """Walks a parsed pattern once; first-character sets are memoized per node."""

    def __init__(self, tree: P.SubPattern) -> None:
        self.tree = tree
        self.flags = tree.state.flags
        literals: set[str] = set()
        self._collect_literals(tree.data, literals)
        extra = sorted(literals - set(_BASE_PROBES))[:MAX_LITERAL_PROBES]
        self.probes = frozenset(_BASE_PROBES).union(extra)
        self.line_sensitive = _line_sensitive(tree.data)
        self.steps = 0  # work counter: the screen must stay linear in the pattern
        self._memo: dict[tuple[int, int], tuple[frozenset[str], bool]] = {}

    def _collect_literals(self, seq: list, out: set[str]) -> None:
        for op, av in seq:
            if op in (C.LITERAL, C.NOT_LITERAL):
                c = chr(av)
                out.update((c, c.lower()[:1], c.upper()[:1]))
            elif op is C.IN:
                self._collect_literals(av, out)
            elif op is C.RANGE:
                out.update((chr(av[0]), chr(av[1])))
            else:
                for sub in _children(op, av):
                    self._collect_literals(sub, out)

    # -- first-character sets -------------------------------------------------

    def _char_pred(self, op: object, av: object, flags: int):
        icase = bool(flags & re.IGNORECASE)
        ascii_ = bool(flags & re.ASCII)

        def variants(ch: str) -> tuple[str, ...]:
            return (ch, ch.lower()[:1], ch.upper()[:1]) if icase else (ch,)

        if op is C.LITERAL:
            return lambda ch: chr(av) in variants(ch)
        if op is C.NOT_LITERAL:
            return lambda ch: chr(av) not in variants(ch)
        if op is C.ANY:
            return (lambda ch: True) if flags & re.DOTALL else (lambda ch: ch != "\n")
        if op is C.RANGE:
            lo, hi = av
            return lambda ch: any(lo <= ord(v) <= hi for v in variants(ch))
        if op is C.CATEGORY:
            return _category(av, ascii_)
        if op is C.IN:
            negate = bool(av) and av[0][0] is C.NEGATE
            preds = [self._char_pred(o, a, flags) for o, a in (av[1:] if negate else av)]
            if negate:
                return lambda ch: not any(p(ch) for p in preds)
            return lambda ch: any(p(ch) for p in preds)
        return lambda ch: True

    def first(self, seq: list, flags: int) -> tuple[frozenset[str], bool]:
        """Characters that can start a match of ``seq``, and whether it can match empty.

        ``seq`` must be a list owned by the parse tree (memoized by identity);
        use :meth:`first_from` for a suffix.
        """
        key = (id(seq), flags)
        hit = self._memo.get(key)
        if hit is None:
            hit = self._memo[key] = self.first_from(seq, 0, flags)
        return hit

    def first_from(self, seq: list, start: int, flags: int) -> tuple[frozenset[str], bool]:
        chars: set[str] = set()
        for i in range(start, len(seq)):
            f, n = self._first_item(seq[i][0], seq[i][1], flags)
            chars |= f
            if not n:
                return frozenset(chars), False
        return frozenset(chars), True

    def _first_item(self, op: object, av, flags: int) -> tuple[frozenset[str], bool]:
        if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
            pred = self._char_pred(op, av, flags)
            return frozenset(ch for ch in self.probes if pred(ch)), False
        if op in _REPEATS or op is C.POSSESSIVE_REPEAT:
            f, n = self.first(av[2], flags)
            return f, n or av[0] == 0
        if op is C.SUBPATTERN:
            return self.first(av[3], (flags | av[1]) & ~av[2])
        if op is C.ATOMIC_GROUP:
            return self.first(av, flags)
        if op is C.BRANCH:
            chars: set[str] = set()
            nullable = False
            for alt in av[1]:
                f, n = self.first(alt, flags)
                chars |= f
                nullable = nullable or n
            return frozenset(chars), nullable
        if op is C.GROUPREF_EXISTS:
            fy, ny = self.first(av[1], flags)
            fn, nn = self.first(av[2], flags) if av[2] is not None else (frozenset(), True)
            return fy | fn, ny or nn
        if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
            return frozenset(), True
        return self.probes, True  # back-references and anything unknown: assume the worst

    # -- hazard walk --------------------------------------------------------------

    def hazardous(self) -> bool:
        return self._walk(self.tree.data, self.flags)

    def _walk(self, seq: list, flags: int) -> bool:
        for op, av in seq:
            self.steps += 1
            if op in _REPEATS and av[1] >= REPETITION_FLOOR:
                body = av[2]
                if self._ambiguous(body, self.first(body, flags)[0], flags):
                    return True
                # _ambiguous is monotone in its follow set and already checked every inner
                # repeat with a larger one: walking the body again would be quadratic.
                continue
            sub_flags = (flags | av[1]) & ~av[2] if op is C.SUBPATTERN else flags
            for child in _children(op, av):
                if self._walk(child, sub_flags):
                    return True
        return False

    def _suffixes(self, seq: list, flags: int) -> list[tuple[frozenset[str], bool]]:
        """``out[i]`` = first set and nullability of ``seq[i:]``, in one backward pass."""
        out: list[tuple[frozenset[str], bool]] = [(frozenset(), True)] * (len(seq) + 1)
        for i in range(len(seq) - 1, -1, -1):
            self.steps += 1
            f, n = self._first_item(seq[i][0], seq[i][1], flags)
            rest, rest_n = out[i + 1]
            out[i] = (f | rest, rest_n) if n else (f, False)
        return out

    def _ambiguous(self, seq: list, follow: frozenset[str], flags: int) -> bool:
        """True when ``seq`` (followed by ``follow``) can split one input two ways."""
        suffixes = self._suffixes(seq, flags)
        for i, (op, av) in enumerate(seq):
            self.steps += 1
            rest, rest_nullable = suffixes[i + 1]
            after = rest | follow if rest_nullable else rest
            if op in _REPEATS:
                lo, hi, item = av
                own = self.first(item, flags)[0]
                if lo != hi and own & after:
                    return True
                if self._ambiguous(item, own | after, flags):
                    return True
            elif op is C.SUBPATTERN:
                if self._ambiguous(av[3], after, (flags | av[1]) & ~av[2]):
                    return True
            elif op is C.BRANCH:
                seen: set[str] = set()
                for alt in av[1]:
                    f, n = self.first(alt, flags)
                    start = f | after if n else f
                    if not seen.isdisjoint(start):
                        return True  # two branches can start with the same character
                    seen.update(start)
                    if self._ambiguous(alt, after, flags):
                        return True
            elif op is C.GROUPREF_EXISTS:
                for child in _children(op, av):
                    if self._ambiguous(child, after, flags):
                        return True
            elif op in (C.ATOMIC_GROUP, C.POSSESSIVE_REPEAT, C.ASSERT, C.ASSERT_NOT):
                # Never re-entered once matched: what follows cannot make it split differently.
                for child in _children(op, av):
                    if self._ambiguous(child, frozenset(), flags):
                        return True
        return False


def _line_sensitive(seq: list) -> bool:
    """Constructs that behave differently at a line boundary than at the end of a string."""
    for op, av in seq:
        if op in _LINE_SENSITIVE or (op is C.AT and av in _LINE_SENSITIVE_AT):
            return True
        if any(_line_sensitive(child) for child in _children(op, av)):
            return True
    return False


def _children(op: object, av) -> list[list]:
    if op in _REPEATS or op is C.POSSESSIVE_REPEAT:
        return [av[2]]
    if op is C.SUBPATTERN:
        return [av[3]]
    if op is C.ATOMIC_GROUP:
        return [av]
    if op is C.BRANCH:
        return list(av[1])
    if op in (C.ASSERT, C.ASSERT_NOT):
        return [av[1]]
    if op is C.GROUPREF_EXISTS:
        return [x for x in (av[1], av[2]) if x is not None]
    return []


def _category(cat: object, ascii_: bool):
    def word(ch: str) -> bool:
        return (ch.isascii() or not ascii_) and (ch.isalnum() or ch == "_")

    def digit(ch: str) -> bool:
        return ch.isdecimal() and (ch.isascii() or not ascii_)

    def space(ch: str) -> bool:
        return ch in " \t\n\r\f\v" if ascii_ else ch.isspace()

    table = {
        C.CATEGORY_DIGIT: digit, C.CATEGORY_NOT_DIGIT: lambda ch: not digit(ch),
        C.CATEGORY_SPACE: space, C.CATEGORY_NOT_SPACE: lambda ch: not space(ch),
        C.CATEGORY_WORD: word, C.CATEGORY_NOT_WORD: lambda ch: not word(ch),
        C.CATEGORY_LINEBREAK: lambda ch: ch == "\n",
        C.CATEGORY_NOT_LINEBREAK: lambda ch: ch != "\n",
    }
    return table.get(cat, lambda ch: True)


