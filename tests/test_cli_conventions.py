"""CLI conventions: grep exit statuses, global flags on either side, named unknown flags, JSON Lines, help."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from redacted_context_mcp import cli, cli_output, cli_parser
from redacted_context_mcp.model import ToolResult, mint_redacted
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant

RAW = ("Avery", "avery.example@client-example.com")


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REDACTED_CONTEXT_SALT", "conventions-test-salt")
    kb = tmp_path / "kb"
    (kb / "notes").mkdir(parents=True)
    (kb / "notes" / "plan.md").write_text(
        "# Plan\nAvery Example owns the renewal.\nWrite to avery.example@client-example.com about renewal terms.\n"
        "Unrelated line.\n", encoding="utf-8")
    (kb / "notes" / "other.md").write_text("Another renewal note.\n", encoding="utf-8")
    return kb


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- exit statuses ------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["search", "retrieve"])
def test_search_and_retrieve_exit_zero_on_a_match_one_on_none_and_print_nothing_then(root, capsys, command):
    status, out, err = run(capsys, "--root", str(root), command, "renewal")
    assert status == 0 and "@p_" in out
    status, out, err = run(capsys, "--root", str(root), command, "zebrawordneverthere")
    assert (status, out, err) == (1, "", "")


@pytest.mark.parametrize("argv", [["search", "renewal", "no/such/dir"], ["retrieve", "renewal", "no/such/dir"],
                                  ["search", "x", "--max-results", "0"], ["search", "(", "-E"]])
def test_search_and_retrieve_exit_two_on_an_error_with_the_fixed_message_on_stderr(root, capsys, argv):
    status, out, err = run(capsys, "--root", str(root), *argv)
    assert status == 2 and out == "" and err.endswith(".\n")


def test_search_exits_two_on_a_bad_root_and_other_commands_keep_one(tmp_path, capsys):
    assert run(capsys, "search", "x", "--root", str(tmp_path / "missing"))[0] == 2
    assert run(capsys, "tree", "--root", str(tmp_path / "missing"))[0] == 1


def test_other_commands_exit_one_on_a_refusal(root, capsys):
    status, out, err = run(capsys, "--root", str(root), "read", "notes/missing.md")
    assert (status, out, err) == (1, "", "Path does not exist.\n")


def test_quiet_prints_nothing_and_keeps_the_status(root, capsys):
    assert run(capsys, "search", "renewal", "-q", "--root", str(root)) == (0, "", "")
    assert run(capsys, "search", "zebrawordneverthere", "-q", "--root", str(root)) == (1, "", "")


# -- global flags after the subcommand --------------------------------------------------------------
def test_global_flags_work_after_the_subcommand_too(root, capsys):
    before = run(capsys, "--root", str(root), "--mode", "balanced", "search", "renewal")
    after = run(capsys, "search", "renewal", "--root", str(root), "--mode", "balanced")
    assert before == after and before[0] == 0


def test_a_global_flag_given_on_both_sides_takes_the_later_one_and_repeatable_ones_add_up():
    ns = cli.build_parser().parse_args(["--root", "a", "--detector", "x", "tree", "--root", "b", "--detector", "y"])
    assert ns.root == "b" and ns.detector == ["x", "y"]
    assert not any(k.startswith(cli_parser.LATE) for k in vars(ns))
    ns = cli.build_parser().parse_args(["tree"])
    assert ns.root is None and ns.detector == [] and ns.mode is None


def test_global_flags_work_after_a_nested_subcommand_too():
    ns = cli.build_parser().parse_args(["audit-log", "verify", "log.jsonl", "--root", "kb"])
    assert ns.root == "kb" and ns.files == ["log.jsonl"]


def test_a_subcommand_flag_of_the_same_name_as_a_global_keeps_its_own_meaning():
    ns = cli.build_parser().parse_args(["discover", "--detector", "patterns=x.toml"])
    assert ns.discover_detector == "patterns=x.toml" and ns.detector == []


# -- unknown flags ------------------------------------------------------------------------------------
@invariant("OUT-2")
@pytest.mark.parametrize("argv,named", [
    (["search", "x", "--bogus=AveryExample"], "1 unknown flag (not shown: not a flag of redctx)"),
    (["search", "x", "--max-reslts=Avery"], "unknown flag --max-reslts"),  # a typo of ours is named
    (["read", "a.md", "--json", "--regex=avery.example@client-example.com"], "unknown flags --json, --regex"),
    (["stat", "a.md", "Avery Example"], "1 unexpected argument (not shown)"),
    (["read", "a.md", "--Avery-Example"], "1 unknown flag (not shown: not a flag of redctx)"),
    (["search", "-Z", "x"], "unknown flag -Z"),
])
def test_an_unknown_flag_is_named_when_it_is_ours_and_no_typed_value_is_repeated(root, capsys, argv, named):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert f"error: {named}" in err and err.endswith("see --help\n")
    assert not any(raw.casefold() in err.casefold() for raw in RAW)


def test_the_unknown_arguments_message_names_our_flags_and_counts_the_rest():
    known = {"--json", "--max-results"}
    msg = cli_parser.unknown_arguments_message(["--json=1", "word", "--json", "--avery", "x y", "--max-reslts"], known)
    assert msg == ("unknown flags --json, --max-reslts; 1 unknown flag (not shown: not a flag of redctx); "
                   "2 unexpected arguments (not shown); see --help")


# -- JSON Lines -----------------------------------------------------------------------------------------
def _json_lines(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


@invariant("OUT-2")
@pytest.mark.parametrize("argv,keys", [
    (["search", "renewal", "-C", "1"], {"id", "path", "line", "match", "text"}),
    (["retrieve", "renewal terms"], {"id", "path", "start_line", "end_line", "score", "text"}),
    (["ls", "-r"], {"id", "type", "size", "path"}),
    (["tree"], {"id", "name", "type", "depth"}),
    (["stat", "notes/plan.md"], {"id", "path", "type", "size_bytes", "lines"}),
])
def test_json_prints_one_object_per_row_with_ids_and_redacted_text_only(root, capsys, argv, keys):
    status, out, err = run(capsys, "--root", str(root), *argv, "--json")
    rows = _json_lines(out)
    assert status == 0 and rows and err == ""
    for row in rows:
        assert set(row) <= keys and re.fullmatch(r"@p_[0-9a-f]{12}", row["id"])
    assert not any(raw in out for raw in RAW)
    if argv[0] in ("search", "retrieve"):
        assert "[PERSON_" in out and "[EMAIL_" in out


def test_json_rows_say_the_same_as_the_text_output(root, capsys):
    _, text, _ = run(capsys, "--root", str(root), "search", "renewal", "-C", "1")
    _, js, _ = run(capsys, "--root", str(root), "search", "renewal", "-C", "1", "--json")
    again = [f"{r['id']}{':' if r['match'] else '-'}{r['line']}:{r['path']}:{r['text']}" for r in _json_lines(js)]
    assert again == text.splitlines()
    _, text, _ = run(capsys, "--root", str(root), "ls", "-r")
    rows = _json_lines(run(capsys, "--root", str(root), "ls", "-r", "--json")[1])
    assert [f"{r['id']}\t{r['type']}\t{'-' if r['size'] is None else r['size']}\t{r['path']}" for r in rows] == \
        text.splitlines()
    _, text, _ = run(capsys, "--root", str(root), "stat", "notes/plan.md")
    (row,) = _json_lines(run(capsys, "--root", str(root), "stat", "notes/plan.md", "--json")[1])
    assert [f"{k}: {v}" for k, v in row.items()] == text.splitlines()


def test_json_ends_with_a_truncated_object_when_the_text_would_be_cut(root, capsys):
    _, text, _ = run(capsys, "--root", str(root), "search", "renewal", "--max-results", "1")
    rows = _json_lines(run(capsys, "--root", str(root), "search", "renewal", "--max-results", "1", "--json")[1])
    assert text.rstrip().endswith("[TRUNCATED]")
    assert len(rows) == 2 and rows[-1] == {"truncated": True} and "line" in rows[0]


def test_json_with_no_match_prints_nothing_and_exits_one(root, capsys):
    assert run(capsys, "--root", str(root), "search", "zebrawordneverthere", "--json") == (1, "", "")


@invariant("OUT-2")
def test_json_refuses_a_row_string_that_the_service_did_not_mint():
    with pytest.raises(TypeError):
        cli_output.json_lines(ToolResult(text=mint_redacted("x"), rows=({"path": "plain str"},)))
    assert cli_output.json_lines(ToolResult(text=mint_redacted("x"), rows=({"n": 1, "s": mint_redacted("ok")},))) \
        == '{"n": 1, "s": "ok"}\n'


def test_json_is_offered_exactly_on_the_five_listing_commands():
    parser = cli.build_parser()
    sub = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    with_json = {name for name, p in sub.items() if "--json" in p._option_string_actions}
    assert with_json == {"search", "grep", "retrieve", "ls", "list", "tree", "stat"}


# -- help ------------------------------------------------------------------------------------------------
def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args([*argv, "--help"])
    return capsys.readouterr().out


def test_search_help_states_the_cli_default_case_sensitive(capsys):
    text = " ".join(_help(capsys, "search").split())
    assert "-i, --ignore-case Match case-insensitively. Off by default" in text
    assert "Default true" not in text


@pytest.mark.parametrize("command", sorted({t.cli for t in TOOLS if t.cli}))
def test_tool_command_help_uses_flag_and_command_names_with_examples(capsys, command):
    text = _help(capsys, command)
    params = {n for t in TOOLS for n in t.input_schema.get("properties", {}) if "_" in n}
    assert not [n for n in params if re.search(rf"(?<![-\w]){n}(?![-\w])", text)], "a parameter name in CLI help"
    assert "redctx_" not in text
    assert "examples:\n  redctx " in text, f"add examples for {command} to cli_help.EXAMPLES"


def test_the_top_level_help_lists_examples_and_the_exit_statuses(capsys):
    text = _help(capsys)
    assert "examples:" in text and "exit status:" in text and "before or after the command" in text
