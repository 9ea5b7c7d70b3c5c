"""Secrets printed by a command: a pasted terminal session whose output line has no key name at all.

A line that starts with a shell prompt (``$ ``, ``# ``, ``% ``, ``user@host:~$ ``,
``[user@host dir]$ ``, ``PS C:\\> ``, ``C:\\> ``, ``>>> ``, ``(venv) $ ``,
``127.0.0.1:6379> ``), possibly indented or quoted (``> $ ``), holds a command.
When :data:`PRINTERS` says that command prints a secret, each output line below it
that is one token (quotes of a ``repr`` or JSON string stripped) is that secret,
up to the next prompt, a blank line or a code fence. A row's condition:

- ``any``: the command always prints one (``gcloud auth print-access-token``,
  ``op read``, ``openssl rand``, ``pwgen``);
- ``flag``: only with one of its flags (``vault kv get -field=``,
  ``security find-generic-password -w``, ``az ... --query``);
- ``named``: only when an argument names a secret for the key-name lexicon
  (``echo $DB_PASSWORD``, ``printenv X``, ``terraform output -raw db_password``,
  ``cat secret.txt``, ``jq -r .password``) or holds one of the row's marks
  (``kubectl get secret -o jsonpath='{.data.x}'``);
- ``strong`` rows (decoders, ``cat``) also need an output that does not read as a
  plain word.

The printer may run behind ``sudo``, ``VAR=v``, ``docker|kubectl exec NAME [--]``,
``sh -c '…'`` and be piped into filters that pass it through (``| base64 -d``,
``| jq -r``, ``| tr -d``); a pipe into another consumer (``| docker login
--password-stdin``) prints no secret. Marks anywhere on the command line
(``secrets.token_urlsafe``, ``/dev/urandom``) make it a printer too. An output
``user:password`` (a decoded Docker ``auth``) loses only the password; a
``KEY=value`` line is left to the assignment grammars. ``labels`` rows read
``Label : value`` lines: the Wi-Fi key that ``netsh wlan show profile key=clear``
prints as ``Key Content`` in the display languages of Windows.

Imports: redaction.secret_keys, redaction.secret_printers, redaction.secret_stdin, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_printers import (
    MARKS,
    PRINTERS,
    REPL_CUES,
    STRONG_CUES,
    WEAK_WORDS,
    WLAN_KEY_LABELS,
    Printer,
    weak_after,
)
from redacted_context_mcp.redaction.secret_stdin import literal_ok
from redacted_context_mcp.redaction.spans import Hit

_PROMPT = re.compile(
    r"(?m)^(?P<q>[ \t]{0,12}(?:>[ \t]{0,2}){0,3})(?:\([\w.-]{1,40}\)[ \t]{1,2})?"
    r"(?:[\w.-]{1,32}@[\w.-]{1,64}(?::[^\s$#%>]{0,200}|[ \t][^\s$#%>]{1,200})?[ \t]?[$#%]"
    r"|\[[\w.-]{1,32}@[\w.-]{1,64}[ \t][^\]\n]{0,100}\][$#%]"
    r"|PS[ \t][A-Za-z]:[^\n>]{0,200}>|[A-Za-z]:\\[^\n>]{0,200}>"
    r"|[\w.-]{1,40}[$#%]|[$#%❯λ»]|\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}>"
    r"|[/~][^\s$#%>]{0,200}[ \t]?[$#%]|PS>|PS[ \t]/[^\n>]{0,200}>"
    r"|➜[ \t]{1,4}[^\s]{1,64}(?:[ \t]{1,2}git:\([^)\n]{1,64}\))?(?:[ \t]{1,2}✗)?"
    r"|(?P<repl>>>>|In[ \t]?\[\d{1,5}\]:|irb\([^)\n]{1,40}\):\d{1,5}:\d{1,3}[>*]"
    r"|(?:\[\d{1,5}\][ \t])?pry\([^)\n]{1,40}\)>|>))"
    r"(?:[ \t]{1,4}|(?<=\\>)|(?<=[A-Za-z0-9]>))(?P<cmd>[^\s>][^\n]{0,2000})")  # cmd.exe: C:\Users\u>type x
_SPLIT_NAME = re.compile(r"[^A-Za-z0-9_-]{1,64}")
_OUT_LEAD = re.compile(r"(?:\d{1,4}\)|Out\[\d{1,5}\]:|=>)[ \t]{1,4}")
_JSON_PAIR = re.compile(r'"(?P<k>[\w.-]{1,64})"[ \t]{0,4}:[ \t]{0,4}"(?P<v>(?:[^"\\\n]|\\.){1,4096})",?')
_ASSIGN = re.compile(r"[A-Za-z_][\w.-]{0,80}=[^=]")
_PAIR = re.compile(r"[A-Za-z][\w.@+-]{0,63}:(?P<p>[^:]{1,512})")
_LABEL = re.compile(r"[ \t]{0,12}(?P<k>[^\s:][^:\n]{0,38}?[^\s:])[ \t]{0,40}:[ \t]{1,8}"
                    r"(?P<v>[^\s][^\n]{0,255}?)[ \t\r]{0,8}")
_WRAPPERS = frozenset(("sudo", "ssh", "--", "-c", "time", "nohup", "do", "then", "watch", "xargs", "env", "command",
                       "exec", "$(", "`", "(", "-e", "run"))
_PASS_THROUGH = frozenset(("base64", "gbase64", "tr", "head", "tail", "cut", "jq", "yq", "grep", "egrep", "fgrep",
                           "sed", "awk", "xargs", "tee", "cat", "sort", "uniq", "fold", "rev", "xxd", "iconv",
                           "openssl", "sh", "bash"))
_SKIP = frozenset(("fi", "done", "esac", "then", "else", "eof", "exit", "logout", "true", "false", "null", "none",
                   "nil", "undefined", "(none)", "(null)", "[]", "{}", "ok", "done."))
_MAX_OUT = 64
_QUOTES = "\"'`"


def _tokens(stage: str) -> list[str]:
    return [t.strip(_QUOTES + "()") for t in stage.split() if t.strip(_QUOTES + "()")]


def _word_ok(word: str, token: str) -> bool:
    return any(token.startswith(a[:-1]) if a.endswith("*") else token == a for a in word.split("|"))


def _starts(toks: list[str]) -> list[int]:
    """Indexes of the stage's tokens that can start a command (after sudo, VAR=v, exec NAME, --, -c)."""
    out = [0]
    i = 0
    while i < len(toks):
        t = toks[i]
        if t in _WRAPPERS or _ASSIGN.match(t) and i + 1 < len(toks):
            out.append(i + 1)
            if t == "ssh":  # ssh [-flags] HOST 'CMD': any later word may start the remote command
                out.extend(range(i + 2, len(toks)))
            if t == "exec":  # docker|podman|kubectl exec [-flags] NAME CMD
                j = i + 1
                while j < len(toks) and toks[j].startswith("-"):
                    j += 1
                out.append(j + 1)
        i += 1
    return out


def _field_values(args: list[str], flags: tuple[str, ...]) -> list[str]:
    out = []
    for i, a in enumerate(args):
        for f in flags:
            if a == f and i + 1 < len(args):
                out.append(args[i + 1])
            elif a.startswith(f + "=") or len(f) == 2 and a.startswith(f) and len(a) > 2:
                out.append(a[len(f):].lstrip("="))
    return out


def _named(args: list[str], marks: tuple[str, ...]) -> bool:
    for a in args:
        if a.startswith("-"):
            if "=" not in a:
                continue
            a = a.split("=", 1)[1]
        if marks and any(m in a for m in marks):
            return True
        if any(p and key_score(p) >= 2 for p in _SPLIT_NAME.split(a)):
            return True
        base = a.rsplit("/", 1)[-1]
        if "." in base and key_score(base) >= 2:
            return True  # a key file named as a whole: cat config/master.key (round 7)
    return False


def _flag(args: list[str], flags: tuple[str, ...]) -> bool:
    """One of ``flags`` is given, as a word, before ``=``, or in a cluster of one-letter flags (``-wa``)."""
    return any(a == f or a.startswith(f + "=") or len(f) == 2 and f[1] in a[1:] and a[:1] == "-" and a[1:].isalpha()
               and a[1] != "-" and len(a) <= 6 for a in args for f in flags)


_BY_FIRST: dict[str, list[Printer]] = {}
for _p in PRINTERS:
    for _w in _p.words[0].split("|"):
        _BY_FIRST.setdefault(_w, []).append(_p)
_PREFIXED = [p for p in PRINTERS if p.words[0].endswith("*")]


def _printer(toks: list[str]) -> Printer | None:
    """The row that makes the stage print a secret, if one does."""
    for i in _starts(toks):
        if i >= len(toks):
            continue
        first = toks[i].rsplit("/", 1)[-1].removesuffix(".exe")
        for p in _BY_FIRST.get(first, _PREFIXED):
            if not _word_ok(p.words[0], first):
                continue
            rest, j, ok = toks[i + 1:], 0, True
            for w in p.words[1:]:
                while j < len(rest) and not _word_ok(w, rest[j]):
                    j += 1
                if j >= len(rest):
                    ok = False
                    break
                j += 1
            if not ok or p.unless and len(rest) > 0 and rest[0] in p.unless:
                continue
            args = toks[i:] if p.words[0].endswith("*") else rest
            named_args = [a for a in args if not any(_word_ok(w, a) for w in p.words[1:])]
            if p.needs == "flag" and not _flag(args, p.flags):
                continue
            if p.field:
                named_args = _field_values(args, p.field)
            if p.needs == "named" and not _named(named_args, p.marks):
                continue
            return p
    return None


def _commands(low: str) -> list[list[str]]:
    """The commands of a line (split at ``;``, ``&&``, ``||``), each a list of pipeline stages; a quoted
    ``|`` (a go-template's ``{{.x | base64decode}}``) splits nothing."""
    if "|" not in low and ";" not in low and "&" not in low:
        return [[low]]
    out: list[list[str]] = [[]]
    quote, start, i, n = "", 0, 0, len(low)
    while i < n:
        c = low[i]
        if quote:
            if c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c == "|" or c == ";" or c == "&" and low[i + 1:i + 2] == "&":
            out[-1].append(low[start:i])
            double = low[i + 1:i + 2] == c
            if c != "|" or double:
                out.append([])
            i += 2 if double else 1
            start = i
            continue
        i += 1
    out[-1].append(low[start:])
    return [c for c in out if c]


_FIRSTS = frozenset(w for p in PRINTERS for w in p.words[0].split("|") if not w.endswith("*"))
_PREFIXES = tuple(w[:-1] for p in PRINTERS for w in p.words[0].split("|") if w.endswith("*"))
#: The words one of which a printing command line holds: the table's, and those of the programs the marks run in.
_GATE = _FIRSTS | frozenset(w + ".exe" for w in _FIRSTS) | frozenset(
    "python python3 py node ruby php perl tr dd deno bun pwsh powershell urandom random".split())
_CMD_WORD = re.compile(r"[a-z0-9_.:-]{1,48}")


def _command_printer(cmd: str) -> Printer | None:
    low = cmd.lower()
    if _GATE.isdisjoint(_CMD_WORD.findall(low)) and not any(x in low for x in _PREFIXES):
        return None  # most prompt-like lines (a heading, a comment) hold no command of the table
    marked = any(m in low for m in MARKS)
    for stages in _commands(low):
        for k in range(len(stages) - 1, -1, -1):
            p = _printer(_tokens(stages[k]))
            if p is not None:
                return p
            first = _tokens(stages[k])[:1]
            if not first or first[0].rsplit("/", 1)[-1] not in _PASS_THROUGH:
                break  # a consumer: what came before is not printed
        if marked:
            return _MARKED
    return None


_MARKED = Printer(("",))
_REPL = Printer(("",), strong=True)


def _repl_printer(expr: str) -> Printer | None:
    """A REPL line (python, IPython, irb, pry, node) whose expression makes or names a secret."""
    low = expr.lower()
    if any(m in low for m in MARKS):
        return _MARKED
    words = [w for w in _SPLIT_NAME.split(low.replace("secrets.", " ")) if w]
    return _REPL if any(key_score(w) >= 2 for w in words) else None


def _plain_word(v: str) -> bool:
    return v.isalpha() and not any(a.islower() and b.isupper() for a, b in zip(v, v[1:]))


def _token(text: str, s: int, e: int, p: Printer, cmd_low: str, out: list[Hit]) -> None:
    """The secret of one output line ``text[s:e]`` (already stripped), if it is one."""
    if e - s >= 4 and text[s] == "b" and text[s + 1] in "'\"":
        s += 1  # a Python bytes repr
    if e - s >= 2 and text[s] in _QUOTES and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    v = text[s:e]
    if len(v) < 4 or any(c.isspace() for c in v) or v.lower() in _SKIP or v.endswith(":"):
        return
    if v.isdigit() and len(v) < 8 or not any(c.isalnum() for c in v) or v[0] in "{[<" or _ASSIGN.match(v):
        return
    if v.lower() in cmd_low.split() or not literal_ok(v) or "://" in v:
        return  # an echoed key name, a reference, a URL (the URL grammars read its userinfo)
    if p.strong and (v[0] in "/~" or v.startswith("./")):
        return  # a path
    if v.count(":") == 1:
        m = _PAIR.fullmatch(v)
        if m is not None and not v.startswith(("http:", "https:")):
            s, e = s + m.start("p"), s + m.end("p")
            v = text[s:e]
    elif v.count(":") > 1:
        return  # a .pgpass line or a URL: their own grammars
    if p.strong and _plain_word(v):
        return
    out.append(Hit(s, e, "SECRET", "command-output"))


def _json_value(text: str, s: int, e: int, key: str, out: list[Hit]) -> None:
    """``"value": "V"`` in a printer's JSON output, for the row's key."""
    m = _JSON_PAIR.fullmatch(text, s, e)
    if m is not None and m.group("k") == key and literal_ok(m.group("v")):
        out.append(Hit(*m.span("v"), "SECRET", "command-output"))


def _label(text: str, s: int, e: int, out: list[Hit]) -> None:
    m = _LABEL.fullmatch(text, s, e)
    if m is not None and m.group("k").strip().lower() in WLAN_KEY_LABELS:
        vs, ve = m.span("v")
        if text[vs] == '"' and text[ve - 1] == '"' and ve - vs > 2:
            vs, ve = vs + 1, ve - 1
        if literal_ok(text[vs:ve]):
            out.append(Hit(vs, ve, "SECRET", "command-output"))


def _output(text: str, pos: int, quote: str, p: Printer, cmd_low: str, out: list[Hit]) -> None:
    n = len(text)
    for _ in range(_MAX_OUT):
        if pos >= n:
            return
        le = text.find("\n", pos)
        le = n if le < 0 else le
        s, e = pos, le
        if quote.strip() and text.startswith(quote.rstrip(), s):
            s += len(quote.rstrip())
        while s < e and text[s] in " \t":
            s += 1
        while e > s and text[e - 1] in " \t\r":
            e -= 1
        if s == e and not p.labels or text.startswith("```", s) or text.startswith("~~~", s):
            return
        qs = pos + len(quote.rstrip()) if quote.strip() and s > pos else pos  # a quoted session: > $ cmd
        if (_PROMPT.match(text[qs:le]) if qs > pos else _PROMPT.match(text, pos, le)) is not None:
            return
        if p.labels:
            _label(text, pos, le if text[le - 1:le] != "\r" else le - 1, out)
        elif s < e:
            lead = _OUT_LEAD.match(text, s, e)  # redis-cli's 2) "v", IPython's Out[3]: 'v', irb's => "v"
            if lead is not None:
                s = lead.end()
            if p.json and text[s] == '"':
                _json_value(text, s, e, p.json, out)
            else:
                _token(text, s, e, p, cmd_low, out)
        pos = le + 1


#: What every prompt holds: its last character and the blank after it (or the arrow of a zsh theme).
_PROMPT_MARKS = ("$ ", "# ", "> ", "% ", "]: ", ":\\")
_WIDE_MARKS = ("\u279c", "\u276f ", "\u03bb ", "\u00bb ")


def _prompt_starts(text: str) -> list[int]:
    """Starts of the lines that hold a prompt mark near their start: one ``find`` per line and mark instead of
    a regex attempt at every position."""
    starts: set[int] = set()
    for mark in _PROMPT_MARKS if text.isascii() else _PROMPT_MARKS + _WIDE_MARKS:
        i = text.find(mark)
        while i >= 0:
            ls = text.rfind("\n", 0, i) + 1
            if i - ls <= 400:
                starts.add(ls)
            nl = text.find("\n", i)
            i = text.find(mark, nl + 1) if nl >= 0 else -1
    return sorted(starts)


def _has(cues: frozenset[str], runs: frozenset[str] | set[str] | None, joined: str) -> bool:
    return not cues.isdisjoint(runs) if runs is not None else any(" " + c + " " in joined for c in cues)


def wants_output(text: str, low: str, runs: frozenset[str] | set[str] | None, joined: str) -> bool:
    """The cheap gate: a prompt character, and a tool of the table (an everyday word among them only right
    after a prompt or a wrapper, a REPL word only with a REPL prompt); ``runs``: the letter runs of an ASCII
    text (None otherwise), ``joined``: the space-framed letter-run view."""
    strong = _has(STRONG_CUES, runs, joined)
    weak = not strong and _has(WEAK_WORDS, runs, joined)
    if weak and runs is not None and "find" not in runs and "security" in runs and len(WEAK_WORDS & runs) == 1:
        weak = ":\\" in text  # a lone "security" (most texts have one) counts only in `security find-`
    repl = not strong and _has(REPL_CUES, runs, joined)
    if not (strong or weak or repl) or not ("$ " in text or "# " in text or "> " in text or "% " in text
                                            or "]: " in text or ":\\" in text or "\u279c" in text):
        return False  # the word sets first: most texts hold no tool word at all
    if strong or weak and (":\\" in text or weak_after(low, runs)):
        return True
    return repl and (">>> " in text or "]: " in text or ")> " in text or "irb(" in text
                     or "\n> " in text or text.startswith("> "))


def find_command_output(text: str, low: str, out: list[Hit]) -> None:
    """Secrets in the output lines of prompt lines whose command prints one (the caller gates on a
    cue word of :data:`CUES` and a prompt character)."""
    for ls in _prompt_starts(text):
        m = _PROMPT.match(text, ls)
        if m is None:
            continue
        cmd = m.group("cmd")
        end = m.end()
        while cmd.endswith("\\") and end < len(text):  # a continued command line
            nxt = text.find("\n", end + 1)
            nxt = len(text) if nxt < 0 else nxt
            cmd = cmd[:-1] + " " + text[end + 1:nxt].strip()
            end = nxt
        p = _repl_printer(cmd) if m.start("repl") >= 0 else _command_printer(cmd)
        if p is not None:
            _output(text, end + 1, m.group("q"), p, cmd.lower(), out)
    if "wlan" in low or "ssid" in low:
        _labels_anywhere(text, out)


def _labels_anywhere(text: str, out: list[Hit]) -> None:
    """``Key Content : V`` lines of a netsh report pasted without its command line."""
    pos = 0
    n = len(text)
    while pos < n:
        le = text.find("\n", pos)
        le = n if le < 0 else le
        if ":" in text[pos:le]:
            _label(text, pos, le if text[le - 1:le] != "\r" else le - 1, out)
        pos = le + 1
