"""Secrets said aloud or texted: transcripts, voicemail, chat exports and SMS one-time codes (round 6).

A grammar run by find_context, behind cheap checks on the letter-run view:

- **spoken codes**: four or more digits read as words (``eight three six one five``, ``six oh two``,
  ``double seven, three``) or as single figures (``8 3 6 1 5``, ``4-8-1-9-3-3``) on a line that, or whose
  previous line, names a code, PIN, passcode, combination or password (``Agent: read me the code`` then
  ``Customer: 4 1 9 9 0 2``); not after a public code word (area code, error code...);
- **SMS one-time codes**: ``640218 is your X code``, ``G-482913 is your Google verification code``,
  ``Your X code is: 903117``, ``Telegram code: 72915`` at a line start, ``Use 7204915 as X security code``;
  the same figures again in the message (a verify link) are covered too;
- **spelled passwords**: letters and symbols read one by one (``capital P, a, s, s, nine``,
  ``T - r - 1 - c - k - y``), after a password word or with a case or symbol word inside;
- **security words**: ``security word: "V"``, ``memorable word is V``.

Imports: redaction.secret_prose_cues, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_prose_cues import _PUBLIC_CODE
from redacted_context_mcp.redaction.spans import Hit

_DIGITS = {"zero": 1, "oh": 1, "one": 1, "two": 1, "three": 1, "four": 1, "five": 1, "six": 1, "seven": 1,
           "eight": 1, "nine": 1, "niner": 1}
#: Words that name a secret code on the line of the figures or the line before.
CUES = frozenset(("code", "codes", "pin", "pins", "passcode", "passcodes", "otp", "password", "passwort", "pw",
                  "pass", "combo", "combination", "puk", "cvv", "cvc", "passphrase", "pincode", "keypad"))
_DIGIT_RUNS = frozenset(_DIGITS) - {"oh"}
_D = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|niner)"
_TOKEN = r"(?:(?:double|triple)[ \t]{1,2})?" + _D
_SEP = r"(?:[ \t]{0,2}[,.\-–][ \t]{0,2}|[ \t]{1,3})(?:and[ \t]{1,3})?(?:then[ \t]{1,3})?"
_SPOKEN = re.compile(r"(?<![\w-])" + _TOKEN + r"(?:" + _SEP + _TOKEN + r"){2,23}(?![\w-])")
_FIGSEP = r"(?:[ \t]{0,2}[,\-–][ \t]{0,2}|[ \t]{1,2})"
_FIGURES = re.compile(r"(?<![\w.,:/#-])\d(?:" + _FIGSEP + r"\d(?!\d|[.:/]\d)){3,15}(?![\w:/]|[.,-]\d)")
_CUE = re.compile(r"(?<![a-z])(?P<c>" + "|".join(sorted(CUES, key=len, reverse=True)) + r")(?![a-z])")
_WORD_BEFORE = re.compile(r"([a-z]+)[ \t]{1,3}$")

_CODE_V = r"(?P<v>(?:[a-z]-)?\d{4,8}|\d{3}[ -]\d{3})"
_NAMES = r"(?:[\w.'’-]{1,20}[ \t]{1,2}){0,4}?"
_KIND = r"(?:code|otp|passcode|pin)"
#: (rule id, regex on the folded text): the SMS one-time code forms.
SMS_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("value-first", re.compile(r"(?<![\w-])" + _CODE_V + r"[ \t]{1,2}is[ \t]{1,2}your[ \t]{1,2}" + _NAMES
                               + _KIND + r"(?![a-z])")),
    ("your-code", re.compile(r"(?<![\w-])your[ \t]{1,2}" + _NAMES + _KIND
                             + r"(?:[ \t]{1,2}for[ \t]{1,2}[\w-]{1,20}(?:[ \t]{1,2}[\w-]{1,20})?)?"
                             r"(?:[ \t]{1,2}is[ \t]{0,2}:?|[ \t]{0,2}:)[ \t]{1,2}" + _CODE_V + r"(?![\w]|[.,:/-]\d)")),
    ("brand-code", re.compile(r"(?m)^[ \t]{0,3}(?P<b>[a-z][\w.'’-]{1,20})[ \t]{1,2}(?:login[ \t]{1,2}|sign-in[ \t]{1,2})?"
                              r"code[ \t]{0,2}:[ \t]{1,2}" + _CODE_V + r"(?![\w]|[.,:/-]\d)")),
    ("use-as", re.compile(r"(?<![\w-])use[ \t]{1,2}" + _CODE_V + r"[ \t]{1,2}as[ \t]{1,2}" + _NAMES + _KIND
                          + r"(?![a-z])")),
)
_SMS_NOT = _PUBLIC_CODE | {"promo", "coupon", "gift", "referral", "invite", "the", "a", "this", "that", "qr", "source"}

_CASE = r"(?:(?:capital|uppercase|upper[ -]case|lowercase|lower[ -]case|small|big|upper|lower)[ \t]{1,2})"
_CHAR = (r"(?:[a-z0-9]|" + _D[3:-1] + r"|exclamation(?:[ \t](?:mark|point))?|hash|pound|at[ \t]sign|dollar"
         r"(?:[ \t]sign)?|underscore|dash|hyphen|dot|period|star|asterisk|ampersand|percent|plus|equals"
         r"|question[ \t]mark|slash)")
_SPELL = re.compile(r"(?<![\w-])" + _CASE + r"?" + _CHAR
                    + r"(?:(?P<s>[ \t]{0,2},[ \t]{1,2}|[ \t]{1,2}-[ \t]{1,2})" + _CASE + r"?" + _CHAR
                    + r"(?![\w])){3,31}")
_SPELL_CUES = frozenset(("password", "passwd", "pw", "pass", "passcode", "passphrase", "spell", "spelled",
                         "spelling", "capital", "uppercase", "lowercase"))
_SPELL_GATE = frozenset(("capital", "uppercase", "lowercase", "upper", "lower", "exclamation", "hash",
                         "underscore", "dollar", "asterisk", "ampersand"))
_SECURITY_WORD = re.compile(
    r"(?<![a-z])(?:security|memorable|secret)[ \t]{1,3}(?:word|phrase)(?:[ \t]{0,2}[:=]|[ \t]{1,3}is)[ \t]{1,3}"
    r"[\"'“`]?(?P<v>[^\s\"'”`.,;!?()]{3,40})")


def _window(low: str, s: int, e: int) -> str:
    """The figures' line and the line before it."""
    ls = low.rfind("\n", 0, s)
    ls = low.rfind("\n", 0, ls) if ls > 0 else -1
    le = low.find("\n", e)
    return low[ls + 1:le if le >= 0 else len(low)]


def _cued(low: str, s: int, e: int) -> bool:
    """A secret code word near the figures, not a public one (area code, error code, exit code)."""
    win = _window(low, s, e)
    for m in _CUE.finditer(win):
        if m.group("c") in ("code", "codes"):
            b = _WORD_BEFORE.search(win, max(0, m.start() - 24), m.start())
            if b is not None and b.group(1) in _PUBLIC_CODE:
                continue
        return True
    return False


def _count(v: str) -> int:
    n = 0
    for w in re.split(r"[^a-z]+", v):
        if w in _DIGITS:
            n += 1
        elif w == "double":
            n += 1
        elif w == "triple":
            n += 2
    return n


def _spoken(low: str, out: list[Hit]) -> None:
    for m in _SPOKEN.finditer(low):
        v = m.group()
        if _count(v) >= 4 and v.split()[0] != "oh" and _cued(low, *m.span()):
            out.append(Hit(*m.span(), "SECRET", "spoken-code"))


def _figures(low: str, out: list[Hit]) -> None:
    for m in _FIGURES.finditer(low):
        if _cued(low, *m.span()):
            out.append(Hit(*m.span(), "SECRET", "spoken-code"))


def _sms(text: str, low: str, out: list[Hit]) -> None:
    found: set[str] = set()
    for rule, rx in SMS_FORMS:
        for m in rx.finditer(low):
            if rule == "brand-code" and m.group("b") in _SMS_NOT:
                continue
            s, e = m.span("v")
            out.append(Hit(s, e, "SECRET", "sms-code"))
            found.add(re.sub(r"^[a-z]-|[ -]", "", low[s:e]))
    for v in found:  # the same figures again in the message: a verify or login link
        if len(v) < 5:
            continue
        i = low.find(v)
        while i >= 0:
            j = i + len(v)
            if (i == 0 or not low[i - 1].isdigit()) and (j == len(low) or not low[j].isdigit()):
                out.append(Hit(i, j, "SECRET", "sms-code"))
            i = low.find(v, j)


def _spelled(low: str, wordset: frozenset[str] | set[str], out: list[Hit]) -> None:
    for m in _SPELL.finditer(low):
        v = m.group()
        toks = [t.strip() for t in re.split(r"[ \t]{0,2},[ \t]{1,2}|[ \t]{1,2}-[ \t]{1,2}", v)]
        if len(toks) < 4 or not any(len(t) == 1 and t.isalpha() for t in toks):
            continue
        marked = any(len(t) > 1 or t.isdigit() for t in toks)
        dashed = "-" in m.group("s")
        mixed = any(t.isdigit() for t in toks) and any(t.isalpha() and len(t) == 1 for t in toks)
        win = set(re.findall(r"[a-z]+", _window(low, *m.span())))
        if marked and (not _SPELL_CUES.isdisjoint(win) or dashed and mixed and len(toks) >= 5):
            out.append(Hit(*m.span(), "SECRET", "spelled-password"))


def _dashed_run(low: str) -> bool:
    """Three single characters joined by `` - `` somewhere (``T - r - 1``): the spelled form without a cue."""
    i = low.find(" - ")
    while i >= 1:
        if low[i + 4:i + 7] == " - " and low[i - 1].isalnum() and low[i + 3].isalnum() and (
                i == 1 or not low[i - 2].isalnum()) and not low[i + 7:i + 8].isspace():
            return True
        i = low.find(" - ", i + 3)
    return False


def find_spoken(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str], joined: str) -> None:
    """Hits of the spoken, texted and spelled forms (``wordset``/``joined``: the letter-run view of ``low``)."""
    ascii_text = low.isascii()

    def has(words: frozenset[str]) -> bool:
        return not words.isdisjoint(wordset) if ascii_text else any(f" {w} " in joined for w in words)

    cued = has(CUES)
    if cued and has(_DIGIT_RUNS):
        _spoken(low, out)
    if cued:
        _figures(low, out)
    if ("your" in wordset or "use" in wordset or "code" in wordset) and (
            "code" in wordset or "otp" in wordset or "passcode" in wordset or "pin" in wordset):
        _sms(text, low, out)
    if has(_SPELL_GATE) or has(_SPELL_CUES) and ("," in low or " - " in low) or _dashed_run(low):
        _spelled(low, wordset, out)
    if "word" in wordset and ("security" in wordset or "memorable" in wordset or "secret" in wordset):
        for m in _SECURITY_WORD.finditer(low):
            out.append(Hit(*m.span("v"), "SECRET", "spoken-code"))
