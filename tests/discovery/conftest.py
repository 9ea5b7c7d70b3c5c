"""Fixtures for the discovery tests: a loopback Ollama stub per test."""

from __future__ import annotations

import pytest
from ollama_stub import OllamaStub


@pytest.fixture
def ollama():
    with OllamaStub() as stub:
        yield stub
