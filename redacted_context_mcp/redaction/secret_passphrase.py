"""Passphrases written as plain words after their label in a sentence (round 11).

``The passphrase is purple monkey dishwasher.``, ``they told me the passphrase over the phone: river
lantern copper``, ``recovery phrase: correct horse battery staple``, ``disk encryption phrase:
correct-horse-battery``: a passphrase is made of dictionary words, so the password rules (which want a
digit, a symbol or mixed case) pass it by. After a passphrase word (``passphrase``, ``pass phrase``,
``phrase`` led by a word that names a secret's use: recovery, seed, master, disk, LUKS..., or the word in
German, French, Spanish and Dutch: Passwortsatz, phrase secrète, frase de paso, wachtzin), up to five
qualifier words, then ``is``/``was``/``:``/``=``, the value is three to eight words that end the
sentence or the line. It must read as words and not as a sentence about the passphrase: no function word
in any of those languages (``is stored in the vault``, ``is not required``), and the first word not an
``-ly`` adverb or an ``-ed``
participle (``was entered twice incorrectly``), nor words of advice (``four random words``).

Imports: redaction.secret_refine, redaction.spans, redaction.words_intl.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_refine import _word_passphrase
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.words_intl import FUNCTION_WORDS

RULE_ID = "prose-passphrase"
RULE_DESCRIPTION = ("a passphrase of three to eight plain words after its label in a sentence (the passphrase is"
                    " purple monkey dishwasher, recovery phrase: correct horse battery staple)")

#: Words that, before ``phrase``, make it the name of a secret.
_LEADS = ("pass", "recovery", "seed", "secret", "master", "backup", "disk", "encryption", "luks", "bitlocker",
          "veracrypt", "wallet", "vault", "unlock", "ssh", "gpg", "pgp", "keepass", "mnemonic")
_RUNS = frozenset(("passphrase", "phrase", "passphrases", "passwortsatz", "wachtzin", "frase"))
_PHRASE = re.compile(
    r"(?<![\w-])(?:passphrase|(?:" + "|".join(_LEADS) + r")[ \t-]?phrase"
    r"|passwortsatz|phrase[ \t]secr[èe]te|frase[ \t]de[ \t]paso|wachtzin)"
    r"(?:[ \t]{1,3}[\w'’-]{1,20}){0,5}?"
    r"[ \t]{0,3}(?:\*\*)?(?::|=|[ \t](?:is|was|will[ \t]be|is[ \t]now|is[ \t]still|reads|ist|est|es|lautet))"
    r"(?:\*\*)?[ \t]{1,3}[\"'“‘`*]{0,2}"
    r"(?P<v>[a-zà-ÿ]{2,20}(?:(?:[ \t]|[-._])[a-zà-ÿ]{2,20}){2,7})"
    r"(?=[\"'”’`*]{0,2}[ \t]{0,3}(?:[.,;!?)]|\r?\n|$))"
)
_SEPARATORS = re.compile(r"[ \t._-]+")
#: Words of advice about a passphrase (``use a passphrase: four random words``), not of one.
_ADVICE = frozenset("word words random characters letters long longer short strong weak unique memorable secure"
                    " numbers digits symbols vault keepass bitwarden unknown none".split())


def _reads_as_phrase(value: str) -> bool:
    words = _SEPARATORS.split(value)
    if words[0].endswith(("ly", "ed", "ing")) or not _ADVICE.isdisjoint(words) or not FUNCTION_WORDS.isdisjoint(words):
        return False
    return value.isascii() and _word_passphrase(words) or not value.isascii() and 3 <= len(words) <= 8


def find_passphrases(text: str, low: str, runs: set[str] | frozenset[str] | None = None) -> list[Hit]:
    """Word passphrases after their label (``runs``: the text's letter runs, when the caller has them)."""
    if runs is not None:
        if _RUNS.isdisjoint(runs):
            return []
    elif "phrase" not in low:
        return []
    out = []
    for m in _PHRASE.finditer(low):
        s, e = m.span("v")
        if text[s:e].islower() and _reads_as_phrase(text[s:e]):
            out.append(Hit(s, e, "SECRET", RULE_ID))
    return out
