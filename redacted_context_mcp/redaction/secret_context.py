"""Context rules: a secret recognised by what surrounds it (a key name, a flag, a header, a URL).

Imports: redaction.secret_kit, redaction.secret_refine, redaction.spans.
"""

from __future__ import annotations

from bisect import bisect_right

from redacted_context_mcp.redaction.secret_cli import find_cli
from redacted_context_mcp.redaction.secret_credfiles import CREDFILE_RULES, KEY_KEYWORDS
from redacted_context_mcp.redaction.secret_dumps import find_prose, find_sensitive, find_sql_dump
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import refine_assignment, refine_bearer, refine_cli
from redacted_context_mcp.redaction.spans import Hit

_KV_SUFFIX = r"p(?:ass(?:phrase|word|wd)|wd)|s(?:ecret|alt)|token|credentials?|key"
#: Lexicon words that start a candidate key (secret_keys scores the whole name); also the prefilter.
_KEY_KEYWORDS = KEY_KEYWORDS
_KEY_WORD = "|".join(_KEY_KEYWORDS)

CONTEXT_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "authorization-header",
        "Authorization: Bearer/Basic/Token values and bare Bearer tokens",
        P(
            r"(?:(?P<hdr>authorization[\"']?[ \t]{0,4}[:=][ \t]{0,4}[\"']?"
            r"(?:bearer|basic|token|digest|negotiate|apikey))"
            r"|bearer)[ \t]{1,8}(?P<v>[^\s\"',;]{4,4096})"
        ),
        keywords=("authorization", "bearer"),
        on_lower=True,
        refine=refine_bearer,
        examples=(
            ex("Authorization: Bearer {}", tok(ALNUM, 32)),
            ex("-H 'Authorization: Basic {}'", tok(B64, 24)),
            ex("curl -H Bearer {}", tok(ALNUM, 40)),
        ),
        near_misses=("the bearer of this letter", "Authorization: Bearer $TOKEN"),
    ),
    SecretRule(
        "url-credentials",
        "user:password in URLs of any scheme (postgres://, redis://:pass@, amqp://, mongodb+srv://)",
        # the password may hold @ : % # (the last @ before the host ends it)
        P(r"://(?P<v>[^\s/@:\"'<>]{0,256}:[^\s/\"'<>]{1,256})@(?=[^\s@/\"'<>]{1,256}(?:[/?#\s\"'<>]|$))"),
        keywords=("://",),
        chars="@",
        group=("v",),
        examples=(
            ex("postgres://app:{}@db.internal:5432/app", tok(ALNUM, 16)),
            ex("redis://:{}@cache:6379/0", tok(ALNUM, 12)),
            ex("mongodb+srv://svc:{}@cluster0.example.net/db", tok(ALNUM, 14)),
            ex("amqp://guest:{}@mq/", tok(ALNUM, 10)),
        ),
        near_misses=("https://example.com/a:b", "http://user@host/"),
    ),
    SecretRule(
        "azure-storage-key",
        "Azure storage AccountKey= / SharedAccessKey= values",
        P(r"(?:accountkey|sharedaccesskey)=(?P<v>[a-z0-9+/=]{20,1024})"),
        keywords=("accountkey=", "sharedaccesskey="),
        chars="=",
        on_lower=True,
        group=("v",),
        examples=(ex("DefaultEndpointsProtocol=https;AccountName=x;AccountKey={};", tok(B64, 86) + "=="),),
        near_misses=("AccountKey=",),
    ),
    SecretRule(
        "azure-sas-signature",
        "Azure SAS token signatures (sig=)",
        P(r"[?&;]sig=(?P<v>[A-Za-z0-9%+/=]{16,1024})"),
        keywords=("sig=",),
        chars="=",
        group=("v",),
        examples=(ex("https://x.blob.core.windows.net/c?sv=2021&sig={}", tok(ALNUM, 40) + "%3D"),),
        near_misses=("?sig=abc",),
    ),
    SecretRule(
        "assignment",
        "key = value where the key name scores as a secret in the lexicon (password, pass, pw, secret, token, "
        "api key, auth, cookie, session, sig, private, salt...) in .env, INI, YAML, JSON, TOML, HCL, shell, code",
        P(
            rf"(?P<suffix>{_KEY_WORD})(?P<tail>[a-z0-9_.-]{{0,40}}?)(?P<q1>\\?[\"']?\]?\*{{0,2}})[ \t]{{0,40}}"
            r"(?P<op>=>|:=|\?=|==|=|:)[ \t]{0,8}"
            r"(?:\"(?P<dq>[^\"\r\n]{1,1024})\"|'(?P<sq>[^'\r\n]{1,1024})'|`(?P<bq>[^`\r\n]{1,1024})`"
            r"|\\\"(?P<eq>[^\"\\\r\n]{1,1024})\\\"|(?P<bare>[^\s\"'`,;\\]{1,1024}))"
        ),
        keywords=_KEY_KEYWORDS,
        chars="=:",
        on_lower=True,
        refine=refine_assignment,
        examples=(
            ex("DB_PASSWORD={}", tok(ALNUM, 14)),
            ex('export AWS_SECRET_ACCESS_KEY="{}"', tok(B64, 40)),
            ex('{"password": "{}"}', tok(ALNUM, 12)),
            ex("password: {}", tok(ALNUM, 10)),
            ex('api_key = "{}"', tok(ALNUM, 32)),
            ex("salt = {}", tok(ALNUM, 16)),
            ex("  client_secret: {}", tok(ALNUM, 24)),
            ex('apiKey: "{}"', tok(ALNUM, 20)),
            ex("password=ab", "ab"),
            ex("passwd={}", tok(ALNUM, 6)),
            ex("db.password={}", tok(ALNUM, 9)),
            ex('token := "{}"', tok(ALNUM, 18)),
            ex("'password' => '{}'", tok(ALNUM, 11)),
            ex("$config['secret_key'] => '{}';", tok(ALNUM, 14)),
            ex("password: correct horse {}", "battery staple"),
            ex("[db]\nPassword = {}\n", tok(ALNUM, 8)),
            ex("SECRET_KEY = '{}'", tok(ALNUM, 50)),
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
        ),
        near_misses=(
            "password: str",
            "token = None",
            "api_key = os.environ['API_KEY']",
            "monkey = 3",
            "max_tokens = 4096",
            "passwordless login is supported",
            "password = self.password",
            "keyboard = 1",
            "password=${DB_PASSWORD}",
            "Token: the token rotates daily",
            "sort_key=lambda x: x",
            "primary_key=True",
            "token = get_token()",
            "password_field_label = 'Password'",
            "token = access_token",
            "password: <your-password>",
            "password: ****",
            "passwordLength: 12",
            "token_count = 512",
            "secret_name: db-creds",
        ),
    ),
    SecretRule(
        "xml-element",
        "XML elements whose name ends in password, passwd, pwd, secret, token, key, credential or salt",
        P(
            rf"<(?P<tag>[a-z0-9_.:-]{{0,64}}(?:{_KV_SUFFIX}))(?:[ \t][^<>\r\n]{{0,200}})?>"
            r"[ \t]{0,8}(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</"
        ),
        keywords=("key", "pass", "token", "secret", "pwd", "salt", "credential"),
        chars="<",
        on_lower=True,
        group=("v",),
        examples=(
            ex("<password>{}</password>", tok(ALNUM, 12)),
            ex('<add key="db" /><ClientSecret>{}</ClientSecret>', tok(ALNUM, 20)),
            ex("<api_key type=\"string\">{}</api_key>", tok(ALNUM, 24)),
        ),
        near_misses=("<password></password>", "<keyboard>us</keyboard>", "<token/>"),
    ),
    SecretRule(
        "login-password",
        "a password given with a space after -p on a login command line (docker login -u x -p VALUE)",
        # a bare port number after -p (ssh-style) is not a password
        P(r"\blogin\b[^\n]{0,200}?[ \t]-p[ \t]{1,4}(?P<v>(?!\d{1,5}(?:\s|$))[^\s\"'\-][^\s\"']{0,255})"),
        keywords=("login",),
        group=("v",),
        examples=(
            ex("docker login -u admin -p {} registry.example", tok(ALNUM, 14)),
            ex("az acr login --name reg -u ci -p {}", tok(ALNUM, 16)),
        ),
        near_misses=("docker login -u admin --password-stdin", "ssh -p 2222 user@host", "rlogin host -p 513"),
    ),
    SecretRule(
        "command-line-password",
        "passwords on command lines: --password X, --password=X, -pX (as in ps output)",
        P(
            r"-(?<![\w-].)(?P<flag>-(?:password|passwd|pass|pwd|secret|token|api-key|apikey|auth-token|access-token"
            r"|client-secret)(?:=|[ \t]{1,4})|p)"
            r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'\-][^\s\"']{0,255})"
        ),
        refine=refine_cli,
        examples=(
            ex("mysql -uroot -p{} db", tok(ALNUM, 10)),
            ex("psql --password {}", tok(ALNUM, 12)),
            ex("tool --password={}", tok(ALNUM, 12)),
            ex("app --token '{}'", tok(ALNUM, 20)),
        ),
        near_misses=("mkdir -p build", "docker run -p8080:80 img", "gcc -pthread x.c", "cmd --password-file f"),
    ),
)


CONTEXT_RULES += CREDFILE_RULES

def find_context(text: str, low: str) -> list[Hit]:
    """Context hits that are not one regex per row: command-line tables, SQL dumps, sensitive JSON, prose."""
    out = find_cli(text, low)
    if "create" in low and "insert" in low and "table" in low:
        find_sql_dump(text, low, out)
    if "\"sensitive\"" in low:
        find_sensitive(text, low, out)
    find_prose(text, low, out)
    if "\\/" in text:
        _slash_escaped(text, out)
    return out


def _slash_escaped(text: str, out: list[Hit]) -> None:
    """Rules re-run on a view where ``\\/`` reads ``/`` (JSON and Slack exports), hits mapped back."""
    from redacted_context_mcp.redaction import secret_rules  # the rule table imports this module

    pieces = text.split("\\/")
    view = "/".join(pieces)
    starts, pos = [], 0
    for p in pieces:
        starts.append(pos)
        pos += len(p) + 1

    def back(vp: int) -> int:
        return vp + bisect_right(starts, vp) - 1

    # a tuple copy of the table: the rule rows only, no second context/keyless pass
    for h in secret_rules.find_secrets(view, view.lower(), tuple(secret_rules.SECRET_RULES)):
        out.append(Hit(back(h.start), back(h.end - 1) + 1, h.category, h.rule))
