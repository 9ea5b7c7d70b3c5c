"""The secret rule table: data, not classes.

Each :class:`SecretRule` carries cheap prefilters (single characters of
which one must occur, checked first because a one-character scan costs almost
nothing; a gate shared by token rules whose prefixes end in the same
character; then lower-case keyword substrings checked against the lower-cased
text, empty when the regex itself starts with a distinctive literal, which the
regex engine scans for as fast), one regex compiled at
import, the group(s) holding the secret (context such as ``password=`` stays
visible), an optional ``refine`` check, and its own examples (built at import
from a seeded generator so the repository holds no scanner-tripping literals)
and near misses. Secrets are never gated by profile or mode.

Every regex is linear: bounded quantifiers, no nested unbounded repeats.

Imports: redaction.secret_refine, redaction.spans, redaction.validators.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from redacted_context_mcp.redaction.secret_refine import (
    refine_assignment,
    refine_bearer,
    refine_cli,
    refine_hex,
    refine_openai,
    strip_span,
)
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.validators import mixed_token

Refine = Callable[["re.Match[str]", str], "tuple[int, int] | None"]


@dataclass(frozen=True)
class SecretRule:
    """One secret detector row."""

    id: str
    description: str
    regex: re.Pattern[str]
    keywords: tuple[str, ...] = ()
    min_hex_run: int = 0  # prefilter: the text must hold this many hex characters in a row
    chars: str = ""  # prefilter: the text must hold at least one of these characters (a memchr scan)
    gate: str = ""  # prefilter shared by a group of token rules: a key of ``_GATES``
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
                return strip_span(text, s, e)
        return None


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
        chars="_",
        gate="underscore",
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
        chars="_",
        gate="underscore",
        examples=(_ex("token ghp_{}", _tok(_ALNUM, 36)), _ex("GH=github_pat_{}", _tok(_ALNUM + "_", 60))),
        near_misses=("ghp_short", "see ghs_docs"),
    ),
    SecretRule(
        "gitlab-token",
        "GitLab tokens (glpat- and other gl*- prefixes)",
        _P(r"gl(?:pat|dt|rt|ptt|ft|imt|agent|oas|cbt|soat)-[A-Za-z0-9_\-]{20,255}"),
        gate="dash",
        examples=(_ex("CI_TOKEN glpat-{}", _tok(_ALNUM, 20)),),
        near_misses=("glpat-short",),
    ),
    SecretRule(
        "slack-token",
        "Slack tokens (xoxb-, xoxp-, xoxa-, xoxo-, xoxs-, xoxr-, xapp-)",
        _P(r"(?:xox[abposr]|xapp)-[A-Za-z0-9\-]{10,255}"),
        gate="dash",
        examples=(_ex("SLACK xoxb-{}", f"{_RNG.randint(10**11, 10**12)}-{_tok(_ALNUM, 24)}"),),
        near_misses=("xoxb-123",),
    ),
    SecretRule(
        "stripe-key",
        "Stripe secret, restricted and webhook keys (sk_live_, rk_live_, sk_test_, whsec_)",
        _P(r"(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9]{20,255})"),
        keywords=("sk_live_", "rk_live_", "sk_test_", "rk_test_", "whsec_"),
        chars="_",
        gate="underscore",
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
        gate="dash",
        examples=(_ex("ANTHROPIC sk-ant-api03-{}", _tok(_ALNUM, 40)),),
        near_misses=("sk-ant-short",),
    ),
    SecretRule(
        "openai-key",
        "OpenAI API keys (sk-, sk-proj-, sk-svcacct-, sk-admin-)",
        _P(r"sk-(?P<body>(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,255})"),
        gate="dash",
        refine=refine_openai,
        validator="mixed letters and digits",
        examples=(_ex("OPENAI sk-{}", _tok(_ALNUM, 48)), _ex("sk-proj-{}", _tok(_ALNUM + "_-", 60))),
        near_misses=("pip install scikit-learn", "risk-assessment-framework-overview", "sk-abcdefghijklmnopqrstuvwx"),
    ),
    SecretRule(
        "groq-key",
        "Groq API keys (gsk_)",
        _P(r"gsk_[A-Za-z0-9]{20,255}"),
        chars="_",
        gate="underscore",
        examples=(_ex("GROQ gsk_{}", _tok(_ALNUM, 52)),),
        near_misses=("gsk_short",),
    ),
    SecretRule(
        "xai-key",
        "xAI API keys (xai-)",
        _P(r"xai-[A-Za-z0-9]{20,255}"),
        gate="dash",
        examples=(_ex("XAI xai-{}", _tok(_ALNUM, 60)),),
        near_misses=("xai-grok",),
    ),
    SecretRule(
        "npm-token",
        "npm access tokens (npm_)",
        _P(r"npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
        chars="_",
        gate="underscore",
        examples=(_ex("//registry.npmjs.org/:_authToken npm_{}", _tok(_ALNUM, 36)),),
        near_misses=("npm_install", "npm_config_cache"),
    ),
    SecretRule(
        "pypi-token",
        "PyPI API tokens (pypi-Ag...)",
        _P(r"pypi-Ag[A-Za-z0-9_\-]{50,1024}"),
        gate="dash",
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
        chars="_",
        gate="underscore",
        min_hex_run=64,
        examples=(_ex("DO dop_v1_{}", _tok(_HEX, 64)),),
        near_misses=("dop_v1_short",),
    ),
    SecretRule(
        "huggingface-token",
        "Hugging Face tokens (hf_)",
        _P(r"hf_(?<![A-Za-z0-9_]...)[A-Za-z0-9]{30,64}(?![A-Za-z0-9])"),
        keywords=("hf_",),
        chars="_",
        gate="underscore",
        examples=(_ex("HF hf_{}", _tok(_ALNUM, 34)),),
        near_misses=("hf_hub_download",),
    ),
    SecretRule(
        "jwt",
        "JSON Web Tokens, bare or in headers",
        _P(r"eyJ[A-Za-z0-9_\-]{5,4096}\.eyJ[A-Za-z0-9_\-]{5,8192}\.[A-Za-z0-9_\-]{0,4096}"),
        keywords=(".eyj",),
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
        refine=refine_bearer,
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
        chars="@",
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
        chars="=",
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
        chars="=",
        group=("v",),
        examples=(_ex("https://x.blob.core.windows.net/c?sv=2021&sig={}", _tok(_ALNUM, 40) + "%3D"),),
        near_misses=("?sig=abc",),
    ),
    SecretRule(
        "assignment",
        "key = value where the key ends in password, passwd, pwd, secret, token, key, credential or salt "
        "(.env, INI, YAML, JSON, TOML, shell, code; AWS secret keys included)",
        _P(
            rf"(?P<suffix>{_KV_SUFFIX})(?P<q1>[\"']?\]?\*{{0,2}})[ \t]{{0,8}}(?P<op>=>|:=|==|=|:)[ \t]{{0,8}}"
            r"(?:\"(?P<dq>[^\"\r\n]{1,1024})\"|'(?P<sq>[^'\r\n]{1,1024})'|`(?P<bq>[^`\r\n]{1,1024})`"
            r"|(?P<bare>[^\s\"'`,;]{1,1024}))"
        ),
        keywords=("key", "pass", "token", "secret", "pwd", "salt", "credential"),  # most frequent first
        chars="=:",
        on_lower=True,
        refine=refine_assignment,
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
            _ex("$config['secret_key'] => '{}';", _tok(_ALNUM, 14)),
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
        "xml-element",
        "XML elements whose name ends in password, passwd, pwd, secret, token, key, credential or salt",
        _P(
            rf"<(?P<tag>[a-z0-9_.:-]{{0,64}}(?:{_KV_SUFFIX}))(?:[ \t][^<>\r\n]{{0,200}})?>"
            r"[ \t]{0,8}(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</"
        ),
        keywords=("key", "pass", "token", "secret", "pwd", "salt", "credential"),
        chars="<",
        on_lower=True,
        group=("v",),
        examples=(
            _ex("<password>{}</password>", _tok(_ALNUM, 12)),
            _ex('<add key="db" /><ClientSecret>{}</ClientSecret>', _tok(_ALNUM, 20)),
            _ex("<api_key type=\"string\">{}</api_key>", _tok(_ALNUM, 24)),
        ),
        near_misses=("<password></password>", "<keyboard>us</keyboard>", "<token/>"),
    ),
    SecretRule(
        "login-password",
        "a password given with a space after -p on a login command line (docker login -u x -p VALUE)",
        # a bare port number after -p (ssh-style) is not a password
        _P(r"\blogin\b[^\n]{0,200}?[ \t]-p[ \t]{1,4}(?P<v>(?!\d{1,5}(?:\s|$))[^\s\"'\-][^\s\"']{0,255})"),
        keywords=("login",),
        group=("v",),
        examples=(
            _ex("docker login -u admin -p {} registry.example", _tok(_ALNUM, 14)),
            _ex("az acr login --name reg -u ci -p {}", _tok(_ALNUM, 16)),
        ),
        near_misses=("docker login -u admin --password-stdin", "ssh -p 2222 user@host", "rlogin host -p 513"),
    ),
    SecretRule(
        "command-line-password",
        "passwords on command lines: --password X, --password=X, -pX (as in ps output)",
        _P(
            r"-(?<![\w-].)(?P<flag>-(?:password|passwd|pass|pwd|secret|token|api-key|apikey|auth-token|access-token"
            r"|client-secret)(?:=|[ \t]{1,4})|p)"
            r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'\-][^\s\"']{0,255})"
        ),
        refine=refine_cli,
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
        refine=refine_hex,
        examples=(_ex("salt {}", _tok(_HEX, 64)), _ex("{}", _tok(_HEX, 128))),
        near_misses=("commit " + "0f3a9c" * 6 + "0f3a", "x" + "a" * 64),
    ),
)

RULES_BY_ID: dict[str, SecretRule] = {r.id: r for r in SECRET_RULES}

#: One scan for a group of token rules whose literal prefixes end in the same character: the
#: literal-led regex skips to that character and a lookbehind checks the prefixes. Each rule's
#: match holds one of its group's prefixes, so a text without any skips the whole group.
_GATES: dict[str, re.Pattern[str]] = {
    "dash": _P(
        r"-(?:(?<=sk-)|(?<=xai-)|(?<=pypi-)|(?<=xapp-)|(?<=xox[abposr]-)|(?<=glpat-)|(?<=gl[dr]t-)|(?<=glft-)"
        r"|(?<=glptt-)|(?<=glimt-)|(?<=glagent-)|(?<=gloas-)|(?<=glcbt-)|(?<=glsoat-))"
    ),
    "underscore": _P(
        r"_(?:(?<=gh[pousr]_)|(?<=github_pat_)|(?<=[sr]k_live_)|(?<=[sr]k_test_)|(?<=whsec_)|(?<=gsk_)"
        r"|(?<=npm_)|(?<=do[opr]_v1_)|(?<=hf_)|(?<=\"private_))"
    ),
}


_HEX_TABLE = bytes(0x78 if chr(i) in "0123456789abcdefABCDEF" else 0x20 for i in range(256))


def _hex_shape(text: str) -> bytes:
    """``text`` as bytes with every hex character as ``x`` and everything else as a space."""
    return text.encode("utf-8", "surrogatepass").translate(_HEX_TABLE)


def find_secrets(text: str, low: str, rules: Iterable[SecretRule] = SECRET_RULES) -> list[Hit]:
    """All secret hits in ``text`` (``low`` is its length-preserving lower-case form)."""
    hits: list[Hit] = []
    shape: bytes | None = None
    present: dict[str, bool] = {}
    for rule in rules:
        if rule.chars:
            for c in rule.chars:
                has = present.get(c)
                if has is None:
                    has = present[c] = c in text
                if has:
                    break
            else:
                continue
        if rule.gate:
            has = present.get(rule.gate)
            if has is None:
                has = present[rule.gate] = _GATES[rule.gate].search(text) is not None
            if not has:
                continue
        if rule.keywords:
            for k in rule.keywords:
                if k in low:
                    break
            else:
                continue
        if rule.min_hex_run:
            if shape is None:
                shape = _hex_shape(text)
            if b"x" * rule.min_hex_run not in shape:
                continue
        span = rule.span
        category, rid = rule.category, rule.id
        for m in rule.regex.finditer(low if rule.on_lower else text):
            sp = span(m, text)
            if sp is not None:
                hits.append(Hit(sp[0], sp[1], category, rid))
    return hits
