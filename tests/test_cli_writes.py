"""``redctx rehydrate`` and ``redctx guard``: raw text only on explicit request, findings by position only."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from redacted_context_mcp import cli
from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[1]
CONFIG = ".agent-context-redactor.toml"
RAW = "Avery Example met Acme Lantern.\nMail jo.smith@acme-corp.test today\n"
RAW_VALUES = ("Avery", "Acme", "jo.smith", "acme-corp")


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    root.mkdir()
    (root / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern"]\npeople = ["Avery Example"]\n',
                               encoding="utf-8")
    (root / "a.md").write_text(RAW, encoding="utf-8")
    return root


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def export(kb: Path, tmp_path: Path, capsys) -> Path:
    """A redacted export of a.md (as an agent would hand it back), outside the root."""
    status, out, _ = _run(capsys, "--root", str(kb), "bundle", "a.md")
    assert status == 0
    body = out.split("---\n", 1)[1].rsplit("\n--- END", 1)[0]
    assert "Avery" not in body
    path = tmp_path / "export" / "summary.md"
    path.parent.mkdir()
    path.write_text("Summary\n" + body + "\n", encoding="utf-8")
    (tmp_path / "export" / "deeper").mkdir()
    (tmp_path / "export" / "deeper" / "n.md").write_text(body.splitlines()[1] + " [PERSON_" + "0" * 32 + "]\n",
                                                         encoding="utf-8")
    (tmp_path / "export" / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    return path


# -- rehydrate ---------------------------------------------------------------------------------
@invariant("WRITE-6")
def test_rehydrate_refuses_without_allow_raw_output(capsys, kb: Path, export: Path) -> None:
    status, out, err = _run(capsys, "--root", str(kb), "rehydrate", str(export))
    assert status == 2 and out == ""
    assert err == "rehydrate prints raw private text. Pass --allow-raw-output to confirm.\n"


def test_rehydrate_prints_a_file_restored_and_counts_on_stderr(capsys, kb: Path, export: Path) -> None:
    status, out, err = _run(capsys, "--root", str(kb), "rehydrate", str(export), "--allow-raw-output")
    assert status == 0
    assert out == "Summary\n" + RAW
    assert err == "rehydrate: files=1 restored=3 unknown=0\n"


def test_unknown_placeholders_stay_and_only_their_count_is_printed(capsys, kb: Path, export: Path) -> None:
    n = export.parent / "deeper" / "n.md"
    status, out, err = _run(capsys, "--root", str(kb), "rehydrate", str(n), "--allow-raw-output")
    assert status == 0
    assert out == "Mail jo.smith@acme-corp.test today [PERSON_" + "0" * 32 + "]\n"
    assert err == "rehydrate: files=1 restored=1 unknown=1\n"


def test_rehydrate_mirrors_a_folder_into_output(capsys, kb: Path, export: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "raw"
    status, out, err = _run(capsys, "--root", str(kb), "rehydrate", str(export.parent), "--output", str(out_dir),
                            "--allow-raw-output")
    assert status == 0 and out == ""
    assert err == "rehydrate: files=2 restored=4 unknown=1 skipped=1\n"
    assert (out_dir / "summary.md").read_text(encoding="utf-8") == "Summary\n" + RAW
    assert (out_dir / "deeper" / "n.md").read_text(encoding="utf-8").startswith("Mail jo.smith@acme-corp.test")
    assert sorted(p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*")) == [
        "deeper", "deeper/n.md", "summary.md"]
    for value in RAW_VALUES:
        assert value not in err


def test_rehydrate_refuses_an_existing_output_without_force(capsys, kb: Path, export: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "raw"
    out_dir.mkdir()
    (out_dir / "summary.md").write_text("keep me\n", encoding="utf-8")
    args = ["--root", str(kb), "rehydrate", str(export.parent), "--output", str(out_dir), "--allow-raw-output"]
    status, _, err = _run(capsys, *args)
    assert (status, err) == (1, "Output already exists.\n")
    assert (out_dir / "summary.md").read_text(encoding="utf-8") == "keep me\n"
    status, _, _ = _run(capsys, *args, "--force")
    assert status == 0
    assert (out_dir / "summary.md").read_text(encoding="utf-8") == "Summary\n" + RAW


def test_rehydrate_writes_one_file_to_output(capsys, kb: Path, export: Path, tmp_path: Path) -> None:
    target = tmp_path / "raw.md"
    argv = ["--root", str(kb), "rehydrate", str(export), "--output", str(target), "--allow-raw-output"]
    assert _run(capsys, *argv)[0] == 0
    assert target.read_text(encoding="utf-8") == "Summary\n" + RAW
    assert _run(capsys, *argv)[2] == "Output already exists.\n"


def test_a_folder_without_output_is_refused(capsys, kb: Path, export: Path) -> None:
    status, out, err = _run(capsys, "--root", str(kb), "rehydrate", str(export.parent), "--allow-raw-output")
    assert (status, out, err) == (2, "", "rehydrate: a folder needs --output DIR.\n")


def test_rehydrate_of_a_missing_file_fails_with_a_fixed_message(capsys, kb: Path, tmp_path: Path) -> None:
    status, out, err = _run(capsys, "--root", str(kb), "rehydrate", str(tmp_path / "Avery-nope.md"),
                            "--allow-raw-output")
    assert (status, out, err) == (1, "", "Path does not exist.\n")


@invariant("WRITE-6")
def test_rehydrate_is_not_an_mcp_tool_and_submit_is_not_a_cli_command() -> None:
    from redacted_context_mcp.tools import ALL_TOOLS

    assert all("rehydrate" not in t.name for t in ALL_TOOLS)
    assert all(t.cli != "submit" for t in ALL_TOOLS)
    names = {c.name for c in cli.CLI_ONLY}
    assert {"rehydrate", "guard"} <= names


# -- guard -------------------------------------------------------------------------------------
def test_guard_reports_every_placeholder_and_path_id_by_position_only(capsys, tmp_path: Path) -> None:
    f = tmp_path / "code.py"
    line2 = "name = '[PERSON_" + "a" * 32 + "]'  # see @p_0123456789ab"
    line3 = "x = '[EMAIL_" + "b" * 32 + ".0fdfe119]' and [BOGUSWORD_" + "c" * 20 + "]"
    f.write_text(f"ok = 1\n{line2}\n{line3}\n", encoding="utf-8")
    status, out, err = _run(capsys, "--root", str(tmp_path), "guard", str(f))
    assert status == 1 and err == "guard: 4 finding(s) in 1 file(s)\n"
    col = lambda line, s: line.index(s) + 1  # noqa: E731
    assert out.splitlines() == [f"{f}:2:{col(line2, '[PERSON')}: PERSON", f"{f}:2:{col(line2, '@p_')}: PATH_ID",
                                f"{f}:3:{col(line3, '[EMAIL')}: EMAIL", f"{f}:3:{col(line3, '[BOGUS')}: TOKEN"]
    assert "BOGUS" not in out and "a" * 32 not in out


def test_guard_passes_clean_files_and_walks_folders(capsys, tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "clean.py").write_text("print('[not a token]')\n", encoding="utf-8")
    (tmp_path / "src" / "blob.bin").write_bytes(b"\x00\x01[PERSON_" + b"a" * 32 + b"]")
    assert _run(capsys, "--root", str(tmp_path), "guard", str(tmp_path / "src")) == (
        0, "guard: 2 file(s) checked, no findings\n", "")
    (tmp_path / "src" / "deep").mkdir()
    (tmp_path / "src" / "deep" / "left.md").write_text("@p_0123456789ab\n", encoding="utf-8")
    status, out, _ = _run(capsys, "--root", str(tmp_path), "guard", str(tmp_path / "src"))
    assert status == 1 and out == f"{tmp_path / 'src' / 'deep' / 'left.md'}:1:1: PATH_ID\n"


def test_guard_raw_reports_values_the_policy_would_redact_without_printing_them(capsys, kb: Path,
                                                                                  tmp_path: Path) -> None:
    f = tmp_path / "leak.md"
    f.write_text("fine line\nhi Avery Example, mail jo.smith@acme-corp.test\n", encoding="utf-8")
    status, out, err = _run(capsys, "--root", str(kb), "guard", "--raw", str(f))
    assert status == 1
    assert out.splitlines() == [f"{f}:2:4: PERSON", f"{f}:2:24: EMAIL"]
    for value in RAW_VALUES:
        assert value not in out + err
    (tmp_path / "clean.md").write_text("fine line\n", encoding="utf-8")
    assert _run(capsys, "--root", str(kb), "guard", "--raw", str(tmp_path / "clean.md"))[0] == 0


def test_guard_counts_unreadable_files_and_fails(capsys, tmp_path: Path) -> None:
    status, out, err = _run(capsys, "--root", str(tmp_path), "guard", str(tmp_path / "missing-Avery.md"))
    assert (status, out, err) == (1, "", "guard: 1 file(s) could not be read.\n")


def test_the_pre_commit_hook_definitions_run_redctx_guard() -> None:
    text = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entries = re.findall(r"^\s+entry: (.+)$", text, re.M)
    ids = re.findall(r"^- id: (\S+)$", text, re.M)
    assert ids == ["redctx-guard", "redctx-guard-raw"]
    assert entries == ["redctx guard", "redctx guard --raw"]
    assert text.count("language: python") == 2


def _git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid", "HOME": str(repo.parent)}
    return subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True, check=check,
                          timeout=120)


def test_guard_as_a_real_git_pre_commit_hook_blocks_a_commit_with_a_placeholder(tmp_path: Path) -> None:
    if subprocess.run(["git", "--version"], capture_output=True).returncode != 0:
        pytest.skip("git is not available")
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    hook = repo / ".git" / "hooks" / "pre-commit"
    # What pre-commit runs for the redctx-guard hook: its entry with the staged text files appended.
    hook.write_text(
        "#!/bin/sh\n"
        "files=$(git diff --cached --name-only --diff-filter=ACM)\n"
        '[ -z "$files" ] && exit 0\n'
        f'PYTHONPATH="{REPO}" exec "{sys.executable}" -c '
        "'import sys; from redacted_context_mcp.cli import main; sys.exit(main(sys.argv[1:]))' guard $files\n",
        encoding="utf-8")
    hook.chmod(0o755)
    (repo / "ok.md").write_text("Plain notes.\n", encoding="utf-8")
    _git(repo, "add", "ok.md")
    assert _git(repo, "commit", "-q", "-m", "clean", check=False).returncode == 0
    line = "Owner: [PERSON_" + "a" * 32 + "] (see @p_0123456789ab)"
    (repo / "report.md").write_text(line + "\n", encoding="utf-8")
    _git(repo, "add", "report.md")
    blocked = _git(repo, "commit", "-q", "-m", "leaky", check=False)
    assert blocked.returncode != 0
    # git shows a hook's output on its stderr
    assert blocked.stderr.splitlines() == [f"report.md:1:{line.index('[') + 1}: PERSON",
                                           f"report.md:1:{line.index('@') + 1}: PATH_ID",
                                           "guard: 2 finding(s) in 1 file(s)"]
    assert "a" * 32 not in blocked.stdout + blocked.stderr
    log = _git(repo, "log", "--format=%s").stdout.split()
    assert log == ["clean"]
    (repo / "report.md").write_text("Owner: Dana\n", encoding="utf-8")
    _git(repo, "add", "report.md")
    assert _git(repo, "commit", "-q", "-m", "fixed", check=False).returncode == 0


def test_a_folder_export_with_unknown_tokens_walks_the_root_for_new_files_once(capsys, kb: Path, export: Path,
                                                                                tmp_path: Path, monkeypatch) -> None:
    from redacted_context_mcp.service import rehydrate

    for i in range(5):
        (export.parent / f"extra{i}.md").write_text("[PERSON_" + "0" * 32 + "]\n", encoding="utf-8")
    scans: list[int] = []
    real = rehydrate._scan
    monkeypatch.setattr(rehydrate, "_scan", lambda *a, **k: (scans.append(1), real(*a, **k))[1])
    status, _, err = _run(capsys, "--root", str(kb), "rehydrate", str(export.parent), "--output",
                          str(tmp_path / "raw"), "--allow-raw-output")
    assert status == 0 and "unknown=6" in err
    assert len(scans) == 2  # the build, and one refresh for the first unknown token
