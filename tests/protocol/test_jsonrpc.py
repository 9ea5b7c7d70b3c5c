"""Line classification of mcp-wire.md section 2, rules 1-6."""

from __future__ import annotations

import json

import pytest

from redacted_context_mcp.protocol import jsonrpc as rpc
from tests.invariants import invariant

INVALID = [
    # (line, code, message, id echoed)
    (b"{not json", rpc.PARSE_ERROR, "Parse error", None),
    (b"\xff\xfe{}", rpc.PARSE_ERROR, "Parse error", None),
    (b'{"jsonrpc":"2.0","id":1,', rpc.PARSE_ERROR, "Parse error", None),
    (
        b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        rpc.INVALID_REQUEST,
        "Invalid Request: batches are not supported",
        None,
    ),
    (b"[]", rpc.INVALID_REQUEST, "Invalid Request: batches are not supported", None),
    (b"42", rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'"ping"', rpc.INVALID_REQUEST, "Invalid Request", None),
    (b"null", rpc.INVALID_REQUEST, "Invalid Request", None),
    (b"true", rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'{"id":7,"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", 7),
    (b'{"jsonrpc":"1.0","id":7,"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", 7),
    (b'{"jsonrpc":2.0,"id":"a","method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", "a"),
    (b'{"jsonrpc":"2.0","id":7}', rpc.INVALID_REQUEST, "Invalid Request", 7),
    (b'{"jsonrpc":"2.0","id":7,"method":5}', rpc.INVALID_REQUEST, "Invalid Request", 7),
    (b'{"jsonrpc":"2.0","id":null,"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'{"jsonrpc":"2.0","id":false,"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'{"jsonrpc":"2.0","id":1.0,"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'{"jsonrpc":"2.0","id":{},"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", None),
    (b'{"jsonrpc":"2.0","id":[1],"method":"ping"}', rpc.INVALID_REQUEST, "Invalid Request", None),
    (
        b'{"jsonrpc":"2.0","id":3,"method":"tools/list","params":[1]}',
        rpc.INVALID_PARAMS,
        "params must be an object.",
        3,
    ),
    (
        b'{"jsonrpc":"2.0","id":3,"method":"tools/list","params":"x"}',
        rpc.INVALID_PARAMS,
        "params must be an object.",
        3,
    ),
    (
        b'{"jsonrpc":"2.0","id":3,"method":"tools/list","params":null}',
        rpc.INVALID_PARAMS,
        "params must be an object.",
        3,
    ),
]


@pytest.mark.parametrize("line,code,message,rid", INVALID, ids=[repr(x[0][:40]) for x in INVALID])
def test_malformed_lines_raise_the_specified_error_and_echo_only_valid_ids(line, code, message, rid):
    with pytest.raises(rpc.RpcError) as info:
        rpc.parse(line)
    assert (info.value.code, info.value.message, info.value.id) == (code, message, rid)
    assert type(info.value.id) is type(rid)


@pytest.mark.parametrize(
    "line",
    [
        b'{"jsonrpc":"2.0","id":5,"result":{}}',
        b'{"jsonrpc":"2.0","id":5,"error":{"code":-1,"message":"x"}}',
        b'{"jsonrpc":"2.0","id":null,"error":{"code":-1,"message":"x"}}',
    ],
)
def test_stray_responses_are_ignored(line):
    assert rpc.parse(line) is None


@pytest.mark.parametrize(
    "line",
    [
        b'{"jsonrpc":"2.0","method":"tools/list"}',
        b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}',
        b'{"jsonrpc":"2.0","method":"notifications/whatever","params":[1,2]}',
    ],
)
def test_messages_without_an_id_are_notifications(line):
    msg = rpc.parse(line)
    assert msg is not None and msg.is_notification
    assert isinstance(msg.params, dict)


@pytest.mark.parametrize("rid", [0, "0", "server-discover-probe-1", -5, 2**62, ""])
def test_valid_ids_are_kept_with_their_type(rid):
    msg = rpc.parse(json.dumps({"jsonrpc": "2.0", "id": rid, "method": "ping"}).encode())
    assert msg.id == rid and type(msg.id) is type(rid)


def test_absent_params_become_an_empty_object():
    assert rpc.parse(b'{"jsonrpc":"2.0","id":1,"method":"ping"}').params == {}


def test_encoding_is_one_compact_line_even_for_text_with_newlines():
    data = rpc.encode(rpc.result(1, {"text": "a\nb\u2028c"}))
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert json.loads(data) == {"jsonrpc": "2.0", "id": 1, "result": {"text": "a\nb\u2028c"}}


def test_encoding_survives_lone_surrogates():
    data = rpc.encode(rpc.result(1, {"text": "bad \udcff byte"}))
    assert json.loads(data)["result"]["text"] == "bad \udcff byte"


def test_error_objects_carry_data_only_when_given():
    assert rpc.error(1, -32601, "m") == {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "m"}}
    assert rpc.error(None, -32002, "m", {"uri": "u"})["error"]["data"] == {"uri": "u"}


@pytest.mark.parametrize("number", [b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e999"])
@invariant("HARD-10")
def test_non_finite_numbers_anywhere_in_a_request_are_a_parse_error(number):
    line = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"n":%s}}}' % number
    with pytest.raises(rpc.RpcError) as err:
        rpc.parse(line)
    assert err.value.code == rpc.PARSE_ERROR and err.value.id is None
    assert rpc.parse(b'{"jsonrpc":"2.0","id":1,"method":"m","params":{"n":1.5e300}}').params == {"n": 1.5e300}
