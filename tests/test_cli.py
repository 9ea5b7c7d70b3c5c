"""The redctx CLI: generated subcommands, argument mapping, output and exit statuses."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import redacted_context_mcp
from redacted_context_mcp import cli
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import Fixed, ToolResult, mint_redacted
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[1]
QUICKSTART = REPO / "examples" / "quickstart" / "private-notes"
SUBCOMMANDS = [
    "tree",
    "ls",
    "list",
    "stat",
    "read",
    "cat",
    "search",
    "grep",
    "retrieve",
    "bundle",
    "doctor",
    "audit",
    "head",
    "tail",
    "benchmark",
    "redact",
    "rules",
    "serve",
]


class Recorder:
    """Replaces handler resolution: records (handler, args) and returns a preset result."""

    def __init__(self, result: Any = None, raises: BaseException | None = None) -> None:
        self.calls: list[tuple[str, dict]] = []
        self.result = result if result is not None else ToolResult(text=mint_redacted("ok"))
        self.raises = raises

    def resolve(self, handler: Any):
        def run(svc: Any, args: Any = None, **kw: Any) -> Any:
            self.calls.append((handler, args))
            if self.raises:
                raise self.raises
            return self.result

        return run


@pytest.fixture
def fake(monkeypatch, tmp_path):
    def make(**kw: Any) -> Recorder:
        rec = Recorder(**kw)
        monkeypatch.setattr(cli, "resolve_handler", rec.resolve)
        monkeypatch.setattr(cli.Context, "service", lambda self: "SERVICE")
        return rec

    return make


def run(argv: list[str], tmp_path: Path) -> int:
    return cli.main(["--root", str(tmp_path), *argv])


def test_every_documented_subcommand_and_alias_exists():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    assert set(SUBCOMMANDS) <= set(sub.choices)


def test_every_tool_with_a_cli_name_gets_a_subcommand():
    names = cli.build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for tool in TOOLS:
        if tool.cli:
            assert tool.cli in names


@pytest.mark.parametrize(
    "argv,handler,args",
    [
        (["tree"], "files:tree", {"path": ".", "max_depth": 3}),
        (
            ["tree", "@p_0123456789ab", "--max-depth", "1"],
            "files:tree",
            {"path": "@p_0123456789ab", "max_depth": 1},
        ),
        (["ls", "-r", "notes"], "files:list_entries", {"path": "notes", "recursive": True}),
        (
            ["list", "--max-depth", "2"],
            "files:list_entries",
            {"path": ".", "recursive": False, "max_depth": 2},
        ),
        (
            ["cat", "a.md", "-n", "--start-line", "2"],
            "files:read",
            {"path": "a.md", "line_numbers": True, "start_line": 2, "max_chars": 120000},
        ),
        (
            ["read", "a.md", "--end-line", "9", "--max-chars", "50"],
            "files:read",
            {"path": "a.md", "end_line": 9, "max_chars": 50, "line_numbers": False},
        ),
        (["stat", "a.md"], "files:stat", {"path": "a.md"}),
        (
            ["search", "needle"],
            "search:search",
            {
                "query": "needle",
                "paths": [],
                "glob": [],
                "ignore_case": False,
                "regex": False,
                "context": 0,
                "max_results": 200,
            },
        ),
        (
            [
                "grep",
                "-i",
                "-E",
                "-C",
                "2",
                "n.*e",
                "a",
                "b",
                "--glob",
                "*.md",
                "--glob",
                "*.txt",
                "--max-results",
                "5",
            ],
            "search:search",
            {
                "query": "n.*e",
                "paths": ["a", "b"],
                "glob": ["*.md", "*.txt"],
                "ignore_case": True,
                "regex": True,
                "context": 2,
                "max_results": 5,
            },
        ),
        (
            ["retrieve", "backup recovery", "notes", "--max-results", "3"],
            "search:retrieve",
            {
                "query": "backup recovery",
                "paths": ["notes"],
                "glob": [],
                "max_results": 3,
                "max_chars": 12000,
            },
        ),
        (
            ["bundle", "notes", "--glob", "*.md", "--max-files", "10"],
            "files:bundle",
            {
                "paths": ["notes"],
                "glob": ["*.md"],
                "max_files": 10,
                "max_total_chars": 300000,
                "max_chars_per_file": 30000,
            },
        ),
        (["doctor"], "admin:doctor", {}),
        (["audit", "--format", "json"], "admin:audit", {"format": "json"}),
        (["head", "a.md"], "files:head", {"path": "a.md", "lines": 40, "line_numbers": False}),
        (
            ["tail", "a.md", "-n", "5", "--max-chars", "9", "--line-numbers"],
            "files:tail",
            {"path": "a.md", "lines": 5, "line_numbers": True, "max_chars": 9},
        ),
        (["benchmark"], "admin:benchmark", {"format": "text"}),
        (
            ["benchmark", "--query", "x", "--no-ignore-case", "--format", "json"],
            "admin:benchmark",
            {"format": "json", "query": "x", "ignore_case": False},
        ),
    ],
)
def test_subcommands_pass_the_schema_checked_arguments_to_the_same_operation_as_mcp(
    fake, tmp_path, argv, handler, args
):
    rec = fake()
    assert run(argv, tmp_path) == 0
    ((called, got),) = rec.calls
    assert called == f"redacted_context_mcp.service.{handler}"
    assert got == args


def test_budget_flags_set_the_operation_limits(monkeypatch, tmp_path):
    seen = {}

    def fake_build(options):
        seen["limits"] = options.limits
        return "SERVICE"

    monkeypatch.setattr(cli.app, "build_service", fake_build)
    monkeypatch.setattr(cli, "resolve_handler", lambda h: lambda svc, args: ToolResult(text=mint_redacted("ok")))
    assert (
        run(
            [
                "search",
                "x",
                "--max-files",
                "7",
                "--max-raw-bytes-per-file",
                "100",
                "--max-total-raw-bytes",
                "900",
                "--max-entries",
                "50",
                "--max-seconds",
                "1.5",
            ],
            tmp_path,
        )
        == 0
    )
    lim = seen["limits"]
    assert (
        lim.max_files,
        lim.max_raw_bytes_per_file,
        lim.max_total_raw_bytes,
        lim.max_entries,
        lim.max_seconds,
    ) == (7, 100, 900, 50, 1.5)


def test_output_goes_to_stdout_with_one_trailing_newline(fake, tmp_path, capsys):
    fake(result=ToolResult(text=mint_redacted("line one\nline two")))
    assert run(["tree"], tmp_path) == 0
    assert capsys.readouterr().out == "line one\nline two\n"


def test_search_without_matches_exits_one_and_prints_nothing(fake, tmp_path, capsys):
    fake(result=ToolResult(text=Fixed("No matches."), exit_status=1))
    assert run(["search", "zzz"], tmp_path) == 1
    assert capsys.readouterr() == ("", "")


def test_a_failing_audit_prints_its_report_and_exits_one(fake, tmp_path, capsys):
    fake(result=ToolResult(text=mint_redacted("containment: symlinks FAIL  1 entry"), is_error=True))
    assert run(["audit"], tmp_path) == 1
    assert "FAIL" in capsys.readouterr().out


def test_a_refusal_prints_the_fixed_message_on_stderr_and_exits_one(fake, tmp_path, capsys):
    fake(raises=RedctxError(Code.NOT_TEXT))
    assert run(["read", "a.bin"], tmp_path) == 1
    out = capsys.readouterr()
    assert (
        out.out == "" and out.err == "Refusing to print non-text file. Use stat/list to inspect metadata.\n"
    )


def test_an_error_result_prints_on_stderr(fake, tmp_path, capsys):
    fake(result=ToolResult(text=mint_redacted("Path does not exist."), is_error=True, code="path_missing"))
    assert run(["stat", "x"], tmp_path) == 1
    assert capsys.readouterr().err == "Path does not exist.\n"


def test_an_unexpected_exception_prints_only_the_fixed_message(fake, tmp_path, capsys):
    fake(raises=ValueError("raw avery@example.com"))
    assert run(["tree"], tmp_path) == 1
    err = capsys.readouterr().err
    assert err == "Tool execution failed.\n"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["tree", "--max-depth", "-1"], "max_depth must be at least 0.\n"),
        (["head", "a", "-n", "0"], "lines must be at least 1.\n"),
        (["bundle", "--max-files", "0"], "max_files must be at least 1.\n"),
    ],
)
def test_argument_checks_use_the_fixed_messages(fake, tmp_path, capsys, argv, message):
    fake()
    assert run(argv, tmp_path) == 1
    assert capsys.readouterr().err == message


@pytest.mark.parametrize(
    "argv",
    [[], ["nope"], ["tree", "--bogus"], ["audit", "--format", "xml"], ["read"], ["--mode", "loose", "tree"]],
)
def test_usage_errors_exit_two(fake, tmp_path, argv):
    fake()
    assert run(argv, tmp_path) == 2


@invariant("OUT-2")
@pytest.mark.parametrize(
    "argv",
    [
        ["audit", "--format", "Avery Example"],
        ["--mode", "Avery Example", "doctor"],
        ["Avery Example"],
        ["tree", "--max-depth", "Avery Example"],
        ["tree", "x", "Avery Example"],
    ],
)
def test_usage_errors_never_echo_the_rejected_value(fake, tmp_path, capsys, argv):
    fake()
    assert run(argv, tmp_path) == 2
    captured = capsys.readouterr()
    assert "Avery" not in captured.err + captured.out
    assert "error:" in captured.err


def test_a_missing_root_is_reported_and_exits_one(tmp_path, capsys):
    assert cli.main(["--root", str(tmp_path / "nope"), "tree"]) == 1
    assert capsys.readouterr().err == "redctx: --root: Path does not exist.\n"


def test_an_unknown_detector_fails_before_the_command_runs(fake, tmp_path, capsys):
    fake()
    assert cli.main(["--root", str(tmp_path), "--detector", "nosuchdetector", "tree"]) == 1
    assert capsys.readouterr().err.startswith("--detector: unknown detector nosuchdetector")


def test_documents_flag_without_the_extra_fails_at_start_with_the_install_command(
        fake, tmp_path, capsys, monkeypatch):
    fake()
    monkeypatch.setattr("redacted_context_mcp.sources.documents.available", lambda: False)
    assert cli.main(["--root", str(tmp_path), "--documents", "tree"]) == 1
    err = capsys.readouterr().err
    assert err == ("redctx: --documents needs the documents extra: "
                   "python -m pip install 'redacted-context-mcp[documents]'\n")


def test_doctor_runs_with_documents_without_the_extra_and_says_it_is_missing(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("redacted_context_mcp.sources.documents.available", lambda: False)
    assert cli.main(["--root", str(tmp_path), "--documents", "doctor"]) == 0
    assert "documents: on, extra not installed" in capsys.readouterr().out.splitlines()


def test_help_and_version_exit_zero(capsys):
    assert cli.main(["--help"]) == 0
    assert cli.main(["--version"]) == 0
    out = capsys.readouterr().out
    assert f"redctx {redacted_context_mcp.__version__} (MCP protocol versions: 2026-07-28, " in out


def _redctx(*argv: str, **kw: Any) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO), REDACTED_CONTEXT_SALT="cli-test-salt")
    return subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp.cli", *argv],
        cwd=REPO,
        env=env,
        capture_output=True,
        timeout=120,
        **kw,
        check=False,
    )


def test_piping_into_a_reader_that_stops_early_exits_quietly(tmp_path):
    (tmp_path / "big.txt").write_text("".join(f"line {i} of a long plain file\n" for i in range(20000)))
    env = dict(os.environ, PYTHONPATH=str(REPO), REDACTED_CONTEXT_SALT="cli-test-salt")
    proc = subprocess.Popen(
        [sys.executable, "-m", "redacted_context_mcp.cli", "--root", str(tmp_path), "read", "big.txt"],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert first.startswith(b"--- @p_")
    assert b"Traceback" not in err and b"BrokenPipe" not in err


# Depends on service.files (issue 3).
def test_tree_on_the_quickstart_prints_ids_not_raw_folder_names_for_the_root():
    out = _redctx("--root", str(QUICKSTART), "tree")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.decode().splitlines()
    assert lines[0].startswith("@p_") and lines[0].endswith(" ./")
    assert all(line.lstrip().startswith("@p_") for line in lines)


def test_non_utf8_terminals_still_get_output(tmp_path):
    (tmp_path / "u.txt").write_text("caf\u00e9 \u2713\n", encoding="utf-8")
    env = dict(
        os.environ, PYTHONPATH=str(REPO), REDACTED_CONTEXT_SALT="cli-test-salt", PYTHONIOENCODING="ascii"
    )
    out = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp.cli", "--root", str(tmp_path), "read", "u.txt"],
        cwd=REPO,
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0
    assert "caf\u00e9".encode() in out.stdout


def test_redact_filters_stdin_and_explains_on_stderr(fake, tmp_path, capsys, monkeypatch):
    import io

    rec = fake(result=ToolResult(text=mint_redacted("redacted text\n")))
    monkeypatch.setattr(sys, "stdin", io.StringIO("raw text\n"))
    assert run(["redact"], tmp_path) == 0
    assert capsys.readouterr().out == "redacted text\n"
    assert rec.calls == [("redacted_context_mcp.service.redact:redact_text", "raw text\n")]


def test_rules_prints_the_listing(fake, tmp_path, capsys):
    rec = fake(result=ToolResult(text=mint_redacted("secret.aws_access_key SECRET default")))
    assert run(["rules"], tmp_path) == 0
    assert capsys.readouterr().out == "secret.aws_access_key SECRET default\n"
    assert rec.calls[0][0] == "redacted_context_mcp.service.redact:rules_listing"


def test_serve_runs_the_mcp_server_with_the_global_flags(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(REPO), REDACTED_CONTEXT_SALT="cli-test-salt")
    init = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}\n'
    out = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp.cli", "--root", str(tmp_path), "serve"],
        input=init,
        cwd=REPO,
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0
    assert json_line(out.stdout)["result"]["protocolVersion"] == "2025-06-18"


def json_line(data: bytes) -> dict:
    import json

    (line,) = data.splitlines()
    return json.loads(line)


def test_redact_decodes_utf16_stdin_with_a_bom_before_redacting(tmp_path):
    import subprocess

    (tmp_path / "root").mkdir()
    raw = "Write to avery.example@contoso-private.test today\n".encode("utf-16")
    out = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp.cli", "--root", str(tmp_path / "root"), "redact"],
        input=raw, capture_output=True, env={**os.environ, "REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "st")},
        cwd=Path(__file__).resolve().parents[1], check=True,
    )
    assert b"contoso" not in out.stdout and b"[EMAIL_" in out.stdout
    assert out.stdout.decode("utf-8").startswith("Write to [EMAIL_")


def test_every_server_limit_flag_reaches_the_limits():
    ns = cli.build_server_parser().parse_args(
        ["--max-resource-bytes", "11", "--max-traversal-entries", "12", "--max-raw-bytes-per-file", "13",
         "--max-total-raw-bytes", "14", "--cache-bytes", "15", "--max-files", "16",
         "--max-scan-raw-bytes", "17", "--max-seconds", "1.5"]
    )
    lim = cli.server_limits(ns)
    assert (lim.max_resource_bytes, lim.max_entries, lim.max_raw_bytes_per_file, lim.max_total_raw_bytes,
            lim.cache_bytes, lim.max_files, lim.max_scan_raw_bytes, lim.max_seconds) == (
        11, 12, 13, 14, 15, 16, 17, 1.5)


@pytest.mark.parametrize("typed", ["--max=zebracanary-4411", "--max=zebra canary 4411", "--ma=zebracanary-4411"])
@invariant("HARD-10", "OUT-2")
def test_an_ambiguous_option_error_never_repeats_the_value_typed(typed, tmp_path, capsys):
    assert cli.main(["--root", str(tmp_path), "grep", typed, "query"]) == 2
    err = capsys.readouterr().err
    assert "zebra" not in err and "4411" not in err
    assert "ambiguous option: --ma" in err and "could match --max-results" in err
