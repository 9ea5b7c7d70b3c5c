"""Spans that look sensitive to some stage but are not: claimed first, kept verbatim.

- content digests ``sha256:<64 hex>`` (image digests, lock files) and Subresource Integrity
  values ``sha384-<64 base64>`` (``integrity=`` in HTML, npm lockfiles): public hashes of
  public files, not secrets and not words (exact lengths only: 256/384/512 bits);
- the key name of an XML ``<add key="PageSize" …>`` setting: a name, not a secret
  (its ``value`` is still checked by every stage);
- inline images (``data:image/png;base64,…``, a notebook's ``"image/png": "…"``) whose
  base64 starts with an image format's magic bytes: pixels, not words (the secret stage
  has already looked at them);
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
from redacted_context_mcp.redaction.textview import Words

_DIGEST = re.compile(r"(?:sha(?:256|384|512|1)|md5)(?<![A-Za-z0-9_]sha...)(?<![A-Za-z0-9_]md5):[0-9a-f]{32,128}"
                     r"(?![0-9A-Za-z])")
#: An SRI value: the base64 of a SHA-2 digest at its exact length, padding included (led by ``sha``, the
#: boundary a lookbehind after it: a pattern that starts with a lookbehind is tried at every position).
_SRI = re.compile(r"sha(?<![A-Za-z0-9_]sha)(?:256-[A-Za-z0-9+/]{43}=|384-[A-Za-z0-9+/]{64}|512-[A-Za-z0-9+/]{86}==)"
                  r"(?![A-Za-z0-9+/=])")
_ADD_KEY = re.compile(r"<add[ \t]{1,4}key[ \t]{0,2}=[ \t]{0,2}\"(?P<v>[A-Za-z][A-Za-z_.:\-]{0,60}[A-Za-z])\"")
_TZ_AREAS = ("Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc|Brazil|Canada|Mexico"
             "|Chile|US")
_IANA = re.compile(r"/(?:" + "|".join(f"(?<={a}/)" for a in _TZ_AREAS.split("|")) + r")[A-Z][A-Za-z_\-]{1,30}"
                   r"(?:/[A-Z][A-Za-z_\-]{1,30})?(?![\w/])")
_TZ_AREA_LIST = tuple(_TZ_AREAS.split("|"))
_WINDOWS_TZ = re.compile(r" Time(?:(?<=Universal Time)|(?<=Mean Time)|(?<=Standard Time)|(?<=Daylight Time)"
                         r"|(?<=Summer Time))(?![\w])")
# The capitalised words before "Standard Time" ("W. Europe", "Coordinated"), matched on the reversed text.
_TZ_WORDS_REV = re.compile(r"[a-z.]{0,20}[A-Z](?: [a-z.]{0,20}[A-Z]){0,3}")


def find_before_secrets(text: str, words: Words | None = None) -> list[Hit]:
    """Digests and XML setting names (they run before the secret stage); ``words``:
    ``textview.letter_words(fold(text))`` when the caller has it."""
    hits: list[Hit] = []
    # A one-character test (memchr) or the letter-run view first: each is implied by the test after it.
    joined = words.joined if words is not None else None
    if ":" in text and (((joined is None or "sha" in joined) and "sha" in text)
                        or ((joined is None or "md" in joined) and "md5" in text)):
        hits += [Hit(s, e, PLACEHOLDER_CATEGORY, "keep-digest") for s, e in _digest_spans(text)]
    if "-" in text and (joined is None or "sha" in joined) and "sha" in text:
        hits += [Hit(*m.span(), PLACEHOLDER_CATEGORY, "keep-digest") for m in _SRI.finditer(text)]
    if "<" in text and "<add" in text:
        hits += [Hit(*m.span("v"), PLACEHOLDER_CATEGORY, "keep-setting-name") for m in _ADD_KEY.finditer(text)]
    if "@" in text:
        if "<" in text and (joined is None or "id" in words.set):
            hits += [Hit(*m.span("v"), PLACEHOLDER_CATEGORY, "keep-message-id") for m in _MESSAGE_ID.finditer(text)]
        if "reply@" in text or "REPLY@" in text or "[bot]@" in text or "daemon@" in text or "postmaster@" in text \
                or "Reply@" in text or "DAEMON@" in text:
            hits += [Hit(*m.span(), PLACEHOLDER_CATEGORY, "keep-service-address")
                     for m in _SERVICE_ADDRESS.finditer(text)]
    return hits


#: A message's id (``Message-ID: <20261129172240.GA4411@mail.example.de>``, Postfix ``message-id=<...>``): a
#: token its sender's host made up, not a mailbox (round 11).
_MESSAGE_ID = re.compile(r"(?i:message-id|in-reply-to|references)[ \t]{0,2}[:=][ \t]{0,4}"
                         r"<(?P<v>[^<>@\s]{1,200}@[^<>@\s]{1,200})>")
#: A service's no-reply or bounce address and a GitHub bot's commit address: no person (round 11; a person's
#: ``name@users.noreply.github.com`` stays redacted).
_SERVICE_ADDRESS = re.compile(
    r"(?<![\w.+\-])(?:(?i:no-?reply|do-?not-?reply|mailer-daemon|postmaster)@[A-Za-z0-9][A-Za-z0-9.\-]{1,100}[A-Za-z]"
    r"|[0-9]{1,12}\+[A-Za-z0-9\-]{1,40}\[bot\]@users\.noreply\.github\.com)(?![\w.\-])")


def _digest_spans(text: str) -> list[tuple[int, int]]:
    """``_DIGEST.finditer(text)`` spans, the pattern tried only where ``sha`` or ``md5`` starts (a match
    must start there; the regex's own scan tries every position). Each search resumes past the last."""
    out = []
    find = text.find
    sha, md5 = find("sha"), find("md5")
    pos = 0
    while True:
        if 0 <= sha < pos:
            sha = find("sha", pos)
        if 0 <= md5 < pos:
            md5 = find("md5", pos)
        s = sha if md5 < 0 or 0 <= sha < md5 else md5
        if s < 0:
            return out
        m = _DIGEST.match(text, s)  # its lookbehinds see the text before s, as in finditer
        if m is None:
            pos = s + 1
        else:
            out.append(m.span())
            pos = m.end()


_IMAGE_BLOB = re.compile(r"(?:\"image/(?:png|jpeg|gif|webp)\":[ \t]{0,4}\"|data:image/(?:png|jpeg|gif|webp);base64,)"
                         r"(?P<v>(?:iVBORw0KGg|/9j/|R0lGOD|UklGR)[A-Za-z0-9+/=]{0,20000000})")


_AREA_BY_RUN = {a.lower(): a + "/" for a in _TZ_AREA_LIST}
_AREA_RUNS = frozenset(_AREA_BY_RUN)


def _may_hold_zone(text: str, words: Words | None) -> bool:
    """False only when no ``Area/`` starts a run of letters (no time-zone hit can be found then).

    A kept zone's area follows a non-alphanumeric character, so in an ASCII text its folded
    spelling is a whole letter run; a text without any area run skips the ``_IANA`` scan."""
    if words is None or not text.isascii():
        return True
    return any(_AREA_BY_RUN[run] in text for run in _AREA_RUNS.intersection(words.set))


def find_before_names(text: str, words: Words | None = None) -> list[Hit]:
    """Inline images and time-zone names (they run after configured terms, before the name heuristics);
    ``words`` as in :func:`find_before_secrets`."""
    hits: list[Hit] = []
    if "/" in text and "image/" in text:
        hits += [Hit(*m.span("v"), PLACEHOLDER_CATEGORY, "keep-inline-image") for m in _IMAGE_BLOB.finditer(text)]
    if "/" in text and _may_hold_zone(text, words):
        for m in _IANA.finditer(text):
            s = m.start()
            head = text[max(0, s - 11):s]
            area = next((a for a in _TZ_AREA_LIST if head.endswith(a)), None)
            if area is None:
                continue
            start = s - len(area)
            if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_/"):
                continue
            hits.append(Hit(start, m.end(), PLACEHOLDER_CATEGORY, "keep-time-zone"))
    # A " Time" the pattern accepts is a whole word: in an ASCII text, a whole run (a set test).
    if (words is None or ("time" in words.set if text.isascii() else "time" in words.joined)) and " Time" in text:
        for m in _WINDOWS_TZ.finditer(text):
            s = m.start()
            rm = _TZ_WORDS_REV.match(text[max(0, s - 90):s][::-1])
            if rm is None:
                continue
            start = s - rm.end()
            if start > 0 and (text[start - 1].isalnum() or text[start - 1] == "."):
                continue
            hits.append(Hit(start, m.end(), PLACEHOLDER_CATEGORY, "keep-time-zone"))
    return hits
