"""Windows account names and chat mentions in the positions that announce them (both modes).

- ``DOMAIN\\user`` (``CORP\\jdoe``, ``runas /user:FIN\\jdoe``, also JSON-escaped ``CORP\\\\jdoe``):
  an upper-case NetBIOS domain of 2-15 characters, one backslash, a login that is not a folder
  (nothing after it but a separator) and not a string escape (``ERROR\\nfailed``);
- Windows event-log fields: ``Account Name:``, ``SubjectUserName:``, ``TargetUserName:``,
  ``User Name:``, ``UserName=`` (and ``<Data Name="TargetUserName">`` in the XML view) followed
  by a login (``-``, ``SYSTEM`` and machine accounts ``HOST$`` stay);
- ``/user:x`` arguments (``runas``, ``net use``, ``schtasks``);
- Slack mentions with their label: ``<@U04AB7QX2|name>``.

All are HANDLE; the engine's category precedence decides the final placeholder.

Imports: redaction.spans, redaction.textview, redaction.wordlists.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words
from redacted_context_mcp.redaction.wordlists import Lexicon

_LOGIN = r"[A-Za-z][A-Za-z0-9._\-]{0,38}[A-Za-z0-9_]"
# The backslash leads (a literal-led scan); the domain is read backwards from it.
_DOMAIN_USER = re.compile(r"\\(?<=[A-Z0-9]\\)\\?(?P<v>" + _LOGIN + r")(?![\\/\w$])")
_DOMAIN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
#: Registry roots and built-in principals: ``HKLM\\Software``, ``BUILTIN\\Administrators``.
_NOT_DOMAINS = frozenset({"HKLM", "HKCU", "HKCR", "HKU", "HKCC", "BUILTIN", "NT", "SYSTEM", "SOFTWARE", "HARDWARE"})
# Every field name ends in "Name": a scan led by that literal, the rest of the name a lookbehind.
_EVENT_FIELD = re.compile(
    r"Name(?:(?<=Account Name)|(?<=SubjectUserName)|(?<=TargetUserName)|(?<=User Name)|(?<=UserName))"
    r"[ \t]{0,2}[:=][ \t]{0,12}(?P<v>" + _LOGIN + r")(?![\w$\\@])")
_EVENT_RUNS = frozenset({"subjectusername", "targetusername", "targetoutboundusername", "username"})
#: The XML form of the same fields: ``<Data Name="TargetUserName">x</Data>``.
_EVENT_XML = re.compile(r'Name="(?:Target|Subject|TargetOutbound)?UserName">(?P<v>' + _LOGIN + r")</Data>")
# on the folded text (a literal-led scan; an IGNORECASE scan tests every character)
_USER_ARG = re.compile(r"/u(?:ser)?:(?P<v>" + _LOGIN.replace("A-Za-z", "a-z") + r")(?![\w$\\@])")
_SLACK = re.compile(r"<@[UW][A-Z0-9]{6,12}\|(?P<v>[^|<>\n]{1,60})>")
#: Principals every Windows machine has: they identify nobody.
_BUILTIN = frozenset(
    "system administrator administrators guest guests users anonymous local service network localsystem "
    "networkservice localservice defaultaccount wdagutilityaccount krbtgt everyone authenticated".split())
_HEX_ESCAPE = re.compile(r"x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}")
#: The escapes a string literal writes after a backslash (``"ERROR\\nfailed"``).
_ESCAPES = frozenset("nrtbfvau0x")


def _login_ok(value: str, lexicon: Lexicon, generic: frozenset[str]) -> bool:
    low = value.lower()
    if low in _BUILTIN or low in generic or not any(c.isalpha() for c in value):
        return False
    return not (value.islower() and value.isalpha() and lexicon.is_generic(value))


def find_accounts(text: str, low: str, lexicon: Lexicon, words: Words, generic: frozenset[str]) -> list[Hit]:
    """HANDLE hits for Windows accounts and Slack mention labels (``low``: the folded text, offsets
    as in ``text``; ``generic``: names of nobody)."""
    hits: list[Hit] = []
    runs = words.set
    if "\\" in text:
        for m in _DOMAIN_USER.finditer(text):
            s = m.start()
            j = s
            while j > 0 and s - j < 16 and text[j - 1] in _DOMAIN_CHARS:
                j -= 1
            domain = text[j:s]
            if len(domain) < 2 or (j > 0 and (text[j - 1].isalnum() or text[j - 1] in "\\/._")) \
                    or domain in _NOT_DOMAINS or not domain[0].isalpha():
                continue
            v = m.group("v")
            if _HEX_ESCAPE.match(v):
                continue  # an escaped control character (ESC shown as \\x1b), not a login
            if v[0] in _ESCAPES and text[m.start("v") - 2] != "\\" and lexicon.is_generic(v[1:]):
                continue  # a string escape before a word, not a login
            head, dot, tail = v.rpartition(".")
            if dot and len(tail) <= 4 and len(head) >= 2:
                continue  # a file name (DOCS\\main.c), not a login (CORP\\j.doe)
            if _login_ok(v, lexicon, generic):
                hits.append(Hit(*m.span("v"), "HANDLE", "windows-account"))
    if ("name" in runs and ("account" in runs or "user" in runs) or not runs.isdisjoint(_EVENT_RUNS)) \
            and "Name" in text:
        for m in _EVENT_FIELD.finditer(text):
            if _login_ok(m.group("v"), lexicon, generic):
                hits.append(Hit(*m.span("v"), "HANDLE", "windows-account"))
        if "</Data>" in text:
            for m in _EVENT_XML.finditer(text):
                if _login_ok(m.group("v"), lexicon, generic):
                    hits.append(Hit(*m.span("v"), "HANDLE", "windows-account"))
    # letter-run set lookups and one-character searches first (a two-character search costs ~0.6 ms/MB)
    if ("user" in runs or "u" in runs) and "/" in low and ("/user:" in low or "/u:" in low):
        for m in _USER_ARG.finditer(low):
            if _login_ok(text[m.start("v"):m.end("v")], lexicon, generic):
                hits.append(Hit(*m.span("v"), "HANDLE", "windows-account"))
    if "|" in text and "@" in text and "<@" in text:
        for m in _SLACK.finditer(text):
            hits.append(Hit(*m.span("v"), "HANDLE", "chat-mention"))
    return hits


#: Rule listing rows for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("windows-account", "HANDLE", "default",
     "Windows accounts: DOMAIN\\user, /user:x, event-log Account Name:/SubjectUserName:/TargetUserName:"),
    ("chat-mention", "HANDLE", "default", "the name of a Slack mention <@U…|name>"),
)
