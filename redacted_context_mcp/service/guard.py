"""``redctx guard``: find what must not be committed, reported by position and category only.

Default mode: every placeholder or ``@p_`` token left in a file (an agent wrote a
redacted reference where real text belongs). ``--raw`` mode: every raw value the
active policy would redact (the file is about to leak). A finding is
``(line, column, category)``; neither the value nor a placeholder's restoration
is ever part of it.

Imports: errors, redaction.placeholders, service.rehydrate, sources.files, sources.paths, sources.textcodec.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget, Limits
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.service.rehydrate import TOKEN_RE
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.files import FsRoot, LinkGuard
from redacted_context_mcp.sources.paths import ROOT

if TYPE_CHECKING:
    from redacted_context_mcp.service.context import Service

__all__ = ["Finding", "files_to_check", "raw_findings", "read_checked", "token_findings"]

PATH_ID_CATEGORY = "PATH_ID"
UNKNOWN_CATEGORY = "TOKEN"


@dataclass(frozen=True)
class Finding:
    line: int
    column: int
    category: str


def _category(token: str) -> str:
    if token.startswith("@"):
        return PATH_ID_CATEGORY
    m = ph.PLACEHOLDER_RE.fullmatch(token)
    category = m.group(1) if m else token[1:].rsplit("_", 1)[0]
    return category if category in ph.CATEGORIES else UNKNOWN_CATEGORY


def token_findings(text: str) -> list[Finding]:
    """Every placeholder or ``@p_`` shaped token, malformed ones included, by line and column."""
    out: list[Finding] = []
    line, line_start, pos = 1, 0, 0
    for m in TOKEN_RE.finditer(text):
        start = m.start()
        nl = text.count("\n", pos, start)
        if nl:
            line += nl
            line_start = text.rfind("\n", 0, start) + 1
        pos = start
        out.append(Finding(line, start - line_start + 1, _category(m.group())))
    return out


def raw_findings(svc: Service, text: str) -> list[Finding]:
    """Every span the active policy would redact, by line and column."""
    return [Finding(m.line, m.column, m.category) for m in svc.snapshot().redactor.explain(text)]


def read_checked(path: Path, max_bytes: int) -> str | None:
    """The text of a local file, or ``None`` when it is binary (raises for missing or unsafe paths)."""
    path = Path(os.path.abspath(path))
    fs = FsRoot(path.parent, LinkGuard(allow_hardlinks=True))
    data, _ = fs.read(path.name, max_bytes=max_bytes)
    try:
        return textcodec.decode(data)
    except RedctxError as exc:
        if exc.code is Code.NOT_TEXT:
            return None
        raise


def files_to_check(paths: list[Path], limits: Limits) -> Iterator[Path]:
    """The given files, and the files below any given directory (no symlink followed)."""
    for path in paths:
        if os.path.isdir(path) and not os.path.islink(path):
            fs = FsRoot(path, LinkGuard(allow_hardlinks=True))
            for item, _ in fs.walk(ROOT, lambda rel, name, is_dir: name != ".git", Budget(limits)):
                if not item.is_dir:
                    yield path / item.rel
        else:
            yield path
