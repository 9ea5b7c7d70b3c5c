"""Fixtures for the protocol tests (helpers live in wire_helpers.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from wire_helpers import RELEASE, STARTED, FakeService, LiveServer


@pytest.fixture
def live() -> Callable[..., LiveServer]:
    servers: list[LiveServer] = []

    def make(**kw: Any) -> LiveServer:
        s = LiveServer(**kw)
        servers.append(s)
        return s

    yield make
    RELEASE.set()
    for s in servers:
        try:
            s.close()
        except OSError:
            pass


@pytest.fixture(autouse=True)
def _reset_events() -> None:
    RELEASE.clear()
    STARTED.clear()
    FakeService.built = 0
