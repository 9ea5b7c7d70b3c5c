"""Credential files known by their name: bare lines whose only cue is the file they sit in.

Some files hold a secret with nothing around it. An OpenVPN ``auth-user-pass`` file is a user
line and a password line, ``rsyncd.secrets`` is ``user:password`` lines, davfs2's ``secrets``
is ``TARGET USER PASSWORD`` lines, and the file given to ``--password-file``, ``--vault-password-file``
or ``RESTIC_PASSWORD_FILE`` holds the password alone. No key names the value, so the text alone
cannot tell a password from a word; the file's name can. The service derives a *kind* from the
root-relative path (:func:`file_kind`, a pure function of the name: nothing here touches the
filesystem) and the redactor runs that kind's line grammar (:func:`find_in_file`) beside the
content rules, which still win where they match.

One declarative table, :data:`FILE_KINDS`, lists each kind with its name test and grammar.
Names are tested lower-cased; a name made of a credential word and at most two other parts
(``vpn-auth.txt``, ``restic.pass``, ``.vault_pass``) qualifies, one that also holds a word of
documents (``password-policy.txt``, ``token-rotation-notes``) does not. Files longer than one
redaction chunk are left to the content rules (credential files are a few lines).

Imports: redaction.spans.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from redacted_context_mcp.redaction.spans import Hit

CATEGORY = "SECRET"
#: file extensions a bare credential file has (none, or one that says "secret" or "text")
_PLAIN_EXT = frozenset({"", "txt", "pass", "pw", "pwd", "passwd", "secret", "secrets", "token", "cred", "creds",
                        "auth", "key", "conf", "cfg"})
#: name parts that make a file a document about credentials, not a credential file
_DOC_PARTS = frozenset(
    "policy policies rotation rotate notes note readme guide howto how docs doc help example examples sample "
    "template rules requirements generator generate manager check checker test tests spec strength reset change "
    "changes history log logs list report audit hash hashes config settings schema md".split())
_PARTS = re.compile(r"[a-z0-9]+")
#: the first line of a PEM/PGP armour and its base64 body are the content rules' (and a whole body)
_ARMOUR = "-----"
_COMMENT = ("#", ";", "//")
_MAX_LINE = 256
_MAX_TEXT = 1 << 18  # one redaction chunk (redaction.chunks.CHUNK_CHARS)
_LINE = re.compile(r"[^\r\n]+")
_COLON_PAIR = re.compile(r"[^\s:#;][^\s:]{0,127}:(?P<v>[^\s:][^\r\n]{0,254})")
_LABELLED = re.compile(r"[^:=\r\n]{1,64}?(?:[ \t]{0,8}[:=]|[ \t]-)[ \t]{0,8}(?P<v>[^\s:=][^\s]{0,255})")
_FIELD = re.compile(r'"(?:[^"\\\r\n]|\\.){0,255}"|\S{1,256}')


class FileKind(NamedTuple):
    """A credential file recognised by name: rule id, the name test, the line grammar, the rule's text."""

    id: str
    matches: Callable[[str, str, tuple[str, ...], str], bool]  # (base, parent, stem parts, extension)
    find: Callable[[str], list[tuple[int, int]]]
    description: str


def _lines(text: str) -> list[tuple[int, int, str]]:
    """(start, end, line) of every line that is not blank, a comment or armour, blanks trimmed."""
    out = []
    for m in _LINE.finditer(text):
        line = m.group()
        s = len(line) - len(line.lstrip())
        body = line.strip()
        if not body or body.startswith(_COMMENT) or body.startswith(_ARMOUR):
            continue
        out.append((m.start() + s, m.start() + s + len(body), body))
    return out


def _one_token(body: str) -> bool:
    return len(body) <= _MAX_LINE and not any(c in body for c in " \t")


def _auth_user_pass(text: str) -> list[tuple[int, int]]:
    """A user line then a password line (OpenVPN ``auth-user-pass``, ``creds.txt``): the second line;
    a file of one line is a password file. A longer file is read as ``user:password`` lines."""
    lines = _lines(text)
    if len(lines) == 2 and _one_token(lines[0][2]) and len(lines[1][2]) <= _MAX_LINE:
        return [lines[1][:2]]
    if len(lines) == 1:
        return _password_file(text)
    return _colon_pairs(text)


def _colon_pairs(text: str) -> list[tuple[int, int]]:
    """``user:password`` lines (``rsyncd.secrets``): the part after the first colon."""
    out = []
    for s, _e, body in _lines(text):
        m = _COLON_PAIR.fullmatch(body)
        if m is not None:
            out.append((s + m.start("v"), s + len(body)))
    return out


def _target_user_password(text: str) -> list[tuple[int, int]]:
    """davfs2 ``secrets``: ``TARGET USER PASSWORD`` (or ``CERTFILE PASSWORD``): the last field."""
    out = []
    for s, _e, body in _lines(text):
        fields = list(_FIELD.finditer(body))
        if len(fields) in (2, 3):
            last = fields[-1]
            a, b = last.span()
            if last.group().startswith('"') and b - a > 2:
                a, b = a + 1, b - 1
            out.append((s + a, s + b))
    return out


def _password_file(text: str) -> list[tuple[int, int]]:
    """A file that holds secrets alone: a single line whole (a passphrase may hold blanks), else every
    line that is one token, and the value of every ``label: value`` line (a list of passwords)."""
    lines = _lines(text)
    if len(lines) == 1 and len(lines[0][2]) <= _MAX_LINE:
        return [lines[0][:2]]
    out = []
    for s, e, body in lines:
        if _one_token(body):
            out.append((s, e))
        elif (m := _LABELLED.fullmatch(body)) is not None:
            out.append((s + m.start("v"), e))
    return out


#: a history line's own prefix: zsh ``: 1700000000:0;``, fish ``- cmd: ``, bash's ``#1700000000`` lines
_HISTORY_PREFIX = re.compile(r": \d{1,12}:\d{1,8};|- cmd: ")
#: a token typed at a prompt that is no command: mixed case and a digit, no path, flag, variable or assignment
_TYPED_SECRET = re.compile(r"(?=[^\s]{0,63}[A-Z])(?=[^\s]{0,63}[a-z])(?=[^\s]{0,63}\d)[^\s/=$~.\-'\"][^\s/=]{5,63}")


def _typed_at_prompt(text: str) -> list[tuple[int, int]]:
    """Shell histories: a line that is one password-shaped token was typed at the wrong prompt (a
    password answered to a prompt that had already gone, then run as a command)."""
    out = []
    for s, e, body in _lines(text):
        if body == "_HiStOrY_V2_":
            continue  # the header line of a libedit history (.mysql_history, .sqlite_history)
        m = _HISTORY_PREFIX.match(body)
        at = m.end() if m is not None else 0
        if _TYPED_SECRET.fullmatch(body, at) is not None:
            out.append((s + at, e))
    return out


#: a recovery code: one token, or two to four short groups split by blanks (``1234 5678``, ``a1b2 c3d4 e5f6``),
#: each with a digit (a line of words, or a date in a sentence, is no code)
_CODE_LINE = re.compile(r"(?:\d{1,3}[.)][ \t]{1,4})?(?P<v>(?=[A-Za-z-]{0,39}\d)[A-Za-z0-9-]{4,40}"
                        r"(?:[ \t](?=[A-Za-z-]{0,11}\d)[A-Za-z0-9-]{2,12}){0,3})")


def _code_lines(text: str) -> list[tuple[int, int]]:
    """Recovery and backup codes of two-factor logins, one per line (a list number before one stays)."""
    out = []
    for s, _e, body in _lines(text):
        m = _CODE_LINE.fullmatch(body)
        if m is not None:
            out.append((s + m.start("v"), s + m.end("v")))
    return out


_CODE_PARTS = frozenset({"recovery", "backup", "mfa", "2fa", "otp", "totp", "twofa", "emergency", "scratch"})


def _is_codes(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    return (("codes" in parts or "code" in parts or "keys" in parts) and not _CODE_PARTS.isdisjoint(parts)
            and ext in _PLAIN_EXT and len(parts) <= 4 and _DOC_PARTS.isdisjoint(parts))


def _is_history(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    return base in _HISTORY_NAMES or (base.endswith("_history") and base.startswith(".")) or (
        base.endswith("history.txt") and "consolehost" in base)


_HISTORY_NAMES = frozenset({".bash_history", ".zsh_history", ".sh_history", ".history", "fish_history",
                            ".ash_history", ".ksh_history", "consolehost_history.txt", ".zhistory"})


def _plain(parts: tuple[str, ...], ext: str) -> bool:
    return ext in _PLAIN_EXT and len(parts) <= 3 and _DOC_PARTS.isdisjoint(parts)


_AUTH_PARTS = frozenset({"auth", "creds", "cred", "credentials", "credential", "userpass", "login", "logins"})
_PASS_PARTS = frozenset({"pass", "password", "passwords", "passphrase", "pw", "pwd", "passwd", "secret", "secrets",
                         "token", "tokens", "apikey", "key", "keys", "pin"})
_SECRET_DIRS = frozenset({"secrets", ".secrets", "secret", "credentials", ".credentials", "creds"})
_SYSTEM_NAMES = frozenset({"passwd", "shadow", "group", "gshadow", "opasswd", "passwd-", "shadow-", "master.passwd",
                           ".pgpass", "pgpass.conf", ".netrc", "_netrc", ".htpasswd", "htpasswd", ".git-credentials",
                           "credentials", "ipsec.secrets", "chap-secrets", "pap-secrets", "login.conf",
                           "keys", "authorized_keys", "known_hosts"})


def _is_davfs2(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    return base == "secrets" and parent in ("davfs2", ".davfs2")


def _is_rsync(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    return ext == "secrets" and base not in _SYSTEM_NAMES and _DOC_PARTS.isdisjoint(parts) and len(parts) <= 3


def _is_auth(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    if base in _SYSTEM_NAMES:
        return False
    return (not _AUTH_PARTS.isdisjoint(parts) or ext in ("auth", "cred", "creds")) and _plain(parts, ext)


def _is_password(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    if base in _SYSTEM_NAMES:
        return False
    if ext in ("pass", "pw", "pwd", "secret", "token"):
        return _plain(parts, ext)
    if ext == "key":  # a .key file is a PEM key (the content rules') unless Rails' master.key or secret.key
        return parts[-1:] in (("master",), ("secret",)) and _plain(parts, ext)
    if parent in _SECRET_DIRS:  # Docker and Kubernetes mount one secret per file: secrets/postgres
        return _plain(parts, ext)
    return not _PASS_PARTS.isdisjoint(parts) and _plain(parts, ext)


#: user files of servers that keep ``name=password`` or ``name: password`` lines (round 8): ActiveMQ and
#: Artemis ``users.properties``, WildFly ``*-users.properties``, Jetty ``realm.properties``
_USER_FILES = frozenset({"users.properties", "artemis-users.properties", "application-users.properties",
                         "mgmt-users.properties", "realm.properties", "jetty-realm.properties"})
_NAME_VALUE = re.compile(r"[^\s:=#;!][^:=\r\n]{0,127}?[ \t]{0,8}[:=][ \t]{0,8}(?P<v>[^\s][^\r\n]{0,254})")


def _is_service_users(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    if base in _USER_FILES:
        return True
    if parent == "collectd" and base in ("passwd", "collectd.passwd", "users"):  # collectd's network AuthFile
        return True
    return "psk" in parts and ("mosquitto" in parts or parent == "mosquitto") and _plain(parts, ext)


def _is_pgbouncer(base: str, parent: str, parts: tuple[str, ...], ext: str) -> bool:
    return ext == "txt" and "userlist" in parts and len(parts) <= 3 and _DOC_PARTS.isdisjoint(parts)


#: a PgBouncer auth_file line: ``"user" "password"`` (plain, ``md5…`` or ``SCRAM-SHA-256$…``), both quoted
_QUOTED_PAIR = re.compile(r'"[^"\r\n]{1,128}"[ \t]{1,8}"(?P<v>[^"\r\n]{1,512})"(?:[ \t].{0,256})?')


def _quoted_pairs(text: str) -> list[tuple[int, int]]:
    """PgBouncer ``userlist.txt``: the second quoted field of each ``"user" "password"`` line."""
    out = []
    for s, _e, body in _lines(text):
        m = _QUOTED_PAIR.fullmatch(body)
        if m is not None:
            out.append((s + m.start("v"), s + m.end("v")))
    return out


def _name_value_lines(text: str) -> list[tuple[int, int]]:
    """``name=password`` / ``name: password`` / ``identity:key`` lines: the value (a Jetty realm line's
    roles after the first comma stay)."""
    out = []
    for s, _e, body in _lines(text):
        if body.startswith("!"):  # a .properties comment
            continue
        m = _NAME_VALUE.fullmatch(body)
        if m is None:
            continue
        a, b = m.start("v"), len(body)
        if "," in body[a:] and _JETTY_ROLE.search(body, a) is not None:
            b = body.index(",", a)
        value = body[a:b].rstrip()
        if value:
            out.append((s + a, s + a + len(value)))
    return out


#: a Jetty realm line's password, then its roles: ``user: OBF:xxx, admin, user``
_JETTY_ROLE = re.compile(r",[ \t]{0,8}[A-Za-z][\w-]{0,63}(?:[ \t]{0,8},[ \t]{0,8}[A-Za-z][\w-]{0,63}){0,15}[ \t]{0,8}$")


#: The kinds in the order they are tried: the first whose name test passes is the file's kind.
FILE_KINDS: tuple[FileKind, ...] = (
    FileKind("file-service-users", _is_service_users, _name_value_lines,
             "user files of brokers and servers (ActiveMQ/Artemis users.properties, Jetty realm.properties, collectd"
             " passwd, Mosquitto PSK files): the value of each name=value or name: value line"),
    FileKind("file-pgbouncer-userlist", _is_pgbouncer, _quoted_pairs,
             "PgBouncer auth files (userlist.txt): the password of each \"user\" \"password\" line"),
    FileKind("file-davfs2-secrets", _is_davfs2, _target_user_password,
             "davfs2 secrets files (TARGET USER PASSWORD lines): the password field"),
    FileKind("file-colon-secrets", _is_rsync, _colon_pairs,
             "*.secrets files such as rsyncd.secrets (user:password lines): the part after the colon"),
    FileKind("file-auth-user-pass", _is_auth, _auth_user_pass,
             "files named for logins (auth.txt, vpn.auth, creds.txt): the password line of a user and password"
             " pair, user:password lines"),
    FileKind("file-recovery-codes", _is_codes, _code_lines,
             "two-factor recovery and backup code files (github-recovery-codes.txt, backup-codes.txt): each code"),
    FileKind("file-shell-history", _is_history, _typed_at_prompt,
             "shell histories (.bash_history, .zsh_history, fish_history, ConsoleHost_history.txt): a line that"
             " is one password-shaped token, typed at the wrong prompt"),
    FileKind("file-password-file", _is_password, _password_file,
             "files named for one secret (.vault_pass, restic.pass, token.txt, master.key) or kept in a secrets"
             " folder (run/secrets/postgres): the secret line"),
)
KINDS_BY_ID = {k.id: k for k in FILE_KINDS}
#: For ``redctx rules``: (id, category, profile, description).
FILE_KIND_RULES: tuple[tuple[str, str, str, str], ...] = tuple(
    (k.id, CATEGORY, "default", k.description) for k in FILE_KINDS)


def file_kind(rel: str) -> str | None:
    """The credential-file kind of a root-relative POSIX path, or None for every other file."""
    parent, _, base = rel.lower().rstrip("/").rpartition("/")
    parent = parent.rpartition("/")[2]
    dot = base.rfind(".")
    stem, ext = (base[:dot], base[dot + 1:]) if dot > 0 else (base, "")
    if len(ext) > 8:
        stem, ext = base, ""
    parts = tuple(_PARTS.findall(stem))
    if not parts and not ext:
        return None
    for kind in FILE_KINDS:
        if kind.matches(base, parent, parts, ext):
            return kind.id
    return None


def find_in_file(kind: str, text: str) -> list[Hit]:
    """The secrets that the grammar of ``kind`` reads in ``text`` (a whole file)."""
    row = KINDS_BY_ID.get(kind)
    if row is None or len(text) > _MAX_TEXT:
        return []
    return [Hit(s, e, CATEGORY, row.id, None) for s, e in row.find(text) if e > s]
