"""The source seam: what the service needs from anything it serves.

A source turns references into raw text; it never redacts. The service
resolves what the user typed (an ``@p_`` id, a path, a path as printed, which
may need redaction to match) into the source's own references, asks the
source for the scope and for raw text, and redacts every byte itself::

    Source.scope(tops, globs, budget) -> refs         # files today; github and documents next
    Source.ident(ref)                 -> a hashable identity of this version of ref
    Source.fetch(ref, budget)         -> Raw(ident, name, text)

``ident`` is the cache identity: the service caches redacted documents under
``(source.name, ident, policy generation)``, so it must change whenever the
raw text may have changed (files: path, device, inode, size, mtime, ctime).

A remote source (GitHub issues, :mod:`sources.github.source`) adapts the seam
in two ways, because learning a remote version costs the same request as
fetching it: ``fetch`` (and ``scope``, per listing page) may answer
:class:`Unchanged` when the caller already holds the current version's
redacted form (a conditional request), and its budget is its own (issues and
pages, not bytes). Files never answer ``Unchanged``.

Imports: limits.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol, TypeVar

from redacted_context_mcp.limits import Budget

RefT = TypeVar("RefT")


@dataclass(frozen=True, slots=True)
class Raw:
    """Raw text of one reference as fetched: never shown, only handed to the redactor."""

    ident: Hashable
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Unchanged:
    """A conditional fetch's answer: the version the caller holds (``ident``) is still current."""

    ident: Hashable


class Source(Protocol[RefT]):
    """What a source provides; :class:`sources.filesource.FileSource` is the first implementation."""

    name: str

    def scope(self, tops: Iterable[RefT], globs: Iterable[str], budget: Budget) -> Iterator[RefT]:
        """Readable text references under ``tops`` matching ``globs``, each once, in a stable order."""
        ...

    def ident(self, ref: RefT) -> Hashable:
        """The identity of this version of ``ref`` (the cache key part)."""
        ...

    def fetch(self, ref: RefT, budget: Budget) -> Raw:
        """Raw text of ``ref`` as it still is at ``ident(ref)``; fixed-message errors only.

        A remote source may answer :class:`Unchanged` instead (see the module docstring).
        """
        ...
