"""Context rows for secrets that code, admin scripts and server configs write without ``key = value``.

Each row is one regex led by a literal (so the prefilter and the regex engine
scan cheaply) plus a refine that reads the key name with the shared lexicon
(secret_keys) and vets the value with the shared reference/template rule
(secret_values):

- ``directive``: a config directive ``Name value`` alone on its line
  (``SetEnv DB_PASS v``, ``AuthLDAPBindPassword "v"``, ``requirepass v``);
- ``xml-value-child``: a secret-named element whose value sits in a ``<Value>``
  child (Windows ``unattend.xml``, .NET settings);
- ``env-default``: the default in ``${NAME:-v}`` / ``${name:v}`` (shell, Spring);
- ``fallback-default``: ``NAME || "v"``, ``NAME ?? "v"``, ``getenv("NAME") or "v"``;
- ``block-default``: Ruby ``ENV.fetch("NAME") { "v" }``, Java ``getenv("NAME")).orElse("v")``;
- ``setter-call``: ``.password("v")``, ``.setApiKey('v')``;
- ``equals-literal``: ``"v".equals(password)`` (the literal first, as null-safe Java writes it);
- the literal arguments of well-known calls (``connect-call``...): :mod:`redaction.secret_calls`;
- ``redis-auth``: ``AUTH v`` at a redis-cli prompt, ``"AUTH" "v"`` in MONITOR output;
- ``concat-userinfo``: ``'user:' + 'v'`` and ``"id" + ":" + "v"`` (Basic auth built by hand);
- ``sql-password``: ``IDENTIFIED BY 'v'``, ``WITH PASSWORD 'v'``, ``PASSWORD = 'v'``;
- ``secure-string``: PowerShell ``ConvertTo-SecureString 'v' -AsPlainText``.

Imports: redaction.secret_calls, redaction.secret_keys, redaction.secret_kit, redaction.secret_refine,
redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_calls import CALL_ARGS, CALL_RULES
from redacted_context_mcp.redaction.secret_keys import key_parts, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, HEX, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import (
    _phrase,
    cell_value_end,
    logical_line_start,
    spaced_secret,
    vet_value,
)
from redacted_context_mcp.redaction.secret_values import is_reference, is_template
from redacted_context_mcp.redaction.validators import mixed_token

_SUFFIX = r"p(?:ass(?:phrase|word|wd)?|wd|w)|s(?:ecret|alt)|token|credentials?|key|auth"
_Q = r"(?:\"(?P<dq>[^\"\r\n]{1,512})\"|'(?P<sq>[^'\r\n]{1,512})')"
_WORDS = ("pass", "pw", "secret", "salt", "token", "credential", "key", "auth")


def _quoted(m: re.Match[str]) -> tuple[int, int]:
    return m.span("dq") if m.start("dq") >= 0 else m.span("sq")


def _name_before(text: str, i: int) -> str:
    """The identifier that ends at or just before ``i`` (skipping ``) ] " '`` and blanks)."""
    j = i
    while j > 0 and i - j < 8 and text[j - 1] in " \t)]}\"'":
        j -= 1
    k = j
    while k > 0 and j - k < 80 and (text[k - 1].isalnum() or text[k - 1] == "_"):
        k -= 1
    return text[k:j]


_DIRECTIVE_LEAD = frozenset(("setenv", "set", "setx", "env", "export", "define", "#define", "passenv"))
#: The scope and export options of fish's ``set`` (``-gx``, ``-Ux``, ``--global --export``).
_FISH_OPTION = re.compile(r"-[gxUlu]{1,4}|--(?:global|export|universal|local)")


def _human_password(v: str) -> bool:
    """Letters with digits (``Rocket2002``), or both cases with symbols (``pXc=Kwk:hz#Xb``): not a prose word."""
    if any(c.isdigit() for c in v):
        return any(c.isalpha() for c in v)
    return any(c.isupper() for c in v) and any(c.islower() for c in v) and any(not c.isalnum() for c in v)


def _refine_directive(m: re.Match[str], text: str) -> tuple[int, int] | None:
    ls, cell = logical_line_start(text, m.start())
    ks = m.start()
    while ks > ls and (text[ks - 1].isalnum() or text[ks - 1] in "_.-"):
        ks -= 1
    lead = text[ls:ks].split()
    if len(lead) > 1 and lead[0] == "set" and len(lead) <= 3 and all(_FISH_OPTION.fullmatch(w) for w in lead[1:]):
        lead = lead[:1]  # fish's ``set -gx NAME 'V'`` (round 12)
    if len(lead) > 1 or lead and lead[0].lower() not in _DIRECTIVE_LEAD:
        return None
    name = text[ks:m.end("k")]
    if key_score(name) < 2:
        return None
    styled = "_" in name or "." in name or any(c.isupper() for c in name[1:])
    if m.start("words") >= 0:
        s, e = m.span("words")
        named = len(key_parts(name)) > 1 or "." in name.strip(".")  # ``SESSION_SECRET``, ``app.mailPassword``
        return vet_value(text, s, e, 2, quoted=False) if named and spaced_secret(text[s:e]) else None
    s, e = _quoted(m) if m.start("dq") >= 0 or m.start("sq") >= 0 else m.span("bare")
    e = cell_value_end(text, s, e, cell)
    value = text[s:e]
    human = _human_password(value)
    if not mixed_token(value) and not human and not (styled and len(key_parts(name)) > 1) and not _phrase(value):
        return None  # "Password expired", "token-based auth" in prose
    return vet_value(text, s, e, 2, quoted=m.start("bare") < 0)


def _refine_named_before(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name = _name_before(text, m.start())
    if not name or key_score(name) < 2:
        return None
    s, e = _quoted(m)
    return vet_value(text, s, e, 2, quoted=True)


def _refine_env_default(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name = text[m.start("k"):m.end("k")].rsplit(".", 1)[-1]
    if key_score(name) < 2:
        return None
    return vet_value(text, *m.span("v"), 2, quoted=False)


def _refine_block_default(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name = text[m.start("k"):m.end("k")].strip(" \t\"':")
    if key_score(name.rsplit(".", 1)[-1]) < 2:
        return None
    s, e = _quoted(m)
    return vet_value(text, s, e, 2, quoted=True)


#: Method names that read or ask for a secret rather than set one (round 10): the literal is the name of
#: the secret (``keyVault.getSecret('sqlAdminPassword')``) or a prompt (``vim.fn.inputsecret("Password: ")``).
_READER = re.compile(r"(?:get|read|fetch|lookup|load|find|has|delete|remove|input|prompt|ask)_?[a-z]", re.I)


def _refine_setter(m: re.Match[str], text: str) -> tuple[int, int] | None:
    k = text[m.start("k"):m.end("k")]
    if key_score(k) < 2 or CALL_ARGS.get(k.lower(), 1) != 1:  # set_password("svc", "user", v): connect-call's
        return None
    if _READER.match(k):
        return None
    s, e = _quoted(m)
    return vet_value(text, s, e, 2, quoted=True)


def _refine_symbol(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if key_score(text[m.start("k"):m.end("k")]) < 2:
        return None
    s, e = _quoted(m)
    return vet_value(text, s, e, 2, quoted=True)


def _refine_group_v(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    return vet_value(text, s, e, 2, quoted=False)


def _refine_concat(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e]
    inner_case = any(c.isupper() for c in v[1:]) and any(c.islower() for c in v)  # DGUUEqHCeQ, not Amount
    worded = not any(c.isdigit() for c in v) and not (inner_case or any(not c.isalnum() for c in v))
    if v.startswith("/") or worded or is_template(v) or is_reference(v, quoted=True):
        return None
    return s, e


def _refine_setopt(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = _quoted(m)
    if m.group("o").endswith("userpwd"):
        colon = text.find(":", s, e)
        s = colon + 1 if colon >= 0 else s
    return vet_value(text, s, e, 2, quoted=True) if e > s else None


def _refine_quoted(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = _quoted(m)
    return vet_value(text, s, e, 2, quoted=True)


def _directive(rid: str, word: str, examples: tuple[tuple[str, str], ...], after: str = "") -> SecretRule:
    """One directive row per lexicon word: a literal-led regex is searched at memchr speed (``after``: a
    lookbehind, after the literal so the prefix search stays, for a word common inside others: ``pin``)."""
    return SecretRule(
        rid,
        f"a config directive Name value alone on its line, the name holding {word} and scoring as a secret",
        P(rf"{word}{after}(?P<k>[a-z0-9_.-]{{0,40}})[ \t]{{1,40}}"
          # a quote inside a bare value is one of its characters (``SMTP_PASSWORD Harbor"32&walnut5``; round 12)
          rf"(?:{_Q}|(?P<bare>[^\s\"'#;=:{{}}`|][^\s;`]{{0,511}}(?:;[^\s;`]{{1,128}}){{0,8}})"
          # words with blanks (a .properties ``key value`` line): the refine wants a styled name and a passphrase
          r"|(?P<words>[^\s\"'#;=:{}`|][^\r\n;`|\"'=]{0,200}[^\s;`|\"'=]))"
          r"[ \t]{0,8};?[ \t]{0,8}"
          r"(?=\r?\n|$|[ \t]{0,8}`?[ \t]{0,8}\||`)"),
        keywords=(word,),
        on_lower=True,
        refine=_refine_directive,
        examples=examples,
        near_misses=("Password expired", "reset your password today", "PasswordAuthentication no",
                     "token-based auth", "  ssl_session_tickets off;", "    SetEnv DB_PASS ${DB_PASS}"),
    )


_DIRECTIVES: tuple[SecretRule, ...] = (
    _directive("directive", "pass", (ex("    SetEnv DB_PASS {}", tok(ALNUM, 14)),
                                     ex('AuthLDAPBindPassword "{}"', tok(ALNUM, 16)))),
    _directive("directive-pw", "pw", (ex("  SetEnv LDAP_PW {}", tok(ALNUM, 12)),)),
    _directive("directive-secret", "secret", (ex("client_secret {};", tok(ALNUM, 20)),)),
    _directive("directive-token", "token", (ex("PassEnv X\nSetEnv API_TOKEN {}", tok(ALNUM, 24)),)),
    _directive("directive-key", "key", (ex("SetEnv STRIPE_API_KEY {}", tok(ALNUM, 24)),)),
    _directive("directive-auth", "auth", (ex("masterauth {}\n", tok(ALNUM, 12)),)),
    # Mosquitto bridge_psk, hostapd-style wpa_psk written as a directive (round 7)
    _directive("directive-psk", "psk", (ex("bridge_identity home\nbridge_psk {}", tok(HEX, 32)),)),
    # a bare cred and a secret code (backup_code, recoveryCode) written as a directive (round 12)
    _directive("directive-cred", "cred", (ex("cred {}", "Maple'32@hammer4"), ex("  db_creds {};", tok(ALNUM, 16)))),
    # a pin inside a word (shipping, spinning) would try the line's words alternative at each one
    _directive("directive-pin", "pin", (ex("    SIM_PIN {};", "31231673"),), after=r"(?<![a-z]pin)"),
    _directive("directive-code", "code", (ex("    backup_code {};", "HK8Y-31L8-135T"),
                                          ex("RecoveryCode {}", tok(ALNUM, 12)))),
)


CODE_RULES: tuple[SecretRule, ...] = _DIRECTIVES + (
    SecretRule(
        "xml-value-child",
        "a secret-named XML element whose value is in a <Value> child (unattend.xml, settings files)",
        P(rf"<(?P<tag>[a-z0-9_.:-]{{0,64}}(?:{_SUFFIX}))>[ \t\r\n]{{0,80}}<value>[ \t]{{0,8}}"
          r"(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</value>"),
        keywords=("<value>",),
        on_lower=True,
        refine=lambda m, text: vet_value(text, *m.span("v"), 2, quoted=True),
        examples=(
            ex("<AdministratorPassword>\n  <Value>{}</Value>\n</AdministratorPassword>", tok(ALNUM, 16)),
            ex("<Password><Value>{}</Value></Password>", tok(ALNUM, 8)),
        ),
        near_misses=("<Password>\n  <Value></Value>", "<Password><Value>*SENSITIVE*DATA*DELETED*</Value>",
                     "<Keyboard><Value>us</Value></Keyboard>"),
    ),
    SecretRule(
        "env-default",
        "the default of a secret-named variable: ${NAME:-value} (shell) and ${name:value} (Spring)",
        P(r"\$\{(?P<k>[A-Za-z0-9_.-]{1,80}):[-=]?(?P<v>[^}\s\"'$?+][^}\s\"'$]{0,255})\}"),
        keywords=("${",),
        refine=_refine_env_default,
        examples=(
            ex("DB_URL=postgres://app@db/app?password=${DB_PASSWORD:-{}}", tok(ALNUM, 12)),
            ex('@Value("${smtp.password:{}}")', tok(ALNUM, 11)),
        ),
        near_misses=("${SECRET:-}", "${DB_PASSWORD:-changeme}", "${API_TOKEN:?missing}", "${TOKEN:+set}",
                     "${PORT:-8080}", "${API_TOKEN:-$FALLBACK}"),
    ),
    SecretRule(
        "fallback-default",
        "a literal fallback after a secret-named variable: NAME || 'v', NAME ?? 'v', getenv('NAME') or 'v', "
        "getenv('NAME') ?: 'v', lookup('env', 'NAME') | default('v')",
        P(rf"(?:\|\|=?|\?\?=?|\?:|//(?<=[ \t}}]//)|\bor[ \t]|\|[ \t]{{0,3}}default\()[ \t]{{0,3}}{_Q}"),
        keywords=("||", "??", "?:", "// '", '// "', "or '", 'or "', "default("),
        chars="\"'",
        refine=_refine_named_before,
        examples=(
            ex('const dbPass = process.env.DB_PASS || "{}";', tok(ALNUM, 14)),
            ex("token = os.getenv('API_TOKEN') or '{}'", tok(ALNUM, 20)),
            ex("$secret = $env['APP_SECRET'] ?? '{}';", tok(ALNUM, 16)),
            ex("$password = getenv('DB_PASS') ?: '{}';", tok(ALNUM, 12)),
            ex("my $pw = $ENV{DB_PASSWORD} // '{}';", tok(ALNUM, 12)),
            ex("ENV['DB_PASSWORD'] ||= '{}'", tok(ALNUM, 12)),
            ex("password: \"{{ lookup('env', 'DB_PASSWORD') | default('{}') }}\"", tok(ALNUM, 12)),
        ),
        near_misses=('const port = process.env.PORT || "8080";', "password = os.getenv('PW') or ''",
                     "yes or 'no'", 'token || "changeme"'),
    ),
    SecretRule(
        "block-default",
        "a literal default after reading a secret-named variable: Ruby ENV.fetch('NAME') { 'v' }, "
        "Java getenv(\"NAME\")).orElse(\"v\"), Rust var(\"NAME\").unwrap_or(\"v\"), getenv(\"NAME\", default=\"v\")",
        P(r"(?:fetch|getenv|getproperty|var|env|config|str)\((?P<k>[^(),\r\n]{1,100})"
          r"(?:\)(?:[ \t]{0,3}\{[ \t]{0,3}(?:\|[^|\r\n]{0,40}\|[ \t]{0,3})?|\)?\.orelse\([ \t]{0,3}"
          r"|\.unwrap_or(?:_else)?\([ \t]{0,3}(?:\|_?\|[ \t]{0,3})?)"
          r"|,[ \t]{0,3}default[ \t]{0,3}=[ \t]{0,3})" + _Q),
        keywords=("fetch(", "getenv(", "getproperty(", "var(", "env(", "config(", "str("),
        chars="\"'",
        on_lower=True,
        refine=_refine_block_default,
        examples=(
            ex('token = ENV.fetch("API_TOKEN") { "{}" }', tok(ALNUM, 18)),
            ex("pw = ENV.fetch('DB_PASSWORD') { |k| '{}' }", tok(ALNUM, 14)),
            ex('String pw = Optional.ofNullable(System.getenv("DB_PASSWORD")).orElse("{}");', tok(ALNUM, 14)),
            ex('let pw = env::var("DB_PASSWORD").unwrap_or("{}".to_string());', tok(ALNUM, 14)),
            ex('let t = env::var("API_TOKEN").unwrap_or_else(|_| "{}".into());', tok(ALNUM, 20)),
            ex('pw = os.getenv("DB_PASSWORD", default="{}")', tok(ALNUM, 14)),
            ex('EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default="{}")', tok(ALNUM, 14)),
            ex("SECRET_KEY = config('SECRET_KEY', default='{}')", tok(ALNUM, 40)),
            ex('API_TOKEN = env.str("API_TOKEN", default="{}")', tok(ALNUM, 20)),
        ),
        near_misses=('port = ENV.fetch("PORT") { "8080" }', 'ENV.fetch("API_TOKEN") { raise "missing" }',
                     'ENV.fetch("API_TOKEN") { "" }', 'getenv("DB_PASSWORD")).orElse("${DB_PASSWORD}")',
                     'DEBUG = env("DEBUG", default="false")', "TIME_ZONE = config('TIME_ZONE', default='UTC')"),
    ),
    SecretRule(
        "setter-call",
        "a literal passed to a secret-named method: .password('v'), .setApiKey(\"v\")",
        P(rf"\.(?P<k>[A-Za-z_][A-Za-z0-9_]{{1,60}})\([ \t]{{0,4}}{_Q}[ \t]{{0,4}}[),]"),
        keywords=_WORDS,
        chars="\"'",  # the literal's quote: rarer than the "." and the "(" the call also needs
        refine=_refine_setter,
        examples=(
            ex('DataSourceBuilder.create().username("app").password("{}").build();', tok(ALNUM, 14)),
            ex("client.setApiKey('{}')", tok(ALNUM, 24)),
        ),
        near_misses=('form.passwordLabel("Password")', 'cfg.password("${DB_PASSWORD}")', "h.keys('a')"),
    ),
    SecretRule(
        "bare-secret-call",
        "a literal passed to a secret-named call with no receiver: password(\"v\") (syslog-ng), auth_token('v')",
        P(rf"(?<![\w.$@#:>-])(?P<k>(?:(?:auth|api|access|client|bearer|app|master|admin|db|root|private|session|signing|shared)_?)?"
          r"(?:password|passwd|secret|token|key|passphrase))"
          rf"\([ \t]{{0,4}}{_Q}[ \t]{{0,4}}\)"),
        keywords=("password(", "passwd(", "secret(", "token(", "key(", "passphrase("),
        on_lower=True,
        refine=_refine_setter,
        examples=(ex('destination d { elasticsearch-http(url("http://es") user("u") password("{}")); };',
                     tok(ALNUM, 14)),
                  ex("  auth_token('{}')", tok(ALNUM, 24))),
        near_misses=('password("`ES_PASSWORD`")', 'prompt.password("Password")', "keys('a')", 'monkey("banana")'),
    ),
    SecretRule(
        "ruby-set-symbol",
        "a literal given to a secret-named setting of Sinatra or Capistrano: set :session_secret, 'v'",
        P(rf"\bset[ \t]{{1,4}}:(?P<k>[a-z_][a-z0-9_]{{0,60}})[ \t]{{0,4}},[ \t]{{0,4}}{_Q}"),
        keywords=("set :",),
        on_lower=True,
        refine=_refine_symbol,
        examples=(ex("set :session_secret, '{}'", tok(ALNUM, 24)), ex('set :scm_passphrase, "{}"', tok(ALNUM, 14))),
        near_misses=("set :application, 'shop'", "set :password, ENV['DEPLOY_PASSWORD']", "set :keep_releases, '5'"),
    ),
    SecretRule(
        "equals-literal",
        "a literal compared with a secret-named variable, constant first: \"v\".equals(password)",
        P(rf"{_Q}\.equals(?:ignorecase)?\([ \t]{{0,4}}(?:this\.)?(?P<k>[a-z_][a-z0-9_]{{1,60}})[ \t]{{0,4}}\)"),
        keywords=(".equals",),
        on_lower=True,
        refine=_refine_setter,
        examples=(ex('if ("{}".equals(password)) {', tok(ALNUM, 12)),
                  ex('return "{}".equalsIgnoreCase(apiKey);', tok(ALNUM, 20))),
        near_misses=('if ("admin".equals(username))', '"".equals(password)', 'if (password.equals(confirm))'),
    ),
    *CALL_RULES,
    SecretRule(
        "redis-auth",
        "the password of a Redis AUTH command at a redis-cli prompt or in MONITOR output"
        " (AUTH v, AUTH user v, \"AUTH\" \"v\")",
        P(r"(?:(?<=> )|(?<=>)|^|(?<=\] ))\"?AUTH\"?[ \t]{1,4}(?:\"?[\w.@-]{1,64}\"?[ \t]{1,4})?"
          # an SMTP/IMAP client's AUTH names its SASL mechanism alone on the line (round 7: AUTH LOGIN)
          r"(?!(?:LOGIN|PLAIN|CRAM-MD5|DIGEST-MD5|XOAUTH2?|OAUTHBEARER|GSSAPI|NTLM|EXTERNAL|ANONYMOUS"
          r"|SCRAM-SHA-(?:1|256|512)(?:-PLUS)?)[ \t]*\r?$)"
          r"\"?(?P<v>[^\s\"]{1,256})\"?[ \t]*\r?$", re.M),
        cased=("AUTH",),
        group=("v",),
        refine=_refine_group_v,
        examples=(ex("127.0.0.1:6379> AUTH {}", tok(ALNUM, 14)), ex("redis> AUTH default {}", tok(ALNUM, 12)),
                  ex('1701420000.1 [0 10.0.0.5:5012] "AUTH" "{}"', tok(ALNUM, 16))),
        near_misses=("127.0.0.1:6379> AUTH", "AUTH ${REDIS_PASSWORD}", "The AUTH command takes a password.",
                     "AUTH required", "AUTH LOGIN", "AUTH CRAM-MD5"),
    ),
    SecretRule(
        "concat-userinfo",
        "a password joined by hand after user: in string concatenation ('user:' + 'v', \"id\" + \":\" + \"v\")",
        P(r":(?P<q>[\"'])[ \t]{0,4}\+[ \t]{0,4}(?P<r>[\"'])(?P<v>[^\"'\s]{6,256})(?P=r)"),
        keywords=(":'", ':"'),
        chars="+",
        refine=_refine_concat,
        examples=(
            ex("btoa('admin:' + '{}')", tok(ALNUM, 14)),
            ex('String sig = "AC0000" + ":" + "{}";', tok("0123456789abcdef", 32)),
        ),
        near_misses=("'http:' + '//example.com/x1'", "'Total:' + 'amount'", "'x:' + '${TOKEN}1'"),
    ),
    SecretRule(
        "sql-password",
        "SQL passwords: IDENTIFIED BY 'v', WITH PASSWORD 'v', PASSWORD = 'v' (MySQL, PostgreSQL, SQL Server)",
        P(r"(?:identified[ \t]{1,4}(?:with[ \t]{1,4}[a-z0-9_]{1,40}[ \t]{1,4})?by"
          # OLD_PASSWORD = 'v' (T-SQL ALTER LOGIN); n'v': a T-SQL Unicode literal
          r"|(?:old_password(?<![a-z0-9]old_password)|password(?<![a-z0-9_]password))(?:[ \t]{0,4}=)?)[ \t]{1,4}n?"
          + _Q),
        keywords=("identified", "password '", 'password "', "password = '", "password ='", "password= '",
                  "password = n'", "password n'"),
        chars="'\"",
        on_lower=True,
        refine=_refine_quoted,
        examples=(
            ex("ALTER USER 'report'@'%' IDENTIFIED BY '{}';", tok(ALNUM, 14)),
            ex("CREATE ROLE app WITH LOGIN PASSWORD '{}';", tok(ALNUM, 12)),
            ex("CREATE LOGIN svc WITH PASSWORD = '{}';", tok(ALNUM, 12)),
            ex("CREATE LOGIN svc WITH PASSWORD = N'{}', CHECK_POLICY = ON;", tok(ALNUM, 12)),
        ),
        near_misses=("ALTER USER x IDENTIFIED BY '';", "CREATE ROLE app PASSWORD NULL;", "password ''"),
    ),
    SecretRule(
        "auth-tuple",
        "HTTP client auth tuples: auth=(\"user\", \"v\") (requests, httpx, aiohttp)",
        P(r"auth[ \t]{0,4}=[ \t]{0,4}\([ \t]{0,4}(?:\"[^\"\r\n]{1,128}\"|'[^'\r\n]{1,128}')[ \t]{0,4},[ \t]{0,4}" + _Q
          + r"[ \t]{0,4}\)"),
        keywords=("auth",),
        chars="(",
        on_lower=True,
        refine=_refine_quoted,
        examples=(ex('requests.get(url, auth=("svc", "{}"))', tok(ALNUM, 12)),
                  ex("httpx.Client(auth=('u', '{}'))", tok(ALNUM, 10))),
        near_misses=("auth=(user, password)", 'auth=("svc", "")', 'auth=("svc", os.environ["PW"])'),
    ),
    SecretRule(
        "setopt-credential",
        "the literal of a libcurl credential option: curl_setopt($ch, CURLOPT_USERPWD, 'u:v'),"
        " c.setopt(pycurl.PASSWORD, 'v'); the part after the first colon of a user:password pair",
        P(r"setopt[ \t]{0,4}\((?:[^,()\r\n]{0,64},)?[ \t]{0,4}(?:[a-z_]{1,30}\.)?(?:curlopt_)?"
          r"(?P<o>(?:proxy)?(?:userpwd|password)|(?:ssl)?keypasswd|xoauth2_bearer|tlsauth_password)[ \t]{0,4},"
          r"[ \t]{0,4}" + _Q),
        keywords=("setopt",),
        on_lower=True,
        refine=_refine_setopt,
        examples=(ex('curl_setopt($ch, CURLOPT_USERPWD, "api:{}");', tok(ALNUM, 12)),
                  ex("c.setopt(pycurl.PASSWORD, '{}')", tok(ALNUM, 12)),
                  ex('curl_easy_setopt(curl, CURLOPT_PROXYUSERPWD, "proxy:{}");', tok(ALNUM, 14))),
        near_misses=("curl_setopt($ch, CURLOPT_USERPWD, $creds);", 'curl_setopt($ch, CURLOPT_URL, "https://x");',
                     'curl_setopt($ch, CURLOPT_USERPWD, "");'),
    ),
    SecretRule(
        "secure-string",
        "PowerShell ConvertTo-SecureString 'v' -AsPlainText: the literal turned into a secure string",
        P(r"convertto-securestring(?:[ \t]{1,4}-(?:string|asplaintext|force)){0,3}[ \t]{1,4}" + _Q),
        keywords=("convertto-securestring",),
        on_lower=True,
        refine=_refine_quoted,
        examples=(
            ex("$pw = ConvertTo-SecureString '{}' -AsPlainText -Force", tok(ALNUM, 10)),
            ex('(ConvertTo-SecureString -AsPlainText "{}" -Force)', tok(ALNUM, 10)),
        ),
        near_misses=("ConvertTo-SecureString $plain -AsPlainText -Force", "ConvertTo-SecureString ''"),
    ),
    SecretRule(
        "secure-string-piped",
        "PowerShell 'v' | ConvertTo-SecureString -AsPlainText: the literal piped into a secure string",
        P(_Q + r"[ \t]{0,4}\|[ \t]{0,4}convertto-securestring"),
        keywords=("convertto-securestring",),
        on_lower=True,
        refine=_refine_quoted,
        examples=(ex("$pw = '{}' | ConvertTo-SecureString -AsPlainText -Force", tok(ALNUM, 10)),),
        near_misses=("$pw = $plain | ConvertTo-SecureString -AsPlainText -Force",
                     "Get-Content pw.txt | ConvertTo-SecureString"),
    ),
)
