"""A decoded view of encoded mail, for detection only, with a map back to the raw text.

Three encodings hide names and addresses from every stage:

- RFC 2047 encoded words in headers (``=?UTF-8?Q?Zo=C3=AB?=``, ``=?utf-8?B?…?=``);
  whitespace between two adjacent encoded words is dropped, as the RFC says;
- quoted-printable bodies (``=C3=AF``, ``=3D``, ``=`` soft line breaks), decoded only
  when the text declares quoted-printable or shows several QP escapes;
- folded header lines: a line break plus indentation inside a header block of a
  mail (an address split across the fold is joined again);
- base64 bodies of a mail's text parts (``Content-Transfer-Encoding: base64`` under a
  ``text/*`` or no content type): each decoded character carries the raw span of the
  base64 line its first byte came from, and the line breaks between lines are dropped,
  so a name split across two lines is found and both lines are covered.

The engine runs every stage on the view and maps each hit back: a view
character carries the raw span it came from (a whole encoded word, a whole
``=XX`` run, or itself), so a hit always covers complete encoded units and no
raw or encoded piece of a value survives.

Imports: redaction.textview (the letter-run view type).
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
from typing import NamedTuple

from redacted_context_mcp.redaction.textview import Words

_WORD = re.compile(
    r"=\?(?P<cs>[A-Za-z0-9_\-]{1,40})(?:\*[A-Za-z\-]{1,20})?\?(?P<enc>[QqBb])\?(?P<data>[^?\s]{0,900})\?="
)
_QP_RUN = re.compile(r"(?:=[0-9A-Fa-f]{2}){1,64}")
_QP_SOFT = re.compile(r"=\r?\n")
#: Evidence of quoted-printable: hex escapes. A bare ``=`` at a line end is not enough on its own
#: (base64 padding ends lines in go.sum, key files and dumps); it counts only in a text that is mail.
_QP_HINT = re.compile(r"=[0-9A-F]{2}(?:=[0-9A-F]{2}|[ \t]{0,2}\r?\n)|=3D")
_MAIL_HEADER = re.compile(
    r"\n(?:from|to|cc|bcc|subject|received|message-id|mime-version|content-type|reply-to|return-path|"
    r"delivered-to|sender|date):", re.IGNORECASE,
)
_HEADER_LINE = re.compile(r"[A-Za-z][A-Za-z0-9\-]{0,60}:")
_FOLD = re.compile(r"\r?\n[ \t]{1,64}")
_CARD_FOLD = re.compile(r"\r?\n[ \t]")
_Q_BYTE = re.compile(r"=([0-9A-Fa-f]{2})")
_B64_CTE = re.compile(r"content-transfer-encoding:[ \t]{0,8}base64[ \t]{0,8}\r?\n", re.IGNORECASE)
_B64_LINE = re.compile(r"[A-Za-z0-9+/]{4,76}={0,2}\r?(?:\n|$)")
_PART_TYPE = re.compile(r"content-type:[ \t]{0,8}(?P<t>[a-z0-9.+\-]{1,40}/[a-z0-9.+\-]{1,80})"
                        r"(?:[^\n]{0,200}?charset=\"?(?P<cs>[a-z0-9_\-]{1,40}))?", re.IGNORECASE)
_B64_MAX_LINES = 4096
_BLANK_LINE = re.compile(r"\r?\n\r?\n")
_SINGLE_BYTE = ("latin", "iso8859", "cp125", "ascii", "windows-125")


class View(NamedTuple):
    """``text`` (decoded) with the raw span of each of its characters."""

    text: str
    starts: list[int]
    ends: list[int]

    def span(self, s: int, e: int) -> tuple[int, int]:
        """The raw span covering view characters ``[s, e)``."""
        return self.starts[s], self.ends[e - 1]


def _charset(name: str) -> str:
    try:
        return codecs.lookup(name).name
    except LookupError:
        return "utf-8"


def _bytes_text(data: bytes, charset: str = "utf-8") -> str:
    try:
        return data.decode(_charset(charset))
    except UnicodeDecodeError:
        return data.decode("latin-1")


def decode_word(m: re.Match[str]) -> str | None:
    """The text of one encoded word, or None when it does not decode."""
    data = m.group("data")
    if m.group("enc") in "Bb":
        try:
            raw = base64.b64decode(data + "=" * (-len(data) % 4), validate=False)
        except (binascii.Error, ValueError):
            return None
    else:
        raw = _Q_BYTE.sub(lambda b: chr(int(b.group(1), 16)), data.replace("_", " ")).encode("latin-1", "replace")
    return _bytes_text(raw, m.group("cs"))


def _b64_events(text: str, events: list[tuple[int, int, str, str]]) -> None:
    """Events for the base64 bodies of text parts: one per body line (the line and its line break,
    the last line without), holding the characters whose first byte that line decodes to."""
    for m in _B64_CTE.finditer(text):
        head_lo = max(text.rfind("\n\n", 0, m.start()), text.rfind("\n--", 0, m.start()), 0)
        part = _PART_TYPE.search(text, head_lo, m.start())
        body = m.end()
        if part is None:  # Content-Type may follow the transfer encoding in the same header block
            blank = text.find("\n\n", body - 1)
            part = _PART_TYPE.search(text, body, blank if blank >= 0 else len(text))
        if part is not None and not part.group("t").lower().startswith("text/"):
            continue  # an attachment (image, PDF, archive): not text
        charset = (part.group("cs") if part is not None and part.group("cs") else "utf-8").lower()
        blank = _BLANK_LINE.search(text, body - 1)
        if blank is None:
            continue
        pos = blank.end()
        lines: list[tuple[int, int, bytes]] = []
        while len(lines) < _B64_MAX_LINES:
            lm = _B64_LINE.match(text, pos)
            if lm is None:
                break
            data = lm.group().rstrip("\r\n")
            try:
                raw = base64.b64decode(data + "=" * (-len(data) % 4), validate=True)
            except (binascii.Error, ValueError):
                break
            lines.append((pos, lm.end(), raw))
            pos = lm.end()
            if data.endswith("="):
                break
        if not lines:
            continue
        blob = b"".join(r for _, _, r in lines)
        owner = [i for i, (_, _, r) in enumerate(lines) for _ in r]  # line index of every byte
        try:
            decoded = blob.decode("utf-8") if not charset.startswith(_SINGLE_BYTE) else blob.decode("latin-1")
            sizes = [len(ch.encode("utf-8")) for ch in decoded] if not charset.startswith(_SINGLE_BYTE) \
                else [1] * len(decoded)
        except UnicodeDecodeError:
            decoded, sizes = blob.decode("latin-1"), [1] * len(blob)
        chunks = [[] for _ in lines]
        b = 0
        for ch, size in zip(decoded, sizes):
            chunks[owner[b]].append(ch)
            b += size
        last = len(lines) - 1
        for i, (ls, le, _) in enumerate(lines):
            end = le
            if i == last:  # the last line keeps its line break
                end -= len(text[ls:le]) - len(text[ls:le].rstrip("\r\n"))
            events.append((ls, end, "b64", "".join(chunks[i]) or "\x00"))


def _fold_spans(text: str) -> list[tuple[int, int]]:
    """Folds (line break + indentation) that continue a header line, inside header blocks."""
    spans = []
    in_header = False
    pos = 0
    n = len(text)
    while pos < n:
        end = text.find("\n", pos)
        end = n if end < 0 else end
        line = text[pos:end].rstrip("\r")
        if not line.strip():
            in_header = False
        elif _HEADER_LINE.match(line):
            in_header = True
        elif line[:1] in " \t" and in_header:
            spans.append((pos - 1 - (1 if pos >= 2 and text[pos - 2] == "\r" else 0),
                          pos + len(line) - len(line.lstrip(" \t"))))
        elif line[:1] not in " \t":
            in_header = False
        pos = end + 1
    return spans


def _splits_address(text: str, s: int, e: int) -> bool:
    """True when a fold cuts an address (``<mailto:a.b@exam`` + fold + ``ple.com>``): join without a space."""
    if s == 0 or e >= len(text) or text[s - 1].isspace() or text[e].isspace():
        return False
    lo = max(0, s - 80)
    head = text[lo:s]
    cut = max(head.rfind(" "), head.rfind("\t"), head.rfind("\n"))
    token = head[cut + 1:]
    return "@" in token or "mailto:" in token.lower() or text[e] == "@" or (token.startswith("<") and ">" not in token)


#: Every header :func:`_looks_like_mail` needs one of, as one scan led by their ":" (ASCII case
#: folding is the same as testing the lowered text here: no other character lowers to one of theirs
#: followed by the next), so most texts are ruled out without lowering them.
_MAIL_CUE = re.compile(r":(?:(?<=subject:)|(?<=mime-version:)|(?<=message-id:)|(?<=\nreceived:)|(?<=return-path:))",
                       re.IGNORECASE | re.ASCII)


def _looks_like_mail(text: str) -> bool:
    """A mail or mbox: a header only mail has, or a subject line next to a from/to line (in the
    first 64 KiB of ``text``)."""
    if _MAIL_CUE.search(text, 0, 65_536) is None:
        return False
    head = text[:65_536].lower()
    if "mime-version:" in head or "message-id:" in head or "\nreceived:" in head or "return-path:" in head:
        return True
    if "subject:" not in head or ("from:" not in head and "\nto:" not in head):
        return False
    return _MAIL_HEADER.search("\n" + head) is not None


#: Any of ``=\n``, ``=\r\n``, ``=3D``, ``=C3``, ``=20``: one literal-led scan instead of five substring tests.
_QP_TRACE = re.compile(r"=(?:\n|\r\n|3D|C3|20)")


#: Letter runs one of :func:`_looks_like_mail`'s first four headers leaves in an ASCII text
#: (``mime-version:``, ``message-id:``, ``\\nreceived:``, ``return-path:``: framed by ``-``/``\\n`` and ``:``).
_MAIL_RUNS = frozenset({"version", "id", "received", "path"})


def _may_be_mail(text: str, words: Words) -> bool:
    """False only when :func:`_looks_like_mail` is False for ``text``'s head (``words``: its letter-run view).

    Its other way in needs ``subject:``, an a-z word, which occurs exactly when ``joined`` holds it."""
    if not text.isascii():
        return True
    return not _MAIL_RUNS.isdisjoint(words.set) or "subject" in words.joined


def decoded_view(text: str, indented: bool | None = None, words: Words | None = None,
                 escaped: bool = True) -> View | None:
    """The decoded view of ``text``, or None when nothing in it is encoded (``indented``: whether
    ``"\\n "`` or ``"\\n\\t"`` is in ``text``, when the caller knows; ``words``: its letter-run view,
    ``textview.letter_words(fold(text))``, when the caller has it; ``escaped=False``: the caller knows
    ``"="`` is not in ``text``, so only folded headers can be there: every encoded word and
    quoted-printable escape holds one)."""
    events: list[tuple[int, int, str, str]] = []  # (start, end, kind, replacement)
    if escaped and "?" in text and "=?" in text:
        for m in _WORD.finditer(text):
            dec = decode_word(m)
            if dec is not None:
                events.append((m.start(), m.end(), "word", dec))
    qp = escaped and _QP_TRACE.search(text) is not None and (
        "uoted-printable" in text or "UOTED-PRINTABLE" in text or len(_QP_HINT.findall(text, 0, 200_000)) >= 2
        or (len(_QP_SOFT.findall(text, 0, 200_000)) >= 2 and _looks_like_mail(text)))
    if qp:
        for m in _QP_SOFT.finditer(text):
            events.append((m.start(), m.end(), "soft", ""))
        for m in _QP_RUN.finditer(text):
            events.append((m.start(), m.end(), "qp", ""))
    # a base64 body: "base" is a whole letter run of the header (a set test), then the mail test
    if (words is None or "base" in words.set) and ":" in text and (words is None or _may_be_mail(text, words)) \
            and _looks_like_mail(text):
        _b64_events(text, events)
    # the mail test first: its scan costs less than the two-character searches
    if ":" in text and indented is not False and (words is None or _may_be_mail(text, words)) \
            and _looks_like_mail(text) and (indented or "\n " in text or "\t" in text and "\n\t" in text):
        for s, e in _fold_spans(text):
            events.append((s, e, "fold", ""))
    # iCalendar and vCard content lines fold with a line break and ONE space or tab, joined with nothing
    # (RFC 5545 3.1, RFC 6350 3.2): "CN=Le Th" + fold + "i Huong", "mailto:huong.le@exam" + fold + "ple.vn"
    if indented is not False and "BEGIN:V" in text and ("\n " in text or "\n\t" in text) \
            and ("BEGIN:VCALENDAR" in text or "BEGIN:VCARD" in text):
        for m in _CARD_FOLD.finditer(text):
            events.append((m.start(), m.end(), "cfold", ""))
    if not events:
        return None
    events.sort()
    parts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    pos = 0
    prev_word_end = -1
    for s, e, kind, rep in events:
        if s < pos:
            continue  # inside an earlier event (a QP run inside an encoded word)
        gap = text[pos:s]
        if kind == "word" and prev_word_end == pos and gap and not gap.strip():
            gap = ""  # whitespace between adjacent encoded words is not part of the text
        else:
            parts.append(gap)
            starts.extend(range(pos, s))
            ends.extend(range(pos + 1, s + 1))
        if kind == "b64" and rep == "\x00":
            rep = ""  # a line whose bytes all went to characters of earlier lines
        if kind == "qp":
            raw = bytes(int(text[i + 1:i + 3], 16) for i in range(s, e, 3))
            rep = _bytes_text(raw)
        elif kind == "fold":
            rep = "" if _splits_address(text, s, e) else " "
        if rep:
            parts.append(rep)
            starts.extend([s] * len(rep))
            ends.extend([e] * len(rep))
        pos = e
        prev_word_end = e if kind == "word" else -1
    parts.append(text[pos:])
    starts.extend(range(pos, len(text)))
    ends.extend(range(pos + 1, len(text) + 1))
    view = "".join(parts)
    if view == text:
        return None
    return View(view, starts, ends)


#: Rule listing rows for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("mail-decoding", "(any)", "default",
     "RFC 2047 words, quoted-printable, folded headers and base64 text parts of mail are decoded for every stage; "
     "the encoded span is redacted"),
)
