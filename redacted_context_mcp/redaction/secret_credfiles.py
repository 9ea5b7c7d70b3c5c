"""Line grammars of credential files and of key/value pairs written apart.

Rows (one regex each, run by the shared prefilter of find_secrets): ``.netrc``
one-line and multi-line, ``.pgpass``, ``.htpasswd``/shadow hashes, Oracle
``user/password@host``, ODBC braced ``Pwd={…}``, the XML and HTML key/value pairs
of :mod:`redaction.secret_xml` (in their place), HAR/Postman/Kubernetes ``name``/``value`` pairs,
shell defaults ``${DB_PASSWORD:-…}``, Dockerfile ``ENV KEY value``, secret
HTTP headers (``X-Api-Key:``, ``Cookie:``, ``proxy_set_header Authorization
"Basic …"``) and secret query parameters (``token=``, ``sig=``,
``X-Amz-Signature=``). The key name always stays visible; only the value goes.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values,
redaction.secret_xml.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import SECRET_HEADERS, SECRET_PARAMS, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, HEX, P, SecretRule, ex, tok, trie
from redacted_context_mcp.redaction.secret_refine import cell_value_end, logical_line_start, strip_span, vet_value
from redacted_context_mcp.redaction.secret_values import is_reference, is_template, looks_generated
from redacted_context_mcp.redaction.secret_xml import KEYED_XML_RULES, keyed_pair

#: Lexicon words a key must contain (the same list as the assignment row; the prefilter keywords).
KEY_KEYWORDS = ("key", "pass", "token", "secret", "pw", "salt", "cred", "auth", "session", "cookie", "private",
                "sig", "psk", "cvc", "cvv")
#: The same words as a first-letter trie: the regex engine tries fewer branches per position.
KEY_WORD = "p(?:ass|w|rivate|sk)|s(?:ecret|alt|ession|ig)|token|key|c(?:red|ookie|v[cv])|auth"
_HEADER_ALT = "|".join(re.escape(h) for h in sorted(SECRET_HEADERS, key=len, reverse=True))
_X_HEADER_ALT = "|".join(re.escape(h[2:]) for h in sorted(SECRET_HEADERS, key=len, reverse=True) if h.startswith("x-"))
#: a trie: a value follows ``=`` right after the name, so at most one name matches at a position
#: and the factored alternation finds the same one as a longest-first list, trying far fewer branches
_PARAM_ALT = trie(SECRET_PARAMS)
_STRONG_PARAMS = frozenset(
    "token access_token accesstoken refresh_token id_token auth_token api_key apikey api-key client_secret "
    "secret password passwd pwd pass x-amz-signature x-amz-security-token x-goog-signature x-goog-credential "
    "private_token oauth_token oauth_signature apitoken api_token secret_key aws_secret_access_key sig "
    "signature jwt".split()
)




def _braced(before: str, secret: str, after: str) -> tuple[str, str]:
    return (before + secret + after, secret)


#: Router and switch config lines whose last word is a secret (the type digit before it stays); led by
#: the newline before the line (a literal: a fast scan), so a config's very first line is not read.
_DEVICE_ROW = SecretRule(
    "network-device-secret",
    "router and switch configs: enable secret, username … password 7, snmp-server community, crypto isakmp key, "
    "key-string, pre-shared-key (the type digit stays)",
    P(r"\n[ \t]{0,8}(?:enable[ \t]{1,4}(?:secret|password)|username[ \t]{1,4}[^\s]{1,64}(?:[ \t]{1,4}privilege"
      r"[ \t]{1,4}\d{1,2})?[ \t]{1,4}(?:password|secret)|snmp-server[ \t]{1,4}community|crypto[ \t]{1,4}isakmp"
      r"[ \t]{1,4}key|key-string|pre-shared-key)(?:[ \t]{1,4}\d)?[ \t]{1,4}(?P<v>[^\s]{1,256})"),
    # every branch holds one of these (username/enable lines end in password or secret): "username" as a
    # keyword would cost the prefilter about 1 ms/MB on the KB
    keywords=("password", "secret", "community", "isakmp", "key-string", "pre-shared-key"),
    on_lower=True,
    refine=lambda m, text: _vet_span(text, *m.span("v")),
    examples=(
        ex("hostname r1\nenable password {}\n", tok(ALNUM, 12)),
        ex("!\nusername admin privilege 15 password 7 {}\n", "0822455D0A16544541"),
        ex("!\nsnmp-server community {} RO\n", tok(ALNUM, 12)),
        ex("!\ncrypto isakmp key {} address 203.0.113.5\n", tok(ALNUM, 12)),
        ex("interface x\n key-string {}\n", tok(ALNUM, 10)),
    ),
    near_misses=("!\nusername admin privilege 15\n", "!\nenable secret\n", "\nkey-string <KEY>\n"),
)

def _refine_value(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    return _vet_span(text, s, cell_value_end(text, s, e, logical_line_start(text, s)[1]))


def _vet_span(text: str, s: int, e: int) -> tuple[int, int] | None:
    value = text[s:e].strip("\"'")
    if not value or is_template(value) or is_reference(value, quoted=False):
        return None
    return strip_span(text, s, e)


def _refine_netrc(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s = m.start()
    if s > 0 and text[s - 1] not in " \t\n":
        return None
    words = [w.strip("`|*") for w in text[max(0, s - 600):s].split()[-12:]]
    starts = [i for i, w in enumerate(words) if w in ("machine", "default")]
    if not starts or "login" not in words[starts[-1]:]:
        return None  # netrc tokens: machine HOST login USER [account A] password P
    if len(words) - starts[-1] > 8:
        return None
    return _refine_value(m, text)


_PG_HOST = re.compile(r"[A-Za-z0-9*][A-Za-z0-9_.*-]{0,252}")


def _refine_pgpass(m: re.Match[str], text: str) -> tuple[int, int] | None:
    ls, cell = logical_line_start(text, m.start())
    host = text[ls:m.start()]
    if not _PG_HOST.fullmatch(host) or host.isdigit():
        return None
    s, e = m.span("v")
    return _vet_span(text, s, cell_value_end(text, s, e, cell or text[ls - 1:ls] == "`"))


_HT_USER = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@-")


def _refine_htpasswd(m: re.Match[str], text: str) -> tuple[int, int] | None:
    us = m.start()
    while us > 0 and m.start() - us < 64 and text[us - 1] in _HT_USER:
        us -= 1
    if logical_line_start(text, us)[0] != us:
        return None  # the user:hash pair must open its (logical) line
    g = "v" if m.start("v") >= 0 else "w"
    return strip_span(text, *m.span(g))


def _refine_keyed(m: re.Match[str], text: str) -> tuple[int, int] | None:
    after = text[m.end():m.end() + 8].lstrip(" \t")
    if after.startswith(":"):
        return None  # "token", "value": … is a JSON key, not an argument
    score = key_score(text[m.start("k"):m.end("k")])
    if not score:
        return None
    s, e = m.span("v")
    if e - s >= 2 and text[s] in "\"'" and text[e - 1] == text[s]:
        s, e = s + 1, e - 1
    return vet_value(text, s, e, score, quoted=False)


def _refine_line_keyed(m: re.Match[str], text: str) -> tuple[int, int] | None:
    ls, cell = logical_line_start(text, m.start())
    if text[ls:m.start()].strip(" \t"):
        return None  # the instruction must open its (logical) line
    sp = _refine_keyed(m, text)
    if sp is None:
        return None
    e = cell_value_end(text, sp[0], sp[1], cell)
    return (sp[0], e) if e > sp[0] else None


def _refine_header(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    while e > s and text[e - 1] in "\"' \t\r,;\\":
        e -= 1
    if s < e and text[s] in "\"'":
        s += 1
    name = text[m.start("h"):m.end("h")].lower()
    value = text[s:e]
    if name in ("authorization", "proxy-authorization"):
        sp = value.find(" ")
        if 0 < sp < len(value) - 1 and value[:sp].isalpha():
            s += sp + 1
    elif name in ("cookie", "set-cookie"):
        if "=" not in value:
            return None  # prose about cookies, not a cookie header
    else:
        sp = value.find(" ")
        if sp > 0:
            e = s + sp
    if e <= s or is_template(text[s:e]) or is_reference(text[s:e], quoted=False):
        return None
    return (s, e)


def _refine_proxy_header(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name = m.group("h").lower()
    if name not in SECRET_HEADERS and name not in ("authorization", "proxy-authorization") and key_score(name) < 2:
        return None  # any X- header named like a secret (X-Internal-Secret), not X-Request-Id
    return _refine_header(m, text)


def _refine_cookie(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s = m.start()
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] == "_") and text[max(0, s - 4):s].lower() != "set-":
        return None
    s, e = m.span("v")
    while e > s and text[e - 1] in "\"' \t\r,\\":
        e -= 1
    if text[max(0, m.start() - 4):m.start()].lower() == "set-":
        cut = text.find(";", s, e)  # Path=, Max-Age=, HttpOnly... are attributes, not the cookie
        e = cut if cut > 0 else e
    value = text[s:e]
    if "=" not in value or is_template(value) or is_reference(value, quoted=False):
        return None  # prose about cookies, not a cookie header
    return (s, e)


def _refine_param(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    name = m.group("k")
    value = text[s:e]
    if value.startswith("{") or is_template(value) or is_reference(value, quoted=True):
        return None
    if name not in _STRONG_PARAMS and not looks_generated(value):
        return None
    if len(value) < 8 and name not in ("password", "passwd", "pwd", "pass"):
        return None
    return (s, e)


def _dockerfile_row(instruction: str, examples: tuple[tuple[str, str], ...]) -> SecretRule:
    return SecretRule(
        f"dockerfile-{instruction.lower()}",
        f"Dockerfile {instruction} in the space-separated form: {instruction} DB_PASSWORD value",
        # the upper-case instruction as a literal prefix on the original text keeps the scan fast
        P(rf"{instruction} [ \t]{{0,7}}(?P<k>(?i:[a-z0-9_]{{0,40}}(?:{KEY_WORD})[a-z0-9_]{{0,40}}))[ \t]{{1,8}}"
          r"(?P<v>[^\s=][^\r\n]{0,1023})"),
        keywords=(instruction.lower() + " ",),
        refine=_refine_line_keyed,
        examples=examples,
        near_misses=(f"{instruction} API_KEY_FILE /run/secrets/key", f"{instruction} TOKEN_TTL 3600"),
    )


CREDFILE_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "netrc-password",
        ".netrc/_netrc password (and account) values, one-line or one token per line",
        P(r"passw(?:or)?d[ \t]{1,16}(?P<v>[^\s]{1,256})"),
        keywords=("passw",),
        on_lower=False,
        refine=_refine_netrc,
        examples=(
            ex("machine api.example.com login deploy password {}", tok(ALNUM, 16)),
            ex("machine git.example.net\n  login ci\n  password {}\n", tok(ALNUM, 20)),
            ex("default login anonymous password {}", tok(ALNUM, 12)),
        ),
        near_misses=("Your password will expire in 3 days.", "machine learning models, password reset"),
    ),
    SecretRule(
        "pgpass-line",
        ".pgpass lines host:port:database:user:password",
        # starts at the literal ':' before the port (a fast scan); the refine checks the host from the line start
        P(r":(?:\d{1,5}|\*):[^:\s]{1,128}:[^:\s]{1,128}:(?P<v>[^\r\n]{1,512})$", re.MULTILINE),
        chars=":",
        refine=_refine_pgpass,
        examples=(ex("db.internal:5432:app:app_user:{}", tok(ALNUM, 14)), ex("*:*:*:postgres:{}", tok(ALNUM, 10))),
        near_misses=("12:30:45:10:20", "root:x:0:0:root:/root:/bin/bash"),
    ),
    SecretRule(
        "htpasswd-hash",
        ".htpasswd and shadow-style user:hash lines (apr1, bcrypt, sha-crypt, argon2, {SHA})",
        # the scheme marker ($2y$05$, {SSHA}) stays visible, as in the password-hash forms
        # led by the literal ':' (a fast scan); the refine reads the user back to the logical line start
        P(r":(?<=[A-Za-z0-9._@-]:)(?:\$(?:apr1|2[abxy]|1|5|6|y|argon2id|argon2i|argon2d)\$(?:\d{2}\$)?"
          r"(?P<v>[^\s:`|]{8,512})|\{S?SHA\}(?P<w>[A-Za-z0-9+/=]{20,128}))(?=:|[ \t]*$|[ \t]{0,8}`?[ \t]{0,8}\|)",
          re.MULTILINE),
        chars="$}",
        group=("v", "w"),
        refine=_refine_htpasswd,
        examples=(
            ex("admin:$apr1${}", tok(ALNUM, 8) + "$" + tok(ALNUM, 22)),
            ex("deploy:$2y$05${}", tok(ALNUM, 53)),
            ex("root:$6${}:19000:0:99999:7:::", tok(ALNUM, 16) + "$" + tok(ALNUM, 86)),
            ex("svc:{SSHA}{}", tok(ALNUM, 32)),
        ),
        near_misses=("price:$5 each", "user:{SHA}"),
    ),
    SecretRule(
        "oracle-user-password",
        "Oracle/JDBC thin and sqlplus user/password@host",
        # the Oracle tools that take the same connect string (Data Pump, SQL*Loader, Data Guard), the
        # SQL*Plus CONNECT command and the userid= of their parameter files (round 7)
        # a local connection has no @host: the tools' own names and userid= end the value at a blank or quote
        P(r"(?:thin:|\b(?:(?P<t>sqlplus|sqlldr|expdp|impdp|dgmgrl)|exp|imp|conn|connect)[ \t]{1,8}"
          r"(?:-[sl][ \t]{1,4}){0,2}|\b(?P<u>userid)[ \t]{0,4}=[ \t]{0,4})[\"']?[a-z0-9_$#]{1,64}"
          r"/(?P<v>[^@\s/\"']{1,256})(?:@|(?(t)(?=[\s\"',;]|$)|(?(u)(?=[\s\"',;]|$)|(?!))))"),
        keywords=("thin:", "sqlplus", "sqlldr", "expdp", "impdp", "exp ", "imp ", "dgmgrl", "conn ", "connect ",
                  "userid"),
        chars="/",
        on_lower=True,
        refine=_refine_value,
        examples=(
            ex("jdbc:oracle:thin:scott/{}@//db.example:1521/ORCL", tok(ALNUM, 10)),
            ex("sqlplus system/{}@orcl", tok(ALNUM, 12)),
            ex("expdp hr/{}@PROD schemas=HR", tok(ALNUM, 12)),
            ex("CONNECT system/{}@ORCLPDB1", tok(ALNUM, 12)),
            ex("impdp system/{} directory=DP dumpfile=hr.dmp", tok(ALNUM, 12)),
            ex("sqlplus -s scott/{} as sysdba", tok(ALNUM, 12)),
            ex("sqlldr userid=hr/{} control=load.ctl", tok(ALNUM, 12)),
        ),
        near_misses=("jdbc:oracle:thin:@//db.example:1521/ORCL", "sqlplus /nolog", "sqlplus / as sysdba",
                     "connect client/server", "imp input/output"),
    ),
    SecretRule(
        "odbc-braced-password",
        "ODBC/ADO.NET braced values Pwd={…} / Password={…} (may hold ; and =)",
        P(r"(?:pwd|password|passwd)[ \t]{0,4}=[ \t]{0,4}\{(?P<v>[^}\r\n]{1,1024})\}"),
        keywords=("passw", "pwd"),
        chars="{",
        on_lower=True,
        refine=_refine_value,
        examples=(
            _braced("Driver={ODBC Driver 18};Server=db;Uid=sa;Pwd={", tok(ALNUM, 8) + ";x=" + tok(ALNUM, 4), "};"),
        ),
        near_misses=("Pwd={PASSWORD}", "password={}"),
    ),
    *KEYED_XML_RULES,
    SecretRule(
        "parameter-key-value",
        "CloudFormation and SSM parameter pairs: ParameterKey=DBPassword,ParameterValue=…",
        P(r"parameterkey[\"']?[ \t]{0,4}[=:][ \t]{0,4}[\"']?(?P<k>[a-z0-9_.:/-]{1,80})[\"']?[ \t]{0,4},[ \t\r\n]{0,40}"
          r"[\"']?parametervalue[\"']?[ \t]{0,4}[=:][ \t]{0,4}(?P<v>\"[^\"\r\n]{1,1024}\"|[^\s,\"'}]{1,1024})"),
        keywords=("parametervalue",),
        chars="=:",
        on_lower=True,
        refine=keyed_pair("k", "v"),
        examples=(
            ex("ParameterKey=DBPassword,ParameterValue={}", tok(ALNUM, 14)),
            ex('{"ParameterKey": "ApiToken", "ParameterValue": "{}"}', tok(ALNUM, 24)),
        ),
        near_misses=("ParameterKey=InstanceType,ParameterValue=t3.micro",),
    ),
    _DEVICE_ROW,
    SecretRule(
        "svn-auth-file",
        "Subversion's cached credentials (auth/svn.simple): K 8 / password / V n / value",
        P(r"password\r?\nv[ \t]\d{1,4}\r?\n(?P<v>[^\r\n]{1,1024})"),
        keywords=("password",),
        chars="\n",
        on_lower=True,
        refine=lambda m, text: _vet_span(text, *m.span("v")),
        examples=(ex("K 8\npassword\nV 12\n{}\nK 8\nusername\n", tok(ALNUM, 12)),),
        near_misses=("K 8\npassword\nV 0\n\nEND",),
    ),
    SecretRule(
        "ldif-base64-password",
        "LDIF attributes in base64 (userPassword:: …)",
        P(r"password(?:;[a-z0-9-]{1,20})?::[ \t]{0,2}(?P<v>[a-z0-9+/]{4,4096}={0,2})"),
        keywords=("password",),
        chars=":",
        on_lower=True,
        refine=lambda m, text: _vet_span(text, *m.span("v")),
        examples=(ex("dn: uid=a,dc=x\nuserPassword:: {}\n", tok(B64, 20) + "=="),),
        near_misses=("userPassword::\n",),
    ),
    SecretRule(
        "postfix-sasl-passwd",
        "Postfix sasl_passwd lines: [relay]:port user:password",
        P(r"\[(?P<h>[a-z0-9.-]{1,253})\]:\d{1,5}[ \t]{1,8}[^\s:]{1,128}:(?P<v>[^\s]{1,256})[ \t]{0,8}(?=\r?\n|\Z)"),
        keywords=("]:",),
        on_lower=True,
        refine=lambda m, text: _vet_span(text, *m.span("v")),
        examples=(ex("[smtp.example.com]:587 mailer@example.com:{}\n", tok(ALNUM, 12)),),
        near_misses=("[smtp.example.com]:587 mailer@example.com\n", "[a] b:c d\n"),
    ),
    SecretRule(
        "json-name-value",
        "JSON name/value pairs: HAR headers and cookies, Postman variables",
        # up to three plain members may stand between the name and the value (Consul's "flags": 0)
        # "type": "password" is how Keycloak's realm exports store a user's credential (round 7)
        P(r"\"(?:name|key|designation|label|type)\"[ \t]{0,4}:[ \t]{0,4}\"(?P<k>[^\"\r\n]{1,80})\""
          r"[ \t]{0,4},[ \t\r\n]{0,40}"
          r"(?:\"[a-z_]{1,20}\"[ \t]{0,4}:[ \t]{0,4}(?:\"[^\"\r\n]{0,80}\"|[a-z0-9.]{1,20})[ \t]{0,4},"
          r"[ \t\r\n]{0,40}){0,3}"
          r"\"value\"[ \t]{0,4}:[ \t]{0,4}\"(?P<v>[^\"\r\n]{1,4096})\""),
        keywords=("\"value\"",),
        chars=":",
        on_lower=True,
        refine=keyed_pair("k", "v"),
        examples=(
            ex('{"name": "cookie", "value": "sid={}"}', tok(ALNUM, 24)),
            ex('{"name": "Authorization", "value": "Bearer {}"}', tok(ALNUM, 30)),
            ex('{"key": "apiKey", "value": "{}", "type": "secret"}', tok(ALNUM, 20)),
            ex('{"designation": "password", "value": "{}", "type": "P"}', tok(ALNUM, 12)),
            ex('[{"key": "db/password", "flags": 0, "value": "{}"}]', tok(B64, 16)),
            ex('"credentials": [{"type": "password", "value": "{}", "temporary": false}]', tok(ALNUM, 14)),
        ),
        near_misses=('{"name": "accept", "value": "text/html"}', '{"name": "token", "value": ""}',
                     '{"key": "db/host", "flags": 0, "value": "ZGIuaW50ZXJuYWw="}',
                     '{"type": "string", "value": "Keycloak"}'),
    ),
    SecretRule(
        "yaml-name-value",
        "YAML name/value and key/value entries (Kubernetes env, CI variables, Envoy headers): - name: DB_PASSWORD"
        " / value: …",
        P(r"(?<![a-z0-9_])(?:name|key):[ \t]{1,4}[\"']?(?P<k>[a-z0-9_.-]{1,80})[\"']?[ \t]{0,4}\r?\n[ \t]{0,40}"
          r"value:[ \t]{1,4}"
          r"(?P<v>[^\s{}\[\],][^\r\n]{0,1023})"),
        keywords=("value:",),
        chars=":",
        on_lower=True,
        refine=keyed_pair("k", "v"),
        examples=(
            ex("- name: DB_PASSWORD\n  value: {}\n", tok(ALNUM, 12)),
            ex("- name: API_TOKEN\n  value: '{}'", tok(ALNUM, 20)),
            ex("- header:\n    key: x-backend-secret\n    value: {}\n", tok(ALNUM, 20)),
        ),
        near_misses=("- name: DB_HOST\n  value: db.internal", "- name: DB_PASSWORD\n  value: \"\"",
                     "- key: x-request-id\n  value: abc123"),
    ),
    SecretRule(
        "shell-default",
        "shell and compose defaults ${DB_PASSWORD:-…} / ${API_TOKEN=…}",
        P(rf"\$\{{(?P<k>[a-z0-9_]{{0,40}}(?:{KEY_WORD})[a-z0-9_]{{0,40}}):?[-=](?P<v>[^}}\s\"']{{1,256}})\}}"),
        keywords=("${",),
        chars="$",
        on_lower=True,
        refine=_refine_keyed,
        examples=(ex("DB_PASSWORD=${DB_PASSWORD:-{}}", tok(ALNUM, 12)), ex("${API_TOKEN={}}", tok(ALNUM, 18))),
        near_misses=("${DB_PASSWORD:-changeme}", "${DB_PASSWORD}", "${TOKEN_TTL:-3600}"),
    ),
    _dockerfile_row("ENV", (ex("FROM alpine\nENV DB_PASSWORD {}\n", tok(ALNUM, 12)),)),
    _dockerfile_row("ARG", (ex("ARG NPM_TOKEN {}", tok(ALNUM, 20)),)),
    SecretRule(
        "cookie-header",
        "Cookie: and Set-Cookie: header values (the cookie names go with the values)",
        P(r"cookie[\"']?[ \t]{0,8}:[ \t]{0,8}[\"']?(?P<h>)(?P<v>[^\s\"'][^\r\n\"']{0,4095})"),
        keywords=("cookie",),
        chars=":",
        on_lower=True,
        refine=_refine_cookie,
        examples=(
            ex("Cookie: session={}; theme=dark", tok(ALNUM, 26)),
            ex("Set-Cookie: sid={}; Path=/; HttpOnly", tok(ALNUM, 32)),
            ex("curl -H 'Cookie: auth={}' https://app", tok(ALNUM, 30)),
        ),
        near_misses=("Cookie: <cookie>", "cookie: a small file the browser keeps"),
    ),
    SecretRule(
        "secret-header",
        "x- HTTP headers that carry secrets and that the key lexicon does not name (X-Hub-Signature, ...)",
        P(rf"x-(?P<h>{_X_HEADER_ALT})[\"']?[ \t]{{0,8}}:[ \t]{{0,8}}[\"']?(?P<v>[^\s\"'][^\r\n\"']{{0,4095}})"),
        keywords=("x-",),
        chars=":",
        on_lower=True,
        refine=_refine_header,
        examples=(
            ex("X-Hub-Signature-256: sha256={}", tok(HEX, 64)),
            ex("X-Honeycomb-Team: {}", tok(ALNUM, 22)),
            ex("curl -H 'X-Auth-Token: {}' https://api", tok(ALNUM, 40)),
        ),
        near_misses=("X-Api-Key: $API_KEY", "X-Request-Id: 42"),
    ),
    SecretRule(
        "proxy-header",
        "web-server directives that set a secret header: proxy_set_header Authorization \"Basic …\"",
        P(r"(?:proxy_set_header|add_header|more_set_headers|requestheader[ \t]{1,4}(?:set|add|append|merge)"
          r"|header[ \t]{1,4}(?:always[ \t]{1,4})?(?:set|add|append)|grpc_set_header"
          r"|http-(?:request|response)[ \t]{1,4}(?:set|add)-header)[ \t]{1,8}[\"']?"
          rf"(?P<h>authorization|proxy-authorization|{_HEADER_ALT}|x-[a-z0-9-]{{1,48}}+)[\"']?"
          r"[ \t:]{1,8}(?P<v>[^\r\n;]{1,4096})"),
        keywords=("header",),
        on_lower=True,
        refine=_refine_proxy_header,
        examples=(
            ex('proxy_set_header Authorization "Basic {}";', tok(B64, 24)),
            ex("proxy_set_header X-Api-Key {};", tok(ALNUM, 32)),
            ex("proxy_set_header X-Internal-Secret {};", tok(ALNUM, 24)),
            ex("http-request set-header X-Shared-Token {}", tok(ALNUM, 28)),
            ex('RequestHeader append X-Gateway-Key "{}"', tok(ALNUM, 30)),
        ),
        near_misses=("proxy_set_header Host $host;", 'proxy_set_header Authorization "";',
                     "proxy_set_header X-Request-Id $request_id;", "http-request set-header X-Forwarded-Proto https",
                     "add_header X-Frame-Options SAMEORIGIN;"),
    ),
    SecretRule(
        "query-secret",
        "secret query-string parameters (token=, access_token=, sig=, code=, key=, X-Amz-Signature=...)",
        P(rf"[?&#](?P<k>{_PARAM_ALT})=(?P<v>[^&#;\s\"'<>\\]{{1,4096}})"),
        chars="?&#",
        # backwards, "=name" then the separator: led by the literal "=" (the row is led by a class);
        # it decides alone, cheaper than testing the names' words
        confirm=P(rf"=(?:{trie(q[::-1] for q in SECRET_PARAMS)})[?&#]"),
        on_lower=True,
        refine=_refine_param,
        examples=(
            ex("https://api.example.com/v1/items?access_token={}&page=2", tok(ALNUM, 40)),
            ex("https://maps.example.com/js?key={}&callback=init", tok(ALNUM, 39)),
            ex("https://b.s3.example.com/o?X-Amz-Signature={}", tok(HEX, 64)),
            ex("https://app.example.com/cb?code={}&state=xyz", tok(ALNUM, 20)),
        ),
        near_misses=("https://example.com/?code=200", "https://example.com/?key=name&sort=asc", "?token={token}"),
    ),
)
