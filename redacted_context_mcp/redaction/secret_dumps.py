"""Context grammars spread over several lines: SQL dumps, Terraform state and variables, tables, prose.

- **SQL dumps**: a ``CREATE TABLE`` whose column is named like a secret
  (``password_hash``, ``api_key``, ``token``) marks that column; the values in
  that position of the table's ``INSERT ... VALUES (...)`` rows are secrets.
- **Terraform state / plan JSON**: an object marked ``"sensitive": true`` has
  its ``"value"`` redacted, whatever the output is called.
- **HCL variables**: ``default = "…"`` inside ``variable "db_password" { }``
  (or any variable with ``sensitive = true``).
- **Tables**: a Markdown/ASCII row ``| DB_PASSWORD | value |`` (the name cell stays).
- **Prose**: a value right after "password"/"pw"/"passcode"/"passphrase"/"pin"
  and a cue ("is", "was", ":", "reset to", "changed to", "you sent,") when it
  does not read as a word (it has a digit, a symbol, or mixed case inside);
  meeting passcodes and card CVC/CVV/security codes next to their labels.

Imports: redaction.secret_keys, redaction.secret_prose, redaction.secret_refine, redaction.secret_values,
redaction.spans, redaction.textview, redaction.wordlists.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_nonvalues import is_measure
from redacted_context_mcp.redaction.secret_prose import _LEX, joined_words
from redacted_context_mcp.redaction.secret_refine import spaced_secret
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import letter_words
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW

_CREATE = re.compile(r"create[ \t]{1,8}table[ \t]{1,8}(?:if[ \t]{1,4}not[ \t]{1,4}exists[ \t]{1,4})?"
                     r"(?P<t>[`\"\[]?[\w.]{1,128}[`\"\]]?)"
                     r"[ \t]{0,8}\(")
_INSERT = re.compile(r"insert[ \t]{1,8}into[ \t]{1,8}(?P<t>[`\"\[]?[\w.]{1,128}[`\"\]]?)[ \t]{0,8}"
                     r"(?:\((?P<cols>[^)]{1,4096})\))?"
                     r"[ \t\r\n]{0,8}values[ \t\r\n]{0,8}")
_SQL_VALUE = re.compile(r"'(?:[^'\\]|\\.|''){0,4096}'|\"(?:[^\"\\]|\\.){0,4096}\"|[^,()'\"\s]{1,256}|[(),]|\s{1,64}")
_BIND = re.compile(r"\?|\$\d{1,3}|[:@]\w{1,64}|%s|%\(\w{1,64}\)s|(?i:default)")
_CONSTRAINT = frozenset("primary key unique constraint foreign index check fulltext spatial".split())


def _norm(name: str) -> str:
    return name.strip("`\"[]").lower().rsplit(".", 1)[-1]


def _secret_column(name: str) -> bool:
    return key_score(name) == 2 or name.lower() in ("token", "secret", "salt")


def _table_columns(text: str, low: str) -> dict[str, tuple[list[str], set[int]]]:
    tables: dict[str, tuple[list[str], set[int]]] = {}
    for m in _CREATE.finditer(low):
        end = low.find(");", m.end())
        end = len(low) if end < 0 or end - m.end() > 20000 else end
        cols: list[str] = []
        depth = 0
        body = text[m.end():end]
        # split the column list on top-level commas
        parts, cur = [], []
        for ch in body:
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append("".join(cur))
                cur = []
            else:
                cur.append(ch)
        parts.append("".join(cur))
        for part in parts:
            words = part.split()
            if not words or words[0].lower() in _CONSTRAINT:
                continue
            cols.append(words[0].strip("`\"[]"))
        secret = {i for i, c in enumerate(cols) if _secret_column(c)}
        if secret:
            tables[_norm(m.group("t"))] = (cols, secret)
    return tables


def find_sql_dump(text: str, low: str, out: list[Hit]) -> None:
    """Values in the secret columns of ``INSERT`` rows: columns named like a secret in the row's own
    column list, or in the ``CREATE TABLE`` of its table in the same text."""
    tables = _table_columns(text, low) if "create" in low else {}
    for m in _INSERT.finditer(low):
        entry = tables.get(_norm(m.group("t")))
        if m.group("cols"):
            named = [c.strip().strip("`\"[]") for c in text[m.start("cols"):m.end("cols")].split(",")]
            if entry is not None:
                cols = entry[0]
                secret = {i for i, c in enumerate(named) if c in cols and cols.index(c) in entry[1]}
            else:
                secret = {i for i, c in enumerate(named) if _secret_column(c)}
        elif entry is not None:
            secret = entry[1]
        else:
            continue
        if secret:
            _insert_rows(text, m.end(), secret, out)


def _insert_rows(text: str, pos: int, secret: set[int], out: list[Hit]) -> None:
    depth, col = 0, 0
    for tm in _SQL_VALUE.finditer(text, pos, min(len(text), pos + 2_000_000)):
        t = tm.group()
        if t == "(":
            depth += 1
            col = 0
        elif t == ")":
            depth -= 1
            if depth < 0:
                return
        elif t == ",":
            if depth == 1:
                col += 1
        elif t.isspace():
            continue
        elif depth == 0:
            return
        elif depth == 1 and col in secret:
            s, e = tm.span()
            if text[s] in "'\"":
                s, e = s + 1, e - 1
            v = text[s:e]
            if tm.start() == s and _BIND.fullmatch(v):
                continue  # a bind parameter (?, $2, :pw, %s, @pw) or DEFAULT: the value is elsewhere
            if e > s and v.upper() != "NULL" and not is_template(v):
                out.append(Hit(s, e, "SECRET", "sql-dump-column"))


_SENSITIVE = re.compile(r"\"sensitive\"[ \t]{0,8}:[ \t]{0,8}true")
_TF_VALUE = re.compile(r"\"value\"[ \t]{0,8}:[ \t]{0,8}\"(?P<v>(?:[^\"\\\r\n]|\\.){1,4096})\"")


def find_sensitive(text: str, low: str, out: list[Hit]) -> None:
    """``"value"`` strings of JSON objects marked ``"sensitive": true`` (Terraform state and plans)."""
    for m in _SENSITIVE.finditer(low):
        lo = low.rfind("{", max(0, m.start() - 8192), m.start())
        hi = low.find("}", m.end(), m.end() + 8192)
        if lo < 0:
            continue
        hi = len(low) if hi < 0 else hi
        for vm in _TF_VALUE.finditer(text, lo, hi):
            s, e = vm.span("v")
            if not is_template(text[s:e]) and not is_reference(text[s:e], quoted=True):
                out.append(Hit(s, e, "SECRET", "sensitive-value"))


_HCL_VARIABLE = re.compile(r"variable[ \t]{1,8}\"(?P<k>[^\"\r\n]{1,80})\"[ \t]{0,8}\{(?P<body>[^{}]{0,4000})\}")
_HCL_DEFAULT = re.compile(r"\bdefault[ \t]{0,8}=[ \t]{0,8}\"(?P<v>[^\"\r\n]{1,1024})\"")
_HCL_SENSITIVE = re.compile(r"\bsensitive[ \t]{0,8}=[ \t]{0,8}true\b")


def find_hcl_defaults(text: str, low: str, out: list[Hit]) -> None:
    """``default = "…"`` of Terraform/HCL variables named like a secret or marked ``sensitive = true``."""
    for m in _HCL_VARIABLE.finditer(text):
        body_s, body_e = m.span("body")
        if key_score(m.group("k")) < 2 and not _HCL_SENSITIVE.search(text, body_s, body_e):
            continue
        for d in _HCL_DEFAULT.finditer(text, body_s, body_e):
            s, e = d.span("v")
            if not is_template(text[s:e]) and not is_reference(text[s:e], quoted=True):
                out.append(Hit(s, e, "SECRET", "hcl-variable-default"))


#: Box-drawing tables read as ASCII ones (one character for one, so columns and spans keep their place).
BOX_VIEW = str.maketrans("─━═┼├┤┬┴┌┐└┘╞╡╪╤╧╒╕╘╛│┃║", "---" + "+" * 18 + "|||")
_BOX_BARS = ("│", "┃", "║")
_CELL_PAIR = re.compile(
    # (a key cell may be in any script: ``| SENHA | V |``, ``| ПАРОЛЬ | V |``)
    r"\|[ \t]{0,8}(?P<k>(?:[^\W\d]|[*`])[\w .*`-]{0,60}?)[ \t]{0,8}\|"
    r"[ \t]{0,8}(?P<v>[^|\s][^|\r\n]{0,200}?)[ \t]{0,8}(?=\|)"
)


_TABLE_RULE = re.compile(
    r"[ \t]{0,8}\|?(?:[ \t]{0,8}:?-{3,200}:?[ \t]{0,8}\|){1,40}[ \t]{0,8}(?::?-{3,200}:?[ \t]{0,8})?"
)


def _cells(line: str, base: int) -> list[tuple[int, int]]:
    """Spans (in the text) of the cells of a ``| a | b |`` row, edge blanks excluded."""
    spans, pos = [], line.find("|") + 1
    while True:
        nxt = line.find("|", pos)
        if nxt < 0:
            return spans
        s, e = pos, nxt
        while s < e and line[s] in " \t`*":
            s += 1
        while e > s and line[e - 1] in " \t`*":
            e -= 1
        spans.append((base + s, base + e))
        pos = nxt + 1


#: A header whose secret word is a bare ``pass``, maybe after words of order or kind (``first pass``, ``Pass``).
_PASS_HEADER = re.compile(r"(?:(?:first|second|third|last|later|best|each|per|one|dry|warm|cold|single|double"
                          r"|final|next|test|tests|check|checks)[ \t]{1,3}){0,2}pass(?:es|ed)?"
                          r"(?:[ \t]{0,2}[,(][^|\n]{0,40})?")
#: A test's verdict in a pass column (a bare number stays a secret there: a PIN under ``| pass |``).
_VERDICTS = frozenset(("✓", "✔", "✗", "✘", "x", "X", "yes", "no", "ok", "OK", "pass", "fail", "PASS", "FAIL"))


def _md_columns(text: str, out: list[Hit]) -> None:
    """A table whose header names a secret column (``| service | credential |``): each body cell below it."""
    i = text.find("---")
    while i >= 0:
        ls = text.rfind("\n", 0, i) + 1
        le = text.find("\n", i)
        le = len(text) if le < 0 else le
        if ls > 0 and _TABLE_RULE.fullmatch(text, ls, le):
            hs = text.rfind("\n", 0, ls - 1) + 1
            header = _cells(text[hs:ls - 1], hs)
            secret = [k for k, (s, e) in enumerate(header) if key_score(text[s:e]) >= 2]
            # a run's or a test's pass (``| first pass |``, ``| pass |`` over counts): figures, not passwords
            passes = {k for k in secret if _PASS_HEADER.fullmatch(text[slice(*header[k])].lower())}
            pos = le + 1
            while secret and pos < len(text):
                re_ = text.find("\n", pos)
                re_ = len(text) if re_ < 0 else re_
                row = text[pos:re_]
                if not row.strip().startswith("|"):
                    break
                cells = _cells(row, pos)
                for k in secret:
                    if k < len(cells):
                        cell = text[slice(*cells[k])]
                        if k in passes and (is_measure(cell) or cell in _VERDICTS):
                            continue
                        _cell_value(text, *cells[k], out)
                pos = re_ + 1
            i = text.find("---", le)
        else:
            i = text.find("---", le)


def _cell_value(text: str, s: int, e: int, out: list[Hit]) -> None:
    v = text[s:e]
    if not v or is_template(v) or is_reference(v, quoted=True) or not any(c.isalnum() for c in v):
        return
    words = v.split()
    figures = all(len(w) == 1 and not w.isalpha() for w in words)  # a code read as figures: ``1 9 7 3 *``
    if len(words) > 3 and not figures or len(words) > 1 and all(w.isalpha() for w in words):
        return  # a description column, not a value
    if _wordish(v) and v.lower() in BUILTIN_ALLOW:
        return
    out.append(Hit(s, e, "SECRET", "table-cell"))


cell_value = _cell_value  # the shared cell check (secret_tables reads query results with it)


def find_table_cells(text: str, out: list[Hit]) -> None:
    """Markdown/ASCII table rows whose cell names a secret and whose next cell holds it: ``| password | … |``,
    and body cells under a header that names a secret column."""
    if not text.isascii() and any(b in text for b in _BOX_BARS):
        text = text.translate(BOX_VIEW)  # sqlite .mode box, DuckDB, rich: bars read as ``|``
    if "---" in text:
        _md_columns(text, out)
    for m in _CELL_PAIR.finditer(text):
        key = m.group("k").strip("*` ")
        if key_score(key) < 2:
            continue
        ls = text.rfind("\n", 0, m.start()) + 1
        le = text.find("\n", m.end())
        line = text[ls:le if le >= 0 else len(text)].strip()
        if not (line.startswith("|") and line.endswith("|")):
            continue  # a table row opens and closes with a bar (regex alternations do not)
        s, e = m.span("v")
        while s < e and text[s] in "`*":
            s += 1
        while e > s and text[e - 1] in "`*":
            e -= 1
        if " " in text[s:e] and spaced_secret(text[s:e]):
            out.append(Hit(s, e, "SECRET", "table-cell"))  # ``| db.password | Falcon glacier 18 glacier! |``
            continue
        _cell_value(text, s, e, out)


_PROSE = re.compile(
    r"(?P<w>password|passwd|passphrase|passcode|pass|pwd|pw|pin)\b"
    r"(?:[ \t]{1,3}(?:for|of|to|del|della|du|de|do|da|für|fürs|voor|van|för|til|dla)[ \t]{1,3}[\w.@-]{1,40}"
    r"(?:[ \t]{1,3}[\w.@-]{1,40}){0,2})?"
    r"(?:[ \t]{1,3}(?:you|i|we|they|he|she)[ \t]{1,3}(?:sent|gave|shared|used|set|chose|picked))?"
    r"[ \t]{0,3}(?:(?:(?:is|was|has been|got|been)[ \t]{1,3})?(?:reset|changed|set|updated)[ \t]{1,3}(?:to|as)"
    r"|,|:|=|-|is now|is still|is|was|are|will be|has been|è|é|est|ist|es|er|är|jest|je|on):?[ \t]{1,3}"
    r"(?:\"(?P<q>[^\"\r\n]{3,64})\"|[\"'“‘`*]{0,2}(?P<v>[^\s\"'”’`*]{3,64}))"
)
_CODE_LABEL = re.compile(
    r"(?:passcode|pass code|(?:access|security|verification|one-time|otp|login|sms|2fa|mfa|confirmation"
    r"|door|gate|alarm|safe|keypad|garage|entry|lock|locker)[ \t]code|code[ \t]{1,3}(?:for|to)[ \t]{1,3}"
    r"(?:the[ \t]{1,3}|our[ \t]{1,3})?(?:front[ \t]{1,3})?(?:door|gate|alarm|safe|keypad|garage|lock|locker)"
    r"|cvc2?|cvv2?|pin(?:[ \t]code|[ \t]number)?)"
    r"(?:[ \t]{0,3}\([^)\n]{0,20}\))?(?:[ \t]{0,3}(?:[:=#]|is|was))?[ \t]{1,3}#?(?P<v>\d{3,10})\b(?![.,/:-]\d)"
)
_TRAIL = ".,;:!?)]}>"


def _wordish(v: str) -> bool:
    core = v.rstrip(_TRAIL)
    if not core or any(c.isdigit() for c in core) or any(not c.isalnum() for c in core):
        return False
    return not any(a.islower() and b.isupper() for a, b in zip(core, core[1:]))


#: Substrings that start every prose cue (one scan each; ``pw`` alone is left to the assignment rows);
#: `` code`` is checked for its qualifier.
_CUES = ("pass", " pin", " pw", "cv", " code")
_SPACED_CUES = {c: re.compile(re.escape(c[1:]) + "(?<=" + re.escape(c) + ")") for c in _CUES if c[0] == " "}
# "pw is V", "PIN for the reader is V", "code for the gate is V" also open a line (a chat, a list)
_SPACED_CUES.update({c: re.compile(c[1:] + r"(?<=[ \t\n\"'(*]" + c[1:] + ")") for c in _SPACED_CUES})
_CODE_QUALIFIERS = ("access", "security", "verification", "pass", "one-time", "otp", "login", "sms", "2fa", "mfa",
                    "confirmation", "door", "gate", "alarm", "safe", "keypad", "garage", "entry", "lock", "locker")


#: The whole letter run a match led by each cue starts with (``pin``, ``cvc2``, ``passcode:``): every
#: form the prose and code-label regexes read ends where its run of letters does, or runs on into
#: ``is``/``was`` (the code label allows ``PINis 1234``).
_CUE_RUNS = {cue: frozenset(w + tail for w in words for tail in ("", "is", "was")) for cue, words in (
    ("pass", ("password", "passwd", "passphrase", "passcode", "pass")), (" pin", ("pin",)), (" pw", ("pw",)),
    ("cv", ("cvc", "cvv")), (" code", ("code",)))}


def _starts(low: str, joined: str, wordset: frozenset[str] | set[str] | None = None) -> list[int]:
    """Whole-word starts of every cue (one substring scan per cue present in ``joined``, the
    letter-run view of ``low``; ``wordset``, its runs, answers an ASCII text with set lookups)."""
    found = [0] if low.startswith(("pin", "pw")) else []
    runs = wordset if wordset is not None and low.isascii() else None  # ASCII: a run ends at every non-letter
    for cue in _CUES:
        if runs is not None:
            if runs.isdisjoint(_CUE_RUNS[cue]):
                continue
        elif cue not in joined:  # a blank-led cue starts a letter run, and ``joined`` frames every run with blanks
            continue
        spaced = _SPACED_CUES.get(cue)
        if spaced is not None:  # led by the word, the blank checked behind it: blanks are too frequent
            hits = [m.start() - 1 for m in spaced.finditer(low)]
        else:
            hits = []
            i = low.find(cue)
            while i >= 0:
                hits.append(i)
                i = low.find(cue, i + len(cue))
        for i in hits:
            if cue == " code":
                if low.startswith((" for ", " to "), i + 5):  # the code for the safe is 2291
                    found.append(i + 1)
                for q in _CODE_QUALIFIERS:
                    if low.endswith(q, 0, i):
                        start = i - len(q)
                        if start == 0 or not low[start - 1].isalnum():
                            found.append(start)
                        break
            elif cue[0] in " \n":
                found.append(i + 1)
            elif i == 0 or not low[i - 1].isalnum():
                found.append(i)
    return found


def _cued(low: str, joined: str, wordset: frozenset[str] | set[str] | None = None,
          ) -> tuple[list[re.Match[str]], list[re.Match[str]]]:
    """Prose and code-label matches anchored at whole-word cue occurrences."""
    prose, codes = [], []
    for start in _starts(low, joined, wordset):
        m = _PROSE.match(low, start)
        if m is not None:
            prose.append(m)
        m = _CODE_LABEL.match(low, start)
        if m is not None:
            codes.append(m)
    return prose, codes


#: "wifi is guest / Pa55word", "login: admin / s3cret" — a user and a password written as a pair in prose.
_PAIR = re.compile(
    r"(?P<c>wi-?fi|wlan|ssid|login|log-in|creds|credentials|account)(?:[ \t]{1,3}(?:is|are|was|were))?"
    r"(?:[ \t]{1,3}\([^()\n]{1,60}\))?"  # "PPPoE login (needed after a reset): U / V" (round 10)
    # "login with app / V", "creds for staging: ops / V": a preposition and up to one word before the pair
    r"(?:[ \t]{1,3}(?:with|for|to|on|at|of|in)(?:[ \t]{1,3}[\w.-]{1,30})?)?[ \t]{0,3}[:=-]?"
    # the network's name may be quoted (wifi "Harbor-Guest" / V)
    r"[ \t]{1,3}(?P<u>[\w.@\\-]{1,64}|\"[^\"\n]{1,32}\")[ \t]{1,2}/[ \t]{1,2}"
    r"(?:(?:pw|pwd|pass|password)[ \t]{0,2}:?[ \t]{1,2})?"
    r"(?P<v>[^\s/]{4,64})"
)
_PAIR_CUES = ("wifi", "wi-fi", "wlan", "ssid", "login", "log-in", "creds", "credentials", "account")


_SPACED_SLASH = re.compile(r"/(?<= /)(?= )")  # `` / ``, led by the literal ``/``
#: The same pair written tight (``creds are admin/Welcome1``): anchored at the cue word, the value read
#: possessively so a path (``login page/api/v2``) is not cut short into a match.
_TIGHT_PAIR = re.compile(
    r"(?:wi-?fi|wlan|ssid|creds|credentials|account|(?:user(?:name)?|login)(?:/(?:pass(?:word)?|pwd?))?)"
    r"(?:[ \t]{1,3}(?:is|are|was|were))?[ \t]{0,3}[:=-]?"
    r"[ \t]{1,3}(?P<u>[\w.@\\-]{1,64})/(?P<v>[^\s/|`\"']{4,64}+)(?!/)"
)
_TIGHT_CUES = frozenset(("wifi", "wlan", "ssid", "login", "creds", "credentials", "account", "user", "username"))
#: "user admin pwd V", "login jdoe password V": a user and a password named without an operator.
_USER_PASS = re.compile(
    r"(?:user(?:name)?|login|uid)(?:[ \t]{0,3}[:=][ \t]{0,3}|[ \t]{1,3})(?P<u>[\w.@\\-]{1,64})[ \t]{0,3}[,;]?[ \t]{1,3}"
    r"(?:(?:and|&)[ \t]{1,3})?(?:pwd|pw|pass|passwd|password)[ \t]{1,3}(?P<v>[^\s|`\"']{4,64})"
)
_USER_CUES = ("user", "login", "uid")
#: "use admin/Welcome1", "root:Changeme2024": a well-known account name, then its password, in prose.
_KNOWN_PAIR = re.compile(
    r"(?<![\w/.~:@\"'`-])(?:(?:admin|administrator|root|sa|guest|sysadmin|superuser)(?=:[^\s])"
    r"|(?:admin|administrator|root|sa|guest|sysadmin|superuser|ubuntu|postgres|oracle)(?=[ \t]{0,2}/))"
    # ``postgres:16.2-alpine``, ``ubuntu:jammy``: an image name takes a tag after a colon, never a password
    r"(?::|[ \t]{0,2}/[ \t]{0,2})(?P<v>[^\s/|`\"':]{6,64}+)(?![/:@])"
)
_KNOWN_USERS = frozenset(("admin", "administrator", "root", "sa", "guest", "ubuntu", "postgres", "oracle",
                          "sysadmin", "superuser"))
_PASS_WORDS = frozenset(("pwd", "pw", "pass", "passwd", "password"))


def _tight(text: str, low: str, out: list[Hit], found: frozenset[str] | set[str]) -> None:
    """Tight ``user/password`` pairs after a cue, and ``user U pwd V`` pairs (``found``: the cue words of
    ``_ALL_TIGHT`` that are letter runs of the text)."""
    rules = []
    slash = "/" in text
    if slash and not _TIGHT_CUES.isdisjoint(found):
        rules.append((_TIGHT_PAIR, sorted(_TIGHT_CUES.intersection(found))))
    if not _PASS_WORDS.isdisjoint(found):
        cues = [c for c in _USER_CUES if c in found or c == "user" and "username" in found]
        if cues:
            rules.append((_USER_PASS, cues))
    if (slash or ":" in text) and not _KNOWN_USERS.isdisjoint(found):
        rules.append((_KNOWN_PAIR, sorted(_KNOWN_USERS.intersection(found))))
    for rx, cues in rules:
        for cue in cues:
            i = low.find(cue)
            while i >= 0:
                m = rx.match(low, i) if i == 0 or not low[i - 1].isalnum() else None
                if m is not None:
                    s, e = m.span("v")
                    while e > s and text[e - 1] in _TRAIL:
                        e -= 1
                    v = text[s:e]
                    if _anaphor_value(v) and not is_template(v) and not is_reference(v, quoted=False) and (
                            "/" not in v and not _FILE_LIKE.search(v)):
                        out.append(Hit(s, e, "SECRET", "prose-password"))
                i = low.find(cue, i + len(cue))


_ALL_TIGHT = _TIGHT_CUES | _KNOWN_USERS | _PASS_WORDS | frozenset(_USER_CUES)
_FILE_LIKE = re.compile(r"\.(?:[a-z]{1,4}\d?)$")  # creds/app.json, account/v2.yaml: a path, not a password


def _pairs(text: str, low: str, out: list[Hit]) -> None:
    """Anchored at each `` / `` (rare) and read back to a cue on its line: one scan, not one per cue."""
    j = low.find(" / ")
    while j >= 0:
        ls = low.rfind("\n", 0, j) + 1
        le = low.find("\n", j)
        le = len(low) if le < 0 else le
        w = low[max(ls, j - 100):j]
        if any(c in w for c in _PAIR_CUES):
            for m in _PAIR.finditer(low, max(ls, j - 100), min(le, j + 80)):
                i = m.start()
                if i > 0 and low[i - 1].isalnum():
                    continue
                s, e = m.span("v")
                while e > s and text[e - 1] in _TRAIL:
                    e -= 1
                v = text[s:e]
                if len(v) >= 4 and (not _wordish(v) or _network_words(m.group("c"), v)) and not is_template(v) and (
                        not is_reference(v, quoted=False)):
                    out.append(Hit(s, e, "SECRET", "prose-password"))
        j = low.find(" / ", j + 3)


def _network_words(cue: str, v: str) -> bool:
    """A Wi-Fi key of lower-case words run together (``wifi Guest / coffeeandcroissants``), not one word."""
    return cue in ("wifi", "wi-fi", "wlan", "ssid") and len(v) >= 10 and v.islower() and not _LEX.is_generic(v)


#: "reset it to X", "changed that to X": a value set for a password named just before (the chat's previous
#: line); the anaphora is found by substring, the verb and a password cue are read back from it.
_ANAPHORS = (" it to ", " that to ", " them to ", " it as ", " this to ")
_ANAPHOR_VERB = re.compile(r"(?:reset|changed?|set|updated?|switched|rotated)[ \t]{1,3}$")
_ANAPHOR_CUES = ("pass", " pw", "pin ", "cred", "pwd")
_ANAPHOR_WORDS = frozenset(("it", "that", "them", "this"))
_ANAPHOR_VERBS = frozenset("reset change changed set update updated switched rotated".split())
_ANAPHOR_CUE_WORDS = frozenset("password passwd pw pwd passcode passphrase pass pin creds credentials".split())
_ANAPHOR_VALUE = re.compile(r"[\"'“‘`*]{0,2}(?P<v>[^\s\"'”’`*]{4,64})")
_VERSIONISH = re.compile(r"v?\d{1,6}(?:[._-]\d{1,6}){0,4}[a-z]{0,3}|\d{1,6}[a-z]{1,3}")


def _anaphor_value(v: str) -> bool:
    """A value that reads as a password rather than a word, number, setting or version."""
    if len(v) < 6 or _VERSIONISH.fullmatch(v.lower()):
        return False
    if any(c.isdigit() for c in v):
        return any(c.isalpha() for c in v)
    return any(c.isupper() for c in v) and any(c.islower() for c in v) and any(not c.isalnum() for c in v)


def _anaphora(text: str, low: str, out: list[Hit], wordset: frozenset[str] | set[str]) -> None:
    for cue in _ANAPHORS:
        if cue.split()[0] not in wordset:
            continue
        j = low.find(cue)
        while j >= 0:
            if _ANAPHOR_VERB.search(low, max(0, j - 12), j + 1) and any(
                    c in low[max(0, j - 300):j] for c in _ANAPHOR_CUES):
                m = _ANAPHOR_VALUE.match(text, j + len(cue))
                if m is not None:
                    s, e = m.span("v")
                    while e > s and text[e - 1] in _TRAIL:
                        e -= 1
                    v = text[s:e]
                    if _anaphor_value(v) and not is_template(v) and not is_reference(v, quoted=False) and "/" not in v:
                        out.append(Hit(s, e, "SECRET", "prose-password"))
            j = low.find(cue, j + len(cue))


def find_prose(text: str, low: str, out: list[Hit], joined: str | None = None,
               wordset: frozenset[str] | set[str] | None = None) -> None:
    """Passwords, passcodes and card codes written into sentences, chats and emails (``joined`` and
    ``wordset``: ``textview.letter_words(low)`` parts when the caller has them)."""
    if joined is None or wordset is None:
        w = letter_words(low)
        joined, wordset = w.joined, w.set
    if "/" in text and _SPACED_SLASH.search(text):  # a memchr first: most texts hold no slash
        _pairs(text, low, out)
    found = _ALL_TIGHT.intersection(wordset)
    if found and not (found <= _PASS_WORDS):
        _tight(text, low, out, found)
    if not (_ANAPHOR_WORDS.isdisjoint(wordset) or _ANAPHOR_VERBS.isdisjoint(wordset)
            or _ANAPHOR_CUE_WORDS.isdisjoint(wordset)):
        _anaphora(text, low, out, wordset)
    prose, codes = _cued(low, joined, wordset)
    for m in prose:
        if m.start() > 0 and text[m.start() - 1] in "=(.$_":
            continue  # the word is itself a value, an attribute or a variable (``password=password``, ``$password``,
            # ``db_password, port=1``: the end of an identifier, not prose)
        if m.start("q") >= 0:  # a quoted value may hold spaces: the quotes delimit it
            s, e = m.span("q")
            if not is_template(text[s:e]) and not is_reference(text[s:e], quoted=True) and text[s] not in "<{[($%@":
                out.append(Hit(s, e, "SECRET", "prose-password"))
            continue
        s, e = m.span("v")
        if text[s] in "<{[($%@":
            continue  # a placeholder or reference, not a value
        while e > s and text[e - 1] in _TRAIL:
            e -= 1
        v = text[s:e]
        if len(v) < 3 or _wordish(v) or v.lower() in BUILTIN_ALLOW or "://" in v or "/" in v and "." in v:
            continue
        if "-" in v and joined_words(v):
            continue  # "the password is case-sensitive"
        if is_template(v) or is_reference(v, quoted=False):
            continue
        if m.group("w") in ("pin", "pw", "pwd") and not any(c.isdigit() for c in v):
            continue
        if v.isidentifier() and v.isascii() and key_score(v):
            continue  # ``[password, confirmPassword]``: a list of names, the next one named like a secret too
        if m.group("w") == "pwd" and v[0] in "/~":
            continue  # the working directory: "the pwd is /srv/app2"
        if m.group("w") == "pass" and not _anaphor_value(v):
            continue  # "pass" is also a verb and a ticket: only a value that reads as a password
        out.append(Hit(s, e, "SECRET", "prose-password"))
    for m in codes:
        s, e = m.span("v")
        out.append(Hit(s, e, "SECRET", "prose-code"))
