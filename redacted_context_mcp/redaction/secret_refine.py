"""Value checks of the secret rules: turn a regex candidate into the secret's span, or reject it.

Each ``refine_*`` takes the match and the text and returns ``(start, end)`` of
the secret or None (a placeholder value, a code reference, prose). Kept apart
from the rule table so the table stays data.

Imports: redaction.validators, redaction.wordlists.
"""

from __future__ import annotations

import re
import string

from redacted_context_mcp.redaction.validators import mixed_token
from redacted_context_mcp.redaction.wordlists import BUILTIN_ALLOW


def strip_span(text: str, s: int, e: int) -> tuple[int, int] | None:
    """``[s, e)`` without edge spaces, tabs and line breaks; None when nothing is left."""
    while s < e and text[s] in " \t\r\n":
        s += 1
    while e > s and text[e - 1] in " \t\r\n":
        e -= 1
    return (s, e) if e > s else None


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


def refine_assignment(m: re.Match[str], text: str) -> tuple[int, int] | None:
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
            return strip_span(text, s, e)
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
    return strip_span(text, s, e)


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


def refine_cli(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    value = text[s:e].strip("\"'")
    if not value or value.startswith("$"):
        return None
    if m.group("flag") == "p":
        if value[0].isdigit() and all(c.isdigit() or c in ":./-" for c in value):
            return None  # port mappings such as -p8080:80
        if value.lower() in ("thread", "threads", "ipe", "ython"):
            return None
    return strip_span(text, s, e)


def refine_openai(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span()
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] in "_-"):
        return None
    body = m.group("body")
    if not mixed_token(body) or body.startswith("ant-"):
        return None
    return (s, e)


def refine_hex(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span()
    if s > 0 and (text[s - 1].isalnum() or text[s - 1] == "_"):
        return None
    if e < len(text) and (text[e].isalnum() or text[e] == "_"):
        return None
    return (s, e)


def refine_bearer(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    value = text[s:e]
    if value.startswith(("$", "{", "<")) or value.lower() in _SKIP_VALUES:
        return None
    if m.group("hdr") is None and not mixed_token(value):
        return None
    return (s, e)
