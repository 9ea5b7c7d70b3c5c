"""Shared builders for the redaction tests (imported by the test modules of this folder)."""

from __future__ import annotations

import pytest

from redacted_context_mcp.config import AliasGroup, Policy
from redacted_context_mcp.redaction.engine import Redactor

SALT = b"test-vault-salt"


def make(mode: str = "strict", profile: str = "default", **lists) -> Redactor:
    """A Redactor over a Policy built from keyword lists (clients=, people=, aliases=...)."""
    return Redactor(Policy(mode=mode, detector_profile=profile, **lists), SALT)


@pytest.fixture
def strict() -> Redactor:
    return make(
        "strict",
        clients=("Acme Corp",),
        people=("Avery Example",),
        terms=("Project Nightjar",),
        aliases=(AliasGroup("Avery Example", "PERSON", ("Avery", "avery@example.com")),),
    )


@pytest.fixture
def balanced() -> Redactor:
    return make(
        "balanced",
        clients=("Acme Corp",),
        people=("Avery Example",),
        terms=("Project Nightjar",),
        aliases=(AliasGroup("Avery Example", "PERSON", ("Avery", "avery@example.com")),),
    )
