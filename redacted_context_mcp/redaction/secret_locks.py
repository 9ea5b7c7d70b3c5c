"""The codes of physical locks in notes, handovers and chats (lead round 12 of issue 9).

A lock that opens with a code is named, and the code follows on the same line after a short label:
``Key safe at the back door: 0712``, ``Locker 14 combination 26-04-11``, ``Der Tresor im Büro geht mit
3-17-42 auf``, ``sleutelkluis: 4471``, ``le cadenas du local vélo : 1984``. The nouns come in two kinds:

- **locks** (a key safe, lockbox, padlock, safe, Tresor, kluis, coffre, cadenas, candado, lucchetto, cofre,
  sejf and their compounds): the number after an operator, a copula or *with* is the code;
- **holders** (a locker, Spind, Schließfach, casier, taquilla, armadietto, kluisje, szafka): they carry a
  number of their own, so only a number named by a code word (``combination``, ``code``, ``pin``,
  ``Kombination``...) is the code.

A bare English *safe* is also an adjective (``safe limit: 5000``, ``Safe mode: 1``): it counts only after a
determiner, a possessive or a place (``the safe``, ``office safe``), with a place or nothing as its label
(``the safe in the office is 4471``), or with a code word. The code is 3 to 8
digits (``#``/``*`` may frame it), single figures with blanks, or a combination of 2 to 5 groups of one or
two digits (``3-17-42``, ``12 34 56``); an ISO date or a longer run is not one.

Imports: redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit

RULE_ID = "lock-code"
DESCRIPTION = ("the code of a key safe, lockbox, padlock, safe or locker on its line in 8 languages (Key safe at the"
               " back door: 0712, Locker 14 combination 26-04-11, Der Tresor geht mit 3-17-42 auf)")

_LOCKS = (r"key[ -]?safe|key[ -]?box|lock[ -]?box|padlock|(?:combination|combo|bike|cable)[ \t]lock"
          r"|(?:wall|gun|hotel|office|room|floor|home)?safe"
          r"|[a-zäöüß]{0,14}tresor|(?:schlüssel|schluessel)(?:safe|box|kasten)"
          r"|(?:zahlen|vorhänge|vorhaenge|fahrrad|bügel|buegel|ketten|code|kombinations)schloss"
          r"|[a-z]{0,10}kluis|(?:hang|cijfer|fiets|code|combinatie)slot|sleutelkastje"
          r"|coffre(?:-fort)?|cadenas|bo[iî]te[ \t]à[ \t]cl[ée]s|candado|caja[ \t]fuerte|caja[ \t]de[ \t]llaves"
          r"|cassaforte|lucchetto|cassetta[ \t]delle[ \t]chiavi|cofre|cadeado|caixa[ \t]de[ \t]chaves"
          r"|sejf|sejfu|kłódka|kłódki|klodka")
_HOLDERS = r"lockers?|spind|schließfach|schliessfach|casier|taquilla|armadietto|kluisje|szafka|szafki"
_CODE_WORDS = (r"codes?|combination|combo|pin|pincode|kombination|zahlenkombination|combinaison|combinaci[óo]n"
               r"|combinazione|combina[çc][ãa]o|combinatie|kombinacja|szyfr|kod|c[óo]digo|codice")
_PUNCT_OP = r"[ \t]{0,3}(?::|=|—|–|->|→|-(?=[ \t]))"
_VERB_OP = (r"[ \t]{1,3}(?:is(?:[ \t]now)?|was|are|ist|lautet|est|es|era|è|é|jest|wynosi|luidt|now"
            r"|with|opens[ \t]with|mit|met|avec|con|com|z)")
_VALUE = (r"[ \t]{1,3}[\"'“„«`*]{0,2}(?P<v>\d{1,2}(?:[-–/. ]\d{1,2}){2,4}|[#*]?\d{3,8}[#*]?|\d(?:[ \t]\d){3,7})"
          r"(?![\w@/]|[.,:/-]\d|[ \t]\d)")
_LOCK = re.compile(
    r"(?<![\w-])(?:(?P<lock>" + _LOCKS + r")|(?P<holder>" + _HOLDERS + r"))(?![\w-])"
    r"(?P<x>(?:[ \t]{1,3}[^\s:=|]{1,30}){0,6}?)"
    r"(?:(?P<cw>[ \t]{1,3}(?:" + _CODE_WORDS + r"))(?:" + _PUNCT_OP + "|" + _VERB_OP + r")?|" + _PUNCT_OP + "|"
    + _VERB_OP + r")" + _VALUE)
#: What may stand before a bare ``safe`` for it to be the noun: a determiner, a possessive or a place.
_SAFE_BEFORE = frozenset((
    "the", "a", "our", "my", "your", "his", "her", "their", "its", "this", "that", "office", "wall", "hotel", "room",
    "gun", "key", "home", "house", "floor", "main", "old", "new", "small", "big", "little", "grey", "gray", "black",
    "server", "basement", "kitchen", "bedroom", "study", "cash", "den", "das", "der", "im", "unser", "le", "el",
))
#: The first label word after a bare ``safe`` that keeps it a noun: a place (the safe in the office: V).
_SAFE_PLACES = frozenset(("at", "in", "im", "behind", "under", "by", "of", "on", "upstairs", "downstairs", "der", "des",
                          "du", "de", "van", "dans", "bei", "hinter", "unter", "near", "next"))
_PREV_WORD = re.compile(r"([^\W\d_]{1,20})[’']?s?[ \t]{1,3}$")
#: Letter runs that any lock noun or holder contains (ASCII texts: set lookups before the scan).
_RUNS = frozenset((
    "safe", "keysafe", "lockbox", "keybox", "padlock", "lock", "tresor", "kluis", "sleutelkluis", "hangslot",
    "cijferslot", "fietsslot", "codeslot", "combinatieslot", "sleutelkastje", "coffre", "cadenas", "candado",
    "fuerte", "llaves", "cassaforte", "lucchetto", "chiavi", "cofre", "cadeado", "chaves", "sejf", "sejfu",
    "klodka", "locker", "lockers", "spind", "casier", "taquilla", "armadietto", "kluisje", "szafka", "szafki",
    "zahlenschloss", "codeschloss", "schliessfach", "schluesselsafe", "schluesselbox", "schluesselkasten",
    "wandtresor", "walltresor", "hoteltresor", "kluizen", "wallsafe", "gunsafe", "homesafe", "officesafe",
))
_NON_ASCII_CUES = ("tresor", "kluis", "safe", "schloss", "fach", "coffre", "cadenas", "candado", "fuerte", "lucchetto",
                   "cassaforte", "cofre", "cadeado", "sejf", "kłódk", "spind", "casier", "taquilla", "szafk", "locker",
                   "lock", "clés", "cles")


def wanted(low: str, runs: frozenset[str] | set[str] | None, joined: str) -> bool:
    """Whether the text may hold a lock code (``runs``: the letter runs of an ASCII text, else None)."""
    if not _has_digit(low):
        return False
    if runs is not None:
        return not _RUNS.isdisjoint(runs) or "combination" in runs and "lock" in joined
    return any(c in low for c in _NON_ASCII_CUES)


def _has_digit(low: str) -> bool:
    return any(d in low for d in "0123456789")


def find_lock_codes(text: str, low: str, out: list[Hit]) -> None:
    """The code after each lock noun on its line (see the module docstring)."""
    for m in _LOCK.finditer(low):
        if m.group("holder") is not None and m.group("cw") is None:
            continue  # a locker's own number (Locker 114) is not its code
        lock = m.group("lock")
        if lock == "safe" and m.group("cw") is None:
            before = _PREV_WORD.search(low, max(0, m.start() - 24), m.start())
            x = m.group("x").split()
            if before is None or before.group(1) not in _SAFE_BEFORE or x and x[0] not in _SAFE_PLACES:
                continue  # safe limit: 5000, Safe mode: 1, the safe limit is 5000
        out.append(Hit(*m.span("v"), "SECRET", RULE_ID))
