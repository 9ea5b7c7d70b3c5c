"""Fixtures for the service tests (helpers live in svc_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from redacted_context_mcp.service.context import Service
from tests.service.svc_helpers import CountingRedactor, FakeLive, build_corpus, make_service


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    d = tmp_path / "outside"
    d.mkdir()
    (d / "secret.txt").write_text("outside secret " + "leak.outside@other.test\n", encoding="utf-8")
    return d


@pytest.fixture
def root(tmp_path: Path) -> Path:
    r = tmp_path / "private-root"
    r.mkdir()
    build_corpus(r)
    return r


@pytest.fixture
def live(root: Path) -> FakeLive:
    return FakeLive(root)


@pytest.fixture
def svc(root: Path, live: FakeLive) -> Service:
    CountingRedactor.redact_calls = 0
    return make_service(root, live)
