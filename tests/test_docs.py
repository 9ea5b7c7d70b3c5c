"""README and examples stay in step with the code."""

from __future__ import annotations

import json
import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from redacted_context_mcp import cli
from redacted_context_mcp.tools import TOOLS

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")


def _subcommands() -> list[str]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    return sorted(sub.choices)


def test_the_readme_opens_with_what_the_tool_is_then_make_demo_and_make_test():
    first_block = re.search(r"```[a-z]*\n(.*?)```", README, re.DOTALL)
    assert first_block is not None
    lines = [line for line in first_block.group(1).splitlines() if line.strip()]
    assert lines == ["make demo", "make test"]
    intro = README[: first_block.start()]
    assert "MCP server" in intro and "placeholder" in intro


@pytest.mark.parametrize("tool", [t.name for t in TOOLS])
def test_every_tool_is_documented(tool):
    assert f"`{tool}`" in README


@pytest.mark.parametrize("command", _subcommands())
def test_every_cli_subcommand_and_alias_is_documented(command):
    assert re.search(rf"`{re.escape(command)}[ `]", README), command


def test_the_readme_links_the_internals_page_and_it_exists():
    assert "docs/internals.md" in README and (REPO / "docs" / "internals.md").is_file()


@pytest.mark.parametrize("target", ["demo", "test", "dist", "clients", "bench"])
def test_the_make_targets_named_in_the_readme_exist(target):
    assert re.search(rf"^{target}:", (REPO / "Makefile").read_text(), re.MULTILINE)
    assert f"make {target}" in README


def test_ci_runs_the_readme_test_command():
    ci = (REPO / ".ci" / "run").read_text()
    commands = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert "set -euo pipefail" in commands and "make test" in commands and "make dist" in commands
    # no interpreter handed in: CI takes the fresh-machine path the README promises
    assert not any("PYTHON=" in c or "pip install" in c for c in commands)


def test_make_creates_a_project_local_venv_when_no_environment_is_active():
    out = subprocess.run(
        ["make", "-n", "test"], cwd=REPO, capture_output=True, text=True, check=True,
        env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"},
    ).stdout
    assert "python3 -m venv" in out and ".venv/bin/python -m pytest" in out
    active = subprocess.run(
        ["make", "-n", "test"], cwd=REPO, capture_output=True, text=True, check=True,
        env=dict(os.environ, VIRTUAL_ENV="/some/env"),
    ).stdout
    assert "\npython -m pytest" in "\n" + active and ".venv/bin/python -m" not in active


def test_client_examples_parse_and_launch_the_server_with_a_root():
    claude = json.loads((REPO / "examples" / "claude-code.mcp.json").read_text())
    server = claude["mcpServers"]["redacted_context"]
    assert server["command"] == "redctx-mcp" and server["args"][0] == "--root"
    codex = tomllib.loads((REPO / "examples" / "codex-config.toml").read_text())
    assert codex["mcp_servers"]["redacted_context"]["args"][0] == "--root"
    generic = json.loads((REPO / "examples" / "generic-stdio.json").read_text())
    assert generic["command"] == "redctx-mcp"
    settings = json.loads((REPO / "examples" / "claude-settings.example.json").read_text())
    allowed = {p.rsplit("__", 1)[1] for p in settings["permissions"]["allow"]}
    assert allowed == {t.name for t in TOOLS}


@pytest.mark.parametrize("name", ["agent-CLAUDE.md", "agent-AGENTS.md"])
def test_agent_instruction_files_explain_placeholders_and_ids(name):
    text = (REPO / "examples" / name).read_text()
    assert "@p_" in text and "placeholder" in text and "redctx_search" in text


def test_the_quickstart_config_is_valid_toml_with_a_fixed_demo_salt():
    cfg = tomllib.loads(
        (REPO / "examples" / "quickstart" / "private-notes" / ".agent-context-redactor.toml").read_text()
    )
    assert cfg["redaction"]["salt"].startswith("demo-salt")
