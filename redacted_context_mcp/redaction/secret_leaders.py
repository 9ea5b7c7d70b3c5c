"""Label lines with a leader instead of a colon: ``Security answer . Rosebud``, ``PIN ..... 4471``.

Printed forms, exported PDFs and typed checklists join a label to its value with a leader of
dots (one or many), underscores, an ellipsis or middle dots where a note would write ``:``.
Rather than teach every label grammar each leader, the lines that have one (and a label with a
credential word in it) are read again in a view where the blanks and the leader before the
value read ``: ``, so every rule that knows ``label: value`` (assignments, prose cues, security
answers, spoken codes) reads them; the hits map back through each line's two offsets.

Imports: redaction.spans.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redacted_context_mcp.redaction.spans import Hit

#: A label at the start of a line (up to 60 characters), blanks, a leader, blanks, then a value.
_LINE = re.compile(
    r"^[ \t]{0,8}[^\W\d_][^\r\n.…_·:=]{0,60}?(?P<lead>[ \t]{1,4}(?:\.{1,256}|_{3,256}|…{1,64}|·{2,64}))"
    r"[ \t]{1,4}[^\s.…_·]", re.M)
#: Credential words a label must hold (lower case) for its line to be read again.
_CUES = ("pass", "word", "wort", "woord", "key", "token", "secret", "pin", "code", "answer", "phrase", "cred",
         "login", "pwd", "senha", "contrase", "hasło", "haslo", "mdp", "parol", "пароль", "clave", "puk")


#: A blank or tab before a full stop, led by the stop: ``" ." in text`` stops at every blank of the text.
_BLANK_STOP = re.compile(r"\.(?<=[ \t]\.)")


def wanted(text: str) -> bool:
    """Cheap test: a leader could be in ``text`` (an ASCII text holds no ellipsis and no middle dot)."""
    if text.isascii():
        return _BLANK_STOP.search(text) is not None or "___" in text
    return " ." in text or "___" in text or "…" in text or "··" in text or "\t." in text


def find_leader_lines(text: str, out: list[Hit], find: Callable[[str, str], list[Hit]]) -> None:
    """Hits of ``find`` (the whole secret stage) on the leader lines of ``text`` read as ``label: value``."""
    pieces: list[str] = []
    lines: list[tuple[int, int, int, int, int]] = []  # view start, text start, view value, text value, text end
    pos = 0
    for m in _LINE.finditer(text):
        ls = m.start()
        label = text[ls:m.start("lead")].lower()
        if not any(c in label for c in _CUES):
            continue
        le = text.find("\n", ls)
        le = len(text) if le < 0 else le
        ld, vs = m.start("lead"), m.end() - 1
        line = text[ls:ld] + ": " + text[vs:le]
        lines.append((pos, ls, pos + ld - ls + 2, vs, le))
        pieces.append(line)
        pos += len(line) + 1
    if not pieces:
        return
    view = "\n".join(pieces)
    for h in find(view, view.lower()):
        i = _line_of(lines, h.start)
        v0, t0, vv, tv, te = lines[i]
        s = h.start - v0 + t0 if h.start < vv else h.start - vv + tv
        e = h.end - v0 + t0 if h.end <= vv else h.end - vv + tv
        out.append(Hit(s, min(e, te), h.category, h.rule))


def _line_of(lines: list[tuple[int, int, int, int, int]], vp: int) -> int:
    lo, hi = 0, len(lines) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if lines[mid][0] <= vp:
            lo = mid
        else:
            hi = mid - 1
    return lo
