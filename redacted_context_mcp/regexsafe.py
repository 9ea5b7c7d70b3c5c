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

``run_regex`` matches the pattern per line in a forked child that inherits the
texts (nothing is pickled), stops after ``limit`` matching lines, and returns
only ``(text index, line number)`` pairs. When the deadline passes the child is
killed and reaped, and the call fails with ``Operation deadline exceeded.``.

Imports: errors.
"""

from __future__ import annotations

import os
import re
import select
import signal
import time
import warnings
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

from redacted_context_mcp.errors import Code, RedctxError

REPETITION_FLOOR = 8
#: Wall-clock cap for a worker when the caller has no deadline (CLI default).
NO_DEADLINE_CAP = 60.0

_MAXREPEAT = C.MAXREPEAT
_REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT)
# Constructs that behave differently at a line boundary than at the end of a
# string; patterns with them are matched line by line (see _scan_text).
_LINE_SENSITIVE = {C.ASSERT_NOT, C.ATOMIC_GROUP, C.POSSESSIVE_REPEAT}
_LINE_SENSITIVE_AT = {C.AT_BEGINNING_STRING, C.AT_END_STRING}

_BASE_PROBES = [chr(i) for i in range(128)] + list("\u00a0\u00e9\u00c9\u0130\u0131\u017f\u212a"
                                                  "\u03a9\u0436\u4e2d\u0663\u2028\u3000\u00df")


@dataclass(frozen=True)
class UserRegex:
    """A screened, compiled user pattern ready for :func:`run_regex`."""

    line: re.Pattern[str]  # matched against one line
    whole: re.Pattern[str] | None  # prefilter over a whole text, None when unsafe to use


def compile_user_regex(pattern: str, ignore_case: bool) -> UserRegex:
    """Compile and screen a user pattern; raise ``INVALID_REGEX`` or ``UNSAFE_REGEX``."""
    flags = re.IGNORECASE if ignore_case else 0
    try:
        compiled = re.compile(pattern, flags)
        tree = P.parse(pattern, flags)
    except (re.error, RecursionError, OverflowError, ValueError, TypeError):
        raise RedctxError(Code.INVALID_REGEX) from None
    screen = _Screen(tree)
    try:
        unsafe = screen.hazardous()
        line_sensitive = screen.line_sensitive
    except RecursionError:
        raise RedctxError(Code.UNSAFE_REGEX) from None
    if unsafe:
        raise RedctxError(Code.UNSAFE_REGEX)
    whole = None if line_sensitive else re.compile(pattern, flags | re.MULTILINE)
    return UserRegex(compiled, whole)


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
        probes = set(_BASE_PROBES)
        self._collect_literals(tree.data, probes)
        self.probes = frozenset(probes)
        self.line_sensitive = False
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
            if op in _LINE_SENSITIVE or (op is C.AT and av in _LINE_SENSITIVE_AT):
                self.line_sensitive = True
            if op in _REPEATS and av[1] >= REPETITION_FLOOR:
                body = av[2]
                if self._ambiguous(body, self.first(body, flags)[0], flags):
                    return True
            sub_flags = (flags | av[1]) & ~av[2] if op is C.SUBPATTERN else flags
            for child in _children(op, av):
                if self._walk(child, sub_flags):
                    return True
        return False

    def _ambiguous(self, seq: list, follow: frozenset[str], flags: int) -> bool:
        """True when ``seq`` (followed by ``follow``) can split one input two ways."""
        for i, (op, av) in enumerate(seq):
            rest, rest_nullable = self.first_from(seq, i + 1, flags)
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
                starts = []
                for alt in av[1]:
                    f, n = self.first(alt, flags)
                    starts.append(f | after if n else f)
                    if self._ambiguous(alt, after, flags):
                        return True
                for a in range(len(starts)):
                    for b in range(a + 1, len(starts)):
                        if starts[a] & starts[b]:
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


# -- matching -------------------------------------------------------------------


def scan_texts(rx: UserRegex, texts: Sequence[str], limit: int) -> list[tuple[int, int]]:
    """Matching ``(text index, 1-based line)`` pairs in order, at most ``limit``.

    Runs in the current process; :func:`run_regex` calls it in the worker.
    """
    hits: list[tuple[int, int]] = []
    for ti, text in enumerate(texts):
        if not text:
            continue  # an empty file has no lines
        _scan_text(rx, ti, text, limit, hits)
        if len(hits) >= limit:
            break
    return hits


def _scan_text(rx: UserRegex, ti: int, text: str, limit: int, hits: list[tuple[int, int]]) -> None:
    line_search = rx.line.search
    if rx.whole is None:
        for n, line in enumerate(text.split("\n"), 1):
            if line_search(line):
                hits.append((ti, n))
                if len(hits) >= limit:
                    return
        return
    # Every per-line match is also a match of the MULTILINE pattern at the same
    # offset (the screen routed line-sensitive constructs to the loop above), so
    # the whole-text search finds candidate lines and each is confirmed alone.
    search = rx.whole.search
    pos = counted = 0
    lineno = 1
    n = len(text)
    while pos <= n:
        m = search(text, pos)
        if m is None:
            return
        s = m.start()
        start = text.rfind("\n", pos, s) + 1 or pos  # line holding s (a match may begin at its newline)
        end = text.find("\n", s)
        if end < 0:
            end = n
        lineno += text.count("\n", counted, start)
        counted = start
        if line_search(text[start:end]):
            hits.append((ti, lineno))
            if len(hits) >= limit:
                return
        pos = end + 1


def run_regex(rx: UserRegex, texts: Sequence[str], limit: int,
              seconds: float | None, cancelled: Callable[[], bool] | None = None) -> list[tuple[int, int]]:
    """Match in a killable child process; see the module docstring.

    ``cancelled`` is polled a few times a second; a cancelled call kills the worker too.
    """
    timeout = NO_DEADLINE_CAP if seconds is None else max(0.0, seconds)
    if not hasattr(os, "fork"):  # pragma: no cover - non-POSIX fallback
        return _run_spawned(rx, texts, limit, timeout)
    deadline = time.monotonic() + timeout
    r, w = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads (3.12+)
        pid = os.fork()
    if pid == 0:  # child: never return into the caller's stack
        status = 1
        try:
            os.close(r)
            hits = scan_texts(rx, texts, limit)
            flat = array("q", (x for pair in hits for x in pair)).tobytes()
            view = memoryview(flat)
            while view:
                view = view[os.write(w, view):]
            status = 0
        finally:
            os._exit(status)
    os.close(w)
    chunks: list[bytes] = []
    finished = False
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or (cancelled is not None and cancelled()):
                break
            ready, _, _ = select.select([r], [], [], min(remaining, 0.2))
            if not ready:
                continue
            chunk = os.read(r, 1 << 16)
            if not chunk:
                finished = True
                break
            chunks.append(chunk)
    finally:
        os.close(r)
        if not finished:
            _kill(pid)
    if not finished:
        raise RedctxError(Code.LIMIT_DEADLINE)
    _, status = os.waitpid(pid, 0)
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
        raise RedctxError(Code.INTERNAL)
    flat = array("q")
    flat.frombytes(b"".join(chunks))
    return [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2)]


def _kill(pid: int) -> None:
    """Kill and reap a worker so it never lingers as a zombie."""
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def _spawned_main(conn, line: str, whole: str | None, flags: int,
                  texts, limit: int) -> None:  # pragma: no cover
    rx = UserRegex(re.compile(line, flags), re.compile(whole, flags | re.MULTILINE) if whole else None)
    conn.send(scan_texts(rx, texts, limit))
    conn.close()


def _run_spawned(rx: UserRegex, texts: Sequence[str], limit: int,
                 timeout: float) -> list[tuple[int, int]]:  # pragma: no cover - non-POSIX only
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    flags = rx.line.flags & re.IGNORECASE
    proc = ctx.Process(
        target=_spawned_main,
        args=(child, rx.line.pattern, rx.whole.pattern if rx.whole else None, flags, list(texts), limit),
        daemon=True,
    )
    proc.start()
    child.close()
    try:
        if not parent.poll(timeout):
            raise RedctxError(Code.LIMIT_DEADLINE)
        return [tuple(x) for x in parent.recv()]
    except (EOFError, OSError):
        raise RedctxError(Code.INTERNAL) from None
    finally:
        parent.close()
        if proc.is_alive():
            proc.kill()
        proc.join()
