"""The secret rule table: data, not classes.

Each :class:`SecretRule` carries a cheap keyword prefilter (lower-case
substrings checked against the lower-cased text; empty when the regex itself
starts with a distinctive literal, which the regex engine scans for as fast), one regex compiled at
import, the group(s) holding the secret (context such as ``password=`` stays
visible), an optional ``refine`` check, and its own examples (built at import
from a seeded generator so the repository holds no scanner-tripping literals)
and near misses. Secrets are never gated by profile or mode.

Every regex is linear: bounded quantifiers, no nested unbounded repeats.

Imports: redaction.spans, redaction.validators, redaction.wordlists.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.validators import mixed_token
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW

Refine = Callable[["re.Match[str]", str], "tuple[int, int] | None"]


@dataclass(frozen=True)
class SecretRule:
    """One secret detector row."""

    id: str
    description: str
    regex: re.Pattern[str]
    keywords: tuple[str, ...] = ()
    min_hex_run: int = 0  # prefilter: the text must hold this many hex characters in a row
    group: tuple[int | str, ...] = (0,)
    refine: Refine | None = None
    on_lower: bool = False  # match against the length-preserving lower-cased text
    category: str = "SECRET"
    profile: str = "default"
    validator: str = ""  # name of the value check, for listings ("luhn", "entropy", ...)
    examples: tuple[tuple[str, str], ...] = ()  # (text, secret that must disappear)
    near_misses: tuple[str, ...] = ()

    def span(self, m: re.Match[str], text: str) -> tuple[int, int] | None:
        """The secret's span in ``text`` for match ``m``, or None when the candidate is rejected."""
        if self.refine is not None:
            return self.refine(m, text)
        for g in self.group:
            s, e = m.span(g)
            if s >= 0 and e > s:
                return _strip(text, s, e)
        return None


def _strip(text: str, s: int, e: int) -> tuple[int, int] | None:
    while s < e and text[s] in " \t\r\n":
        s += 1
    while e > s and text[e - 1] in " \t\r\n":
        e -= 1
    return (s, e) if e > s else None


# --- example tokens: deterministic, generated at import ----------------------------------------

_RNG = random.Random(0x5EC2E75)
_UP = string.ascii_uppercase
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _tok(alphabet: str, n: int) -> str:
    while True:
        t = "".join(_RNG.choice(alphabet) for _ in range(n))
        if alphabet != _UP and (len(alphabet) > 16 and not mixed_token(t)):
            continue
        return t


def _ex(template: str, secret: str) -> tuple[str, str]:
    return (template.replace("{}", secret), secret)


# --- refine helpers -------------------------------------------------------------------------------

_KEY_CHARS = frozenset(string.ascii_letters + string.digits + "_.-")
_KEY_GLUE = (
    "api", "secret", "access", "private", "master", "auth", "signing", "encryption", "license", "licence",
    "client", "app", "account", "session", "crypt", "cipher", "shared", "sas", "storage", "subscription",
    "service", "admin", "root", "deploy", "ssh", "gpg", "pgp", "hmac", "jwt", "aes", "rsa", "enc", "sign",
    "bot", "webhook", "vault", "consumer", "partner", "product", "stripe", "openai", "public",
)
_SKIP_VALUES = frozenset(
    ["none", "null", "nil", "true", "false", "undefined", "yes", "no", "on", "off", "lambda", "function", "self", "this", "cls", "new", "await", "async", "str", "int", "bytes", "bool", "float", "string", "optional", "any", "dict", "list", "object", "required", "optional", "secret", "password", "token", "key", "redacted", "hidden", "xxx", "xxxx", "xxxxx", "******", "...", "changeme_in_env"]
)
_CODE_VALUE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,80}(?:\.[A-Za-z_][A-Za-z0-9_]{0,80}){1,8}")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,200}")
_KEYWORDISH = re.compile(r"pass|pwd|secret|token|key|cred|salt")
_LINE_PREFIX = re.compile(r"[ \t]{0,40}(?:export[ \t]+|set[ \t]+|-[ \t]+|setx[ \t]+|\$env:)?")
_TRAILING_COMMENT = re.compile(r"[ \t]{1,16}(?:#|//|;)")


def _refine_assignment(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """Key/value assignment: check the key's shape, then pick and vet the value."""
    suf_s = m.start("suffix")
    ks = suf_s
    while ks > 0 and suf_s - ks < 64 and text[ks - 1] in _KEY_CHARS:
        ks -= 1
    if ks > 0 and (text[ks - 1].isalnum()):
        return None
    prefix = text[ks:suf_s]
    suffix = m.group("suffix")
    if suffix in ("key", "salt", "pwd") and prefix:
        camel = text[suf_s].isupper() and prefix[-1].islower()
        glued = suffix == "key" and prefix.lower().endswith(_KEY_GLUE)
        if prefix[-1] not in "_.-" and not camel and not glued:
            return None
    for g in ("dq", "sq", "bq"):
        s, e = m.span(g)
        if s >= 0:
            value = text[s:e]
            if _skip_value(value, quoted=True):
                return None
            return _strip(text, s, e)
    s, e = m.span("bare")
    if s < 0:
        return None
    value = text[s:e]
    op = m.group("op")
    line_start = text.rfind("\n", 0, ks) + 1
    key_leads_line = _LINE_PREFIX.fullmatch(text, line_start, ks) is not None
    if key_leads_line and op in ("=", ":") and text[m.end("q1"):m.start("op")].strip() == "":
        eol = text.find("\n", s)
        eol = len(text) if eol < 0 else eol
        if eol - s <= 1024:
            rest = text[s:eol]
            cm = _TRAILING_COMMENT.search(rest)
            if cm:
                rest = rest[: cm.start()]
            rest = rest.rstrip(" \t\r,;")
            if rest and not rest.startswith(("{", "[", "|", ">")):
                value = rest
                e = s + len(rest)
    if _skip_value(value, quoted=False):
        return None
    first = value.split()[0].lower() if value.split() else ""
    if op == ":" and not prefix and first in BUILTIN_ALLOW and (not key_leads_line or text[ks].isupper()):
        return None  # prose: "Token: the token rotates", "the API key: it is in the vault"
    return _strip(text, s, e)


def _skip_value(value: str, *, quoted: bool) -> bool:
    v = value.strip()
    low = v.lower()
    if not v or low in _SKIP_VALUES or (not quoted and low.split()[0] in _SKIP_VALUES) or v.startswith(("$", "%(", "{{", "<", "process.env", "os.environ", "os.getenv")):
        return True
    if quoted:
        return False
    if "(" in v or "[" in v or v.startswith(("{", "=", "&", "*", "@", "!")):
        return True
    if _CODE_VALUE.fullmatch(v):
        return True
    # a variable named like the key: ``token = access_token``
    return bool(_IDENT.fullmatch(v) and _KEYWORDISH.search(low))


def _refine_cli(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    value = text[s:e].strip("\"'")
    if not value or value.startswith("$"):
        return None
    if m.group("flag") == "p":
        if value[0].isdigit() and all(c.isdigit() or c in ":./-" for c in value):
            return None  # port mappings such as -p8080:80
        if value.lower() in ("thread", "threads", "ipe", "ython"):
            return None
    return _strip(text, s, e)


def _refine_openai(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span()
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] in "_-"):
        return None
    body = m.group("body")
    if not mixed_token(body) or body.startswith("ant-"):
        return None
    return (s, e)


def _refine_hex(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span()
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] == "_"):
        return None
    if e < len(text) and (text[e].isalnum() or text[e] == "_"):
        return None
    return (s, e)


def _refine_bearer(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    value = text[s:e]
    if value.startswith(("$", "{", "<")) or value.lower() in _SKIP_VALUES:
        return None
    if m.group("hdr") is None and not mixed_token(value):
        return None
    return (s, e)


# --- the table ------------------------------------------------------------------------------------

_P = re.compile
_KV_SUFFIX = r"p(?:ass(?:phrase|word|wd)|wd)|s(?:ecret|alt)|token|credentials?|key"
_B64 = _ALNUM + "+/"

SECRET_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "gcp-service-account-key",
        "GCP service-account JSON private_key / private_key_id values",
        _P(r'"private_key(?:_id)?"[ \t]{0,8}:[ \t]{0,8}"(?P<v>[^"]{16,16384})"'),
        keywords=('"private_key',),
        group=("v",),
        examples=(
            _ex('{"type": "service_account", "private_key_id": "{}"}', _tok(_HEX, 40)),
            _ex('"private_key": "-----BEGIN PRIVATE KEY-----\\n{}\\n-----END PRIVATE KEY-----\\n"', _tok(_B64, 64)),
        ),
        near_misses=('"private_key": ""', '"private_key_file": "sa.json"'),
    ),
    SecretRule(
        "pem-private-key",
        "PEM private key blocks (RSA, EC, DSA, OPENSSH, PKCS#8, encrypted), multi-line or one-line",
        _P(
            r"-----BEGIN (?P<k1>[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?)-----"
            r"(?:(?P<body>(?:(?!-----BEGIN )[\s\S]){1,100000}?)-----END (?P=k1)-----"
            r"|(?P<trunc>(?:(?:\\n|\r?\n|[ \t])[ \t]{0,8}"
            r"(?:(?:[A-Za-z0-9+/=]{1,512}|Proc-Type:[^\r\n]{1,80}|DEK-Info:[^\r\n]{1,120})[ \t]{0,8})?){1,4000}))"
        ),
        keywords=("private key",),
        group=("body", "trunc"),
        examples=(
            _ex("-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----", _tok(_B64, 64)),
            _ex("-----BEGIN OPENSSH PRIVATE KEY-----\n{}\nAAAA\n-----END OPENSSH PRIVATE KEY-----", _tok(_B64, 70)),
            _ex("-----BEGIN PRIVATE KEY----- {} -----END PRIVATE KEY-----", _tok(_B64, 48)),
            _ex("-----BEGIN ENCRYPTED PRIVATE KEY-----\n{}\n-----END ENCRYPTED PRIVATE KEY-----", _tok(_B64, 64)),
            _ex(
                "-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00FF\n\n{}\n"
                "-----END EC PRIVATE KEY-----",
                _tok(_B64, 64),
            ),
            _ex("-----BEGIN RSA PRIVATE KEY-----\n{}\n", _tok(_B64, 64)),
        ),
        near_misses=(
            "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----",
            "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl\n-----END CERTIFICATE-----",
        ),
    ),
    SecretRule(
        "aws-access-key-id",
        "AWS access key ids (AKIA/ASIA/ABIA/ACCA)",
        _P(r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
        examples=(_ex("aws_access_key_id = AKIA{}", _tok(_UP + "234567", 16)), _ex("id ASIA{}.", _tok(_UP, 16))),
        near_misses=("AKIA1234", "the ASIAN market"),
    ),
    SecretRule(
        "github-token",
        "GitHub tokens (ghp_ gho_ ghu_ ghs_ ghr_ github_pat_)",
        _P(r"(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})"),
        examples=(_ex("token ghp_{}", _tok(_ALNUM, 36)), _ex("GH=github_pat_{}", _tok(_ALNUM + "_", 60))),
        near_misses=("ghp_short", "see ghs_docs"),
    ),
    SecretRule(
        "gitlab-token",
        "GitLab tokens (glpat- and other gl*- prefixes)",
        _P(r"gl(?:pat|dt|rt|ptt|ft|imt|agent|oas|cbt|soat)-[A-Za-z0-9_\-]{20,255}"),
        examples=(_ex("CI_TOKEN glpat-{}", _tok(_ALNUM, 20)),),
        near_misses=("glpat-short",),
    ),
    SecretRule(
        "slack-token",
        "Slack tokens (xoxb-, xoxp-, xoxa-, xoxo-, xoxs-, xoxr-, xapp-)",
        _P(r"(?:xox[abposr]|xapp)-[A-Za-z0-9\-]{10,255}"),
        examples=(_ex("SLACK xoxb-{}", f"{_RNG.randint(10**11, 10**12)}-{_tok(_ALNUM, 24)}"),),
        near_misses=("xoxb-123",),
    ),
    SecretRule(
        "stripe-key",
        "Stripe secret, restricted and webhook keys (sk_live_, rk_live_, sk_test_, whsec_)",
        _P(r"(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9]{20,255})"),
        keywords=("sk_live_", "rk_live_", "sk_test_", "rk_test_", "whsec_"),
        examples=(_ex("stripe sk_live_{}", _tok(_ALNUM, 24)), _ex("rk_live_{}", _tok(_ALNUM, 24))),
        near_misses=("pk_live_0123456789abcdefgh", "sk_live_"),
    ),
    SecretRule(
        "google-api-key",
        "Google API keys (AIza...)",
        _P(r"AIza[0-9A-Za-z_\-]{35}"),
        examples=(_ex("key=AIza{}", _tok(_ALNUM, 35)),),
        near_misses=("AIzaShort",),
    ),
    SecretRule(
        "anthropic-key",
        "Anthropic API keys (sk-ant-)",
        _P(r"sk-ant-[A-Za-z0-9_\-]{20,255}"),
        examples=(_ex("ANTHROPIC sk-ant-api03-{}", _tok(_ALNUM, 40)),),
        near_misses=("sk-ant-short",),
    ),
    SecretRule(
        "openai-key",
        "OpenAI API keys (sk-, sk-proj-, sk-svcacct-, sk-admin-)",
        _P(r"sk-(?P<body>(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,255})"),
        refine=_refine_openai,
        validator="mixed letters and digits",
        examples=(_ex("OPENAI sk-{}", _tok(_ALNUM, 48)), _ex("sk-proj-{}", _tok(_ALNUM + "_-", 60))),
        near_misses=("pip install scikit-learn", "risk-assessment-framework-overview", "sk-abcdefghijklmnopqrstuvwx"),
    ),
    SecretRule(
        "groq-key",
        "Groq API keys (gsk_)",
        _P(r"gsk_[A-Za-z0-9]{20,255}"),
        examples=(_ex("GROQ gsk_{}", _tok(_ALNUM, 52)),),
        near_misses=("gsk_short",),
    ),
    SecretRule(
        "xai-key",
        "xAI API keys (xai-)",
        _P(r"xai-[A-Za-z0-9]{20,255}"),
        examples=(_ex("XAI xai-{}", _tok(_ALNUM, 60)),),
        near_misses=("xai-grok",),
    ),
    SecretRule(
        "npm-token",
        "npm access tokens (npm_)",
        _P(r"npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
        examples=(_ex("//registry.npmjs.org/:_authToken npm_{}", _tok(_ALNUM, 36)),),
        near_misses=("npm_install", "npm_config_cache"),
    ),
    SecretRule(
        "pypi-token",
        "PyPI API tokens (pypi-Ag...)",
        _P(r"pypi-Ag[A-Za-z0-9_\-]{50,1024}"),
        examples=(_ex("TWINE pypi-AgEIcHlwaS5vcmc{}", _tok(_ALNUM, 60)),),
        near_misses=("pypi-server", "pypi-AgShort"),
    ),
    SecretRule(
        "sendgrid-key",
        "SendGrid API keys (SG.xxx.yyy)",
        _P(r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}"),
        examples=(_ex("SENDGRID SG.{}", f"{_tok(_ALNUM, 22)}.{_tok(_ALNUM, 43)}"),),
        near_misses=("SG.foo.bar",),
    ),
    SecretRule(
        "twilio-key",
        "Twilio API key and account SIDs (SK/AC + 32 hex)",
        _P(r"(?:SK|AC)(?<![A-Za-z0-9]..)[0-9a-f]{32}(?![A-Za-z0-9])"),
        min_hex_run=32,
        examples=(_ex("TWILIO SK{}", _tok(_HEX, 32)),),
        near_misses=("ACME corp", "SK" + "0" * 31),
    ),
    SecretRule(
        "digitalocean-token",
        "DigitalOcean tokens (dop_v1_, doo_v1_, dor_v1_)",
        _P(r"do[opr]_v1_[a-f0-9]{64}"),
        min_hex_run=64,
        examples=(_ex("DO dop_v1_{}", _tok(_HEX, 64)),),
        near_misses=("dop_v1_short",),
    ),
    SecretRule(
        "huggingface-token",
        "Hugging Face tokens (hf_)",
        _P(r"hf_(?<![A-Za-z0-9_]...)[A-Za-z0-9]{30,64}(?![A-Za-z0-9])"),
        keywords=("hf_",),
        examples=(_ex("HF hf_{}", _tok(_ALNUM, 34)),),
        near_misses=("hf_hub_download",),
    ),
    SecretRule(
        "jwt",
        "JSON Web Tokens, bare or in headers",
        _P(r"eyJ[A-Za-z0-9_\-]{5,4096}\.eyJ[A-Za-z0-9_\-]{5,8192}\.[A-Za-z0-9_\-]{0,4096}"),
        examples=(_ex("jwt {}", f"eyJ{_tok(_ALNUM, 20)}.eyJ{_tok(_ALNUM, 40)}.{_tok(_ALNUM, 43)}"),),
        near_misses=("eyJhbGciOiJIUzI1NiJ9 alone",),
    ),
    SecretRule(
        "authorization-header",
        "Authorization: Bearer/Basic/Token values and bare Bearer tokens",
        _P(
            r"(?:(?P<hdr>authorization[\"']?[ \t]{0,4}[:=][ \t]{0,4}[\"']?(?:bearer|basic|token|digest|negotiate|apikey))"
            r"|bearer)[ \t]{1,8}(?P<v>[^\s\"',;]{4,4096})"
        ),
        keywords=("authorization", "bearer"),
        on_lower=True,
        refine=_refine_bearer,
        examples=(
            _ex("Authorization: Bearer {}", _tok(_ALNUM, 32)),
            _ex("-H 'Authorization: Basic {}'", _tok(_B64, 24)),
            _ex("curl -H Bearer {}", _tok(_ALNUM, 40)),
        ),
        near_misses=("the bearer of this letter", "Authorization: Bearer $TOKEN"),
    ),
    SecretRule(
        "url-credentials",
        "user:password in URLs of any scheme (postgres://, redis://:pass@, amqp://, mongodb+srv://)",
        _P(r"://(?P<v>[^\s/@:\"'<>]{0,256}:[^\s/@\"'<>]{1,256})@"),
        keywords=("://",),
        group=("v",),
        examples=(
            _ex("postgres://app:{}@db.internal:5432/app", _tok(_ALNUM, 16)),
            _ex("redis://:{}@cache:6379/0", _tok(_ALNUM, 12)),
            _ex("mongodb+srv://svc:{}@cluster0.example.net/db", _tok(_ALNUM, 14)),
            _ex("amqp://guest:{}@mq/", _tok(_ALNUM, 10)),
        ),
        near_misses=("https://example.com/a:b", "http://user@host/"),
    ),
    SecretRule(
        "azure-storage-key",
        "Azure storage AccountKey= / SharedAccessKey= values",
        _P(r"(?:accountkey|sharedaccesskey)=(?P<v>[a-z0-9+/=]{20,1024})"),
        keywords=("accountkey=", "sharedaccesskey="),
        on_lower=True,
        group=("v",),
        examples=(_ex("DefaultEndpointsProtocol=https;AccountName=x;AccountKey={};", _tok(_B64, 86) + "=="),),
        near_misses=("AccountKey=",),
    ),
    SecretRule(
        "azure-sas-signature",
        "Azure SAS token signatures (sig=)",
        _P(r"[?&;]sig=(?P<v>[A-Za-z0-9%+/=]{16,1024})"),
        keywords=("sig=",),
        group=("v",),
        examples=(_ex("https://x.blob.core.windows.net/c?sv=2021&sig={}", _tok(_ALNUM, 40) + "%3D"),),
        near_misses=("?sig=abc",),
    ),
    SecretRule(
        "assignment",
        "key = value where the key ends in password, passwd, pwd, secret, token, key, credential or salt "
        "(.env, INI, YAML, JSON, TOML, shell, code; AWS secret keys included)",
        _P(
            rf"(?P<suffix>{_KV_SUFFIX})(?P<q1>[\"']?\*{{0,2}})[ \t]{{0,8}}(?P<op>=>|:=|==|=|:)[ \t]{{0,8}}"
            r"(?:\"(?P<dq>[^\"\r\n]{1,1024})\"|'(?P<sq>[^'\r\n]{1,1024})'|`(?P<bq>[^`\r\n]{1,1024})`"
            r"|(?P<bare>[^\s\"'`,;]{1,1024}))"
        ),
        keywords=("pass", "pwd", "secret", "token", "key", "credential", "salt"),
        on_lower=True,
        refine=_refine_assignment,
        examples=(
            _ex("DB_PASSWORD={}", _tok(_ALNUM, 14)),
            _ex('export AWS_SECRET_ACCESS_KEY="{}"', _tok(_B64, 40)),
            _ex('{"password": "{}"}', _tok(_ALNUM, 12)),
            _ex("password: {}", _tok(_ALNUM, 10)),
            _ex('api_key = "{}"', _tok(_ALNUM, 32)),
            _ex("salt = {}", _tok(_ALNUM, 16)),
            _ex("  client_secret: {}", _tok(_ALNUM, 24)),
            _ex('apiKey: "{}"', _tok(_ALNUM, 20)),
            _ex("password=ab", "ab"),
            _ex("passwd={}", _tok(_ALNUM, 6)),
            _ex("db.password={}", _tok(_ALNUM, 9)),
            _ex('token := "{}"', _tok(_ALNUM, 18)),
            _ex("'password' => '{}'", _tok(_ALNUM, 11)),
            _ex("password: correct horse {}", "battery staple"),
            _ex("[db]\nPassword = {}\n", _tok(_ALNUM, 8)),
            _ex("SECRET_KEY = '{}'", _tok(_ALNUM, 50)),
            _ex("**Password**: {}", _tok(_ALNUM, 9)),
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
        ),
    ),
    SecretRule(
        "command-line-password",
        "passwords on command lines: --password X, --password=X, -pX (as in ps output)",
        _P(
            r"-(?<![\w-].)(?P<flag>-(?:password|passwd|pass|pwd|secret|token|api-key|apikey|auth-token|access-token"
            r"|client-secret)(?:=|[ \t]{1,4})|p)"
            r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'\-][^\s\"']{0,255})"
        ),
        refine=_refine_cli,
        examples=(
            _ex("mysql -uroot -p{} db", _tok(_ALNUM, 10)),
            _ex("psql --password {}", _tok(_ALNUM, 12)),
            _ex("tool --password={}", _tok(_ALNUM, 12)),
            _ex("app --token '{}'", _tok(_ALNUM, 20)),
        ),
        near_misses=("mkdir -p build", "docker run -p8080:80 img", "gcc -pthread x.c", "cmd --password-file f"),
    ),
    SecretRule(
        "hex-64",
        "bare hex strings of 64 or more characters (the vault-salt shape); 40-char git hashes stay",
        _P(r"[0-9a-fA-F]{64,}"),  # greedy to the end of the run, boundaries checked in refine
        min_hex_run=64,
        refine=_refine_hex,
        examples=(_ex("salt {}", _tok(_HEX, 64)), _ex("{}", _tok(_HEX, 128))),
        near_misses=("commit " + "0f3a9c" * 6 + "0f3a", "x" + "a" * 64),
    ),
)

RULES_BY_ID: dict[str, SecretRule] = {r.id: r for r in SECRET_RULES}


_HEX_TABLE = bytes(0x78 if chr(i) in "0123456789abcdefABCDEF" else 0x20 for i in range(256))


def _hex_shape(text: str) -> bytes:
    """``text`` as bytes with every hex character as ``x`` and everything else as a space."""
    return text.encode("utf-8", "surrogatepass").translate(_HEX_TABLE)


def find_secrets(text: str, low: str, rules: Iterable[SecretRule] = SECRET_RULES) -> list[Hit]:
    """All secret hits in ``text`` (``low`` is its length-preserving lower-case form)."""
    hits: list[Hit] = []
    shape: bytes | None = None
    for rule in rules:
        if rule.keywords and not any(k in low for k in rule.keywords):
            continue
        if rule.min_hex_run:
            if shape is None:
                shape = _hex_shape(text)
            if b"x" * rule.min_hex_run not in shape:
                continue
        src = low if rule.on_lower else text
        for m in rule.regex.finditer(src):
            span = rule.span(m, text)
            if span is not None:
                hits.append(Hit(span[0], span[1], rule.category, rule.id))
    return hits
