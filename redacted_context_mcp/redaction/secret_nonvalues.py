"""Values written where a secret goes that are words *about* the secret, not the secret (round 5).

Credential sheets, runbooks and tickets put a note in the password cell or after
``Password:`` instead of the value; redacting it would make the document unreadable
while hiding nothing. A value is such a note (kept, in every grammar and mode) when it is:

- **a status word**: ``changed``, ``rotated``, ``expired``, ``unchanged``, ``locked``,
  ``geändert``, ``abgelaufen``, ``modifié``, ``cambiada``... (the whole value, one word);
- **a pointer phrase**: two to eight words led by a pointer or a preposition
  (``see below``, ``see ticket``, ``same as Jira``, ``in 1Password``, ``sent separately``,
  ``ask Tom``, ``siehe KeePass``, ``wie besprochen``, ``voir le coffre``, ``envoyé par SMS``,
  ``enviada por SMS``, ``la de siempre``) whose words are words, not tokens: a word
  with mixed case and digits inside (``Kx9qT2mz``) or a symbol makes it a passphrase again;
- **a date**: ``2024-01-01``, ``01.01.2024``, ``15/01/2024`` (a validity or change date), also an ISO 8601
  timestamp (``2024-05-01T12:30:45Z``);
- **a ticket key**: ``OPS-1123``, ``SEC-88`` (upper-case project, dash, number);
- **a version**: ``v2.4.1``, ``15.4`` (dotted numbers);
- **a life-cycle note** (round 13): plain words led by ``not``, ``never``, ``rotates``...
  (``Not Yet Set``).

A passphrase of plain words (``correct horse battery staple``) is still a secret: its
first word is not a pointer.

Imports: nothing.
"""

from __future__ import annotations

import re

#: One-word notes (lower case), by language.
STATUS_WORDS: frozenset[str] = frozenset(
    "changed rotated expired unchanged locked unlocked disabled revoked reset pending unknown same sent "
    "shared deleted removed generated set none-set inherited sso ldap ad kerberos mfa "
    "ok passed failed missing present configured valid invalid "  # a checklist's verdict (password ..... OK)
    "geändert geaendert abgelaufen gesperrt gelöscht unverändert zurückgesetzt "
    "modifié modifie expiré expire inchangé bloqué "
    "cambiada cambiado caducada caducado bloqueada "
    "cambiata scaduta bloccata "
    "gewijzigd verlopen geblokkeerd "
    "alterada expirada bloqueada "
    "zmienione wygasło "
    "ändrat utgånget ændret udløbet endret utløpt "
    # round 14: Russian, Ukrainian, Turkish, Greek
    "изменён изменен сменён сменен истёк истек заблокирован сброшен змінено değişti değiştirildi sıfırlandı "
    "άλλαξε".split()
)
#: Words that lead a pointer phrase (lower case): where the value is, who has it, how it travels.
POINTERS: frozenset[str] = frozenset(
    "see ask check in on at from via per by same like as sent stored saved kept shared provided given "
    "available ref refer follows below above attached separately "
    "siehe sieh frag fragen wie im in bei per über ueber unter gleich bereits liegt "
    "voir demander dans comme envoyé envoye par sur même meme "
    "ver preguntar en como enviada enviado por la el igual "
    "vedi chiedere come inviata nel "
    "zie vraag bij zoals verstuurd "
    "ver perguntar no na como "
    "zobacz patrz zapytaj jak "
    "se fråga som skickat spør spørg "
    # round 14: Polish, Russian, Ukrainian, Turkish, Greek pointers (hasło: w sejfie, пароль: см. в Bitwarden)
    "w u we przez см. см смотри спроси спросите у в во на лежит как через див. дивись запитай bkz. bkz sor "
    "βλ. στο στον ρώτα".split()
)
#: Round 14: a CJK note where the value goes (``密码：见密码库``, ``パスワード：別途連絡``): a pointer, then CJK only.
CJK_POINTERS = ("见", "見", "参见", "參見", "详见", "詳見", "请见", "請見", "参照", "別途", "请联系", "請聯繫",
                "问", "問")
_DATE = re.compile(r"(?:19|20)\d\d-[01]\d-[0-3]\d(?:[T ][0-2]\d:[0-5]\d(?::[0-5]\d(?:[.,]\d{1,9})?)?"
                   r"(?:Z|[+-][0-2]\d(?::?[0-5]\d)?)?)?|[0-3]?\d[./][01]?\d[./](?:19|20)?\d\d")
_TICKET = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,6}")
_VERSION = re.compile(r"[vV]?\d{1,4}(?:\.\d{1,4}){1,3}")
_WORD = re.compile(r"[^\W\d_][\w'’-]{0,40}|\d{1,4}[A-Za-z][a-z]{1,30}|[A-Z]{2,10}\d{0,3}")


def _phrase(words: list[str]) -> bool:
    if not 2 <= len(words) <= 8 or words[0].lower() not in POINTERS:
        return False
    for w in words:
        w = w.strip(".,;:!?()\"'")
        if not w or _WORD.fullmatch(w) is None:
            return False
        # a word made of two cases with a digit inside is a token, not a word (1Password's digit is at its edge)
        if any(c.isdigit() for c in w.strip("0123456789")):
            return False
    return True


def is_note(value: str) -> bool:
    """Whether ``value`` (stripped, unquoted) is a note about a secret rather than the secret."""
    v = value.strip()
    if not v or len(v) > 80:
        return False
    first = v[0]
    if first.isdigit() or first in "vV":
        if _DATE.fullmatch(v) or _VERSION.fullmatch(v):
            return True
    if first.isupper() and "-" in v and _TICKET.fullmatch(v):
        return True
    if " " not in v:
        return v.lower() in STATUS_WORDS or v.startswith(CJK_POINTERS) and all(
            "\u3040" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in v)
    words = v.split()
    return _phrase(words) or _ui_label(words) or _lifecycle(words)


#: Round 12: the lead of an interface string about a credential (a locale file's ``"Create API key"``,
#: ``"Invalid client secret"``): an action or a verdict, then words, one of them the credential's noun.
UI_LEADS: frozenset[str] = frozenset(
    "create reset forgot forgotten generate regenerate revoke rotate copy show hide enter confirm change update "
    "delete remove add manage new invalid missing wrong incorrect expired unknown your no".split()
)
CREDENTIAL_NOUNS: frozenset[str] = frozenset(
    "password passwords passphrase key keys token tokens secret secrets pin credential credentials code".split()
)


def _ui_label(words: list[str]) -> bool:
    if not 2 <= len(words) <= 8 or words[0].lower() not in UI_LEADS:
        return False
    plain = [w.strip(".,;:!?()\"'").lower() for w in words]
    return all(w.isalpha() for w in plain) and any(w in CREDENTIAL_NOUNS for w in plain[1:])


#: Round 13: the lead of a note on a credential's life instead of its value (``password: Not Yet Set``,
#: ``Token: Rotates Every Ninety Days``, ``Kennwort: wird noch vergeben``, ``mot de passe : jamais défini``).
LIFECYCLE_LEADS: frozenset[str] = frozenset(
    "not never rotates rotated rotating expires expiring renews renewed changes managed handled issued tbd tba "
    "awaiting unset nicht noch wird läuft wechselt pas jamais expire renouvelé todavía caduca".split()
)


#: ...and one of these after it, so a passphrase that merely starts with ``never`` stays a secret.
LIFECYCLE_WORDS: frozenset[str] = frozenset(
    "set yet assigned issued created configured provided defined generated used expires expire expired rotated "
    "changed every day days week weeks month months hour hours year years daily weekly monthly quarterly yearly "
    "annually automatically auto "
    "vergeben gesetzt definiert erstellt tage tagen wochen monate monaten jährlich automatisch "
    "défini definie créé jours semaines mois automatiquement asignada definida días meses".split()
)


def _lifecycle(words: list[str]) -> bool:
    """Two to eight plain words (letters, or a number such as ``90``) led by a life-cycle word."""
    if not 2 <= len(words) <= 8 or words[0].lower() not in LIFECYCLE_LEADS:
        return False
    plain = [w.strip(".,;:!?()\"'") for w in words]
    return (all(w.isalpha() or w.isdigit() for w in plain)
            and any(w.lower() in LIFECYCLE_WORDS for w in plain[1:]))


#: A figure with its unit, a count of a total or a percentage (``10.7 MB/s``, ``412/415``, ``97.5%``, ``3.2 s``):
#: a run's or a test's measure. Units are named, so a password such as ``2024Kx`` is no figure with a unit.
_MEASURE = re.compile(
    r"[<>~≈]?[ \t]?\d{1,9}(?:(?:[.,]\d{1,6})?[ \t]?(?:%|(?:[kKMGT]i?B|B|b|ms|µs|us|ns|s|sec|min|h|x|×|files?|MB/s"
    r"|GB/s|kB/s|KB/s|ops/s|req/s|rps|qps|fps)(?![\w/]))|[.,]\d{1,6}|[ \t]?/[ \t]?\d{1,9})"
    r"(?:[ \t]\([^)\n]{0,30}\))?")


def is_measure(value: str) -> bool:
    """A measure with a unit, a count of a total or a percentage, not a password (see ``_MEASURE``)."""
    return value[:1].isdigit() and _MEASURE.fullmatch(value) is not None or value[:1] in "<>~≈" and \
        _MEASURE.fullmatch(value) is not None

