"""Protocol exchanges, service logs and debug pages: the password a running system wrote down.

Rows (one regex each, run by the shared prefilter of find_secrets), red-team round 5 of issue 9, for
what a consultant copies out of running systems:

- IMAP's tagged ``a1 LOGIN user password`` (a client trace, ``openssl s_client`` session or a server's
  rawlog); the tag holds a digit (``a1``, ``A001``) or is ``.``, so a sentence never reads as one;
- FTP and POP3 ``PASS V`` after a log's prefix (FileZilla ``(…)> PASS V``, vsftpd ``"PASS V"``, a
  capture's ``Request: PASS V``, a ``C: `` trace); a bare ``PASS`` at a line start is the directive row's;
- an OpenAPI/Swagger parameter named like a secret header or query parameter whose ``example:`` holds
  a value;
- a well-known account name, a colon and one password-shaped word on a line of its own (``admin : V``,
  ``* root: V``).

The keyword, the user and the key stay visible; only the value goes.

Imports: redaction.secret_exports, redaction.secret_keys, redaction.secret_kit, redaction.secret_refine,
redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_exports import human_password
from redacted_context_mcp.redaction.secret_keys import SECRET_HEADERS, SECRET_PARAMS, key_score
from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import strip_span, vet_value
from redacted_context_mcp.redaction.secret_values import is_reference, is_template

_QUOTES = ("'", '"')
#: A test runner's target after PASS (``PASS tests/unit/x.py``, ``PASS src/app.test.js``): a path, not a password.
_TEST_PATH = re.compile(r"[\w.-]{0,80}(?:/[\w.-]{1,80}){1,12}\.[a-z]{1,5}(?:::[\w\[\]-]{1,120})?"
                        r"|[\w./-]{1,200}::[\w\[\]-]{1,120}")
_KEBAB = re.compile(r"[a-z]{1,20}(?:-[a-z0-9]{1,20}){1,6}")  # ssh-ed25519, ecdsa-sha2-nistp256: a name
_SEMVER = re.compile(r"v?\d{1,6}(?:\.\d{1,6}){1,3}(?:[-+][0-9a-z.]{1,32})?")


def _plain(v: str) -> bool:
    """A value that is not a template, a reference or a mask."""
    return any(c.isalnum() for c in v) and not is_template(v) and not is_reference(v, quoted=False)


def _unquoted(text: str, s: int, e: int) -> tuple[int, int]:
    """``[s, e)`` without one pair of quotes, HTML-escaped ones included (``&#39;V&#39;``)."""
    for q in _QUOTES:
        n = len(q)
        if e - s > 2 * n and text.startswith(q, s) and text.endswith(q, s, e):
            return s + n, e - n
    return s, e


def _line_head(text: str, pos: int) -> tuple[int, int]:
    """``(line start, pos)``: what stands before a match on its line."""
    return text.rfind("\n", 0, pos) + 1, pos


_IMAP_TAG = re.compile(r"(?:[CScs]:[ \t]|[<>]{1,3}[ \t]?)?(?:[A-Za-z]{0,6}\d{1,6}|\.)")
_PASS_LEAD = (">", "> ", '"', "Request: ", "C: ", "<-- ", "--> ")
#: The account names a ``name : password`` line is read for (``admin : V``, ``* root: V``).
_ACCOUNTS = ("admin", "administrator", "root", "guest", "postgres", "ubuntu", "oracle", "superuser",
             "sysadmin", "manager", "tomcat", "elastic", "kibana", "grafana", "jenkins")
_ACCOUNT_LEAD = re.compile(r"[ \t]{0,8}(?:[-*+][ \t]{1,4})?(?:" + "|".join(_ACCOUNTS) + r")[ \t]{0,4}", re.I)


def _refine_imap(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if not _IMAP_TAG.fullmatch(text, *_line_head(text, m.start())):
        return None
    s, e = _unquoted(text, *m.span("v"))
    v = text[s:e]
    if not _plain(v) or v.startswith("{"):  # {12} is a literal's length: the password follows on the next line
        return None
    return s, e


def _refine_pass(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if not text.endswith(_PASS_LEAD, max(0, m.start() - 9), m.start()):
        return None  # a bare PASS at a line start is the directive row's; "42 PASS" a test count
    s, e = m.span("v")
    v = text[s:e]
    if not _plain(v) or _TEST_PATH.fullmatch(v) or v.lower() in ("(hidden)", "<hidden>", "hidden", "***"):
        return None
    return s, e


def _refine_openapi(m: re.Match[str], text: str) -> tuple[int, int] | None:
    k = m.group("k").lower()
    score = 2 if k in SECRET_HEADERS or k in SECRET_PARAMS or k == "authorization" else key_score(k)
    if score < 2:
        return None
    s, e = _unquoted(text, *m.span("v"))
    v = text[s:e]
    if k == "authorization" and " " in v:
        s += v.index(" ") + 1  # Bearer V: the scheme stays
    return vet_value(text, s, e, 2, quoted=True) if e > s else None


def _password_word(v: str) -> bool:
    """One word that reads as a password: 6+ characters, letters with digits or both cases with a symbol,
    not a path, an address, a URL or a version."""
    return (len(v) >= 6 and human_password(v) and v[0] not in "/~.$%{<" and "@" not in v and "://" not in v
            and not _SEMVER.fullmatch(v.lower()) and not _KEBAB.fullmatch(v) and _plain(v))


def _refine_account(m: re.Match[str], text: str) -> tuple[int, int] | None:
    ls, pos = _line_head(text, m.start())
    if not _ACCOUNT_LEAD.fullmatch(text, ls, pos):
        return None
    s, e = m.span("v")
    return strip_span(text, s, e) if _password_word(text[s:e]) else None


SERVICELOG_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "imap-login",
        "the password of an IMAP tagged LOGIN command (a1 LOGIN user password, A001 LOGIN \"u\" \"p\")",
        # led by the literal " login " (a fast scan); the refine reads the tag before it
        P(r" login[ \t]{1,4}"
          r"(?:\"[^\"\r\n]{1,128}\"|[^\s\"]{1,128})[ \t]{1,4}"
          r"(?P<v>\"(?:[^\"\\\r\n]|\\.){1,256}\"|[^\s\"]{1,256})[ \t]*\r?$", re.M),
        keywords=("login",),
        on_lower=True,
        refine=_refine_imap,
        examples=(ex("a1 LOGIN jdoe {}\na1 OK LOGIN completed", tok(ALNUM, 12)),
                  ex('C: A001 LOGIN "ops@example.test" "{}"', tok(ALNUM, 10) + "!"),
                  ex(". login svc {}", tok(ALNUM, 14))),
        near_misses=("a1 LOGIN\na1 BAD Missing arguments", "a1 LOGIN jdoe {12}", "please login now ok",
                     "a1 LOGIN jdoe $IMAP_PASSWORD", "a2 LOGIN user ***"),
    ),
    SecretRule(
        "ftp-pass-log",
        "the password of an FTP/POP3 PASS command after a log's prefix ((…)> PASS V, \"PASS V\", Request: PASS V)",
        P(r"PASS[ \t]{1,4}"
          r"(?P<v>[^\s\"]{1,256})(?:\"|[ \t]*\r?$)", re.M),
        keywords=("pass",),  # a substring of the letter-run view (a cased scan costs a pass of its own)
        refine=_refine_pass,
        examples=(ex("(000012) 12/1/2026 10:02:11 - (not logged in) (10.0.0.5)> PASS {}", tok(ALNUM, 11)),
                  ex('[ftp] FTP command: Client "10.0.0.5", "PASS {}"', tok(ALNUM, 12)),
                  ex("    Request: PASS {}", tok(ALNUM, 10))),
        near_misses=("tests: 42 PASS, 0 FAIL", "status: PASS", "> PASS (hidden)", "> PASS ***",
                     "--> PASS tests/unit/test_auth.py::test_login", "<b>PASS</b>", '"PASS" if ok else "FAIL"'),
    ),
    SecretRule(
        "openapi-example",
        "the example of an OpenAPI/Swagger parameter named like a secret header or query parameter",
        P(r"name(?::[ \t]{0,4}[\"']?(?P<k>[a-z0-9_.-]{1,64})[\"']?[ \t]*\r?\n"
          r"(?:[ \t]{0,40}(?:in|required|description|schema|type|format|style|explode|deprecated|allowreserved)"
          r":[^\r\n]{0,200}\r?\n){0,8}[ \t]{0,40}(?:x-)?example:[ \t]{0,4}"
          r"(?P<v>\"[^\"\r\n]{1,512}\"|'[^'\r\n]{1,512}'|[^\s\"'#|>][^\r\n#]{0,511}?)[ \t]*(?=\r?\n|$)"
          r"|\":[ \t]{0,4}\"(?P<k2>[a-z0-9_.-]{1,64})\"[^{}\r\n]{0,300}?\"example\":[ \t]{0,4}"
          r"\"(?P<v2>[^\"\r\n]{1,512})\")"),
        keywords=("example:", "example\":"),
        on_lower=True,
        refine=lambda m, text: _refine_openapi(m, text) if m.start("k") >= 0 else _refine_openapi_json(m, text),
        examples=(ex("- name: X-API-Key\n  in: header\n  required: true\n  schema:\n    type: string\n"
                     "  example: {}\n", tok("0123456789abcdef", 32)),
                  ex('{"name": "api_key", "in": "query", "example": "{}"}', tok(ALNUM, 24))),
        near_misses=("- name: X-API-Key\n  in: header\n  example: <your-api-key>\n",
                     "- name: limit\n  in: query\n  example: 20\n",
                     "- name: api_key\n  in: query\n  example: YOUR_API_KEY\n"),
    ),
    SecretRule(
        "account-password-line",
        "a well-known account name, a colon and one password-shaped word alone on a line (admin : V, * root: V)",
        # led by the colon (a fast scan); the refine reads the account name before it
        P(r":[ \t]{1,4}"
          r"(?P<v>[^\s]{6,128})(?:[ \t]{1,4}(?:\([^()\r\n]{1,60}\)|#[^\r\n]{0,120}))?[ \t]*\r?$", re.M),
        keywords=_ACCOUNTS,
        on_lower=True,
        refine=_refine_account,
        examples=(ex("admin : {}", tok(ALNUM, 12)), ex("  * root: {}", "Toor" + tok(ALNUM, 6)),
                  ex("admin : {} (temporary)", tok(ALNUM, 12)),
                  ex("guest : {}\n", tok(ALNUM, 10))),
        near_misses=("root: /bin/bash", "admin: true", "postgres: 15.4", "root: jdoe@example.org", "admin: v2.3.1",
                     "admin : ${ADMIN_PASSWORD}", "root: ssh-ed25519"),
    ),
)


def _refine_openapi_json(m: re.Match[str], text: str) -> tuple[int, int] | None:
    if text[m.start() - 1:m.start()] != '"':
        return None  # "username": …, not "name": …
    k = m.group("k2").lower()
    score = 2 if k in SECRET_HEADERS or k in SECRET_PARAMS else key_score(k)
    return vet_value(text, *m.span("v2"), 2, quoted=True) if score >= 2 else None
