"""Plaintext passwords handed to a password hasher (hold-out round 9 of issue 9).

A password written only to be hashed is still the password: seeders, tinker and shell sessions,
provisioning scripts and runbooks hash a literal (``Hash::make('…')``) or ask a tool for the hash of one
(``mkpasswd -m sha-512 …``). The key beside it, when there is one, names the hash (``'password' =>``), so
the key-value grammar does not see the literal inside the call. One row per syntax, each led by a
keyword the shared prefilter finds before its regex runs:

- ``password-hash-call``: the first string literal given to a password hashing or checking function:
  Laravel's ``Hash::make`` and ``bcrypt``, PHP's ``password_hash``/``password_verify``/``crypt``, Django's
  ``make_password``/``check_password``, Werkzeug's ``generate_password_hash``, ``bcrypt.hashpw``/``checkpw``,
  bcrypt.js ``hash``/``compare``, Ruby's ``BCrypt::Password.create``, ``crypt.crypt``, argon2's
  ``PasswordHasher().hash``, a passlib context's ``hash``/``verify``, Spring's ``passwordEncoder.encode``;
- ``password-hash-filter``: Ansible's Jinja filter over a literal: ``'…' | password_hash('sha512')``;
- ``password-hash-tool``: the plaintext argument of a hashing tool: Symfony's ``security:hash-password``,
  ``mkpasswd``, ``slappasswd -s``, ``caddy hash-password --plaintext``, ``htpasswd -nb USER …`` (no file:
  the hash is printed), ``rabbitmqctl hash_password``.

Imports: redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value

#: The callee of a password hasher, in the lower-cased text, ending right before its ``(``.
_CALLEE = (
    r"(?:\bhash::make|\bbcrypt(?:::password\.create|\.(?:hash(?:sync)?|compare(?:sync)?|hashpw|checkpw))?"
    r"|\bpassword_(?:hash|verify)|\b(?:make|check|hash)_password(?:_hash)?|\bgenerate_password_hash"
    r"|\b(?:hashpw|checkpw)|\bcrypt(?:\.crypt)?|\bargon2(?:id)?\.(?:hash|verify)|passwordhasher\(\)\.(?:hash|verify)"
    r"|(?:encoder|hasher|_context|_ctx)\.(?:encode|hash|verify|matches))"
)


#: Algorithm names a hasher is also given as a string (Ansible's ``password_hash('sha512')``).
_ALGORITHMS = frozenset("md5 sha1 sha256 sha512 sha-256 sha-512 sha256_crypt sha512_crypt md5_crypt bcrypt "
                        "blowfish argon2 argon2i argon2id scrypt pbkdf2 pbkdf2_sha256 des_crypt".split())


def _refine_quoted(m: re.Match[str], text: str) -> tuple[int, int] | None:
    g = "dq" if m.start("dq") >= 0 else "sq"
    s, e = m.span(g)
    if text[s:e].lower() in _ALGORITHMS:
        return None
    j = m.start()
    while j > 0 and text[j - 1] in " \t":
        j -= 1
    if j > 0 and text[j - 1] == "|":
        return None  # a Jinja filter: '{{ pw | password_hash('sha512') }}' names the algorithm, the input is piped
    return vet_value(text, s, e, 2, quoted=True)


#: mkpasswd's options that take a value (so the value is not the plaintext); with ``-s`` it reads stdin.
_TOOL_OPTS = r"(?:[ \t]{1,4}(?:-[mSRP]|--(?:method|salt|rounds|password-fd))[ =][^\s\-]\S{0,40})"


def _refine_tool(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    value = text[s:e].strip("\"'")
    if not value or value.lower() in ("help", "-", "--help", "--stdin"):
        return None
    if text[s] in "\"'" and text[e - 1] == text[s] and e - s >= 2:
        s, e = s + 1, e - 1
    return vet_value(text, s, e, 2, quoted=False)


HASHING_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "password-hash-call",
        "The string literal given to a password hasher or checker: Hash::make('V'), password_hash('V', …)",
        P(_CALLEE + r"\([ \t]{0,4}b?(?:\"(?P<dq>[^\"\\\n]{1,128})\"|'(?P<sq>[^'\\\n]{1,128})')"),
        keywords=("hash::make(", "bcrypt(", "bcrypt.", "bcrypt::", "password_hash(", "password_verify(",
                  "_password(", "_password_hash(", "hashpw(", "checkpw(", "crypt(", "argon2", "hasher().",
                  "encoder.", "hasher.", "_context.", "_ctx."),
        on_lower=True,
        refine=_refine_quoted,
        examples=(ex("'password' => Hash::make('{}'),", tok(ALNUM, 12)),
                  ex("$h = password_hash(\"{}\", PASSWORD_DEFAULT);", tok(ALNUM, 12)),
                  ex("u.password = make_password('{}')", tok(ALNUM, 12)),
                  ex("bcrypt.hashpw(b'{}', bcrypt.gensalt())", tok(ALNUM, 12)),
                  ex('enc = passwordEncoder.encode("{}");', tok(ALNUM, 12))),
        near_misses=("'password' => Hash::make($request->password),", "bcrypt.hashpw(pw, bcrypt.gensalt())",
                     "password_hash($password, PASSWORD_DEFAULT)", "openssl_encrypt($data, 'aes-256-cbc', $k)",
                     "encoder.encode(raw)"),
    ),
    SecretRule(
        "password-hash-filter",
        "A literal piped into Ansible's password_hash filter: '{{ 'V' | password_hash('sha512') }}'",
        P(r"(?:\"(?P<dq>[^\"\\\n|{}]{1,128})\"|'(?P<sq>[^'\\\n|{}]{1,128})')[ \t]{0,4}\|[ \t]{0,4}password_hash\("),
        keywords=("password_hash(",),
        on_lower=True,
        refine=_refine_quoted,
        examples=(ex("password: \"{{{{ '{}' | password_hash('sha512') }}}}\"", tok(ALNUM, 12)),),
        near_misses=("password: \"{{ user_pw | password_hash('sha512') }}\"",),
    ),
    SecretRule(
        "password-hash-tool",
        "The plaintext given to a hashing tool: mkpasswd V, slappasswd -s V, security:hash-password V,"
        " htpasswd -nb U V",
        P(r"(?:\bmkpasswd" + _TOOL_OPTS + r"{0,3}"
          r"|\bslappasswd(?:[ \t]{1,4}-[hcnuo](?:[ \t]{1,4}[^\s\-]\S{0,40})?){0,3}[ \t]{1,4}-s"
          r"|:hash-password(?:[ \t]{1,4}--[a-z-]{1,20}){0,3}"
          r"|\bcaddy[ \t]{1,4}hash-password(?:[ \t]{1,4}--algorithm[ \t=]{1,4}\S{1,20})?[ \t]{1,4}(?:--plaintext|-p)"
          r"|\bhtpasswd(?:[ \t]{1,4}-[a-zA-Z]{0,4}n[a-zA-Z]{0,4}){1,3}[ \t]{1,4}[^\s\-]\S{0,64}"
          r"|\brabbitmqctl[ \t]{1,4}hash_password)"
          r"[ \t]{1,4}(?P<v>\"[^\"\n]{1,128}\"|'[^'\n]{1,128}'|[^\s\-|;&<>][^\s|;&<>]{0,127})"),
        keywords=("mkpasswd", "slappasswd", ":hash-password", "hash-password", "htpasswd", "hash_password"),
        chars=" ",  # the blank between the tool and its argument (the keywords hold letters only)
        refine=_refine_tool,
        examples=(ex("mkpasswd -m sha-512 {}", tok(ALNUM, 12)), ex("slappasswd -s {}", tok(ALNUM, 12)),
                  ex("php bin/console security:hash-password {}", tok(ALNUM, 12)),
                  ex("caddy hash-password --plaintext {}", tok(ALNUM, 12)),
                  ex("htpasswd -nbB admin {}", tok(ALNUM, 12)), ex("rabbitmqctl hash_password {}", tok(ALNUM, 12))),
        near_misses=("mkpasswd -m help", "htpasswd -c /etc/nginx/.htpasswd admin", "mkpasswd -m sha-512 -s",
                     "php bin/console security:hash-password"),
    ),
)
