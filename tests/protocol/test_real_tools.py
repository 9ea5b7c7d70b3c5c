"""Every real tool through the real server and service: content text mirrors structuredContent text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wire_helpers import by_id, init, req, run_lines

from redacted_context_mcp.service.context import Service, Settings
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant
from tests.service.svc_helpers import CANARY_EMAILS, FakeLive, build_corpus

#: Arguments that make each real tool succeed on the service-test corpus, and ones that fail it.
GOOD_ARGS = {
    "redctx_stat": {"path": "notes/meeting.md"},
    "redctx_read": {"path": "notes/meeting.md"},
    "redctx_search": {"query": "Attendee"},
    "redctx_retrieve": {"query": "action items"},
}
BAD_ARGS = {
    "redctx_tree": {"path": "missing"},
    "redctx_list": {"path": "../outside"},
    "redctx_stat": {"path": "missing.md"},
    "redctx_read": {"path": "notes/meeting.md", "start_line": 99},
    "redctx_search": {"query": "(a+)+", "regex": True},
    "redctx_retrieve": {"query": "the"},
    "redctx_bundle": {"paths": ["missing"]},
    "redctx_audit": {"format": "xml"},
    "redctx_github_list_issues": {"repo_alias": "nope"},
    "redctx_github_search_issues": {"query": ""},
    "redctx_github_read_issue": {"number": 0},
}
#: The corpus configures no GitHub repo; tests/test_github_e2e.py drives these tools to success.
NEEDS_GITHUB = {"redctx_github_list_issues", "redctx_github_search_issues", "redctx_github_read_issue"}


@pytest.fixture
def service(tmp_path: Path) -> Service:
    build_corpus(tmp_path)
    return Service(Settings(root=tmp_path), FakeLive(tmp_path))


def _calls(arguments: dict, modern: bool) -> list[dict]:
    return [req(i, "tools/call", {"name": t.name, "arguments": arguments.get(t.name, {})}, meta=modern)
            for i, t in enumerate(TOOLS, 1)
            if t.name in arguments or (arguments is GOOD_ARGS and t.name not in NEEDS_GITHUB)]


@invariant("PROTO-4")
@pytest.mark.parametrize("era", ["legacy", "modern"])
@pytest.mark.parametrize("arguments", [GOOD_ARGS, BAD_ARGS], ids=["success", "error"])
def test_every_real_tool_mirrors_content_text_in_structured_content(service, era, arguments):
    calls = _calls(arguments, era == "modern")
    head = [] if era == "modern" else [init(version="2025-11-25")]
    out = by_id(run_lines([*head, *calls], service=service, tools=TOOLS))
    assert len(calls) == (len(TOOLS) - len(NEEDS_GITHUB) if arguments is GOOD_ARGS else len(BAD_ARGS))
    for call in calls:
        res = out[json.dumps(call["id"])]["result"]
        assert res["isError"] is (arguments is BAD_ARGS), call["params"]["name"]
        assert [c["type"] for c in res["content"]] == ["text"]
        assert res["content"][0]["text"] == res["structuredContent"]["text"]
        assert set(res["structuredContent"]["receipt"]) >= {"counts_by_category", "detector_profile"}
        for canary in CANARY_EMAILS:
            assert canary not in json.dumps(res)
