"""Long command-line flags named like a secret, their value the next argument (``--db-pass V``).

``command-line-password`` reads the plain names (``--password V``, ``--token V``); a tool's own
flags compound them (``--db-pass``, ``--admin-pw``, ``--smtp-passwd``, ``--private-key-pass``,
``--jwt-secret``). Those are judged by the key-name lexicon, the same as ``DB_PASS=V``, so a
flag is a secret's exactly when the same name would be as a key. A next argument is only the
flag's value when the flag takes one: names led by a switch word (``--no-password``,
``--skip-auth-token``, ``--ask-vault-pass``) are booleans, and a name ending in ``key`` is
often given a key *file* (``--ssl-key server.key``), so a path there is kept.
``--auth user:pass`` (a weak name) is a secret only when the value holds the pair. Two tools
whose secret flag needs more than its name: ``aws ssm put-parameter --value V`` is a secret only
for a ``SecureString``, and ``pulumi config set --secret KEY VALUE`` is a switch, then two arguments.

Imports: redaction.secret_keys, redaction.secret_kit, redaction.secret_refine, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_keys import key_parts, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value
from redacted_context_mcp.redaction.secret_values import names_a_secret

#: First name parts that make a flag a switch (its next argument is not its value).
_SWITCHES = frozenset("no skip ask prompt disable enable with without use allow require show print "
                      "generate gen random reset rotate check verify validate forget remember save store "
                      "list get read load clear delete remove".split())
#: Last parts that make the flag a switch or name where the secret comes from (``--password-stdin``).
_SWITCH_TAILS = frozenset("stdin stdout fd env interactive prompt auto less from cmd command helper program script "
                          "none off on".split())
#: Last parts that name a key file or key material given by path rather than inline.
_FILE_PARTS = frozenset(("key", "keys", "cert", "private", "pem", "ca"))
#: The plain names ``command-line-password`` reads.
_PLAIN = frozenset("password passwd pass pwd secret token apikey".split())
#: Weak names whose value is a ``user:password`` pair.
_PAIR_NAMES = frozenset(("auth", "basicauth", "httpauth", "proxyauth", "cred", "creds", "credentials",
                         "userpass", "userpwd", "login"))
_PIN = re.compile(r"[0-9]{4,12}")
_FILE_EXT = re.compile(r"\.(?:key|pem|crt|cer|der|p12|pfx|jks|json|txt|ya?ml|asc|gpg|pub|ppk|env|conf|cfg|ini)$",
                       re.I)

_FLAG = P(
    r"--(?<![\w-]--)(?P<k>[A-Za-z][A-Za-z0-9]{0,30}(?:[-_.][A-Za-z0-9]{1,30}){0,5})[ \t]{1,4}"
    r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'\-][^\s\"']{0,255})"
)


#: apksigner's and openssl's ``env:NAME`` and ``file:PATH``: where the password is read from, not the password.
_SOURCE = re.compile(r"env:[A-Za-z_][A-Za-z0-9_]{0,80}|file:[\w./~\\:-]{1,256}")


def _path(value: str) -> bool:
    return (value.startswith(("/", "~", "./", "../", "\\")) or value[1:3] in (":\\", ":/")
            or "/" in value and "." in value.rsplit("/", 1)[-1] or _FILE_EXT.search(value) is not None)


def _refine_flag(m: re.Match[str], text: str) -> tuple[int, int] | None:
    name = m.group("k")
    parts = key_parts(name)
    if not parts or parts[0] in _SWITCHES or parts[-1] in _SWITCH_TAILS:
        return None
    if len(parts) == 1 and parts[0] in _PLAIN:
        return None  # command-line-password reads these (and its refinement knows their tools)
    s, e = m.span("v")
    while e > s + 1 and text[e - 1] == "`" and text[s] != "`":
        e -= 1  # the closing backtick of inline code in docs
    if text[s] in "\"'":
        s, e = s + 1, e - 1
    value = text[s:e]
    score = key_score(name)
    if parts == ["pin"] and _PIN.fullmatch(value):
        return s, e  # ``--pin 24880789`` (ykman, smart-card tools); ``--pin 17`` is a GPIO line (round 12)
    if score < 2:
        joined = "".join(parts)
        colon = value.find(":")
        if joined in _PAIR_NAMES and 0 < colon < len(value) - 1 and not value[colon + 1:].isdigit() \
                and "//" not in value:
            return vet_value(text, s + colon + 1, e, 2, quoted=False)
        return None
    if _path(value) and (parts[-1] in _FILE_PARTS or value.startswith(("/", "~", "./", "../"))):
        return None
    if value.lower() in ("true", "false", "yes", "no", "none", "null", "stdin", "-") or _SOURCE.fullmatch(value):
        return None
    return vet_value(text, s, e, 2, quoted=False)


#: One-dash names (PowerShell parameters, Java tools) that take an object or a name, not the secret itself.
_DASH_OBJECTS = frozenset(("credential", "credentials", "creds", "cred"))
#: The leads of a PowerShell or shell value that is computed, not written: $(...), @(...), (Get-Secret ...).
_COMPUTED = ("$", "(", "@(", "@{", "[", "{", "%", "@keychain:", "@env:")
_DASH_FLAG = P(
    r"-(?<![\w\-/.:=].)(?P<k>[A-Za-z][A-Za-z0-9]{1,40}(?:-[A-Za-z0-9]{1,20}){0,3})[ \t]{1,4}"
    r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'\-][^\s\"']{0,255})"
)


def _refine_dash(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """``-Password V``, ``-ClientSecret V``, ``-storepass V``: a one-dash name the lexicon reads as a secret's."""
    name = m.group("k")
    parts = key_parts(name)
    if not parts or parts[0] in _SWITCHES or parts[-1] in _SWITCH_TAILS or parts[-1] in _DASH_OBJECTS:
        return None
    if key_score(name) < 2:
        return None
    s, e = m.span("v")
    if text[s] in "\"'":
        s, e = s + 1, e - 1
    value = text[s:e]
    if value.startswith(_COMPUTED) or value.lower() in ("true", "false", "$true", "$false", "null", "-") \
            or _SOURCE.fullmatch(value):
        return None
    if parts == ["secret"] and names_a_secret(text, m.start(), value):
        return None
    if _path(value) and (parts[-1] in _FILE_PARTS or value.startswith(("/", "~", "./", "../"))):
        return None
    return vet_value(text, s, e, 2, quoted=False)


def _refine_ssm(m: re.Match[str], text: str) -> tuple[int, int] | None:
    eol = text.find("\n", m.end())
    line = text[text.rfind("\n", 0, m.start()) + 1:len(text) if eol < 0 else eol]
    if "securestring" not in line.lower():
        return None  # a String parameter is configuration
    s, e = m.span("v")
    if text[s] in "\"'":
        s, e = s + 1, e - 1
    return vet_value(text, s, e, 2, quoted=False)


def _refine_pulumi(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    if text[s] in "\"'":
        s, e = s + 1, e - 1
    return vet_value(text, s, e, 2, quoted=False)


_ARG = r"(?P<v>\"[^\"\r\n]{1,256}\"|'[^'\r\n]{1,256}'|[^\s\"'\-][^\s\"']{0,255})"

FLAG_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "command-line-flag",
        "the value after a long flag the key-name lexicon reads as a secret's (--db-pass V, --admin-pw V,"
        " --jwt-secret V, --auth user:V)",
        _FLAG,
        keywords=("--",),
        refine=_refine_flag,
        examples=(
            ex("python app.py --db-pass {}", tok(ALNUM, 12)),
            ex("./run --admin-pw {} --verbose", tok(ALNUM, 10)),
            ex("node server.js --jwt-secret '{}'", tok(ALNUM, 24)),
            ex("./sync --smtp-passwd {}", tok(ALNUM, 12)),
            ex("./run --auth ops:{}", tok(ALNUM, 12)),
        ),
        near_misses=("./run --no-password host1", "nginx --ssl-key /etc/ssl/site.key", "app --tls-key server.key",
                     "tool --api-key $API_KEY", "tool --key-file keys.txt", "app --token-ttl 3600",
                     "ansible-playbook --ask-vault-pass site.yml", "./run --auth basic", "app --cookie-jar jar.txt",
                     "app --db-pass=${DB_PASS}", "srv --auth host:8080"),
    ),
    SecretRule(
        "command-line-dash-flag",
        "the value after a one-dash parameter the key-name lexicon reads as a secret's (PowerShell -Password V,"
        " -ClientSecret V, -ApiKey V; keytool-style -storepass V); computed values ($(...), (Get-Secret ...)) stay",
        _DASH_FLAG,
        keywords=("pass", "secret", "token", "key", "pw"),
        chars="-",
        refine=_refine_dash,
        examples=(
            ex("Invoke-Sqlcmd -ServerInstance sql01 -Username sa -Password {} -Query q", tok(ALNUM, 12)),
            ex("Connect-MgGraph -ClientId $id -ClientSecret \"{}\"", tok(ALNUM, 20)),
            ex("deploy.ps1 -ApiKey {} -Environment prod", tok(ALNUM, 16)),
            ex("tool -storepass {} -alias app", tok(ALNUM, 12)),
        ),
        near_misses=("Invoke-Sqlcmd -Username sa -Password $env:SQL_PASSWORD",
                     "Enter-PSSession -Credential corp\\admin",
                     "Set-Secret -Name Db -Secret $(Get-Content pw.txt)", "app -password-file C:\\pw.txt",
                     "Connect-AzAccount -ServicePrincipal -Credential (Get-Credential)", "deploy.ps1 -ApiKey $ApiKey"),
    ),
    SecretRule(
        "ssm-secure-string",
        "the --value of an AWS SSM parameter put as a SecureString",
        P(r"ssm[ \t]{1,4}put-parameter[^\r\n]{0,400}?[ \t]--value(?:=|[ \t]{1,4})" + _ARG),
        keywords=("put-parameter",),
        on_lower=True,
        refine=_refine_ssm,
        examples=(ex("aws ssm put-parameter --name /db/pw --value {} --type SecureString", tok(ALNUM, 12)),
                  ex("aws ssm put-parameter --type SecureString --name x --value '{}'", tok(ALNUM, 16))),
        near_misses=("aws ssm put-parameter --name /app/size --value t3.micro --type String",),
    ),
    SecretRule(
        "pulumi-config-secret",
        "the value of pulumi config set --secret KEY VALUE",
        P(r"pulumi[ \t]{1,4}config[ \t]{1,4}set[ \t]{1,4}(?:--[a-z-]{1,20}[ \t]{1,4}){0,3}?--secret[ \t]{1,4}"
          r"(?:--[a-z-]{1,20}[ \t]{1,4}){0,3}[^\s\-][^\s]{0,127}[ \t]{1,4}" + _ARG),
        keywords=("pulumi",),
        on_lower=True,
        refine=_refine_pulumi,
        examples=(ex("pulumi config set --secret dbPassword {}", tok(ALNUM, 12)),),
        near_misses=("pulumi config set region eu-west-1", "pulumi config get dbPassword"),
    ),
)
