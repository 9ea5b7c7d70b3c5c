"""Secrets given as command-line arguments: a table of tools and the argument that is the secret.

Each :data:`CLI_TOOLS` row (in :mod:`redaction.secret_cli_tools`) names a tool (as typed, in shell histories
``  512  cmd …`` and in ``ps aux`` lines alike) and its secret-bearing flags:

- ``flags``: the value follows the flag, as ``-p VALUE``, ``-pVALUE`` (one-letter
  flags only), ``--flag=VALUE`` or ``--flag VALUE``;
- ``positional``: the Nth non-flag argument is the secret (``htpasswd -b FILE
  USER PASS``, ``vault login TOKEN``);
- ``userinfo``: the value is ``user:password`` and only the password goes
  (``curl -u user:pass``);
- ``slash``: Windows-style flags, read without regard to case: ``/p:VALUE`` (the
  value glued after the colon, ``xfreerdp /p:V``, ``wmic /password:V``) or
  ``/rp VALUE`` (the next argument, ``schtasks /rp V``). Command words match
  without regard to case and to a trailing ``.exe`` (``PsExec64.exe``).

A quoted argument that holds a command of the table (``runas /user:x "cmd /c net
use \\\\h\\s V"``, ``ssh host "mysql -pV"``) is read as a command line of its own.

Generic long flags (``--password``, ``--token``, ``--api-key``, ``--client-secret``,
``--requirepass``, ``--s3-secret``...) count after any command. Values that are
references (``$TOKEN``), option files (``--password-file``) or ports
(``ssh -p 2222``, ``docker run -p 8080:80``) stay.

Imports: redaction.secret_cli_tools, redaction.secret_keys, redaction.secret_operator, redaction.secret_stdin,
redaction.secret_values, redaction.spans, redaction.textview.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_cli_tools import CLI_TOOLS as _TABLE
from redacted_context_mcp.redaction.secret_cli_tools import GENERIC_FLAGS, CliTool
from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_operator import OPS_CLI_TOOLS, continued, joined_lines
from redacted_context_mcp.redaction.secret_stdin import find_piped, literal_ok, unquote
from redacted_context_mcp.redaction.secret_values import file_value, is_reference, names_a_secret
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import letter_words, parts

CLI_TOOLS = _TABLE + OPS_CLI_TOOLS  # round 15's tools (secret_operator) after the table's
_GENERIC = frozenset(GENERIC_FLAGS)
_BY_WORD: dict[str, list[CliTool]] = {}
for _t in CLI_TOOLS:
    _BY_WORD.setdefault(_t.command.split()[0], []).append(_t)


def _tools_of(base: str) -> list[CliTool] | tuple[()]:
    """The table rows of a command word, as typed or without case and ``.exe`` (``PsExec64.exe``)."""
    rows = _BY_WORD.get(base)
    if rows is not None:
        return rows
    if base.islower() and not base.endswith(".exe") and not base[-1:].isdigit():
        return ()  # the common case: a lower-case word the table does not hold
    low = base.lower()
    low = low[:-4] if low.endswith(".exe") else low
    return _BY_WORD.get(low) or _BY_WORD.get(low.rstrip("0123456789"), ())  # xfreerdp3, PsExec64
#: Positional tools and the words they need on the line (their lines are found by a substring search).
_GATE_WORDS = {t.command for t in CLI_TOOLS if (t.positional or t.after or t.gated) and not t.trigger}
#: one scan per gate: ``net use`` also finds ``net user``
_POSITIONAL_GATES: tuple[str, ...] = tuple(
    sorted(w for w in _GATE_WORDS if not any(o != w and w.startswith(o) for o in _GATE_WORDS))
)
_GATE_PARTS = tuple((w, tuple(sorted(parts(w), key=len, reverse=True))) for w in _POSITIONAL_GATES)  # rarer first
#: Per gate, the words before its last that are a-z only: a gate found at a word start holds each of
#: them as a whole letter run (a blank follows it), so an ASCII text's word set answers for them;
#: the last word may run on (``net user``) and is tested in the letter-run view as before.
_GATE_RUNS = tuple(
    (frozenset(t for t in w.split(" ")[:-1] if parts(t) == (t,)),
     tuple(sorted(parts(w.split(" ")[-1]), key=len, reverse=True)))
    if any(o != w and o.startswith(w) and o[len(w)].isalpha() for o in _GATE_WORDS)  # smbclient.py: no run-on
    # no other gate runs on from this one: every letter run of it is a whole run where a tool matches
    else (frozenset(p for t in w.split(" ") for p in parts(t)), ())
    for w in _POSITIONAL_GATES
)
_GATES = tuple(zip(_GATE_PARTS, _GATE_RUNS))
#: Each gate under its longest whole letter run: an ASCII text's run set picks the gates worth testing.
_BY_KEY: dict[str, list] = {}
for _g in _GATES:
    _BY_KEY.setdefault(max(sorted(_g[1][0]), key=len), []).append(_g)
_GATE_KEYS = frozenset(_BY_KEY)
_TRIGGERS = frozenset(t.trigger for t in CLI_TOOLS if t.trigger)
#: Flags that can carry a secret: any flag named in the table, plus the generic long flags.
_GLUED = frozenset(g.lower() for t in CLI_TOOLS for g in t.glued)
assert all(len(g) == 3 for g in _GLUED)
#: Flags whose value is a secret when the argument before them names one (``occ config:system:set redis
#: password --value=V``, ``occ config:app:set app smtp_password --value V``).
_NAMED_VALUE = frozenset(("--value",))
_ALL_FLAGS = (frozenset(f.lower() for t in CLI_TOOLS if not t.gated for f in t.flags + t.userinfo) | _GENERIC
              | _NAMED_VALUE)
_ARG = re.compile(r"\"(?:[^\"\\\n]|\\.){0,512}\"|'[^'\n]{0,512}'|[^\s\"'|;&<>]{1,1024}")
#: A flag after a blank, led by the literal ``-`` (a fast scan): blanks are far more frequent than dashes.
_SPACED_FLAG = re.compile(r"-(?<= -)")
#: A flag after a blank or one opened by a quote (exec-form arrays, argument lists in code).
_FLAG = re.compile(r"-(?<=[ \"']-)")
_PORTISH = re.compile(r"\d{1,5}(?:[:/.-]\d{0,5}){0,6}(?:/(?:tcp|udp))?")
#: Punctuation-only tokens of exec-form arrays and calls (``["cmd", "-p", "v"]``, ``run(["cmd", ...])``).
_LIST_PUNCT = frozenset("[](){},:")
#: ``name=value`` pairs of key-value style CLIs (``vault login method=userpass``) are not positionals.
_KV_ARG = re.compile(r"[a-z][a-z_.-]{0,40}=")


def _args(text: str, ls: int, le: int) -> list[tuple[int, int]]:
    """Argument spans of one line; exec-form list items are unquoted and their punctuation dropped."""
    out: list[tuple[int, int]] = []
    for m in _ARG.finditer(text, ls, le):
        s, e = m.span()
        w = text[s:e]
        if all(c in _LIST_PUNCT for c in w):
            continue
        if w.count("`") == 1 and len(w) > 1 and (w[0] == "`" or w[-1] == "`"):
            s, e = (s + 1, e) if w[0] == "`" else (s, e - 1)  # inline code: `sshpass -p v ssh host`
            w = text[s:e]
        if e - s >= 2 and w[0] in "\"'" and w[-1] == w[0]:
            s, e = s + 1, e - 1  # a quoted word: ``"--admin-password"``, ``'mysql'``
        out.append((s, e))
    return out


def _line_hits(text: str, ls: int, le: int, out: list[Hit], depth: int = 0) -> None:
    args = _args(text, ls, le)
    words = [text[s:e] for s, e in args]
    for i, w in enumerate(words):
        base = w.rsplit("/", 1)[-1]
        if base[:1] == "!":
            base = base[1:]  # an IPython shell escape: ``!wandb login KEY`` in a notebook cell
        if "\\" in base:
            base = base.rsplit("\\", 1)[-1]  # C:\Tools\PsExec64.exe
        if "=" in base and not _tools_of(base):
            base = base.rsplit("=", 1)[-1]  # SignTool=signtool sign ... (Inno Setup), VAR=cmd in a config line
        if depth < 2 and " " in w and 0 < args[i][0] and text[args[i][0] - 1] in "\"'" and any(
                _tools_of(x.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].lstrip("!")) for x in (
                    w.split()[:-1] if "/" in w or "\\" in w else w.split())):  # "C:\\...\\signtool.exe": a program
            _line_hits(text, *args[i], out, depth + 1)  # a quoted command: runas ... "cmd /c net use ..."
            continue
        if w.startswith("--") or w.startswith("-") and len(w) > 2 and w[1] != "-":
            flag, eq, val = w.partition("=")
            if flag.lower() in _GENERIC:
                named = flag.lower() == "--secret" and names_a_secret(
                    text, args[i][0], val if eq else words[i + 1] if i + 1 < len(words) else "")
                if eq and not named:
                    _add(text, args[i][0] + len(flag) + 1, args[i][1], out)
                elif not eq and i + 1 < len(words) and not words[i + 1].startswith("-") and not named:
                    _add(text, *args[i + 1], out)
            elif flag.lower() in _NAMED_VALUE and i and key_score(words[i - 1]) >= 2:
                if eq:
                    _add(text, args[i][0] + len(flag) + 1, args[i][1], out)
                elif i + 1 < len(words) and not words[i + 1].startswith("-"):
                    _add(text, *args[i + 1], out)
        for tool in _tools_of(base):
            extra = tool.command.split()[1:]
            if [x.lower() for x in words[i + 1:i + 1 + len(extra)]] != extra:
                continue
            _tool_hits(tool, text, args[i + 1 + len(extra):], words[i + 1 + len(extra):], out)


def _add(text: str, s: int, e: int, out: list[Hit], *, port_ok: bool = True) -> None:
    if text[s - 1:s] == "<" and text[e:e + 1] == ">" and is_reference(text[s - 1:e + 1], quoted=False):
        return  # ``psql --password <value>``: a placeholder of the usage line (the arguments stop at ``<``)
    s, e = unquote(s, e, text)
    value = text[s:e]
    if not literal_ok(value) or value.lower().endswith(("-file", "_file")) or file_value(value):
        return
    if value[-1:] == "=" and text[e:e + 1] == "<":
        return  # ``--api-key anthropic=<key>``: a provider-keyed template (an argument stops at ``<``)
    if port_ok and _PORTISH.fullmatch(value):
        return
    out.append(Hit(s, e, "SECRET", "command-line-tool"))


def _tool_hits(tool: CliTool, text: str, args: list[tuple[int, int]], words: list[str], out: list[Hit]) -> None:
    if tool.named:
        lows = [w.lower() for w in words]
        k = lows.index(tool.named) if tool.named in lows else -1
        if k < 0 or k + 1 >= len(words) or key_score(words[k + 1]) < 2:
            return  # reg add ... /v Shell /d explorer.exe: a setting that is no secret
    positionals: list[int] = []
    j = 0
    while j < len(words):
        w = words[j]
        if w in ("|", "&&", ";") or w.startswith(("|", ";", "&")):
            break
        if w in tool.valued:
            j += 2
            continue
        matched = False
        for g in tool.glued:
            if w.startswith(g) and len(w) > len(g):
                _vet(tool, g, text, args[j][0] + len(g), args[j][1], out, spaced=False)  # rar -hpSECRET
                matched = True
        for f in () if matched else tool.flags + tool.userinfo:
            if w == f or (w.startswith(f + "=") and f.startswith("--")):
                if w == f and j + 1 < len(words):
                    s, e = args[j + 1]
                    j += 1
                elif w != f:
                    s, e = args[j][0] + len(f) + 1, args[j][1]
                else:
                    break
                _vet(tool, f, text, s, e, out, spaced=True)
                matched = True
                break
            if f[-1] == ":" and len(w) > len(f) and w[:len(f)].lower() == f:  # Windows style: /p:SECRET
                _vet(tool, f, text, args[j][0] + len(f), args[j][1], out, spaced=False)
                matched = True
                break
            if (len(f) == 2 and f[0] == "-" and w.startswith(f) and len(w) > 2 and f not in tool.userinfo
                    and not tool.whole):
                _vet(tool, f, text, args[j][0] + 2, args[j][1], out, spaced=False)  # -pSECRET
                matched = True
                break
        if not matched and w in tool.pair and j + 2 < len(words):
            if not words[j + 2].startswith(("-", "/")):
                _add(text, *args[j + 2], out, port_ok=False)
            j += 3
            continue
        if not matched and tool.slash:
            matched, j = _slash(tool, text, args, words, j, out)
        if not matched and tool.after_prefix and _after(tool, w) and j + 1 < len(words):
            if not words[j + 1].startswith(("/", "-")):
                _add(text, *args[j + 1], out, port_ok=False)
        elif (not matched and not w.startswith("-") and _KV_ARG.match(w) is None
              and not (tool.switches and w.startswith("/"))):
            positionals.append(j)
            if (tool.after and j + 1 < len(words) and _after(tool, w) and not words[j + 1].startswith(("/", "-"))
                    and (j == 0 or words[j - 1] not in _FIELD_FLAGS)):
                _add(text, *args[j + 1], out, port_ok=False)
        j += 1
    n = tool.positional
    if tool.keyed and (len(positionals) < n or key_score(words[positionals[n - 2]]) < 2):
        return  # setx PATH "C:\\tools": a setting that is no secret
    if n and len(positionals) >= n and (not tool.adjacent or positionals[n - 1] - positionals[0] == n - 1):
        s, e = args[positionals[n - 1]]
        if tool.target:  # [DOMAIN/]USER:PASS@HOST, after any flag values: the password between ':' and the last '@'
            for k in positionals:
                s, e = unquote(*args[k], text)
                colon, at = text.find(":", s, e), text.rfind("@", s, e)
                if 0 <= colon < at - 1 or at < 0 <= colon < e - 1 and "/" in text[s:colon]:
                    _add(text, colon + 1, at if at > colon else e, out, port_ok=False)  # DOMAIN/USER:PASS too
                    return
            return
        if tool.shaped and text[s:e].isalpha() and text[s:e].islower():
            return  # "you can set system user quotas here"
        _add(text, s, e, out, port_ok=False)


def _slash(tool: CliTool, text: str, args: list[tuple[int, int]], words: list[str], j: int,
           out: list[Hit]) -> tuple[bool, int]:
    """A Windows-style flag at ``words[j]``: its value is added; returns (matched, the last word read)."""
    w = words[j].lower()
    for f in tool.slash:
        if f[-1] == ":" and w.startswith(f):
            if len(w) > len(f):
                _add(text, args[j][0] + len(f), args[j][1], out, port_ok=False)
            elif j + 1 < len(words) and args[j + 1][0] == args[j][1] + 1:  # /p:"a quoted value"
                _add(text, *args[j + 1], out, port_ok=False)
                j += 1
            return True, j
        if w == f and j + 1 < len(words) and not words[j + 1].startswith(("/", "-")):
            _add(text, *args[j + 1], out, port_ok=False)
            return True, j + 1
    return False, j


#: Flags whose value names the fields to print (nmcli -g 802-11-wireless-security.psk connection show X).
_FIELD_FLAGS = frozenset(("-g", "-f", "--get-values", "--fields"))


def _after(tool: CliTool, word: str) -> bool:
    w = word.lower()
    return w.startswith(tool.after) if tool.after_prefix else w == tool.after


def _vet(tool: CliTool, flag: str, text: str, s: int, e: int, out: list[Hit], *, spaced: bool) -> None:
    if flag in tool.userinfo:
        s, e = unquote(s, e, text)
        for sep in tool.separators:  # ":" first; smbclient -U user%password
            colon = text.find(sep, s, e)
            if colon >= 0:
                break
        else:
            return
        s = colon + 1
    if spaced and text[s:e].startswith("-"):
        return
    if tool.refs and text[s:e].strip("\"'").lower().startswith(tool.refs):
        return  # openssl -passin env:VAR / file:PATH / stdin: where the passphrase is read from
    _add(text, s, e, out)


def _flag_at(low: str, i: int, lines: set[int]) -> int:
    """Read the flag after ``low[i]`` (a blank or a quote, then ``-``); add its line when the flag can
    carry a secret. Returns where the flag ends."""
    j = i + 2
    k = j
    n = min(len(low), j + 40)
    while k < n and low[k] not in " \t\n=\"'":
        k += 1
    flag = low[i + 1:k]
    short = len(flag) > 1 and flag[1] != "-"
    if flag in _ALL_FLAGS or short and (flag[:2] in _ALL_FLAGS or flag[:3] in _GLUED
                                        or any(c in _TRIGGERS for c in flag[1:6])):
        lines.add(low.rfind("\n", 0, i) + 1)
    return k


def find_cli(text: str, low: str, joined: str | None = None,
             wordset: frozenset[str] | set[str] | None = None) -> list[Hit]:
    """Secret arguments on command lines (histories, ``ps`` output, scripts, docs); ``joined`` and
    ``wordset``: ``textview.letter_words(low)`` parts when the caller has them (a-z words are tested there)."""
    out: list[Hit] = []
    if joined is None:
        joined = letter_words(low).joined
    if continued(text):  # a command continued over lines (``\``, PowerShell's backtick, cmd's ``^``): one line
        text, low = joined_lines(text), joined_lines(low)
    runs = wordset if wordset is not None and low.isascii() else None  # ASCII: a run ends at every non-letter
    find_piped(text, joined, out)
    lines: set[int] = set()
    has = joined.__contains__
    gates = _GATES if runs is None else [g for k in _GATE_KEYS.intersection(runs) for g in _BY_KEY[k]]
    for (word, word_parts), (whole, last) in gates:
        if runs is not None and whole:
            if not (whole <= runs and all(map(has, last))):
                continue
        elif not all(map(has, word_parts)):
            continue
        i = low.find(word)
        while i >= 0:
            if i == 0 or not low[i - 1].isalnum():  # "internet users" is not ``net user``
                lines.add(low.rfind("\n", 0, i) + 1)
            i = low.find(word, i + len(word))
    quoted = '"' in text or "'" in text
    nxt = 0
    # one scan of the dashes for both kinds (a memchr first: a text without a dash holds no flag)
    for m in (_FLAG if quoted else _SPACED_FLAG).finditer(low) if "-" in low else ():
        p = m.start()
        if low[p - 1] == " ":
            if p >= nxt:  # the flag's blank is at or after where the previous spaced flag ended
                nxt = _flag_at(low, p - 1, lines) + 1
        else:  # list items and call arguments: ``["--token", v]``
            _flag_at(low, p - 1, lines)
    for ls in sorted(lines):
        le = low.find("\n", ls)
        le = len(low) if le < 0 else le
        if le - ls <= 8192:
            _line_hits(text, ls, le, out)
    return out
