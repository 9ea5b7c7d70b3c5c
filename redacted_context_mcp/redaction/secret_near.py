"""The pick of the ``near`` rows: secret rules recognised by a provider name next to a value.

Rows built by ``secret_format_kit.near`` carry no keyword of their own; they are
picked by one scan of the text: every ``=``/``:`` followed by a 12+ character
value, with the rows' names looked up in the :data:`~redaction.secret_gates.WORD_WINDOW`
characters before it. A row whose value is a run of 20+ is looked for only in the
windows of the text's long runs; the other rows' names are tested in the
letter-run view first, so most texts are not scanned at all.

Imports: redaction.secret_gates, redaction.secret_kit, redaction.textview.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from redacted_context_mcp.redaction.secret_gates import WORD_WINDOW, TextGates
from redacted_context_mcp.redaction.secret_kit import SecretRule
from redacted_context_mcp.redaction.secret_kit import trie as _trie
from redacted_context_mcp.redaction.textview import parts

__all__ = ["NearPick"]

#: (lookahead regex of every name, name -> names it implies, name -> rules, the same regex tried only
#: after a character that is not a letter or digit, or None) of a group of near rows
_NearScan = tuple[re.Pattern[str], dict[str, tuple[str, ...]], dict[str, list[int]], "re.Pattern[str] | None"]

#: How every ``secret_format_kit.near`` regex starts: no letter or digit right before the name.
_LEFT_EDGE = "(?<![A-Za-z0-9])(?i:"

#: What ``secret_format_kit.near`` allows between a name's start and the value, beyond the name:
#: 24 key characters and an operator of at most 10 (blanks, quotes, ``=>``).
_NEAR_GLUE = 34

#: An assignment operator followed (within 6 characters) by a value of 12+ token characters:
#: where the ``near`` rows' values sit. Literal-led, one scan per operator character.
_ASSIGNS = tuple(
    re.compile(op + r"(?=>?[\s\"'`]{0,5}[A-Za-z0-9_\-+/=]{12})") for op in ("=", ":")
)
#: Beyond this many assignments in one text, ``near`` names are looked up in the whole text.
_MAX_ASSIGNS = 64


def _near_scan(by_name: dict[str, list[int]], edged: bool) -> _NearScan | None:
    """Every start position, longest name first; shorter names that prefix it come from the closure
    (``edged``: every row's regex wants no letter or digit before its name)."""
    if not by_name:
        return None
    names = sorted(by_name, key=len, reverse=True)
    closure = {n: tuple(m for m in names if n.startswith(m)) for n in names}
    body = "(?=(" + _trie(names) + "))"
    # in an ASCII text ``low`` has a letter or digit exactly where the text has one: the scan skips
    # the positions inside words (a fold may turn a non-ASCII character into an ASCII letter)
    return re.compile(body), closure, by_name, re.compile("(?<![a-z0-9])" + body) if edged else None


def _near_picked(scan: _NearScan, names: Iterable[str]) -> set[int]:
    out: set[int] = set()
    closure, by_name = scan[1], scan[2]
    for n in names:
        for m in closure.get(n, ()):
            out.update(by_name[m])
    return out


def _near_rules(text: str, low: str, scan: _NearScan) -> set[int]:
    """Rules with a ``near`` name in the 64 characters before an assignment with a long value."""
    rx = scan[3] if scan[3] is not None and low.isascii() else scan[0]
    names: set[str] = set()
    count = 0
    for op in _ASSIGNS:
        if op.pattern[0] not in text:
            continue
        for m in op.finditer(text):
            count += 1
            if count > _MAX_ASSIGNS:
                names.update(rx.findall(low))
                break
            p = m.start()
            names.update(rx.findall(low, max(0, p - WORD_WINDOW), p))
        if count > _MAX_ASSIGNS:
            break
    return _near_picked(scan, names)


class NearPick:
    """The ``near`` rows of one tuple of rules, by index into it."""

    def __init__(self, rules: tuple[SecretRule, ...]) -> None:
        # A near row whose value is a run of 20+ has its assignment and name within WORD_WINDOW characters
        # before that run (or inside it): only the long runs' windows are scanned for them. The other
        # rows' names are looked up in the letter-run view first.
        windowed: dict[str, list[int]] = {}
        assigned: dict[str, list[int]] = {}
        for i, rule in enumerate(rules):
            if rule.near:
                long = (max(rule.min_run, rule.min_hex_run) >= 20
                        and max(map(len, rule.near)) + _NEAR_GLUE <= WORD_WINDOW)
                for n in rule.near:
                    (windowed if long else assigned).setdefault(n, []).append(i)
        edged = all(r.regex.pattern.startswith(_LEFT_EDGE) for r in rules if r.near)
        self.windowed = _near_scan(windowed, edged)
        self.assigned = _near_scan(assigned, edged)
        self.words = tuple(n for n in assigned if parts(n) == (n,))  # a-z names: one test each
        self.parts = tuple(parts(n) for n in assigned if parts(n) != (n,))

    def pick(self, chosen: set[int], text: str, low: str, st: TextGates) -> None:
        """Add to ``chosen`` the near rows with a name before an assignment with a long value."""
        if "=" not in text and ":" not in text:
            return  # no assignment operator: every name test would be wasted (two memchrs)
        if self.windowed is not None and st.runs()[0]:  # their assignments lie in the long runs' windows
            chosen.update(_near_rules(*st.near_runs(), self.windowed))
        if self.assigned is not None:
            has = st.letter_words().joined.__contains__
            if any(map(has, self.words)) or any(all(map(has, p)) for p in self.parts):
                chosen.update(_near_rules(text, low, self.assigned))
