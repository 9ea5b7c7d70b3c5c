"""An identifier found once in a text, said again elsewhere in it (round 11, r8-personal).

Whole files repeat what they hold: a CloudTrail event gives the account id inside an ARN and again as
``"recipientAccountId": "402871935146"``; a ticket quotes the IBAN of its form in the reply; a log line
prints a national id that a table cell of the same file labelled. Once a rule has found such a value
(an identifier category: account and national ids, IBAN, VAT id, bank account, passport, wallet, or a login
with a digit or a separator in it), every other whole occurrence of the same value in the text gets the
same category. Plain ``str.find`` searches, bounded by the values found (at most ``_MAX_VALUES``).

Imports: redaction.spans.
"""

from __future__ import annotations

from collections.abc import Callable

from redacted_context_mcp.redaction.spans import Hit

RULE_ID = "id-retold"
_ID_CATEGORIES = frozenset(("ACCOUNT_ID", "NATIONAL_ID", "IBAN", "VAT_ID", "BANK_ACCOUNT", "PASSPORT", "WALLET"))
_MAX_VALUES = 200
_MIN_LEN = 6


def _edge(c: str) -> bool:
    return c.isalnum() or c in "_"


def _wanted(category: str, value: str, is_generic: Callable[[str], bool]) -> bool:
    if len(value) < _MIN_LEN or "\n" in value:
        return False
    if category in _ID_CATEGORIES:
        return sum(c.isdigit() for c in value) >= 4
    if category == "HANDLE":  # a login: with a digit or a separator, or a word no lexicon knows
        return any(c.isalpha() for c in value) and " " not in value and (
            any(c.isdigit() or c in "._-" for c in value) or not is_generic(value.lower()))
    return False


def find_retold(text: str, stages: list[list[Hit]], is_generic: Callable[[str], bool]) -> list[Hit]:
    """Hits for the other whole occurrences of identifier values the ``stages`` found (``is_generic``: the
    lexicon's test for ordinary words: a login that is a word is not looked for again)."""
    values: dict[str, str] = {}
    for stage in stages:
        for h in stage:
            cat = h[2]
            if cat in _ID_CATEGORIES or cat == "HANDLE":
                value = text[h[0]:h[1]]
                if value not in values and _wanted(cat, value, is_generic):
                    values[value] = cat
                    if len(values) >= _MAX_VALUES:
                        break
    out: list[Hit] = []
    n = len(text)
    for value, cat in values.items():
        size = len(value)
        i = text.find(value)
        while i >= 0:
            e = i + size
            if (i == 0 or not _edge(text[i - 1])) and (e == n or not _edge(text[e])):
                out.append(Hit(i, e, cat, RULE_ID))
            i = text.find(value, e)
    return out


RULES: tuple[tuple[str, str, str, str], ...] = (
    (RULE_ID, "(category of the first find)", "default",
     "an identifier or login found once in a text, at its other whole occurrences in the same text"),
)
