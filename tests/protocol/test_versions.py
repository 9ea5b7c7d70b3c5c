"""Version negotiation is set membership, never date comparison."""

from __future__ import annotations

import pytest

from redacted_context_mcp.protocol import versions as v


@pytest.mark.parametrize("requested", ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"])
def test_a_known_legacy_version_is_echoed(requested):
    assert v.negotiate(requested) == requested


@pytest.mark.parametrize("requested", [None, "2026-07-28", "2099-01-01", "2025-12-31", "", "1999-01-01"])
def test_anything_else_negotiates_the_newest_legacy_version(requested):
    assert v.negotiate(requested) == "2025-11-25"


def test_supported_lists_the_modern_version_first_then_the_legacy_ones():
    assert v.SUPPORTED == ("2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")


def test_feature_gates_cover_only_the_older_legacy_versions():
    assert v.NO_STRUCTURED == {"2024-11-05", "2025-03-26"}
    assert v.NO_ANNOTATIONS == {"2024-11-05"}
