"""Builders that keep the provider format rows compact: one call per row.

``fmt`` builds a :class:`SecretRule` for a provider token; ``near`` builds the
regex of a token that has no distinctive prefix and is only recognised next to
a provider's name (``DATADOG_API_KEY = <32 hex>``): the name, at most 24 key
characters, an assignment operator, then the value, all bounded. The
``refine_*`` factories are the rows' validators (checksum, entropy floor,
boundaries).

Imports: redaction.secret_kit, redaction.secret_refine, redaction.validators.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.secret_kit import P, Refine, SecretRule
from redacted_context_mcp.redaction.secret_refine import refine_hex, strip_span
from redacted_context_mcp.redaction.validators import github_checksum_ok, mixed_token, random_enough

#: Characters that continue a token: a match touching one on its left is a piece of a longer word.
_WORDISH = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

#: Key name glue between a provider's name and the operator (``_API_KEY``, ``.token``, ``-secret``).
_KEY = r"[\w.\-]{0,24}"
#: The operator of an assignment in any syntax: ``=``, ``:``, ``=>``, ``:=``, with optional quotes.
_OP = r"[\s\"'`\]]{0,3}(?:=>|:=|=|:)[\s\"'`]{0,5}"


class Near(str):
    """A regex built by :func:`near`: ``fmt`` turns the row's keywords into its ``near`` names."""


def near(names: str, value: str, tail: str = r"(?![A-Za-z0-9])") -> Near:
    """Regex: a provider name (case-insensitive), key glue, an operator, then ``(?P<v>value)``.

    The name starts at most 24 + 3 + len(name) characters before the operator, and the value
    (12+ token characters) follows it within 6: what the prefilter's assignment scan looks for.
    """
    return Near(rf"(?<![A-Za-z0-9])(?i:{names}){_KEY}{_OP}(?P<v>{value}){tail}")


def fmt(
    rid: str,
    description: str,
    regex: str,
    keywords: tuple[str, ...] = (),
    *,
    cased: tuple[str, ...] = (),
    examples: tuple[tuple[str, str], ...] = (),
    misses: tuple[str, ...] = (),
    group: tuple[int | str, ...] = (0,),
    refine: Refine | None = None,
    validator: str = "",
    hex_run: int = 0,
    run: int = 0,
    chars: str = "",
    confirm: str = "",
) -> SecretRule:
    """One provider format row (category SECRET, default profile); ``confirm``: see ``SecretRule.confirm``."""
    names: tuple[str, ...] = ()
    if isinstance(regex, Near):
        names, keywords = keywords, ()
    return SecretRule(
        rid,
        description,
        P(regex),
        keywords=keywords,
        cased=cased,
        near=names,
        chars=chars,
        min_hex_run=hex_run,
        min_run=run,
        confirm=P(confirm) if confirm else None,
        group=group,
        refine=refine,
        validator=validator,
        examples=examples,
        near_misses=misses,
    )


def _value_span(m: re.Match[str], text: str) -> tuple[int, int] | None:
    for g in ("v", 0) if "v" in m.re.groupindex else (0,):  # (a lookup, not a raised IndexError)
        s, e = m.span(g)
        if s >= 0 and e > s:
            return strip_span(text, s, e)
    return None


def refine_random(floor: float, *, mixed: bool = False) -> Refine:
    """Validator: the value (group ``v`` or the match) clears an entropy floor (and mixes letters and digits)."""

    def refine(m: re.Match[str], text: str) -> tuple[int, int] | None:
        sp = _value_span(m, text)
        if sp is None:
            return None
        value = text[sp[0]:sp[1]]
        if not random_enough(value, floor) or (mixed and not mixed_token(value)):
            return None
        return sp

    return refine


def refine_bounded(floor: float = 0.0, *, mixed: bool = False, left: str = "") -> Refine:
    """Validator: the match does not continue a longer word (or one of ``left``) on its left, and its
    value clears an entropy floor (and mixes letters and digits). Checking the left edge here
    instead of a leading lookbehind keeps the regex literal-led, which ``re`` scans fastest."""

    def refine(m: re.Match[str], text: str) -> tuple[int, int] | None:
        s = m.start()
        if s > 0 and (text[s - 1] in _WORDISH or text[s - 1] in left):
            return None
        sp = _value_span(m, text)
        if sp is None:
            return None
        value = text[sp[0]:sp[1]]
        if (floor and not random_enough(value, floor)) or (mixed and not mixed_token(value)):
            return None
        return sp

    return refine


def refine_left_digits(lo: int, hi: int) -> Refine:
    """Validator for a literal-led match (``:AA...``) that must follow ``lo``-``hi`` digits: the span grows left."""

    def refine(m: re.Match[str], text: str) -> tuple[int, int] | None:
        s = m.start()
        d = s
        while d > 0 and s - d <= hi and text[d - 1].isdigit():
            d -= 1
        if not lo <= s - d <= hi:  # "bot123...:AA..." in an API URL: letters before the id are fine
            return None
        return (d, m.end())

    return refine


def refine_github(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """GitHub classic tokens: a body of 36+ characters, or a shorter one whose CRC32 checksum holds.

    A 36-character body is never rejected for a bad checksum (fictional and
    test tokens often have one); the checksum only admits odd lengths.
    """
    s, e = m.span()
    body = m.group("body")
    if body is None:  # github_pat_ fine-grained tokens
        return (s, e)
    if len(body) >= 36 or github_checksum_ok(body):
        return (s, e)
    return None


#: A digest label right before a hex run: ``sha256:``, ``@sha256:``, ``sha512=``, ``md5 ``, ``digest: ``.
_DIGEST_LABEL = re.compile(
    r"(?:sha(?:1|224|256|384|512)|md5|blake2[bs]?|digest|checksum|(?<![a-z])zh:)[\"']?[ \t]{0,2}[:=]?[ \t]{0,2}[\"']?\Z"
)


#: A digest named anywhere in the key before the value on its line (``checksum/config:``, ``sha256_of_tarball =``).
_DIGEST_KEY = re.compile(r"checksum|digest|sha(?:1|224|256|384|512)|md5|blake2|integrity|fingerprint|etag")
#: ``sha256sum`` / ``shasum`` output: the digest opens the line, then two blanks (or `` *``) and a file name.
_SUM_LINE = re.compile(r"(?: \*|  )[^\s]{1,255}[ \t]*(?:\r?\n|\Z)")


def refine_hex_secret(m: re.Match[str], text: str) -> tuple[int, int] | None:
    """Bare long hex: a salt or key unless a digest label (``sha256:``...) names it a hash."""
    sp = refine_hex(m, text)
    if sp is None:
        return None
    if _DIGEST_LABEL.search(text[max(0, sp[0] - 16):sp[0]].lower()):
        return None
    ls = text.rfind("\n", 0, sp[0]) + 1
    if ls == sp[0] and _SUM_LINE.match(text, sp[1]):
        return None
    if _DIGEST_KEY.search(text[max(ls, sp[0] - 80):sp[0]].lower()):
        return None
    return sp
