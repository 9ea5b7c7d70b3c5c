"""Line numbers for config errors: where a key, table entry or array item starts in the TOML text.

``config`` names every refusal by position (``redaction.clients item 3``,
``redaction.aliases group 2``, ``config: unknown key (entry 4)``), never by
value; :func:`locate` maps such a position to the 1-based line it starts on, so
the message can say ``line 7: redaction.clients item 3: value is empty.``. The
scan is a light, linear line scanner (table headers, ``key =`` lines, multi-line
arrays and strings skipped whole), not a second TOML parser: when it cannot tell,
it returns ``None`` and the message simply has no line.

Imports: errors.
"""

from __future__ import annotations

import re

from redacted_context_mcp.errors import Code, RedctxError

_BARE = r"[A-Za-z0-9_-]{1,128}"
_BASIC = r'"(?:[^"\\\n]|\\.){0,512}"'
_LITERAL = r"'[^'\n]{0,512}'"
_PART = rf"(?:{_BARE}|{_BASIC}|{_LITERAL})"
_PATH = rf"{_PART}(?:[ \t]{{0,8}}\.[ \t]{{0,8}}{_PART}){{0,16}}"
_HEADER = re.compile(rf"[ \t]*(\[\[?)[ \t]*({_PATH})[ \t]*\]\]?[ \t]*(?:#.*)?")
_KEY = re.compile(rf"[ \t]*({_PATH})[ \t]*=")
_PARTS = re.compile(_PART)
#: A string opener, a comment or a bracket (strings skipped whole, as ``config.toml_nesting`` does).
_TOKEN = re.compile(r"\"\"\"|'''|[\"'#\[\]{}]")
_WHERE = re.compile(r"([a-z_]+(?:\.[a-z_]+)*)(?: (item|group|entry) (\d+))?")
_UNKNOWN_ENTRY = re.compile(r"unknown key \(entry (\d+)\)")
_TOML_LINE = re.compile(r"at line (\d+)")


def _parts(path: str) -> tuple[str, ...]:
    out = []
    for m in _PARTS.finditer(path):
        p = m.group(0)
        out.append(p[1:-1] if p[:1] in "\"'" else p)
    return tuple(out)


def _scan(line: str, depth: int, in_string: str | None) -> tuple[int, str | None, int]:
    """Bracket depth, open multi-line string and the number of values started at depth 1 on ``line``."""
    pos = starts = 0
    while pos < len(line):
        if in_string:
            end = line.find(in_string, pos)
            if end < 0:
                return depth, in_string, starts
            pos, in_string = end + 3, None
            continue
        m = _TOKEN.search(line, pos)
        if m is None:
            break
        tok = m.group(0)
        if tok == "#":
            break
        if depth == 1 and tok not in "]}":
            starts += 1
        if tok in ('"""', "'''"):
            in_string, pos = tok, m.end()
        elif tok in ('"', "'"):
            end = line.find(tok, m.end()) if tok == "'" else _basic_end(line, m.end())
            pos = len(line) if end < 0 else end + 1
        else:
            depth = depth + 1 if tok in "[{" else max(0, depth - 1)
            pos = m.end()
    return depth, in_string, starts


def _basic_end(line: str, pos: int) -> int:
    while pos < len(line):
        c = line[pos]
        if c == "\\":
            pos += 2
            continue
        if c == '"':
            return pos
        pos += 1
    return -1


Entry = tuple[tuple[str, ...], int, list[int]]


def entries(text: str) -> list[Entry]:
    """``(full key path, line, item lines)`` for every table header and key line, in order.

    ``item lines`` hold, for an array value, the line each of its items starts on.
    """
    out: list[Entry] = []
    table: tuple[str, ...] = ()
    depth, in_string = 0, None
    items: list[int] = []
    for n, line in enumerate(text.splitlines(), 1):
        if in_string or depth:
            depth, in_string, starts = _scan(line, depth, in_string)
            items.extend([n] * starts)
            continue
        m = _HEADER.fullmatch(line)
        if m:
            table = _parts(m.group(2))
            out.append((table, n, []))
            continue
        m = _KEY.match(line)
        if m is None:
            continue
        items = []
        depth, in_string, starts = _scan(line[m.end():], 0, None)
        items.extend([n] * starts)
        out.append((table + _parts(m.group(1)), n, items))
    return out


def _children(found: list[Entry], table: tuple[str, ...]) -> list[tuple[str, int]]:
    """``(name, first line)`` of each distinct direct child of ``table``, in document order.

    The order is the one ``tomllib`` gives the parsed table, so entry ``n`` here is entry ``n`` there.
    """
    seen: dict[str, int] = {}
    k = len(table)
    for path, line, _ in found:
        if len(path) > k and path[:k] == table and path[k] not in seen:
            seen[path[k]] = line
    return list(seen.items())


def _nth(children: list[tuple[str, int]], n: int) -> tuple[str, int] | None:
    return children[n - 1] if 0 < n <= len(children) else None


def locate(text: str, where: str, problem: str = "") -> int | None:
    """The line a config position such as ``redaction.clients item 3`` starts on, or ``None``."""
    if where == "config" and problem.startswith("the file is not valid TOML"):
        return None
    m = _WHERE.fullmatch(where)
    if m is None:
        return None
    key, kind, num = m.group(1), m.group(2), m.group(3)
    path = () if key == "config" else tuple(key.split("."))
    found = entries(text)
    if kind in ("group", "entry"):
        child = _nth(_children(found, path), int(num or 0))
        if child is None:
            return None
        path = (*path, child[0])
        if not _UNKNOWN_ENTRY.match(problem):
            return child[1]
    unknown = _UNKNOWN_ENTRY.match(problem)
    if unknown:
        child = _nth(_children(found, path), int(unknown.group(1)))
        return child[1] if child else None
    own = [(line, items) for p, line, items in found if p == path]
    if not own:
        return None
    line, items = own[0]
    if kind == "item" and num and int(num) <= len(items):
        return items[int(num) - 1]
    return line


def toml_error_line(message: str) -> int | None:
    """The line number in a ``tomllib`` error message (the message itself is never shown)."""
    m = _TOML_LINE.search(message)
    return int(m.group(1)) if m else None


def with_line(err: RedctxError, text: str) -> RedctxError:
    """``err`` with the config line its position starts on (``line 7: redaction.clients item 3: ...``)."""
    detail = err.fields.get("detail")
    if err.code is not Code.CONFIG_INVALID or not isinstance(detail, str) or detail.startswith("line "):
        return err
    where, _, problem = detail.partition(": ")
    if " line " in where or problem.startswith(("the file", "not a regular file")):
        return err  # about a term file's own content or the file itself, not a line of the config
    line = locate(text, where, problem)
    return RedctxError(Code.CONFIG_INVALID, detail=f"line {line}: {detail}") if line else err
