"""notifications/progress during long scans, when the client sends a progressToken, in both eras."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from wire_helpers import META, init, run_lines

from redacted_context_mcp.service.context import Service, Settings
from redacted_context_mcp.tools import TOOLS
from tests.service.svc_helpers import FakeLive

REPO = Path(__file__).resolve().parents[2]
FILES = 150


def make_root(root: Path) -> Path:
    for i in range(FILES):
        (root / f"note-{i:03d}.md").write_text(f"note {i} mentions the backup plan\n", encoding="utf-8")
    return root


def call(rid, name, args, *, token=None, modern=False) -> dict:
    params: dict = {"name": name, "arguments": args}
    meta = dict(META) if modern else {}
    if token is not None:
        meta["progressToken"] = token
    if meta:
        params["_meta"] = meta
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": params}


def progress_of(messages: list[dict], token) -> list[dict]:
    return [m["params"] for m in messages
            if m.get("method") == "notifications/progress" and m["params"]["progressToken"] == token]


@pytest.mark.parametrize("modern", [False, True], ids=["legacy", "modern"])
def test_a_progress_token_gets_increasing_file_counts_ending_at_the_total(tmp_path, modern):
    svc = Service(Settings(root=make_root(tmp_path)), FakeLive(tmp_path))
    head = [] if modern else [init(version="2025-11-25")]
    lines = [*head, call(1, "redctx_search", {"query": "backup"}, token="tok-1", modern=modern),
             call(2, "redctx_retrieve", {"query": "backup plan"}, token=7, modern=modern),
             call(3, "redctx_search", {"query": "backup"}, modern=modern)]
    out = run_lines(lines, service=svc, tools=TOOLS)
    for token in ("tok-1", 7):
        got = progress_of(out, token)
        assert got, token
        values = [p["progress"] for p in got]
        assert values == sorted(set(values))  # strictly increasing
        assert got[-1]["progress"] == got[-1]["total"] == FILES
        assert all(p["message"] == "files indexed" and set(p) == {"progressToken", "progress", "total", "message"}
                   for p in got)
    notes = [m for m in out if m.get("method") == "notifications/progress"]
    assert len(notes) == len(progress_of(out, "tok-1")) + len(progress_of(out, 7))  # none for call 3
    answered = [m for m in out if "id" in m and m["id"] in (1, 2, 3)]
    assert len(answered) == 3 and all(not m["result"]["isError"] for m in answered)
    last_note = max(i for i, m in enumerate(out) if m.get("method") == "notifications/progress"
                    and m["params"]["progressToken"] == "tok-1")
    assert last_note < next(i for i, m in enumerate(out) if m.get("id") == 1)  # never after the answer


def test_an_invalid_progress_token_is_ignored(tmp_path):
    svc = Service(Settings(root=make_root(tmp_path)), FakeLive(tmp_path))
    out = run_lines([init(), call(1, "redctx_search", {"query": "backup"}, token=True),
                     call(2, "redctx_search", {"query": "backup"}, token={"x": 1})], service=svc, tools=TOOLS)
    assert not [m for m in out if m.get("method") == "notifications/progress"]
    assert sorted(json.dumps(m["id"]) for m in out if "id" in m) == ["\"init\"", "1", "2"]


mcp = pytest.importorskip("mcp", reason="the dev extra (mcp==2.3.0) is not installed")


async def _sdk_progress(root: Path, mode: str) -> tuple[list[tuple[float, float | None, str | None]], object]:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "redacted_context_mcp", "--root", str(root)],
                                   cwd=str(REPO))
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    async with Client(params, mode=mode, read_timeout_seconds=60) as client:
        result = await client.call_tool("redctx_search", {"query": "backup"}, progress_callback=on_progress)
    return seen, result


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_the_real_sdk_client_receives_progress_from_the_real_server(tmp_path, mode):
    seen, result = asyncio.run(_sdk_progress(make_root(tmp_path), mode))
    assert not result.is_error
    assert seen and seen[-1] == (FILES, FILES, "files indexed")
    assert [p for p, _, _ in seen] == sorted({p for p, _, _ in seen})
