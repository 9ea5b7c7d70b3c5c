"""A real third-party distribution registers a detector; the installed server runs it.

Builds two wheels offline (this package and a tiny plugin declaring entry points
in ``redacted_context_mcp.detectors``), installs both into a fresh virtual
environment and drives the installed ``redctx-mcp``. Takes a few seconds, so it
runs with ``make test-extras`` (or ``REDCTX_TEST_EXTRAS=1``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.invariants import invariant

if os.environ.get("REDCTX_TEST_EXTRAS") != "1":  # pragma: no cover
    pytest.skip("entry-point install test runs with make test-extras", allow_module_level=True)

REPO = Path(__file__).resolve().parents[2]
PLUGIN_PY = '''
import re

class Ticketer:
    name = "ticketer"
    version = "1.2.3"

    def __init__(self, argument):
        self.prefix = argument or "ZORBA"

    def detect(self, text):
        from redacted_context_mcp.redaction.detectors import Nomination
        return [Nomination(m.start(), m.end(), "ID") for m in re.finditer(re.escape(self.prefix) + r"-\\d+", text)]


class Failing:
    name = "failing"
    version = "0.1"

    def detect(self, text):
        raise RuntimeError("ZORBA-777 private detail from the plugin")


def make(argument):
    return Ticketer(argument)


def make_failing(argument):
    return Failing()
'''
PLUGIN_TOML = '''
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "redctx-ticketer"
version = "1.2.3"

[project.entry-points."redacted_context_mcp.detectors"]
ticketer = "redctx_ticketer:make"
failing = "redctx_ticketer:make_failing"
patterns = "redctx_ticketer:make"

[tool.setuptools]
py-modules = ["redctx_ticketer"]
'''
INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def _wheel(src: Path, out: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--wheel-dir", str(out), str(src)], check=True, timeout=300, capture_output=True)


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("plugin")
    pkg = work / "pkg"
    pkg.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, pkg / name)
    shutil.copytree(REPO / "redacted_context_mcp", pkg / "redacted_context_mcp",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    plugin = work / "plugin"
    plugin.mkdir()
    (plugin / "redctx_ticketer.py").write_text(PLUGIN_PY, encoding="utf-8")
    (plugin / "pyproject.toml").write_text(PLUGIN_TOML, encoding="utf-8")
    dist = work / "dist"
    _wheel(pkg, dist)
    _wheel(plugin, dist)
    env_dir = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"), "install", "--quiet",
                    "--no-index", "--no-deps", *map(str, sorted(dist.glob("*.whl")))],
                   check=True, timeout=300, capture_output=True)
    return env_dir


def _serve(venv: Path, root: Path, *flags: str) -> tuple[int, list[dict], bytes]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
    env["REDACTED_CONTEXT_SALT"] = "plugin-test-salt"
    msgs = [INIT, {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
             "params": {"name": "redctx_read", "arguments": {"path": "notes.md"}}}]
    proc = subprocess.run([str(venv / "bin" / "redctx-mcp"), "--root", str(root), *flags],
                          input=b"".join(json.dumps(m).encode() + b"\n" for m in msgs),
                          capture_output=True, timeout=120, cwd=root, env=env, check=False)
    return proc.returncode, [json.loads(x) for x in proc.stdout.splitlines()], proc.stderr


@pytest.fixture
def root(tmp_path) -> Path:
    (tmp_path / "notes.md").write_text("Open ZORBA-4242 and ZORBA-4242 today.\n", encoding="utf-8")
    return tmp_path


def test_the_installed_server_runs_a_detector_from_an_installed_package(venv, root):
    status, replies, err = _serve(venv, root, "--detector", "ticketer")
    result = next(r for r in replies if r.get("id") == 1)["result"]
    assert status == 0 and not result["isError"]
    assert "4242" not in result["content"][0]["text"]
    assert result["structuredContent"]["receipt"]["detectors"] == [
        {"name": "ticketer", "version": "1.2.3", "nominated": 1, "positional": 0}]


@invariant("DETECT-1")
def test_an_installed_detector_that_raises_fails_the_call_with_the_fixed_message(venv, root):
    status, replies, err = _serve(venv, root, "--detector", "failing")
    result = next(r for r in replies if r.get("id") == 1)["result"]
    assert result["isError"] and result["content"][0]["text"] == "Detector failed."
    wire = json.dumps(replies) + err.decode("utf-8", "replace")
    assert "ZORBA" not in wire and "private detail" not in wire and "RuntimeError" not in wire


def test_an_entry_point_cannot_take_over_a_built_in_name(venv, root):
    status, replies, err = _serve(venv, root, "--detector", "patterns")
    assert status == 1 and replies == []
    assert err == b"redctx-mcp: cannot start: --detector: patterns: give the rules file as patterns=FILE.\n"
