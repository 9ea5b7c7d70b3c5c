"""One-time-password seeds named in prose or a note without an operator (round 11).

``TOTP secret GEZDGNBVGY3TQOJQGEZDGNBV``, ``the otp seed is JBSWY3DPEHPK3PXP``, ``MFA key: ...``, ``Google
Authenticator setup key KRUGS4ZANFZSAYJA``: an authenticator's shared secret is base32 (``A``-``Z``, ``2``-``7``),
16 to 64 characters, written in one case. After an OTP word (TOTP, HOTP, OTP, 2FA, MFA, authenticator,
Authy), an optional noun (secret, seed, key, setup key, code) and an optional operator. The value must mix
letters and figures or be 16 characters or more of one case that no dictionary word makes; a six-digit
code is the sms/prose rows' to read. ``otpauth://`` URIs are a format row of their own.

Imports: redaction.secret_kit, redaction.secret_refine.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_kit import P, SecretRule, ex
from redacted_context_mcp.redaction.secret_refine import strip_span

_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _refine_seed(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e]
    if not (v.isupper() or v.islower()) or not any(c.isdigit() for c in v) and len(set(v.lower())) < 10:
        return None
    return strip_span(text, s, e)


def _refine_grouped(m: re.Match[str], text: str) -> tuple[int, int] | None:
    s, e = m.span("v")
    v = text[s:e].replace(" ", "")
    if not (v.isupper() or v.islower()) or not any(c.isdigit() for c in v) and len(set(v.lower())) < 10:
        return None  # one case, as an app prints it; letters alone only when they are not a few words' letters
    return s, e


def _seed(n: int, seed: int) -> str:
    out, x = [], seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(_B32[x % 32])
    return "".join(out)


OTP_RULES: tuple[SecretRule, ...] = (
    SecretRule(
        "otp-seed",
        "an authenticator's base32 seed after TOTP/OTP/2FA/MFA/authenticator and secret/seed/key, with or without"
        " an operator (TOTP secret V, the otp seed is V)",
        P(r"(?<![\w-])(?:totp|hotp|otp|2fa|mfa|authenticator|authy)(?:[ \t-]{1,2}(?:app[ \t]{1,2})?"
          r"(?:secret|seed|key|setup[ \t]key|code|token))?"
          r"(?:[ \t]{1,3}(?:is|was)|[ \t]{0,2}[:=])?[ \t]{1,3}[\"'`]?(?P<v>[a-z2-7]{16,64})(?![\w+/=-])"),
        keywords=("totp", "hotp", "otp", "2fa", "mfa", "authenticator", "authy"),
        on_lower=True,
        refine=_refine_seed,
        validator="base32",
        examples=(
            ex("TOTP secret {}", _seed(24, 7)),
            ex("the otp seed is {}", _seed(32, 11)),
            ex("Google Authenticator setup key {}", _seed(16, 3)),
            ex("MFA key: {}", _seed(32, 5).lower()),
        ),
        near_misses=("TOTP secret is stored in the vault", "2FA is enforced for everyone", "MFA is enforced since 2024",
                     "authenticator app Microsoftauthenticator",
                     "TOTP secret MixedCaseLettersAbcdefgh"),
    ),
    SecretRule(
        "otp-seed-grouped",
        "an authenticator's base32 seed printed in groups of four (setup key: jbsw y3dp ehpk 3pxp) after an OTP"
        " word or a setup key on the same line (round 15)",
        P(r"(?<![\w-])(?:totp|hotp|otp|2fa|mfa|authenticator|authy|setup key|secret key|key in your app)"
          r"[^\n]{0,40}?(?:[ \t]{1,3}(?:is|was)|[ \t]{0,2}[:=])[ \t]{1,3}[\"'`]?"
          r"(?P<v>[a-z2-7]{4}(?: [a-z2-7]{4}){3,15})(?![\w+/=-]| [a-z2-7])"),
        keywords=("totp", "hotp", "otp", "2fa", "mfa", "authenticator", "authy", "setup key", "secret key",
                  "key in your app"),
        on_lower=True,
        refine=_refine_grouped,
        validator="base32",
        examples=(
            ex("Authenticator setup key: {}", "jbsw y3dp ehpk 3pxp"),
            ex("Enter this key in your app: {}", "3KQW 7ZPL M2XN R4VB"),
            ex("2FA (manual entry) = {}", " ".join(_seed(32, 9)[i:i + 4] for i in range(0, 32, 4))),
        ),
        near_misses=("MFA setup key: see the vault", "2FA for admins: see wiki page 12",
                     "TOTP setup: step one then step two", "the otp key is time based and good for thirty seconds"),
    ),
)
