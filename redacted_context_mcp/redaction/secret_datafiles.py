"""Secrets in the files and consoles of database, storage and backup tools (hold-out round 7, r7-data).

One-regex rows (:data:`DATA_RULES`, run by the shared prefilter of find_secrets):

- Redis Sentinel: ``sentinel auth-pass MASTER V``, ``sentinel sentinel-pass V``, ``SENTINEL SET M auth-pass V``;
- ``CONFIG SET requirepass V`` at a redis-cli prompt (any setting the key-name lexicon scores);
- the JMX password file's default roles: ``monitorRole  V`` / ``controlRole  V`` (``readonly`` and
  ``readwrite`` are the access file's levels, not passwords);
- ``New value: V``, the password ``elasticsearch-reset-password`` prints;
- a CouchDB admin created over HTTP: ``curl -X PUT …/_config/admins/NAME -d '"V"'``;
- a secret setting given to a tool's config command (round 9): ``git config [--global] sendemail.smtpPass V``,
  ``npm|pnpm|pip|gh config set K V``, ``dvc remote modify [--local] REMOTE secret_access_key V``;
- RMAN connect strings: ``rman target sys/V@DB catalog rcat/V@CAT``.

Line lists bound to a file (:data:`FILE_LINES`, read by :func:`find_data_files`): the lines under a mention
of the file (a comment, a ``cat > FILE <<EOF``, a heading) up to a blank line, a fence or a section, and
``echo "LINE" > FILE``: rsync's ``rsyncd.secrets`` (``user:V``), davfs2's ``secrets`` (``URL user V``), the
``[admins]`` section of CouchDB's ``local.ini`` (``name = V``) and ``jmxremote.password`` (``role V``).

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values,
redaction.spans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

_V = r"(?P<v>\"[^\"\r\n]{1,512}\"|'[^'\r\n]{1,512}'|[^\s\"'][^\s]{0,511})"
_EOL = r"[ \t]*(?=\r?\n|$)"
_NAME = r"(?:\"[^\"\r\n]{1,64}\"|[^\s\"]{1,64})"  # a Sentinel master name, quoted when it holds a blank
#: The access levels of ``jmxremote.access``, which lists the same role names.
_JMX_LEVELS = frozenset(("readonly", "readwrite"))


def _value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    return vet_value(text, s, e, 2, quoted=True) if e > s else None


def _config_set(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return _value(m, text) if key_score(text[m.start("k"):m.end("k")]) >= 2 else None


_KEY_PARTS = re.compile(r"[:/.]")


def _tool_config(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """The value when the setting's last part names a secret (``sendemail.smtpPass``, ``//host/:_authToken``)."""
    parts = [p for p in _KEY_PARTS.split(text[m.start("k"):m.end("k")]) if p]
    return _value(m, text) if parts and key_score(parts[-1]) >= 2 else None


def _jmx(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return None if text[m.start("v"):m.end("v")].lower() in _JMX_LEVELS else _value(m, text)


def _reset_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """``New value:`` only in the output of a password reset (its banner within the lines before)."""
    before = text[max(0, m.start() - 800):m.start()].lower()
    return _value(m, text) if "reset" in before and "password" in before else None


_ACL_LINE = P(r"[ \t]{0,8}(?:acl[ \t]{1,4}setuser|user)[ \t]{1,4}[^\s>]{1,64}[ \t]")


def _acl_password(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A ``>V`` of a Redis ACL rule line: the line opens with ``user NAME`` or ``ACL SETUSER NAME``."""
    ls = text.rfind("\n", 0, m.start()) + 1
    if m.start() - ls > 1200 or _ACL_LINE.match(text.lower(), ls, m.start() + 1) is None:
        return None
    return vet_value(text, *m.span("v"), 2, quoted=False)


def _tsql_param(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return vet_value(text, *m.span("v"), 2, quoted=True) if key_score(m.group("k")) >= 2 else None


#: One positional T-SQL argument and its comma: a quoted string, NULL, a number or a variable.
_TSQL_ARG = r"(?:n?'[^'\r\n]{0,128}'|null|@?[a-z0-9_]{1,64})[ \t]{0,4},[ \t]{0,4}"


def _either(m: re.Match[str], text: str) -> tuple[int, int] | None:
    g = "v" if m.start("v") >= 0 else "w"
    s, e = m.span(g)
    return vet_value(text, s, e, 2, quoted=True)


DATA_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "redis-acl-rule-password",
        "every >V of a Redis ACL rule (user NAME on >V >W ~* +@all, ACL SETUSER NAME >V on), in any order",
        P(r">(?<=[ \t]>)(?P<v>[^\s>][^\s]{0,255})"),
        keywords=("user",),
        chars=">",
        refine=_acl_password,
        examples=(ex("user ops on >OneAcl_Pw1 >{} ~* +@all", tok(ALNUM, 12)),
                  ex("ACL SETUSER alice >{} on ~cached:* +get", tok(ALNUM, 12))),
        near_misses=("user admin ls > out.txt", "user ops on nopass ~* +@all", "for user in users: x = a >b"),
    ),
    SecretRule(
        "tsql-named-parameter",
        "a T-SQL procedure parameter named like a secret: @rmtpassword = N'V' (sp_addlinkedsrvlogin, sp_addlogin)",
        P(r"@(?P<k>[a-z_]{1,40}?)[ \t]{0,4}=[ \t]{0,4}n?'(?P<v>[^'\r\n]{1,512})'"),
        keywords=("@",),
        chars="'",
        on_lower=True,
        refine=_tsql_param,
        examples=(ex("EXEC sp_addlinkedsrvlogin @rmtsrvname = N'LEGACY', @rmtpassword = N'{}';", tok(ALNUM, 12)),
                  ex("EXEC sp_addlogin @loginame = 'app', @passwd = '{}';", tok(ALNUM, 12))),
        near_misses=("EXEC sp_addlinkedsrvlogin @rmtsrvname = N'LEGACY', @useself = N'False';",),
    ),
    SecretRule(
        "tsql-positional-password",
        "a T-SQL procedure's password given by position: sp_addlogin 'L', 'V'; sp_password 'OLD', 'V'; "
        "sp_addapprole/sp_setapprole 'R', 'V'; sp_addlinkedsrvlogin's 5th and sp_change_users_login's 4th argument",
        P(r"\bsp_(?:(?:addlogin|addapprole|setapprole|password)[ \t]{1,8}" + _TSQL_ARG
          + r"|addlinkedsrvlogin[ \t]{1,8}(?:" + _TSQL_ARG + r"){4}|change_users_login[ \t]{1,8}(?:" + _TSQL_ARG
          + r"){3})n?'(?P<v>[^'\r\n]{1,256})'"),
        keywords=("sp_addlogin", "sp_addapprole", "sp_setapprole", "sp_password", "sp_addlinkedsrvlogin",
                  "sp_change_users_login"),
        chars="'",
        on_lower=True,
        refine=_either,
        examples=(ex("EXEC sp_addlogin 'olduser', '{}';", tok(ALNUM, 12)),
                  ex("EXEC sp_password NULL, '{}', 'sa';", tok(ALNUM, 12)),
                  ex("EXEC sp_addlinkedsrvlogin 'LEGACY', 'false', NULL, 'rmt', '{}';", tok(ALNUM, 12)),
                  ex("EXEC sp_change_users_login 'Auto_Fix', 'app', NULL, '{}';", tok(ALNUM, 12))),
        near_misses=("EXEC sp_addlogin @loginame = 'app', @passwd = @pw;", "EXEC sp_password NULL, NULL, 'sa';",
                     "EXEC sp_addlinkedsrvlogin 'LEGACY', 'true';"),
    ),
    SecretRule(
        "tsql-old-password",
        "the old password sp_password is given first: sp_password 'V', 'NEW', 'LOGIN'",
        P(r"\bsp_password[ \t]{1,8}n?'(?P<v>[^'\r\n]{1,256})'[ \t]{0,4},"),
        keywords=("sp_password",),
        chars="'",
        on_lower=True,
        refine=_either,
        examples=(ex("EXEC sp_password '{}', 'Next-One-2', 'sa';", tok(ALNUM, 12)),),
        near_misses=("EXEC sp_password NULL, @new, 'sa';",),
    ),
    SecretRule(
        "redis-sentinel-auth",
        "Redis Sentinel passwords: sentinel auth-pass MASTER V, sentinel sentinel-pass V, SENTINEL SET M auth-pass V",
        P(r"sentinel[ \t]{1,8}(?:set[ \t]{1,8}" + _NAME + r"[ \t]{1,8}auth-pass|auth-pass[ \t]{1,8}" + _NAME
          + r"|sentinel-pass)[ \t]{1,8}" + _V + _EOL),
        keywords=("auth-pass", "sentinel-pass"),
        on_lower=True,
        refine=_value,
        examples=(ex("sentinel auth-pass mymaster {}", tok(ALNUM, 14)), ex("sentinel sentinel-pass {}", tok(ALNUM, 12)),
                  ex("SENTINEL SET mymaster auth-pass {}", tok(ALNUM, 12))),
        near_misses=("sentinel auth-pass mymaster ${REDIS_PASSWORD}", "sentinel auth-user mymaster app"),
    ),
    SecretRule(
        "redis-config-set",
        "a secret setting changed at a redis-cli prompt: CONFIG SET requirepass V (masterauth, ...)",
        P(r"config[ \t]{1,4}set[ \t]{1,4}(?P<k>[a-z][a-z0-9-]{1,40})[ \t]{1,4}" + _V + _EOL),
        keywords=("config set",),
        on_lower=True,
        refine=_config_set,
        examples=(ex('127.0.0.1:6379> CONFIG SET requirepass "{}"', tok(ALNUM, 14)),
                  ex("redis-cli CONFIG SET masterauth {}", tok(ALNUM, 12))),
        near_misses=("CONFIG SET maxmemory 2gb", 'CONFIG SET requirepass ""', "CONFIG SET appendonly yes"),
    ),
    SecretRule(
        "tool-config-set",
        "a secret setting given to a tool's config command: git config K V, npm config set K V,"
        " dvc remote modify R K V",
        P(r"(?:\bdvc[ \t]{1,4}remote[ \t]{1,4}modify(?:[ \t]{1,4}-{1,2}[a-z]{1,8}){0,2}[ \t]{1,4}[^\s-]\S{0,64}"
          r"|\bgit[ \t]{1,4}config(?:[ \t]{1,4}--(?:global|local|system|worktree|add|replace-all)"
          r"|[ \t]{1,4}(?:-f|--file)[ \t]{1,4}\S{1,200}){0,3}"
          r"|\b(?:npm|pnpm|pip3?|gh)[ \t]{1,4}config[ \t]{1,4}set(?:[ \t]{1,4}--[a-z-]{1,20}){0,2})"
          r"[ \t]{1,4}(?P<k>[^\s=\-][^\s=]{0,200})(?:[ \t]{1,4}|=)" + _V + _EOL, re.M),
        keywords=("remote modify", "git config", "config set"),
        chars=" ",  # the blanks between the command's words (its keywords hold letters at both ends)
        on_lower=True,
        refine=_tool_config,
        examples=(ex("dvc remote modify --local s3store secret_access_key {}", tok(ALNUM, 20)),
                  ex("git config --global sendemail.smtpPass {}", tok(ALNUM, 14)),
                  ex("npm config set //registry.example.com/:_authToken {}", tok(ALNUM, 24))),
        near_misses=("git config --global user.name Ops", "dvc remote modify --local storage user etl",
                     "git config credential.helper store", "npm config set registry https://r.example.com/",
                     "dvc remote modify --local s3store secret_access_key ${AWS_SECRET}"),
    ),
    SecretRule(
        "jmx-password-file",
        "the passwords of the JMX password file's default roles (monitorRole V, controlRole V)",
        P(r"^[ \t]{0,4}(?:monitor|control)role[ \t]{1,40}" + _V + _EOL, re.M),
        keywords=("monitorrole", "controlrole"),
        on_lower=True,
        refine=_jmx,
        examples=(ex("monitorRole  {}\n", tok(ALNUM, 12)), ex("controlRole   {}", tok(ALNUM, 12))),
        near_misses=("monitorRole   readonly", "controlRole   readwrite"),
    ),
    SecretRule(
        "reset-password-new-value",
        "the New value: line elasticsearch-reset-password prints under its reset banner",
        P(r"^[ \t]{0,8}new value:[ \t]{1,4}" + _V + _EOL, re.M),
        keywords=("new value:",),
        on_lower=True,
        refine=_reset_value,
        examples=(ex("Password for the [elastic] user successfully reset.\nNew value: {}", tok(ALNUM, 20)),),
        near_misses=("Setting timeout\nNew value: 30s",),
    ),
    SecretRule(
        "couchdb-config-admin",
        "a CouchDB admin password set over HTTP: curl -X PUT .../_config/admins/NAME -d '\"V\"'",
        P(r"/_config/admins/[^\s'\"]{1,64}['\"]?[^\n]{0,200}?(?:-d|--data(?:-raw|-binary)?)[ \t=]{1,4}"
          r"'\"(?P<v>[^\"'\\\r\n]{1,256})\"'"
          r"|(?:-d|--data(?:-raw|-binary)?)[ \t=]{1,4}'\"(?P<w>[^\"'\\\r\n]{1,256})\"'[^\n]{0,200}?/_config/admins/"),
        keywords=("/_config/admins/",),
        refine=_either,
        examples=(ex("curl -X PUT $HOST/_node/_local/_config/admins/ops -d '\"{}\"'", tok(ALNUM, 12)),),
        near_misses=("curl -X DELETE $HOST/_node/_local/_config/admins/ops",),
    ),
    SecretRule(
        "rman-connect",
        "the passwords of RMAN connect strings: rman target sys/V@DB catalog rcat/V@CAT",
        P(r"\b(?:target|catalog|auxiliary)[ \t]{1,8}[\"']?[a-z0-9_$#]{1,64}/(?P<v>[^@\s/\"']{1,256})@"),
        keywords=("rman",),
        chars="@",
        on_lower=True,
        group=("v",),
        examples=(ex("rman target sys/{}@PROD", tok(ALNUM, 12)),
                  ex("RMAN> connect catalog rcat/{}@RCAT", tok(ALNUM, 10))),
        near_misses=("rman target / catalog rcat@RCAT",),
    ),
)


@dataclass(frozen=True)
class FileLines:
    """A file whose lines each hold a secret, found by its name (or section) in the text."""

    id: str
    description: str
    marks: tuple[str, ...]  # lower-case names of the file (or its section header)
    line: re.Pattern[str]  # one line of the file; group ``v`` is the secret
    section: bool = False  # the mark is a section header that must start its line ([admins])
    single: bool = False  # the file is one secret: only its first line, under a header line (a comment, a
    #                       heading, cat > FILE, tee FILE, a line ending in a colon), and only a password-like token


_RSYNC_LINE = P(r"[ \t]{0,8}@?[\w.-]{1,64}:(?P<v>[^\s:][^\s]{0,255})[ \t]*\r?")
_DAVFS_LINE = P(r"[ \t]{0,8}(?:https?://[^\s\"]{1,512}|/[^\s\"]{0,512}|\"[^\"\r\n]{1,512}\")"
                r"[ \t]{1,8}[^\s\"]{1,128}[ \t]{1,8}(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\"]{1,256})[ \t]*\r?")
_INI_LINE = P(r"[ \t]{0,8}[^\s;#=\[][^=\r\n]{0,63}?[ \t]{0,8}=[ \t]{0,8}(?P<v>[^\s;][^\r\n]{0,511}?)[ \t]*\r?")
_JMX_LINE = P(r"[ \t]{0,4}[A-Za-z][\w.-]{0,63}[ \t]{1,40}(?P<v>[^\s#][^\s]{0,255})[ \t]*\r?")

#: A line of an INI section named for secrets ([Passwords], [Credentials]): any name, but not a setting that
#: names a host, a user or a switch, nor a boolean or a port.
_SECRET_SECTION_LINE = P(
    r"[ \t]{0,8}(?!(?i:user(?:name)?|login|host(?:name)?|port|url|server|type|path|file|enabled?|name|e-?mail"
    r"|domain|mode|version)[ \t]{0,8}=)[^\s;#=\[][^=\r\n]{0,63}?[ \t]{0,8}=[ \t]{0,8}"
    r"(?!(?i:true|false|yes|no|on|off|none|null|\d{1,5})[ \t]*\r?$)(?P<v>[^\s;][^\r\n]{0,511}?)[ \t]*\r?")
_TOKEN_LINE = P(r"[ \t]{0,8}(?P<v>[^\s#;'\"`|<>]{8,256})[ \t]*\r?")
#: pppd's pap-secrets / chap-secrets: client server secret [addresses] (round 14: shown under the file's name,
#: without the ``# client server secret`` column header the chap-secrets grammar reads).
_PPP_LINE = P(r"[ \t]{0,8}(?:\"[^\"\r\n]{1,256}\"|[^\s\"#]{1,256})[ \t]{1,16}(?:\"[^\"\r\n]{0,256}\"|[^\s\"]{1,256})"
              r"[ \t]{1,16}(?P<v>\"[^\"\r\n]{1,256}\"|[^\s\"*-][^\s\"]{0,255})(?:[ \t]{1,16}[^\r\n]{0,256})?\r?")
#: Deluge's auth file: user:password:level (round 14).
_DELUGE_LINE = P(r"[ \t]{0,8}[\w.@-]{1,64}:(?P<v>[^\s:][^\s]{0,255}?):(?:10|[0-9])[ \t]*\r?")

FILE_LINES: tuple[FileLines, ...] = (
    FileLines("password-file-body", "the one line of a file that holds a backup or storage password, shown under"
              " its name (Proxmox /etc/pve/priv/storage/NAME.pw, restic and borg passphrase files)",
              ("/etc/pve/priv/", "/etc/restic/password", "/etc/restic/pw", "restic-password", "restic.pass",
               "borg-passphrase", "borg.pass", "rsync.pass", "rsync.password"), _TOKEN_LINE, single=True),
    FileLines("rsyncd-secrets", "the user:password lines of rsync's secrets file (rsyncd.secrets)",
              ("rsyncd.secrets", "rsync.secrets", "rsyncd.scrt"), _RSYNC_LINE),
    FileLines("deluge-auth", "the user:password:level lines of Deluge's auth file (~/.config/deluge/auth)",
              ("deluge/auth", "deluge auth"), _DELUGE_LINE),
    FileLines("ppp-secrets", "the secret field of pppd's pap-secrets and chap-secrets lines (client server secret"
              " [addresses]) under the file's name", ("pap-secrets", "chap-secrets"), _PPP_LINE),
    FileLines("davfs2-secrets", "the URL-or-mount-point user password lines of davfs2's secrets file",
              ("davfs2/secrets",), _DAVFS_LINE),
    FileLines("couchdb-admins", "the name = password lines of CouchDB's [admins] section (local.ini)",
              ("[admins]",), _INI_LINE, section=True),
    FileLines("jmxremote-password", "the role password lines of a JMX jmxremote.password file",
              ("jmxremote.password",), _JMX_LINE),
    FileLines("ini-secret-section", "the name = value lines of an INI section named for secrets ([Passwords] and"
              " [Credentials] of MobaXterm.ini and other tools' settings)",
              ("[passwords]", "[credentials]"), _SECRET_SECTION_LINE, section=True),
)
#: The letter runs one of the marks holds: the gate of :func:`find_data_files`.
CUE_RUNS = frozenset(("secrets", "scrt", "admins", "jmxremote", "pve", "restic", "borg", "rsync", "passwords",
                      "credentials", "deluge"))
_ECHO = P(r"echo[ \t]{1,4}(?:-[en][ \t]{1,4})?(?P<q>[\"']?)(?P<l>[^\r\n]{1,600}?)(?P=q)[ \t]{0,4}"
          r"(?:>{1,2}|\|[ \t]{0,4}(?:sudo[ \t]{1,4})?tee(?:[ \t]{1,4}-a)?)[ \t]")
_STOP = ("```", "~~~", "eof", "[")
_MAX_LINES = 200


def _add(text: str, m: re.Match[str] | None, out: list[Hit], rid: str, *, offset: int = 0) -> None:
    if m is None:
        return
    s, e = m.span("v")
    s, e = s + offset, e + offset
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    value = text[s:e]
    if value and not is_template(value) and not is_reference(value, quoted=True) and value not in _JMX_LEVELS:
        out.append(Hit(s, e, "SECRET", rid))


def find_data_files(text: str, low: str, out: list[Hit]) -> None:
    """The secret of each line of a file of :data:`FILE_LINES` under a mention of it, and ``echo LINE > FILE``."""
    for row in FILE_LINES:
        for mark in row.marks:
            i = low.find(mark)
            while i >= 0:
                ls = low.rfind("\n", 0, i) + 1
                le = low.find("\n", i)
                le = len(text) if le < 0 else le
                if row.section and low[ls:i].strip():
                    i = low.find(mark, le)
                    continue
                echo = _ECHO.search(text, ls, le)
                if echo is not None and echo.start("l") < i:
                    _add(text, row.line.fullmatch(text, *echo.span("l")), out, row.id)
                if not row.single or _header(low, ls, le):
                    _lines_under(text, le + 1, row, out)
                i = low.find(mark, le)


def _header(low: str, ls: int, le: int) -> bool:
    line = low[ls:le].strip().rstrip("`*_ ")
    return line.startswith(("#", "//", ";", "--", "cat >", "cat>", "sudo tee", "tee ")) or line.endswith(":") or (
        " tee " in line or "cat >" in line)


def _password_like(value: str) -> bool:
    """Letters with a digit or a symbol: a password, not a word, a path or a number."""
    return (any(c.isalpha() for c in value) and any(not c.isalpha() for c in value)
            and not value.startswith(("/", "~", "$", "http")) and _FILE_NAME.fullmatch(value) is None)


_FILE_NAME = P(r"[\w.-]{1,200}\.[a-z]{1,5}")  # backup.pw, authkey.key: a listing, not a password


def _lines_under(text: str, pos: int, row: FileLines, out: list[Hit]) -> None:
    """The lines from ``pos`` to a blank line, a fence or a section; blank lines and a fence opening right
    under the mention (``Create /etc/rsyncd.secrets:``, a blank line, a code fence) are stepped over."""
    lead = 0
    for _ in range(_MAX_LINES):
        if pos >= len(text):
            return
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        body = text[pos:end].strip()
        if lead >= 0 and lead < 3 and (not body or body.startswith(("```", "~~~"))):
            lead += 1
        elif not body or body.lower().startswith(_STOP):
            return
        else:
            lead = -1
            if body[0] not in "#;":
                m = row.line.fullmatch(text, pos, end)
                if row.single:
                    if m is not None and _password_like(m.group("v")):
                        _add(text, m, out, row.id)
                    return
                _add(text, m, out, row.id)
        pos = end + 1
