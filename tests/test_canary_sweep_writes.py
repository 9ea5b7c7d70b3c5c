"""Canary sweep of the write tool: ``redctx_submit_doc`` through the real server with writes enabled.

The server runs with ``--enable-writes --write-subdir incoming`` over a copy of
``fixtures/corpus`` in every era. Phase one learns ``@p_`` refs and real
placeholders (a bundle of the whole root); phase two sends the submit plan of
:func:`tests.sweep_plans.submit_plan` (successes, every refusal, canaries as
text and targets) plus the schema-driven hostile arguments of the MCP sweep.
No reply byte or stderr byte may hold a canary; every new file lies inside the
write subdirectory. (The read-only sweep, without writes, is
``tests/test_canary_sweep_mcp.py``; it proves the tool is absent there.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from redacted_context_mcp.tools import WRITE_TOOLS
from tests.invariants import invariant
from tests.sweep_helpers import LeakReport, WireClient, corpus_files, id_key, initialize, tool_text
from tests.sweep_plans import ERAS, PLACEHOLDER_RE, Corpus, era_request, make_corpus, parse_listing, submit_plan
from tests.test_canary_sweep_mcp import ECHO_NAMES, _generic_args

WRITE_FLAGS = ("--enable-writes", "--write-subdir", "incoming")


@dataclass
class WriteSweep:
    era: str
    sent: dict[str, tuple[str, dict]]
    replies: dict[str, list[dict]]
    stderr: bytes
    status: int
    before: set[str]
    after: set[str]
    tools: list[str]


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in corpus_files(root)}


def _run(era: str, corpus: Corpus) -> WriteSweep:
    (corpus.root / "incoming" / "sub").mkdir(parents=True)  # an existing directory target
    before = _files(corpus.root)
    client = WireClient(corpus.root, corpus.env, *WRITE_FLAGS)
    sent: dict[str, tuple[str, dict]] = {}
    n = iter(range(1, 10**9))

    def add(method: str, params: dict, label: str) -> int:
        rid = next(n)
        msg = era_request(era, rid, method, params)
        sent[id_key(rid)] = (f"[{era}] {label}", msg)
        client.send(msg)
        return rid

    try:
        if era.startswith("legacy"):
            client.send(initialize("init", era.split("-", 1)[1]))
            client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        rid = add("tools/call", {"name": "redctx_list", "arguments": {"recursive": True}}, "list -r")
        parse_listing(tool_text(client.wait_for([rid])[id_key(rid)]), corpus)
        rid = add("tools/call", {"name": "redctx_bundle", "arguments": {}}, "bundle")
        bundle = tool_text(client.wait_for([rid])[id_key(rid)])
        placeholders = list(dict.fromkeys(PLACEHOLDER_RE.findall(bundle)))
        assert len(placeholders) > 10, "phase one found no placeholders"
        rid = add("tools/list", {}, "tools/list")
        tools = [t["name"] for t in client.wait_for([rid])[id_key(rid)]["result"]["tools"]]
        (spec,) = WRITE_TOOLS
        plan = submit_plan(corpus, placeholders)
        for args in plan + _generic_args(spec, plan[0], corpus):
            add("tools/call", {"name": spec.name, "arguments": args},
                f"submit {json.dumps(args, default=str)[:200]}")
        for name in ECHO_NAMES:
            add("tools/call", {"name": spec.name, "arguments": {**plan[0], name: 1}}, f"submit echo {name}")
        client.wait_for([m["id"] for _, m in sent.values()], timeout=300)
        status = client.close()
    finally:
        client.kill()
    return WriteSweep(era, sent, client.replies, client.stderr, status, before, _files(corpus.root), tools)


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, WriteSweep]:
    return {era: _run(era, make_corpus(tmp_path_factory)) for era in ERAS}


@invariant("OUT-1", "WRITE-6")
@pytest.mark.parametrize("era", ERAS)
def test_no_canary_reaches_any_submit_reply_or_the_server_log(sweeps, era):
    sweep = sweeps[era]
    report = LeakReport()
    for key, (label, _) in sweep.sent.items():
        for reply in sweep.replies.get(key, []):
            report.check(label, json.dumps(reply, ensure_ascii=False))
    report.check(f"[{era}] server stderr", sweep.stderr)
    assert not report, report.message()


@invariant("WRITE-3")
@pytest.mark.parametrize("era", ERAS)
def test_every_new_file_lies_inside_the_write_subdirectory(sweeps, era):
    sweep = sweeps[era]
    new = sweep.after - sweep.before
    assert new, "no submit succeeded"
    assert all(p.startswith("incoming/") for p in new), sorted(p for p in new if not p.startswith("incoming/"))
    assert not [p for p in new if ".redctx-write-" in p]
    changed = [p for p in sweep.before if not p.startswith("incoming/") and p not in sweep.after]
    assert not changed


@pytest.mark.parametrize("era", ERAS)
def test_every_submit_is_answered_once_without_a_crash_and_some_succeed(sweeps, era):
    sweep = sweeps[era]
    assert sweep.status == 0
    assert "redctx_submit_doc" in sweep.tools
    texts = []
    for key, (label, _) in sweep.sent.items():
        replies = sweep.replies.get(key, [])
        assert len(replies) == 1, label
        text = tool_text(replies[0])
        assert "Tool execution failed." not in text, label
        assert replies[0].get("error", {}).get("code") != -32603, label
        texts.append(text)
    assert b"Traceback" not in sweep.stderr
    assert sum(t.startswith("Wrote rehydrated document.") for t in texts) >= 5
    for message in ("Write target is protected.", "target_path must stay inside the write subdirectory.",
                    "Target already exists. Pass overwrite=true to replace it.",
                    "Target already exists as a directory.", "Unresolved redaction token(s) in text:",
                    "Rehydrated document would not redact consistently on read-back."):
        assert any(t.startswith(message) for t in texts), message
