"""Is a value found after a secret's name a real secret, a reference to one, or a template?

The rule (the same for every context grammar, in both modes):

- **Reference**: a value is a reference (kept) only when it has a reference's
  *syntax*: ``${X}``, ``$X``, ``$(x)``, ``%(x)s``, ``%X%``, ``{{ x }}``,
  ``<x>``, ``#{x}``, ``@x@``, a backquoted command (`` `pass show x` ``), a one-letter macro (``%p``),
  Hiera's ``%{lookup('x')}``, a file or key-store path (``@password.txt``,
  ``./tls.key``, ``/prod/db/password``, ``secret/data/app:pass``), a call or index (``get_token()``,
  ``os.environ['X']``, ``process.env.X``), an attribute chain without digits
  (``self.password``, ``settings.SECRET_KEY``), a YAML tag/alias (``!vault``,
  ``*ref``), or, in code written with spaces around ``=``, a snake/camel
  identifier that is itself named like a secret (``token = access_token``).
  A word that merely *contains* ``pass``/``key``/``token`` is NOT a reference:
  ``DB_PASSWORD=Password123`` and ``password: donkeykong`` are secrets.
- **Template**: kept readable when the value is empty, a type or literal
  (``str``, ``None``, ``true``), a mask made only of ``* x X . • # -``, an
  angle/bracket placeholder (``<your-token>``, ``[REDACTED]``), a
  ``your_…``/``my-…-here`` phrase, or one of a few fixed template words
  (``changeme``, ``replace_me``, ``placeholder``, ``example``, ``redacted``...).
- Everything else is a secret, however short or dictionary-like.

Imports: redaction.secret_nonvalues, redaction.validators.
"""

from __future__ import annotations

import base64
import binascii
import re

from redacted_context_mcp.redaction.secret_nonvalues import is_note
from redacted_context_mcp.redaction.validators import mixed_token
from redacted_context_mcp.redaction.words_code import POWERSHELL_VERBS

LITERALS: frozenset[str] = frozenset(
    "none null nil true false undefined yes no on off lambda function self this cls new await async str int "
    "bytes bool boolean float string optional any dict list object required secret password token key "
    "redacted hidden masked omitted removed sensitive unset empty default todo tbd n/a na fixme "
    "changeme change_me change-me changeit replaceme replace_me replace-me placeholder example sample "
    "dummy test xxx foo bar baz secretstr securestring char varchar text uuid "
    "reg_sz reg_expand_sz reg_multi_sz reg_binary reg_dword reg_qword reg_none".split()  # registry types
)
_MASK_CHARS = "*xX.•#-_ "
_REFERENCE = re.compile(
    r"\$\{\{[^}\n]{1,200}\}\}|\$\{[^}\n]{1,200}\}|\$\([^)\n]{1,200}\)|\$[A-Za-z_][A-Za-z0-9_]{0,100}|%\([A-Za-z0-9_.]{1,100}\)[sdr]"
    r"|%[A-Za-z_][A-Za-z0-9_.]{0,100}%|credentialsJSON:[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|\{\{[^}\n]{1,200}\}\}|\{%[^%\n]{1,200}%\}|<[^<>\n]{1,100}>|#\{[^}\n]{1,200}\}"
    r"|@[A-Za-z_][A-Za-z0-9_.]{0,100}@|\[\[[^\]\n]{1,200}\]\]|\{[A-Za-z_][A-Za-z0-9_.]{0,100}\}"
    r"|%\{[^}\n]{1,200}\}"  # Hiera and Puppet interpolation: %{hiera('x')}, %{lookup('x')}, %{::fqdn}
    r"|%env\([\w:.-]{1,200}\)%"  # Symfony env processors: %env(APP_SECRET)%, %env(resolve:DATABASE_URL)%
    # round 10: Grafana's $__file{/run/secrets/x} / $__env{X}, a Dhall env import env:DB_PASSWORD
    r"|\$__(?:file|env|vault)\{[^}\n]{1,200}\}|env:[A-Za-z_][A-Za-z0-9_]{0,100}"
    # round 14: a JetBrains path or environment macro ($PROJECT_DIR$, $API_TOKEN$): upper case only, so a
    # password such as $Summer$ is no reference
    r"|\$[A-Z_][A-Z0-9_]{1,100}\$"
)
_NAMED_STORE = re.compile(r"@(?:keychain|env):[A-Za-z_][A-Za-z0-9_.-]{0,100}")
#: Round 7: a Home Assistant / ESPHome / Zigbee2MQTT tag even when quoted (``'!secret mqtt_password'``), a
#: ``file:PATH`` value (``tailscale up --auth-key=file:/etc/ts/key``) and OpenWrt rpcd's ``$p$USER`` (the
#: password of a system account, read from the shadow file).
_HOME_REF = re.compile(r"!(?:secret|env_var|include|input)[ \t]{1,8}[\w./-]{1,100}|file:(?:\.{0,2}|~)/[\w./-]{1,400}"
                       r"|\$p\$[a-z_][a-z0-9_-]{0,31}")
_CMDLET = re.compile(r"[A-Z][a-z]{1,12}(?:[A-Z][a-z]{1,12})?-[A-Z][A-Za-z0-9]{1,60}")
_BRACED_REF = re.compile(
    r"\$\{\{[^}\n]{1,200}\}\}|\$\{[^}\n]{1,200}\}|\{\{[^}\n]{1,200}\}\}|%\([A-Za-z0-9_.]{1,100}\)[sdr]"
    r"|\{[A-Za-z_][\w.()\[\]]{0,100}\}"  # f-string / format placeholders: f"{token}"
    r"|%\{[^}\n]{1,200}\}|%env\([\w:.-]{1,200}\)%|\$__(?:file|env|vault)\{[^}\n]{1,200}\}"
)
#: A file or key-store path where the secret is kept (``@password.txt``, ``./tls.key``, ``/prod/db/password``,
#: ``secret/data/app:pass``): lower-case path segments, not a password with a slash in it.
_STORE_PATH = re.compile(
    r"@(?:\.{0,2}/|~/)?[\w.-]{1,100}(?:/[\w.-]{1,100}){0,12}"
    r"\.(?:txt|json|ya?ml|pem|key|crt|cer|env|conf|cfg|ini|toml|xml|csv|der|p12|pfx|jks|pub|asc|gpg|b64|bin|secret)"
    r"|@(?:\.{0,2}|~)/[\w./-]{1,400}"
    r"|(?:\.{1,2}|~)/[\w.-]{1,100}(?:/[\w.-]{1,100}){0,12}"
    r"|/[a-z0-9_.-]{1,100}(?:/[a-z0-9_.-]{1,100}){1,12}"
    r"|[a-z][a-z0-9_-]{0,40}(?:/[a-z0-9_.-]{1,100}){2,12}(?::[a-z0-9_.-]{1,60})?"
)
#: A lookup table named by its type and path (Postfix ``hash:/etc/postfix/sasl_passwd``, ``proxy:mysql:/etc/x.cf``).
_LOOKUP_TABLE = re.compile(r"(?:proxy:)?[a-z]{2,10}:/[\w.-]{1,100}(?:/[\w.-]{1,100}){0,12}")
_TEMPLATE_PHRASE = re.compile(
    r"(?:your|insert|enter|put|replace|paste)[ _.-][a-z0-9 _.-]{2,60}"
    r"|[a-z0-9 _.-]{0,60}[_ .-](?:here|goes[_ -]here)|\[[^\]\n]{1,60}\]|\.{3,}|…",
    re.IGNORECASE,
)
#: What tools print instead of a value: ``*SENSITIVE*DATA*DELETED*`` (sysprep), ``18 bytes`` (kubectl describe).
_SHOWN_AS = re.compile(r"\*[A-Z][A-Z_*]{2,60}\*|\d{1,9}[ \t]bytes|dword:[0-9a-fA-F]{8}"  # a .reg number
                       r"|\d{1,6}(?:\.\d{1,4})?(?:px|em|rem|vh|vw|pt|ms|deg)")  # CSS lengths (``--token-radius: 6px``)
_CODE_START = ("process.env", "os.environ", "os.getenv", "env(", "env.", "getenv", "system.getenv", "environment.")
_ATTR_CHAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,80}(?:(?:\.|::|->)[A-Za-z_][A-Za-z0-9_]{0,80}){1,8}")
#: One part of an attribute chain written as code names it: snake, SCREAMING_SNAKE, camelCase or
#: PascalCase (words of two or more letters, an acronym only at the end).
_IDENT_PART = re.compile(r"_{0,2}(?:[a-z][a-z0-9_]{0,80}|[A-Z][A-Z0-9_]{0,80}"
                         r"|[a-z][a-z0-9]{0,40}(?:[A-Z][a-z0-9]{1,40}){1,12}[A-Z]{0,6}|(?:[A-Z][a-z0-9]{1,40}){1,12}[A-Z]{0,6}|[a-z][a-z0-9]{0,40}[A-Z]{1,6})")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,120}")
#: Splunk's ``$7$`` lead of an encrypted setting (``sslPassword = $7$…``): a stored secret, not a variable. The
#: crypt(3) hashes (``$6$salt$hash``) stay with the hash rows, which keep their ``$6$`` readable.
_CRYPT_LEAD = re.compile(r"\$7\$[./A-Za-z0-9+=]{16}")
_DIGIT = re.compile(r"[0-9]")
_CAST = re.compile(r"[^\n]{1,200} as [A-Z][A-Za-z0-9_.]{0,60}[?!]{0,2}")
_SECRETISH = re.compile(r"pass|pwd|secret|token|key|cred|salt|auth")
_B64 = re.compile(r"[A-Za-z0-9+/]{8,4096}")
_YAML_TAG = re.compile(r"![A-Za-z][\w!-]{0,40}(?:\s|$)|[*&][A-Za-z_][\w-]{0,60}$")


def _symbol_mix(w: str) -> bool:
    """Both letter cases and two symbols (``pXc=Kwk:hz#Xb``): a password around a brace, not a format string."""
    return (any(c.isupper() for c in w) and any(c.islower() for c in w)
            and sum(1 for c in w if not c.isalnum()) >= 2)


def has_alnum(value: str) -> bool:
    """Whether ``value`` holds a letter or a digit (one C-level test for a value made of them only)."""
    return value.isalnum() or any(c.isalnum() for c in value)


#: A vendor key's prefix then a mask, as documentation shows a key (round 8): ``sk-...``, ``hf_xxxxxxxx``,
#: ``gsk_...``, ``r8_******``, ``sk-ant-api03-...``, ``tvly-XXXX``.
_PREFIX_MASK = re.compile(r"[a-z][a-z0-9]{0,10}(?:[-_][a-z0-9]{1,10}){0,3}[-_](?:[.*•]{3,64}|[xX]{4,64}|…)")
_KEYED = re.compile(r"[a-z][a-z0-9_-]{1,24}=[^=\s]{1,200}")
_SEMVER_RANGE = re.compile(r"(?:[\^~]|[<>]=?|==?)[ \t]{0,2}v?\d{1,6}(?:\.(?:\d{1,6}|[x*])){0,3}(?:-[0-9a-z.]{1,32})?")


def is_template(value: str) -> bool:
    """An empty, masked, type-like or obviously placeholder value (kept readable)."""
    v = value.strip().strip("\"'`")
    if not v:
        return True
    low = v.lower()
    if low in LITERALS or not v.strip(_MASK_CHARS) or _SHOWN_AS.fullmatch(v):  # a mask: nothing but its characters
        return True
    if low.rstrip("0123456789") in ("xxx", "changeme", "example", "placeholder", "test", "dummy", "sample"):
        return True
    if v[0] in "_#@" and _REPLACE_TOKEN.fullmatch(v) and not mixed_token(v.strip("_#{}@")):
        return True  # a pipeline's replace token: __DB_PASSWORD__, #{DbPassword}#, @@api.key@@
    if low.endswith(_CHANGE_ME) and not any(c.isdigit() for c in low):
        return True  # django-insecure-change-me, prod-secret-replace-me: the value says to replace it
    if v[-1] in ".*x•X…" and _PREFIX_MASK.fullmatch(v):
        return True  # a vendor prefix and a mask: how a doc shows a key it does not give
    if "=" in v and v[0].isalpha() and _KEYED.fullmatch(v) is not None:
        rest = v.partition("=")[2]
        if is_template(rest) or rest[0] in "<$" and _REFERENCE.fullmatch(rest) is not None:
            return True  # a provider-keyed template: ``aider --api-key anthropic=<key>``, ``openai=sk-...``
    if v[0] in "{$" and v[:2] in ("{{", "{%", "${") and not v.endswith("}"):
        return True  # a template cut at a quote inside it: "{{ vault "secret/app" "key" }}"
    if v[0] == "(" and v[-1] == ")" and v[1:-1].replace(" ", "").replace("-", "").isalpha():
        return True  # (hidden), (not set), (see vault)
    if v[0] in "^~<>=" and _SEMVER_RANGE.fullmatch(v):
        return True  # a dependency's version range ("jsonwebtoken": "^9.0.2"), not a secret
    if low[:1] in _FAKE_FIRST and _FAKE_VALUE.fullmatch(low) and _FAKE_WORD.search(low):
        return True  # a fixture's self-describing value (round 12): fake-api-key, dummy_token, not-a-real-password
    if is_note(v):
        return True  # a note where the value goes: "see below", "changed", a date, a ticket key (secret_nonvalues)
    if low[:4] == "your" and _YOUR_NAME.fullmatch(low) or "_" in v[:12] and _PREFIXED_MASK.fullmatch(v):
        return True  # Etherscan's YourApiKeyToken; sk_live_..., sk_test_xxxxxxxx, rzp_live_<key_secret>
    if ("-your" in v[2:9] or "_your" in v[2:9]) and _PREFIXED_YOUR.fullmatch(low):
        return True  # a provider's prefix, then where the key goes: xoxb-your-bot-token, sk-your-key-here (round 15)
    if v[-1] in ".…" and len(v) <= 16 and _PREFIX_STUB.fullmatch(v):
        return True  # a key's prefix cut by an ellipsis, as docs show it: AIzaSy..., AKIA… (round 15)
    # every template phrase holds a separator, a bracket, dots or an ellipsis: none in letters and digits only
    return not v.isalnum() and _TEMPLATE_PHRASE.fullmatch(v) is not None and not mixed_token(v)


#: Round 12: a test fixture's value that says it is fake, as the scanners' false-positive samples do: words only
#: (no digit, no case mix), one of them a fake-word, the others naming the credential (``fake-api-key``,
#: ``dummy_token``, ``mock client secret``, ``not-a-real-password``). A human password in words has no fake-word.
_FAKE_WORD = re.compile(r"(?<![a-z])(?:fake|dummy|mock|mocked|stub|bogus|not[ _.-]a[ _.-]real)(?![a-z])")
_FAKE_PART = (r"(?:fake|dummy|mock|mocked|stub|bogus|not|a|real|test|testing|example|sample|api|app|client|access"
              r"|refresh|private|public|session|signing|webhook|bearer|auth|user|db|key|keys|token|tokens|secret"
              r"|secrets|password|passwd|pass|pwd|pin|credential|credentials|value|id|for|only|the|my)")
_FAKE_VALUE = re.compile(rf"{_FAKE_PART}(?:[ _.-]{_FAKE_PART}){{1,7}}")
_FAKE_FIRST = frozenset("fdmsbnatepcrwuviko")

#: Tokens a deployment pipeline replaces (Azure DevOps, Octopus, Maven filtering): the value is a name in markers.
_REPLACE_TOKEN = re.compile(r"__[A-Za-z][A-Za-z0-9_]{0,60}__|#\{[A-Za-z][\w.-]{0,60}\}#|@@[A-Za-z][\w.-]{0,60}@@")
_CHANGE_ME = ("changeme", "change-me", "change_me", "replaceme", "replace-me", "replace_me")

#: ``Your`` and words that only name the value (a placeholder written in camel case: ``YourApiKeyToken``).
_YOUR_NAME = re.compile(r"your(?:[_-]?(?:api|key|token|secret|password|pass|here|access|private|project|id|app"
                        r"|client|auth)){1,5}")
#: A provider's key prefix then a mask or an ellipsis where the key goes (``sk_live_...``, ``whsec_xxxxxxxx``).
_PREFIXED_MASK = re.compile(r"[A-Za-z]{2,8}(?:_[A-Za-z0-9]{1,8}){0,2}_(?:\.{3}|…|[xX*]{4,}|<[^<>\n]{1,40}>)")


#: A provider's key prefix then a your-phrase in words (``xoxb-your-bot-token``, ``glpat-your_token_here``).
_PREFIX_STUB = re.compile(r"(?:[A-Z]{2,5}[a-z]{0,4}[A-Z]?[a-z]{0,4}|[A-Z]{4})(?:\.{3}|…)")
_PREFIXED_YOUR = re.compile(r"[a-z]{2,8}(?:[_-][a-z0-9]{1,4}){0,2}[_-]your[_-][a-z _-]{2,60}")


#: An absolute, home or relative path ending in a file name with a password-file extension.
_FILE_VALUE = re.compile(r"(?:~|\.{1,2})?(?:/[\w.@-]{1,64}){1,12}\.(?:txt|pw|pass|passwd|password|secret|key|json)")


def file_value(value: str) -> bool:
    """A flag value that is a password file's path (``geth --password /srv/eth/pw.txt``), not the password."""
    return value[:1] in ("/", "~", ".") and _FILE_VALUE.fullmatch(value) is not None


#: An AWS ARN's fixed head: partition, service, region, account (the resource part follows).
_ARN = re.compile(r"arn:aws(?:-[a-z]{2,10}){0,2}:[a-z0-9-]{1,40}:[a-z0-9-]{0,30}:(?:\d{12})?:[\w+=,.@/:-]")

#: An Android resource reference (``@string/maps_api_key``, ``@android:string/x``, ``@xml/network_config``).
_ANDROID_RESOURCE = re.compile(r"@(?:android:)?(?:string|integer|bool|xml|raw|array|color|dimen|drawable|mipmap)"
                               r"/[A-Za-z0-9_.]{1,100}")


def is_reference(value: str, *, quoted: bool, spaced: bool = False) -> bool:
    """A value written with a reference's syntax (see the module docstring)."""
    v = value.strip()
    # letters and digits only: no reference syntax (each has a symbol) but a code start or a named identifier
    plain = v.isalnum()
    if not plain and len(v) <= 202 and (v[:1] == "`" and v[-1:] == "`" and len(v) > 2 and "`" not in v[1:-1]
                                        and not v[1:8].startswith(("echo ", "printf "))
                                        or len(v) == 2 and v[0] == "%" and v[1].isalpha()):
        return True  # a command's output (muttrc `pass show x`), a server's macro (Roundcube and Dovecot %p, %u)
    if not plain and ":/" in v and _LOOKUP_TABLE.fullmatch(v):
        return True  # a Postfix lookup table where the secret is kept (hash:/etc/postfix/sasl_passwd)
    if not plain and v and (_REFERENCE.fullmatch(v) or v[0] in "@./~" and _STORE_PATH.fullmatch(v)
                            or "/" in v and v[0].islower() and _STORE_PATH.fullmatch(v)):
        return True
    if v[:1] in "!f$" and _HOME_REF.fullmatch(v):
        return True
    if v[:1] == "@" and v[1:9].lower() in ("keychain", "env:") and _NAMED_STORE.fullmatch(v):
        return True  # altool/notarytool's @keychain:NAME and @env:VAR
    if v[:4] == "arn:" and _ARN.match(v):
        return True  # an AWS resource name (arn:aws:kms:eu-west-1:123456789012:key/<id>): names the key (round 12)
    if v[:1] == "@" and _ANDROID_RESOURCE.fullmatch(v):
        return True  # an Android resource: android:value="@string/maps_api_key"
    if not quoted and "-" in v and _CMDLET.fullmatch(v) and v.split("-", 1)[0] in POWERSHELL_VERBS:
        return True  # $pw = Read-Host ...: a PowerShell cmdlet's output
    if quoted:
        if plain:
            return False
        if v.startswith(("${", "#{")) and "}" not in v:
            return True  # an interpolation cut by a quote inside it: "${file("secret.txt")}"
        rest = _BRACED_REF.sub(" ", v) if ("{" in v or "%(" in v or "%env(" in v) else v
        if rest != v and ("{" in rest or "}" in rest or "$" in rest) and _debris(v):
            return False  # braces left over: a password with template-like pieces (m{{h}o)p${e]nob(ody})
        return rest != v and not any(len(w) >= 8 and (mixed_token(w) or _symbol_mix(w)) for w in rest.split())
    low = v.lower()
    if low.startswith(_CODE_START) or (v.startswith(("%(", "{{", "{%")) and _opened_closed(v)) or (
            v[:1] == "$" and _CRYPT_LEAD.match(v) is None):
        return True
    if plain:
        pass
    elif " as " in v and _CAST.fullmatch(v) and is_reference(v.rsplit(" as ", 1)[0], quoted=quoted):
        return True  # a Kotlin/Groovy cast of a reference: keystoreProperties["storePassword"] as String
    elif v.endswith(("]", ")", "[", "(")) or v.startswith(("{", "[", "=", "|", ">")) or (
            "(" in v and _CALLED.match(v) and (")" in v or not _DIGIT.search(v, 0, v.index("(")))):
        return True
    elif _YAML_TAG.match(v) and not (v[0] == "*" and mixed_token(v) and any(c.isupper() for c in v)):
        return True  # a YAML tag or alias; ``*pUj9-Xq`` is a password that starts with a star
    elif v.startswith("@") and _IDENT.fullmatch(v[1:]) and not any(c.isdigit() for c in v):
        return True  # Ruby ivar, SQL variable
    elif _ATTR_CHAIN.fullmatch(v) and not any(c.isdigit() for c in v) and all(
            _IDENT_PART.fullmatch(p) for p in re.split(r"\.|::|->", v)) and not dotted_words(v):
        return True  # ``settings.SECRET_KEY``; ``wNOeV.gHXjplLH`` is a password with a dot
    if spaced and _IDENT.fullmatch(v) and _DIGIT.search(v) is None:  # an ASCII identifier without digits
        camel = any(a.islower() and b.isupper() for a, b in zip(v, v[1:]))
        return ("_" in v.strip("_") or camel) and _SECRETISH.search(low) is not None
    return False


#: Three or more plain lower-case words joined by dots (``walnut.harbor.amber``): a passphrase's shape.
_DOTTED_WORDS = re.compile(r"[a-z]{3,12}(?:\.[a-z]{3,12}){2,6}")
#: Words that make a dotted chain code or a config path rather than a passphrase (``self.db.password``,
#: ``config.mail.smtp``, ``request.form.data``); secret-ish parts (``…password``, ``…key``) too.
_CHAIN_WORDS = frozenset(
    "self this super cls config conf cfg settings setting env environ environment process app application "
    "request req response res params param props prop options opts option args kwargs ctx context data user "
    "users vault secrets form state store window document global globals module exports system sys values "
    "value spring server client database mail smtp http https auth admin item items input output result "
    "object obj properties property default defaults local remote prod production staging dev test com org "
    "net www api get set new old current main base root".split())


def dotted_words(v: str) -> bool:
    """A passphrase of plain words joined by dots (``walnut.harbor.amber``), not a chain of code names."""
    if _DOTTED_WORDS.fullmatch(v) is None or _SECRETISH.search(v):
        return False
    return not any(p in _CHAIN_WORDS for p in v.split("."))


#: A call up to its first bracket (``getpass(``, ``os.environ.get(``, ``$(``, ``fn!(``); the caller wants a ``)``
#: too or a callee without digits (a value may be cut at its ``)``; ``Tr0ub(4dor&3`` is a password).
_CALLED = re.compile(r"[\w.:>$!@-]{0,120}\(")


#: An innermost interpolation: ``${X}``, ``{{ x }}``, ``{x}``, ``%{x}`` with no brace inside.
_INNER_REF = re.compile(r"\$\{[^{}\n]{1,200}\}|\{\{[^{}\n]{1,200}\}\}|\{[A-Za-z_][\w.()\[\]]{0,100}\}"
                        r"|%\{[^{}\n]{1,200}\}")


def _debris(v: str) -> bool:
    """Braces or a dollar left once every interpolation is taken out, innermost first (``${A:-${B}}`` nests)."""
    for _ in range(4):
        r = _INNER_REF.sub(" ", v)
        if r == v:
            break
        v = r
    return "{" in v or "}" in v or "$" in v


def _opened_closed(v: str) -> bool:
    """A value that opens a template (``{{``, ``{%``, ``%(``) and closes it too (``}}``, ``%}``, ``)``)."""
    return ("}}" if v[1] == "{" else "%}" if v[1] == "%" else ")") in v[2:]


def looks_generated(value: str) -> bool:
    """A value that reads as machine-made (for names that are only weakly secret, like a bare ``key``)."""
    v = value.strip().strip("\"'")
    if len(v) < 8 or any(c.isspace() for c in v):
        return False
    if mixed_token(v):
        return True
    if v.endswith("=") and len(v) >= 12:
        return True
    if len(v) % 4 == 0 and _B64.fullmatch(v):
        try:
            raw = base64.b64decode(v, validate=True)
        except (binascii.Error, ValueError):
            return False
        return b":" in raw and all(32 <= b < 127 for b in raw)  # base64 of user:password
    humps = sum(1 for a, b in zip(v, v[1:]) if a.islower() and b.isupper())
    return len(v) >= 16 and humps * 4 >= len(v)


#: A BuildKit secret mount (``--secret id=npmrc,src=…``) and a secret's name (``my-secret``, ``db_password``).
_SECRET_SPEC = re.compile(r"(?:id|type|src|source|env|target|required|mode|uid|gid)=[^\s]{0,256}")
_SECRET_NAME = re.compile(r"[a-z][a-z0-9]{0,40}(?:[-_.][a-z0-9]{1,40}){0,8}")
#: Tools whose ``--secret`` names a stored secret (gcloud secrets …, gh secret, fly secrets, wrangler secret).
_NAMING_TOOLS = ("gcloud", "gh", "fly", "flyctl", "wrangler", "vercel", "doppler", "az", "kubectl", "oc")


def names_a_secret(text: str, pos: int, value: str) -> bool:
    """``--secret`` given a secret's id or name rather than its value."""
    if _SECRET_SPEC.fullmatch(value):
        return True
    line = text[text.rfind("\n", 0, pos) + 1:pos].lstrip(" \t$>#")
    tool = line.split(" ", 1)[0].rsplit("/", 1)[-1]
    if tool == "pulumi":
        return True  # pulumi config set --secret KEY VALUE: a switch; its own rows read the value
    return _SECRET_NAME.fullmatch(value) is not None and tool in _NAMING_TOOLS
