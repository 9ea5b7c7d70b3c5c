"""The wheel: built offline, installed offline into a fresh environment, and serving."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
QUICKSTART = REPO / "examples" / "quickstart" / "private-notes"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Build the wheel from a copy of the sources, so the checkout is left untouched."""
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, src / name)
    shutil.copytree(
        REPO / "redacted_context_mcp",
        src / "redacted_context_mcp",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    out = work / "dist"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            str(out),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if proc.returncode != 0 and ("No module named" in proc.stderr or "setuptools" in proc.stderr):
        pytest.skip("no build backend (setuptools + wheel) in this environment: " + proc.stderr[-300:])
    assert proc.returncode == 0, proc.stderr
    (whl,) = out.glob("redacted_context_mcp-*.whl")
    return whl


def test_the_wheel_holds_only_the_package_and_declares_both_commands(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        scripts = z.read(entry_points).decode()
        metadata = z.read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert all(n.startswith(("redacted_context_mcp/", "redacted_context_mcp-")) for n in names)
    assert "redacted_context_mcp/protocol/server.py" in names
    assert "redctx = redacted_context_mcp.cli:main" in scripts
    assert "redctx-mcp = redacted_context_mcp.cli:server_main" in scripts
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert all("extra ==" in line for line in requires), "no runtime dependency may be declared"


def test_the_wheel_installs_offline_and_the_installed_server_answers(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(py),
            "install",
            "--quiet",
            "--no-index",
            "--no-deps",
            str(wheel),
        ],
        check=True,
        timeout=300,
        capture_output=True,
    )
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
    where = subprocess.run(
        [str(py), "-c", "import redacted_context_mcp as m; print(m.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=True,
    )
    assert str(venv) in where.stdout

    server = venv / "bin" / "redctx-mcp"
    lines = [
        {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "tools/call",
            "params": {"name": "redctx_tree", "arguments": {}},
        },
    ]
    proc = subprocess.Popen(
        [str(server), "--root", str(QUICKSTART)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=env,
    )
    replies = {}
    for msg in lines:
        proc.stdin.write(json.dumps(msg).encode() + b"\n")
        proc.stdin.flush()
        if "id" in msg:
            reply = json.loads(proc.stdout.readline())
            replies[reply["id"]] = reply
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    assert replies[0]["result"]["serverInfo"]["name"] == "redacted-context-mcp"
    result = replies[1]["result"]
    assert result["isError"] is False
    assert result["content"][0]["text"].startswith("@p_")

    cli = subprocess.run(
        [str(venv / "bin" / "redctx"), "--root", str(QUICKSTART), "stat", "todo.txt"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
        check=False,
    )
    assert cli.returncode == 0 and cli.stdout.startswith("id: @p_")
