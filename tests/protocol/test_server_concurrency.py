"""Responsiveness and cancellation: a running tool call blocks nothing else."""

from __future__ import annotations

from wire_helpers import CANCEL_SEEN, META, RELEASE, STARTED, init, req


def modern(rid, method, **params):
    return {"jsonrpc": "2.0", "id": rid, "method": method, "params": {"_meta": META, **params}}


def test_ping_discover_and_tools_list_answer_while_a_tool_call_runs(live):
    server = live()
    server.send(init())
    server.send(req("slow", "tools/call", {"name": "fake_block", "arguments": {}}))
    assert STARTED.wait(20)
    server.send(req(1, "ping"))
    server.send(modern(2, "server/discover"))
    server.send(req(3, "tools/list"))
    assert server.out.wait_for_id(1)["result"] == {}
    assert server.out.wait_for_id(2)["result"]["supportedVersions"] == ["2026-07-28"]
    assert "tools" in server.out.wait_for_id(3)["result"]
    assert not any(m.get("id") == "slow" for m in server.out.messages)
    RELEASE.set()
    assert server.out.wait_for_id("slow")["result"]["content"][0]["text"] == "finished"
    assert server.close() == 0


def test_a_cancelled_request_gets_no_response(live):
    server = live()
    server.send(init())
    server.send(req(7, "tools/call", {"name": "fake_block", "arguments": {}}))
    assert STARTED.wait(20)
    server.send(
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7, "reason": "user"}}
    )
    server.send(req(8, "ping"))
    server.out.wait_for_id(8)
    RELEASE.set()
    server.send(req(9, "tools/call", {"name": "fake_echo", "arguments": {"word": "after"}}))
    assert server.out.wait_for_id(9)["result"]["content"][0]["text"] == "echo:after"
    assert server.close() == 0
    assert not any(m.get("id") == 7 for m in server.out.messages)


def test_cancelling_matches_the_id_type(live):
    server = live()
    server.send(init())
    server.send(req("7", "tools/call", {"name": "fake_block", "arguments": {}}))
    assert STARTED.wait(20)
    server.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7}})
    RELEASE.set()
    assert server.out.wait_for_id("7")["result"]["content"][0]["text"] == "finished"
    assert server.close() == 0


def test_cancelling_an_unknown_or_answered_request_is_ignored(live):
    server = live()
    server.send(init())
    server.send(req(1, "tools/call", {"name": "fake_echo", "arguments": {"word": "a"}}))
    server.out.wait_for_id(1)
    for rid in (1, 99, None, {"x": 1}):
        server.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": rid}})
    server.send(req(2, "ping"))
    assert server.out.wait_for_id(2)["result"] == {}
    assert server.close() == 0
    assert sum(1 for m in server.out.messages if m.get("id") == 1) == 1


def test_eof_waits_for_running_calls_when_asked_to_and_exits_zero(live):
    server = live()
    server.send(init())
    server.send(req(1, "tools/call", {"name": "fake_echo", "arguments": {"word": "a"}}))
    assert server.close() == 0
    assert any(m.get("id") == 1 for m in server.out.messages)


def test_cancelling_a_request_stops_its_work_at_the_next_budget_check(live):
    CANCEL_SEEN.clear()
    server = live()
    server.send(init())
    server.send(req(11, "tools/call", {"name": "fake_scan", "arguments": {}}))
    assert STARTED.wait(20)
    server.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 11}})
    assert CANCEL_SEEN.wait(10)
    server.send(req(12, "ping"))
    server.out.wait_for_id(12)
    assert server.close() == 0
    assert not any(m.get("id") == 11 for m in server.out.messages)
