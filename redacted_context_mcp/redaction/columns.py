"""Cells of delimited tables whose header names a personal column (HR exports, ledgers).

A CSV/TSV/semicolon file (header on its first line) or a Markdown table
(header row above a ``|---|`` row) with a column named ``dob``,
``Geburtsdatum``, ``passport_no``, ``iban``, ``national_id``, ``full_name``,
``login``, ``phone``... : every cell of that column in the rows below (same
number of cells, until the table ends) is redacted with the column's
category. A cell must hold a digit for identifier columns and a letter for
name columns, so empty and ``n/a`` cells stay.

The header may also sit below comment lines (``# export 2026-11-30``) or one
title line, and a fixed-width listing (cells apart by runs of 2+ spaces, each
row's cells starting where the header's do) is read the same way. A recognised
header cell is a field name: it is kept verbatim (unless it is a configured term).

Imports: redaction.id_rows, redaction.secret_keys, redaction.secret_values, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.id_rows import LABELLED
from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_nonvalues import is_measure
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import PLACEHOLDER_CATEGORY, Hit

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
     "|rijksregisternr|pesel no|pesel nr|nif nie|cpf cnpj|nin|id card|id card no|identity card|pers nr"
     # round 12: Singapore, Belgium, New Zealand, Ireland and the tax-number columns of mixed payrolls
     "|nric|nric fin|fin|national number|national no|ird|ird number|ird no|pps|pps no|tax file no|tfn no"
     "|sin no|sin number|nss no|imss",
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
     "|account holder name|holder|kontoinhaber|titular|titulaire|titulaire du compte"
     # round 12: the name parts of address-book exports (Outlook ``Initials``, LinkedIn ``Maiden Name``)
     "|initials|maiden name|nickname|parent guardian|guardian|parent|student name|pupil name|forename|forenames"
     "|other names|christian name|preferred name|known as"
     "|e mail display name|e mail 2 display name|e mail 3 display name|email display name"
     # round 14: travel, claims and Nordic payroll sheets (``Traveller``, ``Insured``, ``Namn``)
     "|namn|traveller|traveler|traveller name|traveler name|passenger|passenger name|guest name|applicant"
     "|applicant name|insured|insured name|insured person|patient name|member name|reisender|voyageur|pasajero"
     "|viajero|solicitante|asegurado"
     # personal round 12: manifests and Korean / Japanese payroll sheets (``CONSIGNEE``, ``성명``, ``氏名``)
     "|consignee|consignee name|addressee|recipient name|성명|이름|氏名|名前|姓名|フリガナ", "PERSON", False),
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
     "|telephone number|mobile phone|mobilnummer|telefonnummer"
     # round 12: school and clinic sheets (Singapore, Malaysia, India): ``Contact No``, ``HP No``, ``Handphone``
     "|contact no|contact nos|contact number s|hp|hp no|handphone|handphone no|mobile no|phone no|tel no",
     "PHONE", True),
    # password-manager and credential exports (name,url,username,password): the same in every mode
    ("password|passwd|pwd|passphrase|client secret|secret key|api key|apikey|api token|access token"
     "|auth token|private key|otp secret|passwort|contraseña|mot de passe"
     "|pw|pass|kennwort|mdp|clave|contrasena|senha|wachtwoord|hasło|haslo|lösenord|losenord|passord"
     "|adgangskode|kodeord|salasana|şifre|sifre|parola|heslo|jelszó|initial password|temp password"
     "|otpsecret|totp|totp secret|totpsecret|otp|otp key|mfa secret|2fa secret|otpauth", "SECRET", False),
    # round 10: HR exports of more countries (Turkey, Balkans, Greece, Portugal, Czechia, Romania, Hungary,
    # Ukraine, Latin America, South-East Asia, Africa, the Gulf) and the birth-date columns beside them
    ("tc kimlik no|tc kimlik|t c kimlik no|tckn|kimlik no|jmbg|emšo|emso|egn|егн|oib|α φ μ|αφμ|α μ κ α|αμκα|afm|amka"
     "|niss|n º cartão de cidadão|n º cc|nº cc|cartão de cidadão|cc|bi|rodné číslo|rodne cislo|rč|cnp|serie/nr ci"
     "|serie nr ci|ci|adóazonosító jel|adoazonosito jel|adóazonosító|taj szám|taj|taj szam|рнокпп|іпн|инн|ипн"
     "|паспорт|id картка|id card number|nro doc|nro documento|numero documento|número de documento|doc|cuil cuit"
     "|cuil|cuit|rut|run|cédula|cedula|nit|nik|npwp|cccd|cmnd|mst|thai id|id number|nin|bvn|kra pin|nhif no|nssf no"
     "|national id|iqama|iqama no|sss|tin no|philhealth|umid|ktp", "NATIONAL_ID", True),
    ("datum rodjenja|datum rođenja|datum narození|datum narozeni|data nașterii|data nasterii|születési dátum"
     "|szuletesi datum|születési idő|дата народження|дата рождения|ημερομηνία γέννησης|fecha nac|fecha de nac"
     "|birth date|date of birth|ngày sinh|tanggal lahir|วันเกิด|doğum tarihi", "DOB", True),
    ("číslo účtu|cislo uctu|bankovní účet|cont iban|cont|tekuci racun|tekući račun|bankszámlaszám|számlaszám"
     "|рахунок", "BANK_ACCOUNT", True),
    ("middle name|additional name"
     "|ad soyad|adı soyadı|ime prezime|ime i prezime|ονοματεπωνυμο|ονοματεπώνυμο|όνομα|επώνυμο|nume|prenume"
     "|név|nev|піб|пiб|фио|apellido nombre|nombre y apellido|full name|họ tên|họ và tên|nama|nama lengkap"
     "|ad|soyad", "PERSON", False),
    ("cep telefonu|telefon|telefonszám|τηλεφωνο|τηλέφωνο|κινητό|telemóvel|telemovel|телефон|celular|mobile|mobitel"
     "|số điện thoại|no hp|nomor hp", "PHONE", True),
    ("bydliště|bydliste|adresa|lakcím|lakcim|адреса|адрес|διευθυνση|διεύθυνση|home address|địa chỉ|alamat"
     "|domicilio", "ADDRESS", True),
    # round 13: Hebrew and Arabic header cells (a volunteer list of Haifa: ``שם``, ``ת.ז.``, ``טלפון``)
    ("שם|שם מלא|שם פרטי|שם משפחה|השם|الاسم الكامل|الاسم", "PERSON", False),
    ("ת ז|תז|ת\"ז|תעודת זהות|מספר זהות|מס זהות|teudat zehut|rakam al hawiya|رقم الهوية|رقم الهوية الوطنية",
     "NATIONAL_ID", True),
    ("טלפון|נייד|טלפון נייד|הטלפון|الهاتف|رقم الهاتف|الجوال|جوال", "PHONE", True),
    ("휴대전화|휴대폰|전화번호|연락처|電話|電話番号|携帯電話|携帯", "PHONE", True),
    ("주민등록번호|주민번호|個人番号|マイナンバー", "NATIONAL_ID", True),
    ("כתובת|הכתובת|العنوان", "ADDRESS", True),
    # PIN-like columns hold digits: a SIM card's PIN and PUK, a door or alarm code, a meeting passcode
    ("pin|puk|pin code|pincode|passcode|pin nr|code pin|código pin|codice pin|door code|alarm code|türcode"
     "|tuercode|zugangscode|access code|unlock code", "SECRET", True),
):
    for _n in _names.split("|"):
        COLUMNS[_n] = (_cat, _digit)

_DELIMS = (",", ";", "\t", "|")
#: A header cell of one or two words (letters, ``.``, ``_``, ``-``, ``/``), no more than 30 characters.
_HEADER_WORD = re.compile(r"[^\W\d_][\w./\-]{0,24}(?: [\w./\-]{1,24})?")
_DELIM = re.compile(r"[,;\t|]")
#: Header words too common in software tables to mark a table personal on their own.
_WEAK = frozenset({"name", "user", "contact", "account", "handle", "employee", "tel", "pan", "login", "username",
                   "cell", "birth", "compte", "conta", "rg", "rib", "fax", "portable", "nom", "nome", "acct",
                   "address", "addr", "zip", "sin", "avs", "cpr", "rfc", "nip", "tin", "nas", "nin", "sort", "sc",
                   "acc", "transit", "born", "geb", "tax no", "tax number", "id no", "nrn", "beneficiary", "payee",
                   "holder", "titular", "cc", "bi", "ci", "doc", "cont", "ad", "soyad", "nev", "run", "nit",
                   "taj", "nume", "nama", "adresa"})
_NORM = re.compile(r"[\s_\-.]+")
_MD_RULE = re.compile(r"\n[ \t]{0,3}\|?[ \t]{0,3}:?-{3,}")

#: Identifier labels of ``id_rows`` (folded as header cells) -> their category: a header cell that is one of
#: them names a digit column (round 11). Labels that are weak column words stay out.
_LABEL_COLUMNS: dict[str, str] = {}
#: (rows of a label's own shape, ``ca-sin``, ``mx-rfc``..., exist because their labels are ambiguous: not read)
for _row in LABELLED:
    if _row.rule in ("date-of-birth", "passport-number", "bank-account", "national-id", "vat-id", "iban"):
        for _label in _row.labels:
            _k = _NORM.sub(" ", _label.lower()).strip(" :")
            if len(_k) >= 3 and _k not in COLUMNS:
                _LABEL_COLUMNS.setdefault(_k, _row.category)



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


def _owned_secret(key: str, full_row: bool = False, ident: bool = False) -> bool:
    head, _, noun = key.rpartition(" ")
    if noun in _OWNED and head in _OWNERS:
        return True
    if not full_row:
        return False
    # a header of two or three words the key lexicon reads as a secret's name (``access key``, ``backup code``,
    # ``client secret``; round 12); one word (``token``, ``key``) is too often a plain column
    words = key.split()
    # (an identifier cell, ``spring.datasource.recovery-code``, may hold more words than a spaced one)
    most = 5 if ident else 3
    return 2 <= len(words) <= most and len(key) <= 60 and all(w.isalpha() for w in words) \
        and key_score("_".join(words)) == 2


#: Words a header puts around a column's noun (``Aadhaar No``, ``Bank Routing #``, ``N° de sécurité sociale``,
#: ``Nr rachunku``), round 11: tried off when the whole cell is no column name.
_NUMBER_WORDS = frozenset(("no", "nr", "number", "num", "#", "n°", "nº", "n.º", "no.", "nr.", "numero", "número",
                           "numéro", "nummer", "numer", "de", "du", "da", "of", "le", "on", "am", "el", "il"))
_LEADS = frozenset(("bank", "home", "private", "privat", "residence", "personal", "employee", "emp", "staff",
                    "worker", "holder", "primary", "main", "mailing", "billing", "shipping", "other", "work",
                    "business", "contact", "customer", "client", "consignee", "shipper", "recipient", "notify",
                    "delivery", "guardian", "patient", "applicant", "student"))


def _column_of(key: str) -> tuple[str, tuple[str, bool]] | None:
    """The column a header cell names: the cell itself, the cell without number words around its noun, the
    cell without a leading owner word (``bank``, ``home``, ``employee``), or an identifier label of
    ``id_rows`` (``Steuer-IdNr``, ``Né(e) le``, ``UAN``) read as a digit column."""
    if key in COLUMNS:
        return key, COLUMNS[key]
    if len(key) > 48 or "=" in key:  # code and prose cells: no column name
        return None
    cat = _LABEL_COLUMNS.get(key)
    if cat is not None:
        return key, (cat, True)
    if "/" in key and key.count("/") <= 3:  # alternatives: ``National number / PPSN``, ``NRIC/FIN`` (round 12)
        for part in key.split("/"):
            part = part.strip()
            if part and (col := _column_of(part)) is not None and (col[1][1] or col[0] not in _WEAK):
                return col
    if " " not in key and "#" not in key:
        return None
    words = key.replace("#", " # ").split()
    while words and words[-1] in _NUMBER_WORDS:
        words.pop()
    while words and words[0] in _NUMBER_WORDS:
        words.pop(0)
    for cut in (words, words[1:] if words and words[0] in _LEADS else ()):
        k = " ".join(cut)
        if k in COLUMNS and (len(cut) == len(key.split()) or COLUMNS[k][1] or k not in _WEAK
                             or (k == "name" and words[0] in _PERSON_LEADS)):
            return k, COLUMNS[k]
    for k in (key, " ".join(words), " ".join(words[1:]) if words and words[0] in _LEADS else ""):
        cat = _LABEL_COLUMNS.get(k)
        if cat is not None:
            return key, (cat, True)
    for i in range(1, len(words) - 1):  # the noun phrase at the end: ``Seria i nr dowodu`` -> ``nr dowodu``
        k = " ".join(words[i:])
        if k in COLUMNS and COLUMNS[k][1]:
            return k, COLUMNS[k]
        if k in _LABEL_COLUMNS:
            return k, (_LABEL_COLUMNS[k], True)
    return None


#: Owner words before ``Name`` that make it a person's (``Billing Name``, ``Shipping Name``, ``Contact Name``).
_PERSON_LEADS = frozenset(("billing", "shipping", "contact", "customer", "employee", "holder", "worker", "staff"))


#: A camelCase header cell (``FirstName``, ``MailingPostalCode``): its words apart before folding.
_CAMEL = re.compile(r"(?<=[a-zà-ÿ])(?=[A-Z])")


def _header(line: str) -> tuple[str, dict[int, tuple[str, bool]]] | None:
    for delim in _DELIMS:
        if line.count(delim) < 1:
            continue
        cells = _cells(line, delim)
        # every cell named (a header row, not a directive or a sentence): the lexicon may read a secret column
        full = len(cells) >= 2 and all(e > s for s, e in cells)
        found = {}
        keys = []
        for i, (s, e) in enumerate(cells):
            cell = line[s:e].strip("*` ")
            key = _NORM.sub(" ", cell.lower()).strip()
            col = _column_of(key) if key else None
            camel_key = ""
            if col is None and key and " " not in cell and not cell.isupper():
                camel = _NORM.sub(" ", _CAMEL.sub(" ", cell).lower()).strip()  # (``PersNr`` stays one word:
                if camel != key and min(map(len, camel.split())) >= 3:      # parts of 3+ letters only)
                    col = _column_of(camel)
                    camel_key = camel
            if col is not None:
                found[i] = col[1]
                keys.append(col[0])
            elif _owned_secret(key, full, " " not in cell) or camel_key and _owned_secret(camel_key, full):
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
    head_cells = _cells(text[start:end], delim)
    width = len(head_cells)
    # a recognised header cell is a field name, not a person: kept verbatim; so are the other cells of a header
    # line with a personal column (``Avdelning``, ``Bruttolön``, ``Skatt`` beside ``Personnummer``, round 14)
    for i, (s, e) in enumerate(head_cells):
        cell = text[start + s:start + e]
        if (i in cols or _HEADER_WORD.fullmatch(cell.strip(" *`\"'")) is not None) \
                and not any(c.isdigit() for c in cell):
            hits.append(Hit(start + s, start + e, PLACEHOLDER_CATEGORY, "table-column"))
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
                    and not (cat == "SECRET" and (is_template(value) or is_reference(value, quoted=True)
                                                  or is_measure(value))):
                hits.append(Hit(pos + s, pos + e, cat, "table-column"))
        pos = nl + 1


#: How far below the top of a file a table's header may start (comment and title lines above it).
_HEAD_CHARS = 600
#: A fixed-width header: 3+ cells of 1-4 words apart by runs of 2+ spaces.
_FIXED_CELL = re.compile(r"[^ \t\n]{1,40}(?: [^ \t\n]{1,40}){0,3}")


def _fixed_header(line: str) -> dict[int, tuple[int, str, bool]] | None:
    """Columns of a fixed-width header line: {start: (end or -1, category, needs a digit)}."""
    if "\t" in line or line.count("  ") < 2:
        return None
    spans = [(m.start(), m.end()) for m in _FIXED_CELL.finditer(line)]
    if len(spans) < 3 or any(line[e:e + 2] != "  " for _, e in spans[:-1]):
        return None
    found: dict[int, tuple[int, str, bool]] = {}
    keys = []
    for i, (s, e) in enumerate(spans):
        key = _NORM.sub(" ", line[s:e].lower()).strip()
        if key in COLUMNS:
            cat, digit = COLUMNS[key]
            found[s] = (spans[i + 1][0] if i + 1 < len(spans) else -1, cat, digit)
            keys.append(key)
    if not found or all(k in _WEAK for k in keys):
        return None
    found[-1] = (len(spans), "", False)  # the header's cell starts, for the alignment test of the rows
    return found


def _fixed_table(text: str, start: int, end: int, hits: list[Hit], budget: int = 200_000) -> bool:
    """Rows of a fixed-width table whose header line is ``text[start:end]``: each row's cells start where
    the header's do (a space before each start), until a blank or misaligned line."""
    line = text[start:end]
    cols = _fixed_header(line)
    if cols is None:
        return False
    spans = [(m.start(), m.end()) for m in _FIXED_CELL.finditer(line)]
    starts = [a for a, _ in spans]
    del cols[-1]
    for a, b in spans:  # a recognised header cell is a field name, not a person: kept verbatim
        if a in cols and not any(c.isdigit() for c in line[a:b]):
            hits.append(Hit(start + a, start + b, PLACEHOLDER_CATEGORY, "table-column"))
    pos, stop = end + 1, min(len(text), end + 1 + budget)
    while pos < stop:
        nl = text.find("\n", pos)
        nl = len(text) if nl < 0 else nl
        row = text[pos:nl].rstrip("\r")
        if not row.strip() or any(c < len(row) and (row[c] == " " or row[c - 1] != " ") for c in starts[1:]):
            break
        for c, (e, cat, digit) in cols.items():
            cell = row[c:e if e >= 0 else len(row)]
            a = len(cell) - len(cell.lstrip())
            b = len(cell.rstrip())
            value = cell[a:b]
            if value and (any(ch.isdigit() for ch in value) if digit else any(ch.isalpha() for ch in value)):
                hits.append(Hit(pos + c + a, pos + c + b, cat, "table-column"))
        pos = nl + 1
    return True


#: Characters no header line of a fixed-width table holds (code, markup, key-value lines).
_NOT_FIXED = frozenset("=(){}<>;\"'[]`$\\:")
_COMMENT_MARKS = ("#", "//", "--", ";")
#: A gap of 2+ spaces after a cell (not an indent).
_GAP = re.compile(r"  (?<=[^ \t\n]  )")


def _late_header(text: str, hits: list[Hit]) -> None:
    """A table whose header sits below comment lines (or one title line) at the top, or a fixed-width
    table whose header starts in the first ``_HEAD_CHARS`` characters."""
    head_end = min(len(text), _HEAD_CHARS)
    gap = _GAP.search(text, 0, head_end)  # a fixed-width header: a line with gaps of 2+ spaces, at no indent
    while gap is not None:
        ls = text.rfind("\n", 0, gap.start()) + 1
        le = text.find("\n", gap.start())
        le = len(text) if le < 0 else le
        line = text[ls:le]
        if line[:1] not in " \t#/;-" and line.count("  ") >= 2 and _NOT_FIXED.isdisjoint(line) \
                and _fixed_table(text, ls, le, hits):
            return
        gap = _GAP.search(text, le, head_end)
    pos = 0
    if text.startswith(_COMMENT_MARKS):  # the first line after the comment block
        while pos < head_end and text.startswith(_COMMENT_MARKS, pos):
            nl = text.find("\n", pos)
            if nl < 0:
                return
            pos = nl + 1
    else:  # one title line without a delimiter above the header
        pos = text.find("\n") + 1
    nl = text.find("\n", pos)
    if 0 < pos < head_end and nl > pos and _DELIM.search(text, pos, nl) is not None:
        _table(text, pos, hits)


#: How many lines and characters of preamble (report titles, ``Notes:`` blocks, ``"Created on ..."``) an
#: export may print above its header line (round 11).
_PREAMBLE_LINES = 8
_PREAMBLE_CHARS = 1200


def _preamble_header(text: str, hits: list[Hit]) -> None:
    """A header line below a few title lines of any shape: the first of the next lines that names two
    columns or more, one of them no weak word, starts the table."""
    pos = text.find("\n") + 1
    for _ in range(_PREAMBLE_LINES):
        nl = text.find("\n", pos)
        if pos <= 0 or nl < 0 or pos >= _PREAMBLE_CHARS:
            return
        if nl - pos <= 2000 and _DELIM.search(text, pos, nl) is not None:
            head = _header(text[pos:nl])
            if head is not None and len(head[1]) >= 2:
                _table(text, pos, hits)
                return
        pos = nl + 1


#: At most this many pipe-table header candidates are tried in one text.
_MAX_PIPE_HEADS = 64


def _pipe_tables(text: str, hits: list[Hit]) -> None:
    """Tables of ``|`` lines anywhere in the text: a ``|`` line after a line that is no table row and that
    names two columns or more (one no weak word) starts one, with or without a Markdown rule below it.
    Each block of ``|`` lines is tried once, at its first line (linear: a block is skipped past after it)."""
    tried = 0
    skip_to = 0
    for m in _PIPE_LINE.finditer(text):
        s = m.start() + 1
        if s < skip_to:
            continue
        block = s  # the block of consecutive "|" lines from s: tried once, at its first line
        while True:
            nl = text.find("\n", block)
            if nl < 0 or not text.startswith("|", nl + 1):
                skip_to = len(text) if nl < 0 else nl + 1
                break
            block = nl + 1
        nl = text.find("\n", s)
        if nl < 0:
            return
        head = _header(text[s:nl])
        if head is not None and len(head[1]) >= 2 and head[0] == "|" \
                and not any(s < h[0] < skip_to for h in hits[-64:]):
            _table(text, s, hits)
        tried += 1
        if tried >= _MAX_PIPE_HEADS:
            return


_PIPE_LINE = re.compile(r"\n\|")


def _later_tab_tables(text: str, hits: list[Hit]) -> None:
    """A second tab-separated table after a blank line (a payroll sheet's block per country, personal round 12):
    a line after a blank line whose tab cells name two personal columns or more starts one (at most
    ``_MAX_PIPE_HEADS`` blank lines are tried)."""
    pos = text.find("\n\n")
    tried = 0
    while pos >= 0 and tried < _MAX_PIPE_HEADS:
        s = pos + 2
        while text.startswith("\n", s):
            s += 1
        nl = text.find("\n", s)
        if nl < 0:
            return
        if "\t" in text[s:nl] and not any(h[0] >= s for h in hits[-64:]):
            head = _header(text[s:nl])
            if head is not None and head[0] == "\t" and len(head[1]) >= 2:
                _table(text, s, hits)
        tried += 1
        pos = text.find("\n\n", nl)


def find_columns(text: str) -> list[Hit]:
    """Hits for the personal columns of a table starting on the first line or above a Markdown rule."""
    hits: list[Hit] = []
    first = text.find("\n")
    if first < 0:
        return hits
    if _DELIM.search(text, 0, first) is not None:  # a header holds a delimiter (one scan of the line)
        _table(text, 0, hits)
        if not hits and text.startswith(_COMMENT_MARKS) and text.find("\n", first + 1) > 0:
            _late_header(text, hits)  # a comment line with a comma above the header
    elif text.find("\n", first + 1) > 0:
        _late_header(text, hits)
    if not hits and text.find("\n", first + 1) > 0:
        _preamble_header(text, hits)
    if "\t" in text and "\n\n" in text:
        _later_tab_tables(text, hits)
    if "\n|" in text:  # a pipe table further down (an SAP list's second block): its header line names columns
        _pipe_tables(text, hits)
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
