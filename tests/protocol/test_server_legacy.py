"""The legacy era (mcp-wire.md section 4): initialize, state, gating."""

from __future__ import annotations

import pytest
from wire_helpers import META, by_id, init, req, run_lines

import redacted_context_mcp
from redacted_context_mcp.protocol.handlers import INSTRUCTIONS
from tests.invariants import invariant

LEGACY = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]


@invariant("PROTO-1")
@pytest.mark.parametrize("version", LEGACY)
def test_initialize_echoes_each_legacy_version_with_the_full_result(version):
    (reply,) = run_lines([init(0, version)])
    assert reply == {
        "jsonrpc": "2.0",
        "id": 0,
        "result": {
            "protocolVersion": version,
            "capabilities": {"tools": {}, "resources": {}},
            "serverInfo": {"name": "redacted-context-mcp", "version": redacted_context_mcp.__version__},
            "instructions": INSTRUCTIONS,
        },
    }


@pytest.mark.parametrize(
    "params",
    [
        {"protocolVersion": "2026-07-28", "capabilities": {}},
        {"protocolVersion": "2099-01-01"},
        {"capabilities": {}},
        {},
    ],
)
def test_initialize_with_an_unknown_or_missing_version_answers_the_newest_legacy_one(params):
    (reply,) = run_lines([req(0, "initialize", params)])
    assert reply["result"]["protocolVersion"] == "2025-11-25"


def test_initialize_without_params_still_answers():
    (reply,) = run_lines([req(0, "initialize")])
    assert reply["result"]["protocolVersion"] == "2025-11-25"


@pytest.mark.parametrize("bad", [20251125, None, ["2025-11-25"], {"v": 1}, True])
def test_initialize_with_a_non_string_version_is_invalid_params(bad):
    (reply,) = run_lines([req(0, "initialize", {"protocolVersion": bad})])
    assert reply["error"]["code"] == -32602


def test_initialize_is_legacy_even_with_modern_meta():
    (reply,) = run_lines([req(0, "initialize", {"protocolVersion": "2025-06-18", "_meta": META})])
    assert reply["result"]["protocolVersion"] == "2025-06-18"
    assert "resultType" not in reply["result"] and "_meta" not in reply["result"]


def test_ping_answers_an_empty_object_before_and_after_initialize():
    out = run_lines([req(1, "ping"), init(), req(2, "ping", {})])
    assert by_id(out)["1"]["result"] == {} and by_id(out)["2"]["result"] == {}


@pytest.mark.parametrize(
    "method",
    [
        "tools/list",
        "tools/call",
        "resources/list",
        "resources/read",
        "resources/templates/list",
        "prompts/list",
        "unknown/method",
    ],
)
def test_requests_before_initialize_are_refused_with_a_hint(method):
    (reply,) = run_lines([req(1, method)])
    assert reply["error"]["code"] == -32602
    assert "initialize" in reply["error"]["message"]


def test_requests_are_served_after_initialize_without_waiting_for_initialized():
    out = run_lines([init(), req(1, "tools/list")])
    assert "tools" in by_id(out)["1"]["result"]


def test_server_discover_without_the_version_key_is_invalid_params_in_every_state():
    out = run_lines([req(1, "server/discover"), init(), req(2, "server/discover", {"_meta": {}})])
    assert by_id(out)["1"]["error"]["code"] == -32602
    assert by_id(out)["2"]["error"]["code"] == -32602


@pytest.mark.parametrize(
    "method",
    [
        "logging/setLevel",
        "resources/subscribe",
        "resources/unsubscribe",
        "subscriptions/listen",
        "prompts/list",
        "prompts/get",
        "completion/complete",
        "sampling/createMessage",
        "made/up",
    ],
)
def test_unadvertised_methods_are_method_not_found(method):
    out = run_lines([init(), req(1, method, {})])
    assert by_id(out)["1"]["error"] == {"code": -32601, "message": f"Method not found: {method}"}


def test_legacy_results_carry_no_modern_decoration():
    out = run_lines(
        [
            init(),
            req(1, "tools/list"),
            req(2, "tools/call", {"name": "fake_echo", "arguments": {"word": "x"}}),
            req(3, "resources/list"),
            req(4, "resources/read", {"uri": "redctx://p_0a1b2c3d4e5f"}),
            req(5, "resources/templates/list"),
        ]
    )
    for rid in "12345":
        result = by_id(out)[rid]["result"]
        assert not {"resultType", "ttlMs", "cacheScope", "_meta"} & set(result), rid


@pytest.mark.parametrize(
    "version,title,output_schema,annotations,structured",
    [
        ("2025-11-25", True, True, True, True),
        ("2025-06-18", True, True, True, True),
        ("2025-03-26", False, False, True, False),
        ("2024-11-05", False, False, False, False),
    ],
)
@invariant("PROTO-1")
def test_features_are_gated_by_the_negotiated_version(version, title, output_schema, annotations, structured):
    out = by_id(
        run_lines(
            [
                init("i", version),
                req(1, "tools/list"),
                req(2, "tools/call", {"name": "fake_echo", "arguments": {"word": "x"}}),
            ]
        )
    )
    tool = out["1"]["result"]["tools"][0]
    assert ("title" in tool) is title
    assert ("outputSchema" in tool) is output_schema
    assert ("annotations" in tool) is annotations
    assert ("structuredContent" in out["2"]["result"]) is structured
    assert out["2"]["result"]["content"] == [{"type": "text", "text": "echo:x"}]


def test_a_repeated_initialize_renegotiates():
    out = by_id(run_lines([init("a", "2025-11-25"), init("b", "2024-11-05"), req(1, "tools/list")]))
    assert out['"b"']["result"]["protocolVersion"] == "2024-11-05"
    assert "annotations" not in out["1"]["result"]["tools"][0]


def test_legacy_resource_miss_is_32002_with_the_uri():
    out = by_id(run_lines([init(), req(4, "resources/read", {"uri": "redctx://p_ffff"})]))
    assert out["4"]["error"] == {
        "code": -32002,
        "message": "Resource not found",
        "data": {"uri": "redctx://p_ffff"},
    }


def test_a_modern_request_does_not_initialize_the_legacy_session():
    out = by_id(run_lines([req(1, "tools/list", meta=True), req(2, "tools/list")]))
    assert "tools" in out["1"]["result"]
    assert out["2"]["error"]["code"] == -32602
