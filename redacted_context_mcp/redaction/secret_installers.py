"""Unattended-install answer files: the root and user passwords of Kickstart and Debian preseed files.

``rootpw --plaintext V`` / ``rootpw --iscrypted $6$…`` (Kickstart, also ``sshpw``) and
``d-i passwd/root-password password V`` (preseed, ``-again`` and ``-crypted`` too). ``user
--password=V`` and ``autounattend.xml``'s ``<Password><Value>`` are read by the flag and XML rows.

Imports: redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_kit import ALNUM, P, SecretRule, ex, tok
from redacted_context_mcp.redaction.secret_refine import vet_value

_CRYPT = re.compile(r"\$[0-9a-z]{1,8}\$")


def _refine_v(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    if _CRYPT.match(text, s):
        return s, e  # a crypt hash ($6$salt$...), not a shell variable
    return vet_value(text, s, e, 2, quoted=False)


INSTALLER_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "kickstart-rootpw",
        "Kickstart rootpw and sshpw lines: rootpw --plaintext V, rootpw --iscrypted $6$…",
        P(r"^[ \t]{0,8}(?:rootpw|sshpw)"
          r"(?:[ \t]{1,4}--(?:plaintext|iscrypted|allow-ssh|username=[\w.-]{1,32}|sshkey)){0,3}"
          r"[ \t]{1,4}(?P<v>[^\s\-][^\s]{0,255})(?:[ \t]{1,4}--[a-z-]{1,20}){0,3}[ \t]{0,8}\r?$", re.M),
        keywords=("rootpw", "sshpw"),
        on_lower=True,
        refine=_refine_v,
        examples=(ex("rootpw --plaintext {}\n", tok(ALNUM, 12)), ex("rootpw --iscrypted $6${}\n", tok(ALNUM, 40)),
                  ex("sshpw --username=install {} --plaintext\n", tok(ALNUM, 10))),
        near_misses=("rootpw --lock\n", "# rootpw is set below\n"),
    ),
    SecretRule(
        "preseed-password",
        "Debian preseed answers for the root and user passwords: d-i passwd/root-password password V",
        P(r"passwd/(?:root|user)-password(?:-again|-crypted)?[ \t]{1,8}password[ \t]{1,8}(?P<v>[^\s]{1,256})"),
        keywords=("passwd/",),
        on_lower=True,
        refine=_refine_v,
        examples=(ex("d-i passwd/root-password password {}\n", tok(ALNUM, 12)),
                  ex("d-i passwd/user-password-again password {}\n", tok(ALNUM, 12))),
        near_misses=("d-i passwd/root-login boolean false\n", "d-i passwd/user-fullname string Ops\n"),
    ),
)
