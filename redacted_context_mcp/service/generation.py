"""Per-generation state: the policy snapshot, its files source, path index and display memo.

A :class:`Snapshot` is one policy generation with its redactor and salt. A
:class:`Generation` holds everything that is valid under that snapshot only: the
visibility rules, the path index, the files source and the memo of redacted paths
(:meth:`Generation.display_rel`, the one place a path is redacted for display).

Imports: layers 0-1 only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from redacted_context_mcp.config import Policy
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.sources.files import FsRoot
from redacted_context_mcp.sources.filesource import FileIdent, FileSource
from redacted_context_mcp.sources.ignore import IgnoreMatcher
from redacted_context_mcp.sources.paths import ROOT, Exclusions, NeverServe, PathIndex

__all__ = ["AMBIGUOUS", "Generation", "Snapshot"]

#: ``Generation.by_display`` value of a shown path that two entries display as.
AMBIGUOUS = "\x00ambiguous"
_ACCEPT_MEMO_MAX = 1_000_000
# C0/C1 controls and line/paragraph separators would let a file name forge output lines;
# a literal backslash is escaped too, so every escape in a shown path is unambiguous.
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\\]")


def _escape_control(text: str) -> str:
    if not _CONTROL_RE.search(text):
        return text
    return _CONTROL_RE.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else
                           f"\\u{ord(m.group()):04x}", text)


@dataclass(frozen=True)
class Snapshot:
    policy: Policy
    redactor: Redactor
    generation: int
    salt_source: str
    salt_key: bytes


class Generation:
    """State that is only valid under one policy generation."""

    def __init__(self, snap: Snapshot, key: bytes, never: NeverServe, excl: Exclusions | None,
                 fs: FsRoot, max_bytes: int, sniffed: dict[FileIdent, bool],
                 ignore: IgnoreMatcher | None = None, documents: bool = False) -> None:
        self.snap = snap
        self.key = key
        self.never = never
        self.excl = excl
        self.index = PathIndex(key)
        self.display: dict[str, Redaction] = {}
        self.by_display: dict[str, str] = {}
        self.audit_arg_key: bytes | None = None  # derived once per generation (audit log arguments)

        seen: dict[str, bool] = {}  # per generation: the rules depend on the policy only

        def accept(rel: str, name: str, is_dir: bool) -> bool:
            ok = seen.get(rel)
            if ok is None:
                ok = not (never.blocks_name(name) or never.blocks_rel(rel)) and (
                    excl is None or not excl.excludes_entry(rel, name))
                if len(seen) < _ACCEPT_MEMO_MAX:
                    seen[rel] = ok
            # ignore files can change at any time: checked outside the memo (the matcher caches them)
            return ok and (ignore is None or not ignore.ignored(rel, is_dir))

        self.accept = accept
        self.ignore = ignore
        # The index's own bound method: rebuild_index refills this index in place, and the source
        # holds no reference back to the generation (no cycle keeps a dropped generation alive).
        self.source = FileSource(fs, accept, self.index.id_for, max_bytes, sniffed, documents)

    def display_rel(self, rel: str) -> Redaction:
        """The redacted path of ``rel`` under this generation (memoized)."""
        g = self
        r = g.display.get(rel)
        if r is None:
            parent, _, name = rel.rpartition("/")
            # The engine memoizes names, so each distinct name is redacted once; a path is its
            # parent's display (memoized here, walks reach parents first) plus its own name.
            red = g.snap.redactor.redact_path(name)
            text = _escape_control(red.text)
            if rel == ROOT:
                r = Redaction(ROOT, {})
            elif not parent:
                r = Redaction(text, red.counts)
            else:
                up = g.display_rel(parent)
                counts = dict(up.counts)
                for cat, n in red.counts.items():
                    counts[cat] = counts.get(cat, 0) + n
                r = Redaction(f"{up.text}/{text}", counts)
            g.display[rel] = r
            prev = g.by_display.get(r.text)
            g.by_display[r.text] = rel if prev in (None, rel) else AMBIGUOUS
        return r
