"""redacted-context-mcp: serve a private folder to coding agents through redacted tools.

Importing the package does nothing but define the version, so start-up stays cheap.
"""

#: Calendar versions (YEAR.MONTH.N) so a release of this project can never be mistaken for, or
#: "upgraded" to, a 0.x release of the unrelated package that holds the same name on the public index.
__version__ = "2026.12.0"

#: The discovery composition API, re-exported lazily (importing the package stays cheap).
_DISCOVERY_EXPORTS = frozenset(
    {"DiscoveryDocument", "build_discovery_update", "discover_documents", "write_discovery_update"}
)


def __getattr__(name: str) -> object:
    if name in _DISCOVERY_EXPORTS:
        from redacted_context_mcp import discovery

        return getattr(discovery, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
