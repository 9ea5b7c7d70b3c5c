"""The one seam between the proxy and the service's redaction and rehydration map.

Everything the proxy redacts or restores goes through these two functions:

* :func:`redact` - upstream text to redacted text plus counts by category, recording
  each placeholder's raw value in the root's rehydration map (``service.rehydrate.learn_redaction``,
  the ``learn_from`` that also returns the engine's counts);
* :func:`restore` - placeholders and ``@p_`` ids in text the client sends back up,
  restored from that map (``service.rehydrate.rehydration_map(svc).restore``).

When ``service.rehydrate`` is not installed (an older service layer), :func:`redact`
still redacts through ``service.redact.redact_text`` and :func:`restore` restores
nothing and reports every placeholder as unknown, so arguments holding placeholders
are refused rather than forwarded (fail closed).

Imports: service.rehydrate and service.redact (lazily), model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: A placeholder as the redactor writes it (category, 32 hex, optional alias-form suffix).
PLACEHOLDER_RE = re.compile(r"\[([A-Z][A-Z_]{0,40})_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")
PATH_ID_RE = re.compile(r"@p_[0-9a-f]{12}")


@dataclass(frozen=True)
class Restored:
    text: str
    restored: int
    unknown: int


def _service_rehydrate() -> Any:
    try:
        from redacted_context_mcp.service import rehydrate
    except ImportError:
        return None
    return rehydrate


def redact(svc: Any, raw: str) -> tuple[str, dict[str, int]]:
    """``raw`` redacted by the service (placeholder pairs recorded) and the counts it substituted."""
    if not raw:
        return raw, {}
    mod = _service_rehydrate()
    if mod is None:
        from redacted_context_mcp.service.redact import redact_text

        result = redact_text(svc, raw)
        return str(result.text), {k: int(n) for k, n in result.counts.items() if n}
    red, text = mod.learn_redaction(svc, raw)
    return str(text), {k: int(n) for k, n in red.counts.items() if n}


def restore(svc: Any, text: str) -> Restored:
    """Placeholders and ``@p_`` ids in ``text`` restored; ``unknown`` counts those the map lacks."""
    if "[" not in text and "@p_" not in text:
        return Restored(text, 0, 0)
    mod = _service_rehydrate()
    if mod is None:
        unknown = len(PLACEHOLDER_RE.findall(text)) + len(PATH_ID_RE.findall(text))
        return Restored(text, 0, unknown)
    out = mod.rehydration_map(svc).restore(text)
    return Restored(str(out.text), int(out.restored), int(out.unknown))
