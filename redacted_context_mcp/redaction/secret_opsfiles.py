"""What an engineer copies out of running systems and proxy configs (hold-out round 11 of issue 9).

Rows (one regex each, run by the shared prefilter of find_secrets):

- ``envoy-inline-secret``: an Envoy data source given inline under a key named like a secret
  (``password: { inline_string: "V" }``, ``private_key:\\n  inline_bytes: V``); a certificate chain or a
  direct response body given inline is not a secret and stays;
- ``redis-auth-sent``: a Redis ``AUTH`` written into a health check or a pipe, where the protocol's line
  end is spelled out (HAProxy ``tcp-check send AUTH\\ V\\r\\n``, ``printf 'AUTH V\\r\\n' | nc``); an SMTP
  client's ``AUTH LOGIN`` names its SASL mechanism, not a password;
- ``ltrace-getenv``: what ``getenv`` returned for a variable named like a secret in an ltrace
  (``getenv("DB_PASSWORD") = "V"``);
- ``server-param-secret``: a web server's parameter or environment directive named like a secret
  (``fastcgi_param DB_PASSWORD V;``, ``SetEnv APP_SECRET V``; lead round 12);
- ``ldap-bind-password``: the ``-w`` password beside a ``-D`` bind DN whatever the command (lead round 12);
- ``ntp-key-line``: a line of an NTP or chrony key file (``10 SHA1 HEX:V``; lead round 12);
- ``sql-set-password``: MySQL's ``SET PASSWORD [FOR 'user'@'host'] = 'V'`` (a literal, not a call).

Grammars: :func:`find_trace_strings`, the C string arguments of strace lines (``read(3, "…\\n…", 4096) = 31``)
read with their escapes as line breaks, so the text a traced program read or wrote (a ``.pgpass`` line,
an ``.env``) meets the line grammars of the file it came from; :func:`find_libedit_history`, a libedit
history (``.mysql_history``, ``.sqlite_history``) read with its ``\\040`` escapes as blanks. The hits keep
their rules' ids.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values,
redaction.spans, redaction.secret_rules (lazily).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from redacted_context_mcp.redaction.secret_keys import key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, HEX, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.spans import Hit

#: The key an inline data source is the value of: on its line before ``{``, or alone on the line above.
_ENVOY_KEY = re.compile(r"[\"']?([a-z][a-z0-9_]{0,63})[\"']?[ \t]{0,4}:[ \t]{0,4}\{?[ \t]{0,4}"
                        r"(?:\r?\n[ \t]{0,32})?[\"']?\Z")


def _refine_envoy(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s = m.start()
    before = text[max(0, s - 160):s].lower()
    k = _ENVOY_KEY.search(before)
    if k is None:
        return None
    score = key_score(k.group(1))
    if score < 2:
        return None  # certificate_chain, body, filename: not a secret's key
    vs, ve = m.span("v")
    if ve - vs >= 2 and text[vs] in "\"'" and text[ve - 1] == text[vs]:
        vs, ve = vs + 1, ve - 1
    return vet_value(text, vs, ve, score, quoted=True)


#: SASL mechanisms an SMTP/IMAP client names after AUTH (round 7 of the redis-auth row).
_SASL = frozenset("login plain cram-md5 digest-md5 xoauth xoauth2 oauthbearer gssapi ntlm external anonymous "
                  "scram-sha-1 scram-sha-256 scram-sha-512".split())


def _refine_redis_sent(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e]
    if v.lower() in _SASL or is_template(v) or is_reference(v, quoted=False) or v.startswith("%"):
        return None
    return strip_span(text, s, e)


def _refine_quoted(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.start("v") + 1, m.end("v") - 1
    v = text[s:e]
    if not v.strip() or is_template(v) or is_reference(v, quoted=True):
        return None
    return strip_span(text, s, e)


def _refine_getenv(m: re.Match[str], text: str) -> tuple[int, int] | None:
    score = key_score(m.group("k"))
    if not score:
        return None
    return vet_value(text, *m.span("v"), score, quoted=True)


def _refine_param(m: re.Match[str], text: str) -> tuple[int, int] | None:
    score = key_score(m.group("k"))
    if score < 2:
        return None  # fastcgi_param SCRIPT_FILENAME, SetEnv APP_ENV
    vs, ve = m.span("v")
    quoted = ve - vs >= 2 and text[vs] in "\"'" and text[ve - 1] == text[vs]
    if quoted:
        vs, ve = vs + 1, ve - 1
    return vet_value(text, vs, ve, score, quoted=quoted)


#: The digest or cipher names of an NTP/chrony key file line (``ID TYPE KEY``).
_NTP_TYPES = (r"(?:md5|sha1|sha256|sha384|sha512|sha3-224|sha3-256|sha3-384|sha3-512"
              r"|aes128cmac|aes256cmac|aes128|aes256)")


def _refine_ntp(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    return None if is_template(text[s:e]) else (s, e)


_DN_ARG = r"(?:\"[^\"\r\n]{1,300}\"|'[^'\r\n]{1,300}'|[^\s\"']{1,300})"
_PW_ARG = r"(?:\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'-][^\s]{0,255})"


def _refine_bind(m: re.Match[str], text: str) -> tuple[int, int] | None:
    dn = m.group("dn") if m.group("dn") is not None else m.group("dn2")
    if "=" not in dn and "@" not in dn and "\\" not in dn:
        return None  # -D is a DN (cn=…,dc=…), a UPN or DOMAIN\\user only for an LDAP bind
    g = "v" if m.group("v") is not None else "v2"
    vs, ve = m.span(g)
    quoted = text[vs] in "\"'" and ve - vs >= 2 and text[ve - 1] == text[vs]
    if quoted:
        vs, ve = vs + 1, ve - 1
    return vet_value(text, vs, ve, 2, quoted=quoted)


OPS_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "ldap-bind-password",
        "the bind password after -w beside a bind DN after -D, whatever the command (squid's ext_ldap_group_acl,"
        " basic_ldap_auth, slapd tools, scripts)",
        P(r"(?<![\w-])-D[ \t]{1,4}(?P<dn>" + _DN_ARG + r")[ \t]{1,4}-w[ \t]{1,4}(?P<v>" + _PW_ARG + r")"
          r"|(?<![\w-])-w[ \t]{1,4}(?P<v2>" + _PW_ARG + r")[ \t]{1,4}-D[ \t]{1,4}(?P<dn2>" + _DN_ARG + r")"),
        keywords=("-w",),
        refine=_refine_bind,
        examples=(ex("ext_ldap_group_acl -D cn=squid,dc=corp -w {} -b dc=corp", tok(ALNUM, 12)),
                  ex('basic_ldap_auth -b "dc=corp" -w {} -D "uid=proxy,ou=svc,dc=corp" -f uid=%s', tok(ALNUM, 14)),
                  ex("auth.sh -D admin@corp.local -w '{}'", tok(ALNUM, 10))),
        near_misses=("grep -D skip -w error log.txt", "ldapsearch -D cn=admin,dc=corp -w $LDAP_PW",
                     "tool -D cn=x,dc=y -w -"),
    ),
    SecretRule(
        "server-param-secret",
        "a web server's parameter or environment directive named like a secret: fastcgi_param DB_PASSWORD V;,"
        " uwsgi_param API_TOKEN V, SetEnv APP_SECRET V",
        P(r"(?<![\w-])(?:fastcgi_param|uwsgi_param|scgi_param|setenv|setenvif(?:nocase)?[ \t]{1,8}\S{1,200})"
          r"[ \t]{1,16}(?P<k>[A-Za-z_][\w.-]{0,63})[ \t]{1,16}"
          r"(?P<v>\"[^\"\r\n]{1,1024}\"|'[^'\r\n]{1,1024}'|[^\s;\"'|`][^\s;|`]{0,1023})"),
        keywords=("_param", "setenv"),
        on_lower=True,
        refine=_refine_param,
        examples=(ex('fastcgi_param  APP_SECRET  "{}";', tok(ALNUM, 14)),
                  ex("uwsgi_param API_TOKEN {};", tok(ALNUM, 24)),
                  ex("SetEnv DB_PASSWORD {}", tok(ALNUM, 12))),
        near_misses=("fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;", "SetEnv APP_ENV production",
                     "fastcgi_param DB_PASSWORD $db_password;", "uwsgi_param QUERY_STRING $query_string;"),
    ),
    SecretRule(
        "ntp-key-line",
        "the key of an NTP or chrony key file line (ID TYPE KEY: 10 SHA1 HEX:V, 1 MD5 V)",
        P(r"^[ \t]{0,8}\d{1,5}[ \t]{1,8}" + _NTP_TYPES + r"[ \t]{1,8}(?:hex:|ascii:)?(?P<v>[!-~]{6,128})[ \t]*"
          r"(?:#[^\r\n]{0,200})?\r?$", re.M),
        keywords=("md5", "sha1", "sha256", "sha384", "sha512", "sha3-", "aes128", "aes256"),
        on_lower=True,
        refine=_refine_ntp,
        examples=(ex("1 SHA1 HEX:{}", tok(HEX, 40)), ex("10 MD5 {}", tok(ALNUM, 12)),
                  ex("25 AES128CMAC HEX:{}", tok(HEX, 32))),
        near_misses=("1 SHA1 HEX:", "rounds 5000 sha512 ok", "3 md5"),
    ),
    SecretRule(
        "envoy-inline-secret",
        "an Envoy data source given inline under a key named like a secret: password: { inline_string: \"V\" }",
        P(r"inline_(?:string|bytes)[\"']?[ \t]{0,4}:[ \t]{0,4}"
          r"(?P<v>\"[^\"\r\n]{1,4096}\"|'[^'\r\n]{1,4096}'|[^\s,{}\"'][^\s,{}]{0,4095})"),
        keywords=("inline_string", "inline_bytes"),
        on_lower=False,
        refine=_refine_envoy,
        examples=(
            ex('password: { inline_string: "{}" }', tok(ALNUM, 16)),
            ex('"client_secret": {"inline_string": "{}"}', tok(ALNUM, 24)),
            ex('{"password":{"inline_string":"{}"}}', "Env-Json_" + tok(ALNUM, 6)),
            ex("private_key:\n  inline_bytes: {}\n", tok(B64, 32)),
        ),
        near_misses=('certificate_chain: { inline_string: "-----BEGIN CERTIFICATE-----" }',
                     'body: { inline_string: "not found" }', 'password: { inline_string: "${ENVOY_PW}" }'),
    ),
    SecretRule(
        "redis-auth-sent",
        "a Redis AUTH written into a health check or a pipe with its line end spelled out: "
        "tcp-check send AUTH\\ V\\r\\n, printf 'AUTH V\\r\\n' | nc",
        P(r"(?:\bsend[ \t]{1,4}|[\"'])AUTH(?:\\ |[ \t]){1,2}(?:[\w.@-]{1,64}(?:\\ |[ \t]){1,2})?"
          r"(?P<v>[^\s\"'\\]{1,256})(?=\\r|\\n|[\"']|[ \t]*$)", re.M),
        cased=("AUTH",),
        refine=_refine_redis_sent,
        examples=(
            ex("backend redis\n  tcp-check send AUTH\\ {}\\r\\n\n", tok(ALNUM, 16)),
            ex("printf 'AUTH {}\\r\\nPING\\r\\n' | nc 10.0.0.5 6379", tok(ALNUM, 14)),
            ex('echo -e "AUTH default {}\\r\\n" | nc redis 6379', tok(ALNUM, 12)),
        ),
        near_misses=("tcp-check send AUTH\\ ${REDIS_PASSWORD}\\r\\n", 'printf "AUTH %s\\r\\n" "$PW"',
                     "smtp: \"AUTH LOGIN\\r\\n\"", "tcp-check send PING\\r\\n"),
    ),
    SecretRule(
        "sql-set-password",
        "MySQL/MariaDB SET PASSWORD [FOR 'user'@'host'] = 'V' (the literal, not a PASSWORD() call)",
        P(r"\bset[ \t]{1,4}password(?:[ \t]{1,4}for[ \t]{1,4}[^=;\r\n]{1,160}?)?[ \t]{0,4}=[ \t]{0,4}"
          r"(?P<v>'(?:[^'\\\r\n]|\\.){1,256}'|\"(?:[^\"\\\r\n]|\\.){1,256}\")"),
        keywords=("set password",),
        on_lower=True,
        refine=_refine_quoted,
        examples=(ex("SET PASSWORD FOR 'shop'@'%' = '{}';", tok(ALNUM, 14)),
                  ex("set password = 'Winkel Wagen {}';", tok(ALNUM, 4)),
                  ex("mysql> SET PASSWORD FOR `app`@`localhost` = \"{}\";", tok(ALNUM, 12))),
        near_misses=("SET PASSWORD FOR 'shop'@'%' = '';", "SET PASSWORD = PASSWORD(@new);",
                     "SET PASSWORD FOR 'app'@'%' = '${NEW_PW}';"),
    ),
    SecretRule(
        "ltrace-getenv",
        "what getenv returned for a variable named like a secret in an ltrace: getenv(\"DB_PASSWORD\") = \"V\"",
        P(r"getenv\(\"(?P<k>[A-Za-z_][A-Za-z0-9_]{0,63})\"\)[ \t]{0,64}=[ \t]{0,4}\"(?P<v>[^\"\r\n]{1,256})\""),
        keywords=("getenv(",),
        refine=_refine_getenv,
        examples=(ex('getenv("DB_PASSWORD")                     = "{}"', tok(ALNUM, 14)),
                  ex('secure_getenv("API_TOKEN") = "{}"', tok(ALNUM, 32))),
        near_misses=('getenv("HOME") = "/home/app"', 'getenv("DB_PASSWORD") = nil'),
    ),
)

# --- strace string arguments -------------------------------------------------------------------

#: The body of a C string argument after its opening quote (one left-to-right pass over a line: a body is
#: never searched for from inside another, so an unclosed string costs its length once).
_TRACE_BODY = re.compile(r"(?:[^\"\\\r\n]|\\[^\r\n]){0,16384}")
_LINE_ESCAPE = re.compile(r"\\[nr0t]")
#: A traced call's line: ``name(`` near its start and `` = `` with a result near its end.
_TRACE_CALL = re.compile(r"(?:\[pid[ \t]{1,8}\d{1,8}\][ \t]|\d{1,10}[ \t]{1,4})?(?:\d\d:\d\d:\d\d(?:\.\d{1,9})?[ \t])?"
                         r"[a-z_][a-z0-9_]{1,31}\(")
_RESULT = re.compile(r"\)[ \t]{0,40}=[ \t]{0,4}(?:-?\d|0x|\?)")
#: Escapes as the view reads them, two characters for two: a line end (a blank before the break, so the
#: line's value ends at the escape), a tab, a quote and a backslash; others (octal, hex) are blanks.
_ESCAPE_VIEW = {"n": " \n", "r": "  ", "0": " \n", "t": "  ", '"': ' "', "\\": " \\"}
_ESC = re.compile(r"\\(?:[0-7]{1,3}|x[0-9a-fA-F]{2}|.)")


def _view(body: str) -> str:
    return _ESC.sub(lambda m: _ESCAPE_VIEW.get(m.group()[1:], " " * len(m.group())), body)


def find_trace_strings(text: str, out: list[Hit]) -> None:
    """Secrets in the escaped C strings of strace lines, read with each escape as its character."""
    from redacted_context_mcp.redaction import secret_rules  # the rule table imports this module

    starts: list[int] = []  # where each string's body starts in the view and in the text
    origins: list[int] = []
    parts: list[str] = []
    vpos = 0
    m = _LINE_ESCAPE.search(text)
    while m is not None and len(parts) < 4096:  # only the lines that hold an escape are read
        line_at = text.rfind("\n", 0, m.start()) + 1
        nl = text.find("\n", m.end())
        end = len(text) if nl < 0 else nl
        m = _LINE_ESCAPE.search(text, end)
        if end - line_at > 16384 or _TRACE_CALL.match(text, line_at) is None:
            continue
        if _RESULT.search(text, line_at, end) is None:
            continue
        q = text.find('"', line_at, end)
        while q >= 0:
            b = _TRACE_BODY.match(text, q + 1, end)
            close = b.end()
            if close >= end or text[close] != '"':
                break  # an unclosed string (strace cut it with ...): the rest of the line is not read
            if _LINE_ESCAPE.search(text, q + 1, close) is not None:
                body = _view(text[q + 1:close])  # read again only with a line-end escape: the plain pass
                starts.append(vpos)             # misreads only those
                origins.append(q + 1)
                parts.append(body)
                vpos += len(body) + 1
            q = text.find('"', close + 1, end)
    if not parts:
        return
    view = "\n".join(parts)
    for h in secret_rules.find_secrets(view, view.lower(), tuple(secret_rules.SECRET_RULES)):
        i = bisect_right(starts, h.start) - 1
        if h.end > starts[i] + len(parts[i]):
            continue  # across two strings: not one value
        shift = origins[i] - starts[i]
        span = strip_span(text, h.start + shift, h.end + shift)
        if span is not None:
            out.append(Hit(span[0], span[1], h.category, h.rule))


# --- libedit histories -------------------------------------------------------------------------

#: libedit (the mysql client, sqlite3, psql on macOS) writes a history as ``_HiStOrY_V2_`` and one entry a
#: line with every blank as ``\\040``
LIBEDIT_MAGIC = "_HiStOrY_V2_"
_BLANK = "\\040"


def find_libedit_history(text: str, out: list[Hit]) -> None:
    """The rules on a libedit history read with ``\\040`` as the blank it stands for, hits mapped back."""
    from redacted_context_mcp.redaction import secret_rules  # the rule table imports this module

    pieces = text.split(_BLANK)
    if len(pieces) < 2:
        return
    view = " ".join(pieces)
    starts, pos = [], 0
    for piece in pieces:
        starts.append(pos)
        pos += len(piece) + 1
    extra = len(_BLANK) - 1

    def back(vp: int) -> int:
        return vp + (bisect_right(starts, vp) - 1) * extra

    for h in secret_rules.find_secrets(view, view.lower(), tuple(secret_rules.SECRET_RULES)):
        out.append(Hit(back(h.start), back(h.end - 1) + 1, h.category, h.rule))
