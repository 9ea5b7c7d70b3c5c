"""A secret given as the reply to a chat question that asks for it (round 11).

``maria: thx. wifi?`` then ``tom: sunflowerfieldsforever (same as last year)``; ``ana: what's the pin for
the door?`` then ``rui: 4471``; ``> What's the alarm code?`` then ``7741 then press OFF``: the question names
the secret, the answer is the next line and holds only the value. A question ends in ``?`` or opens with a
question or request word (``whats the code for the bike shed``). Either both lines read as chat messages
(a speaker and a colon, after an optional time stamp: ``[10:44] tom:``, ``12/03/2026, 09:14 - Ana:``,
``10:44 tom:``), or the question is quoted (``> ``) or a ``Q:`` line and the answer the next line (``A:``
optional). The answer is one token, optionally followed by a bracketed remark or a short tail (``btw``,
an emoji, ``then press OFF``); the token must read as a secret: a digit, a symbol or mixed case with
letters (six characters or more), four to ten figures after a code question, or lower-case words run
together (ten letters or more, no dictionary word). Acknowledgements, single words, links, paths, files,
ticket keys, versions and sentences stay.

Imports: redaction.secret_prose, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_prose import _LEX, passphrase_words
from redacted_context_mcp.redaction.spans import Hit

RULE_ID = "chat-reply-secret"
RULE_DESCRIPTION = ("the reply to a chat question asking for a password, Wi-Fi key, PIN or code (maria: wifi? /"
                    " tom: V): one secret-looking token alone in the next message")

_CUES = frozenset(("wifi", "wlan", "password", "passwort", "pw", "pwd", "pass", "passcode", "passphrase", "pin",
                   "code", "creds", "credentials", "psk", "senha", "contrasena", "wachtwoord", "kennwort",
                   "mdp", "token", "key"))
_CODE_CUES = frozenset(("pin", "code", "passcode"))
_STAMP = (r"(?:\[[^\]\n]{1,30}\][ \t]{0,2}"
          r"|\d{1,4}[./-]\d{1,2}[./-]\d{2,4},?[ \t]{1,2}\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[ap]m)?"
          r"[ \t]{0,2}[-–][ \t]{0,2}"
          r"|\d{1,2}:\d{2}(?::\d{2})?[ \t]{1,2})?")
#: A speaker may be set in bold or italics (``**Lea**: V``, a chat pasted into Markdown; round 14).
_MESSAGE = re.compile(_STAMP + r"(?:\*{1,2}|__?)?(?P<n>[^\s:\[\]<>|#*-][^:\n]{0,30}?):(?:\*{1,2}|__?)?[ \t]{1,3}"
                      r"(?P<b>[^\n]{1,400})")
#: A question quoted in a reply or written as a Q/A pair (``> What's the alarm code?``, ``Q: ...``).
_QUOTED = re.compile(r"(?:>[ \t]?){1,3}(?P<b>[^\n>][^\n]{0,399})"
                     r"|(?:q|question)[ \t]{0,2}[:.][ \t]{1,3}(?P<q>[^\n]{1,400})", re.IGNORECASE)
#: The answer line under a quoted or Q/A question: ``A: V`` or the value alone (not a quote itself).
_ANSWER = re.compile(r"(?:(?:a|answer)[ \t]{0,2}[:.][ \t]{1,3})?(?P<b>[^\s>][^\n]{0,399})", re.IGNORECASE)
#: First words that make a message a question or a request without its question mark.
_ASKS = frozenset("what whats what's wats where which how hows can could do does did got any anyone send share pls"
                  " please need remind".split())
_WORD = re.compile(r"[a-zà-ÿ]+")
_REPLY = re.compile(r"[\"'`*]{0,2}(?P<v>[^\s\"'`*]{4,64}?)[\"'`*]{0,2}[.!]?"
                    r"(?:[ \t]{1,3}(?:\([^()\n]{0,80}\)|[-–—][^\n]{0,80}|btw|fyi|lol|:\)|;\)|👍|🙂"
                    r"|(?:then|and|for|on|at|in|but)[ \t][^\n]{0,40})?)?[ \t]*")
#: Replies that name a thing and are no secret: a ticket key, a version, a file.
_NAMED = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,7}|v?\d{1,4}(?:\.\d{1,4}){1,3}[a-z0-9.-]{0,12}|[\w.-]{1,60}\.[a-z]{2,4}")
#: A quoted reply of several words: a passphrase when it reads as one (``secret_prose.passphrase_words``).
_QUOTED_PHRASE = re.compile(r"[\"“'‘`](?P<v>[^\s\"“”'‘’`][^\"“”'‘’`\n]{2,62}[^\s\"“”'‘’`])[\"”'’`][.!]?[ \t]*")
_ACK = frozenset("thanks thank thx sure okay ok yes no nope yep yeah checking sec later asap dunno idk".split())


def _question_cues(body: str) -> frozenset[str]:
    """The secret words of a question (a message ending in ``?`` or opening with a question or request word)."""
    words = _WORD.findall(body.lower().replace("-", "").replace("ñ", "n"))
    if not words or not body.rstrip().endswith("?") and words[0] not in _ASKS:
        return frozenset()
    return _CUES.intersection(words)


def _secretish(v: str, codes: bool) -> bool:
    if "://" in v or "@" in v and "." in v.rsplit("@", 1)[-1] or "/" in v or _NAMED.fullmatch(v):
        return False  # a link, an address, a path, a ticket, a version or a file
    if v.isdigit():
        return codes and 4 <= len(v) <= 10
    letters = any(c.isalpha() for c in v)
    if not letters or len(v) < 6 or v.lower() in _ACK:
        return False
    if any(c.isdigit() for c in v) or any(not c.isalnum() for c in v.rstrip(".!?")):
        return True
    if any(a.islower() and b.isupper() for a, b in zip(v, v[1:])):
        return True
    return len(v) >= 10 and v.islower() and not _LEX.is_generic(v)


def find_replies(text: str, low: str, runs: set[str] | frozenset[str] | None = None) -> list[Hit]:
    """Secrets given as the next chat message after a question that asks for them."""
    present = _CUES.intersection(runs) if runs is not None else frozenset(c for c in _CUES if c in low)
    if not present or "?" not in text and (runs is None or _ASKS.isdisjoint(runs)):
        return []
    out: list[Hit] = []
    seen: set[int] = set()
    for cue in present:
        i = low.find(cue)
        while i >= 0:
            ls = low.rfind("\n", 0, i) + 1
            le = low.find("\n", i)
            if le < 0:
                break
            if ls not in seen and le - ls <= 400:
                seen.add(ls)
                _reply(text, ls, le, out)
            i = low.find(cue, le)
    return out


def _reply(text: str, ls: int, le: int, out: list[Hit]) -> None:
    """The answer on the line after the question on ``text[ls:le]``, if that line asks for a secret."""
    asked = _MESSAGE.fullmatch(text, ls, le)
    quoted = None if asked is not None else _QUOTED.fullmatch(text, ls, le)
    if asked is None and quoted is None:
        return
    cues = _question_cues(asked.group("b") if asked is not None else quoted.group("b") or quoted.group("q"))
    if not cues:
        return
    nl = text.find("\n", le + 1)
    end = nl if nl >= 0 else len(text)
    reply = (_MESSAGE if asked is not None else _ANSWER).fullmatch(text, le + 1, end)
    if reply is not None:
        m = _REPLY.fullmatch(text, *reply.span("b"))
        if m is not None and _secretish(m.group("v"), not cues.isdisjoint(_CODE_CUES)):
            out.append(Hit(*m.span("v"), "SECRET", RULE_ID))
        elif m is None and (q := _QUOTED_PHRASE.fullmatch(text, *reply.span("b"))) is not None \
                and passphrase_words(q.group("v").lower().split()):
            out.append(Hit(*q.span("v"), "SECRET", RULE_ID))  # "tangerine orbit cactus"
