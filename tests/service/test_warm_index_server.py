"""``redctx-mcp --warm-index`` (the default) against the real server process: warm-up and worker lifetime."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.invariants import invariant
from tests.sweep_helpers import WireClient, clean_env, initialize, request, tool_text

FILES = 70  # above the index workers' threshold, so the warm-up uses them


def _kb(root: Path) -> Path:
    root.mkdir()
    for n in range(FILES):
        (root / f"note{n:03d}.md").write_text(f"Note {n}: mail person{n}@client.test\n", encoding="utf-8")
    return root


def _doctor(client: WireClient, rid: int) -> dict[str, str]:
    text = tool_text(client.call(rid, request(rid, "tools/call", {"name": "redctx_doctor", "arguments": {}})))
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@invariant("HARD-11")
def test_the_server_warms_the_index_after_start_and_leaves_no_worker_after_exit(tmp_path):
    client = WireClient(_kb(tmp_path / "kb"), clean_env(tmp_path / "state"))
    try:
        client.call("init", initialize())
        deadline = time.monotonic() + 120
        rid = 1
        while (doc := _doctor(client, rid)).get("warm_index") != "warm" and time.monotonic() < deadline:
            rid += 1
            time.sleep(1.0)  # a request pauses the warm-up: poll slowly
        assert doc.get("warm_index") == "warm" and doc.get("index_workers", "").endswith(" running")
        workers = _children(client.proc.pid)
        assert workers
        search = {"name": "redctx_search", "arguments": {"query": "Note 7:"}}
        hit = client.call(90000, request(90000, "tools/call", search))
        assert "client.test" not in tool_text(hit) and "Note 7:" in tool_text(hit)
    finally:
        status = client.close()
    assert status == 0
    assert all(not Path(f"/proc/{p}").exists() for p in workers)


def test_no_warm_index_turns_the_warm_up_off(tmp_path):
    client = WireClient(_kb(tmp_path / "kb"), clean_env(tmp_path / "state"), "--no-warm-index")
    try:
        client.call("init", initialize())
        time.sleep(0.5)
        doc = _doctor(client, 1)
        assert "warm_index" not in doc and "index_workers" not in doc
    finally:
        client.close()
