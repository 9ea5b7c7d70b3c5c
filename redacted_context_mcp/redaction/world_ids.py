"""National, tax and health ids of more countries, proven by their own check (hold-out round 14, issue 11).

Three kinds of row, each one table:

- *near rows* for ``near_ids``: a label in the local language (``personnummer``, ``numéro INSEE``, ``СНИЛС``,
  ``ИНН``, ``РНОКПП``, ``IRD``, ``tax file number``, ``NISS``, ``CUIL``, ``RUT``, ``AMKA``, ``ΑΦΜ``, ``CNP``,
  ``rodné číslo``, ``TAJ``, ``isikukood``, ``asmens kodas``, ``CURP``, ``マイナンバー``, ``HKID``, ``身分證``,
  ``เลขประจำตัวประชาชน``...) opens a window, and the first value of the label's shape on each line of it is an
  id when its check holds: a mistyped or same-shape number (an order, an invoice) with a wrong check stays;
- *labelled rows* for ``personal_ids`` (the value right after its label, any check): US Medicare beneficiary
  identifiers (MBI shape), EHIC card numbers, the Colombian cédula, the Chilean RUN,
  the Russian SNILS, the New Zealand IRD number;
- *printed shapes* read without a label: a French NIR printed in its groups (``2 92 03 2A 128 012 49``), a
  Belgian national number (``85.04.12-237.52``), a SNILS (``112-233-445 95``), a Hong Kong id (``K482173(4)``),
  a Mexican CURP, a Thai id (``1-1037-00458-21-2``), a Chilean RUT
  (``16.421.783-3``) and an Argentine CUIL/CUIT (``27-31947586-4``): each with its separators in place and its
  check right, so phone numbers, amounts and order ids of the same digits stay (a MyKad, which has no check, is
  read after its label only: ``261130-01-0042`` is a dated batch id).

Imports: redaction.id_rows, redaction.spans, redaction.validators.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redacted_context_mcp.redaction.id_rows import Labelled, _id_not_date, _value
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.validators import luhn_ok


def _d(value: str) -> str:
    return "".join(c for c in value if c.isdigit())


def _date_ok(yy_mm_dd: str, day_offsets: tuple[int, ...] = (0,), month_offsets: tuple[int, ...] = (0,)) -> bool:
    if len(yy_mm_dd) != 6 or not yy_mm_dd.isdigit():
        return False
    mm, dd = int(yy_mm_dd[2:4]), int(yy_mm_dd[4:6])
    return any(1 <= mm - m <= 12 for m in month_offsets) and any(1 <= dd - o <= 31 for o in day_offsets)


# --- checks (pure functions of the value as printed) ------------------------------------------------------

def se_pnr_ok(value: str) -> bool:
    """Swedish personnummer / samordningsnummer: (YY)YYMMDD, four digits, Luhn over the last ten."""
    d = _d(value)
    if len(d) == 12:
        d = d[2:]
    return len(d) == 10 and _date_ok(d[:6], (0, 60)) and luhn_ok(d)


def be_rrn_ok(value: str) -> bool:
    """Belgian national number: YYMMDD (bis numbers add 20 or 40 to the month; 00 when unknown), three digits,
    97 - (number mod 97) (born since 2000: ``2`` prefixed)."""
    d = _d(value)
    if len(d) != 11 or int(d[2:4]) % 20 > 12 or int(d[4:6]) > 31:
        return False
    key = int(d[9:])
    return key in (97 - int(d[:9]) % 97, 97 - int("2" + d[:9]) % 97)


def fr_nir_ok(value: str) -> bool:
    """French NIR (numéro INSEE): sex, YY, MM, department (2A/2B for Corsica), commune, order, key 97 - n mod 97."""
    v = "".join(c for c in value.upper() if c.isalnum())
    if len(v) != 15 or v[0] not in "1278" or not v[13:].isdigit():
        return False
    corsica = {"2A": "19", "2B": "18"}.get(v[5:7])
    body = v[:5] + corsica + v[7:13] if corsica else v[:13]
    if not body.isdigit() or not (1 <= int(v[3:5]) <= 12 or 20 <= int(v[3:5]) <= 42 or int(v[3:5]) in (50, 99)):
        return False
    return int(v[13:]) == 97 - int(body) % 97


def ro_cnp_ok(value: str) -> bool:
    """Romanian CNP: S YYMMDD JJ NNN C, weights 279146358279 mod 11 (10 -> 1)."""
    d = _d(value)
    if len(d) != 13 or d[0] == "0" or not _date_ok(d[1:7]):
        return False
    r = sum(int(a) * int(b) for a, b in zip(d, "279146358279")) % 11
    return (1 if r == 10 else r) == int(d[12])


def cz_rc_ok(value: str) -> bool:
    """Czech / Slovak rodné číslo: YYMMDD (women's month + 50), then 4 digits, the whole divisible by 11."""
    d = _d(value)
    if len(d) != 10 or not _date_ok(d[:6], (0,), (0, 20, 50, 70)):
        return False
    return int(d) % 11 == 0 or (int(d[:9]) % 11 == 10 and d[9] == "0")


def hu_taj_ok(value: str) -> bool:
    """Hungarian TAJ: nine digits, weights 3 and 7 alternating over the first eight, mod 10."""
    d = _d(value)
    return len(d) == 9 and sum(int(c) * (3 if i % 2 == 0 else 7) for i, c in enumerate(d[:8])) % 10 == int(d[8])


def ee_ik_ok(value: str) -> bool:
    """Estonian isikukood / Lithuanian asmens kodas: G YYMMDD NNN C, two rounds of weights mod 11."""
    d = _d(value)
    if len(d) != 11 or d[0] not in "123456" or not _date_ok(d[1:7]):
        return False
    r = sum(int(c) * w for c, w in zip(d, (1, 2, 3, 4, 5, 6, 7, 8, 9, 1))) % 11
    if r == 10:
        r = sum(int(c) * w for c, w in zip(d, (3, 4, 5, 6, 7, 8, 9, 1, 2, 3))) % 11 % 10
    return r == int(d[10])


def gr_amka_ok(value: str) -> bool:
    """Greek AMKA: DDMMYY, five digits, Luhn."""
    d = _d(value)
    return len(d) == 11 and _date_ok(d[4:6] + d[2:4] + d[:2]) and luhn_ok(d)


def gr_afm_ok(value: str) -> bool:
    """Greek AFM: nine digits, sum of the first eight times 2^(8-i), mod 11 mod 10."""
    d = _d(value)
    return len(d) == 9 and d != "0" * 9 and sum(int(c) << (8 - i) for i, c in enumerate(d[:8])) % 11 % 10 == int(d[8])


def au_tfn_ok(value: str) -> bool:
    """Australian tax file number: nine digits, weights 1 4 3 7 5 8 6 9 10, sum divisible by 11."""
    d = _d(value)
    return len(d) == 9 and sum(int(c) * w for c, w in zip(d, (1, 4, 3, 7, 5, 8, 6, 9, 10))) % 11 == 0


def nz_ird_ok(value: str) -> bool:
    """New Zealand IRD number: 8 or 9 digits, 10-150 million, weighted mod 11 (a second weight set on 10)."""
    d = _d(value)
    if len(d) not in (8, 9) or not 10_000_000 <= int(d) <= 150_000_000:
        return False
    d = d.zfill(9)
    for weights in ((3, 2, 7, 6, 5, 4, 3, 2), (7, 4, 3, 2, 5, 2, 7, 6)):
        r = sum(int(c) * w for c, w in zip(d[:8], weights)) % 11
        c = 0 if r == 0 else 11 - r
        if c != 10:
            return c == int(d[8])
    return False


def pt_niss_ok(value: str) -> bool:
    """Portuguese NISS: 11 digits from 1 or 2, weights 29 23 19 17 13 11 7 5 3 2, 9 - sum mod 10."""
    d = _d(value)
    if len(d) != 11 or d[0] not in "12":
        return False
    return 9 - sum(int(c) * w for c, w in zip(d, (29, 23, 19, 17, 13, 11, 7, 5, 3, 2))) % 10 == int(d[10])


def niss_ok(value: str) -> bool:
    """``NISS`` is the Portuguese social security number and the Belgian INSZ (the national number)."""
    return pt_niss_ok(value) or be_rrn_ok(value)


def ar_cuit_ok(value: str) -> bool:
    """Argentine CUIL / CUIT: type 20/23/24/27 (persons) or 30/33/34, eight digits, weights 5432765432 mod 11."""
    d = _d(value)
    if len(d) != 11 or d[:2] not in ("20", "23", "24", "27", "30", "33", "34"):
        return False
    c = 11 - sum(int(x) * w for x, w in zip(d, (5, 4, 3, 2, 7, 6, 5, 4, 3, 2))) % 11
    return (0 if c == 11 else 9 if c == 10 else c) == int(d[10])


def cl_rut_ok(value: str) -> bool:
    """Chilean RUT / RUN: 7-8 digits and a mod-11 check (weights 2-7 from the right; 10 is K, 11 is 0)."""
    v = "".join(c for c in value.upper() if c.isalnum())
    body, check = v[:-1], v[-1:]
    if not 7 <= len(body) <= 8 or not body.isdigit():
        return False
    total = sum(int(c) * (2 + i % 6) for i, c in enumerate(reversed(body)))
    c = 11 - total % 11
    return check == ("0" if c == 11 else "K" if c == 10 else str(c))


_CURP_CHARS = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
_CURP_STATES = frozenset(
    "AS BC BS CC CL CM CS CH DF DG GT GR HG JC MC MN MS NT NL OC PL QT QR SP SL SR TC TS TL VZ YN ZS NE".split())


def mx_curp_ok(value: str) -> bool:
    """Mexican CURP: 4 letters, YYMMDD, H/M/X, a state code, 3 consonants, a century character, the check digit."""
    v = value.upper()
    if len(v) != 18 or not _date_ok(v[4:10]) or v[10] not in "HMX" or v[11:13] not in _CURP_STATES:
        return False
    if any(c not in _CURP_CHARS for c in v):
        return False
    total = sum(_CURP_CHARS.index(c) * (18 - i) for i, c in enumerate(v[:17]))
    return str((10 - total % 10) % 10) == v[17]


def jp_mynumber_ok(value: str) -> bool:
    """Japanese My Number: twelve digits, the last a weighted mod-11 check of the first eleven."""
    d = _d(value)
    if len(d) != 12:
        return False
    total = sum(int(d[10 - i]) * (i + 2 if i < 6 else i - 4) for i in range(11))
    r = total % 11
    return (0 if r <= 1 else 11 - r) == int(d[11])


def hkid_ok(value: str) -> bool:
    """Hong Kong identity card: 1-2 letters, six digits, the check (0-9 or A) of weights 9..2 mod 11."""
    v = "".join(c for c in value.upper() if c.isalnum())
    head = v[:-7]
    if not 1 <= len(head) <= 2 or not head.isalpha() or not v[-7:-1].isdigit():
        return False
    vals = ([36] if len(head) == 1 else []) + [ord(c) - 55 for c in head] + [int(c) for c in v[-7:-1]]
    c = (11 - sum(x * w for x, w in zip(vals, (9, 8, 7, 6, 5, 4, 3, 2))) % 11) % 11
    return v[-1] == ("A" if c == 10 else str(c))


_TW_LETTERS = dict(zip("ABCDEFGHJKLMNPQRSTUVXYWZIO", range(10, 36)))


def tw_id_ok(value: str) -> bool:
    """Taiwan national id: a region letter, 1 or 2 (sex), eight digits, weighted mod 10."""
    v = value.upper()
    if len(v) != 10 or v[0] not in _TW_LETTERS or v[1] not in "12" or not v[1:].isdigit():
        return False
    n = _TW_LETTERS[v[0]]
    total = n // 10 + (n % 10) * 9 + sum(int(c) * w for c, w in zip(v[1:9], (8, 7, 6, 5, 4, 3, 2, 1))) + int(v[9])
    return total % 10 == 0


def th_id_ok(value: str) -> bool:
    """Thai citizen id: thirteen digits (not 0 or 9 first), weights 13..2, (11 - sum mod 11) mod 10."""
    d = _d(value)
    return (len(d) == 13 and d[0] not in "09"
            and (11 - sum(int(c) * (13 - i) for i, c in enumerate(d[:12])) % 11) % 10 == int(d[12]))


def ru_snils_ok(value: str) -> bool:
    """Russian SNILS: nine digits and a two-digit check (weights 9..1; below 100 itself, else mod 101, 100 -> 00)."""
    d = _d(value)
    if len(d) != 11:
        return False
    total = sum(int(c) * (9 - i) for i, c in enumerate(d[:9]))
    c = total if total < 100 else 0 if total in (100, 101) else total % 101 % 100
    return c == int(d[9:])


def ru_inn_ok(value: str) -> bool:
    """Russian INN: twelve digits (a person, two check digits) or ten (an organisation, one)."""
    d = [int(c) for c in _d(value)]

    def check(ws: tuple[int, ...]) -> int:
        return sum(x * w for x, w in zip(d, ws)) % 11 % 10

    if len(d) == 12:
        return (check((7, 2, 4, 10, 3, 5, 9, 4, 6, 8)) == d[10]
                and check((3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8)) == d[11])
    return len(d) == 10 and check((2, 4, 10, 3, 5, 9, 4, 6, 8)) == d[9]


def ua_rnokpp_ok(value: str) -> bool:
    """Ukrainian RNOKPP (ІПН): ten digits, weights -1 5 7 9 4 6 10 5 7, mod 11 mod 10."""
    d = _d(value)
    return len(d) == 10 and sum(int(c) * w for c, w in zip(d, (-1, 5, 7, 9, 4, 6, 10, 5, 7))) % 11 % 10 == int(d[9])


def za_id_ok(value: str) -> bool:
    """South African identity number: YYMMDD SSSS C A Z, citizenship 0 or 1, Luhn."""
    d = _d(value)
    return len(d) == 13 and d[10] in "01" and _date_ok(d[:6]) and luhn_ok(d)


def uk_nhs_ok(value: str) -> bool:
    """UK NHS number: ten digits, weights 10..2, 11 - sum mod 11 (11 -> 0, 10 invalid)."""
    d = _d(value)
    if len(d) != 10 or d == d[0] * 10:
        return False
    c = 11 - sum(int(x) * (10 - i) for i, x in enumerate(d[:9])) % 11
    return c != 10 and (0 if c == 11 else c) == int(d[9])


def uk_chi_ok(value: str) -> bool:
    """Scottish CHI number: DDMMYY and four digits, the NHS mod-11 check."""
    d = _d(value)
    return len(d) == 10 and _date_ok(d[4:6] + d[2:4] + d[:2]) and uk_nhs_ok(d)


def is_kennitala_ok(value: str) -> bool:
    """Icelandic kennitala: DDMMYY (companies add 40 to the day), two digits, a check (weights 3 2 7 6 5 4 3 2),
    the century digit."""
    d = _d(value)
    if len(d) != 10 or d[9] not in "90" or not _date_ok(d[4:6] + d[2:4] + d[:2], (0, 40)):
        return False
    c = 11 - sum(int(x) * w for x, w in zip(d, (3, 2, 7, 6, 5, 4, 3, 2))) % 11
    return c != 10 and (0 if c == 11 else c) == int(d[8])


def ae_eid_ok(value: str) -> bool:
    """Emirates ID: 784, the birth year, seven digits, a Luhn check digit."""
    d = _d(value)
    return len(d) == 15 and d[:3] == "784" and 1900 <= int(d[3:7]) <= 2030 and luhn_ok(d)


_MBI_LETTER = "ACDEFGHJKMNPQRTUVWXY"


def us_mbi_ok(value: str) -> bool:
    """US Medicare Beneficiary Identifier: C A AN N A AN N A A N N (no S L O I B Z), dashes optional."""
    v = "".join(c for c in value.upper() if c.isalnum())
    if len(v) != 11:
        return False
    kinds = "CAPNAPNAANN"  # C: 1-9, A: letter, P: letter or digit, N: digit
    for c, k in zip(v, kinds):
        if k == "C" and not ("1" <= c <= "9"):
            return False
        if k == "N" and not c.isdigit():
            return False
        if k == "A" and c not in _MBI_LETTER:
            return False
        if k == "P" and not (c.isdigit() or c in _MBI_LETTER):
            return False
    return True


_MY_STATES = frozenset(list(range(1, 17)) + list(range(21, 69)) + [71, 72] + list(range(74, 80))
                       + list(range(82, 94)) + [98, 99])


def my_mykad_ok(value: str) -> bool:
    """Malaysian MyKad: YYMMDD, a birth-place code (states 01-16, 21-59, countries 60-99), four digits."""
    d = _d(value)
    return len(d) == 12 and _date_ok(d[:6]) and int(d[6:8]) in _MY_STATES


# --- near rows: (labels, value pattern, check) for near_ids ------------------------------------------------

_NINE = r"[0-9]{3}[ \-]?[0-9]{3}[ \-]?[0-9]{3}"
#: (labels, value pattern, check): the labels are lower case and read as whole words.
NEAR_ROWS: tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...] = (
    (("personnummer", "personnumret", "personnummeret", "personnr", "samordningsnummer", "samordningsnumret",
      "personnummer/samordningsnummer"), r"(?:19|20)?[0-9]{6}[\-+ ]?[0-9]{4}", se_pnr_ok),
    (("rijksregisternummer", "rijksregisternr", "rijksregister", "registre national", "numéro national",
      "numéro de registre national", "insz", "insz-nummer", "numéro niss", "n° niss", "nn"),
     r"[0-9]{2}\.?[0-9]{2}\.?[0-9]{2}[ \-.]?[0-9]{3}[ \-.]?[0-9]{2}", be_rrn_ok),
    (("niss",), r"[0-9]{2}\.?[0-9]{2}\.?[0-9]{2}[ \-.]?[0-9]{3}[ \-.]?[0-9]{2}", niss_ok),
    (("insee", "numéro insee", "n° insee", "nir", "sécurité sociale", "securite sociale", "sécu", "secu",
      "carte vitale", "numéro de sécu", "n° ss", "n° de ss", "numéro ss"),
     r"[1278][ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?(?:[0-9]{2}|2[AaBb])[ ]?[0-9]{3}[ ]?[0-9]{3}[ ]?[0-9]{2}", fr_nir_ok),
    (("segurança social", "seguranca social", "número de segurança social", "n.º de segurança social",
      "nº de segurança social", "n.º segurança social", "nº segurança social"), r"[12][0-9]{10}", pt_niss_ok),
    (("cnp", "cod numeric personal", "codul numeric personal", "cnp-ul"), r"[1-8][0-9]{12}", ro_cnp_ok),
    (("rodné číslo", "rodne cislo", "rodného čísla", "rodné č.", "rč", "r.č."), r"[0-9]{6}/?[0-9]{4}", cz_rc_ok),
    (("taj", "taj szám", "taj-szám", "taj-száma", "taj száma", "tajszám"), _NINE, hu_taj_ok),
    (("isikukood", "isikukoodi", "asmens kodas", "asmens kodo"), r"[1-6][0-9]{10}", ee_ik_ok),
    (("amka", "αμκα", "α.μ.κ.α.", "α.μ.κ.α"), r"[0-9]{11}", gr_amka_ok),
    (("αφμ", "α.φ.μ.", "α.φ.μ", "afm"), r"[0-9]{9}", gr_afm_ok),
    (("tfn", "tax file number", "tax file no"), _NINE, au_tfn_ok),
    (("ird", "ird number", "ird no", "ird no.", "inland revenue number"), r"[0-9]{2,3}[ \-]?[0-9]{3}[ \-]?[0-9]{3}",
     nz_ird_ok),
    (("cuil", "cuit", "cuil/cuit"), r"[23][0-9][ \-]?[0-9]{8}[ \-]?[0-9]", ar_cuit_ok),
    (("rut", "rol único tributario", "rol unico tributario", "rol único nacional"),
     r"[0-9]{1,2}\.?[0-9]{3}\.?[0-9]{3}-?[0-9Kk]", cl_rut_ok),
    (("curp",), r"[A-Za-z]{4}[0-9]{6}[HMXhmx][A-Za-z]{5}[0-9A-Za-z][0-9]", mx_curp_ok),
    (("マイナンバー", "個人番号", "mynumber"), r"[0-9]{4}[ \-]?[0-9]{4}[ \-]?[0-9]{4}", jp_mynumber_ok),
    (("hkid", "香港身份證", "身份證號碼", "身份證號"), r"[A-Za-z]{1,2}[0-9]{6}[ ]?\(?[0-9Aa]\)?", hkid_ok),
    (("身分證", "身分證字號", "身分證號碼", "身分証"), r"[A-Za-z][12][0-9]{8}", tw_id_ok),
    (("เลขประจำตัวประชาชน", "บัตรประชาชน", "thai id"), r"[0-9][ \-]?[0-9]{4}[ \-]?[0-9]{5}[ \-]?[0-9]{2}[ \-]?[0-9]",
     th_id_ok),
    (("снилс",), r"[0-9]{3}-?[0-9]{3}-?[0-9]{3}[ \-]?[0-9]{2}", ru_snils_ok),
    (("инн", "inn"), r"[0-9]{12}", ru_inn_ok),  # a person's (an organisation's ten digits only right after it)
    (("рнокпп", "іпн", "ипн", "ідентифікаційний код", "ідентифікаційний номер", "податковий номер"),
     r"[0-9]{10}", ua_rnokpp_ok),
    (("south african id", "identiteitsnommer", "id nommer"), r"[0-9]{6}[ ]?[0-9]{4}[ ]?[0-9]{3}",
     za_id_ok),
    (("nhs", "nhs number", "nhs no", "nhs no.", "nhs #"), r"[0-9]{3}[ \-]?[0-9]{3}[ \-]?[0-9]{4}", uk_nhs_ok),
    (("chi", "chi number", "chi no"), r"[0-9]{6}[ \-]?[0-9]{4}", uk_chi_ok),
    (("kennitala", "kennitölu", "kt."), r"[0-9]{6}-?[0-9]{4}", is_kennitala_ok),
    (("emirates id", "eid", "eid no", "emirates id no"), r"784-?[0-9]{4}-?[0-9]{7}-?[0-9]", ae_eid_ok),
    (("mykad", "no. mykad", "kad pengenalan"),
     r"[0-9]{6}-?[0-9]{2}-?[0-9]{4}", my_mykad_ok),
)


# --- labelled rows: the value right after its label ----------------------------------------------------

def _always(_: str) -> bool:
    return True


def _digits_at_least(n: int) -> Callable[[str], bool]:
    return lambda v: sum(c.isdigit() for c in v) >= n


LABELLED: tuple[Labelled, ...] = (
    Labelled("us-mbi", "NATIONAL_ID", _value(r"[1-9][a-z][a-z0-9][0-9]-?[a-z][a-z0-9][0-9]-?[a-z]{2}[0-9]{2}"),
             us_mbi_ok, ("mbi", "medicare beneficiary identifier", "medicare beneficiary id", "medicare id",
                         "medicare id number", "new medicare number", "mbi no", "mbi number")),
    Labelled("ehic-number", "NATIONAL_ID", _value(r"[0-9]{4}[0-9 ]{12,22}[0-9]"), _digits_at_least(16), (
        "ehic", "ehic no", "ehic number", "ehic card no", "ehic card number", "ehic card", "ghic", "ghic number",
        "european health insurance card", "kennnummer der karte", "karten-kennnummer", "numéro de la carte",
        "número de la tarjeta", "tessera team", "numero tessera", "card identification number",
        "identification number of the card", "europäische krankenversicherungskarte")),
    Labelled("national-id", "NATIONAL_ID", _value(r"[a-z0-9]{1,20}(?:[ \-/.][a-z0-9]{1,20}){0,5}"), _id_not_date, (
        "cédula de ciudadanía", "cedula de ciudadania", "cédula ciudadanía", "cedula ciudadania", "cedula_ciudadania",
        "número de cédula", "numero de cedula", "nro. de cédula", "c.c.", "cc no", "cc nº", "documento de identidad",
        "ird number", "ird no", "snils", "снилс", "страховой номер", "amka no", "personnummer/samordningsnummer",
        "samordningsnummer", "numéro de sécurité sociale", "n° de sécu", "numéro d'inscription au répertoire",
        "身分證字號", "身分證號碼", "身份證號碼", "hkid no", "hkid number", "philsys", "philsys no", "philsys psn",
        "philsys card number", "sss", "gsis", "mykad no", "no. mykad", "mykad",
        "no. kad pengenalan", "rnokpp", "рнокпп", "ipn", "dni/cuil", "cuil/dni", "nro. cuil",
        "kimlik", "numéro d'identification", "national registration number", "nrn", "tax file no", "ihi",
        "ihi number", "nhs number", "nhs no", "chi number", "kennitala", "cnic", "cnic no", "cnic number", "nicop",
        "carta d'identità", "carta di identità", "carta d'identita", "numero carta d'identità",
        "n. carta d'identità", "documento d'identità", "tessera sanitaria", "numero tessera sanitaria", "nhi",
        "nhi number", "nhi no", "cin", "cnie", "n° cin", "crn", "centrelink crn", "customer reference number",
        "voter id", "epic no", "epic number", "полис омс", "омс", "номер полиса", "medicaid id", "medicaid number",
        "medicaid no", "medicaid", "emirates id", "eid no", "nid", "nid no", "national id card", "občanský průkaz",
        "číslo op", "číslo občanského průkazu", "személyi igazolvány", "személyi igazolvány szám", "személyi szám",
        "tarjeta sanitaria", "nº tarjeta sanitaria", "código cip", "cip", "c.i.", "ci no", "carnet de identidad",
        "dni/nif", "nif/dni", "numéro de carte vitale", "n° de carte vitale")),
    Labelled("ru-passport", "PASSPORT", _value(r"[0-9]{2}[ ]?[0-9]{2}[ ]?(?:№[ ]?)?[0-9]{6}"), _always, (
        "паспорт", "паспорт рф", "паспорт гражданина рф", "серия и номер паспорта", "серия и номер",
        "паспортные данные", "паспорт серия", "паспорт серии", "passport", "passport no", "passport number")),
    Labelled("gr-adt", "NATIONAL_ID", _value(r"[α-ωa-z]{1,2}[ \-]?[0-9]{6}"), _always, (
        "αδτ", "α.δ.τ.", "α.δ.τ", "αριθμός ταυτότητας", "αρ. ταυτότητας", "δελτίο ταυτότητας",
        "αριθμός δελτίου ταυτότητας")),
    Labelled("cl-rut", "NATIONAL_ID", _value(r"[0-9]{1,2}\.?[0-9]{3}\.?[0-9]{3}-?[0-9k]"), cl_rut_ok,
             ("r.u.n.", "rut", "rut/run", "run/rut")),  # (not ``run``: a word of every log; a dotted RUN is printed)
    Labelled("nz-ird", "NATIONAL_ID", _value(r"[0-9]{2,3}[ \-]?[0-9]{3}[ \-]?[0-9]{3}"), _digits_at_least(8),
             ("ird", "ird#", "ird number", "ird no", "gst/ird")),
)


# --- printed shapes (no label) ---------------------------------------------------------------------------

class _Printed:
    """A printed shape: ``run`` digits in a row once its grouping is removed (``identifiers.digit_shape``), one of
    ``chars`` in the text, one of ``needles`` in its ASCII classes (cheap tests, in that order, before the regex)."""

    __slots__ = ("rule", "category", "regex", "valid", "needles", "run", "chars")

    def __init__(self, rule: str, category: str, regex: str, valid: Callable[[str], bool], needles: tuple[bytes, ...],
                 run: int, chars: str = ""):
        self.rule, self.category, self.valid, self.needles = rule, category, valid, needles
        self.regex = re.compile(regex)
        self.run, self.chars = run, chars


_NB = r"(?<![\w\-+./,])"  # not inside a longer number, word or path
_NA = r"(?![\w\-]|[.,/:][0-9])"


def _cuit_category(value: str) -> str:
    return "VAT_ID" if value[:1] == "3" else "NATIONAL_ID"


PRINTED: tuple[_Printed, ...] = (
    _Printed("fr-nir", "NATIONAL_ID",
             _NB + r"[1278] [0-9]{2} [0-9]{2} (?:[0-9]{2}|2[AB]) [0-9]{3} [0-9]{3} [0-9]{2}" + _NA,
             fr_nir_ok, (b" ddd ddd dd",), 8, " "),
    _Printed("be-rrn", "NATIONAL_ID", _NB + r"[0-9]{2}\.[0-9]{2}\.[0-9]{2}[\-. ][0-9]{3}[.\-][0-9]{2}" + _NA, be_rrn_ok,
             (b"dd.dd.dd",), 11, "."),
    _Printed("ru-snils", "NATIONAL_ID", _NB + r"[0-9]{3}-[0-9]{3}-[0-9]{3}[ \-][0-9]{2}" + _NA, ru_snils_ok,
             (b"ddd-ddd-ddd",), 11, "-"),
    _Printed("hk-hkid", "NATIONAL_ID", r"(?<![\w\-])[A-Z]{1,2}[0-9]{6}\([0-9A]\)", hkid_ok, (b"dddddd(",), 7, "("),
    _Printed("mx-curp", "NATIONAL_ID", r"(?<![\w\-])[A-Z]{4}[0-9]{6}[HMX][A-Z]{5}[0-9A-Z][0-9](?![\w\-])", mx_curp_ok,
             (b"AAAAddddddAAAAAA",), 6, ""),
    _Printed("th-id", "NATIONAL_ID", _NB + r"[1-8]-[0-9]{4}-[0-9]{5}-[0-9]{2}-[0-9]" + _NA, th_id_ok,
             (b"-ddddd-dd-",), 13, "-"),
    _Printed("cl-rut", "NATIONAL_ID", _NB + r"[0-9]{1,2}\.[0-9]{3}\.[0-9]{3}-[0-9Kk](?![\w\-]|[.,][0-9])", cl_rut_ok,
             (b".ddd.ddd-",), 7, "-"),
    _Printed("ae-eid", "NATIONAL_ID", _NB + r"784-[0-9]{4}-[0-9]{7}-[0-9]" + _NA, ae_eid_ok, (b"-ddddddd-",), 15, "-"),
    _Printed("ar-cuil", "NATIONAL_ID", _NB + r"(?:2[03-7]|3[034])-[0-9]{8}-[0-9]" + _NA, ar_cuit_ok, (b"-dddddddd-",),
             11, "-"),
)


#: What every hyphenated row holds on ``terms.ascii_classes``, led by its literal ``-``: SNILS ``ddd-ddd-ddd``, a
#: Thai id ``-ddddd-dd-``, an Emirates ID ``-ddddddd-``, a CUIL ``-dddddddd-``, a RUT ``.ddd.ddd-``.
_DASH_GATE = re.compile(rb"-(?:ddd-ddd|ddddd-dd-|ddddddd-|dddddddd-|(?<=\.ddd\.ddd-)[dAa])")


PRINTED = tuple(sorted(PRINTED, key=lambda r: r.run))


def find_world_printed(text: str, cls: bytes | None, holds: Callable[[int], bool]) -> list[Hit]:
    """Hits of :data:`PRINTED`; ``cls``: ``terms.ascii_classes(text)`` (None: not ASCII, no needle test),
    ``holds(n)``: whether the digit shape of the text holds a run of ``n`` digits."""
    out: list[Hit] = []
    dashed: bool | None = None
    short = 0  # the shortest run found missing: rows are sorted by run, so every later row needs a longer one
    for row in PRINTED:
        if short and row.run >= short:
            break
        if row.chars == "-":
            if dashed is None:  # one literal-led scan for every hyphenated shape (most texts: none)
                dashed = "-" in text and (cls is None or _DASH_GATE.search(cls) is not None)
            if not dashed:
                continue
        elif row.chars and row.chars not in text:
            continue
        if not holds(row.run):  # (answered from the digit levels the engine has, most often)
            short = row.run
            continue
        if cls is not None and row.chars != "-" and not any(n in cls for n in row.needles):
            continue  # (a hyphenated row's needle is in the gate: its regex runs in the few texts that pass it)
        for m in row.regex.finditer(text):
            v = m.group()
            if row.valid(v):
                cat = _cuit_category(v) if row.rule == "ar-cuil" else row.category
                out.append(Hit(m.start(), m.end(), cat, row.rule))
    return out


#: ``redctx rules`` rows.
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("world-id-near-label", "NATIONAL_ID", "default",
     "personnummer, rijksregisternummer, NIR/INSEE, NISS, CNP, rodné číslo, TAJ, isikukood, AMKA, ΑΦΜ, TFN, IRD, "
     "CUIL/CUIT, RUT, CURP, My Number, HKID, Taiwan id, Thai id, СНИЛС, ИНН, РНОКПП, SA id, MyKad proven by their "
     "check a few words or chat messages after their label"),
    ("us-mbi", "NATIONAL_ID", "default", "US Medicare beneficiary identifiers (MBI shape) after an MBI label"),
    ("ehic-number", "NATIONAL_ID", "default",
     "European health insurance card numbers after EHIC / Kennnummer der Karte"),
    ("cl-rut", "NATIONAL_ID", "default", "Chilean RUT/RUN (mod-11 check, K) after RUT / RUN or printed 12.345.678-5"),
    ("nz-ird", "NATIONAL_ID", "default", "New Zealand IRD numbers after IRD"),
    ("fr-nir", "NATIONAL_ID", "default", "French NIR printed in its groups (key 97 - n mod 97, Corsica 2A/2B)"),
    ("be-rrn", "NATIONAL_ID", "default", "Belgian national numbers printed yy.mm.dd-sss.cc (mod 97)"),
    ("ru-snils", "NATIONAL_ID", "default", "Russian SNILS printed ddd-ddd-ddd dd (its check)"),
    ("hk-hkid", "NATIONAL_ID", "default", "Hong Kong identity card numbers A123456(7) (mod 11)"),
    ("mx-curp", "NATIONAL_ID", "default", "Mexican CURP (birth date, state code, check digit)"),
    ("th-id", "NATIONAL_ID", "default", "Thai citizen ids printed 1-2345-67890-12-3 (mod 11)"),
    ("ar-cuil", "NATIONAL_ID", "default", "Argentine CUIL/CUIT printed 20-12345678-9 (mod 11)"),
    ("ae-eid", "NATIONAL_ID", "default", "Emirates ID numbers printed 784-yyyy-nnnnnnn-c (Luhn)"),
    ("ru-passport", "PASSPORT", "default", "Russian passport series and number (45 12 345678) after паспорт"),
    ("gr-adt", "NATIONAL_ID", "default", "Greek identity card numbers (ΑΚ 123456) after ΑΔΤ"),
)

#: Every regex of the module, for the hostile-input sweep.
PATTERNS: dict[str, re.Pattern[str]] = {
    **{f"world-printed:{r.rule}": r.regex for r in PRINTED},
    **{f"world-label:{r.rule}:{i}": r.value for i, r in enumerate(LABELLED)},
}
