"""Mail, chat and collaboration servers and clients: the line formats that hold their passwords.

Rows (one regex each, run by the shared prefilter of find_secrets), hold-out round 7 (r7-mail):

- a password command that only prints a literal (msmtp ``passwordeval "echo V"``, mbsync ``PassCmd "echo V"``,
  aerc ``source-cred-cmd``), and offlineimap's ``remotepasseval = "V"`` (a Python literal); a real command
  (``pass show mail/work``) stays;
- chat client commands: ``/ns identify V``, ``/msg NickServ REGISTER V``, ZNC's ``/msg *sasl set USER V`` and
  ``/msg *nickserv set V``, ``/znc addserver HOST +PORT V``, WeeChat's ``/secure set NAME V``, ``/secure
  passphrase V`` and ``/set OPTION V`` for an option named like a secret, Bitlbee's ``identify V``, ``register V``
  and ``account add PROTO USER V``;
- ZNC's ``Server = HOST +PORT V``;
- SMTP ``AUTH LOGIN``: the base64 line after the server's ``334 UGFzc3dvcmQ6`` (``Password:``);
- Exim: ``eq{$auth3}{V}`` in an authenticator, ``client_send = : user : V``, ``hide mysql_servers =
  host/db/user/V``;
- Perl DBI triples (Amavis ``@lookup_sql_dsn``, ``DBI->connect``): ``'dbi:…', 'user', 'V'``;
- s-nail / mailx per-account passwords: ``set password-USER@HOST=V``;
- relay credential files: dma ``user|host:V``, Exim ``passwd.client`` ``host:user:V`` and the ``user:V`` that
  ``postmap -q`` prints;
- Postfix ``inline:{ key=user:V }`` tables;
- Google app passwords (four groups of four letters) after a password key;
- rspamd's catena hashes (``$2$salt$hash``, what ``rspamadm pw`` prints).

Keys, users, hosts and commands stay visible; only the value goes.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value
from redacted_context_mcp.redaction.secret_values import is_reference, is_template

_V = r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'`;|]{1,256})"


def _value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """Group ``v`` without its quotes, unless it is a template or a reference."""
    s, e = m.span("v")
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    v = text[s:e]
    if not any(c.isalnum() for c in v) or is_template(v) or is_reference(v, quoted=False):
        return None
    return strip_span(text, s, e)


def _typed(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """:func:`_value` for a value with no key to vouch for it: it must hold a digit, a symbol or two cases
    (``identify the culprit`` is a sentence; ``identify Bitl33_pw`` is a password)."""
    span = _value(m, text)
    if span is None:
        return None
    v = text[span[0]:span[1]]
    if v.isdigit() or len(v) < 6:
        return None
    if v.isalpha() and (v.islower() or v.isupper() or v.istitle()):
        return None
    return span


def _named_option(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """WeeChat ``/set OPTION V``: the value when the option's last part names a secret."""
    if key_score(m.group("k").rsplit(".", 1)[-1]) < 2:
        return None
    return _value(m, text)


def _relay_line(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A relay credential line: the password is not a port, a time, a path or a plain word."""
    s, e = m.span("v")
    v = text[s:e]
    if v.replace(":", "").replace(".", "").isdigit() or v[:1] in "/~." or v.isalpha():
        return None
    return vet_value(text, s, e, 2, quoted=False)


_CHAT_LEAD = r"(?:^|(?<=[\s>]))"
#: Four-letter words of English prose: "password must have been sent" is a sentence, not an app password.
_WORDS = frozenset("that this with have been will must from your they were when what here there them then "
                   "than some only also into just like more much over such very well each used sent same "
                   "make made does done need once says said keep kept full long late soon back both".split())

#: The value of a Google app password after its key: four groups of four lower-case letters.
_APP_PW = (r"[\"']?(?:[ \t]{0,4}[=:][ \t]{0,4}|[ \t]{1,8})[\"']?"
           r"(?P<v>[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4})(?![a-z])")


def _app_password(m: re.Match[str], text: str) -> tuple[int, int] | None:
    return None if _WORDS.intersection(m.group("v").split()) else m.span("v")


MAILCHAT_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "password-command-literal",
        "a password command that only prints a literal (passwordeval \"echo V\", PassCmd \"echo V\","
        " source-cred-cmd = printf V)",
        # borg's BORG_PASSCOMMAND, restic's --password-command, borgmatic's encryption_passcommand (round 14)
        P(r"(?:passwordeval|passcmd|pass_cmd|cred-cmd|pass(?:word|phrase)?[_-]?command|passwordcmd|eval_password)"
          r"[\"']?[ \t]{0,4}[=: \t][ \t]{0,4}[\"']?[ \t]{0,4}(?:echo|printf)[ \t]{1,4}(?:-[ne][ \t]{1,4})?"
          r"(?:'?%s(?:\\n)?'?[ \t]{1,4})?"
          r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'`;|]{1,256})"),
        keywords=("eval ", "eval=", "eval_", "cmd ", "cmd=", "command ", "command="),
        on_lower=True,
        refine=_value,
        examples=(ex('passwordeval "echo {}"', tok(ALNUM, 12)), ex("PassCmd \"echo '{}'\"", tok(ALNUM, 12)),
                  ex('BORG_PASSCOMMAND="echo {}"', tok(ALNUM, 12)),
                  ex('restic --password-command "echo {}" snapshots', tok(ALNUM, 12))),
        near_misses=('passwordeval "gpg -q -d ~/.msmtp.gpg"', 'PassCmd "pass show mail/work"',
                     'PassCmd "echo $MAIL_PASSWORD"'),
    ),
    SecretRule(
        "python-eval-literal",
        "offlineimap's remotepasseval / localpasseval given a quoted literal instead of a call",
        P(r"^[ \t]{0,8}(?:remote|local)passeval[ \t]{0,4}=[ \t]{0,4}(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}')"
          r"[ \t]*\r?$", re.M),
        keywords=("passeval",),
        chars="=",
        on_lower=True,
        refine=_value,
        examples=(ex('remotepasseval = "{}"', tok(ALNUM, 12)),),
        near_misses=('remotepasseval = get_pass("work")', 'localpasseval = mailpasswd("work")'),
    ),
    SecretRule(
        "irc-services-command",
        "an IRC services or bouncer command's password (/ns identify V, /msg NickServ REGISTER V, /msg *sasl set"
        " USER V, /msg *nickserv set V, /znc addserver HOST +PORT V)",
        P(_CHAT_LEAD + r"/(?:(?:ns|nickserv|msg[ \t]{1,4}nickserv|quote[ \t]{1,4}nickserv)[ \t]{1,4}"
          r"(?:identify[ \t]{1,4}(?:[^\s\"';|]{1,64}[ \t]{1,4}(?=[^\s\"';|]))?|register[ \t]{1,4})"
          r"|msg[ \t]{1,4}\*sasl[ \t]{1,4}set[ \t]{1,4}[^\s]{1,64}[ \t]{1,4}"
          r"|msg[ \t]{1,4}\*nickserv[ \t]{1,4}set[ \t]{1,4}"
          r"|(?:znc[ \t]{1,4}|msg[ \t]{1,4}\*status[ \t]{1,4})addserver[ \t]{1,4}[^\s]{1,128}[ \t]{1,4}\+?\d{1,5}"
          r"[ \t]{1,4})" + _V, re.M),
        keywords=("/ns ", "nickserv", "*sasl", "addserver"),
        chars="/",
        on_lower=True,
        refine=_value,
        examples=(ex("/ns identify {}", tok(ALNUM, 12)), ex("/msg *sasl Set jo {}", tok(ALNUM, 12)),
                  ex("/znc addserver irc.libera.chat +6697 {}", tok(ALNUM, 12))),
        near_misses=("/ns identify $NS_PASS", "/msg *sasl Mechanism PLAIN", "/msg NickServ HELP REGISTER"),
    ),
    SecretRule(
        "weechat-secure",
        "WeeChat's /secure set NAME V and /secure passphrase V",
        P(r"/secure[ \t]{1,4}(?:set[ \t]{1,4}[^\s]{1,64}|passphrase)[ \t]{1,4}" + _V),
        keywords=("/secure",),
        on_lower=True,
        refine=_value,
        examples=(ex("/secure set libera_pass {}", tok(ALNUM, 12)), ex("/secure passphrase {}", tok(ALNUM, 14))),
        near_misses=("/secure set libera_pass <password>", "/secure decrypt"),
    ),
    SecretRule(
        "chat-set-option",
        "a chat client's /set OPTION V for an option named like a secret (irc.server.X.sasl_password)",
        P(r"/set[ \t]{1,4}(?P<k>[a-z0-9_]{1,40}(?:\.[a-z0-9_-]{1,64}){1,6})[ \t]{1,4}" + _V),
        keywords=("/set ",),
        on_lower=True,
        refine=_named_option,
        examples=(ex('/set irc.server.libera.sasl_password "{}"', tok(ALNUM, 12)),),
        near_misses=('/set irc.server.libera.sasl_password "${sec.data.libera_pass}"',
                     "/set irc.server.libera.sasl_mechanism plain"),
    ),
    SecretRule(
        "bitlbee-command",
        "Bitlbee's identify V, register V and account add PROTOCOL USER V in its control channel",
        P(r"^(?:<[^>\r\n]{1,32}>[ \t]{1,4})?(?:identify|register|account[ \t]{1,4}add[ \t]{1,4}[a-z0-9_-]{2,20}"
          r"[ \t]{1,4}[^\s]{1,128})[ \t]{1,4}(?:-noload[ \t]{1,4})?" + _V + r"[ \t]*\r?$", re.M),
        keywords=("identify", "register", "account add"),
        chars=" ",
        on_lower=True,
        refine=_typed,
        examples=(ex("identify {}", tok(ALNUM, 12)), ex("account add jabber jo@example.org {}", tok(ALNUM, 12))),
        near_misses=("identify the culprit", "register yourself", "account add twitter jo"),
    ),
    SecretRule(
        "znc-server-password",
        "the password after the port of a ZNC Server = HOST [+]PORT V line",
        P(r"^[ \t]{0,8}server[ \t]{0,16}=[ \t]{0,4}[^\s]{1,128}[ \t]{1,4}\+?\d{1,5}[ \t]{1,4}" + _V + r"[ \t]*\r?$",
          re.M),
        keywords=("server",),
        chars="=",
        on_lower=True,
        refine=_value,
        examples=(ex("  Server = irc.libera.chat +6697 {}", tok(ALNUM, 12)),),
        near_misses=("  Server = irc.libera.chat +6697", "Server = irc.oftc.net 6667"),
    ),
    SecretRule(
        "smtp-auth-login",
        "the base64 password line an SMTP client sends after the server's 334 UGFzc3dvcmQ6 (Password:)",
        P(r"334[ \t]{1,4}(?:UGFzc3dvcmQ6|cGFzc3dvcmQ6)[ \t]*\r?\n(?:[CS]:[ \t]?|[<>]{1,3}[ \t]?)?"
          r"(?P<v>[A-Za-z0-9+/]{4,1024}={0,2})[ \t]*\r?$", re.M),
        keywords=("334 ",),
        group=("v",),
        examples=(ex("334 VXNlcm5hbWU6\namRvZQ==\n334 UGFzc3dvcmQ6\n{}==", tok(ALNUM, 16)),),
        near_misses=("334 VXNlcm5hbWU6\namRvZQ==", "334 UGFzc3dvcmQ6"),
    ),
    SecretRule(
        "exim-auth-condition",
        "the literal an Exim authenticator compares the password with (eq{$auth3}{V})",
        P(r"eq[ \t]{0,2}\{\$auth\d\}[ \t]{0,2}\{(?P<v>[^{}\r\n]{1,256})\}"),
        keywords=("$auth",),
        refine=_value,
        examples=(ex("server_condition = ${if eq{$auth3}{%s}}".replace("%s", "{}"), tok(ALNUM, 12)),),
        near_misses=("server_condition = ${if saslauthd{{$auth2}{$auth3}}}", "${if eq{$auth3}{$auth2}}"),
    ),
    SecretRule(
        "exim-client-send",
        "the password an Exim client authenticator sends (client_send = ^user^V, client_send = : user : V)",
        P(r"client_send[ \t]{0,4}=[ \t]{0,4}(?:\^|:[ \t]{0,4})[^\s:^]{1,128}[ \t]{0,4}(?:\^|:[ \t]{0,4})"
          r"(?P<v>[^\s:^]{1,256})"),
        keywords=("client_send",),
        refine=_value,
        examples=(ex("client_send = ^relay^{}", tok(ALNUM, 12)), ex("client_send = : relay : {}", tok(ALNUM, 12))),
        near_misses=("client_send = : relay : ${extract{pass}{$value}}",),
    ),
    SecretRule(
        "exim-sql-servers",
        "the password of an Exim mysql_servers / pgsql_servers entry (host/database/user/V)",
        P(r"(?:mysql|pgsql|oracle|ibase|redis)_servers[ \t]{0,4}=[ \t]{0,4}(?:<[^\s]{1,4}[ \t]{0,4})?"
          r"[^\s/:]{1,128}(?:/[^\s/:]{0,128}){2}/(?P<v>[^\s:]{1,256})"),
        keywords=("_servers",),
        on_lower=True,
        refine=_value,
        examples=(ex("hide mysql_servers = localhost/exim/exim/{}", tok(ALNUM, 12)),),
        near_misses=("hide mysql_servers = localhost/exim/exim/", "mysql_servers = ${lookup{x}}"),
    ),
    SecretRule(
        "perl-dbi-triple",
        "the password of a Perl DBI data source, user, password triple ('DBI:mysql:...', 'user', 'V')",
        P(r"[\"']dbi:[^\"'\r\n]{1,256}[\"'][ \t]{0,4},[ \t\r\n]{0,40}[\"'][^\"'\r\n]{0,128}[\"'][ \t]{0,4},"
          r"[ \t\r\n]{0,40}(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}')"),
        keywords=("dbi:",),
        on_lower=True,
        refine=_value,
        examples=(ex("@lookup_sql_dsn = ( ['DBI:mysql:database=mail', 'amavis', '{}'] );", tok(ALNUM, 12)),
                  ex('DBI->connect("dbi:Pg:dbname=app", "app", "{}")', tok(ALNUM, 12))),
        near_misses=("DBI->connect('dbi:Pg:dbname=app', 'app', '')", "DBI->connect($dsn, $user, $pass)"),
    ),
    SecretRule(
        "mailx-account-password",
        "s-nail / mailx per-account passwords: set password-USER@HOST=V, smtp-auth-password-USER@HOST=V",
        P(r"\bset[ \t]{1,4}(?:[a-z0-9]{1,10}-auth-)?password-[^\s=]{1,256}=" + _V),
        keywords=("password-",),
        on_lower=True,
        refine=_value,
        examples=(ex("set password-jo@smtp.example.org={}", tok(ALNUM, 12)),),
        near_misses=("set password-jo@smtp.example.org=$MAILPW",),
    ),
    SecretRule(
        "dma-auth-line",
        "the password of a dma auth.conf line (user|smarthost:V)",
        P(r"^[\w.+-]{1,64}(?:@[\w.-]{1,128})?\|[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8}:(?P<v>[^\s]{1,256})[ \t]*\r?$",
          re.M),
        keywords=("|",),
        chars=":",
        on_lower=True,
        refine=_relay_line,
        examples=(ex("relay|smtp.example.org:{}", tok(ALNUM, 12)),),
        near_misses=("INFO|db.example.org:5432", "a|b.example.org:/var/x"),
    ),
    SecretRule(
        "relay-credential-line",
        "the password of an Exim passwd.client line (host:user:V) and of the user:V line postmap -q prints"
        " from a sasl_passwd table",
        P(r"^(?:\*?[a-z0-9*-]{0,63}(?:\.[a-z0-9-]{1,63}){1,8}:[^\s:|]{1,128}|(?<=sasl_passwd\n)[^\s:|]{1,128})"
          r":(?P<v>[^\s]{1,256})[ \t]*\r?$", re.M),
        keywords=("smtp", "mail.", "relay", "exim", "mx.", "sasl_passwd"),
        chars=":",
        on_lower=True,
        refine=_relay_line,
        examples=(ex("smtp.example.org:relay:{}", tok(ALNUM, 12)),),
        near_misses=("smtp.example.org:587:tls", "mail.example.org:relay:/etc/x", "smtp.example.org:12:30:45"),
    ),
    SecretRule(
        "postfix-inline-table",
        "the password of a Postfix inline:{ key=user:V } or static:user:V table",
        P(r"(?:inline:\{[^}\r\n]{0,400}?=|static:\{?)[ \t]{0,4}[^\s:=}]{1,128}:(?P<v>[^\s,}]{1,256})"),
        keywords=("inline:{", "static:"),
        refine=_value,
        examples=(ex("smtp_sasl_password_maps = inline:{ [smtp.example.org]:587=relay:{} }", tok(ALNUM, 12)),),
        near_misses=("smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd",),
    ),
    SecretRule(
        "google-app-password",
        "a Google app password (four groups of four lower-case letters) after a password key",
        P(r"(?i:password|passwd|pass(?=[ \t]{0,4}[=:]))" + _APP_PW),
        keywords=("pass",),
        chars=" ",
        refine=_app_password,
        examples=(("password qwhv ztpk mxre lbns", "qwhv ztpk mxre lbns"),),
        near_misses=("password is very long here",),
    ),
    SecretRule(
        "app-password-short-key",
        "a Google app password after a short or German password key (gmail app pw: V, App-Kennwort: V)",
        # a row apart: with these keys in the first row's alternation its literal prefix is lost (7x slower)
        P(r"(?:kennwort|pw(?<![a-z]pw)d?)" + _APP_PW),
        keywords=("pw", "kennwort"),
        chars=" ",
        on_lower=True,
        refine=_app_password,
        examples=(("gmail app pw: qwhv ztpk mxre lbns", "qwhv ztpk mxre lbns"),
                  ("App-Kennwort: rtzu vbnm kjhg wqas", "rtzu vbnm kjhg wqas")),
        near_misses=("the pw is very long here",),
    ),
    SecretRule(
        "rspamd-catena-hash",
        "rspamd's catena password hash ($2$salt$hash, what rspamadm pw prints)",
        P(r"\$2\$[a-z0-9]{16,64}\$[a-z0-9]{32,128}(?![a-z0-9])"),
        keywords=("$2$",),
        examples=(("$2$qecacwgrz13owkag4gqcy5y7yeqh7yh4$y6i6uhwbyoxmopkbuw7cmmzbqofsgiqdn5xzqqf5nezgdzmhytcy",
                   "$2$qecacwgrz13owkag4gqcy5y7yeqh7yh4$y6i6uhwbyoxmopkbuw7cmmzbqofsgiqdn5xzqqf5nezgdzmhytcy"),),
        near_misses=("$2$short$x",),
    ),
)
