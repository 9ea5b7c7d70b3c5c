"""``.gitignore`` / ``.ignore`` files under the root, matched as ripgrep and git do.

Every directory's ``.gitignore`` and ``.ignore`` apply to the paths below it,
relative to that directory; deeper files override shallower ones, ``.ignore``
overrides ``.gitignore`` in the same directory, and within one file the last
matching line wins. Supported syntax: ``#`` comments, ``\\`` escapes, ``!``
negation, a trailing ``/`` for directories only, anchoring by a ``/`` at the
start or in the middle, ``*``, ``?``, ``[...]`` classes and ``**`` segments
(``**/x``, ``a/**``, ``a/**/b``). As in git, a file inside an ignored directory
stays ignored whatever a later negation says.

An ignore file is a raw input like the config: its patterns are never shown,
logged or put in an error. The matcher is hand-written and linear-time per
pattern (greedy matching with one backtrack point, O(pattern x path)), so a
hostile pattern cannot make matching blow up; no regex is built from it.

Imports: nothing from the package (the reader is passed in).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

IGNORE_FILES = (".gitignore", ".ignore")  # later files take precedence
MAX_IGNORE_FILE_BYTES = 256 * 1024
MAX_RULES_PER_FILE = 10_000
MAX_PATTERN_CHARS = 4096
#: How long the rules read from one directory are trusted before the files are read again.
RECHECK_SECONDS = 2.0
_MEMO_MAX = 100_000

_STAR = ("*",)
_ANY = ("?",)
_GLOBSTAR = "**"

Token = tuple


def _parse_class(seg: str, i: int) -> tuple[Token, int] | None:
    """``[...]`` starting at ``seg[i]``: the class token and the index after it, or None if unterminated."""
    j = i + 1
    negated = j < len(seg) and seg[j] in "!^"
    if negated:
        j += 1
    items: list[tuple[str, str]] = []
    first = True
    while j < len(seg):
        c = seg[j]
        if c == "]" and not first:
            return ("[", negated, tuple(items)), j + 1
        if c == "\\" and j + 1 < len(seg):
            j += 1
            c = seg[j]
        if j + 2 < len(seg) and seg[j + 1] == "-" and seg[j + 2] != "]":
            hi = seg[j + 2]
            if hi == "\\" and j + 3 < len(seg):
                hi = seg[j + 3]
                j += 1
            items.append((c, hi))
            j += 3
        else:
            items.append((c, c))
            j += 1
        first = False
    return None


def _tokens(seg: str) -> tuple[Token, ...]:
    out: list[Token] = []
    i = 0
    while i < len(seg):
        c = seg[i]
        if c == "*":
            if not out or out[-1] is not _STAR:  # runs of * are one star
                out.append(_STAR)
            i += 1
        elif c == "?":
            out.append(_ANY)
            i += 1
        elif c == "[":
            parsed = _parse_class(seg, i)
            if parsed is None:
                out.append(("=", c))
                i += 1
            else:
                out.append(parsed[0])
                i = parsed[1]
        elif c == "\\" and i + 1 < len(seg):
            out.append(("=", seg[i + 1]))
            i += 2
        else:
            out.append(("=", c))
            i += 1
    return tuple(out)


def _one(tok: Token, ch: str) -> bool:
    kind = tok[0]
    if kind == "=":
        return tok[1] == ch
    if kind == "?":
        return True
    hit = any(lo <= ch <= hi for lo, hi in tok[2])
    return hit != tok[1]


def match_segment(toks: tuple[Token, ...], name: str) -> bool:
    """Whether one path segment ``name`` matches the tokens (``*`` never crosses ``/``)."""
    ti = si = 0
    star_ti, star_si = -1, 0
    n, m = len(name), len(toks)
    while si < n:
        if ti < m and toks[ti] is _STAR:
            star_ti, star_si = ti, si
            ti += 1
        elif ti < m and _one(toks[ti], name[si]):
            ti += 1
            si += 1
        elif star_ti >= 0:  # let the last star take one more character
            star_si += 1
            ti, si = star_ti + 1, star_si
        else:
            return False
    while ti < m and toks[ti] is _STAR:
        ti += 1
    return ti == m


def match_segments(pat: tuple, parts: list[str]) -> bool:
    """Whether path ``parts`` match pattern segments ``pat`` (``**`` is zero or more whole segments)."""
    pi = ti = 0
    star_pi, star_ti = -1, 0
    n, m = len(parts), len(pat)
    while ti < n:
        if pi < m and pat[pi] == _GLOBSTAR:
            star_pi, star_ti = pi, ti
            pi += 1
        elif pi < m and match_segment(pat[pi], parts[ti]):
            pi += 1
            ti += 1
        elif star_pi >= 0:
            star_ti += 1
            pi, ti = star_pi + 1, star_ti
        else:
            return False
    while pi < m and pat[pi] == _GLOBSTAR:
        pi += 1
    return pi == m


@dataclass(frozen=True, slots=True)
class Rule:
    segments: tuple  # token tuples, or ``"**"``
    negate: bool
    dir_only: bool

    def matches(self, parts: list[str], is_dir: bool) -> bool:
        return (is_dir or not self.dir_only) and match_segments(self.segments, parts)


def parse_rule(line: str) -> Rule | None:
    """One ignore-file line as a :class:`Rule`; ``None`` for blanks, comments and unusable lines."""
    line = line.rstrip("\r")
    if not line or line.startswith("#") or len(line) > MAX_PATTERN_CHARS:
        return None
    end = len(line)  # trailing spaces are dropped unless escaped
    while end > 0 and line[end - 1] == " " and not (end > 1 and line[end - 2] == "\\"):
        end -= 1
    line = line[:end]
    negate = line.startswith("!")
    if negate:
        line = line[1:]
    elif line.startswith("\\!") or line.startswith("\\#"):
        line = line[1:]
    dir_only = line.endswith("/")
    line = line.rstrip("/")
    if not line:
        return None
    anchored = "/" in line
    line = line.lstrip("/")
    raw = [s for s in line.split("/") if s]
    if not raw:
        return None
    segs: list = [] if anchored else [_GLOBSTAR]
    for s in raw:
        if s == _GLOBSTAR:
            if not segs or segs[-1] != _GLOBSTAR:
                segs.append(_GLOBSTAR)
        else:
            segs.append(_tokens(s))
    if segs[-1] == _GLOBSTAR:  # ``a/**``: everything inside ``a``, not ``a`` itself
        segs[-1:] = [(_STAR,), _GLOBSTAR]
    return Rule(tuple(segs), negate, dir_only)


def parse_rules(text: str) -> tuple[Rule, ...]:
    rules = []
    for line in text.split("\n")[:MAX_RULES_PER_FILE]:
        rule = parse_rule(line)
        if rule is not None:
            rules.append(rule)
    return tuple(rules)


class IgnoreMatcher:
    """Ignore decisions for root-relative paths; ``read(rel)`` returns an ignore file's bytes or None."""

    def __init__(self, read: Callable[[str], bytes | None], *, clock: Callable[[], float] = time.monotonic,
                 recheck: float = RECHECK_SECONDS) -> None:
        self._read = read
        self._clock = clock
        self._recheck = recheck
        self._rules: dict[str, tuple[float, tuple[Rule, ...]]] = {}
        self._chains: dict[str, tuple[float, tuple[tuple[int, tuple[Rule, ...]], ...]]] = {}
        self._lock = threading.Lock()

    def rules_of(self, dir_rel: str) -> tuple[Rule, ...]:
        """The rules of directory ``dir_rel`` (``""`` is the root), re-read after :data:`RECHECK_SECONDS`."""
        now = self._clock()
        got = self._rules.get(dir_rel)
        if got is not None and now - got[0] < self._recheck:
            return got[1]
        rules: list[Rule] = []
        for name in IGNORE_FILES:
            data = self._read(f"{dir_rel}/{name}" if dir_rel else name)
            if data:
                rules.extend(parse_rules(data[:MAX_IGNORE_FILE_BYTES].decode("utf-8", "replace")))
        with self._lock:
            if len(self._rules) >= _MEMO_MAX:
                self._rules.clear()
            self._rules[dir_rel] = (now, tuple(rules))
        return tuple(rules)

    def _chain(self, dir_rel: str) -> tuple[tuple[int, tuple[Rule, ...]], ...]:
        """``(prefix length, rules)`` of every directory from the root down to ``dir_rel`` that has rules."""
        now = self._clock()
        got = self._chains.get(dir_rel)
        if got is not None and now - got[0] < self._recheck:
            return got[1]
        base = self._chain(dir_rel.rpartition("/")[0]) if dir_rel else ()
        rules = self.rules_of(dir_rel)
        chain = (*base, (len(dir_rel) + 1 if dir_rel else 0, rules)) if rules else base
        with self._lock:
            if len(self._chains) >= _MEMO_MAX:
                self._chains.clear()
            self._chains[dir_rel] = (now, chain)
        return chain

    def ignored(self, rel: str, is_dir: bool) -> bool:
        """Whether ``rel`` itself is ignored by the files of its ancestors (its parents are not checked)."""
        chain = self._chain(rel.rpartition("/")[0])
        verdict = False
        for cut, rules in chain:  # the root's files first, the parent directory's last
            tail = rel[cut:].split("/")
            for rule in rules:
                if rule.matches(tail, is_dir):
                    verdict = not rule.negate
        return verdict

    def ignored_path(self, rel: str, is_dir: bool) -> bool:
        """Whether ``rel`` or any directory above it is ignored (a path typed by the user)."""
        parts = rel.split("/")
        for i in range(1, len(parts)):
            if self.ignored("/".join(parts[:i]), True):
                return True
        return self.ignored(rel, is_dir)


__all__ = ["IGNORE_FILES", "IgnoreMatcher", "Rule", "match_segment", "match_segments", "parse_rule", "parse_rules"]
