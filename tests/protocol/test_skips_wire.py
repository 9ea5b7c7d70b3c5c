"""Skip notes through the real server: appended to the tool text and counted in the receipt, both eras."""

from __future__ import annotations

import pytest
from wire_helpers import init, req, run_lines

from redacted_context_mcp.limits import Limits
from redacted_context_mcp.service.context import Service, Settings
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant
from tests.service.svc_helpers import FakeLive

NOTE = "[SKIPPED: 1 file over the per-file limit; pass --max-raw-bytes-per-file to include it]"


@invariant("OUT-9")
@pytest.mark.parametrize("modern", [False, True], ids=["legacy", "modern"])
def test_a_skipped_file_shows_as_a_note_and_a_receipt_count(tmp_path, modern):
    (tmp_path / "small.md").write_text("needle small\n", encoding="utf-8")
    (tmp_path / "Orsolya Brandvik dump.log").write_text("needle big\n" * 200, encoding="utf-8")
    svc = Service(Settings(root=tmp_path, limits=Limits(max_raw_bytes_per_file=500)), FakeLive(tmp_path))
    head = [] if modern else [init()]
    out = run_lines([*head, req(1, "tools/call", {"name": "redctx_search", "arguments": {"query": "needle"}},
                                meta=modern)], service=svc, tools=TOOLS)
    res = next(m for m in out if m.get("id") == 1)["result"]
    text = res["content"][0]["text"]
    assert not res["isError"] and "needle small" in text and "needle big" not in text
    assert text.endswith("\n" + NOTE) and res["structuredContent"]["text"] == text
    assert res["structuredContent"]["receipt"]["skipped"] == {"over_file_limit": 1}
    assert "Orsolya" not in text and "dump" not in text
