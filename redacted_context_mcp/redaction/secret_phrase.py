"""Value shapes the English prose grammars share (round 14 split them from ``secret_prose``).

:func:`not_secret` names what is never a password (a date, a time, a duration, a version, a size, a
ticket id, an amount); :func:`trim_end` drops a value's trailing punctuation; :func:`spaced_phrase`
reads an unquoted passphrase of words after ``is`` or a colon (``So the password is blue elephant 77,
all lower case``) and :func:`passphrase_words` says whether words read as one; :func:`bare_strong`
says whether a value right after a password noun with no verb or colon can only be a password.

Imports: redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit

_TRAIL = ".,;:!?)]}>"
#: Dates, times, durations, versions, sizes, ticket ids and amounts: never a password.
_NOT_SECRET = re.compile(
    r"v?\d{1,6}(?:[._-]\d{1,6}){0,4}(?:-?(?:rc|alpha|beta|dev|pre)\d{0,3})?[a-z]{0,3}"
    r"|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(?:t\d{1,2}:\d{2}(?::\d{2})?z?)?|\d{1,2}:\d{2}(?::\d{2})?(?:am|pm)?"
    r"|\d{1,6}(?:ms|s|m|h|d|w|mo|y|yrs?|days?|hours?|mins?|kb|mb|gb|tb|k|x|px|pt|em|rem|am|pm|%|chars?)"
    r"|#\d{1,7}|[$€£]\d[\d,.]{0,12}[km]?|\d[\d,.]{0,12}(?:usd|eur|gbp)"
    r"|(?:utc|gmt)[+-]\d{1,2}(?::?\d{2})?")
#: A ticket id (``PROJ-123``, ``gh-42``): an upper-case key, or a short lower-case one. A lower-case word
#: with a number (``sunflower-42``, ``summer-2024``) is how people make passwords (round 14).
_TICKET = re.compile(r"(?:[A-Z][A-Z0-9]{1,9}|[a-z]{2,3})(?:-\d{1,7}){1,3}")


def not_secret(v: str) -> bool:
    """A date, time, duration, version, size, ticket id or amount (``v`` as written)."""
    return _NOT_SECRET.fullmatch(v.lower()) is not None or _TICKET.fullmatch(v) is not None


def trim_end(text: str, s: int, e: int) -> int:
    """``e`` moved back over the value's trailing punctuation (``V.``, ``V)``, ``V,``)."""
    while e > s and text[e - 1] in _TRAIL:
        e -= 1
    return e


#: Round 14: an unquoted passphrase of two to six words after ``is`` or a colon, ended by punctuation, the
#: line's end or a conjunction (``So the password is blue elephant 77, all lower case``).
_PHRASE = re.compile(r"[a-z0-9][a-z0-9'-]{0,30}(?:[ \t][a-z0-9][a-z0-9'-]{0,30}){1,5}"
                     r"(?=[ \t]{0,2}(?:[,.;!?)\]\n]|$)|[ \t]{1,3}(?:and|but|so|then|for|before|after|until|since|when"
                     r"|if|because|unless|while|as|in|on|at|from|with|without)[ \t])")
_PARTICIPLES = frozenset(("hidden", "written", "given", "taken", "forgotten", "broken", "stolen", "chosen",
                          "shown", "known", "seen", "done", "gone", "lost", "kept", "sent", "left"))
_WORDS_END_AT = frozenset(("and", "but", "so", "then", "for", "before", "after", "until", "since", "when", "if",
                           "because", "unless", "while", "as", "in", "on", "at", "from", "with", "without"))
_WORD_RUN = re.compile(r"[^ \t]+")
PHRASE_NOUNS = frozenset(("password", "passwd", "passphrase", "pw", "pwd"))
#: Words a description of a password holds and a passphrase does not (``is in the vault``, ``is case
#: sensitive``, ``is too short``, ``is the same as before``).
_PHRASE_STOP = frozenset((
    "the", "a", "an", "in", "on", "at", "of", "to", "for", "with", "from", "by", "into", "not", "no", "is", "was",
    "be", "been", "being", "it", "its", "it's", "this", "that", "these", "those", "my", "your", "our", "their",
    "his", "her", "which", "who", "what", "where", "when", "how", "same", "different", "case", "sensitive",
    "lower", "upper", "lowercase", "uppercase", "letter", "letters", "character", "characters", "chars", "digit",
    "digits", "number", "numbers", "symbol", "symbols", "long", "short", "weak", "strong", "expired", "wrong",
    "incorrect", "invalid", "blank", "empty", "default", "unchanged", "temporary", "generated", "random",
    "written", "printed", "stored", "saved", "kept", "shared", "sent", "listed", "below", "above", "attached",
    "here", "there", "again", "now", "still", "also", "just", "only", "very", "too", "really", "quite", "all",
    "any", "some", "none", "every", "each", "both", "either", "neither", "more", "less", "most", "least", "than",
    "as", "like", "whatever", "you", "we", "they", "i", "he", "she", "set", "required", "needed", "missing",
    "managed", "handled", "known", "unknown", "changed", "reset", "rotated", "updated", "correct?", "same?",
    "please", "thanks", "ok", "okay", "yes", "yet", "about", "after", "before", "until", "via", "per", "or",
    "if", "unless", "because", "will", "would", "should", "can", "could", "must", "may", "might", "do", "does",
    "did", "have", "has", "had", "get", "got", "use", "used", "using", "see", "check", "ask", "call", "type",
    "old", "new", "ago", "day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours",
    "minute", "minutes",
))


def spaced_phrase(text: str, low: str, s: int, le: int, out: list[Hit]) -> bool:
    """An unquoted passphrase of words at ``s`` (see :func:`passphrase_words`)."""
    m = _PHRASE.match(low, s, le)
    if m is None:
        return False
    words, end = [], s
    for w in _WORD_RUN.finditer(low, s, m.end()):
        if w.group() in _WORDS_END_AT:  # "red lantern 9 before the reset": the phrase ends at "before"
            break
        words.append(w.group())
        end = w.end()
    if not passphrase_words(words):
        return False
    out.append(Hit(s, end, "SECRET", "prose-password"))
    return True


def vetted(v: str) -> bool:
    return True  # checked by the caller already (:func:`_bare_strong`)


def bare_strong(text: str, noun: str, s: int, e: int) -> bool:
    """A value right after a password noun with no verb or colon that can only be a password: eight
    characters or more with a letter and a digit, ending a clause, and either both cases or a symbol
    other than a hyphen, dot or underscore (after ``passphrase`` any symbol), and no bracket:
    ``(key passphrase deploy-key-pp-77)``, ``password Xk29fLmQ!``, not ``see password v2-migration``
    (round 14)."""
    e = trim_end(text, s, e)
    v = text[s:e]
    if len(v) < 8 or text[e:e + 1] not in ("", ")", ",", ";", ".", "\n", "\r") or not_secret(v):
        return False
    if not (any(c.isdigit() for c in v) and any(c.isalpha() for c in v)):
        return False
    if any(c.isupper() for c in v) and any(c.islower() for c in v):
        return True
    symbols = {c for c in v if not c.isalnum()}
    if not symbols.isdisjoint("()[]{}<>"):
        return False  # a type or a call: ``password varchar2(30)``, ``password hash(pw)``
    return bool(symbols) and (noun == "passphrase" or not symbols <= {"-", ".", "_"})


def passphrase_words(words: list[str]) -> bool:
    """Lower-case words that read as a passphrase: two or more with a digit among them, or three or more,
    none of them a word a description holds (``in the vault``, ``case sensitive``, ``2 weeks old``)."""
    if len(words) < 2 or len(words) > 6 or not _PHRASE_STOP.isdisjoint(words):
        return False
    first = words[0]
    if len(first) >= 5 and first.endswith(("ed", "ing")) or first in _PARTICIPLES \
            or any(len(w) >= 7 and w.endswith("ly") for w in words):
        return False  # "was entered twice incorrectly", "is hidden from view", "is randomly generated"
    if len(words) < 3 and not any(c.isdigit() for w in words for c in w):
        return False
    return not (len(words) < 3 and any(not_secret(w) for w in words if any(c.isdigit() for c in w)))
