"""The proxy in front of the real ``@modelcontextprotocol/server-filesystem`` (npm), driven by the SDK client.

``make test-extras`` installs the server into ``.node-extras/``. Skipped only when Node
is absent; with Node present and the server missing the test fails under
``REDCTX_TEST_EXTRAS=1`` (``make test-extras``) and skips otherwise (plain ``make test``
stays offline).

The upstream serves a copy of the fictional corpus (without its config and term file,
which live outside the served folder). Every upstream tool is called; no canary may reach
the client, while placeholders sent back in arguments must reach the upstream as the raw
names: directories and files that exist only under their raw names are listed, read,
written and moved through their placeholders.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

NODE = shutil.which("node")
if NODE is None:  # pragma: no cover
    pytest.skip("node is not installed", allow_module_level=True)
REPO = Path(__file__).resolve().parents[2]
SERVER = REPO / ".node-extras" / "node_modules" / "@modelcontextprotocol" / "server-filesystem" / "dist" / "index.js"
if not SERVER.exists():  # pragma: no cover
    if os.environ.get("REDCTX_TEST_EXTRAS"):
        raise RuntimeError("server-filesystem is not installed in .node-extras: run make test-extras")
    pytest.skip("server-filesystem is not installed in .node-extras (make test-extras)", allow_module_level=True)
mcp = pytest.importorskip("mcp", reason="the dev extra (mcp==2.3.0) is not installed")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from tests.invariants import invariant  # noqa: E402
from tests.proxy.helpers import private_config, proxy_env  # noqa: E402
from tests.sweep_helpers import CORPUS, find_leaks  # noqa: E402

PH = re.compile(r"\[[A-Z][A-Z_]*_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")


def _text(result) -> str:
    return "\n".join(getattr(b, "text", "") for b in result.content)


def _dump(result) -> str:
    return json.dumps(result.model_dump(mode="json", by_alias=True))


async def _session(mode: str, tmp: Path) -> dict:
    served = tmp / "served"
    shutil.copytree(CORPUS, served)
    (served / ".agent-context-redactor.toml").unlink()
    (served / "private-terms.txt").unlink()
    config = private_config(tmp)
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "redacted_context_mcp.cli", "proxy", "--config", str(config), "--", NODE, str(SERVER),
              str(served)],
        cwd=str(REPO), env=proxy_env(tmp),
    )
    out: dict = {"served": served, "dumps": [], "calls": {}}

    async def call(name: str, args: dict):
        result = await client.call_tool(name, args)
        out["calls"].setdefault(name, []).append(result)
        out["dumps"].append(_dump(result))
        return result

    async with Client(params, mode=mode, read_timeout_seconds=120) as client:
        out["protocol_version"] = client.protocol_version
        tools = (await client.list_tools()).tools
        out["tools"] = sorted(t.name for t in tools)
        out["dumps"] += [json.dumps(t.model_dump(mode="json", by_alias=True)) for t in tools]
        s = str(served)
        await call("list_allowed_directories", {})
        clients = await call("list_directory", {"path": f"{s}/clients"})
        out["client_dirs"] = PH.findall(_text(clients))
        first = out["client_dirs"][0]
        out["inside"] = await call("list_directory", {"path": f"{s}/clients/{first}"})
        people = await call("list_directory_with_sizes", {"path": f"{s}/people"})
        person_file = re.search(r"\[FILE\]\s+(\S*\[PERSON_[0-9a-f]{32}[^\]]*\]\S*\.md)", _text(people)).group(1)
        person = PH.search(person_file).group()
        out["person"] = person
        await call("directory_tree", {"path": s, "excludePatterns": []})
        await call("search_files", {"path": s, "pattern": "**/*.md"})
        out["info"] = await call("get_file_info", {"path": f"{s}/people/{person_file}"})
        out["read"] = await call("read_text_file", {"path": f"{s}/people/{person_file}"})
        await call("read_file", {"path": f"{s}/clients/{first}/{_first_file(out['inside'])}"})
        await call("read_multiple_files", {"paths": [f"{s}/people/{person_file}", f"{s}/notes/call-notes-utf16.txt",
                                                     f"{s}/.env", f"{s}/keys/deploy_key.pem"]})
        out["media"] = await call("read_media_file", {"path": f"{s}/notes/diagram.bin"})
        await call("create_directory", {"path": f"{s}/outbox"})
        await call("write_file", {"path": f"{s}/outbox/{person}.txt", "content": f"Call {person} today.\n"})
        await call("edit_file", {"path": f"{s}/outbox/{person}.txt",
                                 "edits": [{"oldText": "today", "newText": f"with {person}"}], "dryRun": True})
        await call("move_file", {"source": f"{s}/outbox/{person}.txt", "destination": f"{s}/outbox/moved.txt"})
        try:
            await client.list_resources()
        except Exception as e:  # noqa: BLE001 - this upstream offers no resources: a clean JSON-RPC error
            out["resources_error"] = str(e)
    return out


def _first_file(listing) -> str:
    m = re.search(r"\[FILE\]\s+(.+)", _text(listing))
    assert m, _text(listing)
    return m.group(1).strip()


@pytest.fixture(scope="module", params=["legacy", "2026-07-28"])
def session(request, tmp_path_factory):
    return request.param, asyncio.run(_session(request.param, tmp_path_factory.mktemp("fs")))


@invariant("PROXY-1")
def test_no_canary_reaches_the_client_from_any_filesystem_tool(session):
    _, out = session
    leaks = [(i, find_leaks(d)) for i, d in enumerate(out["dumps"]) if find_leaks(d)]
    assert leaks == []


def test_every_read_and_write_tool_of_the_upstream_was_called(session):
    _, out = session
    assert len(out["tools"]) >= 13 and set(out["calls"]) == set(out["tools"])


@invariant("PROXY-3")
def test_placeholders_in_paths_reach_the_upstream_as_the_raw_names(session):
    _, out = session
    assert len(out["client_dirs"]) == 2
    assert not out["inside"].is_error and "[FILE]" in _text(out["inside"])
    assert not out["info"].is_error and "size" in _text(out["info"])
    assert not out["read"].is_error and "[PERSON_" in _text(out["read"])
    for result in out["calls"]["edit_file"] + out["calls"]["write_file"] + out["calls"]["move_file"]:
        assert not result.is_error, _text(result)


@invariant("PROXY-3")
def test_content_written_through_placeholders_holds_the_raw_value(session):
    _, out = session
    moved = (out["served"] / "outbox" / "moved.txt").read_text(encoding="utf-8")
    assert moved == "Call Avery Example today.\n"  # the upstream got the raw name, in the path too
    assert not any(p.name.startswith("[") for p in (out["served"] / "outbox").iterdir())


@invariant("PROXY-2")
def test_binary_files_arrive_as_a_note(session):
    _, out = session
    blocks = out["media"].content
    assert all(b.type == "text" for b in blocks) and "binary" in _text(out["media"])


def test_an_upstream_without_resources_answers_resources_list_with_a_clean_error(session):
    _, out = session
    assert "Method not found" in out["resources_error"]
