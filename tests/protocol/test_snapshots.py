"""Golden snapshots of ``tools/list`` (every era shape) and of the JSON-RPC method table.

A drifting default, description, schema or method row fails here. After an
intended change, regenerate with ``make snapshots`` (``REDCTX_UPDATE_SNAPSHOTS=1``)
and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from wire_helpers import init, req, run_lines

from redacted_context_mcp.protocol import methods
from redacted_context_mcp.protocol.server import Server
from redacted_context_mcp.tools import TOOLS

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots"
UPDATE = os.environ.get("REDCTX_UPDATE_SNAPSHOTS") == "1"


def _check(name: str, value: object) -> None:
    path = SNAPSHOTS / name
    text = json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing snapshot {name}: run make snapshots"
    assert path.read_text(encoding="utf-8") == text, f"{name} drifted: review, then run make snapshots"


def _tools_list(version: str | None) -> list[dict]:
    head = [init(version=version)] if version else []
    out = run_lines([*head, req(1, "tools/list", meta=version is None)], tools=TOOLS)
    return next(m for m in out if m.get("id") == 1)["result"]["tools"]


@pytest.mark.parametrize("version", ["2024-11-05", "2025-03-26", "2025-11-25", None],
                         ids=["2024-11-05", "2025-03-26", "2025-11-25", "2026-07-28"])
def test_tools_list_matches_its_golden_snapshot(version):
    _check(f"tools_list_{version or '2026-07-28'}.json", _tools_list(version))


def test_the_method_table_matches_its_golden_snapshot():
    _check("method_table.json", [methods.describe(m) for m in methods.METHODS])


def test_every_method_row_names_a_server_handler_and_a_parameter_type():
    for m in methods.METHODS:
        assert callable(getattr(Server, m.handler, None)), m.name
        assert isinstance(m.params, type) and hasattr(m.params, "__required_keys__"), m.name
        assert m.era in ("legacy", "modern", "both") and m.kind in ("request", "notification")
    names = {m.name for m in methods.METHODS}
    assert {"initialize", "ping", "notifications/initialized", "notifications/cancelled"} <= names
