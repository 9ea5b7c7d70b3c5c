"""Query results printed by database shells: a secret-named column, its values in the rows below.

- **Aligned result tables** (psql, mysql, sqlite ``.mode column``, sqlcmd,
  sqlplus): a separator line of dash runs (``----+----``, ``+----+----+``,
  ``--  -----``) under a header line. Each dash run is a column; a header cell
  that the key-name lexicon scores as a secret (``password``,
  ``password_hash``, ``api_key``, ``token``) marks its column, and the cell at
  that position in each body row is a secret. The body ends at a blank line,
  another separator line (mysql's bottom border), ``(N rows)`` or a row that
  does not fit the grid. Header cells must sit whole in their column (a
  command line above a border is not a header); the last column may run to
  the end of the row.
- **psql expanded records** (``\\x``): ``-[ RECORD 1 ]--+--`` then
  ``name | value`` rows; a secret-named row's value is a secret.
- **Unicode box tables** (sqlite ``.mode box``, DuckDB, psql's unicode line style):
  ``├──┼──┤`` separators and ``│`` cell bars, read like the dash tables.
- **redis-cli replies** (``HGETALL``, ``CONFIG GET``): a numbered item that names a
  secret field (``3) "password"``), then the next item holds its value.

Values that are empty, ``NULL``, references or templates stay (the shared cell check).

Imports: redaction.secret_dumps, redaction.secret_keys, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_dumps import BOX_VIEW as _BOX
from redacted_context_mcp.redaction.secret_dumps import cell_value
from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.spans import Hit

#: Dash runs parted by blanks or by ``+``/``|`` (each run must end before the next part: no ambiguity).
_SEP_LINE = re.compile(r"[ \t]{0,8}(?:[+|][ \t]{0,2})?-{2,400}(?:(?:[ \t]{1,4}|[ \t]{0,2}[+|][ \t]{0,2})-{2,400}){0,63}"
                       r"(?:[ \t]{0,2}[+|])?[ \t]{0,8}\r?")
_DASHES = re.compile(r"-{2,400}")
#: Box-drawing tables, mapped onto the dash grammar (one character for one, so columns keep their place).
_REDIS_ITEM = re.compile(r"[ \t]{0,8}\d{1,6}\)[ \t]{1,4}\"(?P<k>[^\"\n]{1,80})\"\r?\n[ \t]{0,8}\d{1,6}\)[ \t]{1,4}"
                         r"\"(?P<v>(?:[^\"\\\n]|\\.){1,1024})\"")
_RECORD = re.compile(r"-\[ record \d{1,9} \]-{0,400}\+?-{0,400}\r?")
_RECORD_ROW = re.compile(r"(?P<k>[^|\n]{1,80})\|(?P<v>[^\n]{0,1024})")
_EDGE = " \t|+\r"
_MAX_ROWS = 500
_NULLS = frozenset(("null", "(null)", "<null>", "[null]", "none", "nil"))


def _line(text: str, ls: int) -> tuple[int, int]:
    le = text.find("\n", ls)
    return ls, len(text) if le < 0 else le


def _edge(line: str, i: int) -> bool:
    return i <= 0 or i >= len(line) or line[i] in _EDGE


def _secret_columns(header: str, cols: list[tuple[int, int]]) -> list[int]:
    out = []
    for k, (s, e) in enumerate(cols):
        if s >= len(header) or not (_edge(header, s - 1) and _edge(header, e)):
            continue
        name = header[s:e].strip(" \t|+`*")
        if name and " " not in name and key_score(name) >= 2:
            out.append(k)
    return out


def _value(text: str, s: int, e: int, out: list[Hit]) -> None:
    while s < e and text[s] in " \t|":
        s += 1
    while e > s and text[e - 1] in " \t|\r":
        e -= 1
    if e > s and text[s:e].lower() not in _NULLS:
        cell_value(text, s, e, out)


def _aligned(text: str, sep_start: int, sep_end: int, out: list[Hit]) -> None:
    if sep_start < 2:
        return
    hs, he = _line(text, text.rfind("\n", 0, sep_start - 1) + 1)
    header = text[hs:he]
    if not header.strip() or _SEP_LINE.fullmatch(header):
        return
    sep = text[sep_start:sep_end]
    cols = [m.span() for m in _DASHES.finditer(sep)]
    secret = _secret_columns(header, cols)
    if not secret:
        return
    last = len(cols) - 1
    pos = sep_end + 1
    for _ in range(_MAX_ROWS):
        if pos >= len(text):
            return
        rs, re_ = _line(text, pos)
        row = text[rs:re_]
        body = row.strip(" \t\r")
        if not body or body.startswith("(") and "row" in body or _SEP_LINE.fullmatch(row):
            return
        for k in secret:
            s, e = cols[k]
            if s >= len(row) or not _edge(row, s - 1) or k < last and (e > len(row) or not _edge(row, e)):
                return  # the row does not fit the grid: the table has ended
            _value(text, rs + s, rs + (len(row) if k == last else e), out)
        pos = re_ + 1


def _records(text: str, low: str, out: list[Hit]) -> None:
    i = low.find("-[ record ")
    while i >= 0:
        ls, le = _line(text, i)
        if ls == i and _RECORD.fullmatch(low, ls, le):
            pos = le + 1
            for _ in range(_MAX_ROWS):
                if pos >= len(text):
                    break
                rs, re_ = _line(text, pos)
                m = _RECORD_ROW.fullmatch(text, rs, re_)
                if m is None:
                    break
                if key_score(m.group("k").strip()) >= 2:
                    _value(text, *m.span("v"), out)
                pos = re_ + 1
        i = low.find("-[ record ", le)


def _redis(text: str, out: list[Hit]) -> None:
    i = text.find(') "')
    while i >= 0:
        ls = text.rfind("\n", 0, i) + 1
        m = _REDIS_ITEM.match(text, ls)
        if m is not None and key_score(m.group("k")) >= 2:
            _value(text, *m.span("v"), out)
        i = text.find(') "', max(i + 3, m.end("k") if m is not None else 0))


def find_result_tables(text: str, low: str, out: list[Hit]) -> None:
    """Secret columns of query results printed by database shells (the caller gates on a table mark:
    ``--``, ``──``, ``|`` or ``) "``, and on a secret key word)."""
    if ') "' in text:
        _redis(text, out)
    if not text.isascii() and ("──" in text or "━━" in text or "══" in text):
        text = text.translate(_BOX)  # same length: spans found in the view are spans of the text
    i = text.find("--")
    while i >= 0:
        ls, le = _line(text, text.rfind("\n", 0, i) + 1)
        if le - ls <= 8192 and _SEP_LINE.fullmatch(text, ls, le) and text.count("-", ls, le) >= 3:
            _aligned(text, ls, le, out)
        i = text.find("--", le)
    if "-[ record " in low:
        _records(text, low, out)
