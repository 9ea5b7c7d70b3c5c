"""``--detector`` end to end: the CLI and the real server process with ``patterns``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from redacted_context_mcp import app, cli, render
from redacted_context_mcp.config import CONFIG_NAME
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.detectors import Nomination
from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[1]
RULES = "[[patterns]]\ncategory = \"ID\"\nregex = 'ZORBA-\\d{4,}'\n"
INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


@pytest.fixture
def root(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("REDACTED_CONTEXT_SALT", "test-salt-for-detector-e2e")
    r = tmp_path / "root"
    (r / "rules").mkdir(parents=True)
    (r / "rules" / "patterns.toml").write_text(RULES, encoding="utf-8")
    (r / "notes.md").write_text("Ticket ZORBA-12345 is open.\nSee ZORBA-12345 again.\n", encoding="utf-8")
    return r


def run_cli(root: Path, *argv: str, capsys) -> tuple[int, str, str]:
    status = cli.main(["--root", str(root), "--detector", f"patterns={root / 'rules' / 'patterns.toml'}", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_cli_redacts_what_patterns_nominates(root, capsys):
    status, out, _ = run_cli(root, "read", "notes.md", capsys=capsys)
    assert status == 0 and "12345" not in out
    assert len(set(re.findall(r"\[ID_[0-9a-f]{32}\]", out))) == 1


@invariant("DETECT-3", "CONT-3")
@pytest.mark.parametrize("private", [False, True])
def test_the_rules_file_under_the_root_is_never_listed_read_or_searched(root, capsys, private):
    flags = ("--include-private",) if private else ()
    status, out, _ = run_cli(root, *flags, "tree", capsys=capsys)
    assert status == 0 and "patterns" not in out and "rules/" in out
    status, out, err = run_cli(root, *flags, "read", "rules/patterns.toml", capsys=capsys)
    assert status == 1 and err.strip() == Code.PATH_EXCLUDED.template and "ZORBA" not in out + err
    status, out, _ = run_cli(root, *flags, "search", "category", capsys=capsys)
    assert status == 1 and "ZORBA" not in out


def test_doctor_lists_the_detector_by_name_and_version(root, capsys):
    import redacted_context_mcp

    status, out, _ = run_cli(root, "doctor", capsys=capsys)
    assert status == 0 and out.splitlines()[-1] == f"detectors: patterns {redacted_context_mcp.__version__}"


def test_a_rule_failing_its_startup_check_stops_the_cli_before_any_output(root, capsys):
    (root / "rules" / "patterns.toml").write_text(RULES + "[[patterns]]\ncategory = \"ID\"\nregex = '(ZQ[A-Z]+)+'\n")
    status, out, err = run_cli(root, "read", "notes.md", capsys=capsys)
    assert status == 1 and out == ""
    assert err == "--detector: patterns: rule 2: regex has a catastrophic-backtracking shape.\n"


class Broken:
    name = "broken"
    version = "1"

    def detect(self, text):
        raise RuntimeError("ZORBA-12345 leaked through an exception")


class Counting:
    name = "counting"
    version = "2"
    built = 0

    def __init__(self):
        type(self).built += 1

    def detect(self, text):
        return [Nomination(m.start(), m.end(), "SENSITIVE") for m in re.finditer("Qrix", text)]


@invariant("DETECT-1", "OUT-1")
def test_a_failing_detector_fails_the_tool_with_the_fixed_message_only(root):
    from redacted_context_mcp.tools import find, resolve_handler

    svc = app.build_service(app.make_options(root), detectors=(Broken(),))
    with pytest.raises(RedctxError) as err:
        resolve_handler(find("redctx_read").handler)(svc, {"path": "notes.md"})
    res = render.error_result(err.value)
    assert res.is_error and res.text == "Detector failed." and "ZORBA" not in repr(res)
    assert err.value.__context__ is None and err.value.__cause__ is None


def test_reloads_keep_the_detector_instances_and_receipts_list_them(root):
    from redacted_context_mcp.tools import find, resolve_handler

    det = Counting()
    svc = app.build_service(app.make_options(root), detectors=(det,))
    read = resolve_handler(find("redctx_read").handler)
    (root / "notes.md").write_text("Qrix and Qrix\n", encoding="utf-8")
    first = read(svc, {"path": "notes.md"})
    gen = svc.snapshot().generation
    (root / CONFIG_NAME).write_text('[redaction]\nclients = ["Vollo Partners"]\n', encoding="utf-8")
    second = read(svc, {"path": "notes.md"})
    assert svc.snapshot().generation > gen and svc.snapshot().redactor.detectors == (det,)
    assert Counting.built == 1 and "Qrix" not in first.text + second.text
    assert first.detectors == ({"name": "counting", "version": "2", "nominated": 1, "positional": 0},)


def _server(root: Path, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen([sys.executable, "-m", "redacted_context_mcp", "--root", str(root), *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO, env=env)


@invariant("OUT-4")
def test_the_server_serves_with_patterns_and_receipts_name_the_detector(root):
    proc = _server(root, "--detector", f"patterns={root / 'rules' / 'patterns.toml'}")
    msgs = [INIT, {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "redctx_read",
                                                                           "arguments": {"path": "notes.md"}}}]
    out, err = proc.communicate(b"".join(json.dumps(m).encode() + b"\n" for m in msgs), timeout=60)
    replies = [json.loads(line) for line in out.splitlines()]
    result = next(r for r in replies if r.get("id") == 1)["result"]
    receipt = result["structuredContent"]["receipt"]
    assert "12345" not in result["content"][0]["text"] and "ZORBA" not in out.decode() + err.decode()
    entry = receipt["detectors"][0]
    assert entry["name"] == "patterns" and entry["nominated"] == 1 and entry["positional"] == 0


def test_the_server_refuses_to_start_on_a_bad_rules_file_without_echoing_it(root):
    (root / "rules" / "patterns.toml").write_text("[[patterns]]\ncategory = \"ZORBA\"\nregex = 'ZORBA'\n")
    proc = _server(root, "--detector", f"patterns={root / 'rules' / 'patterns.toml'}")
    out, err = proc.communicate(b"", timeout=60)
    assert proc.returncode == 1 and out == b""
    assert err.startswith(b"redctx-mcp: cannot start: --detector: patterns: rule 1: unknown category")
    assert b"ZORBA" not in err


def test_build_service_loads_detectors_from_the_settings(root):
    opts = app.make_options(root, detectors=(f"patterns={root / 'rules' / 'patterns.toml'}",))
    svc = app.build_service(opts)
    assert [d["name"] for d in svc.detectors] == ["patterns"]
    with pytest.raises(RedctxError):
        app.build_service(app.make_options(root, detectors=("patterns",)))


def test_audit_lists_the_plugged_detectors_after_the_alias_groups(root):
    from redacted_context_mcp.service import admin

    svc = app.build_service(app.make_options(root), detectors=(Counting(),))
    checks = admin.run_checks(svc, svc.snapshot())
    names = [c.name for c in checks]
    assert names.index("plugged detectors") == names.index("alias groups") + 1
    check = checks[names.index("plugged detectors")]
    assert check.status == "PASS" and "counting 2" in check.detail
    broken = app.build_service(app.make_options(root), detectors=(Broken(),))
    with pytest.raises(RedctxError) as err:
        admin.run_checks(broken, broken.snapshot())
    assert err.value.code is Code.DETECTOR_FAILED
    plain = app.build_service(app.make_options(root))
    assert "plugged detectors" not in [c.name for c in admin.run_checks(plain, plain.snapshot())]


def test_audit_fails_a_detector_that_is_not_deterministic(root):
    from redacted_context_mcp.service import admin

    class Flaky:
        name, version, calls = "flaky", "0", 0

        def detect(self, text):
            self.calls += 1
            return [Nomination(0, 6, "ID")] if self.calls % 2 else []

    svc = app.build_service(app.make_options(root), detectors=(Flaky(),))
    check = next(c for c in admin.run_checks(svc, svc.snapshot()) if c.name == "plugged detectors")
    assert check.status == "FAIL" and check.detail == "a detector is not deterministic (flaky 0)"
