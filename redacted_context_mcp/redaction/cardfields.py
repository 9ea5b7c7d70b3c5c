"""Names in the fields of contact cards and invitations (vCard ``FN:``/``N:``, iCalendar ``CN=``), both modes.

A vCard (``BEGIN:VCARD``, or a fragment holding both ``FN`` and ``N``) names its person in
``FN`` (the formatted name) and ``N`` (family; given; additional; prefixes; suffixes). Those
values are PERSON whatever their case or particles (``N:van der Kolk;Maarten;;;``); each
non-empty component of ``N`` is its own hit, the separators stay. Parameters
(``FN;CHARSET=UTF-8:``) and group prefixes (``item1.FN:``) are read; a folded continuation line
is not (the name stages still see it). A vCard's ``TEL`` and ``BDAY`` values are PHONE and DOB.

An LDIF export (``dn:`` lines, ``objectClass``/``uid``) names its person in ``cn``, ``sn``,
``givenName``, ``displayName``, ``gecos`` (base64 after ``::`` too: the encoded value is
redacted whole), its login in ``uid:``, ``uid=`` of a DN, the last part of ``homeDirectory`` and
ldapsearch's ``# login, people, example.com`` comment lines.

Imports: redaction.spans, redaction.textview.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import Words

# A line "FN:...", "N:...", "item1.FN;...:..." (group prefix, parameters), up to the line end.
_FIELD = re.compile(r"(?m)^(?:item[0-9]{1,3}\.)?(?P<k>FN|N|NICKNAME|X-PHONETIC-(?:FIRST|LAST)-NAME)(?:;[^:\n]{0,80})?:"
                    r"(?P<v>[^\n]{1,200}?)[ \t\r]*$")
_PART = re.compile(r"[^;,]+")
#: iCalendar ORGANIZER/ATTENDEE lines name their person in the CN parameter (any case: a login too).
_CN = re.compile(r"(?m)^(?:ORGANIZER|ATTENDEE)[^:\n]{0,200}?;CN=(?:\"(?P<q>[^\"\n]{1,80})\"|(?P<v>[^;:\n]{1,80}))")


# vCard TEL / BDAY lines (round 10): the number or date after the parameters, up to the line end
_CARD_VALUE = re.compile(r"(?m)^(?:item[0-9]{1,3}\.)?(?P<k>TEL|BDAY|ANNIVERSARY)(?:;[^:\n]{0,120})?:"
                         r"(?:tel:)?(?P<v>[^\n]{1,80}?)[ \t\r]*$")
# LDIF person attributes (round 10): plain or base64 (``cn:: …``) values, and ``uid=`` in a DN
_LDIF_ATTR = re.compile(r"(?m)^(?P<k>cn|sn|givenName|displayName|gecos|uid|initials|homeDirectory)(?P<b>::?)[ \t]?"
                        r"(?P<v>[^\n]{1,200}?)[ \t\r]*$")
_LDIF_COMMENT = re.compile(r"(?m)^# (?P<v>[^\s,#=]{2,64}), [a-z]")  # ldapsearch's "# login, people, example.com"
_LDIF_UID = re.compile(r"(?<![A-Za-z])uid=(?P<v>[^,+\n=]{1,64})")
_LDIF_CATS = {"uid": "HANDLE", "homeDirectory": "HANDLE"}


def _ldif_hits(text: str, hits: list[Hit]) -> None:
    for m in _LDIF_ATTR.finditer(text):
        k, v, vs = m.group("k"), m.group("v"), m.start("v")
        if k == "homeDirectory":  # the last component of the home directory is the login
            cut = v.rstrip("/").rfind("/")
            if cut < 0 or cut + 1 >= len(v.rstrip("/")):
                continue
            hits.append(Hit(vs + cut + 1, vs + len(v.rstrip("/")), "HANDLE", "ldif-person"))
        elif any(c.isalpha() for c in v):
            cat = "PERSON" if m.group("b") == "::" else _LDIF_CATS.get(k, "PERSON")
            hits.append(Hit(vs, vs + len(v), cat, "ldif-person"))
    for m in _LDIF_COMMENT.finditer(text):
        hits.append(Hit(*m.span("v"), "HANDLE", "ldif-person"))
    for m in _LDIF_UID.finditer(text):
        if any(c.isalpha() for c in m.group("v")):
            hits.append(Hit(*m.span("v"), "HANDLE", "ldif-person"))


def find_card_names(text: str, words: Words) -> list[Hit]:
    """PERSON hits for the name fields of the vCards in ``text``."""
    hits: list[Hit] = []
    runs = words.set
    if "cn" in runs and ";CN=" in text:
        for m in _CN.finditer(text):
            g = "q" if m.start("q") >= 0 else "v"
            if any(c.isalpha() for c in m.group(g)):
                hits.append(Hit(*m.span(g), "PERSON", "vcard-name"))
    if ("dn" in runs and ("objectclass" in runs or "uid" in runs) and ("\ndn:" in text or text.startswith("dn:"))):
        _ldif_hits(text, hits)
    if "fn" not in runs or not ("FN:" in text or "FN;" in text):
        return hits
    # a whole card, or a fragment that holds both name fields (grep output, a pasted card)
    if not ("vcard" in runs and "BEGIN:VCARD" in text.upper()
            or "\nN:" in text or "\nN;" in text or text.startswith(("N:", "N;"))):
        return hits
    for m in _CARD_VALUE.finditer(text):
        if any(c.isdigit() for c in m.group("v")):
            hits.append(Hit(*m.span("v"), "PHONE" if m.group("k") == "TEL" else "DOB", "vcard-name"))
    for m in _FIELD.finditer(text):
        vs = m.start("v")
        value = m.group("v")
        if m.group("k") == "N":
            for p in _PART.finditer(value):
                s, e = vs + p.start(), vs + p.end()
                while s < e and text[s] in " \t":
                    s += 1
                while e > s and text[e - 1] in " \t":
                    e -= 1
                if e > s and any(c.isalpha() for c in text[s:e]):
                    hits.append(Hit(s, e, "PERSON", "vcard-name"))
        elif any(c.isalpha() for c in value):
            hits.append(Hit(vs, vs + len(value), "PERSON", "vcard-name"))
    return hits


#: Rule listing rows for ``redctx rules``: (id, category, profile, description).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("vcard-name", "PERSON", "default",
     "names in vCard FN:/N:/NICKNAME: fields (each N component) and iCalendar ORGANIZER/ATTENDEE CN= values"),
    ("ldif-person", "PERSON", "default",
     "LDIF person attributes (cn, sn, givenName, displayName, uid, plain or base64 ::) and uid= in DNs"),
)
