"""The CLI on real folders: ignore files, --no-ignore, skip notes on stderr, head of a file over the limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from redacted_context_mcp import cli


@pytest.fixture
def root(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("REDACTED_CONTEXT_SALT", "cli-bigfiles-test-salt")
    (tmp_path / ".gitignore").write_text("dist/\n", encoding="utf-8")
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "bundle.js").write_text("needle built\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("needle kept\n", encoding="utf-8")
    (tmp_path / "server.log").write_text("".join(f"needle log line {i}\n" for i in range(500)), encoding="utf-8")
    return tmp_path


def run(capsys, root: Path, *argv: str) -> tuple[int, str, str]:
    code = cli.main(["--root", str(root), *argv])
    got = capsys.readouterr()
    return code, got.out, got.err


def test_search_skips_ignored_files_unless_no_ignore_is_given(root, capsys):
    code, out, _ = run(capsys, root, "search", "needle")
    assert code == 0 and "needle kept" in out and "needle built" not in out
    code, out, _ = run(capsys, root, "--no-ignore", "search", "needle")
    assert code == 0 and "needle built" in out


def test_a_file_over_the_limit_is_skipped_with_a_note_on_stderr_and_still_has_a_head(root, capsys):
    code, out, err = run(capsys, root, "search", "needle", "--max-raw-bytes-per-file", "1000")
    assert code == 0 and "needle kept" in out and "needle log" not in out
    assert "[SKIPPED: 1 file over the per-file limit; pass --max-raw-bytes-per-file to include it]" in err
    assert "server.log" not in err
    code, out, err = run(capsys, root, "head", "-n", "2", "server.log", "--max-raw-bytes-per-file", "1000")
    assert code == 0 and out.splitlines()[1:] == ["needle log line 0", "needle log line 1"]
    code, out, _ = run(capsys, root, "tail", "-n", "1", "server.log", "--max-raw-bytes-per-file", "1000")
    assert code == 0 and out.splitlines()[1:] == ["needle log line 499"]


def test_the_server_accepts_no_ignore():
    assert cli.build_server_parser().parse_args(["--no-ignore"]).no_ignore is True
