"""Key/value assignments in every syntax: one row per lead word of the key-name lexicon.

Each row's regex starts with a literal word (``pass``, ``token``, ``key``...), so
the regex engine scans for it at memchr speed instead of trying an alternation
at every position; the refine (secret_refine.refine_assignment) then reads the
whole key name around the word, scores it with secret_keys, and vets the value
with secret_values. Syntaxes: ``.env``, INI, YAML, JSON (also JSON-escaped
``\\"…\\"``), TOML, HCL, shell ``export``/``set``, Makefile ``?=``/``:=``,
Dockerfile ``ENV K=V``, code assignments and constants (``const apiKey = '…'``,
``static final String DB_PASS = "…"``, ``'password' => '…'``) and call
arguments with a quoted name (``define('DB_PASSWORD', '…')``,
``os.environ.get("X_TOKEN", "…")``). Rows that match the same value collapse
into one placeholder.

Imports: redaction.secret_kit, redaction.secret_refine, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import QUALIFIERS, key_parts
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import key_span, refine_assignment
from redacted_context_mcp.redaction.secret_values import looks_generated

# A type between the name and its "=" (``let secret: &str =``, ``val apiKey: String =``, Go's
# ``var password string =``), C's ``char password[] =`` and a comparison (``password.equals("v")``,
# ``=== "v"``) still lead to the value (blanks around a typed ``=``, so ``password: ab=c`` is one value);
# the text is lower-cased here.
_TYPED = (r"(?P<ty>(?::[ \t]{0,4}[&*]?(?:'static[ \t]{1,4})?[a-z_][a-z0-9_<>.?]{0,30}"
          r"|[ \t](?:string|str|\[\]byte|nsstring[ \t]{0,2}\*|char[ \t]{0,2}\*))[ \t]{1,4}(?==[ \t]))?")
_AFTER = (
    r"(?P<tail>[a-z0-9_.-]{0,40}?)(?P<q1>\\?[\"']?(?:\[\]|\])?\*{0,2})[ \t]{0,40}" + _TYPED +
    r"(?P<op>=>|:=|\?=|===|==|=|:|,|\.equals(?:ignorecase)?\()(?:\*\*|__)?[ \t]{0,40}"
    # triple-quoted strings (Python, Scala, Kotlin) first; a double-quoted value may hold escaped quotes
    r"(?:\"\"\"(?P<tq>[^\"\r\n]{1,1024})\"\"\"|'''(?P<ts>[^'\r\n]{1,1024})'''"
    r"|\"(?P<dq>[^\"\\\r\n]{0,1024}(?:\\[^\r\n][^\"\\\r\n]{0,1024}){0,16})\""
    r"|'(?P<sq>[^'\\\r\n]{0,1024}(?:(?:\\[^\r\n]|'')[^'\\\r\n]{0,1024}){0,16})'"  # SQL/YAML ''"
    # no closing quote once escapes are read: a backslash ends the value (a shell '…\' or "C:\dir\")
    r"|\"(?P<dr>[^\"\r\n]{1,1024})\"|'(?P<sr>[^'\r\n]{1,1024})'|`(?P<bq>[^`\r\n]{1,1024})`"
    # a T-SQL N'…' literal is no bare N: the sql-password row reads its text
    r"|\\\"(?P<eq>[^\"\\\r\n]{1,1024})\\\"|(?P<bare>(?![nN]')[^\s\"'`,;\\]{1,1024}))"
)
_NEAR = (
    "password: str", "token = None", "api_key = os.environ['API_KEY']", "monkey = 3", "max_tokens = 4096",
    "passwordless login is supported", "password = self.password", "keyboard = 1", "password=${DB_PASSWORD}",
    "Token: the token rotates daily", "sort_key=lambda x: x", "primary_key=True", "token = get_token()",
    "password_field_label = 'Password'", "token = access_token", "password: <your-password>", "password: ****",
    "passwordLength: 12", "token_count = 512", "secret_name: db-creds", "get('sort_key', 'name')",
    "define('DB_PASSWORD', '');", "the secret: it is in the vault",
)


def _row(rid: str, lead: str, examples: tuple[tuple[str, str], ...], near: tuple[str, ...] = (),
         refine=refine_assignment) -> SecretRule:
    """One row; ``lead`` is ``p(ass|w)``-style: a literal first letter, then the lexicon words."""
    words = tuple(lead[0] + w for w in lead[2:-1].split("|")) if "(" in lead else (lead,)
    return SecretRule(
        rid,
        f"key = value (any syntax) where the key name holds {'/'.join(words)} and scores as a secret in the lexicon",
        P(rf"(?P<suffix>{lead[0]}(?:{lead[2:-1]})){_AFTER}" if "(" in lead else rf"(?P<suffix>{lead}){_AFTER}"),
        keywords=words,
        chars="=:,(",
        on_lower=True,
        refine=refine,
        examples=examples,
        near_misses=near or tuple(n for n in _NEAR if any(w in n.lower() for w in words)) or _NEAR[:3],
    )


def _refine_pepper(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A pepper is machine-made: ``pepper: black`` in a recipe is no secret."""
    span = refine_assignment(m, text)
    return span if span is not None and looks_generated(text[span[0]:span[1]]) else None


#: A MAC or hash algorithm's name: the setting a bare ``hmac:`` key most often holds (``hmac: sha256``).
_ALGORITHM = re.compile(r"(?:hmac[-_ ]?)?(?:sha[-_ ]?(?:1|224|256|384|512|3[-_]\d{3}|512[-_/]256)|md5|sm3"
                        r"|blake2[bs]?|blake3|ripemd160|poly1305|siphash(?:[-_]?\d{1,2})?)")


def _refine_hmac(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A bare ``hmac`` key: its value is a secret unless it names the algorithm."""
    sp = refine_assignment(m, text)
    if sp is not None and _ALGORITHM.fullmatch(text[sp[0]:sp[1]].lower()):
        return None
    return sp


_DIGITS = re.compile(r"[0-9]{4,12}")
#: Deployment-stage prefixes of a PIN's key (``PROD_PIN``, ``staging_pin``).
_STAGES = frozenset("prod production staging stage dev test qa uat live preprod".split())


def _refine_pin(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """A key that is ``pin`` or ends in ``pin`` after a qualifier (``PIN``, ``'pin'``, ``simPin``, ``door_pin``):
    a value of 4 to 12 digits is the PIN; other values go through the lexicon."""
    ks_ke = key_span(m, text, "suffix", "tail")
    if ks_ke is None:
        return None
    parts = key_parts(text[ks_ke[0]:ks_ke[1]])
    if not parts or parts[-1] != "pin" or len(parts) > 1 and parts[-2] not in QUALIFIERS | _STAGES:
        return None
    span = refine_assignment(m, text)
    if span is not None:
        return span
    for g in ("dq", "sq", "bare"):
        s, e = m.span(g)
        if s < 0:
            continue
        if g == "bare" and text[ks_ke[0] - 1:ks_ke[0]] in ("?", "&") and "&" in text[s:e]:
            e = text.index("&", s, e)  # ``?Pin=V&port=5433``: the query string's next parameter
        elif g == "bare" and text[s:e] in ("|", "|-", ">", ">-"):
            nl = text.find("\n", e)  # a YAML block scalar: the PIN on the next line
            s = nl + 1 + len(text[nl + 1:nl + 41]) - len(text[nl + 1:nl + 41].lstrip(" \t")) if nl >= 0 else e
            e = s
            while e < len(text) and e - s < 13 and text[e].isdigit():
                e += 1
            if text[e:e + 1] not in ("", "\n", "\r", " "):
                continue
        if _DIGITS.fullmatch(text, s, e) and not text[e:e + 1].isalnum():
            return s, e
    return None


#: The word for password in other languages (each is a strong part in secret_keys.STRONG).
_INTL = ("kennwort", "contraseña", "contrasena", "senha", "wachtwoord", "salasana", "lösenord", "losenord",
         "hasło", "haslo", "heslo", "jelszó", "jelszo", "şifre", "sifre", "adgangskode", "lozinka", "пароль",
         "parola", "парола", "密码", "パスワード", "비밀번호", "mdp",
         "密钥", "秘钥", "密鑰", "金鑰", "令牌", "秘密鍵", "シークレット", "トークン", "토큰", "비밀키")


def _intl_row() -> SecretRule:
    return SecretRule(
        "assignment-intl",
        "key = value (any syntax) where the key name is the word for password in another language"
        " (Kennwort, contraseña, senha, wachtwoord, hasło, пароль, 密码...)",
        P(r"(?P<suffix>" + "|".join(sorted(_INTL, key=len, reverse=True)) + ")" + _AFTER),
        keywords=_INTL,
        chars="=:,",
        on_lower=True,
        refine=refine_assignment,
        examples=(
            ex("Kennwort: {}", "Blume2024de"),
            ex("contraseña: {}", "Clave2024es"),
            ex("senha={}", "Flor2024pt"),
            ex("wachtwoord: {}", tok(ALNUM, 10)),
            ex("DB_KENNWORT={}", tok(ALNUM, 12)),
            ex("hasło: {}", "Kwiat2024pl"),
            ex("пароль: {}", tok(ALNUM, 10)),
            ex("密码: {}", tok(ALNUM, 10)),
        ),
        near_misses=("Kennwort: ********", "senha: ${SENHA}", "Kennwort vergessen? Hier klicken.",
                     "wachtwoord_lengte: 12", "contraseña: <tu-contraseña>"),
    )


ASSIGNMENT_RULES: tuple[SecretRule, ...] = (
    _row("assignment", "p(ass|w|sk)", (
        ex("DB_PASSWORD={}", tok(ALNUM, 14)),
        ex('{"password": "{}"}', tok(ALNUM, 12)),
        ex("password: {}", tok(ALNUM, 10)),
        ex("password=ab", "ab"),
        ex("passwd={}", tok(ALNUM, 6)),
        ex("db.password={}", tok(ALNUM, 9)),
        ex("'password' => '{}'", tok(ALNUM, 11)),
        ex("password: correct horse {}", "battery staple"),
        ex("[db]\nPassword = {}\n", tok(ALNUM, 8)),
        ex("**Password**: {}", tok(ALNUM, 9)),
        ex("DB_PASSWORD={}", "Password123"),  # a value that merely contains a key word is still a secret
        ex("ADMIN_PASSWORD={}", "Whiskey2024"),
        ex("passwd={}", "Passw0rd"),
        ex("password: {}", "donkeykong"),
        ex("dbPass: {}", tok(ALNUM, 10)),
        ex("BECOME_PASS={}", tok(ALNUM, 10)),
        ex("DB_PASSWORD_PROD={}", tok(ALNUM, 10)),
        ex('static final String DB_PASS = "{}";', tok(ALNUM, 12)),
        ex("password={}", tok(ALNUM, 7) + ".prod~x%{" + tok(ALNUM, 3) + "}"),
        ex('password=\\"{}\\"', tok(ALNUM, 10)),
        ex("DB_PASS ?= {}", tok(ALNUM, 10)),
        ex("ENV DB_PASSWORD={}", tok(ALNUM, 10)),
        ex("define('DB_PASSWORD', '{}');", tok(ALNUM, 12)),
        ex("  passphrase: {}", tok(ALNUM, 12)),
        ex("Passcode: {}", "482913"),
        ex("ADMIN_PW={}", tok(ALNUM, 10)),
        ex("pwd: {}", tok(ALNUM, 10)),
        ex("Server=db;Uid=sa;Pwd={};", tok(ALNUM, 10)),
        ex('psk="{}"', tok(ALNUM, 14)),
        ex("wpa_psk={}", tok(ALNUM, 12)),
        ex("stringData:\n  db_password: |-\n    {}\n  user: app\n", tok(ALNUM, 14)),  # a YAML block scalar
        ex('if (password.equals("{}")) {', tok(ALNUM, 10)),
        ex('if (pwd === "{}")', tok(ALNUM, 10)),
        ex('NSString *password = @"{}";', tok(ALNUM, 10)),
        ex('char password[] = "{}";', tok(ALNUM, 10)),
        ex('var dbPassword string = "{}"', tok(ALNUM, 10)),
        ex('password: str = "{}"', tok(ALNUM, 10)),
    ), tuple(n for n in _NEAR if "pass" in n.lower()) + ("pwd = os.getcwd()", "cd $PWD", "pw = None", "psk: true",
                                                         "password: >\n  ${DB_PASSWORD}\nuser: app\n",
                                                         "if (password.equals(confirmPassword))",
                                                         "password: str = None", "password: String = input")),
    _row("assignment-secret", "s(ecret|alt|ig)", (
        ex('export AWS_SECRET_ACCESS_KEY="{}"', tok(B64, 40)),
        ex("  client_secret: {}", tok(ALNUM, 24)),
        ex("$config['secret_key'] => '{}';", tok(ALNUM, 14)),
        ex("SECRET_KEY = '{}'", tok(ALNUM, 50)),
        ex('private const string ClientSecret = "{}";', tok(ALNUM, 16)),
        ex('os.environ.get("STRIPE_SECRET", "{}")', tok(ALNUM, 24)),
        ex('let secret: &str = "{}";', tok(ALNUM, 16)),
        ex("salt = {}", tok(ALNUM, 16)),
        ex("PASSWORD_SALT={}", tok(ALNUM, 16)),
        ex("AWS_SIG={}", tok(ALNUM, 20)),
        ex("webhook_signature: {}", tok(ALNUM, 32)),
    ), ("secret_name: db-creds", "the secret: it is in the vault", "design: flat", "signal: 5", "signature: John")),
    # a password pepper (Devise config.pepper, PASSWORD_PEPPER), the secret twin of a salt (round 7)
    _row("assignment-pepper", "pepper", (
        ex("  config.pepper = '{}'", tok(ALNUM, 32)),
        ex("PASSWORD_PEPPER={}", tok(ALNUM, 24)),
    ), ("pepper: ${PEPPER}", "pepper = ENV['PEPPER']", "pepper: black", "pepper: 2 tsp"),
        refine=_refine_pepper),
    # bare hmac names (hmac, HMAC, hmac_secret): ``hmac_key``/``signing_key`` are led by ``key`` below
    _row("assignment-hmac", "hmac", (
        ex("hmac: {}", tok(ALNUM, 16)),
        ex("HMAC={}", tok(ALNUM, 24)),
        ex('"hmac": "{}"', tok(ALNUM, 20)),
    ), ("hmac: sha256", "hmac: hmac-sha256", "HMAC=SHA-512", "hmac: true", "hmac: ${HMAC}"), refine=_refine_hmac),
    _row("assignment-token", "token", (
        ex('token := "{}"', tok(ALNUM, 18)),
        ex("//registry.npmjs.org/:_authToken={}", tok(ALNUM, 36)),
        ex("ENV.fetch('API_TOKEN', '{}')", tok(ALNUM, 20)),
        ex("X-Auth-Token: {}", tok(ALNUM, 32)),
    )),
    _row("assignment-key", "key", (
        ex('api_key = "{}"', tok(ALNUM, 32)),
        ex('apiKey: "{}"', tok(ALNUM, 20)),
        ex("const apiKey = '{}';", tok(ALNUM, 24)),
        ex('val apiKey: String = "{}"', tok(ALNUM, 24)),
        ex("const apiKey: string = '{}';", tok(ALNUM, 24)),
        ex("X-Api-Key: {}", tok(ALNUM, 32)),
        ex("key = {}", tok(ALNUM, 24)),
    ), ("monkey = 3", "keyboard = 1", "sort_key=lambda x: x", "primary_key=True", "key: value")),
    _row("assignment-auth", "auth", (
        ex('{"auths": {"registry.example": {"auth": "{}"}}}', "dXNlcjpwYXNzd29yZA=="),
        ex("_auth={}", tok(B64, 24) + "="),
        ex("AUTH_CODE={}", tok(ALNUM, 16)),
    ), ("author: Jane", "auth: true", "auth_method: oauth2")),
    _row("assignment-cred", "c(red|ookie|ode)", (
        ex("DB_CREDENTIALS={}", tok(ALNUM, 16)),
        ex("creds: {}", tok(ALNUM, 12)),
        ex("csrf_cookie={}", tok(ALNUM, 32)),
        ex("session_cookie: {}", tok(ALNUM, 16)),
        ex("sessionCookie = '{}';", tok(ALNUM, 16)),
        ex("recovery_code = '{}'", "K3K2-XR76-Y79X"),
        ex("BACKUP_CODE={}", "HGZK-XYEY-IJQ1"),
    ), ("credit: 100", "credentials: ${CREDS}", "cookie_name: sid", "cookie: true", "status_code: 404",
        "client_code: ACME-001", "country_code = 'PT'", "code: 200")),
    # a bare bearer key (``bearer: "…"``, ``let bearer = "…"``); ``Authorization: Bearer V`` has its own rule
    _row("assignment-bearer", "bearer", (
        ex('bearer: "{}"', tok(ALNUM, 32)),
        ex("let bearer = '{}'", tok(ALNUM, 40)),
    ), ("token_type: bearer", "bearer_format: JWT", "bearer: ${BEARER}", "bearer_only: true"))
    ,
    _intl_row(),
    # a PIN: the key is ``pin`` or ends in pin after a qualifier the lexicon knows (alarm_pin, DOOR_PIN, simPin,
    # ``'pin': '…'``, ``PIN="…"``); round 12 widened the lead from ``_pin`` to ``pin`` (the refine reads the
    # whole key name, so ping, spinner and pinned are no PIN keys)
    SecretRule(
        "assignment-pin",
        "key = value where the key name is pin or ends in pin after a qualifier the lexicon knows"
        " (PIN, alarm_pin, simPin)",
        P(r"(?P<suffix>pin)" + _AFTER),
        keywords=("pin",),
        chars="=:,",
        on_lower=True,
        refine=_refine_pin,
        examples=(ex("alarm_pin: {}", "4921"), ex("DOOR_PIN={}", "8841"), ex("sim_pin = '{}'", "1234"),
                  ex("card_pin: {}", "0420"), ex("{'pin': '{}'}", "69824801"), ex('connect(PIN="{}")', "5487"),
                  ex("simPin = {}", "0711")),
        near_misses=("spinner_pin: true", "pin_length: 4", "led_pin: 13", "gpio_pin = 7", "alarm_pin: ${PIN}",
                     "pin: 13", "spinner: 1234", "ping = 5000", "pinned: 20240101", "pin_count = 4"),
    ),
)
