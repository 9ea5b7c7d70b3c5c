"""Protocol versions and ``_meta`` keys as a registry of constants.

Era membership is set lookup; dates are never compared.

Imports: nothing from the package.
"""

from __future__ import annotations

MODERN = "2026-07-28"
MODERN_VERSIONS: frozenset[str] = frozenset({MODERN})

#: Versions reachable through the legacy ``initialize`` handshake, newest first.
LEGACY_VERSIONS: tuple[str, ...] = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
LEGACY_DEFAULT = "2025-11-25"

#: Advertised in ``-32022`` data: the modern version first, then the legacy ones.
SUPPORTED: tuple[str, ...] = (MODERN, *LEGACY_VERSIONS)

META_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
META_LOG_LEVEL = "io.modelcontextprotocol/logLevel"
META_SERVER_INFO = "io.modelcontextprotocol/serverInfo"

LOG_LEVELS: frozenset[str] = frozenset(
    {"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}
)

#: Legacy versions whose tools carry no ``title``/``outputSchema`` and results no ``structuredContent``.
NO_STRUCTURED: frozenset[str] = frozenset({"2025-03-26", "2024-11-05"})
#: Legacy versions whose tools carry no ``annotations``.
NO_ANNOTATIONS: frozenset[str] = frozenset({"2024-11-05"})


def negotiate(requested: object) -> str:
    """Answer a legacy ``initialize``: echo a known legacy version, else the newest legacy one."""
    if isinstance(requested, str) and requested in LEGACY_VERSIONS:
        return requested
    return LEGACY_DEFAULT
