"""Bounded look-behind on the current line, so no stage rescans a long line per match.

Imports: nothing from the package.
"""

from __future__ import annotations

#: How far back a stage may look for the start of the current line.
LOOK_BEHIND = 128


def line_head(text: str, s: int, window: int = LOOK_BEHIND) -> str | None:
    """The text between the start of ``s``'s line and ``s``, or None when it is longer than ``window``."""
    lo = s - window
    if lo <= 0:
        return text[text.rfind("\n", 0, s) + 1:s]
    i = text.rfind("\n", lo, s)
    return None if i < 0 else text[i + 1:s]


def blank_before(text: str, s: int, window: int = LOOK_BEHIND) -> bool:
    """True when only whitespace precedes ``s`` on its line (a line longer than ``window`` is not blank)."""
    head = line_head(text, s, window)
    return head is not None and not head.strip()
