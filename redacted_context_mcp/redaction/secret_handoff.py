"""Passwords handed over by installers, log lines and notes in two shapes the other grammars miss (round 15).

- ``password-colon-block``: a line that names a password and ends in a colon, and the value alone on one of
  the next lines after at most two blank ones. Installers and mails print it so (``Please use the following
  password to proceed to installation:`` then a blank line, then the generated hex); a plain ``Password:``
  label above its value is prose-password's. The value is one token of 8 to 128 characters with a letter
  and a digit, the whole line; not a reference, a template, a URL, a path or a next label.
- ``quoted-login-pair``: a quoted user and a quoted password joined by a colon or a slash after a
  credentials or login word on the same line (``invalid credentials for "jdoe":"V"``, ``login failed for
  'svc'/'V'``), as auth logs and test fixtures print them.

Imports: redaction.secret_kit, redaction.secret_values.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_kit import P, SecretRule, ex
from redacted_context_mcp.redaction.secret_values import is_reference, is_template

_LABEL_LEADS = ("<", "{", "$", "/", "~", "\\", "%", "*")


def _refine_block(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e]
    if not (any(c.isdigit() for c in v) and any(c.isalpha() for c in v)):
        return None  # a word (bcrypt, see below) or a number is no generated password
    if v.startswith(_LABEL_LEADS) or v.endswith(":") or "://" in v or is_reference(v, quoted=False) or is_template(v):
        return None
    return s, e


def _refine_pair(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v, u = text[s:e], m.group("u")
    if v.isalpha() and v.islower() or is_reference(v, quoted=True) or is_template(v):
        return None  # ``"user":"password"``, ``"admin":"<pw>"``: words and templates, not a password
    if m.group("sep") == "/" and (u[:1] in "./~" or v[:1] in "./~" or "(" in text[m.start():m.start("q")]):
        return None  # ``Credentials(Path.userHome / ".sbt" / ".credentials")``: a path built in code
    return s, e


HANDOFF_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "password-colon-block",
        "the value alone on a later line after a line naming a password and ending in a colon (Please use the"
        " following password to proceed to installation:\\n\\nV)",
        P(r"(?<![\w-])(?:password|passphrase|passcode|passwort|kennwort|mot de passe|contraseña|wachtwoord)"
          r"[^\n:]{0,80}:[ \t]{0,3}\r?\n(?:[ \t]{0,8}\r?\n){0,2}[ \t]{0,8}"
          r"(?P<v>[^\s\"'`]{8,128})[ \t]{0,3}(?:\r?\n|$)"),
        keywords=("password", "passphrase", "passcode", "passwort", "kennwort", "mot de passe", "contraseña",
                  "wachtwoord"),
        chars=":",
        on_lower=True,
        refine=_refine_block,
        examples=(
            ex("Please use the following password to proceed to installation:\n\n{}\n",
               "3b5c7d9e1f2a4bc6a1f0e8b2d94e7f8a"),
            ex("Your new password:\n{}\n", "c6a1f0e8b2d94e7f8a3b"),
            ex("Use this password to log in:\n\n    {}\n", "Xk29-Lm8q-Pz4v"),
        ),
        near_misses=("Set the password using the following command:\n\n    htpasswd -c /etc/nginx/.htpasswd admin\n",
                     "Reset your password:\n\nhttps://id.example.com/reset\n",
                     "Enter your password:\n\n********\n", "Password hashing algorithms:\n\nbcrypt\n",
                     "The password is stored here:\n\n${DB_PASSWORD}\n",
                     "Passwords must contain:\n\nNumbers:\n"),
    ),
    SecretRule(
        "quoted-login-pair",
        "a quoted user and a quoted password joined by a colon or slash after a credentials or login word"
        " (invalid credentials for \"jdoe\":\"V\")",
        P(r"(?<![\w-])(?:credentials|creds|login|logon|log in|sign in|auth|authentication)(?![\w-])[^\n\"']{0,40}?"
          r"(?P<q>[\"'])(?P<u>[^\"'\s]{1,64})(?P=q)[ \t]{0,2}(?P<sep>[:/])[ \t]{0,2}"
          r"(?P<r>[\"'])(?P<v>[^\"'\n]{4,64})(?P=r)"),
        keywords=("credentials", "creds", "login", "logon", "log in", "sign in", "auth"),
        on_lower=True,
        refine=_refine_pair,
        examples=(
            ex('[auth] invalid credentials for "jdoe":"{}"', "QuotedLog#Pw"),
            ex("login failed for 'svc':'{}'", "SvcQuoted!2"),
            ex('credentials "admin" / "{}"', "SlashQ3pw-x"),
        ),
        near_misses=('login failed for "jdoe":"password"', 'login "jdoe": "active"',
                     'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")',
                     "auth header 'Bearer':'${TOKEN}'"),
    ),
)
