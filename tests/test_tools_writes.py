"""The write tool's row: listed only with writes enabled, annotated as a destructive, non-idempotent tool."""

from __future__ import annotations

from redacted_context_mcp.tools import ALL_TOOLS, TOOLS, WRITE_TOOLS, tools_for
from tests.invariants import invariant


@invariant("WRITE-1")
def test_the_write_tool_is_offered_only_with_enable_writes_and_a_write_subdirectory():
    names = lambda tools: [t.name for t in tools]  # noqa: E731
    assert "redctx_submit_doc" not in names(TOOLS)
    assert tools_for(False, "incoming") == TOOLS
    assert tools_for(True, None) == TOOLS
    assert names(tools_for(True, "incoming")) == names(TOOLS) + ["redctx_submit_doc"]
    assert ALL_TOOLS == TOOLS + WRITE_TOOLS


@invariant("WRITE-1")
def test_the_write_tool_is_annotated_not_read_only_destructive_and_not_idempotent():
    (spec,) = WRITE_TOOLS
    assert spec.as_mcp()["annotations"] == {
        "readOnlyHint": False, "idempotentHint": False, "destructiveHint": True, "openWorldHint": False,
    }
    assert spec.cli is None
    schema = spec.input_schema
    assert schema["required"] == ["target_path", "text"]
    assert schema["additionalProperties"] is False
    assert {k: v["type"] for k, v in schema["properties"].items()} == {
        "target_path": "string", "text": "string", "overwrite": "boolean"}
    assert schema["properties"]["overwrite"]["default"] is False
    assert 300 <= len(spec.description) <= 1500
