"""Record fields that hold a person or a login, in exports of more languages and shapes (round 11, r8-personal).

- **name-part fields**: JSON keys and XML elements that name a part of a person's name in several languages
  (``"Achternaam"``, ``"Roepnaam"``, ``<Cognome>``, ``"nazwisko"``, ``"apellidos"``, ``"Vorname"``,
  ``"FirstName"``); a bare name key (``"Nome"``, ``<Nombre>``, ``"naam"``, ``"name"``) only beside such a
  surname field of the same record (a product's ``"nome"`` stays);
- **log attributions**: the authenticated user of a Common/Combined Log Format line
  (``81.169.145.22 - wehrle_k [30/Nov/2026:09:14:02 +0100] "GET ...``) and actor keys of key=value logs
  (``requestedBy=kwehrle``, ``by=thiago.souza``, ``created_by=...``; ``order_by=``/``group_by=`` are no actors);
- **IAM principals**: the user or session name of an AWS ARN (``arn:aws:iam::123456789012:user/jdoe``,
  ``assumed-role/Role/jane@example.com``).

Every regex is bounded and led by a literal or gated on one (``":``, ``</``, ``[``, ``=``, ``arn:aws``).

Imports: redaction.spans, redaction.textview.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words

#: Keys that name a surname or a given name wherever they stand (folded; ``_`` ``-`` and case vary).
_SURNAME_KEYS = (
    "achternaam", "geslachtsnaam", "nachname", "familienname", "geburtsname", "cognome", "apellido", "apellidos",
    "primer_apellido", "segundo_apellido", "primerapellido", "segundoapellido", "nazwisko", "sobrenome",
    "nom_de_famille", "nomdefamille", "nom_famille", "nom_naissance", "lastname", "last_name", "surname",
    "familyname", "family_name", "priezvisko", "příjmení", "prijmeni", "efternamn", "etternavn", "sukunimi",
)
_GIVEN_KEYS = (
    "roepnaam", "voornaam", "voornamen", "vorname", "vornamen", "rufname", "prenom", "prénom", "prenoms", "prénoms",
    "imie", "imię", "imiona", "nome_proprio", "primer_nombre", "firstname", "first_name", "givenname", "given_name",
    "middlename", "middle_name", "jmeno", "jméno", "fornamn", "förnamn", "fornavn", "etunimi",
    "nome_completo", "nombre_completo", "nom_complet", "volledige_naam", "vollstaendiger_name",
    # round 12: the reading and the Latin spelling of a CJK name in CRM exports
    "name_kana", "kana_name", "furigana", "name_furigana", "name_romanized", "romanized_name", "name_latin",
    "latin_name", "name_en", "english_name", "name_kanji", "kanji_name", "name_hangul",
)
#: Bare name keys: a person only beside a surname field of the same record.
_BARE_KEYS = ("nome", "nombre", "nom", "naam", "name", "navn", "namn", "nimi", "imię i nazwisko")

_ALT = "|".join(sorted({re.escape(k) for k in _SURNAME_KEYS + _GIVEN_KEYS + _BARE_KEYS}, key=len, reverse=True))
_JSON_FIELD = re.compile(r"\"(?P<k>" + _ALT + r")\"[ \t]{0,2}:[ \t]{0,2}\"(?P<v>[^\"\\\n]{1,80})\"", re.IGNORECASE)
_XML_FIELD = re.compile(r"<(?P<k>" + _ALT + r")(?:[ \t][^<>\n]{0,80})?>(?P<v>[^<>\n]{1,80})</(?P=k)>", re.IGNORECASE)
#: ``firstName=Camille, lastName=Rousseau`` (a Java ``toString``, a key=value log line).
_KV_KEYS = frozenset(k for k in _SURNAME_KEYS + _GIVEN_KEYS if k.isascii())
_KV_KEY_RUNS = tuple({tuple(r for r in re.split(r"[^a-z]+", k) if r) for k in _KV_KEYS})
_KV_VALUE = re.compile(r"(?P<v>[^,;}\])\s&\"'=]{1,60})")
#: The street and the house number of an address split over record fields (``"Straat"``, ``"Huisnummer"``).
_STREET_KEYS = ("straat", "strasse", "straße", "street", "street_name", "streetname", "calle", "rue", "via", "ulica",
                "rua", "address_line1", "addressline1", "address_line_1", "adresregel1", "gata", "gade", "vej", "katu",
                "streetaddress", "street_address", "strtnm", "adrline", "bldgnm", "home_street", "homestreet",
                # round 13: the street and neighbourhood fields of Brazilian, Spanish and Mexican CRMs
                "logradouro", "bairro", "barrio", "colonia", "complemento", "quartier", "stadtteil", "ortsteil",
                "wijk", "dzielnica", "mahalle", "neighborhood", "neighbourhood")
_HOUSE_KEYS = ("huisnummer", "hausnummer", "house_number", "housenumber", "street_number", "streetnumber",
               "numero_civico", "numerocivico", "nr_domu", "numer_domu", "numero_casa", "numero_rua", "huisnr",
               "hausnr", "huisnummer_toevoeging", "huisnummertoevoeging", "numéro_de_rue", "no_rue", "bldgnb")
_ADDR_ALT = "|".join(sorted({re.escape(k) for k in _STREET_KEYS + _HOUSE_KEYS}, key=len, reverse=True))
_JSON_ADDR = re.compile(r"\"(?P<k>" + _ADDR_ALT + r")\"[ \t]{0,2}:[ \t]{0,2}\"(?P<v>[^\"\\\n]{1,80})\"",
                        re.IGNORECASE)
_XML_ADDR = re.compile(r"<(?P<k>" + _ADDR_ALT + r")(?:[ \t][^<>\n]{0,80})?>(?P<v>[^<>\n]{1,80})</(?P=k)>",
                       re.IGNORECASE)
_HOUSES = frozenset(_HOUSE_KEYS)
#: Query parameters that carry a phone number (URL-encoded: ``tel=%2B34%20628%2045%2090%2012``).
_URL_PHONE = re.compile(r"[?&;](?:tel|phone|phone_number|phonenumber|mobile|mobil|movil|móvil|telefono|telefon"
                        r"|telephone|telefone|celular|cell|msisdn|whatsapp)=(?P<v>[0-9%+()\-. A-Fa-f]{7,60})",
                        re.IGNORECASE)
#: A login named in prose: ``my username is gllewellyn82``, ``Benutzername: hwinkler``, ``usuario es mjibanez``.
_LOGIN_CUE = re.compile(
    r"(?<![\w\-])(?:user[ \t]?name|login|user[ \t]id|benutzername|benutzerkennung|nom d'utilisateur|identifiant"
    r"|nombre de usuario|usuario|gebruikersnaam|nazwa użytkownika|login użytkownika|nome utente|nome de usuário)"
    r"(?:[ \t]{1,2}(?:is|was|ist|war|est|es|era|è|to|jest|é)[ \t]{1,2}|[ \t]{0,2}:[ \t]{1,2})[\"'`]?"
    r"(?P<v>[A-Za-z][A-Za-z0-9._\-]{1,63})(?![\w@\-:]|\.\w)", re.IGNORECASE)
#: Git trailers naming a person by a bare login (``Reviewed-by: tereza.novotna``: no ``<address>`` after it).
_TRAILER_LOGIN = re.compile(r"\n[ \t]{0,8}(?:reviewed|acked|tested|reported|suggested|helped|signed-off|co-authored"
                            r"|approved)-by[ \t]{0,2}:[ \t]{0,4}(?P<v>[A-Za-z0-9][A-Za-z0-9._\-]{1,63})"
                            r"[ \t]{0,4}(?=\r?\n|$)",
                            re.IGNORECASE)
#: Directory and IdP keys whose value is a login (``"onPremisesSamAccountName": "mlindqvist"``).
_LOGIN_KEYS = re.compile(r"\"(?:onPremisesSamAccountName|samAccountName|sAMAccountName|mailNickname|loginName"
                         r"|login_name|logonName|logon_name|preferred_username|preferredUsername|uid|userid|user_id|accountLogin"
                         r"|windowsAccountName|unixUsername|posixUsername|linuxUsername|githubLogin|github_login)\""
                         r"[ \t]{0,2}:[ \t]{0,2}\[?[ \t]{0,2}\"(?P<v>[A-Za-z][A-Za-z0-9._\-]{1,63})\"", re.IGNORECASE)
#: ``user=<lbernard>`` (Dovecot, Postfix SASL), ``imap(lbernard)``: a login in angle brackets after its key.
_ANGLE_LOGIN = re.compile(r"(?<![\w\-])(?:user|sasl_username|login|username)=<(?P<v>[A-Za-z0-9][A-Za-z0-9._\-]{1,63})>")
#: A report's author by login: ``Report run 12/01/2026 07:02 CST by jwhitaker``, ``Erstellt am 01.12.2026 von
#: hwinkler``, ``Sporządził: mnowak`` (a creation verb, then by/von/par/por/przez/door within the line).
_ATTRIBUTION = re.compile(r"[ \t](?:by|von|par|por|przez|door|da|av|af)[ \t]{1,2}(?P<v>[a-z][a-z0-9._\-]{2,31})"
                          r"(?![\w@\-]|\.\w)")
_ATTR_VERB = re.compile(r"(?<![\w\-])(?:created|generated|run|exported|prepared|printed|produced|erstellt|generiert"
                        r"|exportiert|gedruckt|créé|généré|exporté|imprimé|creado|generado|exportado|impreso|gerado"
                        r"|wygenerowano|utworzono)(?![\w\-])")
_ATTR_LABEL = re.compile(
    r"(?<![\w\-])(?:prepared by|created by|run by|exported by|erstellt von|bearbeiter|sporządził|sporzadzil"
    r"|sporządziła|wystawił|opracował|réalisé par|établi par|elaborado por|preparado por)[ \t]{0,2}:[ \t]{0,3}"
    r"(?P<v>[a-z][a-z0-9._\-]{2,31})(?![\w@\-]|\.\w)", re.IGNORECASE)
#: The numbers of a phones list (``"phones": [{"type": "home", "number": "22 12 34 56"}]``).
_PHONES_LIST = re.compile(r"\"(?:phones|phone_numbers|phoneNumbers|telephones|telephone_numbers|contact_numbers"
                          r"|telefone|telefonos|teléfonos|telefoons)\"[ \t]{0,2}:[ \t]{0,2}\[", re.IGNORECASE)
_LIST_NUMBER = re.compile(r"\"(?:number|value|phone|nummer|numero|número)\"[ \t]{0,2}:[ \t]{0,2}\""
                          r"(?P<v>\+?[0-9(][0-9 ()./\-]{5,22}[0-9])\"")
_SURNAMES = frozenset(_SURNAME_KEYS)


def _first_runs(keys) -> frozenset[str]:
    """The first letter run of each key, folded: a key can match only where that run is a run of the text."""
    return frozenset(re.split(r"[^a-zà-ÿ]+", k.lower())[0] for k in keys)


_KV_RUNS = _first_runs(_SURNAME_KEYS + _GIVEN_KEYS)
_CUE_RUNS = frozenset(("username", "user", "login", "benutzername", "benutzerkennung", "nom", "identifiant", "nombre",
                       "usuario", "gebruikersnaam", "nazwa", "nome"))
_ATTR_VERBS = frozenset(("created", "generated", "run", "exported", "prepared", "printed", "produced", "erstellt",
                         "generiert", "exportiert", "gedruckt", "créé", "généré", "exporté", "imprimé", "creado",
                         "generado", "exportado", "impreso", "gerado", "wygenerowano", "utworzono"))
_ATTR_PREPS = frozenset(("by", "von", "par", "por", "przez", "door", "da", "av", "af"))
_ATTR_LABEL_RUNS = frozenset(("prepared", "created", "run", "exported", "erstellt", "bearbeiter", "sporządził",
                              "sporzadzil", "sporządziła", "wystawił", "opracował", "réalisé", "établi", "elaborado",
                              "preparado"))
_PHONE_RUNS = frozenset(("tel", "phone", "phonenumber", "mobile", "mobil", "movil", "m", "telefono", "telefon",
                         "telephone", "telefone", "celular", "cell", "msisdn", "whatsapp"))
_CLF_GATE = re.compile(r"\[[0-9]{2}/[A-Z][a-z]{2}/[0-9]{4}:")
#: Actor keys of key=value lines (folded, ``_`` kept), read backwards from an ``=``.
_ACTOR_VERBS = ("requested", "created", "updated", "modified", "changed", "approved", "deleted", "performed",
                "initiated", "triggered", "submitted", "uploaded", "reviewed", "assigned", "locked", "edited")
_ACTOR_KEYS = frozenset(["by", "actor", "operator_login", "user_login"]
                        + [f"{v}{sep}by" for v in _ACTOR_VERBS for sep in ("", "_")])
_ACTOR_VALUE = re.compile(r"(?P<q>\"?)(?P<v>[A-Za-z0-9_][A-Za-z0-9._@\-]{1,63})(?P=q)(?![\w@.\-])")
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
#: A UPI handle after its "@" (the scan is led by the literal "@"; the local part is read backwards).
_UPI_AT = re.compile(r"@(?:ok(?:hdfcbank|icici|sbi|axis)|ybl|ibl|axl|apl|paytm|upi|yapl|ptyes|ptsbi|pthdfc|ptaxis"
                     r"|hdfcbank|icici|sbi|axisbank|kotak|waicici|wahdfcbank)(?![\w.\-])")
_LOCAL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
_BARE = frozenset(_BARE_KEYS)
#: How far a bare name key may sit from its record's surname field.
_RECORD_REACH = 400

#: Common/Combined Log Format: host, ident, authuser, then the bracketed time.
_CLF = re.compile(r"(?m)^[0-9A-Za-z][0-9A-Za-z.:\-]{1,253} [^ \n]{1,64} (?P<v>[^ \n\[\]\"]{1,64}) "
                  r"\[[0-9]{2}/[A-Z][a-z]{2}/[0-9]{4}:[0-9]{2}:")
#: The user, federated user or assumed-role session of an AWS ARN (the account id is personal_ids').
_ARN_USER = re.compile(
    r"arn:aws[a-z\-]{0,12}:(?:iam|sts)::[0-9]{12}:(?:user|federated-user|assumed-role/[A-Za-z0-9+=,.@_\-]{1,64})"
    r"/(?:[A-Za-z0-9+=,.@_\-]{1,64}/){0,4}(?P<v>[A-Za-z0-9+=,.@_\-]{1,64})")

#: Words after "by" that are no login (``sorted by date``, ``created by default``).
_NOT_LOGINS = frozenset(("default", "hand", "date", "name", "user", "users", "the", "a", "an", "me", "us", "them",
                         "him", "her", "cron", "script", "system", "der", "die", "das", "den", "dem", "le", "la", "les",
                         "el",
                         "los", "las"))
GENERIC_LOGINS = frozenset(("-", "root", "admin", "system", "anonymous", "unknown", "null", "none", "nobody", "guest",
                            "www-data", "nginx", "apache", "daemon", "service", "user", "test"))


def _name_value(v: str) -> bool:
    v = v.strip()
    return bool(v) and any(c.isalpha() for c in v) and not v.startswith(("$", "{", "%", "<", "[")) \
        and v.lower() not in ("null", "none", "n/a", "true", "false", "-")


def _fields(text: str, runs: frozenset[str] | set[str], hits: list[Hit]) -> None:
    found: list[tuple[str, int, int, int]] = []  # (key, match start, value start, value end)
    if '"' in text and ":" in text:
        found += [(m.group("k").lower(), m.start(), *m.span("v")) for m in _JSON_FIELD.finditer(text)]
    if "</" in text:
        found += [(m.group("k").lower(), m.start(), *m.span("v")) for m in _XML_FIELD.finditer(text)]
    if "=" in text and not runs.isdisjoint(_KV_RUNS) and any(runs.issuperset(rs) for rs in _KV_KEY_RUNS):
        i = text.find("=")
        while i >= 0:  # led by each "=": its key read backwards (an alternation tried everywhere costs more)
            j = i
            while j > 0 and i - j < 24 and text[j - 1] in _KEY_CHARS:
                j -= 1
            if j < i and (j == 0 or text[j - 1] not in ".-") and text[j:i].lower() in _KV_KEYS:
                m = _KV_VALUE.match(text, i + 1)
                if m is not None:
                    found.append((text[j:i].lower(), j, *m.span("v")))
            i = text.find("=", i + 1)
    if not found:
        return
    surnames = sorted(pos for k, pos, _, _ in found if k in _SURNAMES)
    for key, pos, vs, ve in found:
        if key in _BARE and not any(abs(pos - p) <= _RECORD_REACH for p in surnames):
            continue
        value = text[vs:ve]
        if _name_value(value):
            lead = len(value) - len(value.lstrip())
            hits.append(Hit(vs + lead, vs + len(value.rstrip()), "PERSON", "name-field"))


def _addresses(text: str, hits: list[Hit]) -> None:
    found = []
    if '"' in text and ":" in text:
        found += list(_JSON_ADDR.finditer(text))
    if "</" in text:
        found += list(_XML_ADDR.finditer(text))
    for m in found:
        v = m.group("v").strip()
        house = m.group("k").lower() in _HOUSES
        if v and v.lower() not in ("null", "none", "n/a", "-") and (
                any(c.isdigit() for c in v) if house else any(c.isalpha() for c in v)):
            s = m.start("v") + len(m.group("v")) - len(m.group("v").lstrip())
            hits.append(Hit(s, s + len(v), "ADDRESS", "address-field"))


def _nacha(text: str, hits: list[Hit]) -> None:
    """The entry detail records (type 6) of a NACHA ACH file (94-character lines): the receiving bank's routing
    number with its check digit, the account number and the individual's name."""
    pos = 0
    n = len(text)
    while pos < n:
        nl = text.find("\n", pos)
        nl = n if nl < 0 else nl
        line = text[pos:nl].rstrip("\r")
        if line.startswith("6") and len(line) >= 78 and line[1:3].isdigit() and line[3:12].isdigit():
            hits.append(Hit(pos + 3, pos + 12, "BANK_ACCOUNT", "ach-entry"))
            acct = line[12:29]
            if acct.strip():
                a = len(acct) - len(acct.lstrip())
                hits.append(Hit(pos + 12 + a, pos + 12 + len(acct.rstrip()), "BANK_ACCOUNT", "ach-entry"))
            name = line[54:76]
            if any(c.isalpha() for c in name):
                a = len(name) - len(name.lstrip())
                hits.append(Hit(pos + 54 + a, pos + 54 + len(name.rstrip()), "PERSON", "ach-entry"))
        pos = nl + 1


def _attributed(text: str, span: tuple[int, int], is_generic: Callable[[str], bool], hits: list[Hit]) -> None:
    v = text[span[0]:span[1]].lower()
    if v not in GENERIC_LOGINS and not is_generic(v) and v not in _NOT_LOGINS:
        hits.append(Hit(*span, "HANDLE", "login-attribution"))


def _actors(text: str, is_generic: Callable[[str], bool], hits: list[Hit]) -> None:
    """``requestedBy=kwehrle``, ``by=thiago.souza``: each ``=`` whose key, read backwards, is an actor key."""
    i = text.find("=")
    while i >= 0:
        j = i
        while j > 0 and i - j < 24 and text[j - 1] in _KEY_CHARS:
            j -= 1
        if j < i and (j == 0 or text[j - 1] not in ".-") and text[j:i].lower() in _ACTOR_KEYS:
            m = _ACTOR_VALUE.match(text, i + 1)
            if m is not None:
                v = m.group("v")
                if v.lower() not in GENERIC_LOGINS and any(c.isalpha() for c in v) and not (
                        v.isalpha() and is_generic(v.lower())) and v.lower() not in _NOT_LOGINS:
                    hits.append(Hit(*m.span("v"), "HANDLE", "log-actor"))
        i = text.find("=", i + 1)


def find_person_fields(text: str, low: str, words: Words, is_generic: Callable[[str], bool]) -> list[Hit]:
    """PERSON hits for name-part fields, HANDLE hits for log attributions and IAM principals (``low``: the
    folded text, ``words``: its letter runs; ``is_generic``: the lexicon's test for ordinary words, so
    ``by=date`` stays)."""
    hits: list[Hit] = []
    runs = words.set
    _fields(text, runs, hits)
    _addresses(text, hits)
    if "=" in text and ("?" in text or "&" in text) and not runs.isdisjoint(_PHONE_RUNS):
        for m in _URL_PHONE.finditer(text):
            v = m.group("v").rstrip(" ")
            if sum(c.isdigit() for c in v.replace("%2B", "").replace("%20", " ")) >= 7:
                hits.append(Hit(m.start("v"), m.start("v") + len(v), "PHONE", "url-phone"))
    if "@" in text:
        for m in _UPI_AT.finditer(text):
            s = m.start()
            while s > 0 and m.start() - s < 64 and text[s - 1] in _LOCAL_CHARS:
                s -= 1
            if s < m.start() and (s == 0 or text[s - 1] not in "@") and text[s].isalnum():
                hits.append(Hit(s, m.end(), "HANDLE", "upi-id"))
    if "-by" in low:
        hits += [Hit(*m.span("v"), "HANDLE", "login-trailer") for m in _TRAILER_LOGIN.finditer(text)
                 if "@" not in m.group("v") and m.group("v").lower() not in GENERIC_LOGINS]
    if '"' in text:
        hits += [Hit(*m.span("v"), "HANDLE", "login-key") for m in _LOGIN_KEYS.finditer(text)
                 if m.group("v").lower() not in GENERIC_LOGINS and not is_generic(m.group("v").lower())]
    if "=<" in text:
        hits += [Hit(*m.span("v"), "HANDLE", "login-key") for m in _ANGLE_LOGIN.finditer(text)
                 if m.group("v").lower() not in GENERIC_LOGINS]
    if text.startswith("101 ") and "\n6" in text:
        _nacha(text, hits)
    if not runs.isdisjoint(_ATTR_PREPS) and not runs.isdisjoint(_ATTR_VERBS):
        for m in _ATTRIBUTION.finditer(low):  # a creation verb earlier on the line, at most 60 characters back
            lo = max(low.rfind("\n", 0, m.start()) + 1, m.start() - 60)
            if _ATTR_VERB.search(low, lo, m.start()) is not None:
                _attributed(text, m.span("v"), is_generic, hits)
    if ":" in text and not runs.isdisjoint(_ATTR_LABEL_RUNS):
        for m in _ATTR_LABEL.finditer(text):
            _attributed(text, m.span("v"), is_generic, hits)
    if '"' in text and "[" in text and ("phone" in low or "tele" in low or "contact" in low):
        for lm in _PHONES_LIST.finditer(text):
            end = text.find("]", lm.end(), lm.end() + 800)
            for m in _LIST_NUMBER.finditer(text, lm.end(), end if end > 0 else lm.end() + 800):
                if sum(c.isdigit() for c in m.group("v")) >= 6:
                    hits.append(Hit(*m.span("v"), "PHONE", "phone-list"))
    if not runs.isdisjoint(_CUE_RUNS):
        for m in _LOGIN_CUE.finditer(text):
            v = m.group("v")
            if v.lower() not in GENERIC_LOGINS and any(c.isalpha() for c in v) and not is_generic(v.lower()) \
                    and not v[:1].isupper():
                hits.append(Hit(*m.span("v"), "HANDLE", "login-cue"))
    if "[" in text and _CLF_GATE.search(text) is not None:
        for m in _CLF.finditer(text):
            v = m.group("v")
            if v.lower() not in GENERIC_LOGINS and any(c.isalpha() for c in v):
                hits.append(Hit(*m.span("v"), "HANDLE", "log-authuser"))
    if "=" in text and ("by=" in low or "actor=" in low or "login=" in low or "by\"=" in low):
        _actors(text, is_generic, hits)
    if "arn:aws" in text:
        for m in _ARN_USER.finditer(text):
            if m.group("v").lower() not in GENERIC_LOGINS:
                hits.append(Hit(*m.span("v"), "HANDLE", "arn-principal"))
    return hits


RULES: tuple[tuple[str, str, str, str], ...] = (
    ("name-field", "PERSON", "default",
     "JSON keys and XML elements naming a person's name parts in several languages (Achternaam, Cognome, "
     "nazwisko, Vorname; a bare Nome/Nombre beside a surname field)"),
    ("log-authuser", "HANDLE", "default", "the authenticated user of Common/Combined Log Format lines"),
    ("log-actor", "HANDLE", "default", "actor keys of key=value logs (requestedBy=, created_by=, by=, actor=)"),
    ("arn-principal", "HANDLE", "default", "IAM user and assumed-role session names in AWS ARNs"),
    ("address-field", "ADDRESS", "default", "street and house-number fields of a split address (Straat, Huisnummer)"),
    ("url-phone", "PHONE", "default", "phone numbers in query parameters (tel=, phone=, movil=), URL-encoded or not"),
    ("upi-id", "HANDLE", "default", "UPI payment addresses (name@okhdfcbank, name@ybl)"),
    ("login-cue", "HANDLE", "default", "a login named in prose (my username is x, Benutzername: x, usuario es x)"),
    ("login-trailer", "HANDLE", "default", "git trailers naming a bare login (Reviewed-by: x)"),
    ("login-key", "HANDLE", "default",
     "directory and IdP keys holding a login (onPremisesSamAccountName, preferred_username, user=<x>)"),
    ("ach-entry", "BANK_ACCOUNT", "default", "routing and account numbers and names of NACHA ACH entry records"),
    ("login-attribution", "HANDLE", "default",
     "a report's author by login (run ... by x, erstellt am ... von x, Sporządził: x)"),
    ("phone-list", "PHONE", "default", "numbers of a JSON phones list (\"phones\": [{\"number\": ...}])"),
)
