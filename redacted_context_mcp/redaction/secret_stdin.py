"""Secrets a script types into a program's input: expect/pexpect answers and ftp here-documents.

- **expect scripts** (Tcl ``expect``, ``expect -c '…'``, Python ``pexpect``):
  ``send "V\\r"`` / ``sendline('V')`` answers the ``expect`` before it; when
  that prompt asks for a password (``assword``, ``passphrase``, ``passcode``,
  ``PIN``, ``token``, ``secret``), V is the secret. ``send "yes\\r"`` after
  ``(yes/no)?`` and ``send "root\\r"`` after ``login:`` stay.
- **ftp here-documents** (``ftp``, ``sftp``, ``lftp``, ``ncftp`` fed by
  ``<<EOF`` … ``EOF``): ``user U V`` (and ``quote USER U`` / ``login U V``)
  lines, ``pass V`` / ``quote PASS V`` lines and lftp's ``open -u U,V host``.
- **pipes and here-strings** (``echo V | sudo -S``, ``docker login --password-stdin <<< V``,
  ``docker secret create NAME - <<< V``): :func:`find_piped`, for the command-line stage;
  also ``echo V > FILE`` (``>>``, ``printf``) into a file named like a credential file
  (``.vault_pass``, ``/etc/pam_ldap.secret``, ``run/secrets/db``: see secret_filenames).
- **here-documents fed to a password prompt** (``sudo -S``, ``passwd``,
  ``smbpasswd -s``, ``kinit``, ``cryptsetup``, ``--password-stdin``): the first
  line (``passwd`` and ``smbpasswd`` ask up to three times: the first three);
  ``chpasswd``: the password of each ``user:password`` line.

Values that are references (``$pw``, ``$env(PW)``, ``[lindex $argv 0]``,
``${PASS}``) stay.

Imports: redaction.secret_filenames, redaction.secret_values, redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_filenames import file_kind
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

# --- expect / pexpect ----------------------------------------------------------------------------

_SEND = re.compile(
    r"send(?:line)?(?:[ \t]{1,4}--)?[ \t]{0,4}\(?[ \t]{0,4}"
    r"(?:\"(?P<d>[^\"\\\n]{0,256}(?:\\[^\n][^\"\\\n]{0,256}){0,8})\"|'(?P<s>[^'\n]{1,256})'|\{(?P<b>[^{}\n]{1,256})\})"
)
_EXPECT = re.compile(r"expect(?:_exact)?\b")
#: What a password prompt holds (``Password:``, ``assword``, ``Enter passphrase``, ``PIN:``).
_PROMPT = re.compile(r"ass(?:word|wd|phrase|code)?\b|pass|\bpin\b|token|secret|\bpw\b|kennwort|mot de passe"
                     r"|retype|re-?enter|confirm|verify")  # passwd asks twice: "Retype new password"
#: A pattern on the answer's own line (``"password:" { send "V\r" }`` in an ``expect { … }`` block).
_SAME_LINE = re.compile(r"[\"'{][^\n]{0,200}[\"'}][ \t]{0,8}\{[ \t]{0,8}$")
_LINE_END = ("\\r\\n", "\\r", "\\n", "\r", "\n")
_WINDOW = 400  # how far back (characters) the prompt an answer replies to may be


def _answer(text: str, s: int, e: int) -> tuple[int, int] | None:
    v = text[s:e]
    for tail in _LINE_END:
        if v.endswith(tail):
            e -= len(tail)
            v = v[:-len(tail)]
            break
    if not v.strip() or v[0] in "$[" or is_template(v) or is_reference(v, quoted=True):
        return None
    return s, e


def _prompt_before(low: str, i: int) -> str:
    """The pattern an answer at ``i`` replies to: the branch pattern on its own line, else the pattern of
    the last ``expect`` before it (within the window), or ''."""
    ls = low.rfind("\n", 0, i) + 1
    if _SAME_LINE.search(low, ls, i):
        return low[ls:i]
    lo = max(0, i - _WINDOW)
    j = low.rfind("expect", lo, i)
    while j >= 0 and not _EXPECT.match(low, j):
        j = low.rfind("expect", lo, j)
    if j < 0:
        return ""
    # the prompt runs from the word to the end of its line or to the ``;`` that closes the command
    end = i
    nl = low.find("\n", j, i)
    if nl >= 0:
        end = nl
    semi = low.find(";", j, end)
    return low[j + 6:semi if semi >= 0 else end]


def find_expect(text: str, low: str, out: list[Hit]) -> None:
    """Answers sent after a password prompt in expect and pexpect scripts."""
    i = low.find("send")
    while i >= 0:
        m = _SEND.match(low, i)
        if m is not None and (i == 0 or not low[i - 1].isalnum() or low[i - 1] == "."):
            g = next(g for g in ("d", "s", "b") if m.start(g) >= 0)
            if _PROMPT.search(_prompt_before(low, i)):
                sp = _answer(text, *m.span(g))
                if sp is not None:
                    out.append(Hit(sp[0], sp[1], "SECRET", "expect-answer"))
            i = low.find("send", m.end())
        else:
            i = low.find("send", i + 4)


# --- ftp here-documents --------------------------------------------------------------------------

#: A here-document's opening ``<<EOF`` / ``<<-'END'`` (its tag), and the command words before it on its line.
_HEREDOC_TAG = re.compile(r"<<-?[ \t]{0,4}(?P<q>['\"]?)(?P<tag>[A-Za-z_][A-Za-z0-9_]{0,31})(?P=q)")
_FTP_WORD = re.compile(r"(?<![\w-])(?:ftp|sftp|lftp|ncftp|tnftp|pftp)\b")
_FTP_LINES = (
    # user U V, quote USER U V, login U V
    re.compile(r"[ \t]{0,16}(?:(?:quote|literal)[ \t]{1,4})?(?:user|login)[ \t]{1,8}[^\s]{1,128}[ \t]{1,8}"
               r"(?P<v>[^\s]{1,256})"),
    # pass V, quote PASS V, password V
    re.compile(r"[ \t]{0,16}(?:(?:quote|literal)[ \t]{1,4})?pass(?:word)?[ \t]{1,8}(?P<v>[^\s]{1,256})"),
    # lftp: open -u U,V host (or open -u U,V)
    re.compile(r"[ \t]{0,16}open[ \t]{1,8}(?:-[a-z][ \t]{1,4}[^\s]{1,64}[ \t]{1,8}){0,3}-u[ \t]{1,4}"
               r"[^\s,]{1,128},(?P<v>[^\s]{1,256})"),
)
_HEREDOC_LINES = 200
_SINK_WORD = re.compile(
    r"(?<![\w./-])(?:(?i:passwd|chpasswd|smbpasswd|kinit|cryptsetup)\b"
    r"|sudo[ \t]{1,8}(?:-[a-zA-Z]{0,4}[ \t]{1,8}){0,3}(?:-[a-zA-Z]{0,4}S\b|--stdin\b)"
    r"|--(?:[a-z]{1,12}-){0,3}stdin\b)"
)


def _heredocs(text: str, word: re.Pattern[str]):
    """(tag, the command word's match, where the tag's line ends) of each here-document whose line holds
    ``word`` before its ``<<`` (found from each ``<<``: the command words are read back on the line)."""
    i = text.find("<<")
    while i >= 0:
        if text.startswith("<<<", i):
            i = text.find("<<", i + 3)
            continue
        t = _HEREDOC_TAG.match(text, i)
        if t is not None:
            ls = max(text.rfind("\n", 0, i) + 1, i - 200)
            w = None
            for found in word.finditer(text, ls, i):
                w = found  # the last command word before ``<<``
            if w is not None and "<" not in text[w.end():i]:
                yield t.group("tag"), w, text.find("\n", t.end())
        i = text.find("<<", i + 2)


def find_ftp_heredocs(text: str, low: str, out: list[Hit]) -> None:
    """Passwords in the login lines of here-documents fed to ftp clients."""
    for tag, _w, pos in _heredocs(low, _FTP_WORD):
        for _ in range(_HEREDOC_LINES):
            if pos < 0:
                break
            ls = pos + 1
            le = low.find("\n", ls)
            le = len(low) if le < 0 else le
            if low[ls:le].strip(" \t\r") == tag:
                break
            for rx in _FTP_LINES:
                lm = rx.match(low, ls, le)
                if lm is not None:
                    s, e = lm.span("v")
                    e = len(text[s:e].rstrip("\r")) + s
                    v = text[s:e]
                    if v and v[0] not in "$`" and not is_template(v) and not is_reference(v, quoted=False):
                        out.append(Hit(s, e, "SECRET", "ftp-heredoc"))
                    break
            pos = le if le < len(low) else -1


def _vet_line(text: str, s: int, e: int) -> tuple[int, int] | None:
    while s < e and text[s] in " \t":
        s += 1
    while e > s and text[e - 1] in " \t\r":
        e -= 1
    v = text[s:e]
    if not v or v[0] in "$`" or is_template(v) or is_reference(v, quoted=False):
        return None
    return s, e


def find_sink_heredocs(text: str, out: list[Hit]) -> None:
    """Passwords typed by a here-document into a program that reads one from its input."""
    for tag, w, pos in _heredocs(text, _SINK_WORD):
        sink = w.group(0).split(None, 1)[0].lower()
        keep = 3 if sink in ("passwd", "smbpasswd") else 200 if sink == "chpasswd" else 1
        taken = 0
        for _ in range(_HEREDOC_LINES):
            if pos < 0 or taken >= keep:
                break
            ls = pos + 1
            le = text.find("\n", ls)
            le = len(text) if le < 0 else le
            line = text[ls:le]
            if line.strip(" \t\r") == tag:
                break
            if line.strip():
                s, e = ls, le
                if sink == "chpasswd":
                    colon = text.find(":", ls, le)
                    s = colon + 1 if colon >= 0 else le
                sp = _vet_line(text, s, e)
                if sp is not None:
                    out.append(Hit(sp[0], sp[1], "SECRET", "stdin-heredoc"))
                taken += 1
            pos = le if le < len(text) else -1


# --- pipes and here-strings into programs that read a secret ----------------------------------------

#: Programs that read a password from standard input.
_STDIN_SINK = (r"(?:\bsudo[ \t]{1,8}(?:-[a-zA-Z]{0,4}[ \t]{1,8}){0,3}(?:-[a-zA-Z]{0,4}S\b|--stdin\b)"
               r"|--(?:[a-z]{1,12}-){0,2}(?:password|passwd|pass|passphrase|token|secret|key)-stdin\b|--with-token\b"
               r"|--passphrase-fd[ \t]{1,4}0\b|-pass(?:in)?[ \t]{1,4}stdin\b"
               r"|--passwd-on-stdin\b|--stdin-pass(?:word)?\b|\brealm[ \t]{1,4}join\b"
               # sshfs -o password_stdin, htpasswd -i, ocpasswd, pure-pw, doveadm pw, openssl passwd -stdin (round 14)
               r"|\bpassword_stdin\b|--pass(?:word)?-from-stdin\b|\b(?:ocpasswd|pure-pw|doveadm[ \t]{1,4}pw)\b"
               r"|\bhtpasswd[ \t][^|\n]{0,60}?-[a-z]{0,4}i[a-z]{0,4}\b"
               r"|\bopenssl[ \t]{1,4}passwd[ \t][^|\n]{0,60}?-stdin\b"
               # a file named for a secret written by tee (echo V | sudo tee /etc/ldap.secret)
               r"|\btee[ \t]{1,4}(?:-a[ \t]{1,4})?[^\s|;&]{0,200}?(?:\.secrets?|\.pw|\.pass(?:wd|word)?|password)\b"
               r"|\b(?:passwd|chpasswd|smbpasswd|vncpasswd|saslpasswd2|kinit|cryptsetup|openconnect|runas)\b"
               # secret stores that read the new value from stdin (docker secret create NAME -, --data-file=-)
               r"|\b(?:docker|podman)[ \t]{1,4}secret[ \t]{1,4}create[ \t]{1,4}[^\s|<]{1,64}[ \t]{1,4}-(?![\w-])"
               # round 15: kubectl/kubeseal --from-file=[KEY=]/dev/stdin, aws file:///dev/stdin, vault KEY=-
               r"|--from-file[= ](?:[\w.-]{1,64}=)?/dev/stdin\b|\bfile:///dev/stdin\b"
               r"|\bvault[ \t][^|<\n]{0,120}?=-(?![\w-])"
               r"|\bgcloud[ \t]{1,4}secrets[ \t][^|<\n]{0,120}--data-file[= ]-(?![\w-])"
               r"|\b(?:vercel[ \t]{1,4}env[ \t]{1,4}add|wrangler[ \t]{1,4}(?:pages[ \t]{1,4})?secret[ \t]{1,4}put"
               r"|gh[ \t]{1,4}secret[ \t]{1,4}set|doppler[ \t]{1,4}secrets[ \t]{1,4}set"
               r"|firebase[ \t]{1,4}functions:secrets:set|pass[ \t]{1,4}insert"
               # Symfony's secrets vault (bin/console secrets:set NAME -) and fly secrets import (round 7)
               r"|(?:console|symfony)[ \t]{1,4}secrets:set|(?:fly|flyctl)[ \t]{1,4}secrets[ \t]{1,4}import)\b"
               # Elastic keystores (filebeat/logstash/elasticsearch-keystore add NAME --stdin; round 8)
               r"|\bkeystore[ \t]{1,4}add[ \t][^|<\n]{0,120}?(?:--stdin|-x)\b"
               r"|(?P<b64>\bbase64\b))")
_STDIN_VALUE = r"(?P<v>'[^'\n]{1,256}'|\"[^\"\n]{1,256}\"|[^\s|'\"<>;&]{1,256})"
_PIPE_TO_SINK = r"[ \t]{0,8}\|[^|\n]{0,200}?" + _STDIN_SINK
#: ``echo V |``, ``printf V |``, ``printf '%s\n' V |``, ``cat <<< V |`` piped into one of them: one
#: literal-led regex per feeding command (the word must be in the text).
_PIPED = (
    ("echo", re.compile(r"echo[ \t]{1,8}(?:-[ne][ \t]{1,4})?" + _STDIN_VALUE + _PIPE_TO_SINK)),
    ("printf", re.compile(r"printf[ \t]{1,8}(?:(?:'%s(?:\\n)?'|\"%s(?:\\n)?\")[ \t]{1,8})?" + _STDIN_VALUE
                          + _PIPE_TO_SINK)),
    # a subshell that answers the prompt twice: (echo V; echo V) | smbpasswd -s -a USER
    ("echo", re.compile(r"\([ \t]{0,4}echo[ \t]{1,8}(?:-[ne][ \t]{1,4})?" + _STDIN_VALUE
                        + r"[ \t]{0,4};[ \t]{0,4}echo[ \t]{1,8}(?:-[ne][ \t]{1,4})?"
                        + _STDIN_VALUE.replace("<v>", "<v2>").replace("&]", "&)]") + r"[ \t]{0,4}\)" + _PIPE_TO_SINK)),
    ("cat", re.compile(r"cat[ \t]{1,4}<<<[ \t]{0,4}" + _STDIN_VALUE + _PIPE_TO_SINK)),
)
#: ``sudo -S <<< V``, ``docker login --password-stdin <<< "V"``: a here-string fed to one of them (found
#: from each ``<<<``, the sink read back on its line).
_SINK = re.compile(_STDIN_SINK)
_HERE_VALUE = re.compile(r"<<<[ \t]{0,4}" + _STDIN_VALUE)


def _here_strings(text: str, out: list[Hit]) -> None:
    i = text.find("<<<")
    while i >= 0:
        lo = max(text.rfind("\n", 0, i) + 1, i - 200)
        sinks = list(_SINK.finditer(text, lo, i))
        if sinks and "|" not in text[sinks[-1].end():i] and "<" not in text[sinks[-1].end():i]:
            m = _HERE_VALUE.match(text, i)
            if m is not None:
                s, e = unquote(*m.span("v"), text)
                if literal_ok(text[s:e]):
                    out.append(Hit(s, e, "SECRET", "command-line-tool"))
        i = text.find("<<<", i + 3)


def unquote(s: int, e: int, text: str) -> tuple[int, int]:
    """``[s, e)`` without the quotes around it, if it is quoted."""
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        return s + 1, e - 1
    return s, e


def literal_ok(value: str) -> bool:
    """A command-line literal that can be a secret (not shell syntax for something else, not a template)."""
    # on a command line only shell syntax refers to something else (a dotted word is a value)
    ref = value[:1] in "$%<{`@" and is_reference(value, quoted=False)
    return bool(value) and not ref and not is_template(value)


#: One of these words (a substring of the letter-run view) is in every text a sink or a piped feed can match.
_PIPE_WORDS = ("pass", "sudo", "stdin", "token", "kinit", "cryptsetup", "base", "openconnect", "secret", "vercel",
               "runas", "realm", "tee", "pw")


def find_piped(text: str, joined: str, out: list[Hit]) -> None:
    """A literal piped (``echo V |``, ``printf V |``, ``cat <<< V |``) or fed by here-string (``<<< V``) to a
    program that reads a secret from stdin; ``joined``: the text's letter-run view (its a-z words)."""
    here = "<" in text and "<<<" in text
    if ("|" in text or here) and any(w in joined for w in _PIPE_WORDS):
        for word, rx in _PIPED if "|" in text else ():
            if word in joined and (word != "cat" or here):
                for m in rx.finditer(text):
                    if "v2" in rx.groupindex and m.start("v2") >= 0:
                        s, e = unquote(*m.span("v2"), text)  # the second answer of (echo V; echo V) |
                        if literal_ok(text[s:e]):
                            out.append(Hit(s, e, "SECRET", "command-line-tool"))
                    s, e = unquote(*m.span("v"), text)
                    if m.start("b64") >= 0 and " " in text[s:e] or e - s < 3:
                        continue  # echo "hello world" | base64 is a phrase; echo y | ... answers a prompt
                    if literal_ok(text[s:e]):
                        out.append(Hit(s, e, "SECRET", "command-line-tool"))
        if here:
            _here_strings(text, out)
    if ">" in text and ("echo" in joined or "printf" in joined):
        _redirected(text, joined, out)


#: ``echo V > FILE``, ``printf '%s' V >> FILE``: a literal written into a file (round 8)
_INTO_FILE = r"[ \t]{0,8}>{1,2}[ \t]{0,8}(?P<f>'[^'\n]{1,256}'|\"[^\"\n]{1,256}\"|[^\s|;&<>()]{1,256})"
_REDIRECTED = (
    ("echo", re.compile(r"echo[ \t]{1,8}(?:-[ne]{1,2}[ \t]{1,4})?" + _STDIN_VALUE
                        + _INTO_FILE)),
    ("printf", re.compile(r"printf[ \t]{1,8}(?:(?:'%s(?:\\n)?'|\"%s(?:\\n)?\")[ \t]{1,8})?" + _STDIN_VALUE
                          + _INTO_FILE)),
)
#: files of colon-separated fields whose last field is the password (PostgreSQL's password file)
_FIELD_FILES = frozenset((".pgpass", "pgpass.conf"))
#: a target named like a secret file that file_kind does not know by its whole name
_SECRET_TARGET = re.compile(r"(?:\.secrets?|\.pw|\.pass(?:wd|word)?|password|passphrase|\.token)$")


def _redirected(text: str, joined: str, out: list[Hit]) -> None:
    """The literal of ``echo V > FILE`` when FILE is named like a credential file."""
    for word, rx in _REDIRECTED:
        if word not in joined:
            continue
        for m in rx.finditer(text):
            target = m.group("f").strip("'\"")
            rel = target.lstrip("~/").rstrip("/")
            s, e = unquote(*m.span("v"), text)
            if rel.rsplit("/", 1)[-1].lower() in _FIELD_FILES:  # echo "host:port:db:user:V" >> ~/.pgpass (round 15)
                colon = text.rfind(":", s, e)
                if s < colon < e - 1 and literal_ok(text[colon + 1:e]):
                    out.append(Hit(colon + 1, e, "SECRET", "command-line-tool"))
                continue
            if not rel or "$" in rel or (file_kind(rel) is None and _SECRET_TARGET.search(rel.lower()) is None):
                continue
            if e - s >= 3 and literal_ok(text[s:e]):
                out.append(Hit(s, e, "SECRET", "command-line-tool"))
