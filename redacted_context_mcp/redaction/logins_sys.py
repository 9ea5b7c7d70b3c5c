"""User names in the output and commands of system tools (both modes; called by ``usernames``).

- sshd and PAM lines not covered there: ``Connection closed by authenticating user x``,
  ``Disconnected from invalid user x``, ``sudo: x : 3 incorrect password attempts``,
  ``su: (to root) x on pts/1``;
- ``last``, ``who``, ``lastlog`` and ``w`` rows (a login, then a terminal: ``pts/0``, ``tty1``, ``:0``);
- ``ps aux`` rows without their header (a login, a PID, ``%CPU`` and ``%MEM``) and ``sshd: x [priv]``;
- ``/etc/passwd`` lines of human accounts (uid 1000 and up: the login and the GECOS name), ``id``
  output (``uid=1004(x) gid=1004(x)``) and LDAP DNs (``uid=x,ou=people,...``);
- commands that name an account: ``chown x:x``, ``crontab -u x``, ``sudo -u x``, ``pkill -u x``,
  ``useradd ... x``, ``usermod -aG docker x``, ``passwd x``, ``userdel x``, ``su - x``, ``id x``;
- database authentication errors (``Access denied for user 'x'@``, ``authentication failed for
  user "x"``), Kerberos principals (``x@CORP.EXAMPLE.COM``) and a gitconfig's ``[user] name =``.

System accounts (``root``, ``www-data``, daemons) stay: the caller's generic and daemon tests.
Every scan is behind a letter-run or substring gate, and every regex is bounded.

Imports: redaction.spans.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from redacted_context_mcp.redaction.spans import Hit

_L = r"[A-Za-z_][A-Za-z0-9._\-]{0,31}"
_V = r"(?P<v>" + _L + r")(?![\w@\-])"

#: (letter runs that must all be in the text, substrings one of which must be, literal-led regex): log
#: lines that name an account.
_LOG_ROWS: tuple[tuple[frozenset[str], tuple[str, ...], re.Pattern[str]], ...] = tuple(
    (frozenset(k.split()), lits, re.compile(rx)) for k, lits, rx in (
        ("authenticating user", ("authenticating user ",), r"by authenticating user " + _V),
        ("invalid user", ("by invalid user ",), r"by invalid user " + _V),
        ("disconnected user", ("Disconnected from ",), r"Disconnected from (?:authenticating |invalid )?user " + _V),
        ("sudo", ("incorrect password attempt", "a password is required"), r"sudo:[ \t]{1,4}" + _V
         + r"[ \t]:[ \t](?:[0-9]{1,3} incorrect password attempt|a password is required)"),
        ("su to", ("(to ",), r"su(?:\[[0-9]{1,8}\])?:[ \t]{1,2}(?:FAILED SU |[+\-][ \t])?\(to "
         r"[A-Za-z_][A-Za-z0-9._\-]{0,31}\)[ \t]" + _V),
        # database servers: "Access denied for user 'x'@", "password authentication failed for user "x""
        ("denied user", ("denied for user ",), r"denied for user (?P<q>[\"'`])" + _V + r"(?P=q)"),
        ("authentication failed user", ("failed for user ",), r"failed for user (?P<q>[\"'`])" + _V + r"(?P=q)"),
        ("role exist", ("does not exist",), r"role (?P<q>[\"'])" + _V + r"(?P=q) does not exist"),
    ))
_LOG_ANY = frozenset({"authenticating", "invalid", "disconnected", "incorrect", "password", "su", "denied", "failed",
                      "role"})

#: ``last`` / ``who`` / ``lastlog`` / ``w`` rows: a login at the start of a line, then its terminal.
_TTY_ROW = re.compile(r"[ \t]{0,2}(?P<v>" + _L + r")(?:[ \t]{2,24}|\t)(?:pts/[0-9]{1,4}|tty[0-9A-Za-z]{1,6}|console|"
                      r":[0-9]{1,2}(?:\.[0-9])?)(?=[ \t])")
_TTY_HINT = re.compile(r"pts/|tty|console")
_TTY_RUNS = frozenset({"pts", "tty", "ttys"})
_NOT_SESSIONS = frozenset({"reboot", "shutdown", "runlevel", "wtmp", "btmp", "username", "user", "login", "name"})
#: A ``ps aux`` row: login, PID, %CPU, %MEM, VSZ, RSS.
_PS_ROW = re.compile(r"(?P<v>" + _L + r")[ \t]{1,12}[0-9]{1,7}[ \t]{1,6}[0-9]{1,3}\.[0-9][ \t]{1,6}[0-9]{1,3}\.[0-9]"
                     r"[ \t]{1,6}[0-9]{1,10}[ \t]{1,6}[0-9]{1,10}[ \t]")
_PS_HINT = re.compile(r"\.[0-9][ \t]{1,6}[0-9]{1,3}\.[0-9][ \t]{1,6}[0-9]")
_SSHD_PROC = re.compile(r"sshd: " + _V + r"(?= \[priv\]|@pts/|@notty)")
#: ``/etc/passwd``: login, password field, uid, gid, GECOS, home.
_PASSWD = re.compile(r"(?P<v>" + _L + r"):[x*!]{1,2}:(?P<uid>[0-9]{1,10}):[0-9]{1,10}:(?P<g>[^:\n]{0,120}):/")
#: A passwd line ends in a shell or home path: one of these letter runs is in its text.
_SHELL_RUNS = frozenset({"bin", "sbin", "nologin", "home", "false", "bash", "sh", "zsh"})
_ID_UID = re.compile(r"uid=[0-9]{1,10}\((?P<v>" + _L + r")\)")
_LDAP_UID = re.compile(r"(?<![\w])uid=" + _V + r"(?=,[ \t]?(?:ou|dc|cn|o|l)=)", re.IGNORECASE)
_KRB = re.compile(r"@(?<=[A-Za-z0-9_]@)[A-Z][A-Z0-9\-]{1,30}(?:\.[A-Z0-9\-]{1,30}){1,5}(?![\w.@])")
_KRB_LOGIN = re.compile(_L + r"$")
_GITCONFIG = re.compile(r"\[user\][ \t]*\r?\n(?:[ \t]{1,8}[a-z]{1,20}[ \t]{0,2}=[^\n]{0,200}\n){0,6}?"
                        r"[ \t]{1,8}name[ \t]{0,2}=[ \t]{0,2}(?P<v>[^\n\"]{1,80}?)[ \t]*(?=\r?\n|$)")

#: ``chown x:x path`` (flags before; a group after the colon that is the login is redacted too).
_CHOWN = re.compile(r"chown(?:[ \t]{1,4}-{1,2}[A-Za-z][A-Za-z\-=]{0,20}){0,4}[ \t]{1,4}(?P<v>" + _L
                    + r")(?::(?P<g>" + _L + r")?)?(?=[ \t]{1,4}[^\s\-])")
#: ``-u x`` / ``--user x`` after a command that runs as or reads an account.
# (led by the flag's "-", the command looked for before it on its line)
_U_FLAG = re.compile(r"-(?<=[ \t]-)(?:[A-Za-z]{0,3}[uU][ \t]{1,2}|-user[= ])" + _V + r"(?![./$])")
_U_CMD = re.compile(r"(?<![\w\-/.])(?:crontab|sudo|sudoedit|doas|runuser|pkill|pgrep|ps|top|htop|killall|atop|"
                    r"quota|lsof|skill|slay)(?![\w\-])[^\n;|&]{0,40}$")
_U_FLAG_RUNS = frozenset({"crontab", "sudo", "sudoedit", "doas", "runuser", "pkill", "pgrep", "ps", "top", "htop",
                          "killall", "atop", "quota", "lsof", "skill", "slay"})
#: Commands whose last argument is an account, at a command position (line start, a prompt, sudo, ``;``, ``&&``).
_ACCOUNT_CMDS = frozenset(("useradd", "adduser", "usermod", "userdel", "deluser", "passwd", "chage", "chfn", "chsh",
                 "lslogins", "finger", "id", "groups", "su", "faillock", "lastlog"))
# one literal-led regex per command (the boundary before it a lookbehind), run for the commands in the text
_ACCOUNT_CMD = {c: re.compile(c + r"(?<![\w\-/.]" + c + r")(?=[ \t])(?P<args>[^\n;|&#`<>]{1,200})")
                for c in _ACCOUNT_CMDS}
_ARG = re.compile(r"\"[^\"\n]{0,120}\"|'[^'\n]{0,120}'|[^\s\"']{1,120}")
_CMD_BEFORE = re.compile(r"(?:[;&|`(]|[$#%>]|\bsudo|\bdoas|\bthen|\bdo)[ \t]{0,4}$")
#: ``getent passwd x`` and the per-user spool files (``/var/mail/x``, ``/var/spool/cron/crontabs/x``).
_GETENT = re.compile(r"getent[ \t]{1,4}(?:passwd|shadow|group|initgroups)[ \t]{1,4}" + _V)
_SPOOL = re.compile(r"/var/(?:spool/)?(?:mail|cron/crontabs|cron/tabs|cron)/" + _V + r"(?![/.])")
_PROSE_CMDS = frozenset({"id", "groups", "su", "finger", "lastlog"})
#: ``gpasswd -a x group`` / ``-d x group``: the account is the flag's argument.
_GPASSWD = re.compile(r"gpasswd[ \t]{1,4}-[ad][ \t]{1,4}" + _V)


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def find_system_logins(text: str, runs: frozenset[str] | set[str], ok: Callable[[str], bool],
                       daemon: Callable[[str], bool]) -> list[Hit]:
    """HANDLE (and PERSON for GECOS and gitconfig names) hits of the positions above; ``runs``: the
    letter-run set of the folded text, ``ok``: whether a value names somebody (not generic), ``daemon``:
    whether a login is a service account."""
    hits: list[Hit] = []

    def add(s: int, e: int, category: str = "HANDLE", rule: str = "system-login") -> None:
        value = text[s:e]
        if ok(value) and not daemon(value):
            hits.append(Hit(s, e, category, rule))

    if not runs.isdisjoint(_LOG_ANY):
        for need, lits, rx in _LOG_ROWS:
            if need <= runs and any(lit in text for lit in lits):
                for m in rx.finditer(text):
                    add(*m.span("v"))
    if not _TTY_RUNS.isdisjoint(runs):
        seen: set[int] = set()
        for hm in _TTY_HINT.finditer(text):
            ls = _line_start(text, hm.start())
            if ls in seen:
                continue
            seen.add(ls)
            m = _TTY_ROW.match(text, ls)
            if m is not None and m.end() >= hm.start() and m.group("v").lower() not in _NOT_SESSIONS:
                add(*m.span("v"))
    if ("pts" in runs or "tty" in runs or "?" in text and " ? " in text) and _PS_HINT.search(text) is not None:
        for hm in _PS_HINT.finditer(text):
            ls = _line_start(text, hm.start())
            m = _PS_ROW.match(text, ls)
            if m is not None:
                add(*m.span("v"))
    if "sshd" in runs and "sshd: " in text:
        for m in _SSHD_PROC.finditer(text):
            add(*m.span("v"))
    if not _SHELL_RUNS.isdisjoint(runs) and (":x:" in text or ":*:" in text or ":!:" in text):
        for m in _PASSWD.finditer(text):
            s = m.start()
            if (s and text[s - 1] != "\n") or not 1000 <= int(m.group("uid")) < 60000:
                continue  # a system account (uid below 1000, nobody)
            add(*m.span("v"))
            gecos = m.group("g").split(",")[0].strip()
            if gecos and any(c.isalpha() for c in gecos):
                gs = m.start("g") + m.group("g").index(gecos)
                add(gs, gs + len(gecos), "PERSON")
    if "uid" in runs and "uid=" in text:
        for m in _ID_UID.finditer(text):
            v = m.group("v")
            add(*m.span("v"))
            eol = text.find("\n", m.end())
            eol = len(text) if eol < 0 else eol
            needle = "(" + v + ")"
            i = text.find(needle, m.end(), eol)
            while i >= 0:
                add(i + 1, i + 1 + len(v))
                i = text.find(needle, i + len(needle), eol)
        for m in _LDAP_UID.finditer(text):
            add(*m.span("v"))
    if "@" in text:
        for m in _KRB.finditer(text):
            s = m.start()
            j = s
            while j > 0 and s - j < 32 and (text[j - 1].isalnum() or text[j - 1] in "._-"):
                j -= 1
            if j > 0 and text[j - 1] in "/\\@":
                continue  # a service principal (HTTP/host@REALM)
            if _KRB_LOGIN.match(text, j, s) is not None and text[j:s].islower():
                add(j, s)
    if "user" in runs and "name" in runs and "[user]" in text:
        for m in _GITCONFIG.finditer(text):
            add(*m.span("v"), "PERSON")
    if "chown" in runs:
        for m in _CHOWN.finditer(text):
            add(*m.span("v"))
            if m.group("g") is not None and m.group("g") == m.group("v"):
                add(*m.span("g"))
    if not _U_FLAG_RUNS.isdisjoint(runs) and " -" in text:
        for m in _U_FLAG.finditer(text):
            s = m.start()
            if _U_CMD.search(text, max(_line_start(text, s), s - 48), s) is not None:
                add(*m.span("v"))
    if "getent" in runs:
        for m in _GETENT.finditer(text):
            add(*m.span("v"))
    if "var" in runs and "/var/" in text:
        for m in _SPOOL.finditer(text):
            add(*m.span("v"))
    if "gpasswd" in runs:
        for m in _GPASSWD.finditer(text):
            add(*m.span("v"))
    for m in (m for c in runs.intersection(_ACCOUNT_CMDS) for m in _ACCOUNT_CMD[c].finditer(text)):
        ls = _line_start(text, m.start())
        prefix = text[max(ls, m.start() - 24):m.start()]
        at_start = ls >= m.start() - 24 and not prefix.strip()
        if not at_start and _CMD_BEFORE.search(prefix) is None:
            continue
        args = list(_ARG.finditer(text, m.start("args"), m.end("args")))
        if not args:
            continue
        last = args[-1]
        v = last.group()
        if v.startswith(("-", "/", "$", "~", "\"", "'")) or re.fullmatch(_L, v) is None:
            continue
        if len(args) >= 2 and args[-2].group() in ("-s", "--shell", "-d", "--home", "-g", "-G", "-c"):
            continue  # the last token is a flag's argument, no account follows
        cmd = text[m.start():m.start("args")]
        if cmd in _PROSE_CMDS and (len(args) > 2 or v.endswith((".", ",", ":"))
                                   or m.end("args") < len(text) and text[m.end("args")] not in "\r\n;|&"):
            continue  # "id", "groups", "su", "finger" are words too: only a short command line
        add(*last.span())
    return hits


#: Rule listing rows for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("system-login", "HANDLE", "default",
     "accounts in system-tool output and commands (last/who, ps rows, passwd and id output, su, chown, "
     "crontab -u, useradd/usermod/passwd, database auth errors, Kerberos principals)"),
)

#: Every table regex by rule, so the hostile-input sweep (tests/redaction/test_linear.py) sees them.
PATTERNS: dict[str, re.Pattern[str]] = {
    **{f"log:{i}": rx for i, (_, _, rx) in enumerate(_LOG_ROWS)},
    "tty-row": _TTY_ROW, "ps-row": _PS_ROW, "sshd-proc": _SSHD_PROC, "passwd": _PASSWD, "id-uid": _ID_UID,
    "ldap-uid": _LDAP_UID, "krb": _KRB, "gitconfig": _GITCONFIG, "chown": _CHOWN, "u-flag": _U_FLAG,
    "account-cmd": _ACCOUNT_CMD, "gpasswd": _GPASSWD, "getent": _GETENT, "spool": _SPOOL,
}
