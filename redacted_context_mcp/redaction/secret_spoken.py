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
CUES = frozenset(("code", "codes", "pin", "passcode", "passcodes", "otp", "password", "passwort", "pw",
                  "pass", "combo", "combination", "puk", "cvv", "cvc", "passphrase", "pincode", "keypad",
                  "recovery", "bitlocker", "disarm", "digicode", "lockbox", "código", "codigo", "codice", "kod",
                  "kodu"))
_DIGIT_RUNS = frozenset(_DIGITS) - {"oh"}
_D = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|niner)"
_TOKEN = r"(?:(?:double|triple)[ \t]{1,2})?" + _D
_SEP = r"(?:[ \t]{0,2}[,.\-–][ \t]{0,2}|[ \t]{1,3})(?:and[ \t]{1,3})?(?:then[ \t]{1,3})?"
_SPOKEN = re.compile(r"(?<![\w-])" + _TOKEN + r"(?:" + _SEP + _TOKEN + r"){2,23}(?![\w-])")
_FIGSEP = r"(?:[ \t]{0,2}[,\-–][ \t]{0,2}|[ \t]{1,2})"
#: (the boundary is a lookbehind after the first figure: a pattern that starts with one is tried at every position)
_FIGURES = re.compile(r"\d(?<![\w.,:/#-]\d)(?:" + _FIGSEP + r"\d(?!\d|[.:/]\d)){3,15}(?![\w:/]|[.,-]\d)")
_CUE = re.compile(r"(?<![a-z])(?P<c>" + "|".join(sorted(CUES, key=len, reverse=True)) + r")(?![a-z])")

_CODE_V = r"(?P<v>(?:[a-z]-)?\d{4,8}|\d{3}[ -]\d{3}|(?=[a-z]{0,7}\d)(?=\d{0,7}[a-z])[a-z0-9]{5,8})"
_NAMES = r"(?P<n>(?:[\w.'’-]{1,20}[ \t]{1,2}){0,4}?)"
_KIND = r"(?:code|otp|passcode|pin)"
_END = r"(?![\w]|[.,:/-]\d)"
#: (rule id, anchor literal, regex matched at the anchor): the SMS one-time code forms. ``value-first``
#: reads the figures back from the anchor, ``brand-code`` matches from the anchor's line start.
_FIGS = r"(?P<v>\d{4,8}|\d{3}[ -]\d{3})"
_FOR = r"(?:[ \t]{1,2}for[ \t]{1,2}[\w-]{1,20}(?:[ \t]{1,2}[\w-]{1,20})?)?"
_BRAND = r"[ \t]{0,3}(?P<b>[a-z][\w.'’-]{1,20})(?P<n>(?:[ \t]{1,2}[a-z][\w'’-]{1,20}){0,2}?)"
_GOAL = r"(?:sign|log|verify|confirm|complete|continue|access|reset|finish|activate)"
SMS_FORMS: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    ("value-first", ("is your",), re.compile(r"is[ \t]{1,2}your[ \t]{1,2}" + _NAMES + _KIND + r"(?![a-z])")),
    ("your-code", ("your",), re.compile(r"your[ \t]{1,2}" + _NAMES + _KIND + _FOR
                                        + r"(?:[ \t]{1,2}is[ \t]{0,2}:?|[ \t]{0,2}:)[ \t]{1,2}" + _CODE_V + _END)),
    ("brand-code", ("code",), re.compile(_BRAND + r"[ \t]{1,2}code[ \t]{0,2}:[ \t]{1,2}" + _CODE_V + _END)),
    ("enter-code", ("use", "enter", "type", "input"), re.compile(
        r"(?:use|enter|type|input)[ \t]{1,2}(?:the[ \t]{1,2})?(?:(?:code|otp|pin)[ \t]{1,2})?" + _FIGS
        + r"[ \t]{1,2}(?:to|on|in|for)[ \t]{1,2}(?:[\w'’-]{1,20}[ \t]{1,2}){0,2}?" + _GOAL)),
    ("use-as", ("use",), re.compile(r"use[ \t]{1,2}" + _CODE_V + r"[ \t]{1,2}as[ \t]{1,2}" + _NAMES + _KIND
                                    + r"(?![a-z])")),
)
_BEFORE_V = re.compile(r"(?<![\w-])(?P<v>(?:[a-z]-)?\d{4,8}|\d{3}[ -]\d{3})[ \t]{1,2}$")
_SMS_NOT = _PUBLIC_CODE | {"promo", "coupon", "gift", "referral", "invite", "the", "a", "this", "that", "qr", "source",
                           # round 12: codes that name a place, a rule or a class, never a one-time code
                           "dress", "room", "zip", "postal", "post", "area", "country", "dial", "dialling", "dialing",
                           "course", "class", "colour", "color", "airport", "iata", "icao", "hs", "tariff", "sic",
                           "naics", "ateco", "nace", "postcode", "sort", "bank", "branch", "swift", "product", "item"}

_CASE = r"(?:(?:capital|uppercase|upper[ -]case|lowercase|lower[ -]case|small|big|upper|lower)[ \t]{1,2})"
_CHAR = (r"(?:[a-z0-9]|" + _D[3:-1] + r"|exclamation(?:[ \t](?:mark|point))?|hash|pound|at[ \t]sign|dollar"
         r"(?:[ \t]sign)?|underscore|dash|hyphen|dot|period|star|asterisk|ampersand|percent|plus|equals"
         # the NATO alphabet (Kilo - Delta - 7 - 7 - Lima)
         r"|alfa|alpha|bravo|charlie|delta|echo|foxtrot|golf|hotel|india|juliett?|kilo|lima|mike|november|oscar"
         r"|papa|quebec|romeo|sierra|tango|uniform|victor|whiske?y|x-ray|xray|yankee|zulu"
         r"|question[ \t]mark|slash)")
_NATO = frozenset("alfa alpha bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike november"
                  " oscar papa quebec romeo sierra tango uniform victor whiskey whisky x-ray xray yankee zulu".split())
_SPELL = re.compile(r"(?<![\w-])" + _CASE + r"?" + _CHAR
                    + r"(?:(?P<s>[ \t]{0,2},[ \t]{1,2}|[ \t]{1,2}-[ \t]{1,2})" + _CASE + r"?" + _CHAR
                    + r"(?![\w])){3,31}")
_SPELL_CUES = frozenset(("password", "passwd", "pw", "pass", "passcode", "passphrase", "spell", "spelled",
                         "spelling", "capital", "uppercase", "lowercase",
                         # round 14: the password and spelling words of other languages
                         "passwort", "kennwort", "passe", "mdp", "contrasena", "contraseña", "senha", "wachtwoord",
                         "haslo", "hasło", "losenord", "lösenord", "lösenordet", "passord", "sifre", "şifre", "пароль",
                         "buchstabiert", "buchstabieren", "buchstabiere", "epelle", "épelle", "épeler", "epeler",
                         "deletrea", "deletreo", "soletra", "soletrar", "compitare", "spelt"))
#: Single letters and figures joined by hyphens alone (``K-L-A-U-S-7-7``) on a line naming a password: five
#: or more, with a letter.
_TIGHT = re.compile(r"(?<![\w-])[a-z0-9](?:-[a-z0-9]){4,31}(?![\w-])")
_TIGHT_GATE = re.compile(r"-[a-z0-9]-[a-z0-9]-[a-z0-9]-")  # implied by _TIGHT, led by the dash
#: Literal-led seeds of a spelled run (``, a, `` or `` - a - ``): a window without one holds none.
_DASH_SEED = re.compile(r" - [a-z0-9] - ")
_DASH_GATE = re.compile(r"- [a-z0-9] - ")  # implied by _DASH_SEED; led by the dash, which is rarer than a blank
_COMMA_SEED = re.compile(r", [a-z0-9], ")
_SECURITY_WORD = re.compile(
    r"(?<![a-z])(?:security|memorable|secret)[ \t_-]{1,3}(?:word|phrase)(?:[ \t]{0,2}[:=]|[ \t]{1,3}is)[ \t]{1,3}"
    r"[\"'“`]?(?P<v>[^\s\"'”`.,;!?()]{3,40})")


def _window(low: str, s: int, e: int) -> str:
    """The figures' line and the line before it (at most 240 characters either side)."""
    lo = max(0, s - 240)
    ls = low.rfind("\n", lo, s)
    ls = low.rfind("\n", lo, ls) if ls > lo else lo - 1
    le = low.find("\n", e, e + 240)
    return low[ls + 1:le if le >= 0 else min(len(low), e + 240)]


def _cued(low: str, s: int, e: int) -> bool:
    """A secret code word near the figures, not a public one (area code, error code, exit code)."""
    win = _window(low, s, e)
    for m in _CUE.finditer(win):
        if m.group("c") in ("code", "codes"):
            before = win[max(0, m.start() - 24):m.start()].split()
            if before and before[-1] in _PUBLIC_CODE:
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


def _cue_lines(low: str, cues: frozenset[str] | set[str]) -> list[tuple[int, int]]:
    """Spans of each line that holds a cue word and of the line after it, merged, in text order."""
    spans: list[tuple[int, int]] = []
    for cue in cues:
        i = low.find(cue)
        while i >= 0:
            j = i + len(cue)
            if (i == 0 or not low[i - 1].isalpha()) and (j == len(low) or not low[j].isalpha()):
                ls = low.rfind("\n", 0, i) + 1
                le = low.find("\n", j)
                le = len(low) if le < 0 else low.find("\n", le + 1)
                spans.append((ls, len(low) if le < 0 else le))
                j = spans[-1][1]
            i = low.find(cue, j)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


def _counting(figures: str) -> bool:
    """``1 2 3 4``, ``one, two, three, four``: an enumeration or a count, not a code."""
    return all(int(b) == int(a) + 1 for a, b in zip(figures, figures[1:]))


def _named(low: str, s: int) -> bool:
    """The figures follow a copula (``the pin is 1 2 3 4``): a code even when they count up."""
    return low[max(0, s - 12):s].rstrip().endswith((" is", ":", "'s", "’s", " was", "="))


def _as_figures(v: str) -> str:
    return "".join(str(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine").index(w))
                   if w in _DIGITS and w not in ("oh", "niner") else "0" if w == "oh" else "9" if w == "niner" else ""
                   for w in re.split(r"[^a-z]+", v))


def _said(low: str, spans: list[tuple[int, int]], digit_words: bool, out: list[Hit]) -> None:
    """Codes in words and in single figures within the cue lines."""
    for s, e in spans:
        for m in _SPOKEN.finditer(low, s, e) if digit_words else ():
            v = m.group()
            if _count(v) >= 4 and v.split()[0] != "oh" and (
                    _named(low, m.start()) or not _counting(_as_figures(v))) and _cued(low, *m.span()):
                out.append(Hit(*m.span(), "SECRET", "spoken-code"))
        for m in _FIGURES.finditer(low, s, e):
            if (_named(low, m.start()) or not _counting(re.sub(r"\D", "", m.group()))) and _cued(low, *m.span()):
                out.append(Hit(*m.span(), "SECRET", "spoken-code"))


def _sms_at(low: str, rule: str, rx: re.Pattern[str], i: int, out: list[Hit], found: set[str]) -> None:
    """One SMS form at its anchor ``i``; not when a word names a public code (promo, discount, error...)."""
    m = rx.match(low, low.rfind("\n", 0, i) + 1 if rule == "brand-code" else i)
    if m is None:
        return
    named = (m.group("b") + " " if "b" in rx.groupindex else "") + (m.group("n") or "" if "n" in rx.groupindex else "")
    if not _SMS_NOT.isdisjoint(named.split()):
        return
    if rule == "value-first":
        b = _BEFORE_V.search(low, max(0, i - 14), i)
        if b is None:
            return
        span = b.span("v")
    else:
        span = m.span("v")
    out.append(Hit(*span, "SECRET", "sms-code"))
    found.add(re.sub(r"^[a-z]-|[ -]", "", low[span[0]:span[1]]))


def _sms(low: str, out: list[Hit]) -> None:
    found: set[str] = set()
    for rule, anchors, rx in SMS_FORMS:
        for anchor in anchors:
            i = low.find(anchor)
            while i >= 0:
                if i == 0 or not low[i - 1].isalnum():
                    _sms_at(low, rule, rx, i, out, found)
                i = low.find(anchor, i + len(anchor))
    for v in found:  # the same figures again in the message: a verify or login link
        if len(v) < 5:
            continue
        i = low.find(v)
        while i >= 0:
            j = i + len(v)
            if (i == 0 or not low[i - 1].isalnum()) and (j == len(low) or not low[j].isalnum()):
                out.append(Hit(i, j, "SECRET", "sms-code"))
            i = low.find(v, j)


def _spelled(low: str, spans: list[tuple[int, int]], out: list[Hit]) -> None:
    for s, e in spans:
        for m in _SPELL.finditer(low, s, e):
            toks = [t.strip() for t in re.split(r"[ \t]{0,2},[ \t]{1,2}|[ \t]{1,2}-[ \t]{1,2}", m.group())]
            if len(toks) < 4 or not any(len(t) == 1 and t.isalpha() or t in _NATO for t in toks):
                continue
            marked = any(len(t) > 1 or t.isdigit() for t in toks)
            dashed = "-" in m.group("s")
            mixed = any(t.isdigit() for t in toks)
            win = set(re.findall(r"[a-z]+", _window(low, *m.span())))
            if marked and (not _SPELL_CUES.isdisjoint(win) or dashed and mixed and len(toks) >= 5):
                out.append(Hit(*m.span(), "SECRET", "spelled-password"))


def _dashed_run(low: str) -> int:
    """Where three single characters are joined by `` - `` (``T - r - 1``), the spelled form without a cue; -1."""
    if _DASH_GATE.search(low) is None:
        return -1
    for m in _DASH_SEED.finditer(low):
        i = m.start()
        if i >= 2 and low[i - 1].isalnum() and not low[i - 2].isalnum() and not low[m.end():m.end() + 1].isspace():
            return i
    return -1


def find_spoken(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str], joined: str) -> None:
    """Hits of the spoken, texted and spelled forms (``wordset``/``joined``: the letter-run view of ``low``)."""
    ascii_text = low.isascii()

    def has(words: frozenset[str]) -> bool:
        return not words.isdisjoint(wordset) if ascii_text else any(f" {w} " in joined for w in words)

    cues = (CUES.intersection(wordset) if not CUES.isdisjoint(wordset) else ()) if ascii_text else {
        c for c in CUES if f" {c} " in joined}
    if cues:
        _said(low, _cue_lines(low, cues), has(_DIGIT_RUNS), out)
    if ("your" in wordset or "use" in wordset or "code" in wordset or "enter" in wordset) and (
            "code" in wordset or "otp" in wordset or "passcode" in wordset or "pin" in wordset
            or "verify" in wordset or "sign" in wordset):
        _sms(low, out)
    spell = (_SPELL_CUES.intersection(wordset) if not _SPELL_CUES.isdisjoint(wordset) else ()) if ascii_text else {
        c for c in _SPELL_CUES if f" {c} " in joined}
    spans = [(s, e) for s, e in _cue_lines(low, spell) if _COMMA_SEED.search(low, s, e) is not None
             or _DASH_SEED.search(low, s, e) is not None] if spell and (", " in low or " - " in low) else []
    if (d := _dashed_run(low)) >= 0:
        spans = sorted(spans + [(low.rfind("\n", 0, d) + 1, len(low) if low.find("\n", d) < 0 else low.find("\n", d))])
    if spans:
        _spelled(low, spans, out)
    if spell and "-" in low and _TIGHT_GATE.search(low) is not None:
        for s, e in _cue_lines(low, spell):
            for m in _TIGHT.finditer(low, s, e):
                if any(c.isalpha() for c in m.group()):
                    out.append(Hit(*m.span(), "SECRET", "spelled-password"))
    if "word" in wordset or "phrase" in wordset:
        for cue in ("security", "memorable", "secret"):
            i = low.find(cue) if cue in wordset else -1
            while i >= 0:
                if (m := _SECURITY_WORD.match(low, i)) is not None and (i == 0 or not low[i - 1].isalpha()):
                    out.append(Hit(*m.span("v"), "SECRET", "spoken-code"))
                i = low.find(cue, i + len(cue))
