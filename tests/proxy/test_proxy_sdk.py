"""The proxy driven by the official MCP Python SDK client (``mcp==2.3.0``) in both eras, over the fake upstream."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest

mcp = pytest.importorskip("mcp", reason="the dev extra (mcp==2.3.0) is not installed")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from tests.invariants import invariant  # noqa: E402
from tests.proxy.helpers import FAKE, REPO, private_config, proxy_env  # noqa: E402
from tests.sweep_helpers import find_leaks  # noqa: E402


def _dump(obj) -> str:
    if hasattr(obj, "model_dump"):
        return json.dumps(obj.model_dump(mode="json", by_alias=True))
    return json.dumps(obj, default=str)


async def _session(mode: str, upstream_era: str, tmp) -> dict:
    config = private_config(tmp)
    log = tmp / "up.log"
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "redacted_context_mcp.cli", "proxy", "--config", str(config), "--",
              sys.executable, str(FAKE), "--era", upstream_era, "--log", str(log)],
        cwd=str(REPO), env=proxy_env(tmp),
    )
    out: dict = {"dumps": []}
    async with Client(params, mode=mode, read_timeout_seconds=60) as client:
        out["protocol_version"] = client.protocol_version
        tools = (await client.list_tools()).tools
        out["tools"] = {t.name: t for t in tools}
        out["profile"] = await client.call_tool("profile", {})
        out["media"] = await client.call_tool("media", {})
        owner = out["profile"].structured_content["owner"]
        out["owner"] = owner
        out["echo"] = await client.call_tool("echo", {"text": f"ask {owner}"})
        out["tool_error"] = await client.call_tool("tool_error", {})
        try:
            await client.call_tool("fail", {})
        except Exception as e:  # noqa: BLE001 - the SDK raises MCPError for a JSON-RPC error
            out["fail"] = repr(e) + " " + str(getattr(e, "error", ""))
        resources = (await client.list_resources()).resources
        out["resources"] = resources
        out["read"] = await client.read_resource(str(resources[0].uri))
        out["templates"] = (await client.list_resource_templates()).resource_templates
        prompts = (await client.list_prompts()).prompts
        out["prompts"] = prompts
        out["prompt"] = await client.get_prompt(prompts[0].name, {"person": owner})
        for key in ("tools", "profile", "media", "echo", "tool_error", "resources", "read", "templates",
                    "prompts", "prompt"):
            value = out[key]
            if isinstance(value, dict):
                out["dumps"] += [_dump(v) for v in value.values()]
            elif isinstance(value, list):
                out["dumps"] += [_dump(v) for v in value]
            else:
                out["dumps"].append(_dump(value))
        out["dumps"].append(out.get("fail", ""))
    out["log"] = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    return out


@pytest.fixture(scope="module", params=[("legacy", "legacy"), ("2026-07-28", "legacy"), ("auto", "modern"),
                                        ("legacy", "modern")], ids=lambda p: f"client-{p[0]}-upstream-{p[1]}")
def session(request, tmp_path_factory):
    mode, upstream_era = request.param
    return mode, asyncio.run(_session(mode, upstream_era, tmp_path_factory.mktemp("sdk")))


def test_the_sdk_client_negotiates_its_era_with_the_proxy(session):
    mode, out = session
    assert out["protocol_version"] == ("2025-11-25" if mode == "legacy" else "2026-07-28")


@invariant("PROXY-1")
def test_no_canary_reaches_the_sdk_client(session):
    _, out = session
    leaks = [(i, find_leaks(d)) for i, d in enumerate(out["dumps"]) if find_leaks(d)]
    assert leaks == []
    assert "[EMAIL_" in out["fail"] and "-32001" in out["fail"]


def test_structured_content_passes_the_sdk_output_schema_validation_after_redaction(session):
    _, out = session
    profile = out["profile"]
    assert not profile.is_error
    assert profile.structured_content["status"].startswith("waiting on [CLIENT_")
    assert "outputSchema" not in out["tools"]["media"].model_dump(by_alias=True, exclude_none=True)
    assert out["tools"]["profile"].output_schema["properties"]["status"]["enum"][1] == profile.structured_content[
        "status"]


@invariant("PROXY-2")
def test_binary_blocks_arrive_as_notes(session):
    _, out = session
    kinds = [b.type for b in out["media"].content]
    assert "image" not in kinds and "audio" not in kinds
    assert sum("binary" in getattr(b, "text", "") for b in out["media"].content) == 3


@invariant("PROXY-3")
def test_placeholders_the_sdk_client_sends_back_reach_the_upstream_raw(session):
    _, out = session
    assert out["log"][0] == {"text": "ask John Smith"}
    assert {"uri": "file:///clients/acme-lantern/notes.md"} in out["log"]
    assert {"prompt": {"person": "John Smith"}} in out["log"]
    assert out["owner"] in out["echo"].content[0].text
