"""Spans that look sensitive to some stage but are not: claimed first, kept verbatim.

- content digests ``sha256:<64 hex>`` (image digests, lock files): not secrets;
- the key name of an XML ``<add key="PageSize" …>`` setting: a name, not a secret
  (its ``value`` is still checked by every stage);
- IANA time-zone names (``Asia/Ho_Chi_Minh``) and Windows time-zone names
  (``Coordinated Universal Time``, ``W. Europe Standard Time``): not people.

Keep hits use the placeholder category (``""``): rendered verbatim, never
counted. The engine drops a keep span that contains a configured term, so a
configured value is never kept raw.

Imports: redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import PLACEHOLDER_CATEGORY, Hit

_DIGEST = re.compile(r"(?<![A-Za-z0-9_])(?:sha256|sha384|sha512|sha1|md5):[0-9a-f]{32,128}(?![0-9A-Za-z])")
_ADD_KEY = re.compile(r"<add[ \t]{1,4}key[ \t]{0,2}=[ \t]{0,2}\"(?P<v>[A-Za-z][A-Za-z_.:\-]{0,60}[A-Za-z])\"")
_TZ_AREAS = ("Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc|Brazil|Canada|Mexico"
             "|Chile|US")
_IANA = re.compile(r"(?<![\w/])(?:" + _TZ_AREAS + r")/[A-Z][A-Za-z_\-]{1,30}(?:/[A-Z][A-Za-z_\-]{1,30})?(?![\w/])")
_WINDOWS_TZ = re.compile(
    r"(?:Coordinated Universal|Greenwich Mean|Universal)[ ]Time"
    r"|[A-Z](?<![\w.].)[A-Za-z.]{0,20}(?:[ ][A-Z][A-Za-z.]{0,20}){0,3}[ ](?:Standard|Daylight|Summer)[ ]Time"
)


def find_before_secrets(text: str) -> list[Hit]:
    """Digests and XML setting names (they run before the secret stage)."""
    hits: list[Hit] = []
    if ":" in text and ("sha" in text or "md5" in text):
        hits += [Hit(m.start(), m.end(), PLACEHOLDER_CATEGORY, "keep-digest") for m in _DIGEST.finditer(text)]
    if "<add" in text:
        hits += [Hit(*m.span("v"), PLACEHOLDER_CATEGORY, "keep-setting-name") for m in _ADD_KEY.finditer(text)]
    return hits


def find_before_names(text: str) -> list[Hit]:
    """Time-zone names (they run after configured terms, before the name heuristics)."""
    hits: list[Hit] = []
    if "/" in text:
        hits += [Hit(m.start(), m.end(), PLACEHOLDER_CATEGORY, "keep-time-zone") for m in _IANA.finditer(text)]
    if " Time" in text:
        hits += [Hit(m.start(), m.end(), PLACEHOLDER_CATEGORY, "keep-time-zone") for m in _WINDOWS_TZ.finditer(text)]
    return hits
