"""Secrets in a consultant's human notes: handovers, minutes, checklists, tickets, chats (round 11).

A grammar run by find_context, behind cheap checks on the letter-run view:

- **labelled codes**: a door, gate, alarm, safe or admin code named on its line in English, German, French,
  Spanish, Portuguese, Italian, Dutch or Polish (``Türcode Haupteingang: 5820``, ``Kod do drzwi: 1 4 7 0``,
  ``Le code du portail c'est 1987B``, ``Codice allarme: 9 2 6 4 1``, ``one-time code used was 731 902``,
  ``the bank sent a code 482193``): the code word (or a compound ending in it), a qualifier word of a place or
  a use on the label, an operator or copula, then 3 to 10 digits (a letter may lead or trail, ``#``/``*`` may
  follow), digits in groups of three or single figures; a lock combination (``48-19-07``) only beside a safe
  or a lock, letters and digits in groups (``A7K-2QX``) only for a one-time or recovery code; not after a
  public code word (error, postal, zip, project, cost...);
- **code lists**: the codes one per line under a recovery, backup or one-time codes label of any length,
  indented, at the margin or in a fenced block;
- passphrases of words after their label are :mod:`redaction.secret_passphrase`'s (``prose-passphrase``);
- **named keys without an operator**: ``WPA key XK7P-99QR-T4MW``, ``the temporary PSK tmp-psk-Zx81Lq``: a
  network, VPN or temporary key word, then a value with a letter and a digit; since round 15 also a
  network's code (``Wifi code: V``, ``the Wi-Fi code on the fridge is V``, ``the code for the guest wifi is
  V``), with a colon or a copula after up to three words of where it is written;
- **login pairs in a sentence**: ``the admin login on the Porto box is fwadmin / V``;
- **a key answered in a chat**: a 32 to 64 hex value alone on its line, in the four lines after one that
  names a key, token or secret (``does anyone have the Datadog API key?`` then the key), not a hash;
- **key groups read aloud**: ``First group 3 5 8 1 0 2`` and the same figures said back in words, and the
  figures of a spoken code given again (``nine two two five one ... 92251``);
- **AsciiDoc tables**: the cells of a ``|===`` table under a header cell named like a secret;
- **note properties**: Logseq/Obsidian ``key:: value`` lines whose key names a secret (``vpn-psk:: V``).

Imports: redaction.secret_keys, redaction.secret_prose, redaction.secret_spoken, redaction.secret_values,
redaction.spans, redaction.words_intl.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_prose import password_like
from redacted_context_mcp.redaction.secret_spoken import _SPOKEN, _as_figures
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

CODE_ID = "labelled-code"
KEY_ID = "named-key-value"
ANSWER_ID = "chat-key-answer"
PROPERTY_ID = "note-property"
PAIR_ID = "login-slash-pair"
GROUP_ID = "read-key-group"
ADOC_ID = "asciidoc-table-cell"
LIST_ID = "code-list"
RETOLD_ID = "spoken-code-retold"
DESCRIPTIONS: tuple[tuple[str, str], ...] = (
    (CODE_ID, "a door, gate, alarm, safe or admin code on its label line in 8 languages (Türcode Haupteingang:"
              " 5820, Kod do drzwi: 1 4 7 0, le code du portail c'est 1987B), a one-time code sent or used"),
    (KEY_ID, "a value with a letter and a digit after a network, VPN or temporary key or code word"
             " (WPA key V, the temporary PSK V, Wifi code: V, the code for the guest wifi is V)"),
    (ANSWER_ID, "32 to 64 hex characters alone on a chat line, within four lines after one naming a key or token"),
    (PAIR_ID, "the password of a login named in a sentence and written user / password (the admin login on the"
              " Porto box is fwadmin / V)"),
    (GROUP_ID, "a recovery key read in groups (first group 3 5 8 1 0 2) and the same figures said back in words"),
    (ADOC_ID, "the cells of an AsciiDoc |=== table under a header cell named like a secret (Wi-Fi password,"
              " Door code), one cell per line or several"),
    (LIST_ID, "the codes listed one per line under a recovery, backup or one-time codes label however long"
              " (Recovery codes for the treasury portal admin (one use each):\\n  RC7-44KQ-9PZL)"),
    (RETOLD_ID, "the figures of a code read aloud in words given again as figures (nine two two five one ... 92251)"),
    (PROPERTY_ID, "the value of a Logseq/Obsidian key:: value property whose key names a secret (vpn-psk:: V)"),
)

#: The code words: whole words, and the tails of compounds (Türcode, toegangscode, Alarmcode).
_CODE_WORDS = r"(?:codes?|pin|pincode|passcode|kod|kodu|kody|c[óo]digos?|codice|kode|koden)"
#: Words of a place or a use that make a code on the label secret (eight languages).
_QUALS = frozenset((
    "door", "front", "entrance", "entry", "gate", "garage", "alarm", "safe", "lock", "locker", "keypad", "lift",
    "elevator", "access", "admin", "installer", "master", "disarm", "unlock", "one-time", "onetime", "otp", "sms",
    "mfa", "2fa", "verification", "security", "login", "backup", "recovery", "sent", "texted", "received", "bank",
    "storage", "room", "flat", "apartment", "building's", "side", "back", "main", "pin", "voicemail",
    "porte", "portail", "entrée", "coffre", "alarme", "accès", "acces", "immeuble", "digicode", "digi", "badge",
    "tür", "tuer", "haupteingang", "eingang", "tor", "tresor", "alarmanlage", "zugang", "zugangs", "haus",
    "deur", "voordeur", "poort", "toegang", "toegangs", "kluis", "alarm-", "garagedeur",
    "puerta", "portón", "porton", "portal", "entrada", "alarma", "acceso", "caja",
    "portão", "portao", "porta", "cofre", "acesso", "cancello", "allarme", "ingresso", "cassaforte", "accesso",
    "drzwi", "brama", "bramy", "wejścia", "wejscia", "sejf", "sejfu", "alarmu", "domofon", "domofonu", "furtki",
))
#: Words that make a code public when they stand right before the code word or inside its label.
_PUBLIC = frozenset((
    "error", "postal", "zip", "post", "area", "country", "status", "exit", "return", "http", "response", "tax",
    "product", "item", "sku", "tracking", "promo", "discount", "voucher", "coupon", "cost", "project", "activity",
    "course", "booking", "reference", "ref", "order", "invoice", "source", "sample", "example", "colour", "color",
    "building", "dress", "fehler", "erreur", "erro", "errore", "fout", "błędu", "bledu", "pocztowy", "postale",
    "fiscale", "iban", "bic", "swift", "sort", "airport", "iata", "qr", "bar", "zip-", "country-", "dialling",
))
_OP = (r"(?:[ \t]{0,3}(?:::|:|=|—|–|-(?=[ \t]))|[ \t]{1,3}(?:c['’]est|is|was|ist|lautet|est|es|era|è|é|e|jest"
       r"|wynosi|luidt|blijft|are|used[ \t]{1,3}was|is[ \t]{1,3}now|now):?)")
_VALUE = (r"[ \t]{1,3}[\"'“„«`*]{0,2}(?P<v>(?P<combo>\d{2}-\d{2}-\d{2}(?:-\d{2})?)"
          r"|(?P<otp>(?=[a-z-]{0,12}\d)(?=[\d-]{0,12}[a-z])[a-z0-9]{2,6}-[a-z0-9]{2,6}(?:-[a-z0-9]{2,6}){0,2})"
          r"|[a-z]?\d{3,10}[a-z]?[#*]?"
          r"|\d{3}[ \t]\d{3}|\d(?:[ \t]\d){3,11})"
          r"(?![\w@/]|[.,:/-]\d|[ \t]\d)")
_CODE_AT = re.compile(_CODE_WORDS)
_LABEL = re.compile(r"(?P<c>" + _CODE_WORDS + r")(?P<x>(?:[ \t]{1,3}[^\s:=|]{1,30}){0,5}?)" + _OP + _VALUE)
_TAIL = re.compile(r"(?:code|kode)(?P<x>(?:[ \t]{1,3}[^\s:=|]{1,30}){0,5}?)" + _OP + _VALUE)
_BARE = re.compile(r"(?P<c>" + _CODE_WORDS + r")[ \t]{0,2}:?" + _VALUE)
_YEAR = re.compile(r"(?:19|20)\d\d")
_OTP_QUALS = frozenset(("one-time", "onetime", "otp", "login", "verification", "sms", "recovery", "backup", "mfa",
                        "2fa", "unlock", "security", "sign-in",
                        # an access code of letters and digits (Access code: AC-77321, Zugangscode: ZC-48291)
                        "access", "zugang", "zugangs", "toegang", "toegangs", "acceso", "acesso", "accès", "acces",
                        "accesso"))
_COMBO_QUALS = frozenset(("safe", "lock", "locker", "padlock", "combination", "cassaforte", "tresor", "coffre", "cofre",
                          "sejf", "sejfu", "kluis", "lockbox"))
_CODE_RUNS = frozenset(("code", "codes", "pin", "pincode", "passcode", "kod", "kodu", "kody", "codigo", "codigos",
                        "codice", "kode", "koden"))
_WORD = re.compile(r"[^\s:;,.()\[\]|\"'“”]{1,30}")


def _words(s: str) -> list[str]:
    return _WORD.findall(s)


def _labelled_codes(text: str, low: str, out: list[Hit]) -> None:
    for m in _CODE_AT.finditer(low):
        i = m.start()
        if i > 0 and (low[i - 1].isalnum() or low[i - 1] in "_-"):
            continue
        _one_code(low, i, out, None)
    _compounds(low, out)


def _compounds(low: str, out: list[Hit]) -> None:
    """``Türcode``, ``toegangscode``, ``alarm-code``: the letters before ``code``/``kode`` name a place or a use."""
    for tail in ("code", "kode"):
        i = low.find(tail)
        while i >= 0:
            j = i - 1 if i > 0 and low[i - 1] == "-" else i
            k = j
            while k > 0 and j - k < 13 and low[k - 1].isalpha():
                k -= 1
            p = low[k:j]
            if 2 <= len(p) <= 12 and (k == 0 or low[k - 1] not in "_-" and not low[k - 1].isalnum()) and (
                    p in _QUALS or p.rstrip("s") in _QUALS):
                _one_code(low, i, out, p)
            i = low.find(tail, i + 4)


def _one_code(low: str, i: int, out: list[Hit], prefix: str | None) -> None:
    ls = low.rfind("\n", 0, i) + 1
    before = _words(low[max(ls, i - 48):i])
    if prefix is not None:
        m = _TAIL.match(low, i)
    else:
        m = _LABEL.match(low, i)
    bare = False
    if m is None:
        m = _BARE.match(low, i)
        bare = True
        if m is None:
            return
    x = [] if bare else _words(m.group("x"))
    label = set(before[-4:]) | set(x)
    if before and before[-1] in _PUBLIC or any(w in _PUBLIC for w in x) and label.isdisjoint(_QUALS):
        return
    c = m.group("c") if prefix is None else "code"
    if prefix is None and c not in ("pin", "pincode", "passcode") and label.isdisjoint(_QUALS):
        return
    v = m.group("v")
    if m.group("otp") and label.isdisjoint(_OTP_QUALS):
        return  # letters and digits in groups: a one-time or recovery code only when it is named so
    if m.group("combo") and label.isdisjoint(_COMBO_QUALS):
        return  # 12-11-26 is a date unless a safe or a lock is named
    if bare and (_YEAR.fullmatch(v) or sum(ch.isdigit() for ch in v) < 4):
        return
    out.append(Hit(*m.span("v"), "SECRET", CODE_ID))


_KEY_BEFORE = re.compile(r"(?<![\w-])(?:wpa2?|wpa3|wep|wi-?fi|wlan|wireless|network|vpn|ipsec|temporary|temp|initial)"
                         r"[ \t]{1,2}$")
# an operator, or a copula after up to three words of where it is written (the wifi code on the fridge is V)
_KEY_AFTER = re.compile(r"(?:[ \t]{0,2}[:=]|(?:[ \t]{1,2}(?:on|in|at|by|near)(?:[ \t]{1,2}[a-z'’-]{1,15}){1,3}?)?"
                        r"[ \t]{1,2}(?:is|was|now|will[ \t]be))?[ \t]{1,3}[\"'`]?(?P<v>[^\s\"'`,;()]{6,64})")
#: the network named after the noun: ``the code for the guest wifi is V`` (round 15)
_FOR_NET = re.compile(r"[ \t]{1,2}(?:for|to)[ \t]{1,2}(?:(?:the|our|my)[ \t]{1,2})?(?:(?:guest|office|home)[ \t]{1,2})?"
                      r"(?:wi-?fi|wlan|wireless|network|hotspot|vpn|router)(?![\w-])")
_KEY_NOUNS = ("key", "psk", "passphrase", "code")


def _named_keys(text: str, low: str, out: list[Hit]) -> None:
    """The key noun is found first (a substring scan); the network or temporary word is read back from it."""
    for noun in _KEY_NOUNS:
        i = low.find(noun)
        while i >= 0:
            j = i + len(noun)
            net = None
            if i > 2 and low[i - 1] in " \t" and (j == len(low) or not low[j].isalnum()) and (
                    _KEY_BEFORE.search(low, max(0, i - 14), i) or (net := _FOR_NET.match(low, j)) is not None):
                m = _KEY_AFTER.match(low, j if net is None else net.end())
                if m is not None:
                    s, e = m.span("v")
                    while e > s and text[e - 1] in ".:!?":
                        e -= 1
                    v = text[s:e]
                    if any(c.isdigit() for c in v) and any(c.isalpha() for c in v) and password_like(v):
                        out.append(Hit(s, e, "SECRET", KEY_ID))
            i = low.find(noun, j)


#: led by the newline (a literal the scan skips to): the first line of a text is checked apart
_HEX_RUN = re.compile(r"\n[ \t>`'\"]{0,8}(?P<v>[0-9a-f]{32,64})")
_HEX_FIRST = re.compile(r"[ \t>`'\"]{0,8}(?P<v>[0-9a-f]{32,64})")
_ASKED = re.compile(r"(?<![a-z])(?:key|keys|token|secret|apikey|api_key)(?![a-z])")
_HASHY = re.compile(r"(?<![a-z])(?:sha|sha1|sha256|md5|commit|checksum|hash|digest|revision)(?![a-z])")


def _answers(low: str, out: list[Hit]) -> None:
    first = _HEX_FIRST.match(low)
    for m in ([first] if first is not None else []) + list(_HEX_RUN.finditer(low)):
        s, e = m.span("v")
        ls = low.rfind("\n", 0, s) + 1
        le = low.find("\n", e)
        le = len(low) if le < 0 else le
        if low[ls:s].strip(" \t>`'\"") or low[e:le].strip(" \t`'\"\r"):
            continue  # the hex is not alone on its line
        before = low[max(0, ls - 1200):ls].rstrip("\r\n").split("\n")
        lines = [ln for ln in before[-8:] if ln.strip()][-4:]
        window = "\n".join(lines)
        if _ASKED.search(window) and not _HASHY.search(window):
            out.append(Hit(s, e, "SECRET", ANSWER_ID))


_PROPERTY = re.compile(r"^[ \t]{0,12}(?:[-*][ \t]{1,2})?(?P<k>[A-Za-z][\w-]{1,40})::[ \t]{1,3}"
                       r"(?P<v>[^\r\n]{1,120}?)[ \t]*\r?$", re.M)


def _properties(text: str, out: list[Hit]) -> None:
    for m in _PROPERTY.finditer(text):
        v = m.group("v")
        if key_score(m.group("k")) == 2 and not is_template(v) and not is_reference(v, quoted=False) and (
                not v.startswith("[[")):
            out.append(Hit(*m.span("v"), "SECRET", PROPERTY_ID))


_PAIR = re.compile(
    r"(?<![\w-])(?:login|logon|log-in|credentials|creds|account)(?:[ \t]{1,3}(?:on|for|to|at|of|in)"
    r"(?:[ \t]{1,3}[\w.'’-]{1,30}){1,4}?)?(?:[ \t]{1,3}(?:is|are|was)|[ \t]{0,2}:)[ \t]{1,3}[\w.@\\-]{1,64}"
    r"[ \t]{1,2}/[ \t]{1,2}(?P<v>[^\s/|,;]{4,64})")


def _pairs(text: str, low: str, out: list[Hit]) -> None:
    for m in _PAIR.finditer(low):
        s, e = m.span("v")
        while e > s and text[e - 1] in ".:!?)":
            e -= 1
        v = text[s:e]
        if password_like(v) and (any(c.isdigit() for c in v) or not v.isalnum()):
            out.append(Hit(s, e, "SECRET", PAIR_ID))


_ORDINAL = re.compile(r"(?<![a-z])(?:first|second|third|fourth|fifth|sixth|seventh|eighth|next|last|final)[ \t]{1,2}$")
_GROUP_V = re.compile(r"[ \t]{0,2}(?:is|:|,)?[ \t]{1,3}(?P<v>\d(?:[ \t]?\d){3,7})(?![\w]|[.,]\d)")


def _groups(low: str, out: list[Hit]) -> None:
    said: set[str] = set()
    for noun in _GROUP_RUNS:
        i = low.find(noun)
        while i >= 0:
            j = i + len(noun)
            if i > 3 and _ORDINAL.search(low, max(0, i - 12), i) and (m := _GROUP_V.match(low, j)) is not None:
                out.append(Hit(*m.span("v"), "SECRET", GROUP_ID))
                said.add(re.sub(r"\D", "", m.group("v")))
            i = low.find(noun, j)
    if said:
        for m in _SPOKEN.finditer(low):
            if _as_figures(m.group()) in said:
                out.append(Hit(*m.span(), "SECRET", GROUP_ID))
            else:  # two groups said back in one run
                f = _as_figures(m.group())
                if any(g in f for g in said) and len(f) >= 8:
                    out.append(Hit(*m.span(), "SECRET", GROUP_ID))


def _adoc_tables(text: str, out: list[Hit]) -> None:
    i = text.find("|===")
    while i >= 0:
        end = text.find("\n|===", i + 4)
        if end < 0:
            return
        cells: list[tuple[int, int]] = []  # (start, end) of each cell's text, in order
        pos = text.find("\n", i) + 1
        header_n = -1
        while 0 < pos <= end:
            le = text.find("\n", pos)
            le = len(text) if le < 0 else le
            line = text[pos:le]
            if line.startswith("|"):
                k = pos + 1
                for part in line[1:].split("|"):
                    a, b = k, k + len(part)
                    while a < b and text[a] in " \t":
                        a += 1
                    while b > a and text[b - 1] in " \t\r":
                        b -= 1
                    cells.append((a, b))
                    k += len(part) + 1
                if header_n < 0:
                    header_n = len(cells)
            elif header_n < 0 and line.strip():
                break
            pos = le + 1
        if header_n > 1:
            secret = {c for c in range(header_n) if key_score(text[cells[c][0]:cells[c][1]]) == 2}
            for idx in range(header_n, len(cells)):
                if (idx - header_n) % header_n in secret:
                    a, b = cells[idx]
                    v = text[a:b]
                    if v and not is_template(v) and not is_reference(v, quoted=False):
                        out.append(Hit(a, b, "SECRET", ADOC_ID))
        i = text.find("|===", end + 5)


_LIST_HEAD = re.compile(r"(?<![\w-])(?:recovery|backup|scratch|emergency|one-time|2fa|mfa)[ \t]{1,2}codes"
                        r"(?P<x>[^\n:]{0,80}):[ \t]*\r?\n(?:[ \t]{0,12}(?:```|~~~)[\w-]{0,20}[ \t]*\r?\n)?", re.I)
#: an item may stand at the margin (inside a fenced block, or a plain list under its label)
_LIST_ITEM = re.compile(r"(?:[ \t]{0,12}\r?\n)?[ \t]{0,12}(?:[-*•][ \t]{1,3})?`?(?P<v>(?=[\w -]{0,24}\d)"
                        r"[A-Za-z0-9]{3,10}(?:[- ][A-Za-z0-9]{3,10}){0,3})`?[ \t]*(?:\r?\n|$)")


def _code_lists(text: str, out: list[Hit]) -> None:
    for m in _LIST_HEAD.finditer(text):
        pos = m.end()
        for _ in range(24):
            it = _LIST_ITEM.match(text, pos)
            if it is None:
                break
            parts = re.split(r"[- ]", it.group("v"))
            if 2 * sum(any(c.isdigit() for c in p) for p in parts) < len(parts):
                break  # words with a number (``see the safe 12``), not a code
            out.append(Hit(*it.span("v"), "SECRET", LIST_ID))
            pos = it.end()


def _retold_spoken(low: str, out: list[Hit]) -> None:
    said = {_as_figures(low[h.start:h.end]) for h in out if h.rule == "spoken-code" and low[h.start:h.end].isascii()
            and low[h.start:h.end][:1].isalpha()}
    for f in said:
        if len(f) < 4:
            continue
        i = low.find(f)
        while i >= 0:
            j = i + len(f)
            if (i == 0 or not low[i - 1].isalnum()) and (j == len(low) or not low[j].isalnum()):
                out.append(Hit(i, j, "SECRET", RETOLD_ID))
            i = low.find(f, j)


_NET_RUNS = frozenset(("wpa", "wep", "wifi", "wi", "wlan", "wireless", "network", "vpn", "ipsec", "temporary", "temp",
                       "initial"))
_KEY_RUNS = frozenset(_KEY_NOUNS)
_ASK_RUNS = frozenset(("key", "keys", "token", "tokens", "secret", "secrets", "apikey"))
_LIST_RUNS = frozenset(("recovery", "backup", "scratch", "emergency", "time", "mfa", "fa"))
_PAIR_RUNS = frozenset(("login", "logon", "log", "credentials", "creds", "account"))
_GROUP_RUNS = frozenset(("group", "block", "part"))


def find_notes(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str], joined: str) -> None:
    """Hits of the note families (``wordset``/``joined``: the letter-run view of ``low``)."""
    ascii_text = low.isascii()
    if not _CODE_RUNS.isdisjoint(wordset) or not ascii_text and (
            "code" in joined or "código" in low or "kod" in joined):
        _labelled_codes(text, low, out)
    elif "code" in joined:  # compounds (Türcode, toegangscode) are one letter run
        _compounds(low, out)
    if not _KEY_RUNS.isdisjoint(wordset) and not _NET_RUNS.isdisjoint(wordset):
        _named_keys(text, low, out)
    if not _ASK_RUNS.isdisjoint(wordset) and "\n" in low:
        _answers(low, out)
    if "::" in text:
        _properties(text, out)
    if "|===" in text:
        _adoc_tables(text, out)
    if "codes" in wordset and not _LIST_RUNS.isdisjoint(wordset):
        _code_lists(text, out)
    if any(h.rule == "spoken-code" for h in out):
        _retold_spoken(low, out)
    if not _GROUP_RUNS.isdisjoint(wordset) and ("recovery" in wordset or "key" in wordset):
        _groups(low, out)
    if " / " in text and not _PAIR_RUNS.isdisjoint(wordset):
        _pairs(text, low, out)
