"""Tables in documents that hold credentials (round 5): HTML exports and PIN rows of key/value tables.

- **HTML tables** (wiki and Confluence exports, MarkItDown's HTML, saved web pages): the
  first row of a ``<table>`` (``<th>`` or ``<td>`` cells, any attributes, tags inside
  the cell such as ``<p>``/``<strong>``) is its header; a header cell the key-name lexicon
  scores as a secret (``Password``, ``Passwort``, ``Mot de passe``, ``Token``) or a PIN
  word marks its column, and the text of that cell in each later row is a secret.
- **PIN rows** of two-column key/value tables (Markdown ``| PIN | 2687 |``, Confluence
  ``||PUK||12345678||``, HTML ``<td>PIN</td><td>2687</td>``): a PIN, PUK, passcode, door
  or alarm code label, then 4 to 12 digits. A bare ``pin`` is only weakly a secret name
  elsewhere (GPIO pins, pinned versions); a table row that pairs it with a digit run is not.

Values that are empty, masked, references, templates or notes (``see vault``, ``changed``,
a date) stay, as everywhere (secret_values.is_template).

Imports: redaction.secret_keys, redaction.secret_values, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

#: Labels of digit codes (lower case, single spaces).
PIN_LABELS: frozenset[str] = frozenset((
    "pin", "puk", "pin code", "pincode", "pin-code", "pin nr", "pin number", "passcode", "door code", "alarm code",
    "access code", "unlock code", "sim pin", "sim puk", "puk code", "code pin", "código pin", "codice pin", "türcode",
    "tuercode", "zugangscode", "conference pin", "conf pin", "meeting passcode"))
#: Whole letter runs of which one is in every PIN label but ``access code`` (the caller's gate).
PIN_RUNS = frozenset(("pin", "puk", "pincode", "passcode", "door", "alarm", "unlock", "tuercode", "zugangscode"))
_PIN_VALUE = re.compile(r"\d{4,12}")
_MD_PIN_ROW = re.compile(r"^[ \t]{0,8}\|{1,2}[ \t]{0,8}[*_`]{0,2}(?P<k>[^|\n*_`]{2,24}?)[*_`]{0,2}[ \t]{0,8}\|{1,2}"
                         r"[ \t]{0,8}[*_`]{0,2}(?P<v>\d{4,12})[*_`]{0,2}[ \t]{0,8}\|{1,2}[ \t]{0,8}\r?$", re.M)
_TAG = re.compile(r"<[^<>\n]{0,300}>")
_CELL_OPEN = re.compile(r"<t[hd](?:[ \t\n][^<>]{0,300})?>", re.I)
_SPACE = re.compile(r"[\s\u00a0]+")
_MAX_TABLE = 200_000
_MAX_ROWS = 500


def _label(raw: str) -> str:
    return _SPACE.sub(" ", raw.replace("&nbsp;", " ")).strip(" :*").lower()


def _pin_label(name: str) -> bool:
    return name in PIN_LABELS


def _cells(low: str, s: int, e: int) -> list[tuple[int, int]]:
    """(start, end) of each cell's inner HTML in the row ``low[s:e]``."""
    out = []
    pos = s
    while True:
        m = _CELL_OPEN.search(low, pos, e)
        if m is None:
            return out
        close = low.find("</t", m.end(), e)
        close = e if close < 0 else close
        out.append((m.end(), close))
        pos = close + 3


def _text_span(text: str, s: int, e: int) -> tuple[int, int] | None:
    """The longest run of text between the tags of a cell, trimmed."""
    best = None
    pos = s
    for m in _TAG.finditer(text, s, e):
        if m.start() > pos and (best is None or m.start() - pos > best[1] - best[0]):
            best = (pos, m.start())
        pos = m.end()
    if e > pos and (best is None or e - pos > best[1] - best[0]):
        best = (pos, e)
    if best is None:
        return None
    a, b = best
    while a < b and (text[a].isspace() or text[a] == "\u00a0"):
        a += 1
    while b > a and (text[b - 1].isspace() or text[b - 1] == "\u00a0"):
        b -= 1
    if text.startswith("&nbsp;", a) or b <= a:
        return None
    return a, b


def _plain(text: str, s: int, e: int) -> str:
    return _label(_TAG.sub(" ", text[s:e]))


def _value(text: str, span: tuple[int, int] | None, pin: bool, out: list[Hit]) -> None:
    if span is None:
        return
    v = text[span[0]:span[1]]
    if pin and _PIN_VALUE.fullmatch(v) is None:
        return
    if not pin and (is_template(v) or is_reference(v, quoted=True) or not any(c.isalnum() for c in v)):
        return
    out.append(Hit(*span, "SECRET", "doc-table-cell"))


def _html_table(text: str, low: str, s: int, e: int, out: list[Hit]) -> None:
    rows = []
    pos = s
    for _ in range(_MAX_ROWS):
        r = low.find("<tr", pos, e)
        if r < 0:
            break
        r_end = low.find("</tr", r, e)
        nxt = low.find("<tr", r + 3, e)
        stop = min(x for x in (r_end, nxt, e) if x >= 0)
        rows.append(_cells(low, r, stop))
        pos = stop + 3
    if not rows:
        return
    head = rows[0]
    secret: dict[int, bool] = {}
    for k, (cs, ce) in enumerate(head):
        name = _plain(text, cs, ce)
        if not name or len(name) > 40:
            continue
        if _pin_label(name):
            secret[k] = True
        elif key_score(name) >= 2:
            secret[k] = False
    for row in rows[1:] if secret else ():
        for k, pin in secret.items():
            if k < len(row):
                _value(text, _text_span(text, *row[k]), pin, out)
    for row in rows:  # two-cell PIN rows: <td>PIN</td><td>2687</td>
        if len(row) == 2 and _pin_label(_plain(text, *row[0])):
            _value(text, _text_span(text, *row[1]), True, out)


def find_doc_tables(text: str, low: str, out: list[Hit], pins: bool) -> None:
    """Secret columns of HTML tables and, when ``pins`` (a PIN word is a whole letter run and the text holds a
    bar), PIN rows of key/value tables."""
    if "<tr" in low and "</t" in low:
        i = low.find("<table")
        if i < 0 and "<tr" in low:
            _html_table(text, low, 0, len(low), out)
        while i >= 0:
            j = low.find("</table", i)
            j = min(len(low), i + _MAX_TABLE) if j < 0 else j
            _html_table(text, low, i, j, out)
            i = low.find("<table", j)
    if pins:
        for m in _MD_PIN_ROW.finditer(text):
            if _pin_label(_label(m.group("k"))):
                out.append(Hit(*m.span("v"), "SECRET", "doc-table-cell"))
