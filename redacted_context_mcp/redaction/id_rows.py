"""The labelled-identifier table of ``personal_ids``: label lexicons and the value each announces.

One row per kind of value (date of birth, passport, bank account, national and tax ids, addresses,
postcodes...): its category, the value grammar after the label, a validator, and its labels in
several languages (more countries' labels in ``id_labels``). ``personal_ids`` compiles the labels
into one trie and runs the rows.

Imports: redaction.id_checks, redaction.id_labels, redaction.validators.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from redacted_context_mcp.redaction import id_labels as _more
from redacted_context_mcp.redaction.id_checks import bic_ok, il_id_ok, medicare_ok, npi_ok, nric_ok, za_id_ok
from redacted_context_mcp.redaction.validators import aba_ok, iban_ok


def _always(_: str) -> bool:
    return True


def plate_ok(value: str) -> bool:
    """A plate: 4-9 letters and digits, both kinds present."""
    alnum = [c for c in value if c.isalnum()]
    return 4 <= len(alnum) <= 9 and any(c.isdigit() for c in alnum) and any(c.isalpha() for c in alnum)

# --- labelled values ------------------------------------------------------------------------------

_DATE = (
    # an ISO date may carry the midnight time of a date field exported as a timestamp (round 11:
    # ``"Geboortedatum": "1987-09-22T00:00:00Z"``, ``1985-03-14 00:00:00.000``)
    r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}"
    r"(?:[t ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,6})?)?(?:z|[+\-][0-9]{2}:?[0-9]{2})?)"
    r"|[0-9]{4}[-./][0-9]{1,2}[-./][0-9]{1,2}|[0-9]{1,2}[-./][0-9]{1,2}[-./][0-9]{2,4}"
    r"|[0-9]{1,2}\.?[ \t]{1,2}(?:de[ \t]{1,2})?[^\W\d_]{3,10}\.?,?[ \t]{1,2}(?:de[ \t]{1,2})?[0-9]{4}"
    r"|[^\W\d_]{3,10}\.?[ \t]{1,2}[0-9]{1,2}(?:st|nd|rd|th)?,?[ \t]{1,2}[0-9]{4}"
    r"|[0-9]{4}年[0-9]{1,2}月[0-9]{1,2}日|[0-9]{8}"
    # "14. 3. 1985" (Czech, Slovak, German handwriting), "14th March 1985", a Japanese era date (昭和60年3月14日)
    r"|[0-9]{1,2}\.[ \t][0-9]{1,2}\.[ \t]?[0-9]{4}"
    r"|[0-9]{1,2}(?:st|nd|rd|th|er|º)[ \t]{1,2}(?:of[ \t]{1,2})?[^\W\d_]{3,10}\.?,?[ \t]{1,2}[0-9]{4}"
    r"|(?:明治|大正|昭和|平成|令和)[0-9元]{1,2}年[0-9]{1,2}月[0-9]{1,2}日"
    # a billing system's "11-Jan-1981" / "05-MAY-2015" (personal round 12)
    r"|[0-9]{1,2}-[^\W\d_]{3,9}-[0-9]{4}"
)
# Between a label and its value: punctuation, "(dd/mm/yyyy)", "no."/"nr."/"number", "on"/"am"/"le"/"el".
_SEP = (
    # an HTML table or definition list puts the value in the next cell: "<th>HETU</th><td>131052-308T"
    r"(?:</(?:th|td|dt|b|strong|label|span)>[ \t]{0,4}(?:<(?:td|dd|span)(?:[ \t][^<>\n]{0,40})?>)?)?"
    # the blank runs are possessive: what follows each starts outside its class or may be empty, so a match
    # starts its value where a backtracking read would (hostile runs of blanks stay cheap)
    r"[ \t\"']{0,3}+(?:[(（][^)）\n]{0,24}[)）][ \t]{0,2})?(?:(?:no|nr|number|num|n°|nº|n\.º|id|n(?=\.))\.?(?![a-z]))?"
    r"[ \t\"']{0,3}+"
    # (a letter's or a form's aligned columns put up to twenty blanks after the colon, round 13)
    r"[:=#|,.\-–>：]{0,2}[ \t\"'*\[]{0,24}+(?:(?:on|am|le|el|il|the|em|op|is|ist|es|est|è|är|er|jest|é)[ \t]{1,2})?"
)
_TOKENS = r"[a-z0-9]{1,20}(?:[ \-/.][a-z0-9]{1,20}){0,5}"


class Labelled(NamedTuple):
    rule: str
    category: str
    value: re.Pattern[str]
    valid: Callable[[str], bool]
    labels: tuple[str, ...]


def _value(pattern: str) -> re.Pattern[str]:
    return re.compile(_SEP + "(?P<v>" + pattern + r")(?![a-z0-9])")


_POSTAL = re.compile(r"[^\W\d_]{3}\.?[ \t][0-9]{1,5}[a-z]?(?![0-9.:])|(?<![0-9.])[0-9]{1,5}[a-z]?,?[ \t][^\W\d_]{3}"
                     # a Russian or Ukrainian house or flat after its abbreviation: ``ул. Профсоюзная, д. 84, кв. 12``
                     r"|(?<![^\W\d_])(?:д|дом|кв|корп|буд)\.?[ \t]?[0-9]{1,4}(?![0-9.:])")
_NOT_POSTAL = re.compile(r"://|@|[0-9]\.[0-9]{1,3}\.[0-9]|:[0-9]{2,5}(?![0-9])|\bport\b|0x[0-9a-f]")


def postal_ok(value: str) -> bool:
    """A labelled value that reads as a postal address: a number beside a word, not a network address."""
    return _POSTAL.search(value) is not None and _NOT_POSTAL.search(value) is None


def _digits_at_least(n: int) -> Callable[[str], bool]:
    return lambda v: sum(c.isdigit() for c in v) >= n


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:t[0-9:.]{2,12}z?)?")


def _id_not_date(value: str) -> bool:
    """4+ digits and not an ISO date (a table row's next cell after a label cell: ``TFN,2024-01-15``)."""
    return sum(c.isdigit() for c in value) >= 4 and _ISO_DATE.fullmatch(value) is None


LABELLED: tuple[Labelled, ...] = (
    Labelled("date-of-birth", "DOB", _value(_DATE), _always, (
        "dob", "d.o.b", "d.o.b.", "date of birth", "birth date", "birthdate", "birthday", "born", "geburtsdatum",
        "geb.", "geboren", "fecha de nacimiento", "f. nacimiento", "fecha nac.", "nacimiento", "nacido", "nacida",
        "né", "née", "né(e)", "date de naissance", "naissance", "data di nascita", "nato", "nata", "出生日期", "生日",
        "जन्म तिथि", "जन्मतिथि", "dateofbirth", "data de nascimento", "data nascimento", "dt nascimento",
        "nascimento", "nascido", "nascida", "geboortedatum", "geboren op", "geburtstag", "date naissance",
        "data urodzenia", "födelsedatum", "fødselsdato", "syntymäaika", "doğum tarihi", "geb.-datum", "geb.datum",
        "geb-datum", "дата рождения", "дата народження", "д.р.", "data ur.", "fecha nac", "date de naiss.",
        "dob/age", "dob / age", "age/dob", "date of birth/age", "生年月日", "誕生日", "생년월일",
        "fødselsdag", "születési dátum", "datum narození",
        # round 10
        "datum rođenja", "datum rodjenja", "datum_rodjenja", "datum_rođenja", "data nașterii", "data nasterii",
        "data_nasterii", "дата_народження", "дата_рождения", "ημερομηνία γέννησης", "ngày sinh", "tanggal lahir",
        "วันเกิด", "doğum_tarihi", "dogum tarihi", "birth_date", "fecha_nac", "fecha_nacimiento", "تاريخ الميلاد",
        # round 11: HR exports of Italy, Poland, India and the Netherlands
        "data nascita", "data di nascita", "data ur", "date of birth (dd/mm/yyyy)", "d.o.b", "geb. datum",
        "geboren am", "geburts-datum", "fecha nacim.", "f. nac.")),
    Labelled("passport-number", "PASSPORT", _value(r"[a-z0-9]{6,10}"), _digits_at_least(1), (
        "passport", "passport no", "passport number", "passportnumber", "passportno", "reisepass", "reisepassnummer",
        "pass-nr", "passnummer",
        "pasaporte", "passeport", "numéro de passeport", "passaporto", "护照", "पासपोर्ट")),
    Labelled("bank-account", "BANK_ACCOUNT", _value(r"[0-9][0-9 \-]{4,34}[0-9]"), _digits_at_least(6),
             _more.BANK_MORE + (
        "account number", "account no", "account", "acct", "acct no", "a/c", "bank account", "checking account",
        "savings account", "kontonummer", "konto", "konto-nr", "kto", "kto-nr", "número de cuenta",
        "numero de cuenta", "nº de cuenta", "cuenta", "cuenta bancaria", "numéro de compte", "n° de compte",
        "compte", "compte bancaire", "sort code", "blz", "acc", "acc no", "acc. no", "acc nr", "acc #",
        "accountnumber", "accountno", "bankaccount", "bankaccountnumber", "acctnumber", "account_no",
        "bankleitzahl", "bsb", "routing number", "routing",
        "routing no", "rtn", "bank account number", "bank account no", "bank acct number", "bank acct no",
        "account_number", "bank_account_number")),
    Labelled("aba-routing", "BANK_ACCOUNT", _value(r"[0-9]{9}"), aba_ok, ("aba", "aba routing", "aba#", "ach routing",
                                                                         "wire routing", "routingnumber")),
    # round 12: a Brazilian or Portuguese bank branch (agência, 4 digits and a check digit) after its own label
    Labelled("bank-account", "BANK_ACCOUNT", _value(r"[0-9]{4}(?:-[0-9x])?"), _always, _more.BRANCH_LABELS),
    # round 12: a Norwegian account number printed 4.2.5 with dots after a bank-account label
    Labelled("bank-account", "BANK_ACCOUNT", _value(r"[0-9]{4}\.[0-9]{2}\.[0-9]{5}"), _always,
             _more.BANK_MORE + ("account number", "account no", "bank account", "kontonummer", "konto", "kontonr")),
    # a UK sort code (2-2-2 digits) after labels too short or common to announce any digits
    Labelled("uk-sort-code", "BANK_ACCOUNT", _value(r"[0-9]{2}[ \-]?[0-9]{2}[ \-]?[0-9]{2}"), _always,
             _more.SORT_LABELS),
    Labelled("national-id", "NATIONAL_ID", _value(_TOKENS), _id_not_date, (
        "national id", "national identity number", "national insurance number", "national insurance no",
        "national insurance", "ni number", "ni no", "nino", "aadhaar", "aadhar", "aadhaar no", "aadhaar number",
        "आधार", "dni", "nie", "nif", "nif/nie", "ssn", "social security number", "social security no", "itin",
        "tax id", "taxpayer id", "steuer-id", "steuer id", "steuerid", "steueridentifikationsnummer",
        "steuernummer", "personalausweis", "personalausweisnummer", "ausweisnummer", "id card", "identity card",
        "id number", "carte d'identité", "numéro de sécurité sociale", "n° de sécurité sociale", "nir",
        "sécurité sociale", "身份证", "身份证号", "身份证号码", "resident id", "sozialversicherungsnummer",
        "sv-nummer", "codice fiscale", "bsn", "personnummer", "burgerservicenummer", "sofinummer", "cpf", "pesel",
        "ppsn", "pps number", "social insurance number", "tax file number", "numéro fiscal",
        "número de la seguridad social", "seguridad social", "nuss") + _more.NATIONAL_ID_MORE),
    # labels that are ordinary words or acronyms elsewhere announce only their own identifier's shape
    Labelled("ca-sin", "NATIONAL_ID", _value(r"[0-9]{3}[ \-]?[0-9]{3}[ \-]?[0-9]{3}"), _always, _more.SIN_LABELS),
    Labelled("kr-rrn", "NATIONAL_ID", _value(r"[0-9]{6}[ \-]?[1-8][0-9]{6}"), _always, _more.RRN_LABELS),
    Labelled("mx-rfc", "NATIONAL_ID", _value(r"[a-zñ&]{3,4}[ \-]?[0-9]{6}[ \-]?[a-z0-9]{3}"), _digits_at_least(6),
             _more.RFC_LABELS),
    Labelled("br-rg", "NATIONAL_ID", _value(r"[0-9]{1,2}\.?[0-9]{3}\.?[0-9]{3}[ \-]?[0-9x]"), _always, _more.RG_LABELS),
    # round 10: short labels that announce only their own identifier's shape
    Labelled("id-11-digits", "NATIONAL_ID", _value(r"[0-9]{11}"), _always, _more.ELEVEN_LABELS),
    Labelled("id-9-digits", "NATIONAL_ID", _value(r"[0-9]{3}[ \-]?[0-9]{3}[ \-]?[0-9]{3}"), _always, _more.NINE_LABELS),
    Labelled("ro-cnp", "NATIONAL_ID", _value(r"[1-9][0-9]{12}"), _always, _more.CNP_LABELS),
    Labelled("id-nik", "NATIONAL_ID", _value(r"[0-9]{16}"), _always, _more.NIK_LABELS),
    Labelled("ke-kra-pin", "NATIONAL_ID", _value(r"[ap][0-9]{9}[a-z]"), _always, _more.KRA_LABELS),
    Labelled("ua-passport", "PASSPORT", _value(r"[а-яіїєґ]{2}[ ]?[0-9]{6}|[0-9]{9}"), _always,
             _more.UA_PASSPORT_LABELS),
    Labelled("dk-cpr", "NATIONAL_ID", _value(r"[0-9]{6}[ \-]?[0-9]{4}"), _always, _more.CPR_LABELS),
    Labelled("fi-hetu", "NATIONAL_ID", _value(r"[0-9]{6}[\-+a-fu-y][0-9]{3}[0-9a-z]"), _always, _more.HETU_LABELS),
    Labelled("no-fnr", "NATIONAL_ID", _value(r"[0-9]{6} ?[0-9]{5}"), _always, _more.FNR_LABELS),
    Labelled("ch-ahv", "NATIONAL_ID", _value(r"756[ .]?[0-9]{4}[ .]?[0-9]{4}[ .]?[0-9]{2}"), _always, _more.AHV_LABELS),
    Labelled("ie-ppsn", "NATIONAL_ID", _value(r"[0-9]{7}[a-w][a-iw]?"), _always, _more.PPS_LABELS),
    Labelled("au-medicare", "NATIONAL_ID", _value(r"[2-6][0-9]{3}[ ]?[0-9]{5}[ ]?[0-9](?:[ /\-]?[0-9])?"), medicare_ok,
             _more.MEDICARE_LABELS),
    # personal round 12: a US provider's NPI (Luhn behind 80840), a Canadian immigration client id (UCI), a
    # Nordic "f." / "født" / "född" (born) before a whole dd.mm.yyyy date
    Labelled("us-npi", "NATIONAL_ID", _value(r"[12][0-9]{9}"), npi_ok, _more.NPI_LABELS),
    Labelled("ca-uci", "NATIONAL_ID", _value(r"[0-9]{4}-?[0-9]{4}(?:-?[0-9]{2})?"), _always, _more.UCI_LABELS),
    Labelled("date-of-birth", "DOB", _value(r"[0-9]{1,2}\.[0-9]{1,2}\.[0-9]{4}"), _always, _more.BORN_SHORT_LABELS),
    Labelled("il-id", "NATIONAL_ID", _value(r"[0-9]{5,9}"), il_id_ok, _more.IL_ID_LABELS),
    Labelled("za-id", "NATIONAL_ID", _value(r"[0-9]{6}[ ]?[0-9]{4}[ ]?[0-9]{3}"), za_id_ok, _more.ZA_ID_LABELS),
    Labelled("sg-nric", "NATIONAL_ID", _value(r"[stfgm][0-9]{7}[a-z]"), nric_ok, _more.NRIC_LABELS),
    Labelled("bic", "BANK_ACCOUNT", _value(r"[a-z]{6}[a-z0-9]{2}(?:[a-z0-9]{3})?"), bic_ok, _more.BIC_LABELS),
    Labelled("in-pan", "NATIONAL_ID", _value(r"[a-z]{5}[0-9]{4}[a-z]"), _always, ("pan", "pan no", "pan card")),
    Labelled("vat-id", "VAT_ID", _value(r"[a-z]{0,3}[ \-]?[0-9][0-9a-z .\-]{5,16}[0-9a-z]"), _digits_at_least(6), (
        "vat", "vat id", "vat no", "vat number", "vat reg no", "ust-idnr", "ust-id", "ustid", "ust-id-nr",
        "umsatzsteuer-id", "nif-iva", "cif", "tva", "n° tva", "numéro de tva", "gstin", "gst no", "cnpj",
        "tva intracommunautaire", "n° tva intracommunautaire", "numéro de tva intracommunautaire",
        "btw-nummer", "btw-nr", "btw nummer", "partita iva", "p.iva", "uid-nr") + _more.VAT_MORE),
    # a lower-case or mistyped-case IBAN right after its label (the shape row reads capitals only)
    Labelled("iban", "IBAN", _value(r"[a-z]{2}[0-9]{2}(?:[ \-]?[a-z0-9]{4}){2,7}(?:[ \-]?[a-z0-9]{1,3})?"), iban_ok, (
        "iban", "iban no", "iban number", "iban-nr", "nib/iban", "account", "account number", "konto", "kontonummer",
        "cuenta", "compte", "bank account") + _more.BANK_MORE),
    # the rest of the field after an address label, when it reads as a postal address (a house number
    # or postcode beside a word; no IP, URL, e-mail or host:port)
    # (an XML element's ">" too; the value may sit on the next line, and a postcode line may follow it)
    Labelled("postal-address", "ADDRESS", re.compile(
        r"[ \t\"']{0,3}(?:\([^)\n]{0,24}\)[ \t]{0,2})?[:=>][ \t\"']{0,4}(?:\r?\n[ \t]{0,4})?"
        r"(?P<v>[^\W_][^\n\t|;\"<>]{3,76}[^\W_]"
        r"(?:\r?\n[ \t]{0,4}[0-9][0-9 \-]{2,8}[ \t][^\W\d_][^\n\t|;\"<>]{1,40})?)"),
        postal_ok, _more.ADDRESS_LABELS),
    Labelled("postcode", "ADDRESS", _value(
        r"[0-9]{4,5}(?:[ \-]?[0-9]{3,4})?|[0-9]{4}[ ]?[a-z]{2}|[0-9]{2}-[0-9]{3}"
        r"|[a-z]{1,2}[0-9][a-z0-9]?[ ]?[0-9][a-z]{2}"),
        _always, _more.POSTCODE_LABELS),
    # record numbers of patients, customers, members, insured persons (4+ digits, letters around allowed)
    Labelled("record-number", "ID", _value(r"(?:[a-z]{1,4}[\-/ ]?)?[0-9][0-9\-/ ]{2,16}[0-9](?:[\-/ ]?[a-z]{1,2})?"),
             _digits_at_least(4), _more.RECORD_LABELS),
    Labelled("de-kvnr", "NATIONAL_ID", _value(r"[a-z][ ]?[0-9]{3}[ ]?[0-9]{3}[ ]?[0-9]{3}|[0-9][0-9 ]{11,20}[0-9]"),
             _digits_at_least(9), _more.KVNR_LABELS),
    # a plate mixes letters and digits: 1-3 groups of 1-4 letters or digits ("M-KL 4821", "AB-123-CD", "LB07 SEO")
    Labelled("license-plate", "ID", _value(r"[a-z0-9]{1,4}(?:[ \-·][a-z0-9]{1,4}){0,3}"), plate_ok, _more.PLATE_LABELS),
    Labelled("us-ein", "NATIONAL_ID", _value(r"[0-9]{2}-[0-9]{7}"), _always, _more.EIN_LABELS),
    Labelled("aws-account-id", "ACCOUNT_ID", _value(r"[0-9]{4}-?[0-9]{4}-?[0-9]{4}"), _always, (
        "aws account", "aws account id", "account id", "accountid")),
)

#: A birth label, a few words, a colon, then the date: ``Mein Geburtsdatum für die Verifizierung: 05.11.1962``
#: (round 11). Long labels only (``dob``, ``born``, ``né`` announce no date words away).
_DOB_GAP = re.compile(r"[ \t]{1,2}(?:[^\W\d_]{1,24}[ \t]{1,2}){0,3}[^\W\d_]{1,24}[ \t]{0,2}[:=][ \t]{0,3}(?P<v>"
                      + _DATE + r")(?![a-z0-9])")
LABELLED = LABELLED + (Labelled("date-of-birth", "DOB", _DOB_GAP, _always,
                                tuple(lb for lb in LABELLED[0].labels if len(lb) >= 8 and "/" not in lb)),)


def _joined(row: Labelled) -> Labelled:
    """The row with each multi-word label also written as one identifier (``DataNascita``, ``dataNascimento``,
    ``PartitaIVA`` as XML elements and JSON keys fold to ``datanascita``, ``partitaiva``), round 11."""
    extra = tuple(dict.fromkeys(
        j for lb in row.labels if " " in lb and (j := lb.replace(" ", "")).isalpha() and len(j) >= 8
        and j not in row.labels))
    return row._replace(labels=row.labels + extra) if extra else row


_JOINED_ROWS = frozenset(("date-of-birth", "passport-number", "national-id", "vat-id", "bank-account", "iban"))
LABELLED = tuple(_joined(r) if r.rule in _JOINED_ROWS else r for r in LABELLED)

#: The words of every identifier label (``Reisepass``, ``Geburtsdatum``): field names, not names of people.
LABEL_WORDS: frozenset[str] = frozenset(
    w for row in LABELLED for label in row.labels for w in re.split(r"[^a-zà-ÿ]+", label.casefold())
    if len(w) >= 4)


#: ``redctx rules`` rows of the labelled rows above that ``personal_ids.RULES`` does not list.
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("au-medicare", "NATIONAL_ID", "default", "Australian Medicare card numbers after a Medicare label (mod-10 check)"),
    ("il-id", "NATIONAL_ID", "default", "Israeli identity numbers after Teudat Zehut / ת.ז (Luhn)"),
    ("za-id", "NATIONAL_ID", "default", "South African identity numbers after SA ID / RSA ID (birth date, Luhn)"),
    ("sg-nric", "NATIONAL_ID", "default", "Singapore NRIC/FIN after NRIC / FIN (series check letter)"),
    ("se-personnummer", "NATIONAL_ID", "default",
     "Swedish personnummer (YYMMDD-NNNC, birth date and Luhn) without a label, in their printed form"),
    ("bic", "BANK_ACCOUNT", "default", "BIC/SWIFT codes after a BIC or SWIFT label (ISO country code in place)"),
    ("uk-sort-code", "BANK_ACCOUNT", "default", "UK sort codes (2-2-2 digits) after Sort / S/C"),
    ("id-11-digits", "NATIONAL_ID", "default", "11-digit ids after NIN / BVN / OIB / AMKA / TCKN"),
    ("id-9-digits", "NATIONAL_ID", "default", "9-digit ids after AFM / TAJ"),
    ("ro-cnp", "NATIONAL_ID", "default", "Romanian personal numeric codes (13 digits) after CNP"),
    ("id-nik", "NATIONAL_ID", "default", "Indonesian NIK (16 digits) after NIK / KTP"),
    ("ke-kra-pin", "NATIONAL_ID", "default", "Kenyan KRA PINs (A012345678Z) after KRA / PIN"),
    ("ua-passport", "PASSPORT", "default", "Ukrainian passport numbers (two Cyrillic letters, 6 digits) after паспорт"),
)
