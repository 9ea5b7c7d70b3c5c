"""Hostile regexes: the length cap, a linear screen, compilation in the worker, worker lifetime."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from redacted_context_mcp import regexsafe, regexworker
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.regexsafe import MAX_PATTERN_CHARS, compile_user_regex, run_regex
from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[1]
LINUX = Path("/proc/self/fd").exists() and hasattr(os, "fork")
SLOW = r"(.*a){7}b"  # polynomial, passes the screen: only the deadline stops it


@invariant("HARD-4")
def test_a_pattern_over_the_length_cap_is_refused_with_a_fixed_message():
    compile_user_regex("a" * MAX_PATTERN_CHARS, False)
    with pytest.raises(RedctxError) as err:
        compile_user_regex("a" * (MAX_PATTERN_CHARS + 1), False)
    assert err.value.code is Code.REGEX_TOO_LONG
    assert str(err.value) == "Regex exceeds the 2000 character limit."


def _steps(pattern: str) -> int:
    screen = regexsafe._Screen(regexsafe.P.parse(pattern, 0))
    screen.hazardous()
    return screen.steps


FAMILIES = {
    "long sequence in a repeat": lambda n: "(?:" + "ab" * n + "){8}",
    "nested repeats": lambda n: "(?:a" * n + "b){8}" * n,
    "many alternatives": lambda n: "(?:" + "|".join(f"x{i}y" for i in range(n)) + ")+",
    "nested groups": lambda n: "(" * n + "a" + ")" * n + "+",
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
@invariant("HARD-4")
def test_the_screen_does_work_linear_in_the_pattern_size(family):
    make = FAMILIES[family]
    small, large = _steps(make(60)), _steps(make(240))
    assert large <= 4 * small * 1.25, (small, large)  # 4x the pattern: about 4x the work, never 16x


@invariant("HARD-4")
def test_screening_and_running_a_user_pattern_leaves_the_re_cache_without_it():
    pattern = r"unique-cache-probe-\d{3}"
    rx = compile_user_regex(pattern, True)
    assert run_regex(rx, ["x unique-cache-probe-123 y"], 10, 10) == [(0, 1)]
    cached = [k for k in getattr(re, "_cache", {}) if isinstance(k, tuple) and pattern in k]
    cached += [k for k in getattr(re, "_cache2", {}) if isinstance(k, tuple) and pattern in k]
    assert cached == []
    assert not any(isinstance(v, re.Pattern) for v in vars(rx).values())


@invariant("HARD-4")
def test_a_pattern_that_fails_only_at_compile_time_is_invalid():
    with pytest.raises(RedctxError) as err:
        compile_user_regex(r"(?<=a|bc)x", False)
    assert err.value.code is Code.INVALID_REGEX


def _run_in_thread(seconds: float) -> tuple[threading.Thread, dict]:
    out: dict = {}

    def go() -> None:
        try:
            run_regex(compile_user_regex(SLOW, False), ["a" * 4000], 10, seconds)
        except RedctxError as exc:
            out["code"] = exc.code

    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t, out


def _wait_for_worker(before: frozenset[int]) -> int:
    end = time.monotonic() + 10
    while time.monotonic() < end:
        new = regexworker.live_workers() - before
        if new:
            return next(iter(new))
        time.sleep(0.01)
    raise AssertionError("no worker started")


@pytest.mark.skipif(not LINUX, reason="needs /proc and fork")
@invariant("HARD-5")
def test_a_worker_runs_in_its_own_group_with_only_its_pipe_and_dev_null_open():
    before = regexworker.live_workers()
    t, out = _run_in_thread(20)
    pid = _wait_for_worker(before)
    fds: dict[str, str] = {}
    end = time.monotonic() + 5
    while time.monotonic() < end:  # the child isolates itself right after fork
        try:
            fds = {fd: os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        except FileNotFoundError:  # a descriptor closed between the listing and its readlink: still isolating
            time.sleep(0.02)
            continue
        if all(fds.get(k) == os.devnull for k in ("0", "1", "2")) and len(fds) == 4:
            break
        time.sleep(0.02)
    assert os.getpgid(pid) == pid != os.getpgid(0)
    assert {fds[k] for k in ("0", "1", "2")} == {os.devnull}
    others = [v for k, v in fds.items() if k not in ("0", "1", "2")]
    assert len(others) == 1 and others[0].startswith("pipe:")
    regexworker.kill_workers()
    t.join(10)
    assert not t.is_alive() and pid not in regexworker.live_workers()
    assert out["code"] is Code.INTERNAL  # killed from outside: a fixed internal error, no hits


_ORPHAN_SCRIPT = """
import sys, threading, time
from redacted_context_mcp import regexworker
from redacted_context_mcp.regexsafe import compile_user_regex, run_regex
def report():
    while not regexworker.live_workers():
        time.sleep(0.01)
    print(next(iter(regexworker.live_workers())), flush=True)
threading.Thread(target=report, daemon=True).start()
run_regex(compile_user_regex(sys.argv[1], False), ["a" * 4000], 10, 120)
"""


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not LINUX, reason="needs /proc and fork")
@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
@invariant("HARD-5")
def test_a_worker_dies_when_the_server_process_dies(how):
    proc = subprocess.Popen([sys.executable, "-c", _ORPHAN_SCRIPT, SLOW], stdout=subprocess.PIPE,
                            cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        worker = int(proc.stdout.readline())
        assert _alive(worker)
        proc.send_signal(getattr(signal, how))
        proc.wait(timeout=10)
        end = time.monotonic() + 10
        while _alive(worker) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _alive(worker)
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.skipif(not LINUX, reason="needs /proc and fork")
@invariant("HARD-5")
def test_closing_stdin_ends_the_server_and_its_regex_workers_promptly(tmp_path):
    (tmp_path / "big.txt").write_text("a " * 2000 + "\n")
    from tests.protocol.test_server_process import INIT, send, start

    proc = start(tmp_path)
    try:
        send(proc, INIT)
        proc.stdout.readline()
        send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                "params": {"name": "redctx_search", "arguments": {"query": SLOW, "regex": True}}}
        for i in range(3):
            send(proc, {**call, "id": i + 1})
        kids: list[int] = []
        until = time.monotonic() + 15  # a loaded machine may take a while to start the workers
        while not kids and time.monotonic() < until:
            time.sleep(0.1)
            kids = _descendants(proc.pid)
        assert kids, "the searches started no worker"
        start_t = time.monotonic()
        proc.stdin.close()
        proc.stdout.read()  # EOF: nobody holds the server's stdout any more
        eof_after = time.monotonic() - start_t
        assert proc.wait(timeout=20) == 0
        end = time.monotonic() + 10
        while any(_alive(k) for k in kids) and time.monotonic() < end:
            time.sleep(0.05)
        assert not any(_alive(k) for k in kids)
        assert eof_after < 15  # drain (3 s) plus start-up slack, far below the 30 s deadline
    finally:
        proc.kill()
        proc.wait()


def _descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = [int(x) for x in (task / "children").read_text().split()]
            except OSError:
                continue
            out += kids
            todo += kids
    return out
