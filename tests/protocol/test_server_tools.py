"""tools/list, tools/call and resources through the server, with a fake tool table."""

from __future__ import annotations

import json

import pytest
from wire_helpers import FAKE_TOOLS, FakeService, by_id, init, req, run_lines

from redacted_context_mcp.protocol.server import serve
from redacted_context_mcp.tools import OUTPUT_SCHEMA, TOOLS
from tests.invariants import invariant


def call(rid, name, arguments=None, **extra):
    params = {"name": name, **extra}
    if arguments is not None:
        params["arguments"] = arguments
    return req(rid, "tools/call", params)


def result_of(lines, rid=1, **kw):
    return by_id(run_lines([init(), *lines], **kw))[json.dumps(rid)]


def test_tools_list_renders_the_table_in_order_with_schemas_and_annotations():
    out = result_of([req(1, "tools/list")], tools=TOOLS)["result"]["tools"]
    assert [t["name"] for t in out] == [t.name for t in TOOLS]
    for tool in out:
        assert tool["inputSchema"]["type"] == "object"
        assert tool["inputSchema"]["additionalProperties"] is False
        assert tool["outputSchema"] == OUTPUT_SCHEMA
        assert tool["annotations"] == {
            "readOnlyHint": True,
            "idempotentHint": True,
            "destructiveHint": False,
            "openWorldHint": tool["name"].startswith("redctx_github_") and tool["name"] != "redctx_github_repos",
        }
        assert tool["description"] and tool["title"]


def test_listing_tools_does_not_build_the_service():
    run_lines([init(), req(1, "tools/list"), req(2, "resources/templates/list")])
    assert FakeService.built == 0


@pytest.mark.parametrize("cursor,skipped", [("", 0), ("0", 0), ("2", 2), ("99", None)])
def test_tools_list_accepts_decimal_offset_cursors(cursor, skipped):
    res = result_of([req(1, "tools/list", {"cursor": cursor})])["result"]
    expected = 0 if skipped is None else len(FAKE_TOOLS) - skipped
    assert len(res["tools"]) == expected and "nextCursor" not in res


@pytest.mark.parametrize("cursor", ["abc", "-1", "1.5", 3, ["0"], {"a": 1}, "٣"])
@pytest.mark.parametrize("method", ["tools/list", "resources/list"])
def test_a_bad_cursor_is_invalid_params(cursor, method):
    assert result_of([req(1, method, {"cursor": cursor})])["error"] == {
        "code": -32602,
        "message": "cursor must be a string offset.",
    }


@invariant("PROTO-4", "OUT-4")
def test_a_successful_call_mirrors_text_and_reports_a_sorted_receipt_without_zero_counts():
    res = result_of([call(1, "fake_echo", {"word": "hi"})])["result"]
    assert res == {
        "content": [{"type": "text", "text": "echo:hi"}],
        "structuredContent": {
            "text": "echo:hi",
            "receipt": {"counts_by_category": {"CLIENT": 1, "PERSON": 2}, "detector_profile": "default"},
        },
        "isError": False,
    }
    assert list(res["structuredContent"]["receipt"]["counts_by_category"]) == ["CLIENT", "PERSON"]


def test_detectors_appear_in_the_receipt_only_when_present():
    res = result_of([call(1, "fake_detectors", {})])["result"]
    assert res["structuredContent"]["receipt"] == {
        "counts_by_category": {},
        "detector_profile": "extended",
        "detectors": [{"name": "d", "version": "1", "nominated": 0, "positional": 0}],
    }


def test_arguments_may_be_omitted():
    res = result_of([call(1, "fake_fail")])["result"]
    assert res["isError"] is True and res["content"][0]["text"] == "Path does not exist."


@pytest.mark.parametrize(
    "arguments,message",
    [
        ({}, "Missing required argument(s): word."),
        ({"word": 5}, "word must be a string."),
        ({"word": "x", "recursive": 1, "max_depth": 2}, "Unexpected argument(s): max_depth, recursive."),
        ({"word": "x", "Avery Example": 1}, "Unexpected argument(s): <unrecognized>."),
    ],
)
@invariant("PROTO-4", "OUT-2")
def test_argument_problems_are_error_results_with_fixed_messages_and_a_receipt(arguments, message):
    res = result_of([call(1, "fake_echo", arguments)])["result"]
    assert res == {
        "content": [{"type": "text", "text": message}],
        "structuredContent": {
            "text": message,
            "receipt": {"counts_by_category": {}, "detector_profile": "default"},
        },
        "isError": True,
    }


@invariant("OUT-2")
@pytest.mark.parametrize("tool", ["fake_crash", "fake_wrong"])
def test_unexpected_failures_become_a_fixed_message_without_exception_text(tool):
    reply = result_of([call(1, tool, {})])
    assert reply["result"]["content"][0]["text"] == "Tool execution failed."
    assert reply["result"]["isError"] is True
    assert "avery" not in json.dumps(reply) and "Traceback" not in json.dumps(reply)


def test_a_service_that_cannot_be_built_fails_the_call_not_the_server():
    def broken():
        raise OSError("raw /home/avery/private")

    out = by_id(run_lines([init(), call(1, "fake_echo", {"word": "x"}), req(2, "ping")], service=broken))
    assert out["1"]["result"]["content"][0]["text"] == "Tool execution failed."
    assert "avery" not in json.dumps(out["1"])
    assert out["2"]["result"] == {}


def test_the_service_factory_runs_once_across_calls():
    run_lines([init(), call(1, "fake_echo", {"word": "a"}), call(2, "fake_echo", {"word": "b"})])
    assert FakeService.built == 1


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"name": 5},
        {"name": None},
        {"name": "fake_echo", "arguments": []},
        {"name": "fake_echo", "arguments": "word=x"},
        {"name": "fake_echo", "arguments": None},
    ],
)
def test_malformed_tool_calls_are_invalid_params(params):
    assert result_of([req(1, "tools/call", params)])["error"] == {
        "code": -32602,
        "message": "tools/call requires string name and object arguments.",
    }


def test_an_unknown_tool_is_invalid_params_naming_it():
    assert result_of([call(1, "redctx_nope", {})])["error"] == {
        "code": -32602,
        "message": "Unknown tool: redctx_nope",
    }


def test_resources_list_passes_the_cursor_and_returns_next_cursor():
    out = by_id(run_lines([init(), req(1, "resources/list"), req(2, "resources/list", {"cursor": "1"})]))
    assert out["1"]["result"]["nextCursor"] == "1"
    assert out["1"]["result"]["resources"][0]["uri"] == "redctx://p_0a1b2c3d4e5f"
    assert out["2"]["result"] == {"resources": []}


def test_resources_read_returns_contents():
    res = result_of([req(1, "resources/read", {"uri": "redctx://p_0a1b2c3d4e5f"})])["result"]
    assert res["contents"][0]["text"].startswith("hello [PERSON_")


@pytest.mark.parametrize("params", [{}, {"uri": 5}, {"uri": None}, {"uri": ["redctx://p_0a1b2c3d4e5f"]}])
def test_resources_read_without_a_string_uri_is_invalid_params(params):
    assert result_of([req(1, "resources/read", params)])["error"] == {
        "code": -32602,
        "message": "resources/read requires string uri.",
    }


def test_a_resource_over_a_limit_reports_the_fixed_limit_message():
    err = result_of([req(1, "resources/read", {"uri": "redctx://p_limit00000000"})])["error"]
    assert err == {
        "code": -32002,
        "message": "Raw file byte limit exceeded.",
        "data": {"uri": "redctx://p_limit00000000"},
    }


def test_a_blocked_policy_on_a_resource_read_reports_the_fixed_policy_message():
    err = result_of([req(1, "resources/read", {"uri": "redctx://p_blocked000000"})])["error"]
    assert err["code"] == -32603 and err["message"].startswith(
        "Redaction configuration could not be reloaded"
    )


def test_an_unexpected_failure_outside_tools_call_is_internal_error_without_details():
    reply = result_of([req(1, "resources/read", {"uri": "redctx://p_crash00000000"})])
    assert reply["error"] == {"code": -32603, "message": "Internal error."}


def test_resource_templates_list_wraps_the_templates():
    res = result_of([req(1, "resources/templates/list")])["result"]
    assert res == {
        "resourceTemplates": [{"uriTemplate": "redctx://{path_id}", "name": "redacted_context_file"}]
    }


def test_a_fake_table_is_used_instead_of_the_real_one():
    res = result_of([req(1, "tools/list")])["result"]
    assert [t["name"] for t in res["tools"]] == [t.name for t in FAKE_TOOLS]


def test_serve_without_a_service_fails_tool_calls_with_the_fixed_message():
    import io

    from wire_helpers import encode_line

    writer = io.BytesIO()
    serve(
        io.BytesIO(encode_line(init()) + encode_line(call(1, "fake_echo", {"word": "x"}))),
        writer,
        None,
        tools=FAKE_TOOLS,
        drain_seconds=None,
    )
    replies = by_id([json.loads(x) for x in writer.getvalue().splitlines()])
    assert replies["1"]["result"]["content"][0]["text"] == "Tool execution failed."


@pytest.mark.parametrize(
    "uri,modern,code,message",
    [
        ("redctx://p_toolarge00000", False, -32002, "Resource exceeds the server resource byte limit."),
        ("redctx://p_toolarge00000", True, -32603, "Resource exceeds the server resource byte limit."),
        ("redctx://p_gone00000000", False, -32002, "Resource not found"),
        ("redctx://p_gone00000000", True, -32602, "Resource not found"),
    ],
)
def test_service_resource_errors_keep_their_codes_but_never_32002_in_the_modern_era(
    uri, modern, code, message
):
    from wire_helpers import META

    params = {"uri": uri}
    if modern:
        params["_meta"] = META
    err = result_of([req(1, "resources/read", params)])["error"]
    assert err == {"code": code, "message": message, "data": {"uri": uri}}
