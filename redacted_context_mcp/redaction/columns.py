"""Cells of delimited tables whose header names a personal column (HR exports, ledgers).

A CSV/TSV/semicolon file (header on its first line) or a Markdown table
(header row above a ``|---|`` row) with a column named ``dob``,
``Geburtsdatum``, ``passport_no``, ``iban``, ``national_id``, ``full_name``,
``login``, ``phone``... : every cell of that column in the rows below (same
number of cells, until the table ends) is redacted with the column's
category. A cell must hold a digit for identifier columns and a letter for
name columns, so empty and ``n/a`` cells stay.

Imports: redaction.secret_values, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

#: Header cell (lower case, ``_ - .`` as spaces) -> (category, rule, needs a digit).
COLUMNS: dict[str, tuple[str, bool]] = {}
for _names, _cat, _digit in (
    ("dob|date of birth|birth date|birthdate|birthday|geburtsdatum|fecha de nacimiento|fecha nacimiento"
     "|date de naissance|data di nascita|date naissance|data de nascimento|data nascimento|nascimento"
     "|geboortedatum|geb datum|fecha nac|dateofbirth|d o b|birth|data urodzenia|fodelsedatum"
     "|födelsedatum|fødselsdato|syntymäaika|doğum tarihi|dogum tarihi|дата рождения|生年月日|birthdate date"
     "|born|born on|date born|birth day|geb|geburtstag", "DOB", True),
    ("passport|passport no|passport number|reisepass|reisepassnummer|pasaporte|passeport|paspoort|passaporte"
     "|passaporto|passport id", "PASSPORT", True),
    ("iban", "IBAN", True),
    ("account|account no|account number|bank account|kontonummer|konto|cuenta|numero de cuenta|sort code"
     "|routing|routing number|aba|blz|sortcode|acct|acct no|bank account number|routing no|kontonr|konto nr"
     "|rekeningnummer|rekening|numero de compte|compte|rib|conta|numero da conta"
     "|clabe|bsb|bsb number|transit|transit number|account nr|acc no|acc|sort|sc|bank acct|bank account no"
     "|beneficiary account|payee account", "BANK_ACCOUNT", True),
    ("national id|national id number|nino|ni number|national insurance|ssn|aadhaar|aadhar|dni|nie|nif|dni nie"
     "|itin|tax id|steuer id|steuerid|pan|pan no|id number|personalausweis|nir|bsn|cpf|rg|sofinummer"
     "|burgerservicenummer|nss|steuernummer|steueridentifikationsnummer|codice fiscale|personnummer|pesel"
     "|social security number|tfn|national insurance number|ni no|insee|numero securite sociale|ahv nummer|ahv nr"
     "|ahv|avs|sin|cpr|cpr nr|hetu|henkilötunnus|fødselsnummer|personnr|rijksregisternummer|curp|rfc|rrn"
     "|my number|pps number|ppsn|nip|nif contribuinte|contribuinte|주민번호|주민등록번호|マイナンバー|個人番号"
     "|sv nummer|sv nr|svnr|sozialversicherungsnummer|rentenversicherungsnummer|rv nummer|kvnr|versichertennummer"
     "|krankenversicherungsnummer|n° sécu|n° secu|no sécu|nº sécu|sécu|secu|n° ss|numéro de sécurité sociale"
     "|numero de securite sociale|n° de sécurité sociale|nuss|naf|n° afiliación|numero seguridad social|ein|fein"
     # round 9: the words HR systems and hand-made sheets use for the same column
     "|natl id|national identifier|national id no|gov id|government id|govt id|personal number|personal id"
     "|personal identity number|identity number|identity no|id no|fiscal code|tax code|tax number|tax no"
     "|taxpayer id|tin|ssn sin|sin ssn|social insurance number|social insurance no|nas|my number|mynumber"
     "|individual number|resident registration number|henkilotunnus|fodselsnummer|cpr nummer|insz|nrn"
     "|rijksregisternr|pesel no|pesel nr|nif nie|cpf cnpj|nin|id card|id card no|identity card|pers nr",
     "NATIONAL_ID", True),
    ("vat|vat id|vat no|vat number|ust id|ustid|ust idnr|gstin|cif|nif iva|tva|cnpj|btw|btw nummer|partita iva"
     "|p iva|uid nr", "VAT_ID", True),
    ("name|full name|employee|employee name|first name|last name|surname|given name|family name|nombre"
     "|apellidos|apellido|vorname|nachname|nom|prenom|prénom|contact|contact name|vendor contact|naam|voornaam"
     "|achternaam|nome|sobrenome|cognome|nom complet|assignee|reporter|employee full name|mitarbeiter"
     "|nome completo|nombre completo|imię|imie|nazwisko|förnamn|fornamn|efternamn|fornavn|etternavn|efternavn"
     "|etunimi|sukunimi|tussenvoegsel|jméno|příjmení|keresztnév|vezetéknév|nachname vorname|name vorname"
     "|apellido paterno|apellido materno|primer apellido|segundo apellido|name, vorname|nachname, vorname"
     "|last name, first name|surname, first name|nom, prénom|nom prénom|apellidos, nombre|achternaam, voornaam"
     "|cognome e nome|cognome, nome|beneficiary|beneficiary name|payee|payee name|account holder"
     "|account holder name|holder|kontoinhaber|titular|titulaire|titulaire du compte", "PERSON", False),
    ("street|address|street address|home address|adresse|anschrift|strasse|straße|calle|direccion|dirección"
     "|indirizzo|adres|straat|morada|endereco|endereço|ulica|address line 1|address 1|address1|address line1"
     "|addr|zip|zip code|zipcode|postcode|post code|postal code|plz|postleitzahl|code postal|codigo postal"
     "|código postal|postnummer|kod pocztowy|postnr|hausnummer|house number|domicilio|wohnadresse"
     # Outlook and Thunderbird address-book exports
     "|business street|business street 2|home street|home street 2|other street|business postal code"
     "|home postal code|other postal code|work address|work address 2|home address 2|work zipcode|home zipcode"
     "|address line 2|address 2|address2|street 2", "ADDRESS", True),
    ("bic|swift|swift code|bic swift|swift bic|bic code|swift bic code", "BANK_ACCOUNT", False),
    ("login|username|user name|user|user id|handle|account name|samaccountname", "HANDLE", False),
    ("phone|phone number|mobile|mobile number|tel|telephone|telefon|teléfono|telefono|téléphone|movil|móvil"
     "|handy|contact number|telefoon|mobiel|telefone|celular|cell|cell phone|fax|whatsapp|portable|tel."
     "|telephone number|mobile phone|mobilnummer|telefonnummer", "PHONE", True),
    # password-manager and credential exports (name,url,username,password): the same in every mode
    ("password|passwd|pwd|passphrase|client secret|secret key|api key|apikey|api token|access token"
     "|auth token|private key|otp secret|passwort|contraseña|mot de passe"
     "|pw|pass|kennwort|mdp|clave|contrasena|senha|wachtwoord|hasło|haslo|lösenord|losenord|passord"
     "|adgangskode|kodeord|salasana|şifre|sifre|parola|heslo|jelszó|initial password|temp password"
     "|otpsecret|totp|totp secret|totpsecret|otp|otp key|mfa secret|2fa secret|otpauth", "SECRET", False),
    # PIN-like columns hold digits: a SIM card's PIN and PUK, a door or alarm code, a meeting passcode
    ("pin|puk|pin code|pincode|passcode|pin nr|code pin|código pin|codice pin|door code|alarm code|türcode"
     "|tuercode|zugangscode|access code|unlock code", "SECRET", True),
):
    for _n in _names.split("|"):
        COLUMNS[_n] = (_cat, _digit)

_DELIMS = (",", ";", "\t", "|")
_DELIM = re.compile(r"[,;\t|]")
#: Header words too common in software tables to mark a table personal on their own.
_WEAK = frozenset({"name", "user", "contact", "account", "handle", "employee", "tel", "pan", "login", "username",
                   "cell", "birth", "compte", "conta", "rg", "rib", "fax", "portable", "nom", "nome", "acct",
                   "address", "addr", "zip", "sin", "avs", "cpr", "rfc", "nip", "tin", "nas", "nin", "sort", "sc",
                   "acc", "transit", "born", "geb", "tax no", "tax number", "id no", "nrn", "beneficiary", "payee",
                   "holder", "titular"})
_NORM = re.compile(r"[\s_\-.]+")
_MD_RULE = re.compile(r"\n[ \t]{0,3}\|?[ \t]{0,3}:?-{3,}")


def _cells(line: str, delim: str) -> list[tuple[int, int]]:
    """(start, end) of each cell, double quotes respected, edges trimmed."""
    out = []
    pos = 0
    n = len(line)
    while pos <= n:
        if line.startswith('"', pos):
            close = line.find('"', pos + 1)
            while close >= 0 and line.startswith('""', close):
                close = line.find('"', close + 2)
            if close < 0:
                close = n
            end = line.find(delim, close)
            end = n if end < 0 else end
            out.append((pos + 1, close))
        else:
            end = line.find(delim, pos)
            end = n if end < 0 else end
            s, e = pos, end
            while s < e and line[s] in " \t":
                s += 1
            while e > s and line[e - 1] in " \t\r":
                e -= 1
            out.append((s, e))
        pos = end + 1
    return out


#: The owner words before a secret column's noun (``login_password``, ``login_totp`` of a Bitwarden CSV,
#: ``db password``, ``wifi key``), round 10.
_OWNERS = frozenset(("login", "user", "account", "admin", "root", "db", "database", "wifi", "wlan", "app", "service",
                     "svc", "ftp", "sftp", "ssh", "smtp", "vpn", "master", "vault", "initial", "temp", "default",
                     "current", "new", "old", "site", "portal", "device", "router", "api", "bot"))
_OWNED = frozenset(("password", "passwd", "pwd", "pw", "pass", "passphrase", "totp", "otp", "secret", "pin"))


def _owned_secret(key: str) -> bool:
    head, _, noun = key.rpartition(" ")
    return noun in _OWNED and head in _OWNERS


def _header(line: str) -> tuple[str, dict[int, tuple[str, bool]]] | None:
    for delim in _DELIMS:
        if line.count(delim) < 1:
            continue
        cells = _cells(line, delim)
        found = {}
        keys = []
        for i, (s, e) in enumerate(cells):
            key = _NORM.sub(" ", line[s:e].strip("*` ").lower()).strip()
            if key in COLUMNS:
                found[i] = COLUMNS[key]
                keys.append(key)
            elif _owned_secret(key):
                found[i] = ("SECRET", False)
                keys.append(key)
        if found and any(line_key not in _WEAK for line_key in keys):
            return delim, found
    return None


#: The lines a quoted cell may run over (a password manager's secure note in a CSV export, round 10).
_MAX_CELL_LINES = 40


def _table(text: str, start: int, hits: list[Hit], budget: int = 200_000) -> None:
    """Rows after the header line that starts at ``start``."""
    end = text.find("\n", start)
    if end < 0:
        return
    head = _header(text[start:end])
    if head is None:
        return
    delim, cols = head
    width = len(_cells(text[start:end], delim))
    pos = end + 1
    stop = min(len(text), start + budget)
    while pos < stop:
        nl = text.find("\n", pos)
        nl = len(text) if nl < 0 else nl
        line = text[pos:nl]
        if not line.strip():
            break
        joined = 0
        while line.count('"') % 2 and nl < stop and joined < _MAX_CELL_LINES:  # a quoted cell over lines
            nl = text.find("\n", nl + 1)
            nl = len(text) if nl < 0 else nl
            line = text[pos:nl]
            joined += 1
        cells = _cells(line, delim)
        if len(cells) != width:
            if delim == "|" and set(line.strip()) <= set("|-: "):
                pos = nl + 1
                continue  # the Markdown rule row
            break
        for i, (cat, digit) in cols.items():
            s, e = cells[i]
            value = line[s:e]
            if value and (any(c.isdigit() for c in value) if digit else any(c.isalpha() for c in value)) \
                    and value.lower() not in ("n/a", "none", "null", "-") \
                    and not (cat == "SECRET" and (is_template(value) or is_reference(value, quoted=True))):
                hits.append(Hit(pos + s, pos + e, cat, "table-column"))
        pos = nl + 1


#: An SQL ``INSERT INTO t (col, ...) VALUES`` head: its column list names the values of the tuples after it.
_SQL_INSERT = re.compile(r"insert[ \t]{1,4}(?:ignore[ \t]{1,4})?into[ \t]{1,4}[\w.\"`\[\]]{1,80}[ \t]{0,4}"
                         r"\((?P<cols>[^()\n;]{1,2000})\)[ \t\r\n]{0,8}values[ \t\r\n]{0,8}", re.IGNORECASE)
# (possessive and atomic: a value is read once, never re-split on hostile input)
_SQL_VALUE = re.compile(r"[ \t\r\n]{0,8}+(?:'(?P<q>(?>(?:[^'\\\n]|''|\\.){0,400}))'"
                        r"|(?P<b>[^,()'\s]{0,80}+(?:\([^()'\n]{0,40}+\))?))[ \t\r\n]{0,8}+(?P<sep>[,)])")


def _sql_rows(text: str, hits: list[Hit], budget: int = 200_000) -> None:
    """The personal columns of SQL ``INSERT`` statements (a dump's rows: one or more value tuples)."""
    for m in _SQL_INSERT.finditer(text):
        names = [_NORM.sub(" ", c.strip().strip('"`[] ').lower()).strip() for c in m.group("cols").split(",")]
        cols = {i: COLUMNS[n] for i, n in enumerate(names) if n in COLUMNS}
        if not cols or all(names[i] in _WEAK for i in cols):
            continue
        pos, stop = m.end(), min(len(text), m.end() + budget)
        while pos < stop and text.startswith("(", pos):
            pos += 1
            i = 0
            while pos < stop:
                vm = _SQL_VALUE.match(text, pos)
                if vm is None:
                    return
                grp = "q" if vm.group("q") is not None else "b"
                col = cols.get(i)
                if col is not None and grp == "q":
                    cat, digit = col
                    value = vm.group("q")
                    if value and (any(c.isdigit() for c in value) if digit else any(c.isalpha() for c in value)):
                        hits.append(Hit(vm.start("q"), vm.end("q"), cat, "table-column"))
                pos = vm.end()
                i += 1
                if vm.group("sep") == ")":
                    break
            while pos < stop and text[pos] in " \t\r\n,":
                pos += 1


def find_sql_rows(text: str) -> list[Hit]:
    """Hits for the personal columns of SQL ``INSERT INTO t (cols) VALUES (...)`` statements (the caller
    gates on the letter runs ``insert`` and ``values``)."""
    hits: list[Hit] = []
    _sql_rows(text, hits)
    return hits


def find_columns(text: str) -> list[Hit]:
    """Hits for the personal columns of a table starting on the first line or above a Markdown rule."""
    hits: list[Hit] = []
    first = text.find("\n")
    if first < 0:
        return hits
    if _DELIM.search(text, 0, first) is not None:  # a header holds a delimiter (one scan of the line)
        _table(text, 0, hits)
    if "|" in text and "---" in text:
        for m in _MD_RULE.finditer(text):
            head = text.rfind("\n", 0, m.start()) + 1
            if head > 0:
                _table(text, head, hits)
    return hits


RULES: tuple[tuple[str, str, str, str], ...] = (
    ("table-column", "(column)", "default",
     "cells under personal column headers of CSV/TSV and Markdown tables (dob, iban, passport, name, login, "
     "password...)"),
)
