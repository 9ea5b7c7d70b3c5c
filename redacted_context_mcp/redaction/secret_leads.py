"""The literals every match of a rule's regex starts with, and matching only where they occur.

``re`` skips through a text fast when a pattern starts with a literal (or a small set of first
characters, in a case-sensitive pattern), but a pattern that starts under IGNORECASE
(``(?i:password|passwd)...``) is tried at every position of the text. For such a row, the strings
every match starts with are read once from the parsed pattern (up to four characters each, a few
of them); in an ASCII text the lower-cased text is searched for them (``str.find``) and the regex is
tried only there (``Pattern.match`` at each place, the next place searched from the match's end):
the same matches as ``finditer``, since a match can start nowhere else, ``match`` at a position is
the attempt ``finditer`` makes there (lookbehinds and ``\\b`` see the characters before it), and
every match is at least two characters long. After :data:`_MAX_TRIES` places the rest of the text
is left to ``finditer`` from the next place. A non-ASCII text keeps ``finditer``: IGNORECASE
matches ``K`` with the Kelvin sign and ``s`` with the long s, which lower-casing does not give.

Imports: nothing from the package.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: Characters read per lead string, and the most lead strings a row may have.
_K = 4
_MAX_LEADS = 4
#: Sets of partial prefixes larger than this give up (no leads).
_MAX_SET = 48
#: Places tried one by one before the rest of the text goes to ``finditer``.
_MAX_TRIES = 48

_Pre = set[tuple[str, bool]]  # (prefix, whether the match may go on after it with what follows)
_OPEN: _Pre = {("", False)}


def _cat(a: _Pre, b: _Pre) -> _Pre | None:
    out: _Pre = set()
    for s, exact in a:
        if not exact or len(s) >= _K:
            out.add((s[:_K], False))
            continue
        for t, exact_t in b:
            u = s + t
            out.add((u[:_K], False) if len(u) >= _K else (u, exact_t))
    return out if len(out) <= _MAX_SET else None


def _seq(items: list[tuple[object, object]]) -> _Pre | None:
    from re import _constants as c  # type: ignore[attr-defined]

    cur: _Pre | None = {("", True)}
    for op, av in items:
        if cur is None or all(not e or len(s) >= _K for s, e in cur):
            break
        cur = _cat(cur, _item(op, av, c) or _OPEN)
    return cur


def _chars(av: list[tuple[object, object]], c: object) -> set[str] | None:
    out: set[str] = set()
    for op, a in av:
        if op is c.LITERAL:  # type: ignore[attr-defined]
            out.add(chr(a))  # type: ignore[arg-type]
        elif op is c.RANGE and a[1] - a[0] <= 8:  # type: ignore[attr-defined,index,operator]
            out.update(chr(x) for x in range(a[0], a[1] + 1))  # type: ignore[index,operator]
        else:
            return None  # a negated set, a category (\d, \w) or a wide range: any first character
    out = {x.lower() for x in out}
    return out if len(out) <= 8 else None


def _item(op: object, av: object, c: object) -> _Pre | None:  # noqa: PLR0911 - one case per opcode
    if op is c.LITERAL:  # type: ignore[attr-defined]
        ch = chr(av)  # type: ignore[arg-type]
        return {(ch.lower(), True)}  # (searched for in the lower-cased text, cased or not)
    if op is c.IN:  # type: ignore[attr-defined]
        chars = _chars(av, c)  # type: ignore[arg-type]
        return None if chars is None else {(x, True) for x in chars}
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):  # type: ignore[attr-defined]
        return {("", True)}  # consumes nothing (a necessary condition only: assertions are not read)
    if op is c.BRANCH:  # type: ignore[attr-defined]
        out: _Pre = set()
        for alt in av[1]:  # type: ignore[index]
            sub = _seq(list(alt))
            if sub is None:
                return None
            out |= sub
        return out if len(out) <= _MAX_SET else None
    if op is c.SUBPATTERN:  # type: ignore[attr-defined]
        return _seq(list(av[3]))  # type: ignore[index]
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):  # type: ignore[attr-defined]
        lo, hi, sub = av  # type: ignore[misc]
        got = _seq(list(sub))
        if got is None or lo == 0:
            return None if lo else _OPEN
        return got if lo == hi == 1 else {(s, False) for s, _ in got}
    return None


def _ic_led(parsed: list[tuple[object, object]], flags: int, c: object) -> bool:
    """Whether the pattern's first consuming item is read under IGNORECASE."""
    if flags & re.IGNORECASE:
        return True
    for op, av in parsed:
        if op in (c.AT, c.ASSERT, c.ASSERT_NOT):  # type: ignore[attr-defined]
            continue
        return op is c.SUBPATTERN and bool(av[1] & re.IGNORECASE)  # type: ignore[attr-defined,index]
    return False


def leads(rx: re.Pattern[str]) -> tuple[str, ...] | None:
    """The lower-case strings (two to four characters, at most four) one of which every match of the
    IGNORECASE-led ``rx`` starts with in an ASCII text, or None (not IGNORECASE-led, or no such set)."""
    if not rx.flags & re.IGNORECASE and "(?i" not in rx.pattern:
        return None  # (no parse: an IGNORECASE-led pattern has the flag or an inline ``(?i``)
    try:
        from re import _constants as c  # type: ignore[attr-defined]
        from re import _parser  # type: ignore[attr-defined]

        parsed = list(_parser.parse(rx.pattern, rx.flags))
        if not _ic_led(parsed, rx.flags, c):
            return None
        got = _seq(parsed)
    except Exception:  # noqa: BLE001 - an unknown construct: no leads, the row runs as before
        return None
    if got is None or any(len(s) < 2 or not s.isascii() for s, _ in got):
        return None
    keep: list[str] = []
    for s in sorted({s for s, _ in got}, key=len):  # one implied by a shorter one is dropped
        if not any(s.startswith(k) for k in keep):
            keep.append(s)
    return tuple(sorted(keep)) if len(keep) <= _MAX_LEADS else None


def at_leads(rx: re.Pattern[str], src: str, low: str, found: tuple[str, ...]) -> Iterator[re.Match[str]]:
    """What ``rx.finditer(src)`` yields, ``rx`` tried only where ``low`` (``src`` lower-cased, ASCII)
    holds one of ``found`` (:func:`leads` of ``rx``)."""
    tries = 0
    if len(found) == 1:
        (lead,) = found
        p = low.find(lead)
        while p >= 0:
            tries += 1
            if tries > _MAX_TRIES:
                yield from rx.finditer(src, p)
                return
            m = rx.match(src, p)
            if m is None:
                p = low.find(lead, p + 1)
            else:
                yield m
                p = low.find(lead, m.end())  # (every match is two characters or more)
        return
    nxt = [low.find(lead) for lead in found]
    while True:
        p = min([x for x in nxt if x >= 0], default=-1)
        if p < 0:
            return
        tries += 1
        if tries > _MAX_TRIES:
            yield from rx.finditer(src, p)
            return
        m = rx.match(src, p)
        q = p + 1
        if m is not None:
            yield m
            q = m.end()
        nxt = [x if x >= q or x < 0 else low.find(lead, q) for x, lead in zip(nxt, found)]
