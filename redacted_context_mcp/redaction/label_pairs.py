"""A JSON field's label and value as two keys of one object (round 12): ``{"label": "CPR-nummer", "value": "…"}``.

HR and form exports (Personio, Typeform, custom fields of ticket systems) keep custom fields as objects whose
``label`` (or ``name``/``title``) names the field and whose ``value`` holds it: the label rows of
``personal_ids`` never see the label beside its value. A label that names a personal column of ``columns``
(``First name``, ``Privatadresse``, ``Mobil``) gives the whole value that column's category; any other pair is
read again as ``<label>: <value>`` by the labelled rows (and the phone rules after a phone word), and their
hits are mapped back onto the value.

Imports: redaction.columns, redaction.personal_ids, redaction.phones, redaction.spans, redaction.terms.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import fold

_PAIR = re.compile(r"\"(?:label|title|field|field_name|fieldName|display_name)\"[ \t]{0,2}:[ \t]{0,2}"
                   r"\"(?P<l>[^\"\\\n]{1,60})\"[ \t]{0,2},[ \t]{0,2}\"value\"[ \t]{0,2}:[ \t]{0,2}"
                   r"\"(?P<v>[^\"\\\n]{1,120})\"")

#: Labels of a phone field (folded): the value is read by the phone rules too.
_PHONE_LABEL = re.compile(r"(?<![a-z])(?:mobil|mobile|phone|tel|telefon|telefone|teléfono|telefono|handy|cell|puhelin"
                          r"|matkapuhelin|gsm|portable|móvil|movil|celular)")

#: The column categories a pair's label may give its value (secrets keep their own rules).
_COLUMN_CATS = frozenset(("PERSON", "ADDRESS", "PHONE", "DOB", "NATIONAL_ID", "PASSPORT", "IBAN", "BANK_ACCOUNT",
                          "VAT_ID", "HANDLE"))


def find_label_pairs(text: str) -> list[Hit]:
    if '"value"' not in text:
        return []
    from redacted_context_mcp.redaction.columns import _NORM, _WEAK, _column_of
    from redacted_context_mcp.redaction.personal_ids import find_labelled  # (personal_ids imports the engine's rows)
    from redacted_context_mcp.redaction.phones import find_phones

    out: list[Hit] = []
    for m in _PAIR.finditer(text):
        label, value = m.group("l"), m.group("v")
        syn = f"{label}: {value}"
        base = len(label) + 2
        low = fold(syn)
        hits = find_labelled(syn, low)
        if _PHONE_LABEL.search(low, 0, len(label)):
            hits += find_phones(syn, low)
        key = _NORM.sub(" ", label.lower()).strip()
        col = _column_of(key) if key else None
        if col is not None and col[0] not in _WEAK and col[1][0] in _COLUMN_CATS and (
                any(c.isdigit() for c in value) if col[1][1] else any(c.isalpha() for c in value)):
            out.append(Hit(m.start("v"), m.end("v"), col[1][0], "table-column"))  # the label read as a column
            continue
        for h in hits:
            if h[0] >= base:
                out.append(Hit(m.start("v") + h[0] - base, m.start("v") + h[1] - base, *h[2:]))
    return out
