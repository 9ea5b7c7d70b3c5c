"""People in chat exports and transcripts: nicks, chat user ids, numbers and addresses said aloud (round 6).

- IRC logs (irssi ``[09:14] <nick>``, ``* nick waves``, ``-!- nick [~u@host] has joined``; HexChat
  ``Jan 12 09:14:03 <nick>``; WeeChat ``2026-01-12 09:14:03<TAB>nick<TAB>``), read when the text starts
  with such a line; services and bots (ChanServ, *bot) stay;
- chat user ids: Slack ``"U024BE7LH"`` (quoted in a text with a ``user`` key, or ``<@U...>``), Telegram
  ``"from_id": "user552901337"``, Discord ``"author": {"id": "<snowflake>"``;
- phone numbers read aloud (``oh seven seven zero oh, nine double zero four six one``) after a call cue;
- addresses spelled aloud (``dana dot whitfield at northwind labs dot io``, ``d, a, n, a, at gmail dot com``).

Imports: redaction.contact, redaction.secret_spoken, redaction.spans, redaction.textview.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.contact import _TLD_SET
from redacted_context_mcp.redaction.secret_spoken import _SPOKEN, _count, _cue_lines
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words

_NICK = r"(?P<v>[A-Za-z_\[\]\\^{}|`][\w\[\]\\^{}|`-]{0,30})"
_CLOCK = r"(?:\[?(?:\d{4}-\d{2}-\d{2}[ T])?\d{1,2}:\d{2}(?::\d{2})?\]?|[A-Z][a-z]{2}[ \t]\d{1,2}[ \t]\d{2}:\d{2}:\d{2})"
#: (rule id, regex over one log line): the IRC line forms that name a nick.
IRC_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("irc-message", re.compile(_CLOCK + r"[ \t]{1,2}<[@+%~&]?" + _NICK + r">")),
    ("irc-action", re.compile(_CLOCK + r"[ \t]{1,2}\*[ \t]" + _NICK + r"[ \t]")),
    ("irc-event", re.compile(_CLOCK + r"[ \t]{1,2}-!-[ \t]" + _NICK + r"[ \t]\[")),
    ("irc-weechat", re.compile(r"\d{4}-\d{2}-\d{2}[ \t]\d{2}:\d{2}:\d{2}\t[@+%~&]?" + _NICK + r"\t")),
)
_IRC_HEAD = re.compile(r"[ \t]{0,4}(?:\*{4} BEGINNING LOGGING|" + _CLOCK + r"[ \t\t]{1,2}(?:<|\*[ \t]|-!-|[@+]?\w))")
_SERVICES = frozenset(("chanserv", "nickserv", "memoserv", "operserv", "botserv", "hostserv", "global", "irc"))

_SLACK_ID = re.compile(r"(?:\"|<@)(?P<v>[UW][0-9A-Z]{8,10})(?=[\">|])")
_ID_RUNS = frozenset(("user", "users", "real", "profile", "members", "creator", "inviter"))
_TG_ID = re.compile(r"\"(?:from_id|actor_id|user_id|saved_from_id)\"[ \t]{0,2}:[ \t]{0,2}\"(?P<v>user\d{5,15})\"")
_DISCORD_ID = re.compile(r"\"author\"[ \t]{0,2}:[ \t]{0,2}\{[ \t\r\n]{0,20}\"id\"[ \t]{0,2}:[ \t]{0,2}"
                         r"\"(?P<v>\d{15,20})\"")

#: Words before a number said aloud that make it a phone number.
PHONE_CUES = frozenset(("number", "phone", "call", "reach", "mobile", "cell", "ring", "text", "whatsapp",
                        "landline", "extension", "ext"))
_PHONE_CUE = re.compile(r"(?<![a-z])(?:" + "|".join(sorted(PHONE_CUES, key=len, reverse=True)) + r")(?![a-z])")
_DIGIT_RUNS = frozenset(("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))
_SPELLED_LOCAL = (r"(?:[a-z0-9](?:,?[ \t]{1,2}[a-z0-9]){2,30},?"
                  r"|[a-z0-9]{1,64}(?:[ \t]{1,2}(?:dot|underscore|dash|hyphen)[ \t]{1,2}[a-z0-9]{1,64}){1,3})")
_SPOKEN_EMAIL = re.compile(
    r"(?<![\w.@])(?P<l>" + _SPELLED_LOCAL + r")[ \t]{1,2}at[ \t]{1,2}"
    r"(?P<d>[a-z0-9-]{1,40}(?:[ \t][a-z0-9-]{1,40}){0,2}?(?:[ \t]{1,2}dot[ \t]{1,2}[a-z0-9-]{1,40}){1,3})(?![\w])")


def _irc(text: str, out: list[Hit]) -> None:
    pos = 0
    n = len(text)
    while pos < n:
        end = text.find("\n", pos)
        end = n if end < 0 else end
        for rule, rx in IRC_FORMS:
            m = rx.match(text, pos, end)
            if m is not None:
                v = m.group("v").lower()
                if v not in _SERVICES and not v.endswith(("bot", "serv")):
                    out.append(Hit(*m.span("v"), "HANDLE", rule))
                break
        pos = end + 1


def _ids(text: str, runs: frozenset[str] | set[str], out: list[Hit]) -> None:
    if not _ID_RUNS.isdisjoint(runs) or "<@" in text:
        for m in _SLACK_ID.finditer(text):
            v = m.group("v")
            if sum(c.isdigit() for c in v) >= 2 and sum(c.isalpha() for c in v) >= 3:
                out.append(Hit(*m.span("v"), "HANDLE", "chat-user-id"))
    if "id" in runs and "user" in text:
        for m in _TG_ID.finditer(text):
            out.append(Hit(*m.span("v"), "HANDLE", "chat-user-id"))
    if "author" in runs and "\"author\"" in text:
        for m in _DISCORD_ID.finditer(text):
            out.append(Hit(*m.span("v"), "HANDLE", "chat-user-id"))


def _phones(low: str, cues: frozenset[str] | set[str], out: list[Hit]) -> None:
    for s, e in _cue_lines(low, cues):
        for m in _SPOKEN.finditer(low, s, e):
            if _count(m.group()) >= 7:
                ls = low.rfind("\n", 0, m.start()) + 1
                if _PHONE_CUE.search(low, ls, m.start()) is not None:
                    out.append(Hit(*m.span(), "PHONE", "spoken-phone"))


def _emails(low: str, out: list[Hit]) -> None:
    for m in _SPOKEN_EMAIL.finditer(low):
        tld = m.group("d").rsplit(" ", 1)[-1]
        if tld in _TLD_SET:
            out.append(Hit(*m.span(), "EMAIL", "spoken-email"))


#: Transcript speaker lines (round 10): Otter's "Name  00:04" / "Name  01:02:07" (two spaces, a clock, the line
#: end) and Zoom's "[Name] 10:31:02", found from their clock (literal-led), the name checked on its own.
_OTTER_CLOCK = re.compile(r"  (?:[0-9]{1,2}:)?[0-9]{1,2}:[0-9]{2}[ \t]*$", re.M)
_ZOOM_CLOCK = re.compile(r"\] (?:[0-9]{1,2}:)?[0-9]{1,2}:[0-9]{2}[ \t]*$", re.M)
_SPEAKER = re.compile(r"[^\W\d_][\w'’.\-]{0,30}(?: [^\W\d_][\w'’.\-]{0,30}){0,3}")
_ZOOM_CHAT = re.compile(r"From[ \t]{1,2}(?P<a>[^\n:()]{1,60}?)[ \t]{1,2}to"
                        r"[ \t]{1,2}(?P<b>[^\n:()]{1,60}?)[ \t]{0,2}(?:\((?:Direct Message|privately)\)[ \t]{0,2})?:")
_ZOOM_FROM = re.compile(r"From (?<=[0-9]{2}:[0-9]{2}:[0-9]{2} From )")
_SPEAKER_HEAD = 1500
_ZOOM_LEAD = re.compile(r"[0-9]{2}:[0-9]{2}:[0-9]{2}[ \t]{1,2}")
_NOT_SPEAKER = re.compile(r"(?i)(?:unknown )?speaker(?: [0-9a-z]{1,3})?|unknown|everyone|total|sum|elapsed|duration"
                          r"|(?:co-?)?host|me|moderator|presenter|organi[sz]er|interviewer|interviewee|guest|panelists"
                          r"|all panelists|attendees?|participants?|waiting room|narrator|caller|agent|customer|user")


def _speaker_lines(text: str, head: str, out: list[Hit]) -> None:
    """Speaker lines of a transcript (or a Zoom chat) whose first such line is in ``head``, its top."""
    found: list[Hit] = []
    for rx, lead in ((_OTTER_CLOCK, ""), (_ZOOM_CLOCK, "[")):
        if rx.search(head) is None:
            continue
        for m in rx.finditer(text):
            ls = text.rfind("\n", 0, m.start()) + 1
            if lead:
                if not text.startswith(lead, ls):
                    continue
                ls += 1
            end = m.start()
            name = text[ls:end]
            if _SPEAKER.fullmatch(name) is not None and _NOT_SPEAKER.fullmatch(name) is None:
                found.append(Hit(ls, end, "PERSON", "transcript-speaker"))
    if len(found) >= 2:  # a transcript has many speaker lines; one such line may be a table's
        out.extend(found)
    if "From " in head and _ZOOM_FROM.search(head) is not None:  # Zoom's chat: "10:02:15 From Name to Everyone : ..."
        for m in _ZOOM_CHAT.finditer(text):
            if _ZOOM_LEAD.fullmatch(text, text.rfind("\n", 0, m.start()) + 1, m.start()) is None:
                continue  # the clock alone before "From" on its line
            for g in ("a", "b"):
                name = m.group(g)
                if _SPEAKER.fullmatch(name) is not None and _NOT_SPEAKER.fullmatch(name) is None:
                    out.append(Hit(*m.span(g), "PERSON", "transcript-speaker"))


def find_chat_people(text: str, low: str, words: Words) -> list[Hit]:
    """HANDLE, PHONE and EMAIL hits of the chat and transcript forms above (``words``: ``letter_words(low)``)."""
    out: list[Hit] = []
    runs = words.set
    if ":" in text[:40] and _IRC_HEAD.match(text) is not None:  # a log starts with a log line
        _irc(text, out)
    if '"' in text or "<" in text and "<@" in text:
        _ids(text, runs, out)
    ascii_text = low.isascii()
    if (not _DIGIT_RUNS.isdisjoint(runs) if ascii_text else any(f" {w} " in words.joined for w in _DIGIT_RUNS)):
        cues = PHONE_CUES.intersection(runs) if ascii_text else {c for c in PHONE_CUES if f" {c} " in words.joined}
        if cues:
            _phones(low, cues, out)
    if "at" in runs and "dot" in runs:
        _emails(low, out)
    head = text[:_SPEAKER_HEAD]
    if "  " in head or "] " in head or "From " in head:
        _speaker_lines(text, head, out)
    return out


#: Rule listing rows for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("transcript-speaker", "PERSON", "default",
     "speaker lines of Otter/Zoom transcripts (\"Name  00:04\", \"[Name] 10:31:02\", two or more in a text) and "
     "Zoom chat senders and recipients (\"10:02:15 From Name to Name :\")"),
)
