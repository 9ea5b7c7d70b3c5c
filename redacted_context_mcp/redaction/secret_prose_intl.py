"""Passwords written into sentences in other languages: "das Passwort lautet V", "le mot de passe est V".

The English prose cues live in secret_dumps; this grammar reads the word for
password in fourteen other languages (and the definite forms
``lösenordet``, ``passordet``, ``adgangskoden``) with that language's own copula or a
separator (``ist``, ``lautet``, ``est``, ``es``, ``é``, ``è``, ``is``, ``luidt``,
``är``, ``er``, ``on``, ``jest``, ``je``, ``:``), optionally qualified (``das
Passwort für den Server ist V``, ``le mot de passe du wifi est V``). The value
must not read as a word (a digit, a symbol or mixed case inside), as in English.

Imports: redaction.secret_dumps, redaction.secret_values, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_dumps import _TRAIL, _wordish
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

#: The word for password, by language (lower-case; ``password`` itself is used in Italian and others).
WORDS = ("passwort", "kennwort", "mot de passe", "contraseña", "contrasena", "senha", "wachtwoord",
         "lösenordet", "lösenord", "losenordet", "losenord", "passordet", "passord", "adgangskoden",
         "adgangskode", "salasana", "hasło", "haslo", "heslo", "şifre", "sifre", "пароль", "password")
_QUALIFIER = r"(?:für|fuer|vom|von|des|du|de|del|de la|da|do|van|voor|för|for|til|dla|do|per|pro|для|от)"
_COPULA = r"(?:lautet|ist|est|es|é|è|e|is|luidt|är|er|on|jest|to|je|equivale a|—|:|=)"
_PROSE = re.compile(
    r"(?P<w>" + "|".join(sorted((re.escape(w) for w in WORDS), key=len, reverse=True)) + r")"
    r"(?:[ \t]{1,3}" + _QUALIFIER + r"(?:[ \t]{1,3}[\w.@-]{1,40}){1,3}?)?"
    r"[ \t]{0,3}" + _COPULA + r"(?:[ \t]{0,3}:)?[ \t]{1,3}"
    r"(?:\"(?P<q>[^\"\r\n]{3,64})\"|[\"'“‘`«„*]{0,2}(?P<v>[^\s\"'”’`»“*]{3,64}))"
)
#: Whole letter runs that one of the words starts with, for an ASCII text's run set (``mot de passe``: ``passe``).
_RUNS = frozenset(("passwort", "kennwort", "passe", "contrasena", "senha", "wachtwoord", "losenord", "losenordet",
                   "passord", "passordet", "adgangskode", "adgangskoden", "salasana", "haslo", "heslo", "sifre"))
_NON_ASCII = ("contraseña", "lösenord", "hasło", "şifre", "пароль", "password")
#: Copulas that English prose also uses: ``password is V`` is secret_dumps' to read.
_ENGLISH = frozenset(("is", ":", "="))


def find_intl_prose(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str],
                    joined: str) -> None:
    """Hits for passwords named in a sentence of another language (``wordset``/``joined``: the letter-run view)."""
    if low.isascii():
        if _RUNS.isdisjoint(wordset):
            return
    elif _RUNS.isdisjoint(wordset) and not any(w in joined for w in _NON_ASCII):
        return
    for m in _PROSE.finditer(low):
        if m.start() > 0 and low[m.start() - 1].isalnum():
            continue
        if m.group("w") == "password":
            tail = low[m.end("w"):m.start("q") if m.start("q") >= 0 else m.start("v")].strip(" \t\"'“‘`«„*")
            if tail.split(" ")[-1] in _ENGLISH or not tail:
                continue  # English prose, read by secret_dumps
        if m.start("q") >= 0:
            s, e = m.span("q")
            if not is_template(text[s:e]) and not is_reference(text[s:e], quoted=True):
                out.append(Hit(s, e, "SECRET", "prose-password"))
            continue
        s, e = m.span("v")
        while e > s and text[e - 1] in _TRAIL:
            e -= 1
        v = text[s:e]
        if len(v) < 3 or _wordish(v) or text[s] in "<{[($%@" or is_template(v) or is_reference(v, quoted=False):
            continue
        out.append(Hit(s, e, "SECRET", "prose-password"))
