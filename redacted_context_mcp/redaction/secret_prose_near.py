"""A strong human-made password shortly after a password word, where no prose grammar names the value.

``the staging DB password got rotated, it's V now``, ``I'll DM you the password... actually it's just V``,
``Q: what's the root password on nas01?`` then ``A: V``: the value stands up to 160 characters after
``password``/``pw``/``passphrase``/``passcode`` in the same paragraph. Only strong shapes count there: 8+
characters, letters with digits, a lower-case letter, and a capital or a symbol; not an address, path, URL,
version, hex run, identifier, or one word with a number at an edge (``1Password``, ``Office365``; a year
such as ``Winter2024`` still counts).

The same strong shape with no password word at all, after a verb of trying it (``try``, ``use``, ``enter``,
``type``) in a login context within the paragraph (``Can you try V? That's what IT gave me for the VPN``,
``Tom: use V to log in``, ``enter V at the wifi prompt``): ``prose-login-value``.

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
_WORD_NUMBER = re.compile(r"[a-z]{2,10}(?:-\d{1,7}){1,3}")
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
    if _WORD_NUMBER.fullmatch(v) and not any(c.isupper() for c in v):
        return False  # policy-2024, release-42: a name with a number, unless a verb or colon gives it (round 14)
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


LOGIN_VERBS = frozenset(("try", "use", "enter", "type", "using"))
LOGIN_CONTEXT = frozenset(("log", "login", "logon", "signin", "sign", "vpn", "wifi", "wlan", "ssid", "portal",
                            "unlock", "account", "credentials", "creds", "prompt", "authenticate"))
_LOGIN_VALUE = re.compile(r"(?<![\w-])(?:try|use|using|enter|type)[ \t]{1,3}[\"'“‘`]?"
                          r"(?P<v>[^\s\"“”'‘’`*|<>()\[\]{},;]{8,64})")
_LOGIN_WINDOW = 100
_WORD_RUN = re.compile(r"[a-z]{2,20}")


def find_login_values(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str]) -> None:
    """A strong human-made password tried or used in a login context, with no password word (the caller has
    checked that a trying verb and a login word are whole letter runs of the text)."""
    for m in _LOGIN_VALUE.finditer(text):
        s, e = m.start("v"), trim_end(text, *m.span("v"))
        v = text[s:e]
        if e - s < 8 or not _near_value(v) or not (any(c.isupper() for c in v) or any(c in "!#$&*+?" for c in v)):
            continue  # a capital or a real symbol: ``ssh-ed25519`` after ``type`` is a key type
        lo = low.rfind("\n\n", max(0, s - _LOGIN_WINDOW), s)
        hi = low.find("\n\n", e, e + _LOGIN_WINDOW)
        window = low[max(0, s - _LOGIN_WINDOW) if lo < 0 else lo:min(len(low), e + _LOGIN_WINDOW) if hi < 0 else hi]
        if not LOGIN_CONTEXT.isdisjoint(_WORD_RUN.findall(window)):
            out.append(Hit(s, e, "SECRET", "prose-login-value"))
