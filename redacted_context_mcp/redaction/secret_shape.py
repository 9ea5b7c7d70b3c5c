"""Keyless secrets: random-looking tokens, hashes and encoded blobs with no key name beside them.

Imports: redaction.spans.
"""

from __future__ import annotations

from redacted_context_mcp.redaction.spans import Hit


def find_keyless(text: str, low: str) -> list[Hit]:
    """Secret hits found by shape alone (``low`` is the length-preserving lower-cased text)."""
    return []
