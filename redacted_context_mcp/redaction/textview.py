"""Per-text views that several stages share, computed once per text.

Imports: nothing from the package.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_NON_LETTER = str.maketrans({chr(i): " " for i in range(128) if not "a" <= chr(i) <= "z"})
_NON_LETTER_BYTES = bytes(i if 97 <= i <= 122 else 32 for i in range(256))  # the same for ASCII bytes


class Words(NamedTuple):
    """The distinct runs of a folded text between ASCII non-letters (see :func:`letter_words`)."""

    set: frozenset[str] | set[str]
    joined: str  # every run once, space-separated and space-framed
    seq: list[str]  # every run in text order (``terms`` walks the runs that start a key)


def letter_words(low: str) -> Words:
    """The distinct runs of ``low`` (folded, lower-case text) between ASCII non-letters and whitespace.

    A keyword made of a-z only occurs in ``low`` exactly when it occurs in ``joined`` (no
    occurrence can span an ASCII non-letter), which is usually a quarter of the text's length;
    when ``low`` is ASCII, a word is in ``set`` exactly when it is a whole run of letters there,
    and ``seq`` lists those runs in the order they occur.
    """
    # an ASCII text is translated as bytes: a table lookup per byte instead of a cached dict lookup
    # per character (about 0.4 ms per MB less; the split and the set cost the same either way)
    seq = (low.encode("ascii").translate(_NON_LETTER_BYTES).decode("ascii") if low.isascii()
           else low.translate(_NON_LETTER)).split()
    runs = set(seq)
    return Words(runs, " " + " ".join(runs) + " ", seq)


def parts(keyword: str) -> tuple[str, ...]:
    """The a-z runs of a lower-case keyword: each occurs in a text wherever the keyword does."""
    return tuple(dict.fromkeys(keyword.translate(_NON_LETTER).split()))


_TABLE_ROW = re.compile(r"^[ \t]{0,3}\|[^\n]*", re.M)


def cell_lines(text: str) -> str | None:
    """``text`` with the bars of its Markdown table rows turned into line breaks (same length, same
    offsets), so each cell reads as a line of its own; None when no line is a table row.

    Documents reach the engine as Markdown, and a config line typed into a table cell is a line
    that starts after ``| ``: the rules that read a line from its start see it in this view.
    """
    if "|" not in text:
        return None
    view = _TABLE_ROW.sub(lambda m: m.group().replace("|", "\n"), text)
    return view if view != text else None
