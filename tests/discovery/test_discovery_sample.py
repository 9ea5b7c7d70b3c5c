"""File sampling for ``redctx discover`` goes through the files source and the policy's exclusions."""

from __future__ import annotations

import pytest

from redacted_context_mcp.config import load_policy
from redacted_context_mcp.discovery.sample import SampleTruncated, sample_files
from redacted_context_mcp.errors import RedctxError


@pytest.fixture
def root(tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "archive").mkdir()
    (tmp_path / "notes" / "b.md").write_text("b text\n", encoding="utf-8")
    (tmp_path / "notes" / "a.md").write_text("a text\n", encoding="utf-8")
    (tmp_path / "notes" / "c.txt").write_text("c text\n", encoding="utf-8")
    (tmp_path / "notes" / "blob.md").write_bytes(b"\x00\x01binary")
    (tmp_path / "archive" / "old.md").write_text("old\n", encoding="utf-8")
    (tmp_path / "server.PEM").write_text("key\n", encoding="utf-8")
    (tmp_path / ".agent-context-redactor.toml").write_text('[redaction]\nexclude_dirs = ["archive"]\n')
    return tmp_path


def test_text_files_in_walk_order_with_exclusions_and_the_never_serve_set(root):
    sample = sample_files(root, load_policy(root))
    assert [rel for rel, _ in sample.files] == ["notes/a.md", "notes/b.md", "notes/c.txt"]


def test_include_private_serves_excluded_directories_but_never_protected_files(root):
    sample = sample_files(root, load_policy(root), include_private=True)
    assert "archive/old.md" in [rel for rel, _ in sample.files]
    assert not any(rel.endswith((".PEM", ".toml")) for rel, _ in sample.files)


def test_glob_and_max_files_limit_the_sample_and_count_what_was_left_out(root):
    sample = sample_files(root, load_policy(root), ["notes"], globs=("*.md",), max_files=1)
    assert [rel for rel, _ in sample.files] == ["notes/a.md"] and sample.skipped_files == 2
    with pytest.raises(SampleTruncated):
        sample_files(root, load_policy(root), ["notes"], globs=("*.md",), max_files=1, fail_on_truncation=True)


def test_an_excluded_or_outside_path_is_refused(root):
    with pytest.raises(RedctxError):
        sample_files(root, load_policy(root), ["archive"])
    with pytest.raises(RedctxError):
        sample_files(root, load_policy(root), ["../x"])
