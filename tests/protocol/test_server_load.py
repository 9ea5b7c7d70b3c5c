"""Load: a fixed worker pool with a bounded queue; a full queue answers "server busy" at once."""

from __future__ import annotations

import threading
import time

from wire_helpers import META, RELEASE, STARTED, init, req

from redacted_context_mcp.protocol.pool import Pool
from tests.invariants import invariant

BUSY = "Server busy: too many requests in progress. Retry later."


def _texts(server, ids):
    return {rid: server.out.wait_for_id(rid) for rid in ids}


@invariant("HARD-8")
def test_thousands_of_queued_calls_use_a_fixed_number_of_threads_and_the_overflow_is_told_busy(live):
    base = threading.active_count()
    server = live(max_workers=2, max_queue=8)
    server.send(init())
    n = 1000
    for i in range(n):
        server.send(req(i, "tools/call", {"name": "fake_block", "arguments": {}}))
    assert STARTED.wait(20)
    busy = _texts(server, range(10, n))  # 2 running + 8 queued; every later one is refused at once
    peak = threading.active_count()
    for m in busy.values():
        res = m["result"]
        assert res["isError"] is True
        assert res["content"][0]["text"] == BUSY == res["structuredContent"]["text"]
        assert "receipt" in res["structuredContent"]
    assert peak - base <= 2 + 1  # the pool's threads and the server's reader thread, nothing per request
    RELEASE.set()
    done = _texts(server, range(10))
    assert all(m["result"]["content"][0]["text"] == "finished" for m in done.values())
    assert server.close() == 0


@invariant("HARD-8")
def test_a_full_queue_refuses_resource_reads_with_an_internal_error_code_and_the_busy_message(live):
    server = live(max_workers=1, max_queue=0)
    server.send(init())
    server.send(req("slow", "tools/call", {"name": "fake_block", "arguments": {}}))
    assert STARTED.wait(20)
    server.send(req("r", "resources/read", {"uri": "redctx://p_0a1b2c3d4e5f"}))
    server.send({"jsonrpc": "2.0", "id": "m", "method": "tools/call",
                 "params": {"_meta": META, "name": "fake_echo", "arguments": {"word": "x"}}})
    err = server.out.wait_for_id("r")["error"]
    assert err == {"code": -32603, "message": BUSY}
    modern = server.out.wait_for_id("m")["result"]
    assert modern["isError"] is True and modern["resultType"] == "complete"
    assert modern["content"][0]["text"] == BUSY
    server.send(req(1, "ping"))  # the reader is never blocked by a full pool
    assert server.out.wait_for_id(1)["result"] == {}
    RELEASE.set()
    assert server.out.wait_for_id("slow")["result"]["content"][0]["text"] == "finished"
    server.send(req("after", "tools/call", {"name": "fake_echo", "arguments": {"word": "ok"}}))
    assert server.out.wait_for_id("after")["result"]["content"][0]["text"] == "echo:ok"


@invariant("HARD-8")
def test_pool_threads_never_exceed_the_worker_count_and_exit_when_idle():
    pool = Pool(3, 100, idle_seconds=0.2)
    gate = threading.Event()
    ran = []
    lock = threading.Lock()

    def job() -> None:
        gate.wait(10)
        with lock:
            ran.append(1)

    accepted = sum(pool.submit(job) for _ in range(200))
    assert accepted == 103 and pool.threads == 3
    gate.set()
    end = time.monotonic() + 10
    while (len(ran) < accepted or pool.threads) and time.monotonic() < end:
        time.sleep(0.05)
    assert len(ran) == accepted and pool.threads == 0
    assert pool.submit(job) and len(ran) <= accepted + 1


def _huge(svc, args):
    from redacted_context_mcp.model import ToolResult, mint_redacted

    return ToolResult(text=mint_redacted("line of text\n" * 1_000_000))  # 13 MB


@invariant("HARD-7")
def test_any_tool_result_is_cut_at_the_response_cap_with_the_fixed_note(live):
    from wire_helpers import FAKE_TOOLS, _schema

    from redacted_context_mcp.limits import OUTPUT_TRUNCATED, Limits
    from redacted_context_mcp.tools import ToolSpec

    server = live(tools=(*FAKE_TOOLS, ToolSpec("fake_huge", "Huge.", _schema(), _huge)))
    server.send(init())
    server.send(req(1, "tools/call", {"name": "fake_huge", "arguments": {}}))
    res = server.out.wait_for_id(1)["result"]
    text = res["content"][0]["text"]
    assert text == res["structuredContent"]["text"]
    assert text.endswith("\n" + OUTPUT_TRUNCATED)
    assert len(text) <= Limits().max_output_chars + len(OUTPUT_TRUNCATED) + 1



def test_pool_keeps_its_threads_for_back_to_back_jobs_instead_of_replacing_them():
    # A thread woken for a job that a busier thread took first must go back to waiting, not
    # exit: back-to-back requests would otherwise start a new thread every few calls.
    class Counting(Pool):
        starts = 0

        def _loop(self) -> None:
            Counting.starts += 1
            super()._loop()

    pool = Counting(4, 8, idle_seconds=30.0)
    for _ in range(3000):
        answered = threading.Event()

        def job(answered: threading.Event = answered) -> None:
            answered.set()  # the reply is out; the thread still finishes up (a write, a log line)
            time.sleep(0)

        assert pool.submit(job)
        assert answered.wait(10)
    assert Counting.starts <= pool.workers
