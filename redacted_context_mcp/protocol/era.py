"""The era of one request (``mcp-wire.md`` section 2 rule 7) and the modern ``_meta`` checks.

``initialize`` and un-enveloped requests are legacy; a request whose ``params._meta``
holds ``io.modelcontextprotocol/protocolVersion`` is the stateless 2026-07-28 era and
passes :func:`check_modern` first. :class:`Era` says how that request's result is
shaped (modern decoration, or the legacy version's feature gating).

Imports: protocol.jsonrpc, protocol.versions.
"""

from __future__ import annotations

from redacted_context_mcp.protocol import jsonrpc as rpc
from redacted_context_mcp.protocol import versions as v

__all__ = ["MSG_DISCOVER_NEEDS_META", "MSG_NOT_INITIALIZED", "MSG_UNSUPPORTED", "Era", "check_modern"]

MSG_NOT_INITIALIZED = (
    "Send initialize first, or include the 2026-07-28 _meta "
    "(io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities)."
)
MSG_DISCOVER_NEEDS_META = f"server/discover requires params._meta with {v.META_VERSION}."
MSG_UNSUPPORTED = "Unsupported protocol version"


class Era:
    """How to shape one request's result: modern decoration or legacy feature gating."""

    __slots__ = ("modern", "version")

    def __init__(self, modern: bool, version: str) -> None:
        self.modern = modern
        self.version = version

    @property
    def structured(self) -> bool:
        return self.modern or self.version not in v.NO_STRUCTURED

    @property
    def annotations(self) -> bool:
        return self.modern or self.version not in v.NO_ANNOTATIONS


def check_modern(meta: dict) -> None:
    """The modern validation ladder (``mcp-wire.md`` section 3, steps 1-4)."""
    if v.META_CAPABILITIES not in meta:
        raise rpc.RpcError(
            rpc.INVALID_PARAMS, f"params._meta is missing required key {v.META_CAPABILITIES}"
        )
    requested = meta[v.META_VERSION]
    if not isinstance(requested, str):
        raise rpc.RpcError(rpc.INVALID_PARAMS, f"params._meta {v.META_VERSION} must be a string")
    if not isinstance(meta[v.META_CAPABILITIES], dict):
        raise rpc.RpcError(rpc.INVALID_PARAMS, f"params._meta {v.META_CAPABILITIES} must be an object")
    if requested not in v.MODERN_VERSIONS:
        raise rpc.RpcError(
            rpc.UNSUPPORTED_VERSION,
            MSG_UNSUPPORTED,
            {"supported": list(v.SUPPORTED), "requested": requested},
        )
    if v.META_LOG_LEVEL in meta:
        level = meta[v.META_LOG_LEVEL]
        if not isinstance(level, str) or level not in v.LOG_LEVELS:
            raise rpc.RpcError(
                rpc.INVALID_PARAMS, f"params._meta {v.META_LOG_LEVEL} is not a valid level"
            )
