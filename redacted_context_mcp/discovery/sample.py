"""Pick and read the files ``redctx discover`` samples, through the symlink-safe files source.

Files come from each given path in walk order (case-folded names), filtered by
the policy's exclusions, the never-serve set and ``--glob``, text files only
(and, with ``documents``, DOCX/PPTX/PDF/XLSX/XLS as their extracted Markdown;
one that does not extract is skipped like a binary file).
Each is cut at ``max_chars_per_file``; sampling stops at ``max_files`` or
``max_total_raw_bytes``. Every cut is counted, and ``fail_on_truncation``
turns one into an error before any model call.

Imports: config, errors, limits, sources.
"""

from __future__ import annotations

import fnmatch
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import SKIPPED_IN_SCOPE, Code, RedctxError
from redacted_context_mcp.limits import Budget, Limits
from redacted_context_mcp.sources import documents as doc_extract
from redacted_context_mcp.sources.files import FsRoot
from redacted_context_mcp.sources.paths import Exclusions, NeverServe, normalize_ref
from redacted_context_mcp.sources.textcodec import SNIFF_BYTES, decode, has_binary_extension, sniff

DEFAULT_MAX_FILES = 80
DEFAULT_MAX_CHARS_PER_FILE = 12_000
TRUNCATION_REFUSED = (
    "discover: the sample was truncated (--max-files, --max-chars-per-file or --max-total-raw-bytes) "
    "and --fail-on-truncation is set."
)


@dataclass(repr=False)
class Sample:
    """Sampled files: (root-relative path, text) in order, and what was cut."""

    files: list[tuple[str, str]] = field(default_factory=list)
    truncated_files: int = 0  # files cut at max_chars_per_file
    skipped_files: int = 0  # files left out by max_files or max_total_raw_bytes

    @property
    def truncated(self) -> bool:
        return bool(self.truncated_files or self.skipped_files)

    def __repr__(self) -> str:
        return f"Sample(files={len(self.files)}, truncated={self.truncated_files}, skipped={self.skipped_files})"


def _protected_rels(root: str, policy: Policy) -> list[str]:
    out = []
    paths = [p for p in (policy.config_path, *policy.term_files) if p is not None]
    for p in paths:
        try:
            rel = Path(p).resolve().relative_to(root)
        except ValueError:
            continue
        out.append(rel.as_posix())
    return out


def sample_files(
    root: Path | str,
    policy: Policy,
    paths: list[str] | tuple[str, ...] = (),
    *,
    globs: tuple[str, ...] = (),
    max_files: int = DEFAULT_MAX_FILES,
    max_chars_per_file: int = DEFAULT_MAX_CHARS_PER_FILE,
    max_total_raw_bytes: int | None = None,
    fail_on_truncation: bool = False,
    include_private: bool = False,
    documents: bool = False,
) -> Sample:
    """Read the sample (rules in the module docstring); raises ``RedctxError`` with fixed messages."""
    fs = FsRoot(root)
    limits = Limits()
    total_cap = limits.max_total_raw_bytes if max_total_raw_bytes is None else max_total_raw_bytes
    never = NeverServe(_protected_rels(fs.path, policy))
    excl = Exclusions(policy.exclude_dirs, policy.exclude_globs)

    def accept(rel: str, name: str, is_dir: bool) -> bool:
        if never.blocks_name(name) or never.blocks_rel(rel):
            return False
        return include_private or not excl.excludes_entry(rel, name)

    def wanted(rel: str) -> bool:
        name = rel.rsplit("/", 1)[-1]
        if has_binary_extension(name) and not (documents and doc_extract.kind_of(name)):
            return False
        return not globs or any(fnmatch.fnmatch(rel, g) or fnmatch.fnmatch(name, g) for g in globs)

    budget = Budget(limits, seconds=0)
    candidates: list[tuple[str, int]] = []
    seen: set[str] = set()
    for start in paths or (".",):
        rel = normalize_ref(start)
        if never.blocks(rel) or (not include_private and excl.excludes(rel)):
            raise RedctxError(Code.PATH_EXCLUDED)
        st = fs.lstat(rel)
        if not st_is_dir(st):
            if rel not in seen:
                seen.add(rel)
                candidates.append((rel, st.st_size))
            continue
        for item, _ in fs.walk(rel, accept, budget):
            if not item.is_dir and wanted(item.rel) and item.rel not in seen:
                seen.add(item.rel)
                candidates.append((item.rel, item.size))
    sample = Sample()
    total = 0
    for rel, size in candidates:
        if len(sample.files) >= max_files or total + size > total_cap:
            sample.skipped_files += 1
            continue
        is_doc = documents and doc_extract.kind_of(rel.rsplit("/", 1)[-1]) is not None
        try:
            if not is_doc and sniff(fs.read_prefix(rel, SNIFF_BYTES)) is None:
                continue
            data, _ = fs.read(rel, max_bytes=min(limits.max_raw_bytes_per_file, total_cap - total))
            text = doc_extract.extract(rel, data) if is_doc else decode(data)
        except RedctxError as exc:
            if exc.code in SKIPPED_IN_SCOPE or exc.code in (Code.PATH_EXCLUDED, Code.PATH_MISSING) or (
                    is_doc and exc.code is Code.LIMIT_FILE_BYTES):
                continue
            raise
        total += len(data)
        if len(text) > max_chars_per_file:
            text = text[:max_chars_per_file]
            sample.truncated_files += 1
        sample.files.append((rel, text))
    if fail_on_truncation and sample.truncated:
        raise SampleTruncated()
    return sample


class SampleTruncated(Exception):
    def __init__(self) -> None:
        super().__init__(TRUNCATION_REFUSED)


def st_is_dir(st: os.stat_result) -> bool:
    return stat.S_ISDIR(st.st_mode)


__all__ = ["DEFAULT_MAX_CHARS_PER_FILE", "DEFAULT_MAX_FILES", "Sample", "SampleTruncated", "sample_files"]
