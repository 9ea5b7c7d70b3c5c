"""The proxy process over raw JSON-RPC lines, in front of the fake upstream (tests/proxy/fake_upstream.py)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from tests.invariants import invariant
from tests.proxy.helpers import (
    FAKE,
    REPO,
    Wire,
    alive,
    pids,
    private_config,
    proxy_argv,
    proxy_env,
    wait_gone,
)
from tests.sweep_helpers import find_leaks


@pytest.fixture
def setup(tmp_path):
    return tmp_path, private_config(tmp_path), proxy_env(tmp_path)


def _start(setup, *flags, **kw) -> Wire:
    tmp, config, env = setup
    w = Wire(proxy_argv(config, *flags, **kw), env)
    return w


@invariant("PROXY-1", "PROXY-2")
@pytest.mark.parametrize("upstream_era", ["legacy", "modern"])
@pytest.mark.parametrize("client_modern", [False, True], ids=["legacy-client", "modern-client"])
def test_every_upstream_answer_reaches_the_client_redacted_in_both_eras(setup, upstream_era, client_modern):
    with _start(setup, era=upstream_era) as w:
        if client_modern:
            w.modern = True
            hello = w.request(0, "server/discover")["result"]
            assert hello["resultType"] == "complete" and "tools" in hello["capabilities"]
        else:
            hello = w.initialize()["result"]
            assert "prompts" in hello["capabilities"]
        assert hello["instructions"].startswith("This server is a redacting proxy")
        assert "own instructions (redacted):\nAsk [PERSON_" in hello["instructions"]
        replies = [w.request(1, "tools/list")]
        tools = replies[0]["result"]
        for i, name in enumerate(["profile", "media", "tool_error", "echo"], start=10):
            replies.append(w.call(i, name, {"text": "hello"}))
        replies.append(w.call(20, "fail"))
        replies.append(w.request(21, "resources/list"))
        replies.append(w.request(22, "resources/templates/list"))
        uri = replies[-2]["result"]["resources"][0]["uri"]
        replies.append(w.request(23, "prompts/list"))
        replies.append(w.request(24, "prompts/get", {"name": "brief", "arguments": {"person": "someone"}}))
        replies.append(w.request(25, "completion/complete",
                                 {"ref": {"type": "ref/prompt", "name": "brief"},
                                  "argument": {"name": "person", "value": "J"}}))
        replies.append(w.request(26, "resources/read", {"uri": uri}))
        w.close()
    assert find_leaks(bytes(w.raw)) == []
    by_id = {r["id"]: r for r in replies}
    profile = by_id[10]["result"]
    assert profile["structuredContent"]["owner"].startswith("[PERSON_")
    assert profile["_meta"]["redctx/receipt"]["counts_by_category"]["PERSON"] >= 3
    media = by_id[11]["result"]["content"]
    assert [b["type"] for b in media].count("image") == 0
    assert sum("binary" in b.get("text", "") for b in media) == 3
    assert any(b["type"] == "resource_link" and b["name"].startswith("[CLIENT_") for b in media)
    err = by_id[20]["error"]
    assert err["code"] == -32001 and "[EMAIL_" in err["message"] and "[PERSON_" in err["data"]["who"]
    assert by_id[12]["result"]["isError"] is True
    assert by_id[24]["result"]["messages"][0]["content"]["text"].endswith(
        by_id[23]["result"]["prompts"][0]["description"].split()[-1])
    assert all(v.startswith("[PERSON_") for v in by_id[25]["result"]["completion"]["values"])
    if client_modern:
        assert tools["resultType"] == "complete" and tools["cacheScope"] == "public"
        assert by_id[26]["result"]["cacheScope"] == "private"
    else:
        assert "resultType" not in tools
    names = [t["name"] for t in tools["tools"]]
    assert "echo" in names and not any("acme" in n for n in names)


@invariant("PROXY-4")
@pytest.mark.parametrize("tool,reason,flags", [
    ("crash", "Upstream server exited.", ()),
    ("hang", "Upstream server did not answer in time.", ("--upstream-timeout", "1")),
    ("garbage", "Upstream server wrote a line that is not JSON-RPC.", ()),
    ("huge", "Upstream server sent a message over the size limit.", ("--max-message-bytes", "100000")),
])
def test_a_broken_upstream_gives_a_fixed_error_and_is_restarted_on_the_next_request(setup, tool, reason, flags):
    pidfile = setup[0] / "pids"
    with _start(setup, *flags, pidfile=pidfile) as w:
        w.initialize()
        bad = w.call(1, tool)
        assert bad["error"] == {"code": -32603, "message": reason}
        good = w.call(2, "echo", {"text": "again"})
        assert good["result"]["content"][0]["text"] == json.dumps({"text": "again"})
        _, err = w.close()
    assert f"redctx proxy: upstream stopped: {reason} It restarts on the next request.".encode() in err
    started = pids(pidfile)
    assert len(started) == 2 and all(wait_gone(p) for p in started)
    assert find_leaks(bytes(w.raw)) == []


@invariant("PROXY-4")
def test_restarts_are_bounded_to_three_a_minute(setup):
    with _start(setup) as w:
        w.initialize()
        for i in range(4):
            assert w.call(i, "crash")["error"]["message"] == "Upstream server exited."
        refused = w.call(9, "echo", {"text": "x"})
        assert refused["error"] == {"code": -32603,
                                    "message": "Upstream server restarted too often; retry in a minute."}


@invariant("PROXY-4")
def test_upstream_stderr_is_counted_not_relayed(setup):
    with _start(setup) as w:
        w.initialize()
        w.call(1, "stderr")
        _, err = w.close()
    assert find_leaks(err) == []
    assert b"the upstream wrote 2 line(s) on stderr" in err


@invariant("PROXY-4")
def test_upstream_stderr_can_be_shown_redacted(setup):
    with _start(setup, "--upstream-stderr", "redacted") as w:
        w.initialize()
        w.call(1, "stderr")
        time.sleep(0.5)
        _, err = w.close()
    assert find_leaks(err) == []
    assert b"redctx proxy: upstream: error: [PERSON_" in err
    assert b"\x1b" not in err and b"\\x1b[31mred" in err


@invariant("PROXY-5")
def test_closing_the_client_stdin_stops_the_upstream(setup):
    pidfile = setup[0] / "pids"
    with _start(setup, pidfile=pidfile) as w:
        w.initialize()
        (pid,) = pids(pidfile)
        assert alive(pid)
        code, _ = w.close()
    assert code == 0 and wait_gone(pid)


@invariant("PROXY-5")
def test_sigterm_stops_the_proxy_and_its_upstream(setup):
    pidfile = setup[0] / "pids"
    with _start(setup, pidfile=pidfile) as w:
        w.initialize()
        (pid,) = pids(pidfile)
        w.proc.send_signal(signal.SIGTERM)
        w.proc.wait(20)
    assert wait_gone(pid)


@invariant("PROXY-4")
def test_a_cancelled_request_gets_no_answer_and_the_cancellation_reaches_the_upstream(setup):
    log = setup[0] / "up.log"
    with _start(setup, log=log) as w:
        w.initialize()
        w.send({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "slow", "arguments": {}}})
        time.sleep(0.3)
        w.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 5}})
        assert w.call(6, "echo", {"text": "after"}, timeout=30)["result"]
        time.sleep(2.5)
        w.close()
    assert all(m.get("id") != 5 for m in w.seen)
    cancelled = [json.loads(x) for x in log.read_text().splitlines() if "cancelled" in x]
    assert len(cancelled) == 1 and isinstance(cancelled[0]["cancelled"], int)  # under the upstream's own id


@invariant("PROXY-3")
def test_an_unknown_placeholder_is_refused_and_never_forwarded(setup):
    log = setup[0] / "up.log"
    with _start(setup, log=log) as w:
        w.initialize()
        res = w.call(1, "echo", {"text": "find [PERSON_0123456789abcdef0123456789abcdef]"})["result"]
        assert res["isError"] is True
        assert res["content"][0]["text"].startswith("Unknown placeholder or path id in the arguments")
        read = w.request(2, "resources/read", {"uri": "file:///[CLIENT_0123456789abcdef0123456789abcdef]"})
        assert read["error"]["code"] == -32602
    assert not log.exists()


@invariant("PROXY-3")
def test_no_rehydrate_forwards_arguments_as_typed(setup):
    log = setup[0] / "up.log"
    typed = "find [PERSON_0123456789abcdef0123456789abcdef]"
    with _start(setup, "--no-rehydrate", log=log) as w:
        w.initialize()
        assert w.call(1, "echo", {"text": typed})["result"].get("isError") is not True
    assert json.loads(log.read_text().splitlines()[0]) == {"text": typed}


def test_a_tool_name_that_redaction_changes_is_shown_as_an_alias_that_still_calls_it(setup):
    log = setup[0] / "up.log"
    with _start(setup, log=log) as w:
        w.initialize()
        names = [t["name"] for t in w.request(1, "tools/list")["result"]["tools"]]
        (alias,) = [n for n in names if re.fullmatch(r"tool_[0-9a-f]{12}", n)]
        assert w.call(2, alias, {"text": "hi"})["result"]["content"][0]["text"] == json.dumps({"text": "hi"})
        assert w.call(3, "no_such_tool")["error"]["code"] == -32602


@invariant("PROXY-1")
def test_a_result_whose_redaction_breaks_the_output_schema_drops_that_schema_from_tools_list(setup):
    with _start(setup) as w:
        w.initialize()
        before = {t["name"]: t for t in w.request(1, "tools/list")["result"]["tools"]}
        assert "outputSchema" in before["contact"] and "outputSchema" in before["profile"]
        res = w.call(2, "contact")["result"]
        assert "structuredContent" not in res and "[EMAIL_" in res["content"][0]["text"]
        after = {t["name"]: t for t in w.request(3, "tools/list")["result"]["tools"]}
        assert "outputSchema" not in after["contact"] and "outputSchema" in after["profile"]


@invariant("PROXY-2")
def test_allow_binary_forwards_images_as_they_are(setup):
    with _start(setup, "--allow-binary") as w:
        w.initialize()
        blocks = w.call(1, "media")["result"]["content"]
    assert [b["type"] for b in blocks].count("image") == 1
    assert any(b.get("resource", {}).get("blob") for b in blocks)


@invariant("PROXY-1")
@pytest.mark.parametrize("upstream_era", ["legacy", "modern"])
def test_upstream_log_and_progress_notifications_reach_a_legacy_client_redacted(setup, upstream_era):
    with _start(setup, era=upstream_era) as w:
        w.initialize()
        w.request(1, "tools/call", {"name": "chatty", "arguments": {}, "_meta": {"progressToken": "tok-1"}})
        w.close()
    logs = [m for m in w.seen if m.get("method") == "notifications/message"]
    assert len(logs) == 1 and logs[0]["params"]["data"]["msg"].startswith("working for [PERSON_")
    assert logs[0]["params"]["logger"].startswith("[CLIENT_")
    (progress,) = [m for m in w.seen if m.get("method") == "notifications/progress"]
    assert progress["params"]["progressToken"] == "tok-1"
    assert progress["params"]["message"].startswith("half done for [CLIENT_")
    assert find_leaks(bytes(w.raw)) == []


@invariant("PROXY-6")
def test_a_broken_config_blocks_every_forwarded_request_until_repaired(setup):
    tmp, config, _ = setup
    good = config.read_text()
    with _start(setup) as w:
        w.initialize()
        assert "result" in w.call(1, "profile")
        config.write_text(good + "\n[redaction\n")
        blocked = w.call(2, "profile")
        assert blocked["error"]["code"] == -32603 and "blocked" in blocked["error"]["message"].lower()
        config.write_text(good + "\n# repaired\n")
        assert w.call(3, "profile")["result"]["structuredContent"]["owner"].startswith("[PERSON_")
        w.close()
    assert find_leaks(bytes(w.raw)) == []


def test_an_upstream_that_greets_on_stdout_fails_to_start_with_a_fixed_message(setup):
    tmp, config, env = setup
    argv = proxy_argv(config, upstream=[sys.executable, str(FAKE), "--banner"])
    proc = subprocess.run(argv, input=b"", capture_output=True, cwd=REPO, env=env, timeout=60)
    assert proc.returncode == 1 and proc.stdout == b""
    assert b"cannot start the upstream: Upstream server could not be started." in proc.stderr


def test_a_missing_upstream_command_is_a_usage_error(setup):
    tmp, config, env = setup
    proc = subprocess.run([sys.executable, "-m", "redacted_context_mcp.cli", "proxy", "--config", str(config)],
                          input=b"", capture_output=True, cwd=REPO, env=env, timeout=60)
    assert proc.returncode == 2 and b"give the upstream command after --" in proc.stderr


def test_redctx_mcp_proxy_runs_the_same_proxy(setup):
    tmp, config, env = setup
    argv = [sys.executable, "-m", "redacted_context_mcp", "--proxy", "--config", str(config), "--",
            sys.executable, str(FAKE)]
    with Wire(argv, env) as w:
        w.initialize()
        assert w.call(1, "profile")["result"]["structuredContent"]["owner"].startswith("[PERSON_")


def test_doctor_warns_when_the_config_sits_inside_a_folder_the_upstream_serves(setup):
    tmp, config, env = setup
    served = [sys.executable, str(FAKE), str(tmp)]
    doctor = subprocess.run([*proxy_argv(config, "--doctor", upstream=served)], capture_output=True,
                            cwd=REPO, env=env, timeout=60)
    assert doctor.returncode == 1
    assert b"warning: the redaction config sits inside a folder the upstream serves (argument 2)" in doctor.stdout
    outside = subprocess.run([*proxy_argv(config, "--doctor", upstream=[sys.executable, str(FAKE), str(REPO)])],
                             capture_output=True, cwd=REPO, env=env, timeout=60)
    assert outside.returncode == 0 and b"no protected file" in outside.stdout
    with Wire(proxy_argv(config, upstream=served), env) as w:
        w.initialize()
        _, err = w.close()
    assert b"warning: the redaction config sits inside a folder the upstream serves" in err
    assert os.fspath(tmp).encode() not in err


@invariant("PROXY-3")
@pytest.mark.parametrize("upstream_era", ["legacy", "modern"])
def test_placeholders_from_earlier_output_reach_the_upstream_as_the_raw_values(setup, upstream_era):
    log = setup[0] / "up.log"
    with _start(setup, era=upstream_era, log=log) as w:
        w.initialize()
        owner = w.call(1, "profile")["result"]["structuredContent"]["owner"]
        echoed = w.call(2, "echo", {"text": f"find {owner}", owner: [owner]})["result"]
        assert echoed.get("isError") is not True and owner in echoed["content"][0]["text"]
        uri = w.request(3, "resources/list")["result"]["resources"][0]["uri"]
        read = w.request(4, "resources/read", {"uri": uri})["result"]
        assert read["contents"][0]["uri"] == uri and "[PERSON_" in read["contents"][0]["text"]
        w.request(5, "prompts/get", {"name": "brief", "arguments": {"person": owner}})
        w.close()
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert lines == [
        {"text": "find John Smith", "John Smith": ["John Smith"]},
        {"uri": "file:///clients/acme-lantern/notes.md"},
        {"prompt": {"person": "John Smith"}},
    ]
    assert find_leaks(bytes(w.raw)) == []


@invariant("PROXY-1")
def test_a_2024_11_05_client_gets_no_structured_content_or_output_schemas(setup):
    with _start(setup, era="modern") as w:
        assert w.request("init", "initialize", {"protocolVersion": "2024-11-05", "capabilities": {},
                                                "clientInfo": {"name": "t", "version": "1"}}
                         )["result"]["protocolVersion"] == "2024-11-05"
        tools = w.request(1, "tools/list")["result"]["tools"]
        profile = w.call(2, "profile")["result"]
        w.close()
    assert all("outputSchema" not in t and "annotations" not in t for t in tools)
    assert "structuredContent" not in profile and "[PERSON_" in profile["content"][0]["text"]
    assert find_leaks(bytes(w.raw)) == []


def test_the_proxy_client_examples_parse_and_wrap_an_upstream_after_a_double_dash():
    import tomllib

    claude = json.loads((REPO / "examples" / "proxy-claude-code.mcp.json").read_text())
    codex = tomllib.loads((REPO / "examples" / "proxy-codex-config.toml").read_text())
    for entry in (claude["mcpServers"]["filesystem_redacted"], codex["mcp_servers"]["filesystem_redacted"]):
        args = entry["args"]
        assert entry["command"] == "redctx" and args[0] == "proxy" and "--config" in args
        upstream = args[args.index("--") + 1:]
        assert upstream[:2] == ["npx", "-y"] and not upstream[-1].startswith(os.path.dirname(args[2]))


def test_a_request_of_the_upstreams_own_is_refused_and_never_reaches_the_client(setup):
    with _start(setup) as w:
        w.initialize()
        assert w.call(1, "ask")["result"]["content"][0]["text"] == "asked the client: -32601"
        w.close()
    assert not any(m.get("method") == "roots/list" for m in w.seen)


@pytest.mark.parametrize("path", ["/srv/vpn/auth.txt", "C:\\vpn\\office.auth", "file:///home/me/creds.txt"])
def test_a_file_read_by_a_credential_name_through_the_proxy_is_read_as_the_service_reads_it(setup, path):
    with _start(setup) as w:
        w.initialize()
        named = w.call(1, "cat", {"path": path})["result"]["content"][0]["text"]
        other = w.call(2, "cat", {"path": "/srv/notes.txt"})["result"]["content"][0]["text"]
    assert "Proxy-Vpn-Pw-71" not in named and "[SECRET_" in named
    assert "Proxy-Vpn-Pw-71" in other  # the same bare lines under another name are the content rules' alone
