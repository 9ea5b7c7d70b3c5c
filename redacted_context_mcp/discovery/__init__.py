"""Draft and update the redaction config with a local model (``redctx discover``, ``discover-update``).

A local operator tool: it handles raw private text and raw discovered names by
design, never serves them, and never prints them in progress lines or errors.
Layer 2: imports config, sources, redaction word lists; nothing in redaction/
or sources/ imports it.
"""

from __future__ import annotations

from redacted_context_mcp.discovery.api import Discovery, DiscoveryDocument, discover_documents
from redacted_context_mcp.discovery.client import DiscoveryError, OllamaDiscoveryClient, check_endpoint
from redacted_context_mcp.discovery.update import DiscoveryUpdate, build_discovery_update, write_discovery_update

__all__ = [
    "Discovery", "DiscoveryDocument", "DiscoveryError", "DiscoveryUpdate", "OllamaDiscoveryClient",
    "build_discovery_update", "check_endpoint", "discover_documents", "write_discovery_update",
]
