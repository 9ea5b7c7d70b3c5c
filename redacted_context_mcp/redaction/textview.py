"""Per-text views that several stages share, computed once per text.

Imports: nothing from the package.
"""

from __future__ import annotations

from typing import NamedTuple

_NON_LETTER = str.maketrans({chr(i): " " for i in range(128) if not "a" <= chr(i) <= "z"})


class Words(NamedTuple):
    """The distinct runs of a folded text between ASCII non-letters (see :func:`letter_words`)."""

    set: frozenset[str] | set[str]
    joined: str  # every run once, space-separated and space-framed


def letter_words(low: str) -> Words:
    """The distinct runs of ``low`` (folded, lower-case text) between ASCII non-letters and whitespace.

    A keyword made of a-z only occurs in ``low`` exactly when it occurs in ``joined`` (no
    occurrence can span an ASCII non-letter), which is usually a quarter of the text's length;
    when ``low`` is ASCII, a word is in ``set`` exactly when it is a whole run of letters there.
    """
    runs = set(low.translate(_NON_LETTER).split())
    return Words(runs, " " + " ".join(runs) + " ")


def parts(keyword: str) -> tuple[str, ...]:
    """The a-z runs of a lower-case keyword: each occurs in a text wherever the keyword does."""
    return tuple(dict.fromkeys(keyword.translate(_NON_LETTER).split()))
