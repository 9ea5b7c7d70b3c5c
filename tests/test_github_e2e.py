"""The GitHub tools end to end against the loopback fake: the CLI, the real server in both eras, the SDK.

The fake GitHub runs in this test process; ``redctx`` and ``redctx-mcp`` run as
real subprocesses whose config points every alias at it (``api_url`` on
127.0.0.1). Every output is scanned for the corpus canaries and for the fake's
raw logins, owner, repo and token.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.invariants import invariant
from tests.sources import github_fake as gf
from tests.sweep_helpers import REPO, WireClient, clean_env, find_leaks, initialize, request, tool_text

TOKEN_ENV = "REDCTX_FAKE_GH_TOKEN"
GITHUB_TOOLS = ("redctx_github_repos", "redctx_github_list_issues", "redctx_github_search_issues",
                "redctx_github_read_issue")
RAW = (gf.OWNER, "tracker-main", "tblaszczyk", "marisol_ov", "github.example", gf.PRIVATE_TOKEN)


@pytest.fixture(scope="module")
def fake() -> Iterator[gf.FakeGitHub]:
    with gf.running() as f:
        yield f


@pytest.fixture(scope="module")
def setup(fake: gf.FakeGitHub, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    base = tmp_path_factory.mktemp("gh-e2e")
    root = gf.make_root(base / "kb", fake.base)
    (base / "state").mkdir()
    env = clean_env(base / "state", **{TOKEN_ENV: gf.PRIVATE_TOKEN})
    return root, env


def assert_clean(data: str | bytes) -> None:
    assert not find_leaks(data), find_leaks(data)
    low = (data.decode("utf-8", "replace") if isinstance(data, bytes) else data).casefold()
    for v in RAW:
        assert v.casefold() not in low, v


def redctx(root: Path, env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "redacted_context_mcp.cli", "--root", str(root), *argv],
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=120, check=False)


# -- the CLI -------------------------------------------------------------------------------------
@invariant("GH-1", "GH-2")
def test_the_cli_github_commands_print_redacted_issues(setup):
    root, env = setup
    repos = redctx(root, env, "github", "repos")
    assert repos.returncode == 0 and "context" in repos.stdout.splitlines()
    issues = redctx(root, env, "gh", "issues", "context", "--state", "all", "--label", "client", "--limit", "2")
    assert issues.returncode == 0 and [x.split("\t")[0] for x in issues.stdout.splitlines()] == ["context#7",
                                                                                                "context#6"]
    issue = redctx(root, env, "github", "issue", "context", "1", "--comments", "--max-comments", "2",
                   "--max-body-chars", "40")
    assert issue.returncode == 0 and "issue: #1" in issue.stdout and issue.stdout.count("author: user_") == 2
    assert "[TRUNCATED]" in issue.stdout
    search = redctx(root, env, "github", "search", "context", "renewal", "--state", "all")
    assert search.returncode == 0 and search.stdout.startswith("context#1\t")
    echo = redctx(root, env, "github", "issue", "echo", "1", "--comments")
    assert echo.returncode == 0 and "[SECRET_" in echo.stdout
    for p in (repos, issues, issue, search, echo):
        assert_clean(p.stdout + p.stderr)


@pytest.mark.parametrize(
    ("argv", "status", "stderr"),
    [
        (("github", "search", "context", "zzzz-no-hit"), 1, ""),
        (("github", "issues", "nope"), 1, "Unknown GitHub repo alias.\n"),
        (("github", "issues", "context", "--state", "merged"), 1, "GitHub state must be open, closed, or all.\n"),
        (("github", "issue", "context", "8"), 1, "GitHub issue was not found.\n"),
        (("github", "issue", "context", "0"), 1, "number must be at least 1.\n"),
        (("github", "issue", "context", "99999999999"), 1, "number must be at most 2147483647.\n"),
        (("github", "issues", "s401"), 1, "GitHub rejected the token (HTTP 401). Check the alias's token variable.\n"),
        (("github", "issues", "retry"), 1, "GitHub rate limit reached. Retry in 120 seconds.\n"),
        (("github", "search", "context", "x" * 2001), 1, "GitHub search query must be 1 to 2000 characters.\n"),
        (("github", "issues", "context", "--label", "a,b"), 1,
         "labels must hold at most 100 names of 1 to 256 characters, without commas.\n"),
        (("github", "issues", "context", "--limit", "0"), 1, "limit must be at least 1.\n"),
    ],
)
def test_cli_errors_are_fixed_messages_on_stderr(setup, argv, status, stderr):
    root, env = setup
    p = redctx(root, env, *argv)
    assert p.returncode == status
    if stderr:
        assert p.stderr == stderr
    else:
        assert p.stdout == "No matches.\n"


def test_doctor_and_audit_report_github_names_and_counts_only(setup):
    root, env = setup
    doctor = redctx(root, env, "doctor")
    assert f"github_repos: {len(gf.ALIASES)}\n" in doctor.stdout
    assert f"github_token.context: {TOKEN_ENV} set\n" in doctor.stdout
    unset = redctx(root, {k: v for k, v in env.items() if k != TOKEN_ENV}, "doctor")
    assert f"github_token.context: {TOKEN_ENV} unset\n" in unset.stdout
    audit = redctx(root, env, "audit")
    assert "github: token variable names PASS" in audit.stdout and "github: neutral repo aliases PASS" in audit.stdout
    for p in (doctor, unset, audit):
        assert_clean(p.stdout + p.stderr)


# -- the real server, raw wire, both eras --------------------------------------------------------
def _wire_calls(root: Path, env: dict[str, str], era: str) -> tuple[dict, dict[str, dict], bytes]:
    client = WireClient(root, env)
    modern = era == "modern"
    try:
        if not modern:
            client.call("init", initialize("init"))
            client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        listed = client.call(1, request(1, "tools/list", {}, modern=modern))
        calls = {
            "repos": ("redctx_github_repos", {}),
            "list": ("redctx_github_list_issues", {"state": "all"}),
            "list_again": ("redctx_github_list_issues", {"state": "all"}),
            "search": ("redctx_github_search_issues", {"query": "contract", "state": "all"}),
            "read": ("redctx_github_read_issue", {"number": 1, "comments": True}),
            "pr": ("redctx_github_read_issue", {"number": 8}),
            "echo": ("redctx_github_read_issue", {"repo_alias": "echo", "number": 2, "comments": True}),
            "bad_state": ("redctx_github_list_issues", {"state": "merged"}),
            "huge": ("redctx_github_list_issues", {"repo_alias": "huge"}),
        }
        out = {}
        for i, (label, (name, args)) in enumerate(calls.items(), 10):
            out[label] = client.call(i, request(i, "tools/call", {"name": name, "arguments": args}, modern=modern))
        assert client.close() == 0
    finally:
        client.kill()
    return listed, out, client.stderr


@invariant("GH-1", "GH-2", "GH-4", "PROTO-4")
@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_the_server_serves_the_github_tools_in_both_eras(setup, fake, era):
    root, env = setup
    before = fake.count()
    listed, out, stderr = _wire_calls(root, env, era)
    tools = {t["name"]: t for t in listed["result"]["tools"]}
    assert len(tools) == 14 and set(GITHUB_TOOLS) <= set(tools)
    assert tools["redctx_github_repos"]["annotations"]["openWorldHint"] is False
    for name in GITHUB_TOOLS[1:]:
        assert tools[name]["annotations"] == {"readOnlyHint": True, "idempotentHint": True,
                                              "destructiveHint": False, "openWorldHint": True}
    assert "context" in tool_text(out["repos"]).splitlines()
    assert tool_text(out["list"]).startswith("context#7\t") and tool_text(out["list_again"]) == tool_text(out["list"])
    assert tool_text(out["search"]).startswith("context#1\t")
    assert "body_untrusted_external:" in tool_text(out["read"])
    assert tool_text(out["pr"]) == "GitHub issue was not found." and out["pr"]["result"]["isError"] is True
    assert tool_text(out["bad_state"]) == "GitHub state must be open, closed, or all."
    assert tool_text(out["huge"]) == "GitHub response too large."
    assert "[SECRET_" in tool_text(out["echo"])
    for reply in out.values():
        res = reply["result"]
        assert res["structuredContent"]["text"] == res["content"][0]["text"]
    assert out["read"]["result"]["structuredContent"]["receipt"]["counts_by_category"]["PERSON"] >= 1
    statuses = fake.statuses()[before:]
    assert 304 in statuses  # the second identical list was answered from the ETag cache
    assert_clean(json.dumps(list(out.values()), ensure_ascii=False))
    assert_clean(stderr)


# -- the official SDK client ----------------------------------------------------------------------
async def _sdk_session(root: Path, env: dict[str, str], mode: str) -> dict:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "redacted_context_mcp", "--root", str(root)],
                                   cwd=str(REPO), env=env)
    out: dict = {}
    async with Client(params, mode=mode, read_timeout_seconds=60) as client:
        out["tools"] = {t.name: t for t in (await client.list_tools()).tools}
        out["list"] = await client.call_tool("redctx_github_list_issues", {"labels": ["client"], "limit": 5})
        out["read"] = await client.call_tool("redctx_github_read_issue", {"number": 3, "comments": True})
        out["search"] = await client.call_tool("redctx_github_search_issues", {"query": "timeout"})
        out["unknown"] = await client.call_tool("redctx_github_read_issue", {"repo_alias": "nope", "number": 1})
    return out


@invariant("PROTO-1", "GH-2")
@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_the_sdk_client_reads_github_issues_in_both_eras(setup, mode):
    pytest.importorskip("mcp", reason="the dev extra (mcp==2.3.0) is not installed")
    root, env = setup
    out = asyncio.run(_sdk_session(root, env, mode))
    assert set(GITHUB_TOOLS) <= set(out["tools"])
    assert out["tools"]["redctx_github_read_issue"].annotations.open_world_hint is True
    listed = out["list"].content[0].text
    assert [x.split("\t")[0] for x in listed.splitlines()] == ["context#7", "context#1"]
    read = out["read"].content[0].text
    assert "issue: #3" in read and "author: user_" in read and not out["read"].is_error
    assert out["search"].content[0].text.startswith("context#5\t")
    assert out["unknown"].is_error and out["unknown"].content[0].text == "Unknown GitHub repo alias."
    assert_clean(listed + read + out["search"].content[0].text)


# -- the per-request deadline, end to end --------------------------------------------------------
TIMEOUT_ENV = "REDACTED_CONTEXT_GITHUB_TIMEOUT"
TIMEOUT_MESSAGE = "GitHub API did not answer within 1 seconds."


@invariant("GH-3")
def test_the_cli_times_out_on_a_slow_endpoint_with_the_fixed_message(setup, fake):
    root, env = setup
    fake.slow_seconds = 3.0
    slow = redctx(root, {**env, TIMEOUT_ENV: "1"}, "gh", "issues", "slow")
    assert slow.returncode == 1 and slow.stderr == TIMEOUT_MESSAGE + "\n" and slow.stdout == ""
    fine = redctx(root, {**env, TIMEOUT_ENV: "1"}, "gh", "issues", "context", "--limit", "1")
    assert fine.returncode == 0 and fine.stdout.startswith("context#7\t")


@invariant("GH-3")
@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_the_server_times_out_on_a_slow_endpoint_and_answers_the_next_request(setup, fake, era):
    root, env = setup
    fake.slow_seconds = 3.0
    modern = era == "modern"
    client = WireClient(root, {**env, TIMEOUT_ENV: "1"})
    try:
        if not modern:
            client.call("init", initialize("init"))
            client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        calls = [("redctx_github_list_issues", {"repo_alias": "slow"}),
                 ("redctx_github_read_issue", {"repo_alias": "slow", "number": 1}),
                 ("redctx_github_list_issues", {"state": "all"})]
        out = [client.call(i, request(i, "tools/call", {"name": name, "arguments": args}, modern=modern))
               for i, (name, args) in enumerate(calls, 1)]
        assert client.close() == 0
    finally:
        client.kill()
    for reply in out[:2]:
        assert reply["result"]["isError"] is True and tool_text(reply) == TIMEOUT_MESSAGE
    assert out[2]["result"].get("isError") is not True and tool_text(out[2]).startswith("context#7\t")
    assert_clean(json.dumps(out, ensure_ascii=False))
    assert_clean(client.stderr)
