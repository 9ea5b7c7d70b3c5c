"""Prose cues beyond the English operator forms of secret_dumps.

- **Other languages**: the word for password in fifteen other languages with that
  language's own copula or a separator (``das Passwort lautet V``, ``le mot de
  passe du wifi est V``, ``la contraseña es V``, ``hasło to V``, ``kodeordet er V``;
  also the definite forms ``lösenordet``, ``passordet``, ``adgangskoden``), optionally
  qualified (``das Passwort für den Server ist V``);
- **codes in other languages**: verification, security and access codes
  (``Bestätigungscode lautet 482913``, ``code de vérification est 482913``);
- **English lead words without an operator**: ``with password V``, ``temp PW V``,
  ``new password V``, ``default password V``.

A value must not read as a word (a digit, a symbol or mixed case inside), as in
English; a code is 3 to 10 digits.

Imports: redaction.secret_dumps, redaction.secret_values, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_dumps import _TRAIL, _anaphor_value, _wordish
from redacted_context_mcp.redaction.secret_kit import trie, with_folds
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

#: The word for password, by language (lower-case; ``password`` itself is used in Italian and others).
WORDS = ("passwort", "kennwort", "mot de passe", "contraseña", "contrasena", "senha", "wachtwoord",
         "lösenordet", "lösenord", "losenordet", "losenord", "passordet", "passord", "adgangskoden",
         "adgangskode", "kodeordet", "kodeord", "salasana", "hasło", "haslo", "heslo", "şifre", "sifre", "пароль",
         "password", "clé", "clave", "chiave", "chave", "sleutel", "klucz")
_QUALIFIER = r"(?:für|fuer|vom|von|des|du|de|del|de la|da|do|van|voor|för|for|til|dla|do|per|pro|pour|para|для|от)"
#: An adjective after the word (``mot de passe temporaire pour V``, ``senha temporária do X``, ``clé WPA du wifi``).
_ADJ = (r"(?:temporaire|provisoire|tempor[áa]ria|provis[óo]ria|temporal|provisional|temporanea|provvisoria"
        r"|tymczasowe|tijdelijk|tijdelijke|initiale?|inicial|iniziale|nouveau|nuevo|nueva|nova|novo|nuovo|nowe"
        r"|wpa2?|wifi|wi-fi|wlan|admin)")
_COPULA = (r"(?:lautet|ist|est|es|é|è|e|is|luidt|är|er|on|jest|to|je|equivale a|c'est|c’est|это|είναι|هي|هو|היא|הוא|है"
           r"|là|adalah|ialah|—|:|=)")
_PROSE = re.compile(
    r"(?P<w>" + "|".join(sorted((re.escape(w) for w in WORDS), key=len, reverse=True)) + r")"
    r"\)?(?:[ \t]{1,3}" + _ADJ + r")?"  # ``wifi (NL: wachtwoord) = V``: the word in brackets
    r"(?:[ \t]{1,3}" + _QUALIFIER + r"(?:[ \t]{1,3}[\w.@-]{1,40}){1,4}?)?"
    r"[ \t]{0,3}" + _COPULA + r"(?:[ \t]{0,3}:)?[ \t]{1,3}"
    r"(?:\"(?P<q>[^\"\r\n]{3,64})\"|[\"'“‘`«„*]{0,2}(?P<v>[^\s\"'”’`»“*]{3,64}))"
)
#: Verification, security and access codes in other languages, then a copula and 3 to 10 digits; round 14 adds
#: one-time, SMS, PIN, door, gate and alarm codes in the languages of consultants' transcripts and chats.
_CODES = ("bestätigungscode", "bestaetigungscode", "verifizierungscode", "sicherheitscode", "zugangscode",
          "code de vérification", "code de verification", "code de sécurité", "code d'accès", "code de confirmation",
          "código de verificación", "codigo de verificacion", "código de seguridad", "código de acceso",
          "codice di verifica", "codice di sicurezza", "verificatiecode", "toegangscode", "beveiligingscode",
          "kod weryfikacyjny", "verifieringskod", "bekræftelseskode", "vahvistuskoodi",
          # round 14
          "code à usage unique", "code a usage unique", "code unique", "code de connexion", "code d'authentification",
          "code sms", "code pin", "code d'alarme", "code alarme", "code de l'alarme", "code du portail", "digicode",
          "anmeldecode", "türcode", "tuercode", "alarmcode", "sms-code", "smscode", "torcode", "tresorcode",
          "código de un solo uso", "código de la alarma", "código de alarma", "código de la puerta",
          "código del portal", "código sms", "código de confirmación", "clave de la alarma", "código de verificação",
          "codigo de verificacao", "código de confirmação", "código de acesso", "código do portão", "código do alarme",
          "código da porta", "codice di accesso", "codice otp", "codice dell'allarme", "codice allarme",
          "codice del cancello", "codice della porta", "codice di conferma", "codice monouso", "eenmalige code",
          "deurcode", "bevestigingscode", "inlogcode", "kod sms", "kod dostępu", "kod do drzwi", "kod alarmu",
          "kod jednorazowy", "kod potwierdzający", "kod pin", "engångskod", "portkod", "dörrkod", "larmkod",
          "bekräftelsekod", "engangskode", "dørkode", "alarmkode", "portkode", "bekreftelseskode", "doğrulama kodu",
          "dogrulama kodu", "onay kodu", "tek kullanımlık kod", "alarm kodu", "sms kodu", "giriş kodu",
          "код подтверждения", "код из смс", "код из sms", "одноразовый код", "код доступа", "код безопасности",
          "код проверки", "код верификации", "пин-код", "пин код", "pin-код", "код от двери", "код домофона",
          "код двери", "код сигнализации", "код от сигнализации", "код для входа", "код підтвердження", "пін-код",
          "код доступу", "одноразовий код", "κωδικός επαλήθευσης", "κωδικός επιβεβαίωσης", "κωδικός μιας χρήσης",
          "κωδικός pin", "κωδικός συναγερμού", "κωδικός πόρτας", "رمز التحقق", "رمز التأكيد", "كود التحقق",
          "رمز الدخول", "الرمز السري", "קוד אימות", "קוד האימות", "קוד חד פעמי", "קוד כניסה", "קוד הדלת",
          "קוד האזעקה", "קוד סודי", "सत्यापन कोड", "ओटीपी", "पिन", "वन टाइम पासवर्ड", "mã otp", "mã xác nhận",
          "mã xác thực", "mã pin", "mã cửa", "mã báo động", "mã truy cập", "kode otp", "kode verifikasi",
          "kode konfirmasi", "kode akses", "kode pin", "kode pintu", "kode alarm",
          # "your code" as one-time-code messages say it, and Turkish possessives (doğrulama kodunuz)
          "votre code", "ton code", "ihr code", "dein code", "tu código", "su código", "seu código", "o seu código",
          "il tuo codice", "il suo codice", "twój kod", "din kod", "din kode", "uw code", "je code", "ваш код",
          "твой код", "ο κωδικός σας", "mã của bạn", "kode anda", "doğrulama kodunuz", "dogrulama kodunuz",
          "onay kodunuz", "giriş kodunuz", "sms kodunuz", "kodunuz", "şifreniz")
#: Words between a code word and its value that make it a public code (``votre code postal : 75011``).
_CODE_NOT = frozenset("postal postale post postleitzahl client cliente kunde kunden commande bestellung pedido ordine"
                      " order erreur error fehler errore ошибки produit produkt producto prodotto article artikel"
                      " promo promotionnel rabatt descuento sconto coupon gutschein ticket billet vol flug vuelo volo"
                      " douane zoll pays land país paese iban bic swift tva nif siret isbn zip barcode qr"
                      " parrainage réduction reduction cadeau regalo geschenk".split())
#: The engine's fold writes a final sigma as σ and a dotless i as i: both spellings are listed.
_CODES = with_folds(_CODES)
#: Stems whose presence in a non-ASCII text's letter runs opens the code scan (each code word holds one).
_CODE_STEMS = ("code", "código", "codigo", "codice", "kod", "clave", "otp", "пин", "pin", "код", "κωδικ", "رمز",
               "كود", "קוד", "कोड", "ओटीपी", "पिन", "पासवर्ड", "mã")
#: For an ASCII text: the letter runs of each ASCII code word (all must be whole runs of the text).
_CODE_RUNSETS = tuple(frozenset(re.findall(r"[a-z]+", w)) for w in _CODES if w.isascii())
#: One run of each of those (not the common ``code``/``kod``/``kode`` when there is another): the cheap first test.
_CODE_LEADS = frozenset(max(r - {"code", "kod", "kode", "de", "a"} or r, key=len) for r in _CODE_RUNSETS)
_ARTICLE = r"(?:le|la|el|der|die|das|o|a|il|het|de)"
_CODE = re.compile(
    r"(?P<w>" + trie(_CODES) + r")"
    r"(?:(?:[ \t]{1,3}[\w'’-]{1,24}){1,3}?(?:[ \t]{1,3}(?:" + _COPULA[3:-1] + r")|[ \t]{0,3}:)|[ \t]{0,3}(?:"
    + _COPULA[3:-1] + r"))?(?:[ \t]{0,3}:)?(?:[ \t]{1,3}" + _ARTICLE + r")?[ \t]{1,3}[\[【(「\"“«„]?"
    r"(?P<v>\d{3}[ -]\d{3}(?!\d)|\d{3,10})\b(?![.,/:-]\d)"
)
#: ``with password V``, ``temp PW V``: a lead word, the cue, then the value with no operator (the cue is
#: found first; the lead word is read back from it).
_LEAD_BEFORE = re.compile(r"(?<![\w-])(?:with|using|use|new|temp|temporary|initial|default|one-time)[ \t]{1,3}"
                          r"(?:the[ \t]{1,3})?$")
_LEAD_VALUE = re.compile(r"[ \t]{1,3}[\"'`]?(?P<v>[^\s\"'`]{6,64})")
#: Whole letter runs that start a word of each grammar, for an ASCII text's run set.
_RUNS = frozenset(("passwort", "kennwort", "passe", "contrasena", "senha", "wachtwoord", "losenord", "losenordet",
                   "passord", "passordet", "adgangskode", "adgangskoden", "kodeord", "kodeordet", "salasana",
                   "haslo", "heslo", "sifre", "clave", "chiave", "chave", "sleutel", "klucz"))
_CODE_RUNS = frozenset(("bestaetigungscode", "verifizierungscode", "sicherheitscode", "zugangscode", "verification",
                        "confirmation", "verificacion", "verifica", "sicurezza", "verificatiecode", "toegangscode",
                        "beveiligingscode", "weryfikacyjny", "verifieringskod", "vahvistuskoodi"))
#: A code for a place or a thing (``the code for the storage room is 6073``, ``der Code für den Serverraum lautet
#: 9064``, ``le code de la porte est A1290``): the code word, a preposition, one to three words, a copula, then
#: 4 to 8 digits (a letter may lead). Not after a word that makes it a public code (area, postal, error...).
_PLACE_CODE = re.compile(
    r"(?P<w>code|codes|código|codigo|codice|kode|koden|kod)[ \t]{1,3}"
    r"(?:for|to|of|für|fuer|zum|zur|vom|von|de|del|de la|du|des|da|do|della|dello|van|voor|för|til|dla)"
    r"(?P<x>(?:[ \t]{1,3}[\w'’-]{1,30}){1,3}?)(?:[ \t]{0,3}:|[ \t]{1,3}"
    r"(?:is|was|are|lautet|ist|est|es|è|é|e|er|är|jest|to|:))(?:[ \t]{1,3}(?:now|jetzt|maintenant|ahora|nu))?"
    r"[ \t]{1,3}[\"'“„«]?(?P<v>[A-Za-z]?\d{4,8})\b(?![.,/:-]\d)")
_PUBLIC_CODE = frozenset(("area", "postal", "zip", "post", "country", "error", "status", "exit", "return", "http",
                          "response", "tax", "product", "item", "sku", "tracking", "promo", "discount", "voucher",
                          "source", "sample", "example", "colour", "color", "dialling", "dialing", "iso", "airport"))
_PLACE_NOT = frozenset(("project", "function", "method", "module", "error", "errors", "exit", "release", "version",
                        "issue", "ticket", "bug", "build", "test", "tests", "class", "program", "script", "repo",
                        "challenge", "exercise", "task", "problem", "example", "sample", "year", "country", "item"))
_YEAR = re.compile(r"(?:19|20)\d\d")
#: One-time and PIN codes named by a word of their own (``OTP 551234``, ``OTP: 408076``, ``de pincode is 6279``).
_OTP_RUNS = frozenset(("otp", "pincode", "pinkode", "pinkoden", "einmalpasswort", "einmalcode", "puk"))
_OTP = re.compile(r"(?P<w>otp|pincode|pin-code|pinkoden|pinkode|einmalpasswort|einmalcode|puk)(?:[ \t]{1,3}code)?"
                  r"[ \t]{0,3}(?:is|ist|lautet|er|est|es|:|=)?(?:[ \t]{0,3}:)?[ \t]{1,3}(?P<v>\d{4,10})\b(?![.,/:-]\d)")
_LEAD_RUNS = frozenset(("with", "using", "use", "new", "temp", "temporary", "initial", "default", "one"))
_LEAD_CUES = frozenset(("password", "passwd", "passcode", "pwd", "pw"))
_NON_ASCII = ("contraseña", "lösenord", "hasło", "şifre", "пароль", "password", "code", "código", "kod",
              "kode", "koodi", "kod")
_COMPOUND_HEADS = frozenset(("passwort", "kennwort", "wachtwoord", "lösenord", "losenord", "passord", "kodeord"))
#: Copulas that English prose also uses: ``password is V`` is secret_dumps' to read.
_ENGLISH = frozenset(("is", ":", "="))


def _value(text: str, s: int, e: int, out: list[Hit]) -> None:
    while e > s and text[e - 1] in _TRAIL:
        e -= 1
    v = text[s:e]
    if len(v) < 3 or _wordish(v) or text[s] in "<{[($%@" or is_template(v) or is_reference(v, quoted=False):
        return
    out.append(Hit(s, e, "SECRET", "prose-password"))


def _intl(text: str, low: str, out: list[Hit]) -> None:
    for m in _PROSE.finditer(low):
        if m.start() > 0 and low[m.start() - 1].isalnum() and (
                m.group("w") not in _COMPOUND_HEADS or not low[m.start() - 1].isalpha()):
            continue  # German compounds end in the word (Initialpasswort, Startkennwort, WLAN-Passwort)
        if m.group("w") == "password":
            tail = low[m.end("w"):m.start("q") if m.start("q") >= 0 else m.start("v")].strip(" \t\"'“‘`«„*")
            if tail.split(" ")[-1] in _ENGLISH or not tail:
                continue  # English prose, read by secret_dumps
        if m.start("q") >= 0:
            s, e = m.span("q")
            if not is_template(text[s:e]) and not is_reference(text[s:e], quoted=True):
                out.append(Hit(s, e, "SECRET", "prose-password"))
            continue
        _value(text, *m.span("v"), out)


_PLACE_WORDS = ("code ", "codes ", "kode ", "koden ", "kod ", "código ", "codigo ", "codice ")


def _place_codes(text: str, low: str, out: list[Hit]) -> None:
    for word in _PLACE_WORDS:
        i = low.find(word)
        while i >= 0:
            if i == 0 or not low[i - 1].isalnum():
                m = _PLACE_CODE.match(low, i)
                if m is not None:
                    _place_code(low, m, out)
            i = low.find(word, i + len(word))


#: Round 14: a customer's, an order's or a product's code in other languages is no code for a place either.
_PLACE_NOT = _PLACE_NOT | _CODE_NOT


def _place_code(low: str, m: re.Match[str], out: list[Hit]) -> None:
    """One place code, unless a word before or inside makes it public or not a code for a place."""
    before = low[max(0, m.start() - 16):m.start()].split()
    if before and before[-1] in _PUBLIC_CODE or any(w in _PLACE_NOT for w in m.group("x").split()):
        return
    if _YEAR.fullmatch(m.group("v")) is None:
        out.append(Hit(*m.span("v"), "SECRET", "prose-code"))


def find_prose_cues(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str],
                    joined: str) -> None:
    """Hits of the three cue families (``wordset``/``joined``: the letter-run view of ``low``)."""
    ascii_text = low.isascii()
    if not _RUNS.isdisjoint(wordset) or not ascii_text and (
            any(w in joined for w in _NON_ASCII[:6]) or "clé" in low) or (
            "wort" in joined and ("passwort" in joined or "kennwort" in joined)):
        _intl(text, low, out)
    if not _CODE_RUNS.isdisjoint(wordset) or (not _CODE_LEADS.isdisjoint(wordset) and any(
            r <= wordset for r in _CODE_RUNSETS) if ascii_text else any(w in joined for w in _CODE_STEMS)):
        for m in _CODE.finditer(low):
            if (m.start() == 0 or not low[m.start() - 1].isalnum()) and _CODE_NOT.isdisjoint(
                    low[m.end("w"):m.start("v")].replace(":", " ").split()):
                out.append(Hit(*m.span("v"), "SECRET", "prose-code"))
    if not _OTP_RUNS.isdisjoint(wordset) or not ascii_text and ("otp" in joined or "pinko" in joined):
        for m in _OTP.finditer(low):
            if (m.start() == 0 or not low[m.start() - 1].isalnum()) and _YEAR.fullmatch(m.group("v")) is None:
                out.append(Hit(*m.span("v"), "SECRET", "prose-code"))  # not "OTP 2024 rollout"
    if "code" in wordset or "kode" in wordset or "kod" in wordset or not ascii_text and (
            "código" in joined or "codice" in joined or "codigo" in joined):
        _place_codes(text, low, out)
    cues = _LEAD_CUES.intersection(wordset)
    if cues and not _LEAD_RUNS.isdisjoint(wordset):
        for cue in cues:
            i = low.find(cue)
            while i >= 0:
                j = i + len(cue)
                if (i == 0 or not low[i - 1].isalnum()) and (j == len(low) or not low[j].isalnum()) and (
                        _LEAD_BEFORE.search(low, max(0, i - 24), i)):
                    m = _LEAD_VALUE.match(text, j)
                    if m is not None:
                        s, e = m.span("v")
                        while e > s and text[e - 1] in _TRAIL:
                            e -= 1
                        v = text[s:e]
                        if _anaphor_value(v) and not is_template(v) and not is_reference(v, quoted=False) and (
                                "/" not in v):
                            out.append(Hit(s, e, "SECRET", "prose-password"))
                i = low.find(cue, j)
