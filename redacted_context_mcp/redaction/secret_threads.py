"""Secrets a conversation or a note gives without a key (lead round 12 of issue 9).

- **chat-thread-secret**: in a chat, once a message names a password, a login or a Wi-Fi key, the next four
  messages often give one without saying so again, and a message that gives one keeps the window open
  (``same user, but Zephyr-Copper-19 for that one``, ``the old one was Sunset2023 right?``). A token there
  is a secret when it has the shape of a made-up password:
  eight characters or more with a digit and a lower-case letter, and an upper-case letter or a symbol
  (``COVID-19`` has no lower-case letter, ``v2.4.1`` none of the others); links, paths, addresses, ticket
  keys, versions and file names stay. Only messages (a speaker and a colon, or an IRC ``<nick>``, after an
  optional stamp).
- **secret-aside**: on a line that names a password, a token in brackets or backticks with that shape, or with
  letters of both cases around a symbol (``passphrase = same as the laptop (Nordlys&Kaffe)``).
- **labelled-login-pair**: a note line ``Label: user / password`` (``Netflix: maria.k / popcorn-Tuesday5``):
  a lower-case login, `` / ``, and a value that reads as a password with a digit or a symbol, ending the
  line; ``Status: open / closed`` and ``Branch: main / release-2`` stay.

Imports: redaction.secret_prose, redaction.secret_replies, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_prose import password_like
from redacted_context_mcp.redaction.secret_replies import _MESSAGE, _NAMED, _STAMP
from redacted_context_mcp.redaction.spans import Hit

THREAD_ID = "chat-thread-secret"
ASIDE_ID = "secret-aside"
PAIR_ID = "labelled-login-pair"
DESCRIPTIONS: tuple[tuple[str, str], ...] = (
    (THREAD_ID, "a made-up password (Zephyr-Copper-19, Sunset2023) in one of the four chat messages after one"
                " naming a password, login or Wi-Fi key"),
    (ASIDE_ID, "a password-shaped token in brackets or backticks on a line naming a password (passphrase = same as"
               " the laptop (Nordlys&Kaffe))"),
    (PAIR_ID, "the password of a note line Label: user / password (Netflix: maria.k / popcorn-Tuesday5)"),
)

#: Words that put a chat thread on credentials (letter runs; compounds such as ``wifi`` are one run).
CUES = frozenset(("password", "passwords", "passwort", "kennwort", "pw", "pwd", "pass", "passphrase", "creds",
                  "credentials", "login", "logins", "wifi", "wlan", "psk", "senha", "contrasena", "wachtwoord", "mdp",
                  "passcode", "pin"))
#: The cue words of an aside: a password's own names (a login or Wi-Fi line's brackets hold other things).
_ASIDE_CUES = frozenset(("password", "passwort", "kennwort", "pw", "pwd", "pass", "passphrase", "psk", "senha",
                         "contrasena", "wachtwoord", "mdp", "passcode"))
_WORD = re.compile(r"[a-zà-ÿ]+")
#: An IRC log line: ``[12:02] <asmith> body``, ``12:04 < mkay> body`` (the mode sign or blank before the nick).
_IRC = re.compile(_STAMP + r"<[ @+%~&]?(?P<n>[^\s<>]{1,30})>[ \t]{1,3}(?P<b>[^\n]{1,400})")
_TOKEN = re.compile(r"[^\s\"'`()\[\]{}<>,;]{8,64}")
_SYMBOLS = frozenset("!#$%&*+=?@^~_")
#: brackets and backticks only: a quoted word on such a line is more often an item's name than its value
_ASIDE = re.compile(r"\((?P<p>[^\s()'\",;]{6,64})\)|`(?P<b>[^\s`'\",;]{6,64})`")
_PAIR = re.compile(r"^[ \t]{0,8}(?:[-*•][ \t]{1,3})?(?:\*\*)?[^\s:|/][^:|/\n]{0,40}?(?:\*\*)?[ \t]{0,2}"
                   r"(?::|->|→|=>|–|—)[ \t]{1,3}`?[a-z0-9][a-z0-9._@\\-]{1,63}`?[ \t]{1,2}/[ \t]{1,2}"
                   r"`?(?P<v>[^\s/|`]{4,64})`?[ \t]*(?:\([^()\n]{0,60}\))?[ \t]*\r?$", re.M)
_LINK = re.compile(r"://|^www\.|\.(?:com|org|net|io|de|fr|html?|php|pdf|txt|md|json|ya?ml|sh|py|js)$", re.I)


def made_up(v: str) -> bool:
    """A token shaped like a password somebody made up (see the module docstring)."""
    v = v.rstrip(".!?:")
    if not 8 <= len(v) <= 64 or "/" in v or "\\" in v or _LINK.search(v) or _NAMED.fullmatch(v):
        return False
    if "@" in v and "." in v.rsplit("@", 1)[-1]:
        return False  # an address
    digit = upper = lower = sym = False
    for c in v:
        if c.isdigit():
            digit = True
        elif c.isupper():
            upper = True
        elif c.islower():
            lower = True
        elif c in _SYMBOLS:
            sym = True
    return digit and lower and (upper or sym)


def _symbol_word(v: str) -> bool:
    """Letters of both cases around an inner symbol: ``Nordlys&Kaffe``, ``Blue#Heron``."""
    inner = [i for i, c in enumerate(v) if c in _SYMBOLS or c == "-"]
    return (any(0 < i < len(v) - 1 and v[i] != "-" for i in inner) and any(c.isupper() for c in v)
            and any(c.islower() for c in v) and password_like(v))


def _cue_lines(low: str, runs: frozenset[str] | set[str] | None) -> list[int]:
    """The starts of the lines that hold a cue word as a whole word (found by ``str.find``, not per line)."""
    words = CUES.intersection(runs) if runs is not None else [c for c in CUES if c in low]
    found: set[int] = set()
    n = len(low)
    for c in list(words) + (["wi-fi"] if "wi-fi" in low else []):
        i = low.find(c)
        while i >= 0:
            j = i + len(c)
            if (i == 0 or not low[i - 1].isalpha()) and (j >= n or not low[j].isalpha()):
                found.add(low.rfind("\n", 0, i) + 1)
            i = low.find(c, j)
    return sorted(found)


def _message(line: str) -> re.Match[str] | None:
    msg = _MESSAGE.fullmatch(line) if ":" in line else None
    if msg is None and ">" in line:
        msg = _IRC.fullmatch(line)
    return msg


def find_threads(text: str, low: str, out: list[Hit], runs: frozenset[str] | set[str] | None) -> None:
    """The three families, the chats and asides behind a cue word (``runs``: the letter runs of an ASCII text,
    else None)."""
    if " / " in text:
        _pairs(text, out)
    if runs is not None and CUES.isdisjoint(runs):
        return
    cues = _cue_lines(low, runs)
    cue_set = set(cues)
    done: set[int] = set()  # message lines already read for a window
    n = len(text)
    for ls in cues:
        le = text.find("\n", ls)
        le = n if le < 0 else le
        if le - ls > 400:
            continue
        line = text[ls:le]
        if not _ASIDE_CUES.isdisjoint(_WORD.findall(line.lower())):
            _asides(line, ls, out)
        if _message(line) is None:
            continue
        left, pos = 4, le + 1  # chat messages still in the window of the cue
        while left and pos < n:
            nl = text.find("\n", pos)
            end = n if nl < 0 else nl
            ln = text[pos:end]
            if pos in cue_set or len(ln) > 400:
                break  # the next cue opens its own window
            msg = _message(ln)
            if msg is None:
                if ln.strip():
                    break  # the thread is over
            elif pos not in done:
                done.add(pos)
                base = pos + msg.start("b")
                gave = False
                for t in _TOKEN.finditer(msg.group("b")):
                    v = t.group().rstrip(".!?:")
                    if made_up(v):
                        out.append(Hit(base + t.start(), base + t.start() + len(v), "SECRET", THREAD_ID))
                        gave = True
                left = 4 if gave else left - 1  # a message that gives one keeps the thread on credentials
            pos = end + 1


def _asides(line: str, at: int, out: list[Hit]) -> None:
    for m in _ASIDE.finditer(line):
        g = "p" if m.group("p") is not None else "b"
        v = m.group(g)
        if "=" in v or ":" in v:
            continue  # a setting in brackets (tenant=de-01), not a value
        if made_up(v) or _symbol_word(v):
            out.append(Hit(at + m.start(g), at + m.end(g), "SECRET", ASIDE_ID))


def _pairs(text: str, out: list[Hit]) -> None:
    for m in _PAIR.finditer(text):
        v = m.group("v")
        if v.isdigit() or not password_like(v) or not (any(c.isdigit() for c in v) or not v.isalnum()):
            continue
        if not (made_up(v) or _symbol_word(v) or any(c.isdigit() for c in v) and any(c.isalpha() for c in v)
                and len(v) >= 6):
            continue
        out.append(Hit(*m.span("v"), "SECRET", PAIR_ID))
