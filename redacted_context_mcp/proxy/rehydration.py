"""The one seam between the proxy and the service's redaction and rehydration map.

Everything the proxy redacts or restores goes through :class:`Seam`:

* :meth:`Seam.redact` - upstream text to redacted text plus counts by category, through
  ``service.upstream.learn_upstream`` (``service.rehydrate.learn_from`` plus the pairs it
  recorded); the pairs also go to this session's spelling table;
* :meth:`Seam.restore` - placeholders and ``@p_`` ids in text the client sends back up.
  A placeholder's spelling is the one the upstream used last in this session (so a file
  name comes back as the upstream wrote it), else the root's rehydration map
  (``service.rehydrate.rehydration_map(svc).restore``: the root's spellings, other learned
  text, configured terms).

The spelling table is raw text held in memory only, bounded, and dropped whenever the
policy generation changes (like the service's map).

Imports: service.upstream and service.rehydrate (lazily).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

#: A placeholder as the redactor writes it (category, 32 hex, optional alias-form suffix).
PLACEHOLDER_RE = re.compile(r"\[[A-Z][A-Z_]{0,40}_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")
MAX_SPELLINGS = 100_000


@dataclass(frozen=True)
class Restored:
    text: str
    restored: int
    unknown: int


class Seam:
    """Redaction and rehydration for one proxy session; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._spellings: OrderedDict[str, str] = OrderedDict()
        self._generation: Any = None

    def _current(self, svc: Any) -> None:
        gen = svc.generation
        if gen != self._generation:
            with self._lock:
                if gen != self._generation:
                    self._spellings.clear()
                    self._generation = gen

    def redact(self, svc: Any, raw: str, kind: str | None = None) -> tuple[str, dict[str, int]]:
        """``raw`` redacted by the service and the counts it substituted (placeholder pairs learned);
        ``kind``: the credential-file kind of the file ``raw`` is, if the call named one."""
        if not raw:
            return raw, {}
        from redacted_context_mcp.service.upstream import learn_upstream

        out = learn_upstream(svc, raw, kind)
        self._current(svc)
        pairs = {p: v for p, v in out.pairs.items() if "\n" not in v and "\r" not in v}
        if pairs:
            with self._lock:
                for placeholder, value in pairs.items():
                    self._spellings[placeholder] = value
                    self._spellings.move_to_end(placeholder)
                while len(self._spellings) > MAX_SPELLINGS:
                    self._spellings.popitem(last=False)
        return str(out.text), dict(out.counts)

    def restore(self, svc: Any, text: str) -> Restored:
        """Placeholders and ``@p_`` ids in ``text`` restored; ``unknown`` counts those nobody knows."""
        if "[" not in text and "@p_" not in text:
            return Restored(text, 0, 0)
        from redacted_context_mcp.service.rehydrate import rehydration_map

        svc.snapshot()
        self._current(svc)
        restored = 0
        if "[" in text:
            with self._lock:
                spellings = self._spellings

                def own(m: re.Match[str]) -> str:
                    nonlocal restored
                    value = spellings.get(m.group())
                    if value is None:
                        return m.group()
                    restored += 1
                    return value

                text = PLACEHOLDER_RE.sub(own, text)
        out = rehydration_map(svc).restore(text)
        return Restored(str(out.text), restored + int(out.restored), int(out.unknown))
