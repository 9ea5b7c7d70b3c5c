"""Capitalised tokens that are command-line code, not names: one-dash flags and PowerShell cmdlet names.

Strict mode redacts every capitalised word off the allow list, so `` -Reset``, `` -Dfile.encoding=UTF-8``
and ``Invoke-Sqlcmd`` read as names there. A token after a blank and one dash is a flag; ``Verb-Noun`` with
an approved PowerShell verb (:data:`words_code.POWERSHELL_VERBS`) is a cmdlet where a command stands (at
a statement's start or before a parameter), while ``Avery Grant-Smith said`` stays a name.

Imports: redaction.words_code.
"""

from __future__ import annotations

from redacted_context_mcp.redaction.words_code import POWERSHELL_VERBS


def flag_or_cmdlet(text: str, s: int, e: int) -> bool:
    """The token ``text[s:e]`` is a command-line flag (`` -Reset``, `` -Dfile.encoding=``) or a part of a
    PowerShell cmdlet name (``Invoke-Sqlcmd``) where a command stands: code, not a name."""
    if s > 1 and text[s - 1] == "-":
        before = text[s - 2]
        if before in " \t\"'(":
            return _flag_stands(text, s, e)
        if before.isalpha():
            v = s - 2
            while v > 0 and text[v - 1].isalpha() and s - v < 16:
                v -= 1
            return text[v:s - 1] in POWERSHELL_VERBS and _cmdlet_stands(text, v, e)
        return False
    if text.startswith("-", e) and text[e + 1:e + 2].isupper() and text[s:e] in POWERSHELL_VERBS:
        n = e + 1
        while n < len(text) and text[n].isalnum() and n - e < 64:
            n += 1
        return _cmdlet_stands(text, s, n)
    return False


def _flag_stands(text: str, s: int, e: int) -> bool:
    """`` -Token`` reads as a flag: a property or a value follows (``-Dfile.encoding=``, ``-Path:C:\\``,
    ``-Name $x``), or another flag stands on the line (``Thanks -Avery`` is a sign-off)."""
    nxt = text[e:e + 2]
    if nxt[:1] in ("=", ".", ":") or nxt[:1] == " " and nxt[1:] and nxt[1] in "-$@(\"'0123456789":
        return True
    ls = text.rfind("\n", max(0, s - 400), s) + 1
    le = text.find("\n", e, e + 400)
    line = text[ls:le if le >= 0 else e + 400]
    return line.count(" -") >= 2


def _cmdlet_stands(text: str, v: int, n: int) -> bool:
    """``text[v:n]`` (``Verb-Noun``) stands as a command: at a statement's start or before a parameter
    (``Avery Grant-Smith said`` is a name)."""
    if text.startswith(" -", n) or text.startswith(" |", n) or text[n:n + 1] in ("", "\n", "\r", ")", ";", "}"):
        return True
    p = v
    while p > 0 and text[p - 1] in " \t":
        p -= 1
    return p == 0 or text[p - 1] in "\n|(={;`"
