"""Values written on the line after their key: wrapped pairs and sections named like a secret.

A grammar run by find_context (red-team round 5 of issue 9), behind the lexicon's cue words:

- the key, its operator, then the value alone on the next line: YAML ``password:`` then a more indented
  plain scalar, INI ``pass=`` then the value, a JSON member split over lines (``"password"`` / ``:`` /
  ``"V"``), a note's ``Password:`` then the value;
- a YAML plain scalar continued on a deeper line (``password: V1`` then ``    V2``): the continuation;
- a form's label alone on its line (no operator, or bold), an optional blank line, then the value alone
  (``Passwort`` / blank / ``V``, as PDF and DOCX forms convert; lead round 12);
- an INI section named like a secret (``[password]``) whose first line is the value or ``value = V``.

An unquoted value must read as a password (a digit, a symbol or an inner capital), so a sentence's next
word (``Reset your password:`` / ``Thanks``) stays. The key stays visible; only the value goes.

Imports: redaction.secret_keys, redaction.secret_refine, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.spans import Hit

#: The cue words (letter runs) a text must hold for the grammar to run.
WRAPPED_CUES = frozenset(("password", "passwd", "passphrase", "pwd", "secret", "token", "apikey", "pass", "passwort",
                          "kennwort", "wachtwoord", "senha"))

#: What follows a key found by its cue word (``str.find``, no regex scan): an optional quote and line break,
#: the operator ending its line, then the value alone on the next line.
_AFTER = re.compile(
    r"(?P<q>[\"']?)[ \t]{0,8}(?:\r?\n[ \t]{0,40})?(?P<op>[:=])[ \t]{0,8}\r?\n(?P<ind>[ \t]{0,40})"
    r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'#;\[\]{}|>&*!=-][^\s]{0,255})[ \t]{0,8},?[ \t]{0,8}"
    r"(?=\r?\n|$)"
)
#: ``key: first part`` then a deeper line of one word: a YAML plain scalar continued (the assignment rows
#: take the first part; this takes the continuation).
_CONTINUED = re.compile(r"[ \t]{0,8}:[ \t]{1,8}[^\s#\"'|>][^\r\n]{0,255}?[ \t]*\r?\n(?P<ind>[ \t]{1,40})"
                        r"(?P<v>[^\s:#\-\[\]{}][^\s:]{0,255})[ \t]*(?=\r?\n|$)")
_SECTION = re.compile(
    r"\[(?P<k>[^\]\r\n]{1,40})\][ \t]*\r?\n[ \t]{0,8}(?:(?:value|val|secret|text|data|default|current)[ \t]{0,8}"
    r"[=:][ \t]{0,8})?(?P<v>[^\s\[;#=][^\s=]{0,255})[ \t]*\r?$",
    re.M,
)
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.-")
#: The string searched for each cue word (``pass`` finds password, passwd and passphrase too).
_FIND = {"password": "pass", "passwd": "pass", "passphrase": "pass", "pass": "pass", "pwd": "pwd",
         "secret": "secret", "token": "token", "apikey": "apikey", "passwort": "pass", "kennwort": "kennwort",
         "wachtwoord": "wachtwoord", "senha": "senha"}


def _password_shaped(v: str) -> bool:
    """An unquoted word that reads as a password, not a word of prose (a digit, a symbol, an inner capital)."""
    return len(v) >= 6 and (any(c.isdigit() for c in v) or any(not c.isalnum() for c in v)
                            or any(c.isupper() for c in v[1:]))


def _key_start(low: str, pos: int) -> int:
    """Where the key name that ends with the cue word at ``pos`` starts (its letters, digits, ``_.-``)."""
    i = pos
    while i > 0 and pos - i < 40 and low[i - 1] in _KEY_CHARS:
        i -= 1
    return i


def _value(text: str, s: int, e: int) -> tuple[int, int, bool]:
    if text[s] in "\"'" and e - s >= 2 and text[e - 1] == text[s]:
        return s + 1, e - 1, True
    return s, e, False


def _continued(text: str, low: str, cue: int, key_end: int, out: list[Hit]) -> None:
    m = _CONTINUED.match(low, key_end)
    if m is None:
        return
    ks = _key_start(low, cue)
    line = low.rfind("\n", 0, ks) + 1
    if low[line:ks].strip(" \t-") or key_score(text[ks:key_end]) < 2:
        return  # the key leads its line (after a list dash)
    s, e = m.span("v")
    if len(m.group("ind")) > ks - line and _password_shaped(text[s:e]):
        sp = vet_value(text, s, e, 2, quoted=False)
        if sp is not None:
            out.append(Hit(sp[0], sp[1], "SECRET", "wrapped-value"))


#: A label alone on its line (no operator, or bold), an optional blank line, then one token alone: a form
#: converted from a PDF or DOCX (``Passwort`` / blank / ``V``).
_BLOCK = re.compile(r"(?:\*\*|__)?[ \t]{0,4}\r?\n(?:[ \t]{0,8}\r?\n)?[ \t]{0,8}(?P<v>[^\s]{4,128})[ \t]*(?=\r?\n|$)")
_LABEL_LEAD = re.compile(r"[ \t]{0,8}(?:[-*>#|][ \t#]{0,4})?(?:\*\*|__)?(?:[^\W\d_][\w-]{0,20}[ \t]){0,2}\Z")


def _block(text: str, low: str, cue: int, key_end: int, out: list[Hit]) -> None:
    m = _BLOCK.match(low, key_end)
    if m is None:
        return
    ks = _key_start(low, cue)
    line = low.rfind("\n", 0, ks) + 1
    if _LABEL_LEAD.match(low[line:ks]) is None or key_score(text[ks:key_end]) < 2:
        return
    s, e = m.span("v")
    v = text[s:e]
    if v.endswith(":") or not _password_shaped(v):
        return  # the next label, or a word of prose
    sp = vet_value(text, s, e, 2, quoted=False)
    if sp is not None:
        out.append(Hit(sp[0], sp[1], "SECRET", "wrapped-value"))


def _pair(text: str, low: str, cue: int, key_end: int, out: list[Hit]) -> None:
    """The wrapped value after the key that holds a cue word at ``cue`` and ends at ``key_end``, if any."""
    m = _AFTER.match(low, key_end)
    if m is None:
        _continued(text, low, cue, key_end, out)
        _block(text, low, cue, key_end, out)
        return
    ks = _key_start(low, cue)
    quoted_key = bool(m.group("q"))
    if ks and low[ks - 1] in "\"'" and not quoted_key or key_score(text[ks:key_end]) < 2:
        return
    s, e, quoted = _value(text, *m.span("v"))
    v = text[s:e]
    if not quoted:
        if ":" in v and (v.endswith(":") or ": " in v) or m.group("op") == "=" and "=" in v:
            return  # the next key, not a value
        line = low.rfind("\n", 0, ks) + 1
        key_indent = len(low[line:ks]) - len(low[line:ks].lstrip(" \t"))
        if m.group("op") == ":" and not quoted_key and len(m.group("ind")) <= key_indent:
            return  # YAML: a value on the next line is indented deeper than its key
        if not _password_shaped(v):
            return
    sp = vet_value(text, s, e, 2, quoted=quoted)
    if sp is not None:
        out.append(Hit(sp[0], sp[1], "SECRET", "wrapped-value"))


def find_wrapped(text: str, low: str, out: list[Hit], cues: frozenset[str] = WRAPPED_CUES) -> None:
    """Append the values of wrapped pairs and secret-named sections (see the module docstring); ``cues``:
    the cue words the text holds as letter runs (each is searched with ``str.find``, no regex scan)."""
    seen: set[int] = set()
    for find in {_FIND[c] for c in cues}:
        i = low.find(find)
        while i >= 0:
            j = i + len(find)
            while j < len(low) and j - i < 40 and low[j] in _KEY_CHARS:
                j += 1
            if j not in seen:
                seen.add(j)
                if low[j:j + 1] == "]":
                    _section(text, low, i, out)
                else:
                    _pair(text, low, i, j, out)
            i = low.find(find, j)


def _section(text: str, low: str, cue: int, out: list[Hit]) -> None:
    """``[name]`` at a line start, named like a secret: its first line's value."""
    ks = _key_start(low, cue)
    if ks == 0 or low[ks - 1] != "[" or ks > 1 and low[ks - 2] != "\n":
        return
    m = _SECTION.match(text, ks - 1)
    if m is None or key_score(m.group("k")) < 2:
        return
    s, e = m.span("v")
    if _password_shaped(text[s:e]):
        sp = vet_value(text, s, e, 2, quoted=False)
        if sp is not None:
            out.append(Hit(sp[0], sp[1], "SECRET", "secret-section"))
