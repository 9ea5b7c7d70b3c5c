"""A secret said again in the same text, and a password read aloud as words (hold-out round 10, r10-files).

Whole files repeat what they give: a call transcript reads ``the password is Orange River 2026, all one
word`` and the next speaker asks ``So OrangeRiver2026?``; a PIN is read ``4 4 0 9 1 7, that's 440917``; a chat
pastes a token and quotes it back. Two passes, run after the other secret rules of :func:`find_secrets`:

- **one word**: after a password noun and ``is``/``was``/``:``, two to five words or numbers followed by
  ``all one word``, ``one word``, ``no spaces``, ``without spaces`` or ``all together`` are one password;
- **retold**: every other whole occurrence of a secret already found in the text (length 6 or more, with a
  digit, a symbol or mixed case), of its form without blanks (``4 4 0 9 1 7`` -> ``440917``, ``Orange River
  2026`` -> ``OrangeRiver2026``) and of its words spelled apart (``BlueFalcon77!`` -> ``Blue Falcon 77``,
  three parts or more) is the same secret.

Both are plain string searches (``str.find``) bounded by the hits found; the first is gated on its cue words.

Imports: redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit

RULE_ID = "secret-retold"
RULE_DESCRIPTION = ("a secret found in the text said again elsewhere in it: the same value, its form without"
                    " blanks (4 4 0 9 1 7 -> 440917) or its words spelled apart (BlueFalcon77! -> Blue Falcon 77),"
                    " and a password read as words: the password is Orange River 2026, all one word")
ONE_WORD_ID = "spoken-one-word"

_ONE_WORD_CUES = ("one word", "no spaces", "without spaces", "all together", "no space")
_ONE_WORD_RUNS = frozenset(("word", "spaces", "space", "together"))
_ONE_WORD = re.compile(
    r"(?<![\w-])(?:password|passphrase|passcode|passwort|pw|pass)(?:[ \t]{1,3}(?:is|was|will[ \t]be)|[ \t]{0,2}:)"
    r"[ \t]{1,3}(?P<v>[\w!@#$%&*+?.-]{1,24}(?:[ \t]{1,2}[\w!@#$%&*+?.-]{1,24}){1,4}?)[ \t]{0,2}[,(–—-]?[ \t]{0,2}"
    r"(?:all[ \t]{1,2}|as[ \t]{1,2})?(?:one[ \t]{1,2}word|no[ \t]{1,2}spaces?|without[ \t]{1,2}spaces|together)"
)
_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_BLANKS = re.compile(r"[ \t,]+")
_SPOKEN = re.compile(r"[A-Za-z0-9]{1,24}(?:[ \t]{0,2},?[ \t]{1,2}[A-Za-z0-9]{1,24}){1,11}[!?#$%&*]?")
_TOKEN = re.compile(r"[A-Za-z0-9][\w!@#$%^&*+=?~.:/|-]{5,255}")
_MAX_VALUES = 200
_MAX_SAME = 50


def find_one_word(text: str, low: str, runs: set[str] | frozenset[str] | None = None) -> list[Hit]:
    """``the password is Orange River 2026, all one word``: the words before the cue are one password
    (``runs``: the text's letter runs, ``textview.letter_words(low).set``, when the caller has them)."""
    if runs is not None:
        if _ONE_WORD_RUNS.isdisjoint(runs):
            return []
    elif not any(c in low for c in _ONE_WORD_CUES):
        return []
    out = []
    for m in _ONE_WORD.finditer(low):
        s, e = m.span("v")
        v = text[s:e]
        if any(c.isdigit() for c in v) or any(c.isupper() for c in v) or not v.replace(" ", "").isalpha():
            out.append(Hit(s, e, "SECRET", ONE_WORD_ID))
    return out


def _specific(v: str) -> bool:
    """Long and odd enough that another occurrence is the same secret: six figures or more, letters with a
    digit, mixed case or a symbol; not a word, nor a name in code (``api_key``, ``MAX_SIZE``)."""
    if len(v) < 6 or len(v) > 256:
        return False
    if v.isdigit():
        return True
    letters = any(c.isalpha() for c in v)
    if letters and any(c.isdigit() for c in v):
        return True
    if any(a.islower() and b.isupper() for a, b in zip(v, v[1:])):
        return True  # nasPass, not Tomcat
    return letters and any(not c.isalnum() and c not in "_-. " for c in v)


def _bounded(text: str, s: int, e: int) -> bool:
    return (s == 0 or not text[s - 1].isalnum()) and (e >= len(text) or not text[e].isalnum())


def find_retold(text: str, low: str, hits: list[Hit]) -> list[Hit]:
    """Every other whole occurrence of a found secret, of its blank-free form and of its words spelled apart."""
    if not hits:
        return []
    forms: dict[str, bool] = {}  # form -> searched in ``low`` (case-blind) rather than ``text``
    seen: set[str] = set()
    for h in hits[:_MAX_VALUES]:
        v = text[h.start:h.end]
        if len(v) < 6 or v in seen or h.category != "SECRET":
            continue
        seen.add(v)
        v = v.strip()
        if " " in v or "\t" in v:
            if _SPOKEN.fullmatch(v) is None:
                continue  # only words and figures said apart, never a phrase a rule took in
            joined = _BLANKS.sub("", v)
            if joined in text and _specific(joined):
                forms.setdefault(joined, False)
            if text.count(v) > 1 and _specific(v):
                forms.setdefault(v, False)
            continue
        again = text.count(v) > 1  # C scans first: most secrets are given once
        apart = None
        if len(v) <= 24:
            parts = _PARTS.findall(v)
            if 3 <= len(parts) <= 5:
                apart = " ".join(parts).lower()
                if apart not in low:
                    apart = None
        if (again or apart) and _TOKEN.fullmatch(v) is not None and _specific(v):
            if again:
                forms.setdefault(v, False)
            if apart:
                forms.setdefault(apart, True)
    if not forms:
        return []
    taken = {(h.start, h.end) for h in hits}
    out = []
    for form, folded in forms.items():
        hay = low if folded else text
        n = len(form)
        i = hay.find(form)
        k = 0
        while i >= 0 and k < _MAX_SAME:
            if (i, i + n) not in taken and _bounded(text, i, i + n):
                out.append(Hit(i, i + n, "SECRET", RULE_ID))
            k += 1
            i = hay.find(form, i + n)
    return out
