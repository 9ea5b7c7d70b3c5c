"""Hard links under the served root: which regular files are refused by inode.

Names can be checked, inodes must be. :class:`LinkGuard` holds the (st_dev, st_ino)
of every protected file (config, term files) and refuses a regular file with that
identity wherever it is linked, and, unless the operator started with
``--allow-hardlinks``, any regular file with ``st_nlink > 1``: its other name may be
outside the root or inside an excluded directory, and from inside the root there is
no way to tell. Refused files are not listed by walks, and ``lstat``/reads of them
fail with ``PATH_EXCLUDED`` (:mod:`sources.files`, :mod:`sources.dirs`).

Imports: nothing from the package.
"""

from __future__ import annotations

import os
import stat as st_mod
from collections.abc import Callable

__all__ = ["LinkGuard"]


class LinkGuard:
    """Which regular files are refused by inode (see the module docstring).

    ``protected`` returns the protected (st_dev, st_ino) pairs. Walks also
    remember multiply linked files they hid by name (``.env``, ``*.key``,
    excluded files), so with ``--allow-hardlinks`` another name for one of those is
    refused too once a walk has seen it (at most :data:`MAX_HIDDEN_LINKS` remembered).
    """

    MAX_HIDDEN_LINKS = 100_000

    def __init__(self, protected: Callable[[], frozenset[tuple[int, int]]] = frozenset,
                 allow_hardlinks: bool = False) -> None:
        self.protected = protected
        self.allow_hardlinks = allow_hardlinks
        self._hidden: set[tuple[int, int]] = set()

    def refuses(self, st: os.stat_result) -> bool:
        if not st_mod.S_ISREG(st.st_mode):
            return False
        if st.st_nlink > 1 and not self.allow_hardlinks:
            return True
        key = (st.st_dev, st.st_ino)
        return key in self.protected() or (st.st_nlink > 1 and key in self._hidden)

    def note_hidden(self, st: os.stat_result) -> None:
        """Remember a multiply linked regular file that a walk hid by its name."""
        if self.allow_hardlinks and st.st_nlink > 1 and st_mod.S_ISREG(st.st_mode):
            if len(self._hidden) >= self.MAX_HIDDEN_LINKS:
                self._hidden.clear()
            self._hidden.add((st.st_dev, st.st_ino))
