"""The personal columns of SQL ``INSERT INTO t (col, ...) VALUES (...)`` statements (a dump's rows), read with
the column names of :mod:`columns` (split from it, personal round 12).

Imports: redaction.columns, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.columns import _NORM, _WEAK, COLUMNS
from redacted_context_mcp.redaction.spans import Hit

#: An SQL ``INSERT INTO t (col, ...) VALUES`` head: its column list names the values of the tuples after it.
_SQL_INSERT = re.compile(r"insert[ \t]{1,4}(?:ignore[ \t]{1,4})?into[ \t]{1,4}[\w.\"`\[\]]{1,80}[ \t]{0,4}"
                         r"\((?P<cols>[^()\n;]{1,2000})\)[ \t\r\n]{0,8}values[ \t\r\n]{0,8}", re.IGNORECASE)
# (possessive and atomic: a value is read once, never re-split on hostile input)
# a quoted value is runs of plain characters between at most 50 escapes (a run of quotes, the hostile case,
# is then given up after 100 characters, not 800)
_SQL_VALUE = re.compile(r"[ \t\r\n]{0,8}+(?:'(?P<q>(?>[^'\\\n]{0,400}+(?:(?:''|\\.)[^'\\\n]{0,400}+){0,50}))'"
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
