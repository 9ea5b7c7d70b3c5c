"""The JSON-RPC method table: every method the server knows, one row each (``mcp-wire.md`` section 5).

Each row names the method, its era (``legacy``, ``modern`` or ``both``),
whether it is a request or a notification, its parameter type (besides
``_meta``), the :class:`protocol.server.Server` method that handles it, the
modern ``cacheScope`` (``None``: no ``ttlMs``/``cacheScope``), whether it runs
on a worker, and whether a legacy request needs ``initialize`` first. Any
method not in the table is ``-32601``. ``tests/protocol/test_method_table.py``
keeps a golden snapshot of this table.

Imports: nothing from the package.
"""

# No ``from __future__ import annotations``: the TypedDicts are read at run time.
from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict, get_type_hints


class NoParams(TypedDict):
    """No parameters besides ``_meta``."""


class InitializeParams(TypedDict):
    protocolVersion: NotRequired[str]
    capabilities: NotRequired[dict[str, Any]]
    clientInfo: NotRequired[dict[str, Any]]


class CursorParams(TypedDict):
    cursor: NotRequired[str]


class ToolsCallParams(TypedDict):
    name: str
    arguments: NotRequired[dict[str, Any]]


class ResourcesReadParams(TypedDict):
    uri: str


class CancelledParams(TypedDict):
    requestId: str | int
    reason: NotRequired[str]


@dataclass(frozen=True)
class Method:
    name: str
    era: str  # legacy, modern or both
    kind: str  # request or notification
    params: type
    handler: str  # attribute of Server
    cache_scope: str | None = None
    worker: bool = False
    needs_init: bool = True  # a legacy request is refused before initialize


METHODS: tuple[Method, ...] = (
    Method("initialize", "legacy", "request", InitializeParams, "_initialize_method", needs_init=False),
    Method("notifications/initialized", "legacy", "notification", NoParams, "_on_initialized"),
    Method("ping", "legacy", "request", NoParams, "_ping", needs_init=False),
    Method("server/discover", "modern", "request", NoParams, "_discover", "public"),
    Method("tools/list", "both", "request", CursorParams, "_tools_list", "public"),
    Method("tools/call", "both", "request", ToolsCallParams, "_tools_call", None, True),
    Method("resources/list", "both", "request", CursorParams, "_resources_list", "private", True),
    Method("resources/read", "both", "request", ResourcesReadParams, "_resources_read", "private", True),
    Method("resources/templates/list", "both", "request", CursorParams, "_templates_list", "public"),
    Method("notifications/cancelled", "both", "notification", CancelledParams, "_on_cancelled"),
)

METHODS_BY_NAME: dict[str, Method] = {m.name: m for m in METHODS}


def describe(method: Method) -> dict[str, Any]:
    """A JSON-able row (for the golden snapshot): parameter names with their types and optionality."""
    hints = get_type_hints(method.params)
    required = method.params.__required_keys__  # type: ignore[attr-defined]
    params = {
        k: {"type": _type_name(v), "required": k in required} for k, v in hints.items()
    }
    return {
        "name": method.name, "era": method.era, "kind": method.kind, "params_type": method.params.__name__,
        "params": params, "handler": method.handler, "cache_scope": method.cache_scope,
        "worker": method.worker, "needs_init": method.needs_init,
    }


def _type_name(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else repr(hint).replace("typing.", "")
