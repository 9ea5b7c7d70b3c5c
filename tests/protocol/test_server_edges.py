"""Every JSON-RPC edge case of mcp-wire.md section 2, through the whole server."""

from __future__ import annotations

import pytest
from wire_helpers import by_id, init, req, run_lines

from tests.invariants import invariant

NULL_ERRORS = [
    ("not json", b"{not json", -32700, "Parse error"),
    ("invalid utf-8", b"\xc3\x28", -32700, "Parse error"),
    (
        "batch",
        b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        -32600,
        "Invalid Request: batches are not supported",
    ),
    ("empty batch", b"[]", -32600, "Invalid Request: batches are not supported"),
    ("id null", b'{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600, "Invalid Request"),
    ("id boolean", b'{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600, "Invalid Request"),
    ("id float", b'{"jsonrpc":"2.0","id":2.5,"method":"ping"}', -32600, "Invalid Request"),
    ("id object", b'{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600, "Invalid Request"),
    ("not an object", b"17", -32600, "Invalid Request"),
]


@invariant("PROTO-3")
@pytest.mark.parametrize("case,line,code,message", NULL_ERRORS, ids=[c[0] for c in NULL_ERRORS])
def test_unanswerable_lines_get_an_error_with_a_null_id(case, line, code, message):
    assert run_lines([line]) == [{"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}]


@pytest.mark.parametrize(
    "line,rid",
    [
        (b'{"id":4,"method":"ping"}', 4),
        (b'{"jsonrpc":"2.1","id":"x","method":"ping"}', "x"),
        (b'{"jsonrpc":"2.0","id":4}', 4),
        (b'{"jsonrpc":"2.0","id":4,"method":["ping"]}', 4),
    ],
)
def test_invalid_requests_with_a_valid_id_echo_it(line, rid):
    assert run_lines([line]) == [
        {"jsonrpc": "2.0", "id": rid, "error": {"code": -32600, "message": "Invalid Request"}}
    ]


@pytest.mark.parametrize(
    "line",
    [
        b'{"jsonrpc":"2.0","id":9,"result":{}}',
        b'{"jsonrpc":"2.0","id":9,"error":{"code":-32000,"message":"x"}}',
        b'{"jsonrpc":"2.0","method":"tools/list"}',
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
        b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-sent"}}',
        b'{"jsonrpc":"2.0","method":"notifications/unknown","params":"not an object"}',
        b'{"jsonrpc":"2.0","method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1"}}}',
        b"",
        b"   \t\r",
    ],
)
def test_stray_responses_notifications_and_blank_lines_get_no_answer(line):
    assert run_lines([init(), line]) == run_lines([init()])


@pytest.mark.parametrize("params", [[1, 2], "x", 5, None])
def test_params_that_are_not_an_object_are_invalid_params(params):
    out = run_lines([{"jsonrpc": "2.0", "id": 3, "method": "ping", "params": params}])
    assert out == [
        {"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": "params must be an object."}}
    ]


@pytest.mark.parametrize("rid", [0, "0", "server-discover-probe-1", -1, 9007199254740993, ""])
def test_ids_are_echoed_exactly_with_their_type(rid):
    (reply,) = run_lines([req(rid, "ping")])
    assert reply == {"jsonrpc": "2.0", "id": rid, "result": {}}
    assert type(reply["id"]) is type(rid)


def test_zero_and_string_zero_are_distinct_requests():
    out = run_lines([init(), req(0, "tools/list"), req("0", "ping")])
    replies = by_id(out)
    assert "tools" in replies["0"]["result"] and replies['"0"']["result"] == {}


def test_an_oversize_line_is_refused_and_the_next_line_still_served():
    out = run_lines(
        [b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"' + b"x" * 5000 + b'"}}', req(2, "ping")],
        max_line_bytes=1000,
    )
    assert out == [
        {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32600, "message": "Request line exceeds maximum size."},
        },
        {"jsonrpc": "2.0", "id": 2, "result": {}},
    ]


def test_every_reply_is_exactly_one_line_of_json():
    import io
    import json

    from wire_helpers import FAKE_RESOURCES, FAKE_TOOLS, FakeService, encode_line

    from redacted_context_mcp.protocol.server import serve

    writer = io.BytesIO()
    lines = [
        init(),
        req(1, "tools/list"),
        req(2, "tools/call", {"name": "fake_echo", "arguments": {"word": "a\nb"}}),
    ]
    serve(
        io.BytesIO(b"".join(encode_line(x) for x in lines)),
        writer,
        FakeService,
        tools=FAKE_TOOLS,
        resources=FAKE_RESOURCES,
        drain_seconds=None,
    )
    raw = writer.getvalue().split(b"\n")
    assert raw[-1] == b"" and len(raw) == 4
    assert all(json.loads(x) for x in raw[:-1])


def test_eof_ends_the_loop_with_status_zero():
    assert run_lines([]) == []


HOSTILE = [
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    b'{"jsonrpc":"2.0","id":' + b"9" * 5000 + b',"method":"ping"}',
    b'{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
    b'{"jsonrpc":"2.0","id":NaN,"method":"ping"}',
    b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fake_echo","arguments":{"word":"'
    + b"\\ud800"
    + b'"}}}',
    b'{"jsonrpc":"2.0","id":2,"method":"' + b"m" * 100_000 + b'"}',
    b"\x00\x01\x02",
    b'\xef\xbb\xbf{"jsonrpc":"2.0","id":3,"method":"ping"}',
]


@invariant("PROTO-3")
@pytest.mark.parametrize("line", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_input_gets_at_most_one_well_formed_reply_and_the_server_keeps_going(line):
    out = run_lines([init(), line, req("after", "ping")])
    assert out[-1] == {"jsonrpc": "2.0", "id": "after", "result": {}} or by_id(out)['"after"']["result"] == {}
    assert len(out) <= 3
    for reply in out:
        assert reply["jsonrpc"] == "2.0" and ("result" in reply) != ("error" in reply)
        if "error" in reply:
            assert len(reply["error"]["message"]) < 300


@invariant("PROTO-3")
def test_random_bytes_never_crash_the_loop():
    import random

    rng = random.Random(1234)
    lines = [
        bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b" ")
        for _ in range(300)
    ]
    out = run_lines([*lines, req("end", "ping")])
    assert by_id(out)['"end"']["result"] == {}
    assert all(m.get("error", {}).get("code") in {-32700, -32600, -32602, -32601, None} for m in out)
