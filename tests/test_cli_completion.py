"""``redctx completion``: scripts generated from the live parser, checked by running them where the shell exists."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import pytest

from redacted_context_mcp import cli, cli_completion


def _script(capsys: pytest.CaptureFixture[str], shell: str) -> str:
    assert cli.main(["completion", shell]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _complete(script: Path, *words: str) -> list[str]:
    """What the bash function offers for the command line ``words`` (the last one being typed)."""
    quoted = " ".join("'" + w.replace("'", "'\\''") + "'" for w in words)
    code = (f"source '{script}'; COMP_WORDS=({quoted}); COMP_CWORD=$((${{#COMP_WORDS[@]}}-1)); "
            'COMPREPLY=(); _redctx; printf "%s\\n" "${COMPREPLY[@]}"')
    out = subprocess.run(["bash", "-c", code], capture_output=True, text=True, timeout=30, check=True)
    return [w for w in out.stdout.splitlines() if w]


def _subcommands() -> list[str]:
    sub = cli.build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    return sorted(sub)


@pytest.mark.parametrize("shell", cli_completion.SHELLS)
def test_every_subcommand_and_alias_of_the_parser_is_in_every_script(capsys, shell):
    script = _script(capsys, shell)
    for name in _subcommands():
        assert name in script, (shell, name)


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_the_bash_script_completes_commands_flags_and_choices(tmp_path, capsys):
    path = tmp_path / "redctx.bash"
    path.write_text(_script(capsys, "bash"))
    subprocess.run(["bash", "-n", str(path)], check=True)
    assert _complete(path, "redctx", "ret") == ["retrieve"]
    assert "--max-results" in _complete(path, "redctx", "search", "--max-r")
    assert _complete(path, "redctx", "--mode", "") == ["strict", "balanced"]
    # a global flag's value is skipped when finding the command, and globals after it are offered too
    assert _complete(path, "redctx", "--root", "/tmp", "search", "x", "--js") == ["--json"]
    assert "--root" in _complete(path, "redctx", "tree", "--ro")
    assert _complete(path, "redctx", "audit", "--format", "") == ["text", "json"]
    assert _complete(path, "redctx", "completion", "") == list(cli_completion.SHELLS)
    assert _complete(path, "redctx", "audit-log", "") == ["verify", "summary"]


@pytest.mark.parametrize("shell", [s for s in ("zsh", "fish") if shutil.which(s)] or
                         [pytest.param("zsh", marks=pytest.mark.skip(reason="neither zsh nor fish installed"))])
def test_the_zsh_and_fish_scripts_parse_in_their_shell(tmp_path, capsys, shell):
    path = tmp_path / f"redctx.{shell}"
    path.write_text(_script(capsys, shell))
    subprocess.run([shell, "-n", str(path)], check=True, timeout=30)


def test_a_command_added_to_the_parser_shows_up_without_touching_the_generator():
    parser = argparse.ArgumentParser(prog="redctx")
    parser.add_argument("--root")
    sub = parser.add_subparsers()
    extra = sub.add_parser("github-issues", aliases=["gh"], help="Read issues.")
    extra.add_argument("--state", choices=["open", "closed"])
    extra.add_argument("--limit", type=int)
    for shell in cli_completion.SHELLS:
        script = cli_completion.GENERATORS[shell](parser)
        assert "github-issues" in script and " gh" in script and "state" in script and "closed" in script


def test_fish_descriptions_are_quoted_for_fish():
    assert cli_completion._fish_quote("entry's \\ path") == "'entry\\'s \\\\ path'"


def test_an_unknown_shell_is_a_usage_error(capsys):
    assert cli.main(["completion", "powershell"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice (choose from" in err and "powershell" not in err
