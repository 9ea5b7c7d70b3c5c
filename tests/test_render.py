"""Rendering results for MCP and the CLI."""

from __future__ import annotations

import pytest

from redacted_context_mcp import render
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import Fixed, Redacted, ToolResult, mint_redacted
from tests.invariants import invariant


def test_the_receipt_sorts_categories_and_omits_zero_counts():
    r = ToolResult(text=mint_redacted("t"), counts={"SECRET": 1, "EMAIL": 0, "CLIENT": 3})
    assert render.receipt(r) == {
        "counts_by_category": {"CLIENT": 3, "SECRET": 1},
        "detector_profile": "default",
    }
    assert list(render.receipt(r)["counts_by_category"]) == ["CLIENT", "SECRET"]


def test_the_receipt_lists_detectors_only_when_there_are_some():
    det = {"name": "n", "version": "1", "nominated": 2, "positional": 0}
    assert render.receipt(ToolResult(text=mint_redacted("t"), detectors=(det,)))["detectors"] == [det]
    assert "detectors" not in render.receipt(ToolResult(text=mint_redacted("t")))


def test_mcp_results_mirror_the_text_and_carry_structured_content():
    out = render.mcp_tool_result(ToolResult(text=mint_redacted("hello"), counts={"PERSON": 1}))
    assert out["content"] == [{"type": "text", "text": "hello"}]
    assert out["structuredContent"]["text"] == "hello" and out["isError"] is False


def test_structured_content_can_be_dropped_for_old_clients():
    out = render.mcp_tool_result(ToolResult(text=mint_redacted("x")), structured_content=False)
    assert "structuredContent" not in out


def test_error_results_carry_only_the_fixed_message_and_the_code():
    r = render.error_result(RedctxError(Code.NOT_A_FILE), "extended")
    assert (r.text, r.is_error, r.code, r.detector_profile) == ("Not a file.", True, "not_a_file", "extended")
    assert render.internal_error_result().text == "Tool execution failed."


def test_cli_text_ends_with_one_newline():
    assert render.cli_text(ToolResult(text=mint_redacted("a"))) == "a\n"
    assert render.cli_text(ToolResult(text=mint_redacted("a\n"))) == "a\n"
    assert render.cli_text(ToolResult(text=mint_redacted(""))) == ""


def test_cli_exit_status_prefers_the_result_status():
    assert render.cli_exit_status(ToolResult(text=mint_redacted("x"))) == 0
    assert render.cli_exit_status(ToolResult(text=mint_redacted("x"), is_error=True)) == 1
    assert render.cli_exit_status(ToolResult(text=mint_redacted("x"), exit_status=1)) == 1


@invariant("TYPE-1")
def test_render_refuses_a_tool_result_whose_text_is_a_plain_str():
    plain = ToolResult(text="raw text from somewhere")  # type: ignore[arg-type]
    for fn in (render.mcp_tool_result, render.structured, render.cli_text, render.text_of):
        with pytest.raises(TypeError):
            fn(plain)


def test_render_accepts_fixed_messages_and_redacted_text_only():
    assert render.cli_text(ToolResult(text=Fixed("No matches."))) == "No matches.\n"
    assert render.cli_text(ToolResult(text=mint_redacted("[EMAIL_x]"))) == "[EMAIL_x]\n"
    with pytest.raises(TypeError):
        Redacted("anything")  # only the service mints redacted text
