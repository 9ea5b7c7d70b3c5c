"""A minimal TOML editor: find tables and keys, append to arrays, add entries and tables.

Only the edited spans change, so comments, key order, formatting and unrelated
tables survive byte for byte; a document with no edits is returned unchanged.
The scanner understands headers (``[t]``, ``[[t]]``), dotted and quoted keys,
every string form, and multi-line arrays and inline tables with comments; it
does not evaluate values (``tomllib`` does that).

Imports: nothing from the package.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass

_BARE = re.compile(r"[A-Za-z0-9_-]{1,256}")
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.){0,4096}"')
_LITERAL = re.compile(r"'[^'\n]{0,4096}'")
_BLANK = " \t"


class TomlEditError(Exception):
    """The document has a shape this editor does not edit; fixed message."""

    def __init__(self, message: str = "the TOML file has a layout discover-update cannot edit.") -> None:
        super().__init__(message)


@dataclass(frozen=True)
class Header:
    table: tuple[str, ...]
    start: int
    end: int  # after the header line's newline
    is_array: bool


@dataclass(frozen=True)
class Entry:
    table: tuple[str, ...]  # the header's table plus the key's dotted prefix
    key: str
    start: int  # line start
    value_start: int
    value_end: int
    end: int  # after the line's newline (or end of text)


def _decode_key(token: str) -> str:
    if token[0] in "\"'":
        try:
            return next(iter(tomllib.loads(f"{token} = 0")))
        except tomllib.TOMLDecodeError:
            raise TomlEditError() from None
    return token


def _parse_key(text: str, pos: int) -> tuple[list[str], int]:
    parts = []
    while True:
        while pos < len(text) and text[pos] in _BLANK:
            pos += 1
        m = (_BASIC if text.startswith('"', pos) else _LITERAL if text.startswith("'", pos) else _BARE).match(text, pos)
        if m is None:
            raise TomlEditError()
        parts.append(_decode_key(m.group()))
        pos = m.end()
        while pos < len(text) and text[pos] in _BLANK:
            pos += 1
        if not text.startswith(".", pos):
            return parts, pos
        pos += 1


def _skip_string(text: str, pos: int) -> int:
    """Position after the string starting at ``pos``."""
    for q in ('"""', "'''", '"', "'"):
        if text.startswith(q, pos):
            break
    i = pos + len(q)
    while True:
        j = text.find(q[0], i)
        if j < 0 or (len(q) == 1 and "\n" in text[i:j]):
            raise TomlEditError()
        if q[0] == '"':
            k = j - 1
            while k >= i and text[k] == "\\":
                k -= 1
            if (j - 1 - k) % 2:
                i = j + 1
                continue
        if text.startswith(q, j):
            end = j + len(q)
            while len(q) == 3 and text.startswith(q[0], end) and end - j < 5:
                end += 1  # up to two quotes may close a multi-line string
            return end
        i = j + 1


def scan_value(text: str, pos: int) -> tuple[int, int]:
    """(end of the value, position of its last significant character + 1); stops at the line end at depth 0."""
    depth, last, n = 0, pos, len(text)
    while pos < n:
        c = text[pos]
        if c in "\"'":
            pos = _skip_string(text, pos)
            last = pos
            continue
        if c == "#":
            nl = text.find("\n", pos)
            pos = n if nl < 0 else nl
            continue
        if c == "\n" and depth == 0:
            break
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        if c not in " \t\r\n":
            last = pos + 1
        pos += 1
    if depth:
        raise TomlEditError()
    return last, last


class TomlDoc:
    """The scanned layout of one TOML text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.headers: list[Header] = []
        self.entries: list[Entry] = []
        self._scan()

    def _scan(self) -> None:
        text, pos, n = self.text, 0, len(self.text)
        table: tuple[str, ...] = ()
        if text.startswith("\ufeff"):
            pos = 1
        while pos < n:
            start = pos
            while pos < n and text[pos] in _BLANK:
                pos += 1
            if pos >= n:
                break
            c = text[pos]
            if c in "\r\n" or c == "#":
                nl = text.find("\n", pos)
                pos = n if nl < 0 else nl + 1
                continue
            if c == "[":
                is_array = text.startswith("[[", pos)
                parts, p = _parse_key(text, pos + (2 if is_array else 1))
                close = "]]" if is_array else "]"
                if not text.startswith(close, p):
                    raise TomlEditError()
                table = tuple(parts)
                nl = text.find("\n", p)
                pos = n if nl < 0 else nl + 1
                self.headers.append(Header(table, start, pos, is_array))
                continue
            parts, p = _parse_key(text, pos)
            if not text.startswith("=", p):
                raise TomlEditError()
            p += 1
            while p < n and text[p] in _BLANK:
                p += 1
            vend, _ = scan_value(text, p)
            nl = text.find("\n", vend)
            end = n if nl < 0 else nl + 1
            self.entries.append(Entry(table + tuple(parts[:-1]), parts[-1], start, p, vend, end))
            pos = end

    def find(self, table: tuple[str, ...], key: str) -> Entry | None:
        for e in self.entries:
            if e.table == table and e.key == key:
                return e
        return None

    def header(self, table: tuple[str, ...]) -> Header | None:
        for h in self.headers:
            if h.table == table and not h.is_array:
                return h
        return None

    def table_end(self, table: tuple[str, ...]) -> int | None:
        """Where a new entry of ``table`` goes: after its last entry, else after its header."""
        h = self.header(table)
        if h is None:
            return None
        section_end = min((x.start for x in self.headers if x.start > h.start), default=len(self.text))
        ends = [e.end for e in self.entries if h.start < e.start < section_end]
        return max(ends, default=h.end)

    def entries_of(self, table: tuple[str, ...]) -> list[Entry]:
        return [e for e in self.entries if e.table == table]


def toml_string(value: str) -> str:
    """A TOML basic string (JSON escapes are valid TOML; DEL must be escaped too)."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def toml_key(key: str) -> str:
    return key if _BARE.fullmatch(key) else toml_string(key)


def toml_array(values: list[str]) -> str:
    if len(values) <= 3 and sum(len(v) for v in values) < 60:
        return "[" + ", ".join(toml_string(v) for v in values) + "]"
    return "[\n" + "".join(f"    {toml_string(v)},\n" for v in values) + "]"


def _last_significant(text: str, pos: int, end: int) -> int:
    """Position after the last character in ``[pos, end)`` that is neither blank nor in a comment."""
    last = pos
    while pos < end:
        c = text[pos]
        if c in "\"'":
            pos = last = _skip_string(text, pos)
        elif c == "#":
            nl = text.find("\n", pos, end)
            pos = end if nl < 0 else nl
        else:
            if c not in " \t\r\n":
                last = pos + 1
            pos += 1
    return last


def array_append(text: str, entry: Entry, values: list[str]) -> tuple[int, int, str]:
    """An edit ``(start, end, new)`` appending ``values`` inside the array value of ``entry``."""
    vs, ve = entry.value_start, entry.value_end
    if text[vs] != "[" or text[ve - 1] != "]":
        raise TomlEditError()
    last = _last_significant(text, vs + 1, ve - 1)
    prev = text[last - 1] if last > vs + 1 else "["
    multiline = "\n" in text[vs:ve]
    if multiline:
        line_start = text.rfind("\n", vs, last) + 1 if last > vs + 1 else 0
        m = re.match(r"[ \t]{0,32}", text[line_start:]) if line_start else None
        indent = m.group() if m and m.group() else "    "
        lead = "" if prev in "[," else ","
        new = lead + "".join(f"\n{indent}{toml_string(v)}," for v in values)
    else:
        lead = "" if prev == "[" else " " if prev == "," else ", "
        new = lead + ", ".join(toml_string(v) for v in values)
    return last, last, new


def apply_edits(text: str, edits: list[tuple[int, int, str]]) -> str:
    """Apply non-overlapping edits (insertions at one point keep their given order)."""
    out = text
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        out = out[:start] + new + out[end:]
    return out


__all__ = [
    "Entry", "Header", "TomlDoc", "TomlEditError", "apply_edits", "array_append", "scan_value",
    "toml_array", "toml_key", "toml_string",
]
