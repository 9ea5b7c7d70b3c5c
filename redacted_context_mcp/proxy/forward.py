"""The proxy's method table: what the client may call and how each call is forwarded.

One row per client-facing method. ``local`` rows are answered by the proxy itself
(the handshakes); every other row is forwarded to the upstream under the same method
name, with its params restored (:class:`proxy.walker.Up`) and its result redacted
(:class:`proxy.walker.Down`) by the ``ProxyServer`` handler the row names.
Rows reuse :class:`protocol.methods.Method` so the dual-era dispatch of
``protocol.server`` applies unchanged: any method not here is ``-32601``.

Imports: protocol.methods.
"""

from __future__ import annotations

from redacted_context_mcp.protocol.methods import (
    CancelledParams,
    CursorParams,
    InitializeParams,
    Method,
    NoParams,
    ResourcesReadParams,
    ToolsCallParams,
)

ROUTES: tuple[Method, ...] = (
    Method("initialize", "legacy", "request", InitializeParams, "_initialize_method", needs_init=False),
    Method("notifications/initialized", "legacy", "notification", NoParams, "_on_initialized"),
    Method("ping", "legacy", "request", NoParams, "_ping", None, True, needs_init=False),
    Method("server/discover", "modern", "request", NoParams, "_discover", "public"),
    Method("tools/list", "both", "request", CursorParams, "_tools_list", "public", True),
    Method("tools/call", "both", "request", ToolsCallParams, "_tools_call", None, True),
    Method("resources/list", "both", "request", CursorParams, "_resources_list", "private", True),
    Method("resources/templates/list", "both", "request", CursorParams, "_templates_list", "private", True),
    Method("resources/read", "both", "request", ResourcesReadParams, "_resources_read", "private", True),
    Method("prompts/list", "both", "request", CursorParams, "_prompts_list", "private", True),
    Method("prompts/get", "both", "request", NoParams, "_prompts_get", None, True),
    Method("completion/complete", "both", "request", NoParams, "_complete", None, True),
    Method("notifications/cancelled", "both", "notification", CancelledParams, "_on_cancelled"),
)

ROUTES_BY_NAME: dict[str, Method] = {m.name: m for m in ROUTES}

#: Upstream notifications relayed to the client (redacted); every other one is dropped.
RELAYED_NOTIFICATIONS = frozenset({
    "notifications/message",
    "notifications/progress",
    "notifications/tools/list_changed",
    "notifications/resources/list_changed",
    "notifications/prompts/list_changed",
    "notifications/resources/updated",
})
#: Relayed only to a client that used the legacy handshake (the modern era has no log notifications).
LEGACY_ONLY_NOTIFICATIONS = frozenset({"notifications/message"})
