"""Values listed under a lead-in line that names them as secrets (hold-out round 10, r10-files).

A runbook or a wiki export introduces a list with a plural secret noun and a colon, then gives one value
per item, each keyed by a site, a host or a person rather than by a secret word::

    Pre-shared keys:                      <p>Site passwords:</p>
    - Rotterdam: `psk-9HIKOXbTCp`          <ul><li>Lisbon &harr; HQ: <code>V</code></li>

The items right under the lead-in (a blank line, ``<ul>`` or a fence step over) are read until a line
that is not an item. A value under ``passwords``/``credentials``/``passphrases`` must read as a password
(``secret_prose.password_like``), one under ``keys``/``tokens``/``secrets`` as a generated token (eight
characters or more with a letter and a digit), one under ``pins``/``passcodes`` as four to twelve figures.
Gated on the plural noun and a colon in the text.

Imports: redaction.secret_prose, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_prose import identifier, password_like
from redacted_context_mcp.redaction.spans import Hit

RULE_ID = "lead-in-list"
RULE_DESCRIPTION = ("the values of a list under a lead-in naming them as secrets (Pre-shared keys:, Site"
                    " passwords:, <p>API tokens:</p>), one per item keyed by a site, a host or a name")
_NOUNS = ("keys:", "passwords:", "passphrases:", "tokens:", "secrets:", "credentials:", "pins:", "passcodes:",
          "psks:", "keys</", "passwords</", "tokens</", "secrets</", "credentials</")
#: The letter runs of the plural nouns: the set test before the substring tests.
LEAD_RUNS = frozenset(("keys", "passwords", "passphrases", "tokens", "secrets", "credentials", "pins", "passcodes",
                       "psks"))
_LEAD = re.compile(
    r"(?<![\w-])(?P<n>keys|passwords|passphrases|tokens|secrets|credentials|pins|passcodes|psks)"
    r"[ \t]{0,3}(?:\([^()\n]{0,40}\))?[ \t]{0,3}:?[ \t]{0,3}(?:</(?:p|strong|b|h[1-6]|span|div)>[ \t]{0,3}){0,3}:?"
    r"[ \t]{0,3}\r?$", re.M)
_ITEM = re.compile(r"[ \t]{0,12}(?:[-*•+][ \t]{1,4}|\d{1,2}[.)][ \t]{1,4}|(?:<ul[^<>\n]{0,60}>)?<li[^<>\n]{0,60}>)")
#: The value is read possessively: its class holds no first character of what may follow it, so this is the
#: match a lazy read would find, without trying the tail at each length (hostile ``::::`` lines).
_VALUE = re.compile(
    r"(?:[:=–—]|&rarr;|->)[ \t]{0,3}(?:<code>|<strong>|<b>|`|\*\*)?(?P<v>[^\s<`*]{4,128}+)"
    r"(?:</code>|</strong>|</b>|`|\*\*)?[ \t]{0,3}(?:</li>)?[ \t]{0,3}(?:</ul>)?[ \t]{0,3}\r?$")
_STEP = re.compile(r"[ \t]{0,12}(?:<ul[^<>\n]{0,60}>|<ol[^<>\n]{0,60}>|```[\w-]{0,20}|~~~)?[ \t]{0,3}\r?")
_MAX_ITEMS = 40


def _fits(noun: str, v: str) -> bool:
    if noun in ("pins", "passcodes"):
        return v.isdigit() and 4 <= len(v) <= 12
    if noun in ("passwords", "passphrases", "credentials"):
        return password_like(v)
    return len(v) >= 8 and any(c.isdigit() for c in v) and any(c.isalpha() for c in v) and "://" not in v and (
        not identifier(v.lower()) or not v.islower())  # order_id2 names a column, not a key


def find_lead_in_lists(text: str, low: str, runs: set[str] | frozenset[str] | None = None) -> list[Hit]:
    """The values of the list items under each lead-in line (see the module docstring; ``runs``: the text's
    letter runs, ``textview.letter_words(low).set``, when the caller has them)."""
    if runs is not None and LEAD_RUNS.isdisjoint(runs) or not any(n in low for n in _NOUNS):
        return []
    out: list[Hit] = []
    for m in _LEAD.finditer(low):
        noun = m.group("n")
        pos = low.find("\n", m.end())
        if pos < 0:
            continue
        pos += 1
        stepped = 0
        items = 0
        while pos < len(low) and items < _MAX_ITEMS:
            end = low.find("\n", pos)
            end = len(low) if end < 0 else end
            item = _ITEM.match(low, pos, end)
            if item is None:
                if items or stepped >= 2 or _STEP.fullmatch(low, pos, end) is None:
                    break
                stepped += 1
            else:
                items += 1
                v = _VALUE.search(low, item.end(), end)
                if v is not None:
                    s, e = v.span("v")
                    if _fits(noun, text[s:e]):
                        out.append(Hit(s, e, "SECRET", RULE_ID))
            pos = end + 1
    return out
