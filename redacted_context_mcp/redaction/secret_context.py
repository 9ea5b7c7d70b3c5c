"""Context rules: a secret recognised by what surrounds it (a key name, a flag, a header, a URL).

The grammar is data spread over small modules: secret_keys (the scored key-name
lexicon, header and query-parameter names), secret_values (reference and
template rule), secret_assign (key = value in every syntax), secret_credfiles
(credential-file line grammars, pairs written apart), secret_cli (tools and the
argument that is the secret) and secret_dumps (SQL dumps, sensitive JSON, HCL
variables, tables, prose). ``CONTEXT_RULES`` are one-regex rows run by the
shared prefilter; ``find_context`` runs the grammars that are not one regex,
each behind a cheap substring gate.

Imports: redaction.secret_assign, redaction.secret_cli, redaction.secret_credfiles, redaction.secret_dumps,
redaction.secret_exports,
redaction.secret_kit, redaction.secret_refine, redaction.secret_rules (lazily), redaction.spans,
redaction.textview.
"""

from __future__ import annotations

from bisect import bisect_right

from redacted_context_mcp.redaction.secret_assign import ASSIGNMENT_RULES
from redacted_context_mcp.redaction.secret_cli import find_cli
from redacted_context_mcp.redaction.secret_code import CODE_RULES
from redacted_context_mcp.redaction.secret_credfiles import CREDFILE_RULES
from redacted_context_mcp.redaction.secret_dumps import (
    find_hcl_defaults,
    find_prose,
    find_sensitive,
    find_sql_dump,
    find_table_cells,
)
from redacted_context_mcp.redaction.secret_exports import EXPORT_RULES
from redacted_context_mcp.redaction.secret_kit import ALNUM, B64, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import refine_bearer, refine_cli, vet_value
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words, letter_words

_KV_SUFFIX = r"p(?:ass(?:phrase|word|wd)|wd)|s(?:ecret|alt)|token|credentials?|key"

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
        "xml-element",
        "XML elements whose name ends in password, passwd, pwd, secret, token, key, credential or salt",
        P(
            rf"<(?P<tag>[a-z0-9_.:-]{{0,64}}(?:{_KV_SUFFIX}))(?:[ \t][^<>\r\n]{{0,200}})?>"
            r"[ \t]{0,8}(?P<v>[^<\s][^<\r\n]{0,1023}?)[ \t]{0,8}</"
        ),
        keywords=("key", "pass", "token", "secret", "pwd", "salt", "credential"),
        chars="<",
        on_lower=True,
        # a bare <key> names a field (plists, KeePass): its text is a secret only when it looks generated
        refine=lambda m, text: vet_value(text, *m.span("v"), 1 if m.group("tag") == "key" else 2, quoted=False),
        examples=(
            ex("<password>{}</password>", tok(ALNUM, 12)),
            ex('<add key="db" /><ClientSecret>{}</ClientSecret>', tok(ALNUM, 20)),
            ex("<api_key type=\"string\">{}</api_key>", tok(ALNUM, 24)),
        ),
        near_misses=("<password></password>", "<keyboard>us</keyboard>", "<token/>", "<key>CFBundleName</key>",
                     "<password>${env.NEXUS_PASSWORD}</password>"),
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
        # read backwards: "-p" (also --pass..., --pwd) or "--" before s, a, t or c (--secret, --api-key,
        # --token, --client-secret...), the dashes after no word character or dash (as the row's
        # lookbehind asks: "re-prioritise", "e-privacy" and a PEM armour's "-----BEGIN" hold none)
        confirm=P(r"-(?:(?<=p-)-?|(?<=[satc]-)-)(?![\w-])"),
        examples=(
            ex("mysql -uroot -p{} db", tok(ALNUM, 10)),
            ex("psql --password {}", tok(ALNUM, 12)),
            ex("tool --password={}", tok(ALNUM, 12)),
            ex("app --token '{}'", tok(ALNUM, 20)),
        ),
        near_misses=("mkdir -p build", "docker run -p8080:80 img", "gcc -pthread x.c", "cmd --password-file f"),
    ),
)


CONTEXT_RULES = CONTEXT_RULES[:4] + ASSIGNMENT_RULES + CONTEXT_RULES[4:] + CREDFILE_RULES + EXPORT_RULES + CODE_RULES

def find_context(text: str, low: str, words: Words | None = None) -> list[Hit]:
    """Context hits that are not one regex per row: command-line tables, SQL dumps, sensitive JSON, prose.

    ``words`` is ``textview.letter_words(low)`` when the caller has it: an a-z word is in its
    ``joined`` string exactly when it is in ``low``, at a quarter of the cost of the test."""
    w = words if words is not None else letter_words(low)
    joined = w.joined
    out = find_cli(text, low, joined, w.set)
    # in an ASCII text a word framed by non-letters (``create table``'s ``table``, ``insert into``'s
    # ``into``, ``"sensitive"``) is a whole letter run: one set lookup instead of a substring scan
    runs = w.set if low.isascii() else None
    if (("table" in runs and "into" in runs) if runs is not None else "table" in joined) and (
            "create" in joined and "insert" in joined):
        find_sql_dump(text, low, out)
    if ("sensitive" in runs if runs is not None else "sensitive" in joined) and "\"sensitive\"" in low:
        find_sensitive(text, low, out)
    find_prose(text, low, out, joined, w.set)
    if '"' in low and "variable" in joined and 'variable "' in low:
        find_hcl_defaults(text, low, out)
    if "|" in text and ("key" in joined or "pass" in joined or "token" in joined or "secret" in joined
                        or "cred" in joined):
        find_table_cells(text, out)
    if "\\" in text and "\\/" in text:
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
