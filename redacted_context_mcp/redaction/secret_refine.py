"""Value checks of the secret rules: turn a regex candidate into the secret's span, or reject it.

Each ``refine_*`` takes the match and the text and returns ``(start, end)`` of
the secret or None (a placeholder value, a code reference, prose). Kept apart
from the rule table so the table stays data.

Imports: redaction.secret_keys, redaction.secret_values, redaction.validators, redaction.wordlists.
"""

from __future__ import annotations

import re
import string

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_values import (
    LITERALS,
    file_value,
    has_alnum,
    is_reference,
    is_template,
    looks_generated,
    names_a_secret,
)
from redacted_context_mcp.redaction.validators import mixed_token
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW


def strip_span(text: str, s: int, e: int) -> tuple[int, int] | None:
    """``[s, e)`` without edge spaces, tabs and line breaks; None when nothing is left."""
    while s < e and text[s] in " \t\r\n":
        s += 1
    while e > s and text[e - 1] in " \t\r\n":
        e -= 1
    return (s, e) if e > s else None


#: What may open a logical line before a line-start rule's text: blanks, blockquote markers, list
#: bullets (``- ``, ``* ``, ``+ ``, ``1. ``), and the opening backtick of inline code.
_LEAD_MARKS = re.compile(r"(?:[ \t]{0,40}(?:>|[-*+\u2022](?=[ \t])|\d{1,3}[.)](?=[ \t]))){0,6}[ \t]{0,40}`?")


def logical_line_start(text: str, i: int) -> tuple[int, bool]:
    """Where the logical line holding ``i`` starts, and whether it is a table cell: after the line
    break, after the last cell bar (``|``) on the line before ``i``, then after bullets, blockquote
    markers and an opening backtick. Line-start rules use it, so ``| SetEnv DB_PASS v |``,
    ``- masterauth v`` and ``> ARG TOKEN=v`` read as their bare lines."""
    ls = text.rfind("\n", 0, i) + 1
    bar = text.rfind("|", ls, i)
    cell = bar >= 0
    if cell:
        ls = bar + 1
    tick = text.rfind("`", ls, i)
    if tick >= 0 and text.count("`", ls, tick + 1) % 2 == 1:
        ls, cell = tick + 1, True  # inline code opened in a sentence: ``Use `SetEnv DB_PASS v` here``
    m = _LEAD_MARKS.match(text, ls, i)
    return (m.end() if m else ls), cell


def cell_value_end(text: str, s: int, e: int, cell: bool) -> int:
    """``e`` cut before a closing cell bar (`` |``) and a closing backtick when the value sits in a table
    cell or inline code; values run to the line end otherwise."""
    if cell:
        bar = text.find(" |", s, e)
        if bar < 0 and text.endswith("|", s, e):
            bar = e - 1
        if bar >= 0:
            e = bar
        tick = text.find("`", s, e)
        if tick >= 0 and text.count("`", s, e) == 1:
            e = tick  # the closing backtick of inline code
    while e > s and text[e - 1] in " \t":
        e -= 1
    if e > s and text[e - 1] == "`" and text.count("`", s, e) == 1:
        e -= 1
    return e


_KEY_CHARS = frozenset(string.ascii_letters + string.digits + "_.-")
_LINE_PREFIX = re.compile(
    r"[ \t]{0,40}(?:export[ \t]+|set[ \t]+|-[ \t]+|setx[ \t]+|\$env:|(?:ENV|ARG)[ \t]+|readonly[ \t]+|declare[ \t]+(?:-x[ \t]+)?)?"
)
_TRAILING_COMMENT = re.compile(r"[ \t]{1,16}(?:#|//|;)")
_PREFIXED_STRING = re.compile(r"(?:@|[rRbBfFuU]{1,2})(?:\"\"\"(?P<t>[^\"\r\n]{1,1024})\"\"\"|'''(?P<u>[^'\r\n]{1,1024})'''"
                              r"|\"(?P<v>[^\"\r\n]{1,1024})\"|'(?P<w>[^'\r\n]{1,1024})')")
_CSS_COLOUR = re.compile(r"#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8});?")
_FLAG_WORD = re.compile(r"--?[A-Za-z][A-Za-z-]{0,40}")
_SNAKE = re.compile(r"[a-z_][a-z0-9_]{0,80}")
#: An identifier in snake_case or camelCase (a separator or an inner capital): a variable's name, not a password
_NAMED_VAR = re.compile(r"[a-z][a-z0-9]{0,40}(?:_[a-z0-9]{1,40}){1,6}|[a-z][a-z0-9]{0,40}(?:[A-Z][a-z0-9]{1,40}){1,6}")
#: ``password: str = "…"``; not ``token: abc_DEF==`` (a base64 value padded with ``==``, round 8)
_ANNOTATION = re.compile(r"[A-Za-z_][\w.\[\], |]{0,80}?[ \t]?=(?!=)[ \t]?")
_INNER_ASSIGN = re.compile(r"[ \t]{0,8}[A-Za-z_][\w.-]{0,64}[ \t]{0,4}[=:]")
_NAME_ATTR = re.compile(r"[\"']?[ \t]{1,8}value[ \t]{0,4}=")


def _cjk(c: str) -> bool:
    """A kana, hangul or CJK ideograph letter."""
    return c >= "\u3040" and c.isalpha()


def key_span(m: re.Match[str], text: str, start: str, end: str) -> tuple[int, int] | None:
    """The whole key name around the lexicon word: from the identifier's start to ``m.end(end)``."""
    ws = m.start(start)
    ks = ws
    while ks > 0 and ws - ks < 64 and text[ks - 1] in _KEY_CHARS:
        ks -= 1
    if ks == ws and ks > 0 and _cjk(text[ks - 1]) and _cjk(text[ws]):
        # CJK writes a compound without a break (アクセストークン, 支付密码): its letters are the key's
        while ks > 0 and ws - ks < 16 and _cjk(text[ks - 1]):
            ks -= 1
    if ks > 0 and text[ks - 1].isalnum():
        return None
    while ks < ws and text[ks] in ".-":
        ks += 1
    return ks, m.end(end)


def vet_value(text: str, s: int, e: int, score: int, *, quoted: bool, spaced: bool = False) -> tuple[int, int] | None:
    """``[s, e)`` when it holds a secret for a key of ``score`` (see secret_values), else None."""
    value = text[s:e]
    if not has_alnum(value):
        return None
    if is_template(value) or is_reference(value, quoted=quoted, spaced=spaced):
        return None
    if score < 2 and not looks_generated(value):
        return None
    return strip_span(text, s, e)


def vetted(text: str, s: int, e: int, value: str, score: int, *, quoted: bool,
           spaced: bool = False) -> tuple[int, int] | None:
    """:func:`vet_value` for a ``value`` (``text[s:e]``) already known to hold a letter or digit (the
    same tests after the first; tests/redaction/test_fast_paths.py compares the two)."""
    if is_template(value) or is_reference(value, quoted=quoted, spaced=spaced):
        return None
    if score < 2 and not looks_generated(value):
        return None
    return strip_span(text, s, e)


_QUOTED_GROUPS = ("dq", "sq", "bq", "eq", "tq", "ts", "dr", "sr")
_VALUE_GROUPS = frozenset((*_QUOTED_GROUPS, "bare"))


_BLOCK_MARKS = frozenset({"|", ">", "|-", ">-", "|+", ">+"})
_BLOCK_LINES = 64  # a block scalar longer than this is a document, not a password


def _yaml_block(text: str, ks: int, eol: int, score: int) -> tuple[int, int] | None:
    """``password: |`` then lines indented deeper than the key (a YAML block scalar): the block is the value."""
    indent = ks - (text.rfind("\n", 0, ks) + 1)  # the key's column on its physical line
    start = end = -1
    for pos, line in _lines_after(text, eol):
        body = line.lstrip(" ")
        if body:
            if len(line) - len(body) <= indent:
                break  # the next key: the block has ended
            if start < 0:
                start = pos + len(line) - len(body)
            end = pos + len(line.rstrip(" \t"))
    return _vetted_block(text, start, end, score)


def _lines_after(text: str, eol: int):
    """(start, line without its ``\\r``) of up to _BLOCK_LINES lines after the newline at ``eol``."""
    pos = eol + 1
    for _ in range(_BLOCK_LINES):
        if pos >= len(text):
            return
        nl = text.find("\n", pos)
        nl = len(text) if nl < 0 else nl
        yield pos, text[pos:nl].rstrip("\r")
        pos = nl + 1


def _vetted_block(text: str, start: int, end: int, score: int) -> tuple[int, int] | None:
    """The block ``start:end`` unless it is empty or its first line is a template or a reference."""
    if start < 0:
        return None
    first = text.find("\n", start)
    first = end if first < 0 or first > end else start + len(text[start:first].rstrip("\r \t"))
    if vet_value(text, start, first, score, quoted=True) is None:
        return None  # the first line is a template or a reference: the block is no secret
    return start, end


_HEREDOC = re.compile(r"<<[-~]?[\"']?(?P<m>[A-Za-z_][A-Za-z0-9_]{0,20})[\"']?")


def _heredoc(text: str, eol: int, marker: str, score: int) -> tuple[int, int] | None:
    """The body of a here-document opened after a key (``db_password = <<EOT`` ... ``EOT``), when its
    first line holds a secret (the body of a longer document is a secret as a whole)."""
    start = end = -1
    for pos, line in _lines_after(text, eol):
        body = line.strip()
        if body == marker:
            break
        if body:
            if start < 0:
                start = pos + len(line) - len(line.lstrip())
            end = pos + len(line.rstrip())
    return _vetted_block(text, start, end, score)


#: A command that prints a stored password, run in backticks (muttrc ``set imap_pass = `pass show x```; round 14).
_PASS_COMMAND = re.compile(r"(?:pass|gopass|gpg2?|security|secret-tool|op|bw|lpass|keyring|kwallet-query|cat|head"
                           r"|vault|sops|age|pass-cli|rbw|keepassxc-cli|~?/[\w./-]{1,120}|[\w.-]{1,40}\.(?:sh|py|pl))[ \t]")
_SHELL_DIRS = frozenset(("PWD", "OLDPWD"))
#: Calls whose quoted arguments name a secret store and an entry in it (Chef, Ansible, Puppet, SDKs; round 10).
_STORE_LOOKUP = re.compile(r"(?:data_bag_item|vault_item|lookup|hiera|getsecret|get_secret)[ \t]{0,4}\([ \t]{0,4}$",
                           re.I)
#: The name of an entry in a stored secret: lower-case words joined by dashes (``postgres-password``).
_ENTRY_NAME = re.compile(r"[a-z]{1,30}(?:[-_.][a-z]{1,30}){0,5}")


_CALLEE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,60}")


def _later_call_arg(text: str, q: int) -> bool:
    """The quoted name opening at ``text[q]`` follows up to three quoted arguments of a call:
    ``config.set('db', 'password', V)``, Groovy's ``buildConfigField 'String', 'API_SECRET', V``."""
    p = q
    for _ in range(3):
        p = len(text[:p].rstrip(" \t"))
        if p < 1 or text[p - 1] != ",":
            return False
        p = len(text[:p - 1].rstrip(" \t"))
        quote = text[p - 1:p]
        if quote not in ("'", '"'):
            return False
        o = text.rfind(quote, max(0, p - 120), p - 1)
        if o < 0 or "\n" in text[o:p]:
            return False
        p = o
        before = text[:p].rstrip(" \t")
        if before.endswith("("):
            callee = before[-2:-1]
            return callee.isalnum() or callee == "_"  # a call, not a bare tuple of strings
        if len(before) < p:  # Groovy/Ruby: a command word then its arguments, at the line's start
            ls = before.rfind("\n") + 1
            return _CALLEE.fullmatch(before[ls:].lstrip(" \t")) is not None
    return False


#: What a quoted *command* holds after ``PGPASSWORD=v`` (``"PGPASSWORD=v psql -h db"``): its value ends at the blank.
_COMMAND_MARKS = (" -", "; ", "&&", "||", " | ", "\t-")


def _closing_quote(text: str, s: int, q: str) -> int:
    """Where the string that ``text[s]`` is inside closes with ``q`` on its line (a backslash escapes a
    double quote), within 1,024 characters; -1 when it does not."""
    eol = text.find("\n", s, s + 1025)
    lim = eol if eol >= 0 else min(len(text), s + 1025)
    j = text.find(q, s, lim)
    while j > 0 and q == "\"":
        k = j
        while k > s and text[k - 1] == "\\":
            k -= 1
        if (j - k) % 2 == 0:
            break
        j = text.find(q, j + 1, lim)
    return j


#: The closing bracket of a printed object or record after its last field's bare value.
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}
_OPENERS = frozenset("([{")
#: What stands before a field of a printed object on its line: a type's name and its bracket (Kotlin
#: ``DbConfig(``, Java's ``DbCreds[``, Go's ``main.Config{`` and ``map[``, C#'s ``DbOptions { ``), or an
#: earlier field and its separator (``host=db, ``, Go's ``Port:5432 ``).
_FIELD_LEAD = re.compile(r"(?:[\w.$@#&<>*-]{0,80}[ \t]?[(\[{]|[\w.-]{1,64}[ \t]?[=:][ \t]?[^\s,;]{1,256}[,;]?)[ \t]{1,2}$"
                         r"|[\w.$@#&<>*-]{0,80}[(\[{]$")
_GO_LEAD = re.compile(r"(?:\{|map\[|[A-Za-z_]\w{0,63}:[^\s:]{1,256} )$")
#: A field of a Go ``%+v`` print after a value (``Password:V SSL:false``): not a sentence going on.
_NEXT_FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,40}:(?=[^\s:/])")


def _in_field_list(text: str, ks: int, go: bool) -> bool:
    """Whether the key at ``ks`` is a field of a printed object or record: a type's bracket or an
    earlier field right before it on the line (Kotlin/Lombok ``User(id=1, password=V)``, Go ``%+v``).
    ``go``: the key is joined to its value by a bare colon, which only Go prints (``{Password:V}``,
    ``map[password:V]``, ``Port:5432 Password:V``; PHP's ``[password:protected]`` is no field)."""
    if ks == 0 or text[ks - 1] not in " \t([{":
        return False
    ls = max(text.rfind("\n", 0, ks) + 1, ks - 300)
    if go:
        return _GO_LEAD.search(text, ls, ks) is not None
    return _FIELD_LEAD.search(text, ls, ks) is not None


#: A key-value store's path before the last key on a line of its own (consul kv get -recurse ``app/db/password:V``).
_KV_PATH = re.compile(r"[ \t]{0,8}[\w.-]{1,64}(?:/[\w.-]{1,64}){0,16}/")


def _kv_path(text: str, ks: int) -> bool:
    """Whether the key at ``ks`` ends a store path that leads its line (``app/db/password:V``)."""
    if text[ks - 1:ks] != "/":
        return False
    return _KV_PATH.fullmatch(text, text.rfind("\n", 0, ks) + 1, ks) is not None


def _printed_value(value: str, s: int, e: int) -> tuple[str | None, int]:
    """A bare value without the closing brackets of the object it was printed in (``V)``, ``V]``,
    ``V})``); None when what is left reads as a variable (``connect(password=pw)``)."""
    v = value
    while v and v[-1] in _CLOSERS and v.count(v[-1]) > v.count(_CLOSERS[v[-1]]):
        v = v[:-1]
    if not v or _NEXT_FIELD.match(v):
        return None, e  # Go's ``Password: SSLMode:disable}``: an empty field, then the next one
    if v.isidentifier() and v.isascii() and not any(c.isdigit() for c in v) and (
            len(v) <= 3 or key_score(v) or is_reference(v, quoted=False, spaced=True)):
        return None, e  # ``connect(password=pw)``, ``f(password=passwd)``, ``Client(api_key=apiKey)``: a name
    return v, s + len(v)


def refine_assignment(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """Key/value assignment: score the whole key name, then pick and vet the value."""
    ks_ke = key_span(m, text, "suffix", "tail")
    if ks_ke is None:
        return None
    ks, ke = ks_ke
    if text[ks - 2:ks] == "${":
        return None  # a shell default ${NAME:-value}: the shell-default row reads it
    key = text[ks:ke]
    score = key_score(key)
    op = m.group("op")
    if op == "=" and text[ks - 1:ks] == "," and text[m.end("op"):m.end("op") + 1] in (" ", "\t"):
        return None  # an empty option of a comma list (fstab guest,uid=1000,password= 0 0): the next field follows
    # a label in two words (``WiFi key: V``): where it starts, or -1
    label = _spaced_key(text, ks, key) if score < 2 and text[ks - 1:ks] == " " and op in (":", "=") else -1
    if not score:
        return None
    if label >= 0 and m.lastgroup in _QUOTED_GROUPS:
        score = 2  # ``Api Key: 'v'``: the two words name the secret, the quotes make the value a literal
    if key.lower() == "secret" and text[ks - 2:ks] == "--" and op == "=":
        rest = text[m.end("op"):m.end("op") + 200].split(None, 1)
        if rest and names_a_secret(text, ks, rest[0].strip("\"'")):
            return None  # gcloud secrets versions access --secret=NAME: a stored secret's name
    if key in _SHELL_DIRS and text[m.end("op"):m.end("op") + 2].lstrip("\"'")[:1] in ("/", "~"):
        return None  # the shell's PWD=/home/u/src: the working directory, not a password
    if (op[0] == "." or m.start("ty") >= 0) and m.start("bare") >= 0:
        return None  # password.equals(other), password: str = other: a variable, not a literal
    if op == ",":
        # a quoted name then a quoted value as the first call arguments: define('DB_PASSWORD', '…')
        q = m.group("q1")[-1:]
        if q not in ("\"", "'") or m.start("bare") >= 0 or text[ks - 1:ks] != q:
            return None
        if text[max(0, ks - 9):ks - 1].rstrip(" \t")[-1:] != "(" and not _later_call_arg(text, ks - 1):
            return None  # a list or tuple of strings, not a call
        if text[m.end():m.end() + 8].lstrip(" \t").startswith(":"):
            return None  # "token", "value": … is a JSON key
        if _STORE_LOOKUP.search(text, max(0, ks - 48), ks - 1):
            return None  # data_bag_item('secrets', 'mysql'), lookup('password', '/tmp/pw'): where a secret is kept
    spaced = text[m.start("op") - 1:m.start("op")] in (" ", "\t") and op in ("=", ":=")
    # the value's group is the last one the match closed: one lookup instead of a span per group
    last = m.lastgroup
    for g in _QUOTED_GROUPS if last not in _VALUE_GROUPS else (last,) if last != "bare" else ():
        s, e = m.span(g)
        if s >= 0:
            if _NAME_ATTR.match(text, e):
                return None  # <add key="DbPassword" value="…"/>: the name stays, the pair rule takes the value
            if op == "," and _FLAG_WORD.fullmatch(text, s, e):
                return None  # exec.Command("sshpass", "-p", …): a command and its flag, not a name and value
            if g in ("tq", "ts") and (score < 2 or _INNER_ASSIGN.match(text, s)):
                return None  # key = '''DB_PASSWORD=…''': a snippet in a docstring, its own rows read it
            if g == "bq" and _PASS_COMMAND.match(text, s, e) and is_reference(text[s - 1:e + 1], quoted=True):
                return None  # muttrc set imap_pass = `pass show mail/x`: the output of a command (round 14)
            sp = vet_value(text, s, e, score, quoted=True)
            return _joined(text, sp) if sp is not None and g in ("dq", "sq", "dr", "sr") else sp
    s, e = m.span("bare")
    if s < 0:
        return None
    value = text[s:e]
    q = text[ks - 1:ks]
    if q in ("\"", "'") and op == "=" and m.group("q1") == "":
        # ``Environment="DB_PASSWORD=a;b c"``, ``-e 'TOKEN=a b'``, ``["API_KEY=a\\"b"]``: the pair is one quoted
        # string, so the value runs to its closing quote, past the ``;``, blanks or escapes a bare value stops at
        close = _closing_quote(text, s, q)
        if close > e and not any(c in text[e:close] for c in _COMMAND_MARKS):
            return vet_value(text, s, close, score, quoted=True)
    lit = _PREFIXED_STRING.match(text, s)
    if lit:  # b"…", r'…', f"…": a string literal with a prefix
        g = lit.lastgroup or "w"
        return vet_value(text, lit.start(g), lit.end(g), score, quoted=True)
    fields = None  # whether the key is a printed object's field: asked only when it matters
    if value[-1:] in _CLOSERS and op in ("=", ":"):
        fields = _in_field_list(text, ks, op == ":" and s == m.end("op"))
        if fields:
            value, e = _printed_value(value, s, e)  # ``DbCreds[user=ops, password=V]``: the record's bracket stays
            if value is None:
                return None
    if (op == "=" and text[e:e + 1] in (",", ")") and _NAMED_VAR.fullmatch(value) and key_score(value)
            and _in_field_list(text, ks, False)):
        return None  # ``connect(user=user, password=db_password, port=1)``: a variable named like the secret
    if op == ":" and s == m.end("op") and m.group("q1") == "" and (":" in value or _SNAKE.fullmatch(value)) and (
            ":" in value or not (fields or fields is None and _in_field_list(text, ks, True) or _kv_path(text, ks))):
        return None  # ``builtin:credentials:generic_key``: a namespace, not ``key: value``
    if ks and text[ks - 1] in "?&":
        amp = value.find("&")
        if amp > 0:
            value, e = value[:amp], s + amp  # a query string: the next parameter is not part of the value
    line_start, cell = logical_line_start(text, ks if label < 0 else label)
    key_leads_line = _LINE_PREFIX.fullmatch(text, line_start, ks if label < 0 else label) is not None
    if key_leads_line and op in ("=", ":", ":=", "?=") and text[m.end("q1"):m.start("op")].strip() == "":
        eol = text.find("\n", s)
        eol = len(text) if eol < 0 else eol
        if eol - s <= 1024:
            rest = text[s:cell_value_end(text, s, eol, cell)]
            cm = _TRAILING_COMMENT.search(rest)
            if cm:
                rest = rest[: cm.start()]
            rest = rest.rstrip(" \t\r,;")
            if rest.endswith((" \\", "\t\\")):
                rest = rest[:-1].rstrip(" \t")  # ``KEY=v \``: the command goes on, the value does not
            if rest.endswith(")") and (remark := _REMARK.search(rest)) is not None and not any(
                    c in " \t" for c in rest[:remark.start()]):
                rest = rest[:remark.start()]  # ``Token = V (expires Friday)``: a remark after one word (round 14)
            hd = _HEREDOC.fullmatch(rest) if rest[:2] == "<<" else None
            if hd is not None:
                return _heredoc(text, eol, hd.group("m"), score)  # HCL/Ruby ``db_password = <<EOT``
            if rest and not rest.startswith(("{", "[", "|", ">")):
                value = rest
                e = s + len(rest)
            elif op == ":" and rest in _BLOCK_MARKS:
                return _yaml_block(text, ks, eol, score)
    if op == ":":
        ann = _ANNOTATION.match(value)
        if ann:  # ``password: str = "…"``: the default after the type is the value
            s += ann.end()
            value = text[s:e]
            if len(value) >= 2 and value[0] in "\"'" and value[-1] == value[0]:
                return vet_value(text, s + 1, e - 1, score, quoted=True)
    words = value.split()
    first = words[0].lower() if words else ""
    if first.rstrip("),;:]}") in LITERALS and first not in ("secret", "password", "token", "key"):
        return None  # ``password: str``, ``token = None  # set later``, ``def f(password=None):``
    if first.strip("\"'`,;") in key.lower().replace("-", "_").split("_") + [key.lower()]:
        return None  # ``password=password``, ``salt: Salt``: the value names the key itself
    if not has_alnum(value):
        return None
    if key.lower().endswith(("passwordkey", "password_key", "passwdkey")) and _ENTRY_NAME.fullmatch(value) and (
            "pass" in value or "pwd" in value):
        return None  # Bitnami's adminPasswordKey: postgres-password names the entry of an existing Secret
    if op == ":" and value.isidentifier() and value.isascii() and (
            "param " + value + " " in text or "var " + value + " " in text):
        return None  # Bicep ``administratorLoginPassword: adminPassword``: the param or var declared above
    if value[:1] == "#" and _CSS_COLOUR.fullmatch(value) and (text[ks - 2:ks] == "--" or "colo" in key.lower()):
        return None  # ``--color-secret-badge: #46bcb3;``: a CSS colour of a custom property
    if op == ":" and not key_leads_line:
        if first in BUILTIN_ALLOW:
            return None  # prose: "the API key: it is in the vault"
        if text[e:e + 2][:1] == " " and text[e + 1:e + 2].isalpha() and not looks_generated(value) and (
                _NEXT_FIELD.match(text, e + 1) is None):
            return None  # prose continues after the word: "Keyless secrets: random-looking tokens"
    elif (op == ":" and ks == m.start("suffix") and first in BUILTIN_ALLOW and text[ks].isupper() and len(words) > 1
          and not _word_passphrase(words) and text[m.end("op"):m.end("op") + 2] != "  "):
        return None  # prose: "Token: the token rotates daily" (not "Passphrase: purple monkey dishwasher")
    if label >= 0 and _phrase(value):
        return strip_span(text, s, e)  # ``WiFi key: purple-monkey-dishwasher``: the weak key's value is words
    sp = vetted(text, s, e, value, score, quoted=False, spaced=spaced)  # ``value`` is ``text[s:e]``, tested above
    if sp is not None and text[sp[1] - 1] == "\\" and not any(c in " \t" for c in text[sp[0]:sp[1]]):
        return _continued(text, sp)
    return sp


#: A bracketed remark after a one-word value: ``V (expires Friday)``, ``V  (rotated 2026-03)``.
_REMARK = re.compile(r"(?<=\S)[ \t]{1,3}\([^()\n]{1,80}\)$")


#: A word that makes a run of words after a label read as a sentence, not as a passphrase.
_PROSE_WORDS = frozenset(
    "the a an and or but for to of in on at by with from into onto as is are was were be been being has have had "
    "do does did can could will would shall should may might must not no yes it its this that these those there "
    "here we you your our their they them he she his her who which what when where why how if then than see ask "
    "via per same set stored kept saved sent given provided required optional enough only also just please".split()
)


#: Title-case words a form writes in a password's field when it gives none (``Password: Not Yet Set``).
_FIELD_WORDS = frozenset("set required provided available changed unknown default none same email vault entry "
                         "pending blank empty reset expired locked disabled enabled hidden masked every rotates expires"
                         " daily weekly monthly days hours".split())


def _word_passphrase(words: list[str]) -> bool:
    """Three to eight lower-case words without a function word (``purple monkey dishwasher``): a passphrase,
    where a label's prose (``Token: the token rotates daily``, ``Password: stored in the vault``) is a sentence;
    or four to eight words in Title Case (``Open Door Blue Sky Fish Tree``; lead round 12), none a field's word."""
    if not 3 <= len(words) <= 8 or not all(w.isascii() and w.isalpha() for w in words):
        return False
    if all(w.islower() for w in words):
        return _PROSE_WORDS.isdisjoint(words)
    if len(words) < 4 or not all(w[0].isupper() and w[1:].islower() and len(w) > 1 for w in words):
        return False
    low = [w.lower() for w in words]
    return _PROSE_WORDS.isdisjoint(low) and _FIELD_WORDS.isdisjoint(low)


#: First words of a directive line that is a sentence about the setting (``DB_PASSWORD expired 3 days ago``).
_ABOUT_WORDS = frozenset("expired expires missing invalid changed rotated rotation reset updated needed needs not "
                         "found unset empty ok error failed must should is was will can see".split())


def spaced_secret(value: str) -> bool:
    """Words after a styled name (``OAUTH_CLIENT_SECRET Copper amber 45 lantern?``, ``SESSION_SECRET thunder
    meadow cactus orbit``): a passphrase of plain words, or capitalised words with a digit or symbol."""
    words = value.split()
    if not 2 <= len(words) <= 8 or words[0].lower() in _ABOUT_WORDS or "  " in value or "\t" in value:
        return False  # (blank runs are columns: ``DefaultPassword    REG_DWORD    0x1``)
    if _word_passphrase(words):
        return True
    if any(w.strip("()[].,;:!?\"'").lower() in _PROSE_WORDS for w in words):
        return False  # ``(stored in vault)``, ``see the wiki``: a note about the secret
    first = words[0]
    return (first[:1].isupper() or first[:1].isdigit()) and any(c.isdigit() or c in "!#$%&*+?@^~" for c in value)


def _spaced_key(text: str, ks: int, key: str) -> int:
    """Where a key of one weak word starts its label with the qualifier word and blank before it, the two
    leading their line and scoring as a secret's name together (``WiFi key:``, ``license key =``, ``WPA2
    key:``); -1 otherwise."""
    ws = ks - 1
    while ws > 0 and ks - ws < 24 and text[ws - 1].isalnum():
        ws -= 1
    if ws == ks - 1 or not text[ws].isalpha():
        return -1
    line_start, _ = logical_line_start(text, ws)
    if _LINE_PREFIX.fullmatch(text, line_start, ws) is None or key_score((text[ws:ks] + key).lower()) != 2:
        return -1
    return ws


#: Three to eight lower-case words joined by dashes, dots or underscores (``purple-monkey-dishwasher``).
_JOINED_WORDS = re.compile(r"[a-z]{2,20}(?:[-._][a-z]{2,20}){2,7}")


def _phrase(value: str) -> bool:
    """A passphrase of words: ``purple monkey dishwasher`` or ``purple-monkey-dishwasher`` (no function word)."""
    if _JOINED_WORDS.fullmatch(value):
        value = value.replace("-", " ").replace(".", " ").replace("_", " ")
    return _word_passphrase(value.split())


_CONTINUATION = re.compile(r"\r?\n[ \t]{0,40}(?P<v>[^\s\\\"'`]{1,512})")


#: The next piece of a string written as adjacent literals: ``"ab" "cd"`` (C, Python, Go raw concatenation);
#: pieces joined by an operator (``'SG.' + '…'``) are each replaced by the shape rows, the operator stays.
_NEXT_PIECE = re.compile(r"[\"'][ \t]{1,4}(?:\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}')")


def _joined(text: str, sp: tuple[int, int]) -> tuple[int, int]:
    """A quoted value followed by more string pieces is one value: the span runs to the last piece."""
    s, e = sp
    for _ in range(8):
        m = _NEXT_PIECE.match(text, e)
        if m is None:
            break
        e = m.end() - 1
    return s, e


def _continued(text: str, sp: tuple[int, int]) -> tuple[int, int]:
    """A bare value that ends in a line continuation (``PASSWORD=ab\\`` then ``cd``) takes in the next
    line's first word: the shell joins them into one value."""
    m = _CONTINUATION.match(text, sp[1])
    return (sp[0], m.end("v")) if m is not None else sp


def refine_cli(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    while e > s + 1 and text[e - 1] == "`" and text[s] != "`":
        e -= 1  # the closing backtick of inline code in docs
    value = text[s:e].strip("\"'")
    if not has_alnum(value) or value.startswith("$") or is_template(value):
        return None  # ``"-p", "v"``: the quote after -p opens the next list item
    if value[0] in "%<{@" and (is_reference(value, quoted=False) or is_reference(value.rstrip(",;.|"), quoted=False)):
        return None  # ``--password <value>,`` in a sentence listing the forms
    if file_value(value):
        return None  # geth/clef/besu --password /srv/eth/pw.txt: these clients read the secret from a file
    if m.group("flag").startswith("-secret") and names_a_secret(text, m.start(), value):
        return None
    if m.group("flag") == "p":
        if value[0].isdigit() and all(c.isdigit() or c in ":./-" for c in value):
            return None  # port mappings such as -p8080:80
        if value.lower() in ("thread", "threads", "ipe", "ython", "kcs12", "kcs11", "kcs8", "kcs7"):  # -pkcs12
            return None
        if value.lower().startswith(_P_LONG):
            return None  # -password-file PATH, -pass_env VAR: a one-dash flag that names where the secret is
        if value.lower() in _P_WORDS:  # a one-dash long flag (plink -pw V, influx -password V): V is next
            return _next_arg(text, e)
        if value.lower().startswith(("assin", "assout")):
            return None  # openssl -passin pass:V: the tool table reads it
        if value.lower().startswith(("ass", "w")) and value.lower().endswith("file"):
            return None  # x11vnc -passwdfile F, -passfile F: a one-dash flag naming a file
        one = _ONE_DASH.fullmatch(value)
        if one is not None:  # a Go-style one-dash long flag (vault -policy=ops, terraform -parallelism=10)
            head = "p" + one.group("h")
            if head[:-1] in _P_WORDS or head in ("pass", "passwd", "password", "passphrase", "pwd"):
                return strip_span(text, s + one.start("v"), e) if one.start("v") >= 0 else None
            if one.group("v") is not None or head.split("-", 1)[0] in BUILTIN_ALLOW:
                return None
    return strip_span(text, s, e)


#: ``-p`` then the rest of a one-dash long flag: lower-case words joined by dashes, maybe ``=value``.
_ONE_DASH = re.compile(r"(?P<h>[a-z]{1,30}(?:-[a-z]{1,30}){0,4})(?:=(?P<v>[^\s]{0,256}))?")


#: What follows ``-p`` in a one-dash long flag whose value is the next argument.
_P_WORDS = frozenset(("w", "wd", "ass", "asswd", "assword", "assphrase"))
_P_LONG = tuple(w + sep for w in sorted(_P_WORDS) for sep in "-_")
_NEXT_ARG = re.compile(r"[ \t]{1,4}(?:\"(?P<d>[^\"\r\n]{1,256})\"|'(?P<s>[^'\r\n]{1,256})'|(?P<b>[^\s\"'\-][^\s\"']{0,255}))")


def _next_arg(text: str, e: int) -> tuple[int, int] | None:
    m = _NEXT_ARG.match(text, e)
    if m is None:
        return None
    g = next(g for g in ("d", "s", "b") if m.start(g) >= 0)
    value = m.group(g)
    if value.startswith("$") or is_template(value) or not has_alnum(value):
        return None
    return strip_span(text, *m.span(g))


def refine_openai(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span()
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] in "_-"):
        return None
    body = m.group("body")
    if not mixed_token(body) or body.startswith("ant-"):
        return None
    return (s, e)


def refine_hex(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span()
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] == "_"):
        return None
    if e < len(text) and (text[e].isalnum() or text[e] == "_"):
        return None
    return (s, e)


def refine_bearer(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    value = text[s:e]
    if value.startswith(("$", "{", "<")) or is_template(value):
        return None
    if m.group("hdr") is None and not mixed_token(value):
        return None
    return (s, e)


def refine_userinfo(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """``user:password`` of a URL, unless the password is a placeholder (``{FRIGATE_RTSP_PASSWORD}``,
    ``${CAM_PASSWORD}``, ``<password>``): a template's URL holds no secret."""
    s, e = m.span("v")
    colon = text.find(":", s, e)
    pw = text[colon + 1:e]
    if pw[:1] in "{$<" and _URL_PLACEHOLDER.fullmatch(pw):
        return None
    return strip_span(text, s, e)


#: A placeholder password: ``{NAME}`` in upper or lower snake case (Frigate's ``{FRIGATE_RTSP_PASSWORD}``,
#: ``{password}``), ``${NAME}``, ``$UPPER_NAME``, ``<password>``; not a password in braces (``{Xy7qP}``) or
#: one that starts with a dollar (``$Xy7qP9``).
_URL_PLACEHOLDER = re.compile(r"\$?\{(?:[A-Z][A-Z0-9_]{1,80}|[a-z][a-z_]{1,80})\}|\$[A-Z][A-Z0-9_]{1,80}"
                              r"|<[a-z][a-z _-]{1,60}>")
