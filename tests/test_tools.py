"""The tool table: names, schemas, descriptions, annotations and handlers."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from redacted_context_mcp.tools import OUTPUT_SCHEMA, TOOLS, resolve_handler
from redacted_context_mcp.tools_files import FILE_TOOLS
from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[1]
EXPECTED = [
    "redctx_tree",
    "redctx_list",
    "redctx_stat",
    "redctx_read",
    "redctx_search",
    "redctx_retrieve",
    "redctx_bundle",
    "redctx_refresh_index",
    "redctx_doctor",
    "redctx_audit",
    "redctx_github_repos",
    "redctx_github_list_issues",
    "redctx_github_search_issues",
    "redctx_github_read_issue",
]
#: The GitHub tools that call the API are the one exception to closed-world (tools.md).
OPEN_WORLD = {"redctx_github_list_issues", "redctx_github_search_issues", "redctx_github_read_issue"}
IDS = [t.name for t in TOOLS]


@invariant("WRITE-1")
def test_the_table_lists_exactly_the_read_only_tools_of_this_release():
    assert [t.name for t in TOOLS] == EXPECTED


@pytest.mark.parametrize("tool", TOOLS, ids=IDS)
def test_tool_names_use_the_allowed_characters(tool):
    assert re.fullmatch(r"[A-Za-z0-9_.-]{1,128}", tool.name)


@pytest.mark.parametrize("tool", TOOLS, ids=IDS)
def test_input_schemas_are_closed_objects_with_described_typed_properties(tool):
    schema = tool.input_schema
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    for name, prop in schema.get("properties", {}).items():
        assert prop["type"] in {"string", "integer", "boolean", "array"}, name
        assert len(prop["description"]) >= 20, name
        if prop["type"] == "array":
            assert prop["items"] == {"type": "string"}
    assert set(schema.get("required", ())) <= set(schema.get("properties", {}))


@pytest.mark.parametrize("tool", TOOLS, ids=IDS)
def test_descriptions_say_what_comes_back_and_when_to_use_a_sibling(tool):
    assert 200 <= len(tool.description) <= 700
    others = [n for n in EXPECTED if n != tool.name and n in tool.description]
    assert others, "a description should point to a sibling tool"


@invariant("WRITE-1")
@pytest.mark.parametrize("tool", TOOLS, ids=IDS)
def test_every_tool_is_annotated_read_only_and_closed_world_except_the_github_api_tools(tool):
    assert tool.as_mcp()["annotations"] == {
        "readOnlyHint": True,
        "idempotentHint": True,
        "destructiveHint": False,
        "openWorldHint": tool.name in OPEN_WORLD,
    }


def test_the_output_schema_requires_text_and_receipt():
    assert OUTPUT_SCHEMA["type"] == "object"
    assert OUTPUT_SCHEMA["required"] == ["text", "receipt"]
    assert OUTPUT_SCHEMA["properties"]["text"]["type"] == "string"
    assert OUTPUT_SCHEMA["properties"]["receipt"]["type"] == "object"


def test_tool_objects_can_drop_fields_for_old_protocol_versions():
    tool = TOOLS[0]
    assert list(tool.as_mcp()) == [
        "name",
        "title",
        "description",
        "inputSchema",
        "outputSchema",
        "annotations",
    ]
    assert list(tool.as_mcp(title=False, output_schema=False, annotations=False)) == [
        "name",
        "description",
        "inputSchema",
    ]
    assert tool.as_mcp()["title"] == "Folder tree"


@pytest.mark.parametrize("tool", TOOLS, ids=IDS)
def test_every_tool_has_a_short_human_title_of_its_own(tool):
    assert tool.title and len(tool.title) <= 24 and tool.title[0].isupper()
    assert "redctx" not in tool.title.lower() and "_" not in tool.title
    assert len({t.title for t in TOOLS}) == len(TOOLS)


@pytest.mark.parametrize("tool", TOOLS, ids=IDS)
def test_parameter_descriptions_do_not_repeat_the_schema_default(tool):
    for name, prop in tool.input_schema.get("properties", {}).items():
        if "default" in prop:
            assert "Default" not in prop["description"], (tool.name, name)


TOOLS_LIST_BUDGET = 12_000
FILE_TOOL_NAMES = {t.name for t in FILE_TOOLS}
_INIT = {"capabilities": {}, "clientInfo": {"name": "size", "version": "1"}}


def _tools_list_json(lines: list[dict]) -> str:
    """The JSON text of the ``tools/list`` result a real server process writes (compact, as on the wire)."""
    wire = "".join(json.dumps(m) + "\n" for m in lines)
    out = subprocess.run([sys.executable, "-m", "redacted_context_mcp", "--root", str(REPO / "examples")],
                         input=wire, capture_output=True, text=True, cwd=REPO, timeout=120)
    reply = next(m for m in map(json.loads, out.stdout.splitlines()) if m.get("id") == "list")
    return json.dumps(reply["result"], separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("era", ["2024-11-05", "2025-11-25", "modern"])
def test_tools_list_for_the_file_tools_fits_in_twelve_kilobytes(era):
    from redacted_context_mcp.protocol import versions as v

    if era == "modern":
        meta = {v.META_VERSION: v.MODERN, "io.modelcontextprotocol/clientInfo": _INIT["clientInfo"],
                v.META_CAPABILITIES: {}}
        lines = [{"jsonrpc": "2.0", "id": "list", "method": "tools/list", "params": {"_meta": meta}}]
    else:
        lines = [{"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {"protocolVersion": era, **_INIT}},
                 {"jsonrpc": "2.0", "method": "notifications/initialized"},
                 {"jsonrpc": "2.0", "id": "list", "method": "tools/list"}]
    text = _tools_list_json(lines)
    result = json.loads(text)
    names = [t["name"] for t in result["tools"]]
    assert names == EXPECTED
    # The budget is for the ten file tools (the GitHub tools come on top when repos are configured).
    files = json.dumps({**result, "tools": [t for t in result["tools"] if t["name"] in FILE_TOOL_NAMES]},
                       separators=(",", ":"), ensure_ascii=False)
    print(f"tools/list ({era}): {len(files.encode())} bytes for the ten file tools, "
          f"{len(text.encode())} bytes for all {len(names)} tools")
    assert len(FILE_TOOL_NAMES) == 10
    assert len(files.encode()) <= TOOLS_LIST_BUDGET


def test_search_is_the_only_tool_whose_cli_default_differs():
    changed = {t.name: dict(t.cli_defaults) for t in TOOLS if t.cli_defaults}
    assert changed == {"redctx_search": {"ignore_case": False}}


def test_positional_cli_names_are_schema_properties():
    for tool in TOOLS:
        assert set(tool.positional) <= set(tool.input_schema.get("properties", {})), tool.name


# Depends on the service helpers (service.files, service.search, service.admin).
@pytest.mark.parametrize("tool", TOOLS, ids=IDS)
def test_every_handler_in_the_table_resolves_to_a_function(tool):
    module, _, attr = tool.handler.partition(":")
    assert callable(getattr(importlib.import_module(module), attr))
    assert callable(resolve_handler(tool.handler))


def test_importing_the_table_imports_no_service_module():
    code = (
        "import sys, redacted_context_mcp.tools, redacted_context_mcp.protocol.server;"
        "print([m for m in sys.modules if m.startswith('redacted_context_mcp.service')"
        " or m.startswith('redacted_context_mcp.redaction')])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.strip() == "[]"
