"""Operator touches of the two commands: notes on stderr, ``~`` in path flags, version line."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import redacted_context_mcp
from redacted_context_mcp import cli

REPO = Path(__file__).resolve().parents[1]


def _env(**extra: str) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(REPO), REDACTED_CONTEXT_SALT="operator-test-salt", **extra)


def test_the_server_says_on_stderr_that_it_serves_the_current_directory_when_no_root_was_given(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp"],
        cwd=tmp_path, env=_env(), input=b"", capture_output=True, timeout=60,
    )
    assert proc.returncode == 0
    assert b"no --root given; serving the current directory" in proc.stderr
    assert proc.stdout == b""


def test_the_server_is_silent_about_the_root_when_root_is_given(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp", "--root", str(tmp_path)],
        env=_env(), input=b"", capture_output=True, timeout=60,
    )
    assert proc.returncode == 0
    assert b"--root" not in proc.stderr
    assert b"waiting for an MCP client" not in proc.stderr  # stdin is a pipe, not a terminal


def test_a_server_started_by_hand_in_a_terminal_prints_a_one_line_banner(tmp_path):
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "redacted_context_mcp", "--root", str(tmp_path)],
        env=_env(), stdin=follower, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    os.close(follower)
    try:
        got = b""
        deadline = time.monotonic() + 30
        while b"\n" not in got and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stderr], [], [], 0.5)
            if ready:
                got += os.read(proc.stderr.fileno(), 4096)
        assert got == b"redctx-mcp: waiting for an MCP client on stdin; Ctrl-C to stop.\n"
    finally:
        proc.kill()
        proc.wait(timeout=10)
        proc.stdout.close()
        proc.stderr.close()
        os.close(leader)


def test_a_leading_tilde_in_root_and_config_is_expanded(tmp_path, capsys, monkeypatch):
    home = tmp_path / "home"
    (home / "kb").mkdir(parents=True)
    (home / "kb" / "note.txt").write_text("plain words\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("REDACTED_CONTEXT_SALT", "operator-test-salt")
    assert cli.main(["--root", "~/kb", "ls"]) == 0
    assert "@p_" in capsys.readouterr().out
    ns = cli.build_server_parser().parse_args(["--root", "~/kb", "--config", "~/c.toml"])
    assert ns.root == str(home / "kb") and ns.config == str(home / "c.toml")


def test_both_commands_print_the_version_with_the_protocol_versions_they_speak(capsys):
    assert cli.server_main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"redctx-mcp {redacted_context_mcp.__version__} (MCP protocol versions: 2026-07-28, ")
    assert "2024-11-05" in out


def test_the_version_is_a_calendar_version_that_cannot_pass_for_a_0_x_release():
    year, month, n = (int(p) for p in redacted_context_mcp.__version__.split("."))
    assert year >= 2026 and 1 <= month <= 12 and n >= 0
