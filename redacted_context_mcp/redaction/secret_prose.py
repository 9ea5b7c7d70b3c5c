"""English prose grammars for secrets written into sentences, chats and e-mails (round 4).

secret_dumps reads ``password is V`` right after the word; this module reads the
word orders people actually type, anchored at each whole-word occurrence of a
secret noun (password, pw, passphrase, passcode, secret, key, token, pin, code,
combination, disarm):

- **a verb of change**: ``changed my password to V``, ``reset his pw to V``,
  ``the admin password has been changed from V0 to V``, ``password is now set to V``,
  ``made the password V`` (the verb read back from the noun for ``... to V``);
- **a copula after a qualifier**: ``the pw on the router is V``, ``the password I
  gave you is V``, ``password's V``, ``the secret is V``, ``key is 0x...``;
- **the value first**: ``V is the new password``, ``He typed V as his password``,
  ``V — that's the admin password`` (the noun must end its phrase);
- **a colon further on**: ``Sent you the password via Signal: V``;
- **a pronoun reset**: ``I reset it to V`` (only ``reset``, only a value with a digit and a letter or a symbol);
- **pairs**: ``log in with admin and V``, ``Login is jdoe, password V``,
  ``WiFi Home_5G pw V``, ``wifi: Home_5G / V``;
- **codes**: ``passcode V`` after a comma, recovery and backup code lists, lock
  combinations (``The combination is 12-34-56``), alarm disarm codes, door,
  gate, keypad and unlock codes, ``my PIN's N``;
- **answers to security questions**: ``security answer: V``, ``mother's maiden name: V``
  (any shape: a name or a word is the secret here).

A password must read as one: a digit and a letter, a symbol inside letters, or
mixed case; an all lower-case value only when it is 8 letters or more and not
a common English word or an inflection of one (``ilovecats``, not
``incorrect``). Tokens and keys need 8 characters with a digit, or a 0x hex
run. Codes are digits (a passcode may mix letters). Dates, times, versions,
durations, ticket ids, paths and URLs never count.

The gate is the letter-run view: nothing runs unless a secret noun, a pair cue or
an answer label is a whole run of letters in the text (one set walk), and a noun
inside an identifier (``api_key``, ``self.token``, ``key=``) is skipped by the scan.

Imports: redaction.secret_phrase, redaction.secret_values, redaction.spans, redaction.wordlists.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_phrase import (
    PHRASE_NOUNS,
    bare_strong,
    not_secret,
    spaced_phrase,
    trim_end,
    vetted,
)
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.wordlists import Lexicon

_LEX = Lexicon()
_PW = frozenset(("password", "passwd", "pw", "pwd", "passphrase", "passcode", "pass"))
_TOK = frozenset(("secret", "key", "token", "psk"))  # psk: a pre-shared key (round 11)
_CODE = frozenset(("code", "codes", "pin", "combo", "combination", "disarm", "alarm", "keypad"))
_NOUNS = _PW | _TOK | _CODE
_PAIR_CUES = frozenset(("log", "login", "logon", "sign", "creds", "credentials", "logins"))
_WIFI_CUES = frozenset(("wifi", "wi", "wlan", "ssid", "network"))
_ALL = _NOUNS | _PAIR_CUES | _WIFI_CUES
#: Each noun as a whole word that is not part of an identifier (api_key, self.token, key_id, key=, "key",
#: -----END PRIVATE KEY): led by the literal so the scan runs in C, the edges checked after it.
NOUN_AT = {n: re.compile(re.escape(n) + r"(?<![\w$./\\\"'<\[{@#-]" + re.escape(n) + r")(?![\w=(\[{/\"\]}@-]|\\[^ntr])")
            for n in _NOUNS}
ASSIGN_OPS = frozenset(("= ", "==", ":=", "=\"", "='"))  # ``token = "..."``: code

_DET = r"(?:the|my|our|your|his|her|their|this|that|a|an)"
_STOP = r"(?!(?:is|was|are|were|to|into|as|has|had|have|will|should|got|gets|must|would|now)\b)"
#: A relative clause opens with a pronoun (``the password for the war room they gave us is V``), not a
#: qualifier's later word (round 10).
_NOT_PRONOUN = r"(?!(?:i|you|we|they|he|she)[ \t])"
_QUAL = (r"(?:[ \t]{0,3}\([^()\n]{1,40}\))?"
         r"(?:[ \t]{1,3}(?:(?:on|for|of|at|in|from|with|between|behind|across)[ \t]{1,3}(?:" + _DET
         + r"[ \t]{1,3})?|to[ \t]{1,3}" + _DET
         + r"[ \t]{1,3})" + _STOP
         + r"[\w.@'-]{1,40}(?:[ \t]{1,3}" + _STOP + _NOT_PRONOUN + r"[\w.@'-]{1,40}){0,2}"
         + r"(?:[ \t]{0,3}\([^()\n]{1,40}\))?)?")
_REL = (r"(?:[ \t]{1,3}(?:i|you|we|they|he|she)[ \t]{1,3}(?:just[ \t]{1,3})?[a-z]{2,12}"
        r"(?:[ \t]{1,3}(?:you|me|us|him|her|them))?)?")
_VALUE = r"(?:[\"“”'‘’`*]{1,2})?(?P<v>[^\s\"“”'‘’`*|<]{1,64})"
#: After the noun: a qualifier, a relative clause, then the operator (which alternative matched is read
#: from the named groups) and the value.
_FWD = re.compile(
    _QUAL + _REL +
    r"(?:(?P<poss>['’]s)"
    r"|[ \t]{1,3}(?:(?:is|was|has[ \t]{1,3}been|have[ \t]{1,3}been|had[ \t]{1,3}been|got|gets|will[ \t]{1,3}be"
    r"|just[ \t]{1,3}got|has|have|had|will|would|should)[ \t]{1,3})?(?:(?:now|just|also|been)[ \t]{1,3})?"
    r"(?P<chg>chang(?:ed|es|e)|resets?|set|updated?|rotated?|switched|regenerated|moved|flipped)"
    r"(?:[ \t]{1,3}from[ \t]{1,3}[\"'`]?(?P<old>[^\s\"'`]{3,64}?)[\"'`]?(?=[ \t]))?"
    r"(?:[ \t]{1,3}(?:back[ \t]{1,3})?(?:to|into|as))?"
    r"|[ \t]{1,3}(?P<cop>is|was|are|were|will[ \t]{1,3}be|should[ \t]{1,3}be|must[ \t]{1,3}be|would[ \t]{1,3}be"
    r"|has[ \t]{1,3}to[ \t]{1,3}be|becomes|stays|remains)"
    r"(?:[ \t]{1,3}(?:now|still|definitely|literally|actually|just|currently|probably|always|again|simply))?"
    r"|[ \t]{0,3}(?P<sep>:|->|=>|—|–|-|→|⇒|➜|➡|⟶)"  # an arrow for a colon (round 14)
    r"|[ \t]{1,3}(?:back[ \t]{1,3})?(?P<to>to|into|as)"
    r"|(?P<bare>,?))"
    r"[ \t]{0,2}:?[ \t]{1,3}" + _VALUE
)
#: A verb of change read back from the noun (``changed my password`` / ``reset the admin pw``).
_VERB_BEFORE = re.compile(
    r"(?<![\w-])(?P<verb>chang(?:e|ed|ing)|reset(?:ting)?|set(?:ting)?|updat(?:e|ed|ing)|rotat(?:e|ed|ing)"
    r"|switch(?:ed|ing)?|mov(?:e|ed)|flip(?:ped)?|regenerat(?:e|ed)|made|make)"
    r"(?:[ \t]{1,3}(?!(?:to|into|as)\b)[\w'’.-]{1,30}){0,4}[ \t]{1,3}$")
#: A user, an account or a network named before a noun that takes its value bare (``Login is jdoe, password V``).
_PAIR_BEFORE = re.compile(r"(?<![\w-])(?:log[ \t-]?in|login|log[ \t-]?on|sign[ \t-]?in|user(?:name)?|account|wi-?fi"
                          r"|wlan|ssid|network|creds|credentials|e-?mail|uid)\b")
#: The value first: ``V is the new password``, ``typed V as his password``, ``V — that's the password``.
_FIRST = re.compile(
    r"(?<![^\s(\[>*:,;])[\"“'‘`*]{0,2}(?P<v>[^\s\"“”‘’`*<>]{4,64})[\"”'’`*]{0,2}[ \t]{1,3}"
    r"(?:(?:is|was|will[ \t]be|should[ \t]be|becomes|would[ \t]be)(?:[ \t]{1,3}(?:now|still|also|just))?"
    r"|[—–-]{1,2}[ \t]{1,3}that['’]?s|(?P<as>as|for))"
    r"[ \t]{1,3}(?:" + _DET + r"[ \t]{1,3})?(?:[\w-]{1,20}[ \t]{1,3}){0,2}$")
_FIRST_VERB = re.compile(r"(?<![\w-])(?:typed|type|used|use|using|picked|pick|chose|choose|chosen|try|tried|going"
                         r"[ \t]with|went[ \t]with|entered|enter|put|set|gave|give)[ \t]{1,3}$")
#: What may follow a noun that ends a value-first phrase.
_PHRASE_END = re.compile(r"[ \t]{0,3}(?:$|[\n.,;:!?)\]\"'`*”’—–\\<-]|(?:for|on|at|of|now|then|btw|lol|here|there|and"
                         r"|but|from|too|again|today|yesterday|tomorrow|to|in|until|so|when|once|if|after|while)\b)")
#: The value after a colon further on: the gap opens with a preposition, a pronoun or a comma.
_COLON = re.compile(
    r"(?:[ \t]{0,3}[,(]|[ \t]{1,3}(?:for|of|on|at|to|in|via|by|from|over|through|you|i|we|he|she|they|below|here"
    r"|again|that|which|just|once|is|as)\b)[^\n:!?;=>.]{0,60}?(?::|->|=>|=)[ \t]{1,3}" + _VALUE)
#: ``the new password is below`` / ``as follows:`` and the value alone on the next line.
_BELOW = re.compile(r"(?:[ \t]{1,3}(?:is|are))?[ \t]{1,3}(?:below|as[ \t]follows|here)[ \t]{0,2}:?[ \t]{0,3}\r?\n"
                    r"[ \t]{0,8}" + _VALUE + r"[ \t]{0,3}(?:\r?\n|$)")
#: A user and a password in one sentence: ``log in with admin and V``, ``Login is jdoe, password V``.
_PAIR_AND = re.compile(
    r"(?:log(?:ged|ging)?[ \t-]?(?:in|on)|login|logon|sign(?:ed|ing)?[ \t-]?(?:in|on)|creds|credentials|logins?)"
    r"(?:[ \t]{1,3}(?:for|to|on)[ \t]{1,3}(?:the[ \t]{1,3})?[\w.-]{1,30})?"
    r"(?:[ \t]{1,3}(?:with|as|using|is|are|was|were)|[ \t]{0,2}[:=])[ \t]{1,3}(?:user(?:name)?[ \t]{1,3})?"
    r"[\"'`]?(?P<u>[\w.@\\-]{1,64})[\"'`]?(?:[ \t]{0,2},|[ \t]{1,3}(?:and|&|with|plus))[ \t]{1,3}"
    r"(?P<pw>(?:the[ \t]{1,3})?(?:password|pw|pwd|pass)[ \t]{1,3}(?:is[ \t]{1,3})?)?"
    r"[\"'`]?(?P<v>[^\s\"'`|]{4,64})")
#: ``wifi: Home_5G / V``: a network and its key written as a pair.
_WIFI_SLASH = re.compile(r"(?:wi-?fi|wlan|ssid|network)[ \t]{0,3}[:=-]?[ \t]{1,3}(?P<u>[\w.@-]{1,64})[ \t]{0,2}/"
                         r"[ \t]{0,2}(?P<v>[^\s/|]{4,64})")
#: Code nouns: a qualifier word before ``code``/``codes`` makes it a secret code.
_CODE_QUALS = ("backup", "recovery", "scratch", "emergency", "2fa", "mfa", "one-time", "unlock", "disarm", "door",
               "gate", "garage", "keypad", "entry", "alarm", "lock", "locker", "lockbox", "safe", "access",
               "security", "passcode", "pin", "front door", "apartment", "elevator", "bike lock", "key box", "keybox",
               "keysafe", "lock box", "authentication", "verification", "confirmation", "login", "sign-in",
               "two-factor", "2-step", "sms", "otp",
               # a software key given as a code (round 14): "Activation code ACT9-2JD8-QP41"
               "activation", "license", "licence", "registration")
#: Words on a line that make a bare ``code is N`` a secret code.
_CODE_CONTEXT = ("password", "passcode", " pin", "alarm", "door", "gate", "safe", "keypad", "wifi",
                 # a one-time code's own words (round 14): "The code is 884213, it expires in 10 minutes."
                 " expire", "valid for", "sign in", "log in", "don't share", "do not share", "verify")
#: A software key given as a code: groups of letters and digits (``ACT9-2JD8-QP41``), a letter among them.
_KEY_QUALS = frozenset(("activation", "license", "licence", "registration"))
_GROUPED_KEY = re.compile(r"(?=[a-z0-9-]{0,40}[a-z])[a-z0-9]{3,8}(?:-[a-z0-9]{3,8}){2,7}")
_LIST_QUALS = frozenset(("backup", "recovery", "scratch", "emergency", "2fa", "mfa", "one-time"))
_CODE_FWD = re.compile(
    # the preposition also in the languages whose word for PIN is ``PIN`` (PIN do cartão, PIN für die Karte)
    r"[*_`]{0,2}(?:[ \t]{1,3}(?:(?:for|of|on|do|da|de|del|du|für|van|voor|dla|til|för)[ \t]{1,3}"
    r"(?:" + _DET + r"[ \t]{1,3}|(?:die|der|den|das|la|le|el|il|de)[ \t]{1,3})?|to[ \t]{1,3}" + _DET
    + r"[ \t]{1,3})" + _STOP + r"[\w-]{1,30}(?:[ \t]{1,3}" + _STOP + r"[\w-]{1,30})?)?"
    r"(?:(?P<poss>['’]s)|[ \t]{1,3}(?:is|was|are|were)(?:[ \t]{1,3}(?:now|still))?"
    r"|[ \t]{1,3}(?:(?:is|was|has[ \t]been)[ \t]{1,3})?(?:changed|reset|set|updated)[ \t]{1,3}to"
    r"|[ \t]{0,2}[:=-]|[ \t]{1,3}(?P<to>to))?"
    r"(?:[ \t]{0,2}\r?\n[ \t]{0,8}(?:[-*•][ \t]{1,2}|\d{1,2}[.)][ \t]{1,2})?|[ \t]{1,3})")
_CODE_TOKEN = re.compile(r"[\"'`*]{0,2}(?P<v>[a-z0-9]{3,16}(?:-[a-z0-9]{2,16}){0,3})[\"'`*]{0,2}#?(?![\w@/])")
_KEYPAD = re.compile(r"[\"'`]?(?P<v>[*#]{0,2}\d{0,8}(?:[*#]{1,2}\d{1,8}){1,3}[*#]{0,2}|[*#]{1,2}\d{3,8}[*#]{0,2})"
                     r"[\"'`]?(?![\w@/#*])")
_LIST_SEP = re.compile(r"[ \t]{0,2}[,;]?[ \t]{1,3}|[ \t]{0,2}\r?\n[ \t]{0,8}(?:[-*•][ \t]{1,2}|\d{1,2}[.)][ \t]{1,2})?")
_DIGITS = re.compile(r"\d{3,10}|\d{3,5}-\d{3,5}")
_COMBO_VALUE = re.compile(r"(?P<v>\d{1,3}(?:[ \t]?[-/,][ \t]?\d{1,3}|[ \t]\d{1,3}){1,5}|\d{3,8})(?![\w%]|[.,/-]\d)")
_COMBO_QUALS = ("safe", "lock", "locker", "padlock", "bike", "gym", "suitcase", "vault", "door", "gate")
#: Words that describe a password rather than being one (``the password is lowercase``).
_DESCRIPTORS = frozenset("lowercase uppercase alphanumeric numeric plaintext cleartext hardcoded hashed salted "
                         "encrypted unknown redacted reused compromised rotated blank empty default different changed "
                         "expired "
                         "incorrect required optional mandatory forgotten temporary generated insecure invalid stored "
                         "elsewhere somewhere nowhere everywhere whatever something nothing anything everything "
                         "passwordless onetime unchanged mismatched masked unlocked expiring".split())
_SUFFIXES = ("ed", "ing", "ly", "tion", "sion", "ness", "ment", "able", "ible", "ory", "ive", "ous", "ful", "less",
             "ity", "ize", "ise", "ical", "ary", "ence", "ance", "ic", "ism", "ist")
_NEGATIONS = ("in", "im", "un", "non", "dis", "mis", "ir", "il")


def _lower_ok(v: str) -> bool:
    """An all lower-case value that reads as a passphrase, not as an English word or an inflection of one."""
    if len(v) < 8 or len(v) > 40 or not v.isalpha() or not v.isascii() or v in _DESCRIPTORS or _LEX.is_generic(v):
        return False
    if v.endswith(_SUFFIXES):
        return False
    for neg in _NEGATIONS:
        if v.startswith(neg) and _LEX.is_generic(v[len(neg):]):
            return False
    return True


def password_like(v: str) -> bool:
    """A value that reads as a password (see the module docstring)."""
    if len(v) < 4 or len(v) > 64 or v[0] in "<{[($%@/~" or "://" in v or not_secret(v):
        return False
    if "/" in v and "." in v or is_template(v) or is_reference(v, quoted=False):
        return False
    letters = any(c.isalpha() for c in v)
    if _passphrase(v):
        return True
    if identifier(v):
        return False
    if any(c.isdigit() for c in v):
        return letters or v.isdigit() and len(v) >= 4
    if not letters:
        return False
    if v.isalpha():
        if any(a.islower() and b.isupper() for a, b in zip(v, v[1:])) and len(v) >= 6:
            return True  # mixed case inside a word: nasPass, iLoveCats
        return _lower_ok(v.lower()) if v.islower() else False
    return len(v) >= 6 and not joined_words(v)


_PASSPHRASE = re.compile(r"[a-z]{3,12}(?P<j>[-.])[a-z]{3,12}(?:(?P=j)[a-z]{3,12}){2,6}", re.I)


def _passphrase(v: str) -> bool:
    """Four to eight words of three letters or more joined by one hyphen or dot: a diceware passphrase
    (``castle-pepper-window-garden``) rather than a name in code, which rarely runs to four words (round 10)."""
    return _PASSPHRASE.fullmatch(v) is not None


def joined_words(v: str) -> bool:
    """Common words joined by hyphens, dots or apostrophes (``case-sensitive``, ``e-mail``, ``don't``)."""
    parts = [p for p in _JOINERS.split(v) if p]
    return len(parts) > 1 and all(p.isalpha() and _LEX.is_generic(p) for p in parts) and not any(
        c in v for c in "!#$%^&*+=?")


_ASSIGNED = re.compile(r"[A-Za-z_][\w.-]{0,40}=")  # KEY=value: an assignment's rows read it
_JOINERS = re.compile(r"[-'’._]")


_ID_PARTS = re.compile(r"[-_:.]")
_WORD_DIGITS = re.compile(r"(?P<w>[a-z]{1,20})\d{1,3}(?P<t>[a-z]{0,20})")


def identifier(v: str) -> bool:
    """A lower-case identifier made of words and short numbers (``order_id2``, ``kms-key-01``,
    ``base64url-encoded``): a name in code or docs, not a secret."""
    if not v.islower() or not _ID_PARTS.search(v):
        return False
    for p in _ID_PARTS.split(v):
        if not p or len(p) <= 3 or p.isalpha() and _LEX.is_generic(p):
            continue
        m = _WORD_DIGITS.fullmatch(p)
        if m is None or not _LEX.is_generic(m.group("w")):
            return False
    return True


def _token_like(v: str) -> bool:
    low = v.lower()
    if low.startswith("0x") and len(v) >= 10 and all(c in "0123456789abcdef" for c in low[2:]):
        return True
    if len(v) < 8 or not_secret(v) or is_template(v) or is_reference(v, quoted=False):
        return False
    if "://" in v or "/" in v and "." in v or ":" in v and len(v) < 16 or identifier(v):
        return False
    return any(c.isdigit() for c in v) and any(c.isalpha() for c in v)


def _line(low: str, i: int) -> tuple[int, int]:
    ls = low.rfind("\n", max(0, i - 200), i) + 1 if i else 0
    if ls == 0 and i > 200:
        ls = i - 200
    le = low.find("\n", i, i + 200)
    return ls, (min(len(low), i + 200) if le < 0 else le)


def _add(text: str, s: int, e: int, ok, out: list[Hit], rule: str = "prose-password") -> bool:
    k = text.find("\\", s, e)
    if k >= 0 and text[k + 1:k + 2] in ("n", "t", "r", "\"", "u"):
        e = k  # a JSON string's escape ends the value ("text": "... is V\nthanks")
    e = trim_end(text, s, e)
    if e > s and ok(text[s:e]) and not _ASSIGNED.match(text, s, e):
        out.append(Hit(s, e, "SECRET", rule))
        return True
    return False


def _noun(text: str, low: str, i: int, j: int, noun: str, out: list[Hit]) -> None:
    """Every grammar at one whole-word occurrence ``low[i:j]`` of a password or token noun."""
    ls, le = _line(low, i)
    ok = _token_like if noun in _TOK else password_like
    m = _FWD.match(low, j, le)
    if m is not None:
        s, e = m.span("v")
        take = True
        if m.group("to") is not None:
            take = _VERB_BEFORE.search(low, max(ls, i - 80), i) is not None
        elif m.group("bare") is not None:
            verb = _VERB_BEFORE.search(low, max(ls, i - 80), i)
            # the value may be quoted or back-quoted (a Markdown runbook: user `U`, pass `V`)
            take = not low[j:s].strip(" \t,`'\"*") and (
                (verb is not None and verb.group("verb") in ("made", "make")) or (
                    _PAIR_BEFORE.search(low, max(ls, i - 80), i) is not None))
            if not take and noun in PHRASE_NOUNS and not low[j:s].strip() and bare_strong(text, noun, s, e):
                take, ok = True, vetted
            if take and noun == "key" and any(w in low[max(ls, i - 80):i] for w in ("wi", "ssid", "wlan", "network")):
                ok = password_like  # a Wi-Fi key is a password
            if noun == "pass":
                ok = _strong
            if noun == "passcode":
                take = True
                ok = _passcode
        elif noun == "pass":
            ok = _strong
        if take and _add(text, s, e, ok, out):
            if m.group("old") is not None:
                _add(text, *m.span("old"), ok, out)
            return
        if noun in PHRASE_NOUNS and (m.group("cop") or m.group("sep")) and spaced_phrase(text, low, s, le, out):
            return
    if le < len(low) and _WRAPPED_END.search(low, j, le) is not None and _wrapped(text, low, j, le, ok, out):
        return
    if le < len(low) and (low.endswith(("below", "below:", "follows", "follows:", "here:"), j, le)):
        m = _BELOW.match(low, j, min(len(low), le + 80))
        if m is not None and _add(text, *m.span("v"), ok, out):
            return
    if ":" in low[j:min(le, j + 70)] or "=" in low[j:min(le, j + 70)] or ">" in low[j:min(le, j + 70)]:
        m = _COLON.match(low, j, le)
        if m is not None and _add(text, *m.span("v"), ok, out):
            return
    w = low[max(ls, i - 90):i]
    if i - ls >= 6 and (" is " in w or " was " in w or " as " in w or " for " in w or "that" in w or " be" in w) and (
            _PHRASE_END.match(low, j, le)):
        m = _FIRST.search(low, max(ls, i - 90), i)
        if m is not None:
            if m.group("as") is not None and _FIRST_VERB.search(low, max(ls, m.start("v") - 20), m.start("v")) is None:
                return
            _add(text, *m.span("v"), ok, out)


#: A line that ends after the copula or colon of a password phrase: the value opens the next line (a wrapped
#: paragraph, a subtitle cue). Round 10.
_WRAPPED_END = re.compile(r"(?:[ \t](?:is|was|are|were|to)|:)[ \t]{0,3}\r?$")


def _wrapped(text: str, low: str, j: int, le: int, ok, out: list[Hit]) -> bool:
    """``... the password for the war room is`` / ``castle-pepper-window-garden, valid until...``: the line
    break read as a blank (the same length, so the spans hold), for the copula, colon and change forms."""
    nxt = low.find("\n", le + 1, le + 202)
    nxt = min(len(low), le + 201) if nxt < 0 else nxt
    cut = le - 1 if le > j and low[le - 1] == "\r" else le
    view = low[j:cut] + " " * (le + 1 - cut) + low[le + 1:nxt]
    m = _FWD.match(view)
    if m is None or m.start("v") + j <= le or (m.group("cop") is None and m.group("sep") is None
                                              and m.group("chg") is None):
        return False
    s, e = m.start("v") + j, m.end("v") + j
    return _add(text, s, e, ok, out)


def _strong(v: str) -> bool:
    """A value with a digit and a letter, or a symbol inside letters (``pass`` and ``with U and V`` values)."""
    if not password_like(v):
        return False
    return any(c.isdigit() for c in v) and any(c.isalpha() for c in v) or not v.isalnum()


#: More groups of as many figures as the first, one blank apart: the rest of a grouped code.
_SAME_GROUPS = {n: re.compile(r"(?:[ \t]\d{" + str(n) + r"}){1,7}(?![\w.,/:-]\d|\w)") for n in (3, 4, 5)}


def _passcode(v: str) -> bool:
    return bool(_DIGITS.fullmatch(v)) or len(v) >= 4 and v.isalnum() and any(c.isdigit() for c in v) and any(
        c.isalpha() for c in v) and not not_secret(v)


def _codes(text: str, low: str, i: int, j: int, noun: str, out: list[Hit]) -> None:
    """Codes: a qualified code or code list, a PIN, a lock combination, an alarm disarm code."""
    ls, le = _line(low, i)
    if noun in ("combo", "combination"):
        m = _COMBO_OP.match(low, j, le)
        if m is None:
            return
        before = low[max(ls, i - 12):i].split()
        if not m.group("op") and (m.group("q") or not (before and before[-1] in _COMBO_QUALS)):
            return
        v = _COMBO_VALUE.match(low, m.end(), le)
        if v is not None and sum(c.isdigit() for c in v.group("v")) >= 3:
            out.append(Hit(*v.span("v"), "SECRET", "prose-code"))
        return
    if noun in ("alarm", "keypad"):  # the alarm is 8126 (a code word may be left out; round 11)
        m = _ALARM.match(low, j, le)
        if m is not None and _YEARISH.fullmatch(m.group("v")) is None:
            out.append(Hit(*m.span("v"), "SECRET", "prose-code"))
        return
    if noun == "disarm":
        m = _DISARM.match(low, j, le)
        if m is not None:
            out.append(Hit(*m.span("v"), "SECRET", "prose-code"))
        return
    qual = None
    if noun == "pin":
        qual = "pin"
    else:
        for q in _CODE_QUALS:
            if low.endswith(q, max(0, i - 1 - len(q)), i - 1) and low[i - 1] in " \t-":
                k = i - 1 - len(q)
                if k <= 0 or not low[k - 1].isalnum():
                    qual = q
                    break
        if qual is None and noun == "code" and any(c in low[ls:le] for c in _CODE_CONTEXT):
            qual = "code"  # "the code is 2316, and V is the password"
        if qual is None:
            return
    m = _CODE_FWD.match(low, j)
    if m is None or m.group("to") is not None and _VERB_BEFORE.search(low, max(ls, i - 80), i) is None:
        return
    pos, first = m.end(), True
    many = noun == "codes" and qual in _LIST_QUALS
    if not many:  # a keypad code with its keys: ``4#7719``, ``*2291#``
        t = _KEYPAD.match(low, pos, min(len(low), pos + 40))
        if t is not None and sum(c.isdigit() for c in t.group("v")) >= 3:
            out.append(Hit(*t.span("v"), "SECRET", "prose-code"))
            return
    for _ in range(16 if many else 1):
        t = _CODE_TOKEN.match(low, pos, min(len(low), pos + 80))
        if t is None:
            return
        v = t.group("v")
        if not any(c.isdigit() for c in v) or (qual == "pin" or qual not in _LIST_QUALS) and not (
                _DIGITS.fullmatch(v) or qual == "passcode" and _passcode(text[t.start("v"):t.end("v")])
                or qual in _KEY_QUALS and _GROUPED_KEY.fullmatch(v)):
            return
        if first and len(v) < 4 and (not v.isdigit() or qual == "code"):
            return  # "the code is 200 OK": a status, not a door code
        s, e = t.span("v")
        if not many and v.isdigit() and 3 <= len(v) <= 5:
            g = _SAME_GROUPS[len(v)].match(low, e)
            if g is not None:
                e = g.end()  # ``backup code: 4829 1057 9302 6614``: one code printed in groups (round 15)
        out.append(Hit(s, e, "SECRET", "prose-code"))
        first = False
        sep = _LIST_SEP.match(low, t.end(), min(len(low), t.end() + 16))
        if sep is None:
            return
        pos = sep.end()


_COMBO_OP = re.compile(
    r"(?P<q>[ \t]{1,3}(?:for|to|of|on)[ \t]{1,3}(?:" + _DET + r"[ \t]{1,3})?" + _STOP + r"[\w-]{1,30})?"
    r"(?P<op>['’]s|[ \t]{1,3}(?:is|was|are)(?:[ \t]{1,3}(?:now|still))?|[ \t]{0,2}[:=])?[ \t]{1,3}")
#: ``the alarm is 8126``, ``keypad: 4471``: an operator, then four to eight figures that are no measure.
_ALARM = re.compile(r"(?:[ \t]{1,3}(?:panel|system))?"
                    r"(?:[ \t]{1,3}(?:is|was)(?:[ \t]{1,3}(?:now|still))?|[ \t]{0,2}[:=])"
                    r"[ \t]{1,3}(?P<v>\d{4,8})\b(?![.,/:-]\d|[ \t]{0,2}(?:%|ms|s|sec|secs|seconds|min|mins|minutes"
                    r"|h|hours|errors|requests|events|per|times|x)\b)")
_YEARISH = re.compile(r"(?:19|20)\d\d")
_DISARM = re.compile(r"(?:[ \t]{1,3}(?:code|pin|number)"
                     r"|[ \t]{1,3}(?:the|it)(?:[ \t]{1,3}alarm)?[ \t]{1,3}(?:with|using))?"
                     r"(?:[ \t]{1,3}(?:is|was)|[ \t]{0,2}[:=])?[ \t]{1,3}"
                     r"(?P<v>\d{3,10})\b(?![.,/:-]\d)")


def _pairs(text: str, low: str, cues: set[str] | frozenset[str], out: list[Hit]) -> None:
    for cue in cues:
        i = low.find(cue)
        while i >= 0:
            if i == 0 or not low[i - 1].isalnum():
                rx = _WIFI_SLASH if cue in _WIFI_CUES else _PAIR_AND
                m = rx.match(low, i)
                if m is not None:
                    if rx is _WIFI_SLASH:
                        _add(text, *m.span("v"), password_like, out)
                    else:
                        _add(text, *m.span("v"), password_like if m.group("pw") else _strong, out)
            i = low.find(cue, i + len(cue))


#: Answers to security questions (``security answer: Fluffy``, ``mother's maiden name: Kowalski``): a secret
#: whatever its shape, one to four words up to the end of the clause.
_ANSWER = re.compile(
    r"(?:security[ \t]{1,3}(?:question[ \t]{1,3})?answer|secret[ \t]{1,3}(?:question[ \t]{1,3})?answer"
    r"|answer[ \t]{1,3}to[ \t]{1,3}(?:(?:the|my|your)[ \t]{1,3})?(?:security|secret)[ \t]{1,3}question"
    # the question named in brackets: ``Security question (mother's maiden name): V``
    r"|(?:(?:security|secret)[ \t]{1,3}question|sicherheitsfrage|question[ \t]{1,3}secr[èe]te"
    r"|(?:pregunta|pergunta)[ \t]{1,3}(?:de[ \t]{1,3}seguridad|de[ \t]{1,3}seguran[çc]a|secreta))"
    r"(?:[ \t]{0,2}\d{1,2})?(?=[ \t]{0,3}[(\"“])"
    # the question asked, then its answer (``Security question: first pet? Answer: V``; round 14)
    r"|(?:security|secret)[ \t]{1,3}question[ \t]{0,2}\d{0,2}[ \t]{0,2}:?[^?\n]{1,80}\?[ \t]{0,3}(?:answer|a\b)"
    # the answer in German, French, Spanish, Portuguese (Sicherheitsfrage Antwort: V, réponse secrète : V)
    r"|sicherheitsantwort|sicherheitsfrage[ \t]{1,3}antwort|antwort[ \t]{1,3}(?:auf[ \t]{1,3}die[ \t]{1,3})?"
    r"sicherheitsfrage|r[ée]ponse[ \t]{1,3}secr[èe]te|respuesta[ \t]{1,3}(?:de[ \t]{1,3}seguridad|secreta)"
    r"|resposta[ \t]{1,3}(?:de[ \t]{1,3}seguran[çc]a|secreta)"
    r"|(?:mother['’]?s[ \t]{1,3})?maiden[ \t]{1,3}name"
    r"|(?:first[ \t]{1,3})?pet['’]?s[ \t]{1,3}name|name[ \t]{1,3}of[ \t]{1,3}(?:my|your)[ \t]{1,3}first"
    r"[ \t]{1,3}pet)(?:[ \t]{0,3}\([^()\n]{1,30}\)|[ \t]{0,3}[\"“][^\"“”\n]{1,60}[\"”])?"
    r"(?:[ \t]{0,2}[:=]|[ \t]{1,3}(?:is|was|ist|lautet|est|es|é|è|jest))[ \t]{1,3}[\"'`“]?"
    r"(?P<v>[^\s\"'`”.,;!?()]{2,40}(?:[ \t][^\s\"'`”.,;!?()]{1,40}){0,3})")
_ANSWER_RUNS = frozenset(("answer", "maiden", "pet", "question", "sicherheitsfrage", "sicherheitsantwort",
                          "secrete", "secreta", "seguridad"))


def _answers(text: str, low: str, wordset: frozenset[str] | set[str], out: list[Hit]) -> None:
    """Read back from each ``answer``/``maiden``/``pet``/``question`` to the label's start on its line."""
    done: set[int] = set()
    cues = _ANSWER_RUNS.intersection(wordset)
    if not low.isascii():  # letter runs are a-z: the accented cues are found in the text itself
        cues |= {c for c in _ACCENTED_CUES if c in low}
    for cue in cues:
        i = low.find(cue)
        while i >= 0:
            if i == 0 or not low[i - 1].isalnum():
                ls, le = _line(low, i)
                m = _ANSWER.search(low, max(ls, i - 40), le)
                if m is not None and m.start("v") not in done and (m.start() == 0 or not low[m.start() - 1].isalnum()):
                    done.add(m.start("v"))
                    s, e = m.span("v")
                    v = text[s:e]
                    said = ":" not in low[m.start():s] and "=" not in low[m.start():s]
                    if said and v.islower() and all(_LEX.is_generic(w) for w in v.split()):
                        pass  # "the security answer is wrong": a description
                    elif not is_template(v) and v.lower() not in ("unknown", "none", "n/a", "see vault"):
                        out.append(Hit(s, e, "SECRET", "prose-password"))
            i = low.find(cue, i + len(cue))


_ACCENTED_CUES = ("secrète", "segurança")
#: the cues that lead a label without "name" in it (``maiden name``, ``pet's name`` need "name")
_ANSWER_ALONE = _ANSWER_RUNS - {"maiden", "pet"}
_GATE = _ALL | _ANSWER_RUNS
#: ``I reset it to V``: the thing reset is a pronoun (the password was named a sentence earlier); only
#: ``reset`` (a verb people use of passwords, not of settings they name) and only a strong value.
_RESET_IT = re.compile(r"(?<![\w-])reset(?:ting)?[ \t]{1,3}(?:it|that|this|them|his|hers|mine|yours|theirs)"
                       r"(?:[ \t]{1,3}(?:back|again))?[ \t]{1,3}(?:to|as)[ \t]{1,3}" + _VALUE)


_RESET_RUNS = frozenset(("reset", "resetting"))


def _reset_it(text: str, low: str, out: list[Hit]) -> None:
    for m in _RESET_IT.finditer(low):
        _add(text, m.start("v"), m.end("v"), _strong, out)


def find_english_prose(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str], joined: str) -> None:
    """Hits of the English prose grammars (``wordset``/``joined``: the letter-run view of ``low``)."""
    if (not _RESET_RUNS.isdisjoint(wordset) if low.isascii() else " reset" in joined) and "reset" in low:
        _reset_it(text, low, out)
    if low.isascii():
        if _GATE.isdisjoint(wordset):  # most texts: one set walk
            return
        found = _GATE.intersection(wordset)
        if not _ANSWER_RUNS.isdisjoint(found) and ("name" in wordset or not found.isdisjoint(_ANSWER_ALONE)):
            _answers(text, low, wordset, out)
        found -= _ANSWER_RUNS
    else:
        if not _ANSWER_RUNS.isdisjoint(wordset) and ("name" in wordset or not _ANSWER_ALONE.isdisjoint(wordset)) or (
                "secrète" in low or "segurança" in low):
            _answers(text, low, wordset, out)
        found = {n for n in _ALL if f" {n} " in joined}
        if not found:
            return
    nouns = found & _NOUNS
    pairs = found - _NOUNS
    if pairs and ("/" in text and not _WIFI_CUES.isdisjoint(pairs) or not _PAIR_CUES.isdisjoint(pairs)):
        _pairs(text, low, pairs if "/" in text else pairs & _PAIR_CUES, out)
    if not nouns:
        return
    for noun in nouns:
        run = _codes if noun in _CODE else _noun
        for m in NOUN_AT[noun].finditer(low):
            i, j = m.span()
            if not (low[j:j + 1] == "." and low[j + 1:j + 2].isalnum()) and low[j + 1:j + 3] not in ASSIGN_OPS:
                run(text, low, i, j, noun, out)

