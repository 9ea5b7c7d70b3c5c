"""The stateless 2026-07-28 era (mcp-wire.md section 3): ladder and decoration."""

from __future__ import annotations

import pytest
from wire_helpers import META, SERVER_INFO_META, by_id, init, req, run_lines

from redacted_context_mcp.protocol.handlers import INSTRUCTIONS
from tests.invariants import invariant

SUPPORTED = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
VERSION = "io.modelcontextprotocol/protocolVersion"
CAPS = "io.modelcontextprotocol/clientCapabilities"
LEVEL = "io.modelcontextprotocol/logLevel"


def modern(rid, method, meta=None, **params):
    return {
        "jsonrpc": "2.0",
        "id": rid,
        "method": method,
        "params": {"_meta": META if meta is None else meta, **params},
    }


def with_meta(**changes):
    meta = dict(META)
    for k, val in changes.items():
        if val is None:
            meta.pop(k, None)
        else:
            meta[k] = val
    return meta


@invariant("PROTO-1")
def test_server_discover_answers_the_exact_result():
    (reply,) = run_lines([modern("server-discover-probe-1", "server/discover")])
    assert reply == {
        "jsonrpc": "2.0",
        "id": "server-discover-probe-1",
        "result": {
            "resultType": "complete",
            "supportedVersions": ["2026-07-28"],
            "capabilities": {"tools": {}, "resources": {}},
            "instructions": INSTRUCTIONS,
            "ttlMs": 0,
            "cacheScope": "public",
            "_meta": SERVER_INFO_META,
        },
    }


LADDER = [
    (
        "capabilities missing",
        with_meta(**{CAPS: None}),
        -32602,
        "params._meta is missing required key io.modelcontextprotocol/clientCapabilities",
        None,
    ),
    ("version not a string", with_meta(**{VERSION: 20260728}), -32602, None, None),
    ("version null", with_meta(**{VERSION: "__null__"}), -32602, None, None),
    ("capabilities not an object", with_meta(**{CAPS: []}), -32602, None, None),
    (
        "unknown version",
        with_meta(**{VERSION: "2099-01-01"}),
        -32022,
        "Unsupported protocol version",
        {"supported": SUPPORTED, "requested": "2099-01-01"},
    ),
    (
        "legacy version in meta",
        with_meta(**{VERSION: "2025-11-25"}),
        -32022,
        "Unsupported protocol version",
        {"supported": SUPPORTED, "requested": "2025-11-25"},
    ),
    ("bad log level", with_meta(**{LEVEL: "verbose"}), -32602, None, None),
    ("log level not a string", with_meta(**{LEVEL: {"x": 1}}), -32602, None, None),
]


@invariant("PROTO-1")
@pytest.mark.parametrize("case,meta,code,message,data", LADDER, ids=[c[0] for c in LADDER])
@pytest.mark.parametrize("method", ["server/discover", "tools/list", "tools/call", "ping", "nope"])
def test_the_validation_ladder_rejects_bad_meta_before_dispatch(case, meta, code, message, data, method):
    if meta.get(VERSION) == "__null__":
        meta = dict(meta, **{VERSION: None})
    (reply,) = run_lines([modern(5, method, meta)])
    err = reply["error"]
    assert err["code"] == code
    if message:
        assert err["message"] == message
    assert err.get("data") == data
    assert "result" not in reply


def test_the_first_failing_rung_wins():
    meta = with_meta(**{CAPS: None, LEVEL: "verbose"})
    meta[VERSION] = "2099-01-01"
    (reply,) = run_lines([modern(1, "tools/list", meta)])
    assert reply["error"]["code"] == -32602 and "clientCapabilities" in reply["error"]["message"]


@pytest.mark.parametrize(
    "level", ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
)
def test_every_valid_log_level_is_accepted(level):
    (reply,) = run_lines([modern(1, "tools/list", with_meta(**{LEVEL: level}))])
    assert "tools" in reply["result"]


def test_unknown_meta_keys_and_client_info_are_ignored():
    meta = with_meta(
        **{
            "io.modelcontextprotocol/clientInfo": None,
            "traceparent": "00-x",
            "progressToken": 3,
            "vendor/extra": {"a": 1},
        }
    )
    (reply,) = run_lines([modern(1, "tools/list", meta)])
    assert "tools" in reply["result"]


def test_the_version_key_decides_the_era_whatever_its_value():
    (reply,) = run_lines([modern(1, "tools/list", {VERSION: "2025-06-18", CAPS: {}})])
    assert reply["error"]["code"] == -32022


@pytest.mark.parametrize(
    "method",
    [
        "ping",
        "initialize_not",
        "logging/setLevel",
        "resources/subscribe",
        "resources/unsubscribe",
        "subscriptions/listen",
        "prompts/list",
        "completion/complete",
    ],
)
def test_removed_and_unadvertised_methods_are_method_not_found(method):
    (reply,) = run_lines([modern(6, method)])
    assert reply["error"] == {"code": -32601, "message": f"Method not found: {method}"}


@pytest.mark.parametrize(
    "method,params,scope",
    [
        ("tools/list", {}, "public"),
        ("resources/list", {}, "private"),
        ("resources/read", {"uri": "redctx://p_0a1b2c3d4e5f"}, "private"),
        ("resources/templates/list", {}, "public"),
    ],
)
def test_list_and_read_results_carry_result_type_ttl_scope_and_server_info(method, params, scope):
    (reply,) = run_lines([modern(1, method, **params)])
    result = reply["result"]
    assert result["resultType"] == "complete"
    assert result["ttlMs"] == 0 and result["cacheScope"] == scope
    assert result["_meta"] == SERVER_INFO_META


def test_tool_call_results_carry_result_type_and_server_info_but_no_ttl():
    (reply,) = run_lines([modern(1, "tools/call", name="fake_echo", arguments={"word": "hi"})])
    result = reply["result"]
    assert result["resultType"] == "complete" and result["_meta"] == SERVER_INFO_META
    assert "ttlMs" not in result and "cacheScope" not in result
    assert result["structuredContent"]["text"] == "echo:hi"


@invariant("PROTO-1")
def test_modern_resource_miss_is_32602_with_the_uri_never_32002():
    (reply,) = run_lines([modern(3, "resources/read", uri="redctx://p_ffff")])
    assert reply["error"] == {
        "code": -32602,
        "message": "Resource not found",
        "data": {"uri": "redctx://p_ffff"},
    }


def test_modern_requests_need_no_initialize_and_keep_no_state():
    out = by_id(run_lines([modern(1, "tools/list"), modern(2, "tools/list"), init(), modern(3, "ping")]))
    assert out["1"]["result"] == out["2"]["result"]
    assert out["3"]["error"]["code"] == -32601


def test_tools_list_is_identical_in_both_eras():
    out = by_id(run_lines([modern(1, "tools/list"), init(), req(2, "tools/list")]))
    assert out["1"]["result"]["tools"] == out["2"]["result"]["tools"]


def test_modern_errors_are_plain_json_rpc_errors():
    (reply,) = run_lines([modern(1, "tools/call", name="nope")])
    assert set(reply) == {"jsonrpc", "id", "error"} and set(reply["error"]) == {"code", "message"}
