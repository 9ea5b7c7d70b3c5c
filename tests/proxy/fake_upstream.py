"""A tiny stdio MCP server for the proxy tests: every shape the filesystem server lacks.

``python fake_upstream.py [--era legacy|modern] [--log FILE] [--pidfile FILE]``

Tools: ``echo`` (returns its arguments; also logged to ``--log`` so a test can see what
really reached the upstream), ``profile`` (structuredContent under an outputSchema),
``contact`` (a ``format: email`` field that redaction must break), ``media`` (image,
audio, embedded blob, embedded text, resource link), ``fail`` (a JSON-RPC error whose
message and data hold private values), ``tool_error`` (``isError`` result), ``crash``,
``hang``, ``garbage`` (non-JSON on stdout), ``huge`` (a message over the proxy's cap),
``chatty`` (a log and, given a progress token, a progress notification first),
``stderr`` (private values on stderr), ``slow`` (answers after two seconds), ``big``
(about ``bytes`` bytes of prose, for the benchmark), ``ask`` (sends a ``roots/list``
request of its own first). Resources, templates, prompts and completions carry private
values too. The values are the fictional canaries of ``fixtures/``.
"""

from __future__ import annotations

import json
import os
import sys
import time

NAME = "John Smith"
EMAIL = "john.smith@acme-lantern.example"
CLIENT = "Acme Lantern"
PROJECT = "Project Nightjar"
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

PROFILE_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "owner": {"type": "string"},
        "Nightjar notes": {"type": "string"},
        "team": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}},
        "status": {"type": "string", "enum": ["open", f"waiting on {CLIENT}"]},
    },
    "required": ["owner", "team", "status"],
}
CONTACT_SCHEMA = {
    "type": "object",
    "properties": {"email": {"type": "string", "format": "email"}},
    "required": ["email"],
}

TOOLS = [
    {"name": "echo", "description": f"Echo the arguments back (built for {CLIENT}).",
     "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}},
    {"name": "profile", "description": "A structured profile.", "inputSchema": {"type": "object"},
     "outputSchema": PROFILE_SCHEMA},
    {"name": "contact", "description": "A contact card.", "inputSchema": {"type": "object"},
     "outputSchema": CONTACT_SCHEMA},
    {"name": "media", "description": "Binary and embedded content.", "inputSchema": {"type": "object"}},
    {"name": "fail", "description": "Fails with a JSON-RPC error.", "inputSchema": {"type": "object"}},
    {"name": "tool_error", "description": "Fails as a tool result.", "inputSchema": {"type": "object"}},
    {"name": "crash", "description": "Exits at once.", "inputSchema": {"type": "object"}},
    {"name": "hang", "description": "Never answers.", "inputSchema": {"type": "object"}},
    {"name": "garbage", "description": "Writes a line that is not JSON.", "inputSchema": {"type": "object"}},
    {"name": "huge", "description": "Writes a very large message.", "inputSchema": {"type": "object"}},
    {"name": "chatty", "description": "Logs before answering.", "inputSchema": {"type": "object"}},
    {"name": "stderr", "description": "Writes private values on stderr.", "inputSchema": {"type": "object"}},
    {"name": "slow", "description": "Answers after two seconds.", "inputSchema": {"type": "object"}},
    {"name": "big", "description": "A large text result.", "inputSchema": {"type": "object"}},
    {"name": "ask", "description": "Sends the client a request first.", "inputSchema": {"type": "object"}},
    {"name": "cat", "description": "Returns the text of a file by path.", "inputSchema": {"type": "object"}},
    {"name": f"lookup_{CLIENT.split()[0].lower()}_lantern", "description": "A tool whose name holds a client.",
     "inputSchema": {"type": "object"}},
]
RESOURCE_URI = "file:///clients/acme-lantern/notes.md"


def send(obj: dict) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def text(value: str) -> dict:
    return {"content": [{"type": "text", "text": value}]}


def call(name: str, args: dict, log: str | None, token: object) -> dict | None:
    if name == "echo" or name.startswith("lookup_"):
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps(args) + "\n")
        return text(json.dumps(args))
    if name == "cat":  # a file server's read: a user line and a password line, whatever the name
        return text("vpnuser\nProxy-Vpn-Pw-71\n")
    if name == "ask":  # a request of the server's own, as sampling or roots would be
        send({"jsonrpc": "2.0", "id": "up-1", "method": "roots/list", "params": {}})
        reply = json.loads(sys.stdin.readline())
        return text(f"asked the client: {reply.get('error', {}).get('code')}")
    if name == "big":  # bench: a large plain-text result of about ``bytes`` bytes
        size = int(args.get("bytes", 1_000_000))
        parts, total, i = [], 0, 0
        while total < size:
            para = (f"Meeting {i} on the {PROJECT} rollout, ticket OPS-{i * 7919 % 100000}. {NAME} asked "
                    f"about budget line {i % 97}; Dana Whitfield-{i % 13} will review the deployment checklist, "
                    f"the backup schedule and the on-call rota before week {i % 52}.\n")
            parts.append(para)
            total += len(para)
            i += 1
        return text("".join(parts)[:size])
    if name == "profile":
        data = {"owner": NAME, "team": [{"name": "Avery Example"}, {"name": "Teodor Blaszczyk"}],
                "status": f"waiting on {CLIENT}", "Nightjar notes": f"{NAME} leads {PROJECT}"}
        return {**text(json.dumps(data)), "structuredContent": data}
    if name == "contact":
        data = {"email": EMAIL}
        return {**text(json.dumps(data)), "structuredContent": data}
    if name == "media":
        return {"content": [
            {"type": "text", "text": f"Screenshot of {NAME}'s desk"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
            {"type": "audio", "data": PNG, "mimeType": "audio/wav"},
            {"type": "resource", "resource": {"uri": RESOURCE_URI, "mimeType": "application/octet-stream",
                                              "blob": PNG}},
            {"type": "resource", "resource": {"uri": RESOURCE_URI, "mimeType": "text/markdown",
                                              "text": f"{PROJECT} kickoff with {NAME} ({EMAIL})"}},
            {"type": "resource_link", "uri": RESOURCE_URI, "name": f"{CLIENT} notes",
             "description": f"Notes on {PROJECT}", "mimeType": "text/markdown"},
        ]}
    if name == "fail":
        raise Failure({"code": -32001, "message": f"cannot reach {EMAIL} for {CLIENT}",
                       "data": {"who": NAME, "where": [PROJECT, {"deep": EMAIL, "type": "acme-lantern"}]}})
    if name == "tool_error":
        return {**text(f"{NAME} is not allowed to see {PROJECT}"), "isError": True}
    if name == "crash":
        os._exit(3)
    if name == "hang":
        return None
    if name == "garbage":
        sys.stdout.write(f"debug: {NAME} connected\n")
        sys.stdout.flush()
        return None
    if name == "huge":
        return text("x" * 300_000)
    if name == "chatty":
        send({"jsonrpc": "2.0", "method": "notifications/message",
              "params": {"level": "info", "logger": CLIENT, "data": {"msg": f"working for {NAME}"}}})
        if token is not None:
            send({"jsonrpc": "2.0", "method": "notifications/progress",
                  "params": {"progressToken": token, "progress": 1, "total": 2, "message": f"half done for {CLIENT}"}})
        return text("done")
    if name == "stderr":
        sys.stderr.write(f"error: {NAME} <{EMAIL}> failed\nsecond line about {PROJECT} \x1b[31mred\x1b[0m\n")
        sys.stderr.flush()
        return text("wrote to stderr")
    if name == "slow":
        time.sleep(2)
        return text(f"slow answer for {NAME}")
    raise Failure({"code": -32602, "message": f"Unknown tool: {name}"})


class Failure(Exception):
    def __init__(self, error: dict) -> None:
        super().__init__("failure")
        self.error = error


def handle(msg: dict, era: str, log: str | None) -> dict | None:
    method = msg.get("method")
    params = msg.get("params") or {}
    modern = isinstance(params.get("_meta"), dict) and "io.modelcontextprotocol/protocolVersion" in params["_meta"]
    caps = {"tools": {}, "resources": {}, "prompts": {}, "completions": {}, "logging": {}}
    if method == "server/discover":
        if era != "modern":
            raise Failure({"code": -32601, "message": "Method not found"})
        return {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": caps,
                "ttlMs": 0, "cacheScope": "public", "instructions": f"Ask {NAME} before using {PROJECT} tools."}
    if method == "initialize":
        if era == "modern":
            raise Failure({"code": -32601, "message": "Method not found"})
        return {"protocolVersion": "2025-11-25", "capabilities": caps,
                "serverInfo": {"name": f"fake for {CLIENT}", "version": "1"},
                "instructions": f"Ask {NAME} before using {PROJECT} tools."}
    if era == "modern" and not modern:
        raise Failure({"code": -32602, "message": "missing _meta"})
    if method == "ping":
        return {}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        token = (params.get("_meta") or {}).get("progressToken")
        return call(params.get("name", ""), params.get("arguments") or {}, log, token)
    if method == "resources/list":
        return {"resources": [{"uri": RESOURCE_URI, "name": f"{CLIENT} notes", "mimeType": "text/markdown",
                               "description": f"Meeting notes of {NAME}"}]}
    if method == "resources/templates/list":
        return {"resourceTemplates": [{"uriTemplate": "file:///clients/acme-lantern/{name}",
                                       "name": f"{CLIENT} files"}]}
    if method == "resources/read":
        uri = params.get("uri")
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"uri": uri}) + "\n")
        if uri != RESOURCE_URI:
            raise Failure({"code": -32002, "message": f"Resource not found: {uri}", "data": {"uri": uri}})
        return {"contents": [{"uri": RESOURCE_URI, "mimeType": "text/markdown",
                              "text": f"# {CLIENT}\n{NAME} <{EMAIL}> owns {PROJECT}.\n"},
                             {"uri": RESOURCE_URI + ".png", "mimeType": "image/png", "blob": PNG}]}
    if method == "prompts/list":
        return {"prompts": [{"name": "brief", "description": f"Brief for {CLIENT}",
                             "arguments": [{"name": "person", "description": f"e.g. {NAME}"}]}]}
    if method == "prompts/get":
        args = params.get("arguments") or {}
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"prompt": args}) + "\n")
        return {"description": f"Brief on {PROJECT}",
                "messages": [{"role": "user", "content": {"type": "text",
                                                          "text": f"Summarise {args.get('person')} for {CLIENT}"}}]}
    if method == "completion/complete":
        return {"completion": {"values": [NAME, "Avery Example"], "total": 2, "hasMore": False}}
    raise Failure({"code": -32601, "message": "Method not found"})


def main() -> int:
    args = sys.argv[1:]
    era = args[args.index("--era") + 1] if "--era" in args else "legacy"
    log = args[args.index("--log") + 1] if "--log" in args else None
    if "--pidfile" in args:
        with open(args[args.index("--pidfile") + 1], "a", encoding="utf-8") as f:
            f.write(f"{os.getpid()}\n")
    if "--banner" in args:  # a server that greets on stdout: broken before the first request
        sys.stdout.write("hello from the fake upstream\n")
        sys.stdout.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        if msg.get("method") == "notifications/cancelled" and log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"cancelled": msg.get("params", {}).get("requestId")}) + "\n")
        if "method" not in msg or "id" not in msg:
            continue
        try:
            result = handle(msg, era, log)
        except Failure as f:
            send({"jsonrpc": "2.0", "id": msg["id"], "error": f.error})
            continue
        if result is None:
            continue
        send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
    return 0


if __name__ == "__main__":
    sys.exit(main())
