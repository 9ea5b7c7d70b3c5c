"""Fixtures for the redaction tests."""

from __future__ import annotations

from redaction_helpers import balanced, strict  # noqa: F401  (fixtures)
