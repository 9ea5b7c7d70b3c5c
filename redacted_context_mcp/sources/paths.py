"""Path containment rules, never-serve and exclusion matching, opaque path ids.

Everything here works on root-relative POSIX strings (the root itself is
``"."``); nothing touches the filesystem. :mod:`sources.files` does the
symlink-safe filesystem access.

Imports: errors.
"""

from __future__ import annotations

import fnmatch
import hashlib
import hmac
import re
from collections.abc import Iterable
from typing import NamedTuple

from redacted_context_mcp.errors import Code, RedctxError

ROOT = "."

#: ``@p_<12 hex>`` as printed by the tools.
PATH_REF_RE = re.compile(r"@p_([0-9a-f]{12})")

#: Never served, even with ``--include-private`` (matched on case-folded names).
NEVER_SERVE_GLOBS: tuple[str, ...] = (".env*", "*.key", "*.pem", "*.crt")

#: Built-in exclusions, lifted by ``--include-private`` (case-folded names).
DEFAULT_EXCLUDED_NAMES: frozenset[str] = frozenset(
    {
        ".git", ".hg", ".svn", ".bzr", "_darcs", ".jj",
        ".venv", "venv", "__pycache__", "node_modules", ".mypy_cache", ".pytest_cache",
        ".ruff_cache", ".tox", ".nox", ".eggs", ".ipynb_checkpoints", ".cache", ".gradle",
        ".next", ".nuxt", ".parcel-cache", ".turbo", ".terraform", ".idea", ".vscode",
        ".ds_store", "thumbs.db", "desktop.ini",
    }
)
DEFAULT_EXCLUDED_GLOBS: tuple[str, ...] = ("*.pyc", "*.pyo", "*.egg-info", "*.swp", "~$*")

_WINDOWS_ABS = re.compile(r"^[A-Za-z]:")


def _glob_regex(patterns: Iterable[str], *, fold: bool) -> re.Pattern[str] | None:
    """One compiled alternation for shell patterns; ``*`` also matches ``/``."""
    parts = [fnmatch.translate(p.casefold() if fold else p) for p in patterns if p]
    return re.compile("|".join(f"(?:{p})" for p in parts)) if parts else None


#: Same-directory temp files of controlled writes (sources/writer.py): never served while half-written.
WRITE_TEMP_PREFIX = ".redctx-write-"
_NEVER_RE = _glob_regex((*NEVER_SERVE_GLOBS, WRITE_TEMP_PREFIX + "*.tmp"), fold=True)
_DEFAULT_GLOB_RE = _glob_regex(DEFAULT_EXCLUDED_GLOBS, fold=True)


def normalize_ref(ref: str) -> str:
    """Validate a user-typed root-relative path and return it normalized.

    Empty components and ``.`` are dropped (``./a//b/`` -> ``a/b``; ``""`` -> ``.``).
    Raises UNSAFE_PATH for NUL bytes, unencodable surrogates and backslashes, OUTSIDE_ROOT for absolute
    paths and any ``..`` component. Never echoes the path.
    """
    if "\x00" in ref:
        raise RedctxError(Code.UNSAFE_PATH)
    try:  # names read from disk round-trip through surrogateescape; other surrogates cannot exist
        ref.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raise RedctxError(Code.UNSAFE_PATH) from None
    if ref.startswith(("/", "\\")) or _WINDOWS_ABS.match(ref):
        raise RedctxError(Code.OUTSIDE_ROOT)
    if "\\" in ref:
        raise RedctxError(Code.UNSAFE_PATH)
    parts = [p for p in ref.split("/") if p and p != "."]
    if ".." in parts:
        raise RedctxError(Code.OUTSIDE_ROOT)
    return "/".join(parts) if parts else ROOT


def split_rel(rel: str) -> list[str]:
    """Components of a normalized rel path (``[]`` for the root)."""
    return [] if rel == ROOT else rel.split("/")


def join_rel(parent: str, name: str) -> str:
    return name if parent == ROOT else f"{parent}/{name}"


def path_id(key: bytes, rel: str) -> str:
    """``p_`` + first 12 hex of HMAC-SHA256(salt key, rel posix path)."""
    return "p_" + hmac.new(key, rel.encode("utf-8", "surrogateescape"), hashlib.sha256).hexdigest()[:12]


class NeverServe:
    """The never-serve set: protected files (config, term and rule files) and secret-shaped names.

    ``protected_rels`` are root-relative paths; a protected directory protects
    everything below it. Matching is case-insensitive.
    """

    __slots__ = ("_protected",)

    def __init__(self, protected_rels: Iterable[str]) -> None:
        self._protected = frozenset(r.casefold() for r in protected_rels if r and r != ROOT)

    @staticmethod
    def blocks_name(name: str) -> bool:
        return bool(_NEVER_RE and _NEVER_RE.match(name.casefold()))

    def blocks_rel(self, rel: str) -> bool:
        """True if ``rel`` itself is protected (callers check ancestors as they descend)."""
        return rel.casefold() in self._protected

    def blocks(self, rel: str) -> bool:
        """True if ``rel`` or any ancestor is never served."""
        prefix = ROOT
        for name in split_rel(rel):
            prefix = join_rel(prefix, name)
            if self.blocks_name(name) or self.blocks_rel(prefix):
                return True
        return False


class Exclusions:
    """Built-in and policy exclusions (``exclude_dirs`` names or rel paths, ``exclude_globs``).

    Globs match the case-folded root-relative path or the entry name; ``*`` crosses ``/``.
    """

    __slots__ = ("_names", "_rels", "_globs")

    def __init__(self, exclude_dirs: Iterable[str] = (), exclude_globs: Iterable[str] = ()) -> None:
        names, rels = set(DEFAULT_EXCLUDED_NAMES), set()
        for d in exclude_dirs:
            d = d.strip().strip("/")
            if not d or d == ROOT:
                continue
            (rels if "/" in d else names).add(d.casefold())
        self._names = frozenset(names)
        self._rels = frozenset(rels)
        self._globs = _glob_regex(tuple(exclude_globs) + DEFAULT_EXCLUDED_GLOBS, fold=True)

    def excludes_entry(self, rel: str, name: str) -> bool:
        """True if this one entry is excluded (ancestors are not checked)."""
        n = name.casefold()
        if n in self._names:
            return True
        r = rel.casefold()
        if r in self._rels:
            return True
        return bool(self._globs and (self._globs.match(r) or self._globs.match(n)))

    def excludes(self, rel: str) -> bool:
        """True if ``rel`` or any ancestor is excluded."""
        prefix = ROOT
        for name in split_rel(rel):
            prefix = join_rel(prefix, name)
            if self.excludes_entry(prefix, name):
                return True
        return False


class Entry(NamedTuple):
    """One visible file or directory: rel posix path, opaque id and lstat identity.

    A tuple, because a whole-root walk builds one per file on every call.
    """

    rel: str
    id: str
    is_dir: bool
    size: int = 0
    dev: int = 0
    ino: int = 0
    mtime_ns: int = 0
    ctime_ns: int = 0

    @property
    def name(self) -> str:
        return self.rel.rsplit("/", 1)[-1]

    @property
    def ref(self) -> str:
        return "@" + self.id


class PathIndex:
    """Bijective map between opaque ids and rel paths; a second path for one id fails closed.

    Ids looked up and not found by a full walk are remembered as missing (at most
    :data:`MAX_MISSING`), so a hostile stream of unknown ids costs one walk each only
    until the index is rebuilt; registering an id forgets it as missing.
    """

    MAX_MISSING = 100_000
    __slots__ = ("key", "_by_id", "_by_rel", "_missing", "complete")

    def __init__(self, key: bytes) -> None:
        self.key = key
        self._by_id: dict[str, str] = {}
        self._by_rel: dict[str, str] = {}
        self._missing: set[str] = set()
        self.complete = False

    def note_missing(self, pid: str) -> None:
        if len(self._missing) >= self.MAX_MISSING:
            self._missing.clear()
        self._missing.add(pid)

    def known_missing(self, pid: str) -> bool:
        return pid in self._missing

    def id_for(self, rel: str) -> str:
        """Return the id of ``rel``, registering it (raises PATH_ID_COLLISION)."""
        pid = self._by_rel.get(rel)
        if pid is not None:
            return pid
        pid = path_id(self.key, rel)
        other = self._by_id.get(pid)
        if other is not None and other != rel:
            raise RedctxError(Code.PATH_ID_COLLISION)
        self._by_id[pid] = rel
        self._by_rel[rel] = pid
        self._missing.discard(pid)
        return pid

    def rel_for(self, pid: str) -> str | None:
        return self._by_id.get(pid)

    def clear(self) -> None:
        self._by_id.clear()
        self._by_rel.clear()
        self._missing.clear()
        self.complete = False

    def replace_with(self, other: PathIndex) -> None:
        """Take over ``other``'s mappings (a rebuilt index), keeping this object's identity."""
        self._by_id, self._by_rel, self.complete = other._by_id, other._by_rel, other.complete
        self._missing = set()  # a rebuild may have found ids that were missing before

    def __len__(self) -> int:
        return len(self._by_id)
