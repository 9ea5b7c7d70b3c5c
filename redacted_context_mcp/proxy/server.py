"""The client-facing side of the proxy: our dual-era server, forwarding instead of serving files.

:class:`ProxyServer` is a :class:`protocol.server.Server` with the method table of
:mod:`proxy.forward`: the handshakes are answered here (with the upstream's forwarded
capabilities), every other request runs on the worker pool, checks the live policy
first (a broken config refuses, fail closed), restores the client's placeholders,
forwards through the :class:`proxy.upstream.Supervisor` and redacts what comes back.
A failing upstream gives a fixed JSON-RPC error for that request; the supervisor
restarts it on the next one.

Imports: protocol.*, proxy.*, errors, render, model, limits.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, BinaryIO

from redacted_context_mcp import render
from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.limits import CANCEL_CHECK
from redacted_context_mcp.model import Fixed, ToolResult
from redacted_context_mcp.protocol import jsonrpc as rpc
from redacted_context_mcp.protocol import versions as v
from redacted_context_mcp.protocol.era import MSG_DISCOVER_NEEDS_META, MSG_NOT_INITIALIZED, Era, check_modern
from redacted_context_mcp.protocol.server import Server
from redacted_context_mcp.proxy import era as eras
from redacted_context_mcp.proxy.forward import (
    LEGACY_ONLY_NOTIFICATIONS,
    RELAYED_NOTIFICATIONS,
    ROUTES_BY_NAME,
)
from redacted_context_mcp.proxy.rehydration import Seam
from redacted_context_mcp.proxy.upstream import CANCELLED, Supervisor, UpstreamError, UpstreamFailure
from redacted_context_mcp.proxy.walker import RECEIPT_KEY, Down, UnknownPlaceholder, Up, alias

MSG_UNKNOWN_PLACEHOLDER = (
    "Unknown placeholder or path id in the arguments: copy placeholders exactly from earlier output."
)
MSG_UNKNOWN_TOOL = "Unknown tool: call tools/list first."
MSG_SCHEMA_DROPPED = (
    "[structuredContent withheld: redaction would break this tool's outputSchema, "
    "which is now removed from tools/list]"
)
INSTRUCTIONS = (
    "This server is a redacting proxy in front of another MCP server. Every sensitive value in "
    "what that server returns (names, emails, URLs, phone numbers, secrets, project terms) is "
    "replaced by a deterministic placeholder such as [PERSON_<32 hex>]; the same value always gets "
    "the same placeholder. Pass placeholders back exactly as shown (in tool arguments, resource "
    "URIs and prompt arguments): the proxy restores them before forwarding. Never try to guess or "
    "reconstruct the original values. Binary content is dropped with a note. Errors are short fixed "
    "messages or redacted upstream messages."
)

UPSTREAM_INSTRUCTIONS = "\n\nThe upstream server's own instructions (redacted):\n"


@dataclass(frozen=True)
class ProxyOptions:
    allow_binary: bool = False
    rehydrate: bool = True
    timeout: float = 60.0


class ProxyServer(Server):
    """Handles client lines; see the module docstring."""

    def __init__(self, writer: BinaryIO, service: Any, supervisor: Supervisor,
                 options: ProxyOptions = ProxyOptions(), *, max_workers: int = 8,
                 seam: Seam | None = None) -> None:
        super().__init__(writer, service, tools=(), max_workers=max_workers)
        self.sup = supervisor
        self.opts = options
        self._names_lock = threading.Lock()
        self._tools: dict[str, tuple[str, Any]] = {}  # shown name -> (upstream name, raw outputSchema)
        self._prompts: dict[str, str] = {}  # shown name -> upstream name
        self._dropped_schemas: set[str] = set()  # upstream tool names whose outputSchema redaction breaks
        self._legacy_client = False
        self.seam = seam if seam is not None else Seam()

    # --------------------------------------------------------------- dispatch
    def _request(self, msg: rpc.Message) -> None:
        params = msg.params
        row = ROUTES_BY_NAME.get(msg.method)
        if row is not None and row.kind != "request":
            row = None
        if row is not None and row.name == "initialize":
            self._dispatch(msg, Era(False, ""), row)
            return
        meta = params.get("_meta")
        if isinstance(meta, dict) and v.META_VERSION in meta:
            check_modern(meta)
            self._dispatch(msg, Era(True, v.MODERN), row)
            return
        if row is not None and row.era == "modern":
            raise rpc.RpcError(rpc.INVALID_PARAMS, MSG_DISCOVER_NEEDS_META)
        if self.legacy_version is None and (row is None or row.needs_init):
            raise rpc.RpcError(rpc.INVALID_PARAMS, MSG_NOT_INITIALIZED)
        self._dispatch(msg, Era(False, self.legacy_version or ""), row)

    def _notification(self, msg: rpc.Message) -> None:
        row = ROUTES_BY_NAME.get(msg.method)
        if row is not None and row.kind == "notification":
            getattr(self, row.handler)(msg.params)

    def _decorate(self, result: dict, era: Era, scope: str | None) -> dict:
        meta = result.pop("_meta", None)
        out = super()._decorate(result, era, scope)
        if isinstance(meta, dict):
            out["_meta"] = {**out.get("_meta", {}), **meta}
        return out

    # --------------------------------------------------------------- helpers
    def _svc(self) -> Any:
        """The service after the per-request policy check (raises while the policy blocks)."""
        svc = self.service()
        svc.snapshot()
        return svc

    def _upstream(self) -> tuple[Any, eras.UpstreamInfo]:
        try:
            return self.sup.get()
        except UpstreamFailure as e:
            raise rpc.RpcError(rpc.INTERNAL_ERROR, e.reason) from None

    def _forward(self, method: str, params: dict, era: Era) -> tuple[dict, Down]:
        """Policy check, upstream call and a fresh :class:`Down` for the result (errors redacted)."""
        try:
            svc = self._svc()
        except RedctxError as e:
            raise rpc.RpcError(rpc.INTERNAL_ERROR, e.message) from None
        up, info = self._upstream()
        check = CANCEL_CHECK.get()
        down = Down(svc, self.seam, allow_binary=self.opts.allow_binary)
        try:
            result = up.request(method, eras.upstream_params(info, params), self.opts.timeout, check)
        except UpstreamFailure as e:
            if e.reason == CANCELLED:
                raise rpc.RpcError(rpc.INTERNAL_ERROR, CANCELLED) from None
            raise rpc.RpcError(rpc.INTERNAL_ERROR, e.reason) from None
        except UpstreamError as e:
            try:
                code, message, data = down.error(e.error, era.modern)
            except RedctxError as err:
                raise rpc.RpcError(rpc.INTERNAL_ERROR, err.message) from None
            raise rpc.RpcError(code, message, data) from None
        return eras.strip_decoration(result), down

    def _up(self) -> Up:
        return Up(self.service(), self.seam, self.opts.rehydrate)

    @staticmethod
    def _finish(out: dict, down: Down) -> dict:
        out["_meta"] = {RECEIPT_KEY: down.receipt()}
        return out

    def _redacting(self, fn: Callable[[], dict]) -> dict:
        """Run a redaction step; a policy that blocks mid-way refuses the whole answer."""
        try:
            return fn()
        except RedctxError as e:
            raise rpc.RpcError(rpc.INTERNAL_ERROR, e.message) from None

    def _cursor(self, params: dict) -> dict:
        out: dict[str, Any] = {}
        cursor = params.get("cursor")
        if cursor is not None:
            if not isinstance(cursor, str):
                raise rpc.RpcError(rpc.INVALID_PARAMS, "cursor must be a string.")
            out["cursor"] = self._restore(cursor)
        return out

    def _restore(self, text: str, *, uri: bool = False) -> str:
        return self._restored(lambda up: up.text(text, uri=uri))

    def _restored(self, fn: Callable[[Up], Any]) -> Any:
        """Run a restore step: unknown placeholders are ``-32602``, a blocked policy ``-32603``."""
        try:
            return fn(self._up())
        except UnknownPlaceholder:
            raise rpc.RpcError(rpc.INVALID_PARAMS, MSG_UNKNOWN_PLACEHOLDER) from None
        except RedctxError as e:
            raise rpc.RpcError(rpc.INTERNAL_ERROR, e.message) from None

    @staticmethod
    def _paged(out: dict, result: dict, down: Down) -> dict:
        cursor = result.get("nextCursor")
        if isinstance(cursor, str):
            out["nextCursor"] = down.text(cursor)
        return out

    # --------------------------------------------------------------- handshakes
    def _handshake_info(self) -> tuple[dict, str]:
        """The upstream's forwarded capabilities, and our instructions plus its own, redacted."""
        _, info = self._upstream()
        text = INSTRUCTIONS
        if info.instructions:
            try:
                shown = Down(self._svc(), self.seam).text(info.instructions)
                text += UPSTREAM_INSTRUCTIONS + shown
            except Exception:  # noqa: BLE001 - a blocked policy shows none of the upstream's text
                pass
        return dict(info.capabilities), text

    def _initialize_method(self, params: dict, era: Era) -> dict:
        out = self._initialize(params)
        out["capabilities"], out["instructions"] = self._handshake_info()
        self._legacy_client = True
        return out

    def _discover(self, params: dict, era: Era) -> dict:
        caps, text = self._handshake_info()
        return {"supportedVersions": [v.MODERN], "capabilities": caps, "instructions": text}

    def _ping(self, params: dict, era: Era) -> dict:
        try:
            up, info = self.sup.get()
            if not info.modern:
                up.request("ping", {}, min(self.opts.timeout, 10.0), kill_on_timeout=False)
        except (UpstreamFailure, UpstreamError):
            pass  # the proxy itself is alive; the next real request reports the upstream
        return {}

    def _on_cancelled(self, params: dict) -> bool:
        return super()._on_cancelled(params)  # the waiting worker forwards the cancellation upstream

    # --------------------------------------------------------------- tools
    def _tools_list(self, params: dict, era: Era) -> dict:
        result, down = self._forward("tools/list", self._cursor(params), era)
        return self._redacting(lambda: self._paged(self._finish({"tools": self._show_tools(
            result.get("tools"), down, era)}, down), result, down))

    def _show_tools(self, tools: Any, down: Down, era: Era) -> list[dict]:
        from redacted_context_mcp.proxy.schema import redact_schema

        shown = []
        for tool in tools if isinstance(tools, list) else []:
            if not isinstance(tool, dict) or not isinstance(tool.get("name"), str):
                continue
            real = tool["name"]
            name = alias(real, down.text(real), "tool")
            raw_out = tool.get("outputSchema") if isinstance(tool.get("outputSchema"), dict) else None
            with self._names_lock:
                self._tools[name] = (real, raw_out)
                dropped = real in self._dropped_schemas
            item: dict[str, Any] = {"name": name}
            if era.structured and isinstance(tool.get("title"), str):
                item["title"] = down.text(tool["title"])
            item["description"] = down.text(tool["description"]) if isinstance(tool.get("description"), str) else ""
            schema_in = tool.get("inputSchema") if isinstance(tool.get("inputSchema"), dict) else {"type": "object"}
            item["inputSchema"] = redact_schema(down.value, schema_in)
            if era.structured and raw_out is not None and not dropped:
                item["outputSchema"] = redact_schema(down.value, raw_out)
            if era.annotations and isinstance(tool.get("annotations"), dict):
                item["annotations"] = down.value(tool["annotations"])
            shown.append(item)
        return shown

    def _tool_name(self, shown: str, era: Era) -> tuple[str, Any]:
        with self._names_lock:
            hit = self._tools.get(shown)
        if hit is None:  # tools/call before tools/list (or a restarted upstream): learn the names
            cursor: dict = {}
            for _ in range(100):
                page, down = self._forward("tools/list", cursor, era)
                self._redacting(lambda p=page, d=down: self._show_tools(p.get("tools"), d, era))
                nxt = page.get("nextCursor")
                if not isinstance(nxt, str):
                    break
                cursor = {"cursor": nxt}
            with self._names_lock:
                hit = self._tools.get(shown)
        if hit is None:
            raise rpc.RpcError(rpc.INVALID_PARAMS, MSG_UNKNOWN_TOOL)
        return hit

    def _tools_call(self, params: dict, era: Era) -> dict:
        name, args = params.get("name"), params.get("arguments", {})
        if not isinstance(name, str) or not isinstance(args, dict):
            raise rpc.RpcError(rpc.INVALID_PARAMS, "tools/call requires string name and object arguments.")
        real, out_schema = self._tool_name(name, era)
        try:
            up_args = self._up().value(args)
        except UnknownPlaceholder:
            return render.mcp_tool_result(
                ToolResult(text=Fixed(MSG_UNKNOWN_PLACEHOLDER), is_error=True), structured_content=False)
        except RedctxError as e:
            return render.mcp_tool_result(render.error_result(e), structured_content=False)
        result, down = self._forward("tools/call", {**params, "name": real, "arguments": up_args}, era)
        if isinstance(up_args, dict):  # a file read by name: its text is read as the service reads that file
            from redacted_context_mcp.service.upstream import upstream_kind

            down.kind = upstream_kind(up_args)

        def build() -> dict:
            out, broken = down.tool_result(result, out_schema)
            if broken:
                with self._names_lock:
                    self._dropped_schemas.add(real)
                out["content"].append({"type": "text", "text": MSG_SCHEMA_DROPPED})
            if not era.structured:
                out.pop("structuredContent", None)
            return self._finish(out, down)

        return self._redacting(build)

    # --------------------------------------------------------------- resources
    def _resources_list(self, params: dict, era: Era) -> dict:
        result, down = self._forward("resources/list", self._cursor(params), era)
        return self._redacting(lambda: self._paged(self._finish(
            {"resources": [down.value(r) for r in _items(result, "resources")]}, down), result, down))

    def _templates_list(self, params: dict, era: Era) -> dict:
        result, down = self._forward("resources/templates/list", self._cursor(params), era)
        return self._redacting(lambda: self._paged(self._finish(
            {"resourceTemplates": [down.value(r) for r in _items(result, "resourceTemplates")]}, down),
            result, down))

    def _resources_read(self, params: dict, era: Era) -> dict:
        uri = params.get("uri")
        if not isinstance(uri, str):
            raise rpc.RpcError(rpc.INVALID_PARAMS, "resources/read requires string uri.")
        result, down = self._forward("resources/read", {"uri": self._restore(uri, uri=True)}, era)

        def build() -> dict:
            contents = []
            for item in _items(result, "contents"):
                shown = down.contents(item)
                if shown is None:
                    note = down.note("blob")["text"]
                    shown = {"uri": down.text(str(item.get("uri", ""))), "mimeType": "text/plain", "text": note}
                contents.append(shown)
            return self._finish({"contents": contents}, down)

        return self._redacting(build)

    # --------------------------------------------------------------- prompts
    def _prompts_list(self, params: dict, era: Era) -> dict:
        result, down = self._forward("prompts/list", self._cursor(params), era)

        def build() -> dict:
            prompts = []
            for p in _items(result, "prompts"):
                if not isinstance(p, dict) or not isinstance(p.get("name"), str):
                    continue
                shown = down.value({k: val for k, val in p.items() if k not in ("name", "_meta", "icons")})
                name = alias(p["name"], down.text(p["name"]), "prompt")
                with self._names_lock:
                    self._prompts[name] = p["name"]
                prompts.append({"name": name, **shown})
            return self._paged(self._finish({"prompts": prompts}, down), result, down)

        return self._redacting(build)

    def _prompts_get(self, params: dict, era: Era) -> dict:
        name, args = params.get("name"), params.get("arguments", {})
        if not isinstance(name, str) or not isinstance(args, dict):
            raise rpc.RpcError(rpc.INVALID_PARAMS, "prompts/get requires string name and object arguments.")
        with self._names_lock:
            real = self._prompts.get(name, name)
        up_args = self._restored(lambda up: up.value(args))
        result, down = self._forward("prompts/get", {**params, "name": real, "arguments": up_args}, era)

        def build() -> dict:
            out: dict[str, Any] = {}
            if isinstance(result.get("description"), str):
                out["description"] = down.text(result["description"])
            messages = []
            for m in _items(result, "messages"):
                if isinstance(m, dict):
                    role = m.get("role") if m.get("role") in ("user", "assistant") else "user"
                    messages.append({"role": role, "content": down.block(m.get("content"))})
            out["messages"] = messages
            return self._finish(out, down)

        return self._redacting(build)

    def _complete(self, params: dict, era: Era) -> dict:
        body = {k: val for k, val in params.items() if k != "_meta"}
        ref = body.get("ref")
        if isinstance(ref, dict) and ref.get("type") == "ref/prompt" and isinstance(ref.get("name"), str):
            with self._names_lock:
                body["ref"] = {**ref, "name": self._prompts.get(ref["name"], ref["name"])}
        body = self._restored(lambda up, b=body: up.value(b))
        if "_meta" in params:
            body["_meta"] = params["_meta"]
        result, down = self._forward("completion/complete", body, era)
        return self._redacting(lambda: self._finish({"completion": down.value(result.get("completion", {}))},
                                                    down))

    # --------------------------------------------------------------- from upstream
    def upstream_message(self, message: dict) -> None:
        """A notification the upstream sent (reader thread): relayed redacted, or dropped."""
        method = message.get("method")  # requests of the upstream's own are refused by Upstream
        if method not in RELAYED_NOTIFICATIONS:
            return
        if method in LEGACY_ONLY_NOTIFICATIONS and not self._legacy_client:
            return
        params = message.get("params") if isinstance(message.get("params"), dict) else {}
        try:
            down = Down(self._svc(), self.seam, allow_binary=False)
            token = params.get("progressToken")
            shown = down.value({k: val for k, val in params.items() if k not in ("_meta", "progressToken")})
        except Exception:  # noqa: BLE001 - a notification that cannot be redacted is dropped
            return
        if token is not None:
            shown["progressToken"] = token  # the client's own token
        self.send({"jsonrpc": "2.0", "method": method, "params": shown})


def _items(result: dict, key: str) -> list:
    items = result.get(key)
    return items if isinstance(items, list) else []
