"""A large term list still compiling: calls wait, then fail closed; doctor reports the state."""

from __future__ import annotations

import threading
from collections import OrderedDict

import pytest

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.redaction import term_compile, terms
from redacted_context_mcp.service import admin
from redacted_context_mcp.service import files as ops
from tests.invariants import invariant
from tests.service.svc_helpers import FakeLive, make_service

MANY = tuple(f"Client{n:03d} Holdings" for n in range(60))


@pytest.fixture
def gate(monkeypatch):
    monkeypatch.setattr(terms, "SYNC_KEYS", 20)
    monkeypatch.setattr(term_compile, "_COMPILED", OrderedDict())
    gate = threading.Event()
    real = terms.Compiled

    def slow(keys):
        gate.wait(10)
        return real(keys)

    monkeypatch.setattr(terms, "Compiled", slow)
    yield gate
    gate.set()


@invariant("POLICY-5")
def test_a_call_fails_closed_while_the_term_list_compiles_and_succeeds_once_it_is_ready(root, gate):
    (root / "clients.md").write_text("Meeting with Client042 Holdings today\n", encoding="utf-8")
    live = FakeLive(root, Policy(clients=MANY))
    svc = make_service(root, live, limits=Limits(max_seconds=0.2))
    with pytest.raises(RedctxError) as exc:
        ops.read(svc, {"path": "clients.md"})
    assert exc.value.code is Code.POLICY_LOADING
    assert "term_matcher: loading (60 keys" in admin.doctor(svc, {}).text
    gate.set()
    text = ops.read(svc, {"path": "clients.md"}).text
    assert "Client042" not in text and "[CLIENT_" in text
    assert "term_matcher: ready (60 keys" in admin.doctor(svc, {}).text


def test_doctor_says_nothing_about_the_matcher_for_a_short_term_list(root, live):
    svc = make_service(root, live)
    assert "term_matcher" not in admin.doctor(svc, {}).text
