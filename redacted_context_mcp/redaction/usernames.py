"""User names in the positions that announce them (both modes).

- home directories: ``/home/x/``, ``/Users/x/``, ``C:\\Users\\x\\`` (also ``\\\\`` escaped
  and ``/``), ``~x/``;
- CI and shell variables: ``GITLAB_USER_LOGIN=``, ``GITHUB_ACTOR=``, ``USER=``,
  ``LOGNAME=``, ``CI_COMMIT_AUTHOR=``... (table :data:`LOGIN_VARIABLES`);
- git trailers and log lines: ``Author: x <…>``, ``Signed-off-by: x <…>``,
  ``merged by x``, ``triggered by x``;
- JSON user objects (chat exports, APIs): ``"login"``, ``"username"``,
  ``"real_name"``, ``"display_name"``... and ``"name"`` inside an object that
  has one of those keys nearby (so a package.json ``"name"`` stays);
- ``ssh x@host``, ``scp``/``rsync`` targets and ``x@host:~$`` prompts;
- system-tool output and commands (``last``/``who`` rows, ``ps`` rows, passwd and ``id`` output,
  ``su``, ``chown x:x``, ``crontab -u x``, ``useradd``/``usermod``/``passwd x``, database auth
  errors, Kerberos principals): :mod:`redaction.logins_sys`.

Logins get HANDLE, display names PERSON; the engine's category precedence
decides the final placeholder from the value (see ``engine.Redactor``).

Imports: redaction.accounts, redaction.cardfields, redaction.logins_sys, redaction.spans, redaction.terms,
redaction.textview, redaction.wordlists.
"""

from __future__ import annotations

import itertools
import re

from redacted_context_mcp.redaction.accounts import find_accounts
from redacted_context_mcp.redaction.cardfields import find_card_names
from redacted_context_mcp.redaction.logins_sys import find_system_logins
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import ascii_classes, trie_pattern
from redacted_context_mcp.redaction.textview import Words, letter_words
from redacted_context_mcp.redaction.wordlists import Lexicon

#: Account names that identify nobody (service users, OS defaults, placeholders).
GENERIC_USERS: frozenset[str] = frozenset(
    "root admin administrator user users username ubuntu debian centos ec2-user runner vagrant docker git "
    "jenkins gitlab-runner circleci travis build builder ci deploy deployer www-data nobody daemon guest "
    "default public shared all me you someone anyone example test tester demo app service system local "
    "localuser postgres mysql redis node nginx apache ansible pi kali codespace vscode dev developer "
    "all users default user defaultuser0 $user %username% ${user} $home ~ <user> <username> your-name "
    "yourname your_user me@ x".split()
)

_LOGIN = r"[A-Za-z_][A-Za-z0-9._\-]{0,38}[A-Za-z0-9_]|[A-Za-z]"
_HOME_VALUE = r"(?P<v>[^/\\\s\"'<>:;|*?]{1,64})"
# Two literal-led scans (a "/" and a drive ":"), where one class-led scan tested every character.
_HOME = re.compile(r"/(?:home|Users|export/home)/" + _HOME_VALUE)
_HOME_WIN = re.compile(r":(?<=[A-Za-z]:)[/\\]\\?(?:[Uu]sers|USERS|Documents and Settings)(?:\\{1,2}|/)"
                       + _HOME_VALUE)
_TILDE = re.compile(r"~(?<![\w~/]~)(?P<v>[a-z_][a-z0-9._\-]{0,31})(?=[/\s\"']|$)")

#: Variables whose value is a login or a person (CI systems, shells, build tools).
LOGIN_VARIABLES: tuple[str, ...] = (
    "gitlab_user_login", "gitlab_user_name", "gitlab_user_id", "github_actor", "github_triggering_actor",
    "github_repository_owner", "build_requestedfor", "build_requestedforemail", "build_sourceversionauthor",
    "bitbucket_step_triggerer", "ci_commit_author", "circle_username", "circle_pr_username",
    "travis_commit_author", "buildkite_build_creator", "buildkite_build_author", "jenkins_user",
    "build_user", "build_user_id", "build_user_first_name", "build_user_last_name", "user", "username",
    "logname", "sudo_user", "login", "author", "git_author_name", "git_committer_name", "p4user",
    "svn_user", "remote_user", "pguser", "db_user", "mysql_user", "os_username", "aws_user", "ansible_user",
    "ansible_ssh_user", "ansible_become_user",
)
# Upper-case anchors only: CI and shell variables are upper case, and an upper-case scan skips
# most characters. Lower-case keys are found in JSON by _JSON_USER and in YAML/INI by _LOWER_KEYS.
_VAR_ANCHORS = ("USER", "LOGIN", "ACTOR", "AUTHOR", "OWNER", "LOGNAME", "REQUESTEDFOR", "TRIGGERER", "CREATOR")
_LOWER_KEYS = re.compile(
    r"\n[ \t]{0,8}(?:(?:ansible_(?:ssh_|become_)?|remote_)?user|username|login|author)[ \t]{0,2}(?:=|:[ \t])")
_LOWER_KEY_RUNS = frozenset({"user", "username", "login", "author"})
# An anchor word with "=" or ": " after the rest of its identifier: where a key of _VAR may end.
_VAR_HINT = re.compile("(?:" + trie_pattern(sorted(_VAR_ANCHORS)) + r")(?=[A-Za-z0-9_]{0,24}[ \t]{0,2}(?:=|:[ \t]))")
# On ``terms.ascii_classes``: 4+ capitals (the shortest anchor has 4 letters) and the rest of their
# identifier (an anchor has at most 12 letters and 24 identifier characters after it) before "=" or
# ": ", possessive so a miss costs one pass; and how far past such a span _VAR_HINT's lookahead reads.
_CAPS_CLS = re.compile(rb"AAAA[Aad_]{0,40}+[ \t]{0,2}+(?:=|:[ \t])")
_HINT_REACH = 30
_VAR = re.compile(
    r"(?P<k>" + "|".join(LOGIN_VARIABLES) + r")(?P<sep>[ \t]{0,2}=[ \t]{0,2}|[ \t]{0,2}:[ \t]{1,2})"
    r"(?:(?P<q>[\"'])(?P<qv>[^\"'\n$%{}<>\\]{1,64})(?P=q)|(?P<v>[A-Za-z0-9_][A-Za-z0-9._@\-]{0,63})(?![\w(\[]))",
    re.IGNORECASE,
)
_TRAILER = re.compile(
    r"\n[ \t]{0,8}(?:author|committer|signed-off-by|co-authored-by|reviewed-by|acked-by|tested-by|"
    r"reported-by|suggested-by|helped-by)[ \t]{0,2}:[ \t]{0,4}(?P<v>[^<>\n]{1,64}?)[ \t]{0,4}<",
    re.IGNORECASE,
)
_BY_VERBS = (
    "merged", "triggered", "pushed", "created", "opened", "closed", "committed", "authored", "started",
    "deployed", "approved", "requested", "assigned", "updated", "modified", "edited", "owned", "run",
    "initiated", "cancelled", "canceled", "restarted", "scheduled", "reverted", "tagged", "uploaded",
    "submitted", "signed", "reviewed", "reported", "logged in", "login", "changed", "deleted", "removed",
)
# "merged by x", "Started by user x" (Jenkins), "(by x)" (a log line's attribution: no verb needed)
# (one scan led by the literal "by", the character before it a lookbehind)
_BY = re.compile(r"by(?<=[ (]by)[ \t:]{1,3}(?:user[ \t]{1,2}(?=[a-z0-9_]{2,}))?@?(?P<v>"
                 + _LOGIN.replace("A-Za-z", "a-z") + r")(?![\w@.\-]|\.\w)")
_TRAILER_RUNS = frozenset({"author", "committer", "by"})
_BY_VERB = re.compile(r"(?<![a-z])(?:" + "|".join(_BY_VERBS) + r")[ \t]?$")
_USER_KEYS = (
    "login", "username", "user_name", "userName", "screen_name", "real_name", "realName", "display_name",
    "displayName", "full_name", "fullName", "first_name", "firstName", "last_name", "lastName", "given_name",
    "givenName", "family_name", "familyName", "author_name", "sender_name", "from_name", "nickname",
    "handle", "user_login", "owner_login", "actor", "assignee_login", "committer_name", "author_login",
)
_JSON_USER = re.compile(
    r"\"(?P<k>" + "|".join(_USER_KEYS) + r")\"[ \t]{0,2}:[ \t]{0,2}\"(?P<v>(?:[^\"\\\n]|\\[^\n]){1,100})\""
)
_JSON_NAME = re.compile(r"\"name\"[ \t]{0,2}:[ \t]{0,2}\"(?P<v>[^\"\\\n]{1,100})\"")
#: ``'":' in text or '" :' in text`` as one scan led by the rarer ":" (a two-character search
#: tests every character).
_JSON_COLON = re.compile(r':(?:(?<=":)|(?<=" :))')
_USER_OBJECT_HINT = re.compile(r"\"(?:real_name|display_name|is_bot|login|username|profile|avatar_url|"
                               r"email|first_name|last_name|tz|isBot|avatarUrl|discriminator|nickname)\"")
def _in_kernelspec(text: str, s: int) -> bool:
    """``s`` is inside a Jupyter notebook's ``"kernelspec": {...}`` (``"display_name": "Python 3 (ipykernel)"``,
    ``"name": "python3"``): the kernel's name, not a person's (round 8)."""
    lo = text.rfind("{", max(0, s - 300), s)
    return lo >= 0 and text.rfind('"kernelspec"', max(0, lo - 24), lo) >= 0


_SSH = re.compile(
    r"(?:ssh|scp|sftp|rsync|mosh|ssh-copy-id)(?![\w\-])[^\n@|;&]{0,80}?(?<![\w.\-])(?P<v>"
    + _LOGIN + r")@(?=[A-Za-z0-9\[])"
)
_SSH_L = re.compile(r"ssh(?<![\w\-]ssh)(?![\w\-])[^\n|;&]{0,60}?[ \t]-l[ \t]{0,2}(?P<v>" + _LOGIN + r")")
_PROMPT = re.compile(
    r"\n[ \t(\[>]{0,8}(?P<v>[a-z_][a-z0-9._\-]{0,31})@(?P<h>[A-Za-z0-9][A-Za-z0-9.\-]{0,62}):(?:~|/)[^\n$#]{0,200}[$#%]"
)
# The "@host:~" or "@host:/" every _PROMPT match holds: a literal-led search that gates the line scan.
_PROMPT_GATE = re.compile(r"@[A-Za-z0-9][A-Za-z0-9.\-]{0,62}:[~/]")
# The bracketed prompt of Red Hat-style shells: "[x@host ~]$", "[x@host dir]#".
_PROMPT_BRACKET = re.compile(
    r"\[(?P<v>[a-z_][a-z0-9._\-]{0,31})@(?P<h>[A-Za-z0-9][A-Za-z0-9.\-]{0,62})[ \t][^\]\n]{1,120}\][$#]"
)
#: Log lines that name an account: sshd and PAM ("Accepted publickey for x from", "Failed password
#: for invalid user x from", "session opened for user x", "sudo: x : TTY=...") and lower-case
#: logfmt keys in the middle of a line ("... user=x ip=...").
_V = r"(?P<v>" + _LOGIN + r")(?![\w@\-])"
#: (letter runs that must all be in the text, literal-led regex): sshd, logind, PAM and sudo lines.
_AUTH_LOG: tuple[tuple[frozenset[str], re.Pattern[str]], ...] = tuple((frozenset(k.split()), re.compile(rx))
                                                                for k, rx in (
    ("accepted for", r"Accepted (?:password|publickey|keyboard-interactive(?:/pam)?|hostbased|gssapi-with-mic) for "
                     r"(?:invalid user )?" + _V),
    ("failed for", r"Failed (?:password|publickey|none|keyboard-interactive(?:/pam)?) for (?:invalid user )?" + _V),
    ("invalid user", r"[Ii]nvalid user " + _V + r"(?= from )"),
    ("session for user", r"session (?:opened|closed) for user " + _V),
    ("session of user", r"ession [0-9]{1,10} of user " + _V),
    ("sudo", r"sudo:[ \t]{1,4}" + _V + r"(?=[ \t]:[ \t](?:TTY|PWD|user NOT|command not))"),
    ("uid by", r"\(uid="),
))
#: GitHub's merge commit subject names the head branch's owner: "Merge pull request #88 from x/branch".
#: A ``.mailmap`` line: ``Proper Name <proper@x> Commit Name <commit@x>`` (the commit name is a person's
#: name or a login); led by the ``> `` between the two addresses.
_MAILMAP = re.compile(r"@[^<>\s]{1,120}>[ \t]{1,4}(?P<v>[^<>@\s][^<>@\n]{0,78}?)[ \t]{1,4}<[^<>\s@]{1,120}@"
                      r"[^<>\s]{1,120}>[ \t]*(?:\r?\n|$)")
_MERGE_PR = re.compile(r"Merge pull request #[0-9]{1,9} from (?P<v>[A-Za-z0-9](?:[A-Za-z0-9\-]{0,38}))/")
_MERGE_RUNS = frozenset({"merge", "pull", "request", "from"})
#: An ssh_config "User x" line (indented under a Host block; keywords are case-insensitive).
_SSH_CONFIG_USER = re.compile(r"\n[ \t]{0,8}[Uu][Ss][Ee][Rr][ \t]{1,8}=?[ \t]{0,2}(?P<v>" + _LOGIN
                              + r")[ \t]{0,8}(?=\r?\n|$)")
#: ``ls -l`` lines: permissions, link count, owner, group, size.
_LS_LONG = re.compile(r"[\-dlcbps][rwxsStT\-]{9}[@+.]?[ \t]{1,8}[0-9]{1,6}[ \t]{1,8}"
                      r"(?P<v>[A-Za-z_][A-Za-z0-9._\-]{0,31})[ \t]{1,8}(?P<g>[A-Za-z_][A-Za-z0-9._\-]{0,31})"
                      r"[ \t]{1,8}[0-9]")
#: The letter runs of common permission strings (rw of -rw-r--r--, drwxr of drwxr-xr-x, drwx of drwx------).
_PERM_RUNS = frozenset({"rw", "rwx", "rwxr", "rwxrwxr", "rwxrwxrwx", "drw", "drwx", "drwxr", "drwxrwxr", "drwxrwxrwx",
                        "drwxrwx", "lrwxrwxrwx", "rwxrwx", "rwxrw", "drwxrw"})
#: npm and yarn rc files: "//registry.example/:username=x" (a scoped registry key).
_NPMRC_USER = re.compile(r":(?:username|_authuser)=(?P<v>[A-Za-z0-9_][A-Za-z0-9._@\-]{0,63})(?=[ \t]*(?:\r?\n|$))")
_AUTH_ANY = frozenset({"accepted", "failed", "invalid", "session", "sudo", "uid"})  # one run of each row
_BY_UID = re.compile(r"[ \t]by[ \t](?P<v>[A-Za-z_][A-Za-z0-9._\-]{0,38})$")
_LOGFMT = re.compile(
    r"(?<=[ \t])(?:user|username|user_name|login|usr|uname)=(?P<v>[A-Za-z0-9_][A-Za-z0-9._@\-]{0,63})(?=[ \t\n]|$)"
)
# another key=value pair, not a command-line flag ("-method=userpass" is an argument, not logfmt)
_LOGFMT_PAIR = re.compile(r"(?<![^ \t\n])[a-z_][a-z0-9_.]{0,40}=[^\s=]")
_LOGFMT_KEYS = frozenset({"user", "username", "login", "usr", "uname"})  # user_name: its runs user, name
#: Chat exports as text: WhatsApp (Android "12/03/2024, 14:22 - Name: ...", iOS "[12.03.24, 09:15:02]
#: Name: ..."), Signal, Discord and similar: a line that starts with a date and a time, then the speaker.
#: Discord exports write the date with a month name and no comma ("[05-Mar-24 10:01 AM] name: ...").
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
_CHAT_DATE = r"(?:[0-9]{1,4}[./\-][0-9]{1,2}[./\-][0-9]{2,4},|[0-9]{1,2}-" + _MONTH + r"-[0-9]{2,4})"
_CHAT_LINE = re.compile(
    r"\n\u200e?\[?" + _CHAT_DATE + r"[ \t][0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?"
    r"(?:[ \t\u202f]?[AaPp]\.?[ \t]?[Mm]\.?)?(?:\][ \t]|[ \t][\-–][ \t])(?P<v>[^:\n\[\]]{1,60}?):[ \t]"
)
# A chat export is a file that starts with such a line (its first message or the encryption notice): the
# lines are read only then, a test at offset 0 (a scan of every text for dated lines costs ~0.5 ms/MB).
_CHAT_HEAD = re.compile(r"[\ufeff\u200e]{0,2}\n?\[?" + _CHAT_DATE + r"[ \t][0-9]{1,2}:[0-9]{2}")
_LOG_LEVELS = frozenset("trace debug info notice warn warning error err fatal critical crit alert emerg".split())
_CODE_KEYS = frozenset({"user", "username", "login", "author"})
_NAME_KEYS = frozenset(k.lower() for k in (
    "real_name", "realName", "display_name", "displayName", "full_name", "fullName", "first_name", "firstName",
    "last_name", "lastName", "given_name", "givenName", "family_name", "familyName", "author_name",
    "sender_name", "from_name", "gitlab_user_name", "build_user_first_name", "build_user_last_name",
    "git_author_name", "git_committer_name", "committer_name", "ci_commit_author", "travis_commit_author",
    "build_sourceversionauthor", "buildkite_build_author",
))


class _Shifted:
    """A match over ``"\\n" + text`` seen with offsets into ``text``."""

    __slots__ = ("_m",)

    def __init__(self, m: re.Match[str]) -> None:
        self._m = m

    def group(self, name: str) -> str:
        return self._m.group(name)

    def span(self, name: str) -> tuple[int, int]:
        s, e = self._m.span(name)
        return s - 1, e - 1


def _var_matches(text: str, cls: bytes | None, runs: frozenset[str] | set[str]) -> list[re.Match[str]]:
    """``_VAR`` matches at key starts found from literal anchors (a key is a whole identifier); a list,
    since most texts have none (no generator per text)."""
    out: list[re.Match[str]] = []
    if "=" not in text and ":" not in text:
        return out
    if cls is None:
        starts = [hm.start() for hm in _VAR_HINT.finditer(text)]
    else:  # every anchor with its "=" or ": " lies in a _CAPS_CLS span: look for anchors there only
        n = len(text)
        starts = [hm.start() for rm in _CAPS_CLS.finditer(cls)
                  for hm in _VAR_HINT.finditer(text, rm.start(), min(n, rm.end() + _HINT_REACH))]
    # a lower-case key is a whole letter run (after a line break or indentation, before = or :)
    if not runs.isdisjoint(_LOWER_KEY_RUNS):
        for m in _LOWER_KEYS.finditer("\n" + text):
            g = m.group()
            starts.append(m.start() + len(g) - len(g.lstrip("\n \t")) - 1)
    if not starts:
        return out
    seen: set[int] = set()
    for i in starts:
        j = i
        while j > 0 and i - j < 40 and (text[j - 1].isalnum() or text[j - 1] == "_"):
            j -= 1
        if j not in seen and (j == 0 or not (text[j - 1].isalnum() or text[j - 1] == "_")):
            seen.add(j)
            m = _VAR.match(text, j)
            if m is not None:
                out.append(m)
    return out


_SSH_WORDS = ("ssh", "scp", "rsync", "sftp", "mosh")
# One literal-led scan (the "s" every command word holds): an alternation of the words tests
# every character of the letter-run view, five times slower.
_SSH_WORD = re.compile(r"s(?:sh|cp|ftp|(?<=rs)ync|(?<=mos)h)")
# An _SSH match has its command at most this far before its "@" (name, 80 characters, login).
_SSH_REACH = 140


def _ssh_near_at(text: str, low: str, joined: str) -> bool:
    """True when a command word of _SSH_WORDS sits within reach before some ``@`` (``@`` is in ``text``);
    ``joined`` is the letter-run view of ``low``."""
    if _SSH_WORD.search(joined) is None:
        return False
    if text.count("@") > 32:
        return any(w in low for w in _SSH_WORDS)
    at = text.find("@")
    while at >= 0:
        window = low[max(0, at - _SSH_REACH):at]
        if any(w in window for w in _SSH_WORDS):
            return True
        at = text.find("@", at + 1)
    return False


#: The header of a process table (``ps aux``/``ps -ef``: USER or UID before PID; top/htop: PID USER).
_PS_HEAD = re.compile(r"^[ \t]{0,12}(?:(?:USER|UID)[ \t]+PID|PID[ \t]+USER)(?![A-Za-z])[^\n]{0,300}$", re.M)
_FIELD = re.compile(r"[^ \t\r\n]+")
#: Accounts that daemons run as (beside ``GENERIC_USERS``): a process table is full of them, and none is a person.
_DAEMONS = frozenset("""
    alertmanager airflow artifactory avahi backup bamboo bin bind bot buildkite cassandra chrony clamav colord
    consul cron dbus dnsmasq dovecot elasticsearch etcd ftp games gdm gitea gitlab gnats grafana hadoop haproxy
    hdfs hive http icinga influxdb irc jetty jupyter kafka keycloak kibana kvm ldap libvirt-qemu list logstash
    loki lp lxd mail man memcache memcached messagebus metrics minio mongodb monitor monitoring mosquitto
    nagios named news nexus nfs nomad ntp openldap openvpn ops polkitd postfix prometheus promtail proxy qemu
    rabbitmq rtkit samba sentry slapd smb solr sonarqube spark squid sshd svc sync sys syslog teamcity telegraf
    tomcat tor tss unbound uucp uuidd vault vsftpd wildfly www yarn zabbix zookeeper
""".split())


def _daemon(name: str) -> bool:
    low = name.lower()
    if low.endswith("+"):  # ps cuts a long name to 7 characters and a "+" (systemd+, elastic+)
        head = low[:-1]
        return head == "systemd" or head.startswith("_") or any(d.startswith(head) for d in _DAEMONS | GENERIC_USERS)
    return low in _DAEMONS or low.startswith(("systemd-", "_")) or low.endswith(("-exporter", "_exporter"))


def _process_rows(text: str, hits: list[Hit], lexicon: Lexicon) -> None:
    """The account column of each row under a process-table header (a row's PID column is a number)."""
    for head in _PS_HEAD.finditer(text):
        names = [f.group() for f in _FIELD.finditer(head.group())]
        user = names.index("USER") if "USER" in names else names.index("UID")
        pid = names.index("PID")
        pos = head.end() + 1
        while pos < len(text):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            fields = list(_FIELD.finditer(text, pos, end))
            if len(fields) <= max(user, pid) or not fields[pid].group().isdigit():
                break  # the table ends at the first line that is not a row
            f = fields[user]
            if not f.group().isdigit() and not _daemon(f.group()):  # a numeric UID is no name
                _hit(hits, f.start(), f.end(), text, "HANDLE", "process-table", lexicon)
            pos = end + 1


def _ok(value: str, lexicon: Lexicon) -> bool:
    v = value.strip().strip(".,;:")
    if not v or v.casefold() in GENERIC_USERS or not any(c.isalpha() for c in v):
        return False
    if v.startswith(("$", "%", "{", "<", "[")):
        return False
    return not (v.isalpha() and v.islower() and lexicon.is_generic(v) and len(v) < 3)


def _hit(out: list[Hit], s: int, e: int, text: str, category: str, rule: str, lexicon: Lexicon) -> None:
    value = text[s:e]
    stripped = value.rstrip(".,;:")
    e -= len(value) - len(stripped)
    if _ok(stripped, lexicon):
        out.append(Hit(s, e, category, rule))


def find_logins(text: str, low: str, lexicon: Lexicon, cls: bytes | None = b"",
                words: Words | None = None) -> list[Hit]:
    """HANDLE/PERSON hits for logins and user names in the positions above (``cls``: the caller's
    ``terms.ascii_classes(text)``, ``words``: its ``textview.letter_words(low)``; computed when not given)."""
    hits: list[Hit] = []
    if words is None:
        words = letter_words(low)
    joined, runs = words.joined, words.set
    # "/home/" and a home directory's "Users" are whole letter runs: a set lookup before the scans
    if ("home" in runs and "/home/" in text) or ("users" in runs and ("Users" in text or ":" in text)):
        seen: set[tuple[int, int]] = set()
        for m in itertools.chain(_HOME.finditer(text), _HOME_WIN.finditer(text) if ":" in text else ()):
            v = m.group("v")
            span = m.span("v")
            if span not in seen and v.lower() not in GENERIC_USERS and not lexicon.is_generic(v):
                seen.add(span)
                hits.append(Hit(*span, "HANDLE", "home-directory"))
    if "~" in text:
        for m in _TILDE.finditer(text):
            if m.group("v") not in GENERIC_USERS:
                hits.append(Hit(*m.span("v"), "HANDLE", "home-directory"))
    if cls == b"":
        cls = ascii_classes(text)
    for m in _var_matches(text, cls, runs):
        key = m.group("k").lower()
        if m.group("v") is not None:
            value = m.group("v")
            if " " in m.group("sep") and "=" in m.group("sep"):
                continue  # code (user = current_user): only a quoted value is a literal login
            if value.islower() and lexicon.is_generic(value):
                continue  # a word or a type (user: str)
            if ":" in m.group("sep") and key in _CODE_KEYS and value[:1].isupper():
                continue  # an annotation (user: User)
            s, e = m.span("v")
        else:
            s, e = m.span("qv")
        _hit(hits, s, e, text, "PERSON" if key in _NAME_KEYS else "HANDLE", "login-variable", lexicon)
    # Every trailer key ends in the letter run "author", "committer" or "by" (between ASCII
    # separators, so a whole run of the letter-run view; fold maps the non-ASCII case variants).
    if "<" in text and not runs.isdisjoint(_TRAILER_RUNS):
        for m in _TRAILER.finditer("\n" + text):
            m = _Shifted(m)
            s, e = m.span("v")
            if m.group("v").rstrip().endswith("[bot]"):
                continue  # dependabot[bot], github-actions[bot]: an app, not a person
            _hit(hits, s, e, text, "PERSON" if " " in m.group("v").strip() else "HANDLE", "git-author", lexicon)
    if "by" in runs:  # " by" and a separator: a whole run
        for m in _BY.finditer(low):
            if low[m.start() - 1] == "(":
                if low[m.end():m.end() + 1] != ")":
                    continue  # "(by x)" needs no verb (a log line's attribution), but its ")"
            elif _BY_VERB.search(low, max(0, m.start() - 20), m.start() - 1) is None:
                continue
            v = text[m.start("v"):m.end("v")]
            if v[:1].isupper() and v.isalpha():
                continue  # a capitalised name: the name stages decide
            if lexicon.is_generic(v) and not any(c in v for c in "._-0123456789"):
                continue
            _hit(hits, *m.span("v"), text, "HANDLE", "login-by", lexicon)
    if '"' in text and _JSON_COLON.search(text) is not None:
        bots = '"bot_id"' in text or '"is_bot": true' in text or '"bot": true' in text
        for m in _JSON_USER.finditer(text):
            key = m.group("k").lower()
            if bots and m.group("v").lower().endswith(("bot", "[bot]")):
                continue  # a bot's name in a chat export (deploybot), beside its bot id or flag
            if key == "display_name" and _in_kernelspec(text, m.start()):
                continue
            _hit(hits, *m.span("v"), text, "PERSON" if key in _NAME_KEYS else "HANDLE", "json-user", lexicon)
        if "name" in runs and '"name"' in text:
            for m in _JSON_NAME.finditer(text):
                s, e = m.span()
                lo = text.rfind("{", max(0, s - 300), s)
                hi = text.find("}", e, e + 400)
                if lo >= 0 and _USER_OBJECT_HINT.search(text, lo, hi if hi >= 0 else e + 400) and not (
                        _in_kernelspec(text, s)):
                    _hit(hits, *m.span("v"), text, "PERSON", "json-user", lexicon)
    if "@" in text:
        # an accepted _SSH command is a whole letter run in ASCII text (a set test before the word scan)
        if (cls is None or not runs.isdisjoint(_SSH_WORDS)) and _ssh_near_at(text, low, joined):
            for m in _SSH.finditer(text):
                if m.start() > 0 and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "_-"):
                    continue
                _hit(hits, *m.span("v"), text, "HANDLE", "ssh-login", lexicon)
        # a prompt holds ":~" or ":/": a one-character test (memchr) before the gate's scan
        prompt = ("~" in text or "/" in text) and _PROMPT_GATE.search(text) is not None
        if "]" in text and "[" in text:  # one-character tests (a two-character search costs ~0.6 ms/MB)
            for m in _PROMPT_BRACKET.finditer(text):
                if m.group("v") not in GENERIC_USERS:
                    hits.append(Hit(*m.span("v"), "HANDLE", "shell-prompt"))
        for m in _PROMPT.finditer("\n" + text) if prompt else ():
            m = _Shifted(m)
            if m.group("v") in GENERIC_USERS:
                continue
            hits.append(Hit(*m.span("v"), "HANDLE", "shell-prompt"))
            h = m.group("h")
            if h.lower() not in GENERIC_USERS and h.lower() not in ("localhost", "ubuntu") \
                    and not lexicon.is_generic(h.split(".")[0]):
                hits.append(Hit(*m.span("h"), "HANDLE", "shell-prompt"))
    for need, rx in _AUTH_LOG if not runs.isdisjoint(_AUTH_ANY) else ():
        if need <= runs:
            for m in rx.finditer(text):
                if "v" in rx.groupindex:
                    _hit(hits, *m.span("v"), text, "HANDLE", "auth-log", lexicon)
                else:  # PAM's "by x(uid=": the login before the match
                    bm = _BY_UID.search(text, max(0, m.start() - 44), m.start())
                    if bm is not None:
                        _hit(hits, *bm.span("v"), text, "HANDLE", "auth-log", lexicon)
    if "@" in text and "> " in text and "<" in text:
        for m in _MAILMAP.finditer(text):
            v = m.group("v").strip()
            if all(lexicon.is_generic(w) for w in v.split()):
                continue  # prose between two addresses: "<a@x> and <b@x>"
            _hit(hits, *m.span("v"), text, "PERSON" if " " in v or v[:1].isupper() else "HANDLE", "mailmap-name",
                 lexicon)
    if "pull" in runs and _MERGE_RUNS <= runs:
        for m in _MERGE_PR.finditer(text):
            _hit(hits, *m.span("v"), text, "HANDLE", "login-by", lexicon)
    if "hostname" in runs and "user" in runs:  # an ssh_config: its Host blocks set HostName
        for m in _SSH_CONFIG_USER.finditer("\n" + text):
            m = _Shifted(m)
            if not lexicon.is_generic(m.group("v")):  # "User guide" is a heading
                _hit(hits, *m.span("v"), text, "HANDLE", "login-variable", lexicon)
    if not _PERM_RUNS.isdisjoint(runs):  # an ls -l permission string's letter runs (-rw-r--r--, drwxr-xr-x)
        for m in _LS_LONG.finditer(text):
            v = m.group("v")
            if lexicon.is_generic(v):
                continue
            _hit(hits, *m.span("v"), text, "HANDLE", "login-variable", lexicon)
            if m.group("g") == v:
                _hit(hits, *m.span("g"), text, "HANDLE", "login-variable", lexicon)
    if "pid" in runs and "user" in runs or "uid" in runs and "pid" in runs:  # two set lookups before the scan
        _process_rows(text, hits, lexicon)
    if "username" in runs and ":username=" in text:
        for m in _NPMRC_USER.finditer(text):
            _hit(hits, *m.span("v"), text, "HANDLE", "login-variable", lexicon)
    keys = _LOGFMT_KEYS.intersection(runs)
    if keys and "=" in text and any(k + "=" in low for k in keys | ({"user_name"} if "user" in keys else set())):
        for m in _LOGFMT.finditer(text):
            s = m.start()
            line = text.rfind("\n", 0, s) + 1
            if _LOGFMT_PAIR.search(text, line, s) is None:
                # logfmt: another key=value before it on its line, or after it ("login ok user=x ip=...");
                # a call's keyword argument has neither, a comma or a parenthesis sits between
                eol = text.find("\n", m.end())
                if _LOGFMT_PAIR.search(text, m.end(), len(text) if eol < 0 else eol) is None:
                    continue
            v = m.group("v")
            if v.islower() and lexicon.is_generic(v):
                continue
            _hit(hits, *m.span("v"), text, "HANDLE", "auth-log", lexicon)
    if _CHAT_HEAD.match(text) is not None:
        for m in _CHAT_LINE.finditer("\n" + text):
            m = _Shifted(m)
            v = m.group("v").strip()
            if v and any(c.isalpha() for c in v) and v.count(" ") < 4 and v.lower() not in _LOG_LEVELS:
                _hit(hits, *m.span("v"), text, "PERSON" if " " in v or v[:1].isupper() else "HANDLE",
                     "chat-speaker", lexicon)
    # an _SSH_L command is a whole letter run in ASCII text (a set lookup); elsewhere a substring
    if ("ssh" in runs if cls is not None else "ssh" in joined) and " -l" in low:
        for m in _SSH_L.finditer(text):
            _hit(hits, *m.span("v"), text, "HANDLE", "ssh-login", lexicon)
    hits += find_system_logins(text, runs, lambda v: _ok(v, lexicon) and not (v.isalpha() and lexicon.is_generic(v)),
                               _daemon)
    hits += find_accounts(text, low, lexicon, words, GENERIC_USERS)
    hits += find_card_names(text, words)
    return hits


#: Rule listing rows for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("home-directory", "HANDLE", "default", "user names in home directories (/home/x, /Users/x, C:\\Users\\x, ~x)"),
    ("login-variable", "HANDLE", "default", "logins in CI and shell variables (GITLAB_USER_LOGIN=, USER=...)"),
    ("git-author", "PERSON", "default", "git Author:/Signed-off-by: names before <address>"),
    ("login-by", "HANDLE", "default", "logins after merged by, triggered by, pushed by..."),
    ("json-user", "PERSON", "default", "JSON user fields (login, username, real_name, display_name, name)"),
    ("ssh-login", "HANDLE", "default", "logins in ssh x@host, scp, rsync and ssh -l"),
    ("shell-prompt", "HANDLE", "default", "user and host of x@host:~$ prompts, user of [x@host dir]$ prompts"),
    ("auth-log", "HANDLE", "default", "accounts in sshd/PAM/sudo log lines and logfmt user= keys"),
    ("chat-speaker", "PERSON", "default", "speakers of WhatsApp-style chat exports (date, time, name:)"),
    ("process-table", "HANDLE", "default", "accounts in the USER/UID column of ps and top output"),
    ("mailmap-name", "HANDLE", "default", "the commit name between the two addresses of a .mailmap line"),
)
