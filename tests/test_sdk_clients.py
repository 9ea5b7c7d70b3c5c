"""The real server process driven by the official MCP Python SDK client, in both eras.

Depends on every service operation (issues 2, 3, 5, 6) and on the dev extra (`mcp==2.3.0`).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp", reason="the dev extra (mcp==2.3.0) is not installed")

from mcp import Client
from mcp.client.stdio import StdioServerParameters

REPO = Path(__file__).resolve().parents[1]
ROOT = REPO / "examples" / "quickstart" / "private-notes"

ARGUMENTS = {
    "redctx_tree": {},
    "redctx_list": {"recursive": True},
    "redctx_stat": {"path": "todo.txt"},
    "redctx_read": {"path": "todo.txt", "line_numbers": True},
    "redctx_search": {"query": "backup", "context": 1},
    "redctx_retrieve": {"query": "backup recovery runbook"},
    "redctx_bundle": {"glob": ["*.md"]},
    "redctx_refresh_index": {},
    "redctx_doctor": {},
    "redctx_audit": {"format": "text"},
    "redctx_github_repos": {},
    "redctx_github_list_issues": {},
    "redctx_github_search_issues": {"query": "backup"},
    "redctx_github_read_issue": {"number": 1},
}
#: The quickstart configures no GitHub repo: these answer with the fixed unknown-alias error
#: (tests/test_github_e2e.py drives them against the loopback fake GitHub).
UNKNOWN_ALIAS = {"redctx_github_list_issues", "redctx_github_search_issues", "redctx_github_read_issue"}


async def _session(mode: str) -> dict:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "redacted_context_mcp", "--root", str(ROOT)], cwd=str(REPO)
    )
    out: dict = {"calls": {}}
    async with Client(params, mode=mode, read_timeout_seconds=60) as client:
        out["protocol_version"] = client.protocol_version
        out["server_name"] = client.server_info.name if client.server_info else None
        out["instructions"] = client.instructions
        tools = (await client.list_tools()).tools
        out["tools"] = [t.name for t in tools]
        for tool in tools:
            result = await client.call_tool(tool.name, ARGUMENTS[tool.name])
            out["calls"][tool.name] = result
        resources = (await client.list_resources()).resources
        out["resources"] = [str(r.uri) for r in resources]
        out["read"] = await client.read_resource(str(resources[0].uri))
        out["templates"] = (await client.list_resource_templates()).resource_templates
    return out


@pytest.fixture(scope="module", params=["legacy", "2026-07-28", "auto"])
def session(request) -> tuple[str, dict]:
    return request.param, asyncio.run(_session(request.param))


def test_the_client_negotiates_the_expected_era(session):
    mode, out = session
    assert out["protocol_version"] == ("2025-11-25" if mode == "legacy" else "2026-07-28")


def test_the_handshake_or_discovery_identifies_the_server_and_its_instructions(session):
    mode, out = session
    if mode == "2026-07-28":
        pytest.skip("a pinned 2026-07-28 client sends no server/discover, so it learns neither")
    assert out["server_name"] == "redacted-context-mcp"
    assert "@p_" in out["instructions"] and "placeholder" in out["instructions"]


def test_every_listed_tool_answers_with_structured_content(session):
    _, out = session
    assert set(out["tools"]) == set(ARGUMENTS)
    for name, result in out["calls"].items():
        text = result.content[0].text
        if name in UNKNOWN_ALIAS:
            assert result.is_error and text == "Unknown GitHub repo alias.", (name, text)
        else:
            assert not result.is_error, (name, result.content)
        assert result.structured_content["text"] == text
        assert "counts_by_category" in result.structured_content["receipt"]


def test_paths_come_back_as_opaque_references(session):
    _, out = session
    tree = out["calls"]["redctx_tree"].content[0].text
    assert all(line.strip().startswith("@p_") for line in tree.splitlines())


def test_a_listed_resource_can_be_read(session):
    _, out = session
    assert out["resources"] and all(u.startswith("redctx://p_") for u in out["resources"])
    contents = out["read"].contents
    assert contents and str(contents[0].uri) == out["resources"][0] and contents[0].text


def test_the_resource_template_is_listed(session):
    _, out = session
    assert [t.uri_template for t in out["templates"]] == ["redctx://{path_id}"]
