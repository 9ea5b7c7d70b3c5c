"""Personal and financial identifiers of the default profile.

Two kinds of rule, each one declarative table:

- *shapes* that are specific on their own: IBAN (country length, mod-97), VAT
  ids (country formats), Aadhaar grouped 4-4-4 (Verhoeff), Chinese resident
  ids (ISO 7064 mod 11-2 and a birth date), Spanish DNI/NIE (mod-23 letter),
  UK NINO (allowed prefixes), US ITIN (group ranges), Indian PAN and GSTIN,
  AWS account ids inside ARNs, crypto wallets (Base58Check, Bech32, 0x + 40 hex);
- *labelled values*: one trie of labels in several languages (``DOB``,
  ``Geburtsdatum``, ``fecha de nacimiento``, ``né le``, ``passport no``,
  ``Kontonummer``, ``routing number``, ``NINO``...) followed by the value the
  label announces. A label makes the value sensitive whatever its checksum
  (a mistyped id is still someone's id); shapes alone need their checksum.

Near misses stay readable: dates without a birth label, order and invoice
numbers, version strings, hashes without ``0x``.

Imports: redaction.id_rows, redaction.spans, redaction.terms, redaction.textview, redaction.validators,
redaction.world_ids.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from redacted_context_mcp.redaction import world_ids
from redacted_context_mcp.redaction.id_rows import LABEL_WORDS, LABELLED, Labelled  # noqa: F401  (LABEL_WORDS: engine)
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import ascii_classes, collapse, term_key, trie_pattern
from redacted_context_mcp.redaction.textview import Words, letter_words, parts
from redacted_context_mcp.redaction.validators import (
    aadhaar_ok,
    base58check_ok,
    bech32_ok,
    cn_resident_id_ok,
    cnpj_ok,
    cpf_ok,
    dni_ok,
    ean13_ok,
    iban_ok,
    itin_ok,
    nino_ok,
)

_NA = r"(?![A-Za-z0-9])"


def _always(_: str) -> bool:
    return True


class Shape(NamedTuple):
    rule: str
    category: str
    regex: re.Pattern[str]
    valid: Callable[[str], bool]
    min_digits: int  # a run of this many grouped digits must be in the text (cheap prefilter)


_VAT = (
    r"DE ?[0-9]{9}|ATU ?[0-9]{8}|FR ?[0-9A-HJ-NP-Z]{2} ?[0-9]{9}|GB ?[0-9]{9}(?:[0-9]{3})?"
    r"|ES ?[0-9A-Z][0-9]{7}[0-9A-Z]|IT ?[0-9]{11}|NL ?[0-9]{9}B[0-9]{2}|BE ?[01][0-9]{9}|PL ?[0-9]{10}"
    r"|IE ?[0-9]{7}[A-W][A-IW]?|PT ?[0-9]{9}|SE ?[0-9]{12}|DK ?[0-9]{8}|FI ?[0-9]{8}|LU ?[0-9]{8}"
    r"|CHE-?[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}|EL ?[0-9]{9}|CZ ?[0-9]{8,10}|HU ?[0-9]{8}|RO ?[0-9]{6,10}"
    r"|SK ?[0-9]{10}|SI ?[0-9]{8}|HR ?[0-9]{11}|BG ?[0-9]{9,10}|LT ?[0-9]{9,12}|LV ?[0-9]{11}"
    r"|EE ?[0-9]{9}|CY ?[0-9]{8}[A-Z]|MT ?[0-9]{8}"
)

#: Shapes specific enough without a label (each validated).
SHAPES: tuple[Shape, ...] = (
    Shape("iban", "IBAN", re.compile(
        r"[A-Z](?<![A-Za-z0-9][A-Z])[A-Z][0-9]{2}(?:([ \-]?)[A-Z0-9]{4}(?:\1[A-Z0-9]{4}){1,6}(?:\1[A-Z0-9]{1,3})?"
        r"|[A-Z0-9]{4}(?:[ ]?[A-Z0-9]{4}){1,6}(?:[ ]?[A-Z0-9]{1,3})?)" + _NA), iban_ok, 8),
    Shape("vat-id", "VAT_ID", re.compile(r"[A-Z](?<![A-Za-z0-9].)(?:" + "|".join(
        f"(?<={p[0]}){p[1:]}" for p in _VAT.split("|")) + ")" + _NA), _always, 6),
    # Found from the fixed "Z" at position 14 (a literal-led scan), then checked backwards.
    Shape("gstin", "VAT_ID", re.compile(r"Z(?<=[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z)[0-9A-Z]" + _NA), _always, 4),
    Shape("aadhaar", "NATIONAL_ID", re.compile(r"[2-9](?<![0-9A-Za-z\-.][2-9])[0-9]{3}([ \-])[0-9]{4}\1[0-9]{4}"
                                               r"(?![0-9A-Za-z]|[ \-.][0-9])"), aadhaar_ok, 12),
    Shape("cn-resident-id", "NATIONAL_ID", re.compile(r"[1-9](?<![A-Za-z0-9][1-9])[0-9]{16}[0-9Xx]" + _NA),
          cn_resident_id_ok, 17),
    Shape("es-dni", "NATIONAL_ID", re.compile(r"[0-9](?<![A-Za-z0-9\-][0-9])[0-9]{7}-?[A-Z]" + _NA), dni_ok, 8),
    Shape("es-nie", "NATIONAL_ID", re.compile(r"[XYZ](?<![A-Za-z0-9][XYZ])-?[0-9]{7}-?[A-Z]" + _NA), dni_ok, 7),
    Shape("uk-nino", "NATIONAL_ID", re.compile(
        r"[A-Z](?<![A-Za-z0-9][A-Z])[A-Z] ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D]" + _NA), nino_ok, 6),
    Shape("us-itin", "NATIONAL_ID", re.compile(r"9(?<![0-9\-]9)[0-9]{2}-[0-9]{2}-[0-9]{4}(?![0-9]|-[0-9])"),
          itin_ok, 9),
    # A person's PAN (holder type P), found from that literal "P".
    Shape("in-pan", "NATIONAL_ID", re.compile(r"P(?<=[A-Z]{3}P)[A-Z][0-9]{4}[A-Z]" + _NA), _always, 4),
    Shape("aws-account-id", "ACCOUNT_ID", re.compile(
        r"arn:aws[a-z\-]{0,12}:[a-z0-9\-]{1,40}:[a-z0-9\-]{0,30}:(?P<v>[0-9]{12}):"), _always, 12),
    Shape("wallet-base58", "WALLET", re.compile(r"[13](?<![A-Za-z0-9][13])[a-km-zA-HJ-NP-Z1-9]{25,34}" + _NA),
          base58check_ok, 1),
    # Found from its "1" (a literal-led scan), the prefix checked backwards (the character before the
    # "1" first: most are digits or spaces); the value starts at the prefix, three characters before
    # the "1" when group "c" (the "l" of "ltc") is set, else two.
    Shape("wallet-bech32", "WALLET", re.compile(
        r"1(?<=[bc]1)(?:(?<=bc1)|(?<=tb1)|(?<=(?P<c>l)tc1))[02-9ac-hj-np-z]{11,87}" + _NA), bech32_ok, 1),
    # Brazilian CPF and CNPJ in their printed grouping, each with its two mod-11 check digits; found
    # from their "-" and "/" (literal-led scans), the digits before checked backwards.
    Shape("br-cpf", "NATIONAL_ID", re.compile(r"-(?<=[0-9]{3}\.[0-9]{3}\.[0-9]{3}-)[0-9]{2}(?![0-9])"),
          cpf_ok, 9),
    Shape("br-cnpj", "VAT_ID", re.compile(r"/(?<=[0-9]{2}\.[0-9]{3}\.[0-9]{3}/)[0-9]{4}-[0-9]{2}(?![0-9])"),
          cnpj_ok, 8),
    Shape("wallet-hex", "WALLET", re.compile(r"0(?<![A-Za-z0-9]0)x[0-9a-fA-F]{40}" + _NA), _always, 1),
    # A Korean resident registration number (yymmdd-Sxxxxxx) in Korean text: found from its "-" (a
    # literal-led scan), the birth date checked backwards; numbers issued since 2020 carry no check digit
    Shape("kr-rrn-shape", "NATIONAL_ID", re.compile(
        r"-(?<=[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])-)[1-8][0-9]{6}(?![0-9]|-[0-9])"), _always, 7),
    # Swiss AHV/AVS social security number as printed (756.dddd.dddd.dd, EAN-13 check digit)
    Shape("ch-ahv", "NATIONAL_ID", re.compile(r"7(?<![0-9A-Za-z.]7)56\.[0-9]{4}\.[0-9]{4}\.[0-9]{2}(?![0-9]|\.[0-9])"),
          ean13_ok, 12),
)

# Shapes are found in three passes: a cheap finder for letter-led shapes, one for digit-led shapes
# (each finder hit is tried against its rows), and the remaining rows, each behind a literal hint.
_LETTER_LED = frozenset({"iban", "vat-id", "uk-nino", "es-nie"})
_DIGIT_LED = frozenset({"aadhaar", "cn-resident-id", "es-dni"})
# literal-led rows: the value starts this many characters before the match
_BACK = {"gstin": 14, "in-pan": 3, "br-cpf": 11, "br-cnpj": 10, "kr-rrn-shape": 6}
# What every letter-led row holds on ``ascii_classes`` (checked row by row: two capitals, then a
# digit after at most one space or hyphen, or "FR A1"/"ES A1234567" with a space and a capital;
# es-nie, one capital X, Y or Z, holds seven digits in a row): cheap tests that skip the finder in
# most texts.
_LETTER_GATE_CLS = re.compile(rb"AA(?:[ \-]?d| Ad)")
_NIE_GATE_CLS = b"d" * 7
#: What a row's match is on ``ascii_classes`` (both hold three letters, P, a letter, 4 digits, a letter):
#: one bytes search that skips both scans in most texts. Each holds the letter gate too.
_CLS_NEEDLE = {"gstin": b"AAAAAddddA", "in-pan": b"AAAAAddddA", "br-cpf": b"ddd.ddd.ddd-dd",
               "br-cnpj": b"dd.ddd.ddd/dddd-dd", "ch-ahv": b"ddd.dddd.dddd.dd"}
_BECH32 = next(r.regex for r in SHAPES if r.rule == "wallet-bech32")
_NIE = next(r for r in SHAPES if r.rule == "es-nie")
_LETTER_FINDER = re.compile(r"[A-Z](?<![A-Za-z0-9].)[A-Z]{0,4}(?:[ \-]?[0-9]{2}|[0-9A-Z]{2}[ ]?[0-9]{3})")
_DIGIT_FINDER = re.compile(r"[0-9](?<![A-Za-z0-9].)(?:[0-9]{7}|[0-9]{3}[ \-][0-9]{4}|[0-9][A-Z]{5})")
# The same finders over ``ascii_classes(text)`` (ASCII text only): a literal-led scan skips most
# characters in C, where the class-led finders above test every character.
_LETTER_FINDER_CLS = re.compile(rb"A(?<![aAd].)A{0,4}(?:[ \-]?dd|[dA]{2} ?ddd)")
# Every digit-led row holds 8 digits or 4 + a separator + 4 from its start: four digits lead the
# scan (a four-character literal prefix skips most digit runs; two digits matched every number).
_DIGIT_FINDER_CLS = re.compile(rb"dddd(?<![aAd]....)(?:dddd|[ \-]dddd)")
_HINTS = {"kr-rrn-shape": ("-",), "aws-account-id": ("arn:aws",), "us-itin": ("-",),
          "gstin": ("Z",), "br-cpf": ("-",), "br-cnpj": ("/",)}
#: The longest a-z run of each hint (folded), for rules whose every hint has one: a hint occurs in
#: the text only where its runs occur in the letter-run view.
_HINT_RUNS = {rule: tuple(max(parts(h.lower()), key=len) for h in hints) for rule, hints in _HINTS.items()
              if all(parts(h.lower()) for h in hints)}
# "0x": the digit ends a letter run, so a run of the view starts with "x" (the row's own scan, led by
# a literal, costs less than a two-character search of the text).
_HINT_RUNS["wallet-hex"] = (" x",)
#: Base58 addresses have no literal to anchor on: they are looked for near a crypto word.
_BASE58_CONTEXT = ("btc", "wallet", "coin", "crypto")
#: Whether one of them is in the letter-run view: "wallet" and one scan led by the "c" of the others.
_BASE58_C = re.compile(r"c(?:(?<=btc)|oin|rypto)")


# (br-cpf's prefilter is 9 digits, an existing level, though its run has 11: each level is one more
# bytes search of every text with digits in digit_levels.)
#: A formatted CPF or CNPJ is looked for only in a text with a Portuguese (Brazilian) word of this set
#: among its letter runs: their needle searches cost about 0.3 ms/MB each in every text with digits.
_BR_CONTEXT = frozenset(
    "cpf cnpj ltda cliente clientes nome rua brasil cadastro fornecedor fornecedores telefone endereco pagamento "
    "contribuinte titular pessoa fisica juridica nascimento documento valor nota fiscal pix cidade estado "
    "funcionario funcionarios empresa razao social conta banco agencia".split())


_BR_ROWS = frozenset({"br-cpf", "br-cnpj"})
_HANGUL = re.compile("[\uac00-\ud7a3]")


def _base58_context(joined: str) -> bool:
    return "wallet" in joined or _BASE58_C.search(joined) is not None

#: Letter runs of the labels whose value may hold no digit (a BIC: ``SWIFT: BNPAFRPPXXX``): the engine runs
#: :func:`find_labelled` on a text without digits only when one of them is there.
LETTER_LABEL_RUNS: frozenset[str] = frozenset({"bic", "swift"})

#: The labelled rows of ``id_rows``, then more countries' (``world_ids``: MBI, driver's licence, EHIC, RUN...).
LABELLED = LABELLED + world_ids.LABELLED
LABEL_WORDS = LABEL_WORDS | frozenset(
    w for row in world_ids.LABELLED for label in row.labels for w in re.split(r"[^a-zà-ÿ]+", label.casefold())
    if len(w) >= 4)

_BY_LABEL: dict[str, list[Labelled]] = {}
for _row in LABELLED:
    for _label in _row.labels:
        _BY_LABEL.setdefault(term_key(_label), []).append(_row)
# Separators inside a label ("date of birth", "date_of_birth") are interchangeable, as in terms.
_LABEL_RE = re.compile("(?:" + trie_pattern(sorted(_BY_LABEL)) + r")(?![a-z0-9])")
# Consuming the boundary character lets the scan skip letters and digits (see terms.TermMatcher).
_LABEL_SCAN = re.compile("[^a-z0-9](" + trie_pattern(sorted(_BY_LABEL)) + r")(?![a-z0-9])")
_WORDY = re.compile(r"[a-z]{2,20}")
_TOKEN_SPLIT = re.compile(r"([ \-/.])")


def _trim_tokens(low: str, s: int, e: int) -> int:
    """End of a token value before the first word of 2+ letters after its first token ("12345678z on")."""
    seg = low[s:e]
    parts = _TOKEN_SPLIT.split(seg)
    keep = len(parts[0])
    for i in range(2, len(parts), 2):
        tok = parts[i]
        if _WORDY.fullmatch(tok):
            break
        keep += len(parts[i - 1]) + len(tok)
    return s + keep


#: Every ASCII label by its letter runs: in ASCII text, each run of a label that matches is a whole
#: run of letters of the text (the label starts after a non-letter, its runs end at separators,
#: literal non-letters or its non-alphanumeric lookahead).
#: A label's characters other than a-z and its separators are literals of its regex, and each piece
#: between two separators is matched as it is: each piece holding such a literal must be in the text
#: too ("a/c" is ruled out by "a/c" where its runs "a" and "c" and its "/" are all there).
_LABEL_PARTS: dict[str, list[tuple[str, tuple[str, ...], tuple[str, ...]]]] = {}  # first run -> (label, runs, literals)
for _label in sorted(_BY_LABEL):
    if _label.isascii():
        _runs = parts(_label)
        _lits = tuple(sorted({p for p in _label.split(" ") if any(not "a" <= c <= "z" for c in p)}))
        _LABEL_PARTS.setdefault(_runs[0], []).append((_label, _runs, _lits))
_LABEL_FIRST = frozenset(_LABEL_PARTS)


#: Beyond this many candidate labels the full regexes run (same matches, no compile per new subset).
_MAX_SUBSET = 12


def _label_scans(labels: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str], bool]:
    """The label regexes restricted to ``labels`` (:func:`_label_head`, then :func:`_label_scan`)."""
    return (_label_head(labels), *_label_scan(labels))


@lru_cache(maxsize=256)
def _label_head(labels: frozenset[str]) -> re.Pattern[str]:
    """The label regex restricted to ``labels``, matched at offset 0 only: compiled only for a text that
    starts with the first character of one of them (a label's pattern starts with that literal)."""
    return re.compile("(?:" + trie_pattern(sorted(labels)) + r")(?![a-z0-9])")


@lru_cache(maxsize=256)
def _label_scan(labels: frozenset[str]) -> tuple[re.Pattern[str], bool]:
    """The label scan restricted to ``labels``: the same matches wherever only those can match.

    When every label starts with the same letter, the scan is led by that letter (the boundary
    before it a lookbehind, True is returned): a literal-led scan skips to that letter, where a scan
    led by the boundary class tests every character. Run from offset 1 (offset 0 is the head
    match's), it finds the labels the boundary-consuming scan finds in ASCII text: a label is
    followed by a non-alphanumeric character, so the next one cannot start right after it."""
    firsts = {lb[0] for lb in labels}
    if len(firsts) == 1 and "a" <= (c := min(firsts)) <= "z" and all(len(lb) > 1 for lb in labels):
        rest = trie_pattern(sorted(lb[1:] for lb in labels))
        return re.compile(c + "(?<![a-z0-9]" + c + ")(?:" + rest + r")(?![a-z0-9])"), True
    return re.compile("[^a-z0-9](" + trie_pattern(sorted(labels)) + r")(?![a-z0-9])"), False


_AZ09 = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _literal_label(low: str, label: str) -> list[tuple[str, int]] | None:
    """What :func:`_label_scans` of ``{label}`` finds in the ASCII text ``low`` (the head match and the
    led scan from offset 1), found with ``str.find``; None for a label with a separator (its regex
    matches several spellings) or one the led scan does not serve."""
    if " " in label or len(label) < 2 or not "a" <= label[0] <= "z":
        return None
    n, size = len(low), len(label)
    out = []
    if low.startswith(label) and (size == n or low[size] not in _AZ09):
        out.append((label, size))
    i = low.find(label, 1)
    while i >= 0:
        e = i + size
        if low[i - 1] not in _AZ09 and (e == n or low[e] not in _AZ09):
            out.append((label, e))
            i = low.find(label, e)
        else:
            i = low.find(label, i + 1)
    return out


#: A sentence end inside a labelled address: a full stop after a number, a word of four letters or more or an
#: upper-case town (``CABA.``), then a capitalised word of three letters or more (not ``Av. Corrientes``,
#: ``Int. 3``, ``C.P. 06700``, ``Str. 19b``), round 13.
_SENTENCE_END = re.compile(r"(?:(?<=[0-9])|(?<=[^\W\d_]{4})|(?<=[A-Z]{2}))"
                           # (not after a street abbreviation of Cyrillic or Greek addresses: ``просп. Свободи``)
                           r"(?<!просп)(?<!пров)(?<!бульв)(?<!шосе)(?<!шоссе)(?<!Λεωφ)(?<!λεωφ)\.[ \t]{1,3}"
                           r"(?=[A-ZÀ-ÞА-ЯЁΑ-Ω][a-zß-ÿа-яёα-ω]{2,}[ \t,.:])")  # (Cyrillic and Greek: round 14)


#: Id labels that are everyday words of other languages (Polish ``dni`` days, ``nie`` not, Portuguese ``nas``,
#: Spanish ``sin`` without): a value of the generic id row that opens with a letter word is no id after them.
_WORD_LABELS = frozenset(("dni", "nie", "nas", "sin"))
_LETTER_TOKEN = re.compile(r"[^\W\d_]{2,30}(?![\w])")


def find_labelled(text: str, low: str, words: Words | None = None) -> list[Hit]:
    """Values right after an identifier label (any language in the table); ``words``:
    ``textview.letter_words(low)`` when the caller has it."""
    hits: list[Hit] = []
    head_re: re.Pattern[str] | None = _LABEL_RE
    scan, led = _LABEL_SCAN, False
    found: list[tuple[str, int]] | None = None  # (label, end) of each label found
    if words is not None and low.isascii():
        # only labels whose every letter run is a word of the text and every literal in the text can
        # match (restricting the trie to them changes no match), and usually none is there
        have = words.set
        labels = frozenset(lb for first in _LABEL_FIRST.intersection(have) for lb, ps, lits in _LABEL_PARTS[first]
                           if all(p in have for p in ps) and all(c in low for c in lits))
        if not labels:
            return hits
        if len(labels) == 1 and (found := _literal_label(low, min(labels))) is not None:
            pass  # no regex to compile for one label without separators (usually a new subset)
        elif len(labels) <= _MAX_SUBSET:
            scan, led = _label_scan(labels)
            # a label's pattern starts with its first character: no head regex to compile (one per
            # new subset) for a text that starts with none of them
            head_re = _label_head(labels) if any(lb[0] == low[:1] for lb in labels) else None
    if found is None:
        head = head_re.match(low) if head_re is not None else None
        found = [(head.group(), head.end())] if head else []
        if led:
            found += [(m.group(), m.end()) for m in scan.finditer(low, 1)]
        else:
            found += [(m.group(1), m.end()) for m in scan.finditer(low) if not low[m.start()].isalnum()]
    for label, end in found:
        rows = _BY_LABEL.get(label)
        if rows is None:
            rows = _BY_LABEL.get(collapse(label), ())
        for row in rows:
            vm = row.value.match(low, end, end + 80)
            if vm is None:
                continue
            vs, ve = vm.span("v")
            if row.rule == "postal-address" and (cut := _SENTENCE_END.search(text, vs, ve)) is not None:
                ve = cut.start()  # "..., CABA. Tel fijo (011) ...": the address ends with its sentence
            if row.rule == "national-id":
                ve = _trim_tokens(low, vs, ve)
                if label in _WORD_LABELS and _LETTER_TOKEN.match(low, vs, ve) is not None:
                    continue  # Polish "dni, kwota 1 250" (days), "nie ma 2 000" (not): a word, not the id
            if row.valid(low[vs:ve]):
                hits.append(Hit(vs, ve, row.category, row.rule))
                break
    return hits


def _try_rows(text: str, finder: re.Pattern, subject: str | bytes, rows: list[Shape], hits: list[Hit]) -> None:
    for fm in finder.finditer(subject):
        s = fm.start()
        for row in rows:
            m = row.regex.match(text, s)
            if m is not None and row.valid(m.group()):
                hits.append(Hit(s, m.end(), row.category, row.rule))
                break


#: The distinct digit-run prefilters of SHAPES (``min_digits`` above 1), shortest first.
_LEVELS: tuple[int, ...] = tuple(sorted({row.min_digits for row in SHAPES if row.min_digits > 1}))
_LEVEL_RUNS: tuple[bytes, ...] = tuple(b"d" * n for n in _LEVELS)


_Own = tuple[Shape, tuple[str, ...] | None, tuple[str, ...] | None, int, bool, bytes | None]


def _plan(passed: int) -> tuple[list[Shape], list[Shape], tuple[_Own, ...]]:
    """Letter-led rows, digit-led rows and the rows with their own scan (hint runs, hints, back,
    value group, class needle), in SHAPES order, of a text whose longest grouped digit run passes
    ``passed`` levels."""
    limit = _LEVELS[passed - 1] if passed else 1
    rows = [row for row in SHAPES if row.min_digits <= max(1, limit)]
    return ([r for r in rows if r.rule in _LETTER_LED], [r for r in rows if r.rule in _DIGIT_LED],
            tuple((r, _HINT_RUNS.get(r.rule), _HINTS.get(r.rule), _BACK.get(r.rule, 0), "v" in r.regex.groupindex,
                   _CLS_NEEDLE.get(r.rule)) for r in rows if r.rule not in _LETTER_LED and r.rule not in _DIGIT_LED))


#: :func:`_plan` by the number of levels passed (looked up once per text).
_PLANS = tuple(_plan(k) for k in range(len(_LEVELS) + 1))


def digit_levels(shape: bytes) -> int:
    """How many of the digit-run levels ``shape`` (``identifiers.digit_shape``) holds a run of
    (a binary search: the runs are nested); :func:`holds_run` answers other stages from it."""
    lo, hi = 0, len(_LEVELS)
    while lo < hi:
        mid = (lo + hi) // 2
        if _LEVEL_RUNS[mid] in shape:
            lo = mid + 1
        else:
            hi = mid
    return lo


def holds_run(shape: bytes, levels: int, n: int) -> bool:
    """``b"d" * n in shape``, answered from ``levels`` (:func:`digit_levels`) where it decides."""
    i = bisect_left(_LEVELS, n)  # the first level of n digits or more
    if levels > i:
        return True  # a run of _LEVELS[i] >= n digits
    if levels < i:
        return False  # no run of _LEVELS[levels] < n digits
    if i < len(_LEVELS) and _LEVELS[i] == n:
        return False  # level n itself failed
    return b"d" * n in shape


def find_shapes(text: str, shape: bytes, low: str = "", cls: bytes | None = b"",
                words: Words | None = None, levels: int | None = None) -> list[Hit]:
    """Identifiers recognised by their shape and checksum alone (``low``: the folded text, ``cls``:
    ``terms.ascii_classes(text)``, ``words``: ``textview.letter_words(low)``, ``levels``:
    :func:`digit_levels` of ``shape`` when the caller has them)."""
    hits: list[Hit] = []
    low = low or text.lower()
    joined = words.joined if words is not None else None  # the a-z context words, computed on demand
    letter_rows, digit_rows, own = _PLANS[digit_levels(shape) if levels is None else levels]
    found: dict[bytes, bool] = {}
    gate = None  # _LETTER_GATE_CLS found in cls: computed once, where letter rows need it anyway
    for row, hint_runs, hints, back, has_v, needle in own:
        if row.rule == "kr-rrn-shape" and (low.isascii() or _HANGUL.search(text) is None):
            continue  # looked for in Korean text only
        if row.rule in _BR_ROWS:
            if words is None:
                words = letter_words(low)
                joined = words.joined
            if _BR_CONTEXT.isdisjoint(words.set):
                continue
        if needle is not None:
            if cls == b"":
                cls = ascii_classes(text)
            if cls is not None:
                ok = found.get(needle)
                if ok is None:
                    lettered = b"AAd" in needle
                    if lettered and letter_rows and gate is None:
                        gate = _LETTER_GATE_CLS.search(cls) is not None
                    # a needle holding "AAd" is not there where the letter gate fails
                    ok = found[needle] = (not lettered or gate is not False) and needle in cls
                if not ok:
                    continue
        if hint_runs is not None and joined is not None:
            for r in hint_runs:
                if r in joined:
                    break
            else:
                continue  # no hint's longest letter run in the letter-run view: no hint in the text
        if hints is not None:
            for h in hints:
                if h in text:
                    break
            else:
                continue
        if row.rule == "wallet-base58":
            if joined is None:
                joined = letter_words(low).joined
            if not _base58_context(joined):
                continue
        for m in row.regex.finditer(text):
            if has_v:
                s, e = m.span("v")
            elif row.regex is _BECH32:
                s, e = m.start() - (3 if m.start("c") >= 0 else 2), m.end()
            else:
                s, e = m.start() - back, m.end()
                if back and s > 0 and (text[s - 1].isalnum() or text[s - 1] == "."):
                    continue
            if row.valid(text[s:e]):
                hits.append(Hit(s, e, row.category, row.rule))
    if letter_rows or digit_rows:
        if cls == b"":
            cls = ascii_classes(text)
        if letter_rows and (cls is None or (gate if gate is not None else _LETTER_GATE_CLS.search(cls) is not None)
                            or _NIE in letter_rows and ("X" in text or "Y" in text or "Z" in text)
                            and _NIE_GATE_CLS in cls):
            _try_rows(text, _LETTER_FINDER if cls is None else _LETTER_FINDER_CLS, cls or text, letter_rows, hits)
        if digit_rows:
            _try_rows(text, _DIGIT_FINDER if cls is None else _DIGIT_FINDER_CLS, cls or text, digit_rows, hits)
    return hits


#: Rule listing rows for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("iban", "IBAN", "default", "IBANs (country length and mod-97), in any case after an IBAN label"),
    ("vat-id", "VAT_ID", "default", "VAT ids by country format (DE, ATU, FR, GB, ES, IT, NL...) or after a VAT label"),
    ("gstin", "VAT_ID", "default", "Indian GST identification numbers"),
    ("aadhaar", "NATIONAL_ID", "default", "Aadhaar numbers grouped 4-4-4 (Verhoeff check digit)"),
    ("cn-resident-id", "NATIONAL_ID", "default", "Chinese resident ids (birth date, ISO 7064 mod 11-2)"),
    ("es-dni", "NATIONAL_ID", "default", "Spanish DNI (mod-23 letter)"),
    ("es-nie", "NATIONAL_ID", "default", "Spanish NIE (mod-23 letter)"),
    ("uk-nino", "NATIONAL_ID", "default", "UK National Insurance numbers (allowed prefixes, suffix A-D)"),
    ("us-itin", "NATIONAL_ID", "default", "US ITINs (9XX-GG-SSSS, valid groups)"),
    ("in-pan", "NATIONAL_ID", "default", "Indian PAN numbers"),
    ("national-id", "NATIONAL_ID", "default", "ids after a national id label (NINO, DNI, Aadhaar, Steuer-ID...)"),
    ("date-of-birth", "DOB", "default", "dates in any format after a birth label (DOB, Geburtsdatum, né le...)"),
    ("passport-number", "PASSPORT", "default", "passport numbers after a passport label"),
    ("bank-account", "BANK_ACCOUNT", "default", "bank account, sort code and routing numbers after their labels"),
    ("aba-routing", "BANK_ACCOUNT", "default", "ABA routing numbers after an ABA label (3-7-1 checksum)"),
    ("record-number", "ID", "default",
     "patient, customer, member, policy and insurance numbers after their label (Patientennummer, MRN, n° client...)"),
    ("de-kvnr", "NATIONAL_ID", "default",
     "German health insurance numbers (KVNR) and carte vitale numbers after their label"),
    ("license-plate", "ID", "default",
     "vehicle plates after Kennzeichen, licence plate, immatriculation, kenteken, targa..."),
    ("us-ein", "NATIONAL_ID", "default", "US employer identification numbers (dd-ddddddd) after EIN / FEIN"),
    ("aws-account-id", "ACCOUNT_ID", "default", "AWS account ids inside ARNs or after an account id label"),
    ("postal-address", "ADDRESS", "default",
     "postal addresses after an address label (Anschrift, Adresse, domicilio, adres...): number beside a word"),
    ("postcode", "ADDRESS", "default", "postcodes after zip/postcode/PLZ labels (DE, NL, PL, UK, US shapes)"),
    ("ca-sin", "NATIONAL_ID", "default", "Canadian SINs after SIN/NAS (3-3-3 digits)"),
    ("kr-rrn", "NATIONAL_ID", "default", "Korean resident registration numbers after RRN (6-7 digits)"),
    ("mx-rfc", "NATIONAL_ID", "default",
     "Mexican RFC after an RFC label, or without one when its date and SAT check character hold"),
    ("br-rg", "NATIONAL_ID", "default", "Brazilian RG numbers after RG"),
    ("dk-cpr", "NATIONAL_ID", "default", "Danish CPR numbers after CPR (ddmmyy-nnnn)"),
    ("fi-hetu", "NATIONAL_ID", "default",
     "Finnish HETU (ddmmyy, century sign, check character) after a hetu label or in their printed form"),
    ("no-fnr", "NATIONAL_ID", "default", "Norwegian fodselsnummer after fnr / f.nr. (11 digits)"),
    ("ch-ahv", "NATIONAL_ID", "default", "Swiss AHV/AVS numbers: 756.dddd.dddd.dd (EAN-13) or after AHV/AVS"),
    ("ie-ppsn", "NATIONAL_ID", "default", "Irish PPS numbers after PPS (7 digits and check letters)"),
    ("us-npi", "NATIONAL_ID", "default", "US National Provider Identifiers after NPI (Luhn behind 80840)"),
    ("ca-uci", "NATIONAL_ID", "default", "Canadian immigration client ids (UCI, 8 or 10 digits) after UCI"),
    ("kr-rrn-shape", "NATIONAL_ID", "default", "Korean resident registration numbers (yymmdd-Sxxxxxx) in Korean text"),
    ("br-cpf", "NATIONAL_ID", "default", "Brazilian CPF numbers (ddd.ddd.ddd-dd, two mod-11 check digits)"),
    ("br-cnpj", "VAT_ID", "default", "Brazilian CNPJ numbers (dd.ddd.ddd/dddd-dd, two mod-11 check digits)"),
    ("wallet-base58", "WALLET", "default", "Bitcoin addresses (Base58Check)"),
    ("wallet-bech32", "WALLET", "default", "SegWit addresses (Bech32 / Bech32m checksum)"),
    ("wallet-hex", "WALLET", "default", "0x-prefixed 40-hex wallet addresses"),
)

#: Every table regex by rule, so the hostile-input sweep (tests/redaction/test_linear.py) sees them.
PATTERNS: dict[str, re.Pattern[str]] = {
    **{f"shape:{r.rule}": r.regex for r in SHAPES}, **{f"label:{r.rule}": r.value for r in LABELLED},
    **world_ids.PATTERNS,
}
