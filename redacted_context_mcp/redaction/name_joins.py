"""Extend a found person name over the parts the capitalised-run scan splits off.

The name scan reads runs of capitalised words separated by single blanks, so a name found
there can stop short of the rest of the same name:

- a double-barrelled surname: ``Kerstin Müller-Lüdenscheidt`` (the hyphen ends the run);
- a nobiliary or Dutch/Romance particle before the surname: ``Friederike von Oppenheim-Dorn``,
  ``Maarten van der Kolk``, ``Maria de la Cruz`` (lower-case words end the run);
- an initial before a hyphenated second initial and the surname: ``J.-P. Kowalczyk``.

Each PERSON hit of the heuristic stage is extended to the end of that rest (one placeholder for
the whole name); a hit that is not followed by one of these shapes is left as it is. Only the
text right after each hit is read, so the cost follows the number of names found.

Imports: redaction.spans.
"""

from __future__ import annotations

import re

from redacted_context_mcp.redaction.spans import Hit

_WORD = r"[^\W\d_](?:[^\W\d_]|['’]){1,40}"
_PARTICLES = r"(?:van|von|der|den|de|del|della|delle|di|da|das|do|dos|du|la|le|ten|ter|te|zu|zum|zur|y|bin|ibn|al|el)"
#: After a name: "-Part" (once or twice), or one to three particles and a word (then "-Part").
_REST = re.compile(
    r"(?:-" + _WORD + r"){1,2}"
    r"|(?:[ \t]" + _PARTICLES + r"){1,3}[ \t]" + _WORD + r"(?:-" + _WORD + r"){0,2}"
)
#: After a one-letter hit (an initial): ".-P. Surname", ". Surname".
_INITIAL_REST = re.compile(r"\.(?:[ \t]?-?[A-Z]\.){0,2}[ \t]" + _WORD + r"(?:-" + _WORD + r"){0,2}")
_SPLIT = re.compile(r"[ \t\-.]+")
_PARTICLE_SET = frozenset(_PARTICLES[3:-1].split("|"))
_PARTICLE_FIRST = frozenset(p[0] for p in _PARTICLE_SET)


def _capitalised(rest: str) -> bool:
    """Every part of ``rest`` but its particles (and initials) starts with a capital letter."""
    return all(p[0].isupper() for p in _SPLIT.split(rest) if p and p not in _PARTICLE_SET)


def join_names(text: str, heur: list[Hit]) -> list[Hit]:
    """``heur`` with each PERSON hit extended over the rest of its name (see the module docstring)."""
    if not heur:
        return heur
    out = heur
    for i, h in enumerate(heur):
        if h.category != "PERSON":
            continue
        e = h.end
        nxt = text[e:e + 1]
        if not nxt or nxt not in "- \t." or nxt in " \t" and text[e + 1:e + 2] not in _PARTICLE_FIRST:
            continue  # most names end before a blank and a word that is no particle
        m = _INITIAL_REST.match(text, e) if nxt == "." and e - h.start == 1 else _REST.match(text, e)
        if m is None or m.end() <= e:
            continue
        if not _capitalised(m.group()):
            continue
        if out is heur:
            out = list(heur)
        out[i] = h._replace(end=m.end())
    return out
