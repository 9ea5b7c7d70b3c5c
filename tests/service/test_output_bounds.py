"""Bounded output: search caps max_results and the response size, and checks the deadline while rendering."""

from __future__ import annotations

from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import OUTPUT_TRUNCATED, Budget, Limits, cap_output
from redacted_context_mcp.service import search as srch
from tests.invariants import invariant
from tests.service.svc_helpers import FakeLive, make_service


@pytest.fixture()
def big_root(tmp_path: Path) -> Path:
    root = tmp_path / "served"
    (root / "d").mkdir(parents=True)
    for i in range(4):
        (root / "d" / f"f{i}.txt").write_text("".join(f"row {n} needle here\n" for n in range(400)))
    return root


@invariant("HARD-7")
def test_an_absurd_max_results_is_capped_by_the_server_limit(big_root):
    svc = make_service(big_root, FakeLive(big_root), limits=Limits(max_search_results=50))
    text = srch.search(svc, {"query": "needle", "max_results": 10**9}).text
    rows = text.split("\n")
    assert len(rows) == 51 and rows[-1] == "[TRUNCATED]"


@invariant("HARD-7")
def test_a_search_response_stops_at_the_size_cap_with_the_fixed_note(big_root):
    svc = make_service(big_root, FakeLive(big_root), limits=Limits(max_output_chars=3000))
    text = srch.search(svc, {"query": "needle", "max_results": 10**6}).text
    assert text.endswith("\n" + OUTPUT_TRUNCATED)
    assert len(text) <= 3000 + len(OUTPUT_TRUNCATED) + 1
    assert all(":row " in row for row in text.split("\n")[:-1])  # whole rows only


@invariant("HARD-7")
def test_rendering_checks_the_deadline(big_root):
    svc = make_service(big_root, FakeLive(big_root))
    budget = Budget(svc.limits)
    docs = list(svc.documents([], [], budget))
    hits = srch.literal_hits([d.body for d in docs], "needle", True, 10**6)
    expired = Budget(svc.limits, seconds=1e-9)
    with pytest.raises(RedctxError) as err:
        srch.render_lines(docs, hits, 0, 10**6, expired)
    assert err.value.code is Code.LIMIT_DEADLINE


@invariant("HARD-7")
def test_a_cut_never_splits_a_placeholder():
    ph = "[PERSON_" + "ab" * 16 + "]"
    text = ("word " * 30 + ph) * 50
    for limit in range(100, 600, 7):
        out = cap_output(text, limit)
        head = out[: -len(OUTPUT_TRUNCATED) - 1]
        assert out.endswith(OUTPUT_TRUNCATED) and len(head) <= limit
        assert head.count("[") == head.count("]")
