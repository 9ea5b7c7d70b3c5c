"""A JSON field's label and value as two keys of one object (round 12): ``{"label": "CPR-nummer", "value": "…"}``.

HR and form exports (Personio, Typeform, custom fields of ticket systems) keep custom fields as objects whose
``label`` (or ``name``/``title``) names the field and whose ``value`` holds it: the label rows of
``personal_ids`` never see the label beside its value. Each pair is read again as ``<label>: <value>`` by the
labelled rows, and their hits are mapped back onto the value.

Imports: redaction.personal_ids, redaction.spans, redaction.terms.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.terms import fold

_PAIR = re.compile(r"\"(?:label|title|field|field_name|fieldName|display_name)\"[ \t]{0,2}:[ \t]{0,2}"
                   r"\"(?P<l>[^\"\\\n]{1,60})\"[ \t]{0,2},[ \t]{0,2}\"value\"[ \t]{0,2}:[ \t]{0,2}"
                   r"\"(?P<v>[^\"\\\n]{1,120})\"")


def find_label_pairs(text: str) -> list[Hit]:
    if '"value"' not in text:
        return []
    from redacted_context_mcp.redaction.personal_ids import find_labelled  # (personal_ids imports the engine's rows)

    out: list[Hit] = []
    for m in _PAIR.finditer(text):
        label, value = m.group("l"), m.group("v")
        syn = f"{label}: {value}"
        base = len(label) + 2
        for h in find_labelled(syn, fold(syn)):
            if h[0] >= base:
                out.append(Hit(m.start("v") + h[0] - base, m.start("v") + h[1] - base, *h[2:]))
    return out
