"""The placeholder map of one redactor: placeholder -> (category, normalized value), collision-checked.

Placeholders follow interface-facts section 1 (:mod:`redaction.placeholders`). The map
fails closed: two values that would share a placeholder raise ``PLACEHOLDER_COLLISION``
instead of being merged. A memo per category keeps the derivation (an HMAC) to once
per value; index workers build their own maps, which the parent adopts.

Imports: errors, redaction.placeholders.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import islice

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import placeholders as ph

MEMO_CAP = 500_000


class PlaceholderMap:
    """Derives placeholders under one salt and remembers who owns each."""

    def __init__(self, salt_key: bytes) -> None:
        self._keyed = ph.Keyed(salt_key)
        # category -> value -> placeholder (two plain lookups cost less than building a tuple key)
        self.memo: dict[str, dict[str, str]] = {}
        self._memo_size = 0
        self._owners: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()
        #: normalized alias -> (canonical entity hex, form suffix), filled by the redactor's setup
        self.alias_forms: dict[str, tuple[str, str]] = {}

    def get(self, category: str, value: str) -> str:
        """The placeholder for ``value`` in ``category`` (alias forms included)."""
        memo = self.memo.get(category)
        p = memo.get(value) if memo is not None else None
        return p if p is not None else self.derive(category, value)

    def derive(self, category: str, value: str) -> str:
        """:meth:`get` for a value its memo does not hold: derived, owner-checked, memoized."""
        norm = ph.normalize(value)
        alias = self.alias_forms.get(norm) if self.alias_forms else None
        if alias is not None:
            p = ph.placeholder(category, alias[0], alias[1])
        else:
            p = f"[{category}_{self._keyed.entity_hex(category, norm)}]"  # ph.placeholder without a suffix
        owner = (category, norm)
        with self._lock:
            known = self._owners.setdefault(p, owner)
            if known is not owner and known != owner:
                raise RedctxError(Code.PLACEHOLDER_COLLISION)
            if self._memo_size >= MEMO_CAP:
                self.memo.clear()
                self._memo_size = 0
            memo = self.memo.get(category)
            if memo is None:
                memo = self.memo[category] = {}
            memo[value] = p
            self._memo_size += 1
        return p

    def since(self, start: int) -> list[tuple[str, str, str]]:
        """Entries ``(placeholder, category, normalized value)`` from the ``start``-th on."""
        with self._lock:
            items = list(islice(reversed(self._owners.items()), max(0, len(self._owners) - start)))
        return [(p, c, v) for p, (c, v) in reversed(items)]

    def __len__(self) -> int:
        return len(self._owners)

    def adopt(self, items: Sequence[tuple[str, str, str]]) -> None:
        """Merge entries another map of this salt built (index workers); collision-checked."""
        with self._lock:
            owners = self._owners
            for p, c, v in items:
                owner = owners.get(p)
                if owner is None:
                    owners[p] = (c, v)
                elif owner != (c, v):
                    raise RedctxError(Code.PLACEHOLDER_COLLISION)
