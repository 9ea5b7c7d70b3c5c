"""A strong human-made password shortly after a password word, where no prose grammar names the value.

``the staging DB password got rotated, it's V now``, ``I'll DM you the password... actually it's just V``,
``Q: what's the root password on nas01?`` then ``A: V``: the value stands up to 160 characters after
``password``/``pw``/``passphrase``/``passcode`` in the same paragraph. Only strong shapes count there: 8+
characters, letters with digits, a lower-case letter, and a capital or a symbol; not an address, path, URL,
version, hex run, identifier, or one word with a number at an edge (``1Password``, ``Office365``; a year
such as ``Winter2024`` still counts).

Imports: redaction.secret_prose, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_prose import ASSIGN_OPS, NOUN_AT, password_like, trim_end
from redacted_context_mcp.redaction.spans import Hit

#: The password words whose sentence or the next may hold the value further on (``… it's just V``).
_NEAR_NOUNS = ("password", "passwd", "pw", "pwd", "passphrase", "passcode")
_NEAR_WINDOW = 160  # characters after the word, within its paragraph
_NEAR_TOKEN = re.compile(r"[^\s\"“”'‘’`*|<>()\[\]{},;]{8,64}")
_NEAR_SYMBOLS = frozenset("!#$&*+?-_")
_HEX = frozenset("0123456789abcdef")
_ONE_WORD = re.compile(r"\d{0,4}[A-Za-z]{1,30}(?:(?P<year>(?:19|20)\d\d)|\d{0,4})")


def _near_value(v: str) -> bool:
    """A strong human-made password: 8+ characters, letters with digits, a lower-case letter, and an upper-case
    letter or a symbol; not a URL, path, address, version or identifier."""
    if not (any(c.isdigit() for c in v) and any(c.islower() for c in v)):
        return False
    if not (any(c.isupper() for c in v) or any(c in _NEAR_SYMBOLS for c in v)):
        return False
    if any(c in v for c in "@/\\.:%=^") or all(c in _HEX for c in v.lower()):
        return False
    one = _ONE_WORD.fullmatch(v)
    if one is not None and not one.group("year"):
        return False  # one word with a number at an edge (1Password, Office365, Windows11): a name; Winter2024 counts
    return password_like(v)


def find_password_nearby(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str], joined: str) -> None:
    """A strong human-made password within a short window after a password word in prose, where no grammar
    names the value (``the password got rotated, it's V now``, ``... actually it's just V``)."""
    ascii_text = low.isascii()
    for noun in _NEAR_NOUNS:
        if noun not in wordset if ascii_text else noun not in joined:
            continue
        for m in NOUN_AT[noun].finditer(low):
            j = m.end()
            if low[j:j + 1] in ("=", ":", "_", "-") or low[j + 1:j + 3] in ASSIGN_OPS:
                continue  # an assignment or a key name: the assignment rows read it
            end = low.find("\n\n", j, j + _NEAR_WINDOW)
            end = min(len(low), j + _NEAR_WINDOW) if end < 0 else end
            for tm in _NEAR_TOKEN.finditer(text, j, end):
                s, e = tm.start(), trim_end(text, *tm.span())
                if e - s >= 8 and _near_value(text[s:e]):
                    out.append(Hit(s, e, "SECRET", "prose-password-near"))
