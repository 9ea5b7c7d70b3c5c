"""Talking to the upstream in whatever era it supports.

:func:`handshake` first probes ``server/discover`` with the 2026-07-28 ``_meta``; an
upstream that answers it with ``2026-07-28`` among its supported versions is spoken to
in the modern era (every request carries the ``_meta`` envelope). Anything else (an
error, a missing version, a probe timeout) falls back to the legacy ``initialize``
handshake plus ``notifications/initialized``. :func:`upstream_params` shapes one
request's params for the upstream's era; :func:`strip_decoration` removes the modern
result decoration before the proxy adds its own.

Imports: protocol.versions, proxy.upstream.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import redacted_context_mcp
from redacted_context_mcp.protocol import versions as v
from redacted_context_mcp.proxy.upstream import Upstream, UpstreamError, UpstreamFailure

CLIENT_INFO = {"name": "redctx-proxy", "version": redacted_context_mcp.__version__}
PROBE_SECONDS = 5.0
#: Upstream capabilities the proxy forwards (``subscribe`` is not forwarded, so never advertised).
FORWARDED_CAPABILITIES = ("tools", "resources", "prompts", "completions", "logging")
#: Keys of a modern result that belong to the transport, not the payload.
DECORATION = ("resultType", "ttlMs", "cacheScope")


@dataclass(frozen=True)
class UpstreamInfo:
    """What the handshake learned: the era and the capabilities worth forwarding."""

    modern: bool
    version: str
    capabilities: dict[str, Any] = field(default_factory=dict)
    instructions: str = field(default="", repr=False)  # raw upstream text: redact before showing


def modern_meta() -> dict[str, Any]:
    return {
        v.META_VERSION: v.MODERN,
        v.META_CAPABILITIES: {},
        "io.modelcontextprotocol/clientInfo": dict(CLIENT_INFO),
    }


def forwarded_capabilities(caps: Any) -> dict[str, Any]:
    """The upstream's capabilities the proxy serves: only ``listChanged`` flags survive."""
    out: dict[str, Any] = {}
    if not isinstance(caps, dict):
        return out
    for name in FORWARDED_CAPABILITIES:
        value = caps.get(name)
        if isinstance(value, dict):
            out[name] = {"listChanged": True} if value.get("listChanged") is True else {}
    return out


def handshake(up: Upstream, timeout: float) -> UpstreamInfo:
    """Negotiate with a freshly started upstream (modern probe, then legacy)."""
    try:
        res = up.request("server/discover", {"_meta": modern_meta()}, min(timeout, PROBE_SECONDS),
                         kill_on_timeout=False)
        versions = res.get("supportedVersions")
        if isinstance(versions, list) and v.MODERN in versions:
            return UpstreamInfo(True, v.MODERN, forwarded_capabilities(res.get("capabilities")),
                                _text(res.get("instructions")))
    except UpstreamError:
        pass
    except UpstreamFailure:
        if not up.alive:  # the probe broke the stream: the caller restarts or fails
            raise
    res = up.request(
        "initialize",
        {"protocolVersion": v.LEGACY_DEFAULT, "capabilities": {}, "clientInfo": dict(CLIENT_INFO)},
        timeout,
    )
    version = res.get("protocolVersion")
    up.notify("notifications/initialized", {})
    return UpstreamInfo(False, version if isinstance(version, str) else v.LEGACY_DEFAULT,
                        forwarded_capabilities(res.get("capabilities")), _text(res.get("instructions")))


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def upstream_params(info: UpstreamInfo, params: dict) -> dict:
    """``params`` for the upstream: our own ``_meta`` envelope (modern) or none (legacy).

    The client's ``_meta`` never travels up except its ``progressToken``.
    """
    out = {k: val for k, val in params.items() if k != "_meta"}
    meta = params.get("_meta")
    token = meta.get("progressToken") if isinstance(meta, dict) else None
    up_meta: dict[str, Any] = modern_meta() if info.modern else {}
    if isinstance(token, (str, int)) and not isinstance(token, bool):
        up_meta["progressToken"] = token
    if up_meta:
        out["_meta"] = up_meta
    return out


def strip_decoration(result: dict) -> dict:
    """The upstream result without transport decoration and without its ``_meta``."""
    return {k: val for k, val in result.items() if k not in DECORATION and k != "_meta"}
