"""Scripted MCP session against examples/quickstart: prints what an agent sees.

Starts the stdio server as a client would (``python -m redacted_context_mcp
--root ...``), performs the legacy handshake, then calls redctx_tree, a
redctx_search and a redctx_read, printing each result exactly as the agent
receives it. Standard library only; run with ``make demo``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ROOT = REPO / "examples" / "quickstart" / "private-notes"
RAW_SAMPLE = ROOT / "clients" / "lantern-labs.md"


class Session:
    """A minimal line-oriented MCP client over the server's stdin/stdout."""

    def __init__(self, root: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "redacted_context_mcp", "--root", str(root)],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.next_id = 0

    def request(self, method: str, params: dict | None = None) -> dict:
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(msg).encode() + b"\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("the server exited unexpectedly")
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise SystemExit(f"{method} failed: {reply['error']}")
                return reply["result"]

    def notify(self, method: str) -> None:
        assert self.proc.stdin
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": method}).encode() + b"\n")
        self.proc.stdin.flush()

    def call(self, name: str, arguments: dict) -> str:
        result = self.request("tools/call", {"name": name, "arguments": arguments})
        return result["content"][0]["text"]

    def close(self) -> int:
        assert self.proc.stdin
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def banner(title: str) -> None:
    print(f"\n=== {title} " + "=" * max(3, 72 - len(title)))


def main() -> int:
    banner("On disk (fictional private notes; the agent never sees this)")
    print(RAW_SAMPLE.read_text(encoding="utf-8").rstrip())

    s = Session(ROOT)
    init = s.request(
        "initialize",
        {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "demo", "version": "1"}},
    )
    s.notify("notifications/initialized")
    tools = [t["name"] for t in s.request("tools/list")["tools"]]
    banner("Agent: initialize + tools/list")
    print(
        f"server {init['serverInfo']['name']} {init['serverInfo']['version']}, "
        f"protocol {init['protocolVersion']}"
    )
    print("tools: " + ", ".join(tools))

    banner("Agent calls redctx_tree {}")
    tree = s.call("redctx_tree", {})
    print(tree)

    banner('Agent calls redctx_search {"query": "backup"}')
    hits = s.call("redctx_search", {"query": "backup"})
    print(hits)

    # The demo knows the raw path of the sample shown above; an agent would take the id from the tree.
    stat = s.call("redctx_stat", {"path": RAW_SAMPLE.relative_to(ROOT).as_posix()})
    target = stat.splitlines()[0].split(": ", 1)[1]
    banner(f'Agent calls redctx_read {{"path": "{target}"}}')
    print(s.call("redctx_read", {"path": target}))

    banner("What happened")
    print("Names, emails, phones, hosts and secrets came back as [CATEGORY_<hex>] placeholders;")
    print("files came back as opaque @p_<id> references. The same value always gets the same")
    print("placeholder, so the agent can search for it and follow it across calls.")
    return s.close()


if __name__ == "__main__":
    sys.exit(main())
