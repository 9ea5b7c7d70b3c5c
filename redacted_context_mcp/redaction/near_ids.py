"""National ids a few words or messages after their label, proven by their check digit (round 13).

The label rows read a value right after its label. In prose and chats the value comes later: "her SIN,
which she gave as 139 572 846", "BSN for the subsidy form: 382910473", a chat where one message asks
"preciso do NIF de todos" and the next ones answer "o meu é 239817460". Here a label of the table opens a
window (320 characters, at most four line breaks) and the first value of the label's shape on each line
of that window is an id when it passes the label's checksum: the Canadian SIN (Luhn), the Dutch BSN (11-proef), the
Portuguese NIF (mod 11), the Polish PESEL, the Turkish TC Kimlik, the Israeli teudat zehut, the Indian
Aadhaar (Verhoeff); the Portuguese Cartão de Cidadão number is read by its shape (8 digits, a check digit,
two letters and a digit). A number of that length with a wrong check digit stays (an order number, an
amount).

Imports: redaction.id_checks, redaction.spans, redaction.term_compile, redaction.textview, redaction.validators,
redaction.world_ids.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redacted_context_mcp.redaction import world_ids
from redacted_context_mcp.redaction.id_checks import il_id_ok
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.term_compile import trie_pattern
from redacted_context_mcp.redaction.textview import Words
from redacted_context_mcp.redaction.validators import luhn_ok, verhoeff_ok


def _digits(v: str) -> str:
    return "".join(c for c in v if c.isdigit())


def bsn_ok(value: str) -> bool:
    d = _digits(value)
    weights = (9, 8, 7, 6, 5, 4, 3, 2, -1)
    return len(d) == 9 and d != "000000000" and sum(int(c) * w for c, w in zip(d, weights)) % 11 == 0


def sin_ok(value: str) -> bool:
    d = _digits(value)
    return len(d) == 9 and d[0] not in "08" and luhn_ok(d)


def pt_nif_ok(value: str) -> bool:
    d = _digits(value)
    if len(d) != 9 or d[0] not in "1235689":
        return False
    c = 11 - sum(int(x) * (9 - i) for i, x in enumerate(d[:8])) % 11
    return (0 if c >= 10 else c) == int(d[8])


def pesel_ok(value: str) -> bool:
    d = _digits(value)
    if len(d) != 11:
        return False
    s = sum(int(x) * w for x, w in zip(d, (1, 3, 7, 9, 1, 3, 7, 9, 1, 3)))
    return (10 - s % 10) % 10 == int(d[10]) and 1 <= int(d[2:4]) % 20 <= 12


def tckn_ok(value: str) -> bool:
    d = [int(c) for c in _digits(value)]
    if len(d) != 11 or d[0] == 0:
        return False
    return ((sum(d[0:9:2]) * 7 - sum(d[1:8:2])) % 10 == d[9]) and sum(d[:10]) % 10 == d[10]


def aadhaar_near_ok(value: str) -> bool:
    d = _digits(value)
    return len(d) == 12 and d[0] not in "01" and verhoeff_ok(d)


_NINE = r"[0-9]{3}[ \-]?[0-9]{3}[ \-]?[0-9]{3}"
_ELEVEN = r"[0-9]{11}"
_TWELVE = r"[0-9]{4}[ \-]?[0-9]{4}[ \-]?[0-9]{4}"
_CC = r"[0-9]{8}[ ]?[0-9][ ]?[A-Z]{2}[0-9]"

#: (labels, value pattern, check): the labels are lower case and read as whole words.
_ROWS: tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...] = (
    (("sin", "social insurance number", "numéro d'assurance sociale", "numero d'assurance sociale"), _NINE, sin_ok),
    (("bsn", "burgerservicenummer", "sofinummer", "sofi-nummer"), _NINE, bsn_ok),
    (("nif", "contribuinte", "número fiscal", "numero fiscal", "número de contribuinte"), _NINE, pt_nif_ok),
    (("teudat zehut", "teudat zehout", "ת.ז", "ת\"ז", "תעודת זהות", "מספר זהות"), r"[0-9]{9}", il_id_ok),
    (("pesel",), _ELEVEN, pesel_ok),
    (("tc kimlik", "t.c. kimlik", "kimlik no", "kimlik numarası", "kimlik numarasi", "tckn"), _ELEVEN, tckn_ok),
    (("aadhaar", "aadhar", "uidai"), _TWELVE, aadhaar_near_ok),
    (("cartão de cidadão", "cartao de cidadao", "cartão do cidadão"), _CC, lambda v: True),
)
#: The rows of this module, then more countries' (``world_ids``: personnummer, NIR, СНИЛС, CURP...).
_OWN_ROWS = len(_ROWS)
_ROWS = _ROWS + world_ids.NEAR_ROWS
_LABEL_OF: dict[str, int] = {}
for _i, (_labels, _, _) in enumerate(_ROWS):
    for _lb in _labels:
        _LABEL_OF.setdefault(_lb, _i)
#: Labels of scripts without spaces between words (``マイナンバーも``, ``身分證字號：``) need no word boundary.
_CJK_LABEL = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]")


def _trie(labels) -> str:
    """One trie regex of ``labels`` (a flat alternation of some 200 labels tests each one at every character);
    a blank in a label matches a blank only (``trie_pattern`` reads it as any separator)."""
    return trie_pattern(sorted(lb.replace(" ", "\x00") for lb in labels)).replace(re.escape("\x00"), " ")


_LABEL = re.compile(r"(?<![\w])(?:" + _trie(lb for lb in _LABEL_OF if not _CJK_LABEL.search(lb)) + r")(?![\w])|(?:"
                    + _trie(lb for lb in _LABEL_OF if _CJK_LABEL.search(lb)) + ")")
_VALUES = [re.compile(r"(?<![\w.,\-+])(?:" + pattern + r")(?![\w\-]|[.,][0-9])") for _, pattern, _ in _ROWS]
#: The longest letter run of each ASCII label: an ASCII text holding none of them holds no label.
_FIRST_WORDS = frozenset(max(re.findall("[a-z]+", lb), key=len) for lb in _LABEL_OF if lb.isascii())
_PHONE_HEAD = re.compile(r"\+[0-9]{1,4}[ \-]?\Z|\([0-9]{1,4}\)[ \-]?\Z")
_MORE_DIGITS = re.compile(r"[ \-][0-9]")  # a longer number goes on after the candidate
_UPPER_ONLY = frozenset(("sin",))
_WINDOW = 320
_MAX_BREAKS = 4


def find_near_ids(text: str, low: str, words: Words | None = None) -> list[Hit]:
    """NATIONAL_ID hits for checksummed values in the window after a label of :data:`_ROWS`."""
    if words is not None and low.isascii() and words.set.isdisjoint(_FIRST_WORDS):
        return []
    hits: list[Hit] = []
    done: dict[int, int] = {}  # per row: the end of its last value (another kind's value does not hide it)
    for m in _LABEL.finditer(low):
        row = _LABEL_OF.get(m.group())
        if row is None or (m.group() in _UPPER_ONLY and not text[m.start():m.end()].isupper()):
            continue  # "sin" is Spanish for "without": the SIN label is written in capitals
        start = max(m.end(), done.get(row, -1))
        end = min(len(text), m.end() + _WINDOW)
        nl = m.end()
        for _ in range(_MAX_BREAKS + 1):
            nl = text.find("\n", nl + 1, end)
            if nl < 0:
                break
        if nl >= 0:
            end = nl
        check, rx = _ROWS[row][2], _VALUES[row]
        pos = start
        while pos < end:  # the first value of the shape on each line of the window, if its check holds
            line_end = text.find("\n", pos, end)
            line_end = end if line_end < 0 else line_end
            v = rx.search(text, pos, line_end)
            while v is not None and (_PHONE_HEAD.search(text, max(0, v.start() - 6), v.start()) is not None
                                     or _MORE_DIGITS.match(text, v.end()) is not None):
                v = rx.search(text, v.end(), line_end)  # the digits of a phone number (+351 936 112 480)
            if v is not None and check(v.group()):
                hits.append(Hit(*v.span(), "NATIONAL_ID",
                                "id-near-label" if row < _OWN_ROWS else "world-id-near-label"))
                done[row] = v.end()
            pos = line_end + 1
    return hits


RULES: tuple[tuple[str, str, str, str], ...] = (
    ("id-near-label", "NATIONAL_ID", "default",
     "SIN, BSN, NIF, PESEL, TC Kimlik, teudat zehut, Aadhaar proven by their check digit a few words or chat "
     "messages after their label; the Cartão de Cidadão number by its shape"),
)
