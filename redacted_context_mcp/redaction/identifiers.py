"""Identifier stages: UUIDs, SSNs, payment cards, and the ``extended`` profile types.

Personal and financial identifiers of the default profile live in
:mod:`redaction.personal_ids`. The extended profile adds MAC addresses,
driver's licence numbers after their labels, service accounts,
connection strings, and markers for invisible Unicode controls and
prompt-injection phrases.

Imports: redaction.spans, redaction.validators.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction import (
    accounts,
    addresses,
    cardfields,
    chat_ids,
    columns,
    id_retold,
    id_rows,
    local_people,
    logins_sys,
    mail_decode,
    mrz,
    near_ids,
    person_fields,
    personal_ids,
    script_names,
    usernames,
    world_ids,
)
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.validators import card_ok, ssn_ok

_UUID_TAIL = re.compile(r"-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9A-Za-z])")
_HEX8 = frozenset("0123456789abcdefABCDEF")
_SSN = re.compile(r"[0-9](?<![0-9\-][0-9])[0-9]{2}-[0-9]{2}-[0-9]{4}(?![0-9]|-[0-9])")
_CARD = re.compile(r"[0-9](?<![0-9.][0-9])[0-9]{3}(?:[ \-]?[0-9]){9,15}(?![0-9])")
# A card grouped by dots as some European forms print it (4-4-4-4, or Amex 4-6-5): whole groups only,
# so decimals, versions and dotted addresses (never four groups of these lengths) are not read as one.
_CARD_DOTS = re.compile(r"(?<![0-9.])[0-9]{4}\.(?:[0-9]{4}\.[0-9]{4}\.[0-9]{4}|[0-9]{6}\.[0-9]{5})(?![0-9]|\.[0-9])")
# Prefilters: a one-character-led scan (fast) that every SSN contains, and the digit shape below.
_SSN_HINT = re.compile(r"-[0-9]{2}-[0-9]{4}")
# Both "-"-led scans as one: the "-" of an SSN hint (a one-character match) or a UUID tail. They never
# share a "-" (the third character after it is a "-" in one, a hex digit in the other), and no hint
# starts inside a tail, so the tails found are _UUID_TAIL's and a hint is found where _SSN_HINT is.
_UUID_TAIL_OR_SSN = re.compile(r"-(?:(?=[0-9]{2}-[0-9]{4})|" + _UUID_TAIL.pattern[1:] + ")")
_DIGIT_TABLE = bytes(0x64 if 0x30 <= i <= 0x39 else 0x20 for i in range(256))
_GROUPING = b" ().-+"


def digit_shape(text: str) -> bytes:
    """``text`` as bytes: ASCII digits as ``d``, the grouping characters `` ().-+`` removed, the rest spaces.

    A number of n digits grouped by those characters (a card, a phone) leaves a run of n ``d``,
    so ``b"d" * n in shape`` is a cheap necessary condition before the digit-led regexes.
    """
    return text.encode("utf-8", "surrogatepass").translate(_DIGIT_TABLE, _GROUPING)


def find_ids(text: str) -> list[Hit]:
    """UUIDs (as ID) and US social security numbers (callers skip this without ASCII digits)."""
    hits: list[Hit] = []
    if "-" not in text:
        return hits
    ssn = False
    for m in _UUID_TAIL_OR_SSN.finditer(text):
        if m.end() - m.start() == 1:
            ssn = True  # the "-" of an _SSN_HINT
            continue
        s = m.start() - 8
        if s < 0 or not all(c in _HEX8 for c in text[s:m.start()]):
            continue
        if s > 0 and (text[s - 1].isalnum() or text[s - 1] == "_"):
            continue
        hits.append(Hit(s, m.end(), "ID", "uuid"))
    if not ssn:
        return hits
    for m in _SSN.finditer(text):
        if ssn_ok(m.group()) and not (m.start() > 0 and text[m.start() - 1].isalpha()):
            hits.append(Hit(m.start(), m.end(), "SSN", "us-ssn"))
    return hits


def find_cards(text: str, shape: bytes | None = None) -> list[Hit]:
    """Payment card numbers: issuer prefix and Luhn checksum must both hold.

    ``shape`` is :func:`digit_shape` of ``text`` when the caller already has it.
    """
    hits: list[Hit] = []
    if b"d" * 13 not in (digit_shape(text) if shape is None else shape):
        return hits
    for m in _CARD.finditer(text):
        if m.start() > 0 and text[m.start() - 1].isalpha():
            continue
        if card_ok(m.group()):
            hits.append(Hit(m.start(), m.end(), "CARD", "payment-card"))
    if "." in text:
        for m in _CARD_DOTS.finditer(text):
            if not (m.start() > 0 and text[m.start() - 1].isalpha()) and card_ok(m.group()):
                hits.append(Hit(m.start(), m.end(), "CARD", "payment-card"))
    return hits


# --- extended profile -----------------------------------------------------------------------------

_MAC = re.compile(r"[0-9A-Fa-f]{2}([:\-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}(?![0-9A-Za-z:\-])")
_DRIVER = re.compile(
    r"driver'?s?[ \t\-]{0,2}licen[cs]e(?:[ \t]{0,2}(?:no\.?|number|num|#|id))?[ \t]{0,4}[:#]?[ \t]{0,4}"
    r"(?P<v>[a-z0-9][a-z0-9\-]{4,19})(?![a-z0-9])"
)
_SERVICE_ACCOUNT = re.compile(
    r"[a-z0-9][a-z0-9\-]{0,63}@[a-z0-9\-]{1,64}\.iam\.gserviceaccount\.com"
    r"|arn:aws:iam::[0-9]{12}:(?:role|user|group)/[A-Za-z0-9+=,.@_\-/]{1,128}"
)
_CONNECTION = re.compile(
    r"jdbc:[a-z0-9]{1,20}:[^\s\"'<>]{1,2048}"
    r"|(?:server|data source|host|endpoint)=[^;\r\n]{1,256};(?:[a-z ]{1,40}=[^;\r\n]{0,256};?){1,20}"
)
_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f]{1,4096}")
_INJECTION = re.compile(
    r"(?:ignore|disregard|forget|override)\s{1,4}(?:all\s{1,4}|any\s{1,4}|everything\s{1,4})?(?:of\s{1,4})?(?:the\s{1,4}|your\s{1,4})?"
    r"(?:previous|prior|above|earlier|preceding|system|original)\s{1,4}(?:instructions|prompts?|messages|rules|context|directions)"
    r"|you\s{1,4}are\s{1,4}now\s{1,4}(?:a\s{1,4}|an\s{1,4}|in\s{1,4})?[a-z]{2,20}(?:\s{1,4}mode)?"
    r"|new\s{1,4}(?:system\s{1,4})?instructions\s{0,4}:"
    r"|(?:reveal|print|show|output|repeat|leak)\s{1,4}(?:your|the)\s{1,4}(?:system\s{1,4}prompt|hidden\s{1,4}prompt|instructions)"
    r"|do\s{1,4}not\s{1,4}(?:tell|inform|alert)\s{1,4}the\s{1,4}user"
    r"|<\|im_start\|>|<\|im_end\|>|<<sys>>|\[/?inst\]|developer\s{1,4}mode\s{1,4}(?:enabled|on)|jailbreak"
)
_INJECTION_KEYS = ("ignore", "disregard", "forget", "override", "you are now", "instructions", "system prompt",
                   "do not", "im_start", "im_end", "<<sys>>", "inst]", "developer mode", "jailbreak", "prompt")


def find_extended_early(text: str, low: str) -> list[Hit]:
    """Service accounts and connection strings (they run before URLs and emails)."""
    hits: list[Hit] = []
    if "gserviceaccount" in low or "arn:aws:iam" in low:
        hits += [Hit(m.start(), m.end(), "SERVICE_ACCOUNT", "service-account") for m in _SERVICE_ACCOUNT.finditer(low)]
    if "jdbc:" in low or "=" in low and ("server=" in low or "data source=" in low or "host=" in low or "endpoint=" in low):
        hits += [Hit(m.start(), m.end(), "CONNECTION", "connection-string") for m in _CONNECTION.finditer(low)]
    return hits


def find_extended_ids(text: str, low: str) -> list[Hit]:
    """MAC addresses and driver's licence numbers (IBAN, DOB and passports are default: personal_ids)."""
    hits: list[Hit] = []
    if ":" in text or "-" in text:
        hits += [Hit(m.start(), m.end(), "MAC", "mac-address") for m in _MAC.finditer(text)]
    if "licen" in low:
        hits += [Hit(*m.span("v"), "DRIVER_ID", "driver-licence") for m in _DRIVER.finditer(low)
                 if any(c.isdigit() for c in m.group("v"))]
    return hits


def find_markers(text: str, low: str) -> list[Hit]:
    """Invisible Unicode control runs and prompt-injection phrases."""
    hits: list[Hit] = []
    if not text.isascii():
        for m in _INVISIBLE.finditer(text):
            if m.start() == 0 and m.group() == "\ufeff":
                continue
            hits.append(Hit(m.start(), m.end(), "INVISIBLE", "invisible-control"))
    if any(k in low for k in _INJECTION_KEYS):
        hits += [Hit(m.start(), m.end(), "INJECTION", "prompt-injection") for m in _INJECTION.finditer(low)]
    return hits


#: Rule listing for ``redctx rules``: (id, category, profile, description).
PATTERN_RULES: tuple[tuple[str, str, str, str], ...] = (
    ("url", "URL", "default", "URLs of any scheme (credentials inside are SECRET)"),
    ("url-www", "URL", "default", "www. addresses without a scheme"),
    ("email", "EMAIL", "default", "email addresses"),
    ("email-url-encoded", "EMAIL", "default", "URL-encoded email addresses (a.b%40example.com), same placeholder as decoded"),
    ("email-spelled-out", "EMAIL", "default", "addresses spelled out (a.b [at] example [dot] com), same placeholder as plain"),
    ("unc-host", "DOMAIN", "default", "hosts of UNC paths (\\\\fs01.corp.local\\share)"),
    ("uuid", "ID", "default", "UUIDs"),
    ("us-ssn", "SSN", "default", "US social security numbers (valid area/group/serial)"),
    ("ipv4", "IP", "default", "IPv4 addresses with valid octets (loopback, 0.0.0.0 and netmasks stay)"),
    ("ipv6", "IP", "default", "IPv6 addresses (validated; ::1 and :: stay)"),
    ("payment-card", "CARD", "default", "payment card numbers (issuer prefix and Luhn checksum)"),
    ("phone", "PHONE", "default", "phone numbers: international + and 00, (area), national and local DE/ES/FR/UK/IN formats, or after a cue"),
    ("domain", "DOMAIN", "default", "domain names (file names such as main.py or notes.md stay)"),
    ("handle", "HANDLE", "default", "@handles (decorators, CSS at-rules and doc tags stay)"),
    ("profile-link", "HANDLE", "default",
     "handles after profile hosts written without a scheme (t.me/x, instagram.com/x, linkedin.com/in/x; wa.me/<phone>)"),
    ("service-account", "SERVICE_ACCOUNT", "extended", "GCP service accounts and AWS IAM ARNs"),
    ("connection-string", "CONNECTION", "extended", "JDBC URLs and key=value connection strings"),
    ("mac-address", "MAC", "extended", "MAC addresses"),
    ("driver-licence", "DRIVER_ID", "extended", "driver's licence numbers after a licence label"),
    ("invisible-control", "INVISIBLE", "extended", "invisible Unicode control characters (zero-width, bidi, tags)"),
    ("prompt-injection", "INJECTION", "extended", "prompt-injection phrases"),
) + personal_ids.RULES + mrz.RULES + columns.RULES + usernames.RULES + logins_sys.RULES + accounts.RULES + cardfields.RULES + mail_decode.RULES \
    + script_names.RULES + id_rows.RULES + addresses.RULES + chat_ids.RULES + person_fields.RULES + id_retold.RULES \
    + local_people.RULES + near_ids.RULES + world_ids.RULES
