"""Canary sweep over MCP: no raw value of the fixture corpus reaches any reply byte.

Every MCP tool in ``tools.TOOLS`` is driven over a copy of ``fixtures/corpus``
through the real stdio server in the legacy ``initialize`` era (two versions)
and the stateless 2026-07-28 era, one process per era. Plans cover success
paths, error paths and hostile arguments (raw file names as paths, canaries as
queries, ``..``, NUL, unknown ``@p_`` ids, unsafe regexes, wrong types, huge
numbers) plus every resource. Every reply line and the server's stderr are
scanned with :func:`tests.sweep_helpers.find_leaks`. A tool added later
without a plan fails :func:`test_every_tool_has_an_argument_plan`. The CLI
half of the sweep is ``tests/test_canary_sweep_cli.py``.

``tests/test_fixtures_corpus.py`` proves that every canary occurs in the
corpus, so a clean sweep is not vacuous; the non-vacuity test here proves the
sweep really read redacted content.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant
from tests.sweep_helpers import LeakReport, WireClient, id_key, initialize, tool_text
from tests.sweep_plans import (
    ERAS,
    GITHUB_ERROR_ALIASES,
    HOSTILE_PATHS,
    PLACEHOLDER_RE,
    REF_RE,
    UNSAFE_REGEXES,
    WRONG_TYPES,
    Corpus,
    canary_values,
    era_request,
    make_corpus,
    parse_listing,
    sample_canaries,
)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return make_corpus(tmp_path_factory)


# --------------------------------------------------------------- tool plans
Plan = Callable[[Corpus], list[dict]]


def _paths(c: Corpus) -> list[str]:
    return c.file_refs + c.dir_refs + [p for _, p in c.files + c.dirs]


TOOL_PLANS: dict[str, Plan] = {
    "redctx_tree": lambda c: [
        {},
        {"path": "."},
        {"max_depth": 0},
        {"max_depth": 100},
        *({"path": r} for r in c.dir_refs + c.file_refs[:3]),
        *({"path": p} for _, p in c.dirs),
    ],
    "redctx_list": lambda c: [
        {},
        {"recursive": True},
        {"recursive": True, "max_depth": 1},
        {"recursive": True, "max_depth": 0},
        {"path": ".", "recursive": False, "max_depth": 5},
        *({"path": r} for r in c.dir_refs + c.file_refs[:3]),
        *({"path": p, "recursive": True} for _, p in c.dirs),
    ],
    "redctx_stat": lambda c: [{"path": p} for p in _paths(c)],
    "redctx_read": lambda c: [
        *({"path": r} for r in c.file_refs),
        *({"path": p} for _, p in c.files),
        *({"path": r, "line_numbers": True, "start_line": 2, "end_line": 4} for r in c.file_refs),
        *({"path": r, "max_chars": 7} for r in c.file_refs),
        {"path": c.file_refs[0], "start_line": 100000},
        {"path": c.file_refs[0], "start_line": 5, "end_line": 2},
        {"path": c.file_refs[0], "end_line": 10**9},
        *({"path": r} for r in c.dir_refs[:2]),
    ],
    "redctx_search": lambda c: [
        *({"query": v} for v in canary_values()),
        *({"query": q, "regex": True} for q in UNSAFE_REGEXES),
        *({"query": q, "regex": True, "ignore_case": False, "context": 3} for q in UNSAFE_REGEXES[-8:]),
        {"query": "555", "context": 5},
        {"query": "@", "context": 2, "max_results": 1000},
        {"query": "key", "glob": ["*.md"], "context": 40},
        {"query": "[PERSON_", "paths": c.dir_refs},
        {"query": "e", "paths": c.file_refs, "max_results": 100000},
        {"query": "a", "glob": ["*.pem", ".env*", "*.bak", "*.toml", "*.txt"]},
        {"query": "=", "paths": [".env", "keys", "archive-private", "private-terms.txt"]},
    ],
    "redctx_retrieve": lambda c: [
        *({"query": v} for v in canary_values()),
        {"query": " ".join(canary_values())[:1999]},
        {"query": "contract scope migration reporting"},
        {"query": "phone email client signed", "paths": c.dir_refs, "max_results": 50},
        {"query": "secret token key password", "max_chars": 100000},
        {"query": "the a of and"},
        {"query": "x" * 3000},
        {"query": "contract", "max_results": 0},
        {"query": "contract", "max_results": 51},
        {"query": "contract", "max_chars": 10},
        {"query": "contract", "max_chars": 256},
        {"query": "key", "glob": ["*.pem", ".env*"]},
    ],
    "redctx_bundle": lambda c: [
        {},
        {"paths": c.file_refs},
        {"paths": c.dir_refs},
        {"paths": [p for _, p in c.files]},
        {"glob": ["*.md", "*.txt", "*.csv"]},
        {"glob": ["*.pem", ".env*", "*.toml", "*.bak"]},
        {"max_files": 1},
        {"max_total_chars": 1},
        {"max_chars_per_file": 1},
        {"max_chars_per_file": 33},
    ],
    "redctx_refresh_index": lambda c: [{}],
    "redctx_doctor": lambda c: [{}],
    "redctx_audit": lambda c: [{}, {"format": "text"}, {"format": "json"}, {"format": "xml"}],
    "redctx_github_repos": lambda c: [{}],
    "redctx_github_list_issues": lambda c: [
        {"state": "all"},
        {},
        {"state": "closed", "labels": ["client"]},
        {"repo_alias": "bulk", "state": "all", "limit": 150},
        {"repo_alias": "echo", "state": "all"},
        *({"repo_alias": a} for a in GITHUB_ERROR_ALIASES),
        {"state": "merged"},
        {"labels": ["a,b"]},
        {"labels": [f"l{i}" for i in range(200)]},
        {"labels": canary_values()[:50]},
        {"limit": 0},
    ],
    "redctx_github_search_issues": lambda c: [
        {"query": "contract", "state": "all"},
        *({"query": v, "state": "all"} for v in canary_values()),
        {"query": "x" * 2001},
        {"query": "bad:syntax( John Smith"},
        {"query": "Echo", "repo_alias": "echo"},
        *({"query": "x", "repo_alias": a} for a in GITHUB_ERROR_ALIASES),
        {"query": "x", "state": "merged"},
    ],
    "redctx_github_read_issue": lambda c: [
        {"number": 1, "comments": True},
        *({"number": n, "comments": True} for n in range(2, 11)),
        {"number": 1, "comments": True, "max_comments": 1, "max_body_chars": 5},
        {"number": 2, "repo_alias": "echo", "comments": True},
        *({"number": 1, "repo_alias": a} for a in GITHUB_ERROR_ALIASES),
        {"number": 0},
        {"number": 10**12},
    ],
}


def _generic_args(spec: Any, base: dict, c: Corpus) -> list[dict]:
    """Schema-driven hostile arguments for one tool: raw paths, canaries, wrong types, huge numbers."""
    props: dict = spec.input_schema.get("properties", {})
    raw_values = list(HOSTILE_PATHS) + c.raw_paths + [p.upper() for p in c.raw_paths] + sample_canaries()
    out: list[dict] = [{**base, "bogus_argument": 1}, {**base, "": None}]
    for name, prop in props.items():
        kind = prop.get("type")
        for bad in WRONG_TYPES.get(kind, ()):
            out.append({**base, name: bad})
        if kind == "string":
            out.extend({**base, name: v} for v in raw_values)
        elif kind == "array":
            out.extend({**base, name: [v]} for v in raw_values)
            out.append({**base, name: canary_values()})
            out.append({**base, name: list(HOSTILE_PATHS)})
        elif kind == "integer":
            out.extend({**base, name: v} for v in (-1, 0, 1, 10**9))
    return out


#: Tools that call the (fake) GitHub API: swept in small batches after the rest.
NETWORK_TOOLS = frozenset({"redctx_github_list_issues", "redctx_github_search_issues", "redctx_github_read_issue"})

#: Unknown argument *names* made of raw values: a rejected name must not be echoed (OUT-2).
ECHO_NAMES = ("John Smith", "clients/Acme Lantern/john_smith_contract.md", "AKIAQ3FAKE7EXAMPLE12")


# ------------------------------------------------------------- MCP sweep
@dataclass
class Sent:
    label: str
    msg: dict
    kind: str = "sweep"  # "sweep" | "echo" | "resource-read" | "probe"


@dataclass
class EraSweep:
    era: str
    sent: dict[str, Sent]
    replies: dict[str, list[dict]]
    raw_lines: list[bytes]
    bad_lines: list[bytes]
    stderr: bytes
    status: int
    resource_uris: list[str]
    audit_log: bytes = b""


def _run_era(era: str, corpus: Corpus) -> EraSweep:
    log = corpus.root.parent / f"audit-{era}.jsonl"  # outside the root, as the server requires
    client = WireClient(corpus.root, corpus.env, "--audit-log", str(log))
    sent: dict[str, Sent] = {}
    counter = iter(range(1, 10**9))

    def add(method: str, params: dict | None, label: str, kind: str = "sweep") -> Any:
        rid = next(counter) if len(sent) % 2 else f"s-{len(sent)}"
        msg = era_request(era, rid, method, params)
        sent[id_key(rid)] = Sent(f"[{era}] {label}", msg, kind)
        client.send(msg)
        return rid

    try:
        if era.startswith("legacy"):
            init = initialize("init", era.split("-", 1)[1])
            sent[id_key("init")] = Sent(f"[{era}] initialize", init, "probe")
            client.send(init)
            client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        # Phase one: learn refs and resource uris.
        rid = add("tools/call", {"name": "redctx_list", "arguments": {"recursive": True}}, "list -r")
        parse_listing(tool_text(client.wait_for([rid])[id_key(rid)]), corpus)
        assert corpus.files and corpus.dirs, "phase one listed nothing"
        uris: list[str] = []
        cursor: Any = None
        for _ in range(100):
            params = {} if cursor is None else {"cursor": cursor}
            rid = add("resources/list", params, f"resources/list cursor={cursor!r}")
            page = client.wait_for([rid])[id_key(rid)]["result"]
            uris += [r["uri"] for r in page["resources"]]
            cursor = page.get("nextCursor")
            if cursor is None:
                break
        # Phase two: everything else, sent at once, read back by id.
        add("tools/list", {}, "tools/list")
        add("resources/templates/list", {}, "resources/templates/list")
        for cur in ("", "0", "999999", "-1", "abc", 5, None, ["1"]):
            add("resources/list", {"cursor": cur}, f"resources/list cursor={cur!r}")
        for uri in uris:
            add("resources/read", {"uri": uri}, f"resources/read {uri}", "resource-read")
        bad_uris = [
            "redctx://p_000000000000",
            "redctx://p_zz",
            "redctx://John Smith",
            "redctx://clients/Acme Lantern/john_smith_contract.md",
            "redctx://.env",
            "redctx://../.env",
            "file:///etc/passwd",
            "file://" + str(corpus.root / ".env"),
            "",
            "redctx://" + corpus.dir_refs[0][1:],
            "redctx://" + corpus.file_refs[0][1:] + "/..",
        ]
        for uri in bad_uris:
            add("resources/read", {"uri": uri}, f"resources/read {uri!r}")
        for uri in (5, None, ["redctx://p_000000000000"], {"uri": "x"}):
            add("resources/read", {"uri": uri}, f"resources/read uri={uri!r}")
        for name, arguments in (("redctx_read", "x"), ("redctx_read", []), (5, {}), ("no_such_tool", {})):
            add("tools/call", {"name": name, "arguments": arguments}, f"tools/call {name!r} {arguments!r}")
        def add_tool(spec: Any) -> Iterator[Any]:
            """Send the tool's requests one at a time as the caller iterates; yields each id."""
            plan = TOOL_PLANS[spec.name](corpus)
            for args in plan + _generic_args(spec, plan[0], corpus):
                label = f"tools/call {spec.name} {json.dumps(args, default=str)[:300]}"
                yield add("tools/call", {"name": spec.name, "arguments": args}, label)
            for name in ECHO_NAMES:
                args = {**plan[0], name: 1}
                yield add(
                    "tools/call",
                    {"name": spec.name, "arguments": args},
                    f"tools/call {spec.name} {args}",
                    "echo",
                )

        for spec in TOOLS:
            if spec.name not in NETWORK_TOOLS:
                list(add_tool(spec))
        client.wait_for([s.msg["id"] for s in sent.values()], timeout=120)
        # Phase three: the tools that call the fake GitHub, a few requests at a time, so they
        # really run instead of mostly meeting the busy queue.
        for spec in TOOLS:
            if spec.name in NETWORK_TOOLS:
                pending: list[Any] = []
                for rid in add_tool(spec):
                    pending.append(rid)
                    if len(pending) == 4:
                        client.wait_for(pending, timeout=120)
                        pending = []
                client.wait_for(pending, timeout=120)
        status = client.close()
    finally:
        client.kill()
    return EraSweep(
        era, sent, client.replies, client.raw_lines, client.bad_lines, client.stderr, status, uris,
        log.read_bytes(),
    )


@pytest.fixture(scope="module")
def sweeps(corpus: Corpus) -> dict[str, EraSweep]:
    return {era: _run_era(era, corpus) for era in ERAS}


def _scrub_echoed_uri(reply: dict, sent: Sent) -> dict:
    """``error.data.uri`` echoes the client's own uri by specification (mcp-wire.md section 5)."""
    err = reply.get("error")
    data = err.get("data") if isinstance(err, dict) else None
    if isinstance(data, dict) and data.get("uri") == sent.msg.get("params", {}).get("uri"):
        reply = json.loads(json.dumps(reply))
        reply["error"]["data"]["uri"] = "<echoed request uri>"
    return reply


def test_every_tool_has_an_argument_plan():
    missing = [t.name for t in TOOLS if t.name not in TOOL_PLANS]
    assert not missing, f"add canary-sweep plans for: {missing}"
    assert not set(TOOL_PLANS) - {t.name for t in TOOLS}, "plans for tools that no longer exist"


@invariant("OUT-1")
@pytest.mark.parametrize("era", ERAS)
def test_no_canary_reaches_any_mcp_reply_or_server_log(sweeps, era):
    sweep = sweeps[era]
    report = LeakReport()
    for key, sent in sweep.sent.items():
        if sent.kind == "echo":
            continue
        for reply in sweep.replies.get(key, []):
            report.check(sent.label, json.dumps(_scrub_echoed_uri(reply, sent), ensure_ascii=False))
    report.check(f"[{era}] server stderr", sweep.stderr)
    assert not report, report.message()


@invariant("OUT-1", "OUT-2")
@pytest.mark.parametrize("era", ERAS)
def test_unknown_argument_names_made_of_raw_values_are_not_echoed(sweeps, era):
    sweep = sweeps[era]
    report = LeakReport()
    for key, sent in sweep.sent.items():
        if sent.kind == "echo":
            for reply in sweep.replies.get(key, []):
                assert reply["result"]["isError"] is True, sent.label
                report.check(sent.label, json.dumps(reply, ensure_ascii=False))
    assert not report, report.message()


@invariant("PROTO-2")
@pytest.mark.parametrize("era", ERAS)
def test_every_sweep_request_gets_exactly_one_json_line_and_the_server_exits_cleanly(sweeps, era):
    sweep = sweeps[era]
    assert sweep.status == 0
    assert sweep.bad_lines == []
    unanswered = [s.label for k, s in sweep.sent.items() if len(sweep.replies.get(k, [])) != 1]
    assert not unanswered, unanswered[:20]
    stray = set(sweep.replies) - set(sweep.sent)
    assert not stray, f"replies to ids never sent: {sorted(stray)[:10]}"
    assert b"Traceback" not in sweep.stderr
    internal = [
        s.label
        for k, s in sweep.sent.items()
        if sweep.replies[k][0].get("error", {}).get("code") == -32603
        or "Tool execution failed." in tool_text(sweep.replies[k][0])
    ]
    assert not internal, f"internal errors (crashes) for: {internal[:20]}"


@pytest.mark.parametrize("era", ERAS)
def test_the_sweep_reads_real_redacted_content(sweeps, era):
    sweep = sweeps[era]
    texts = [
        tool_text(sweep.replies[k][0])
        for k, s in sweep.sent.items()
        if s.msg["method"] == "tools/call" and not sweep.replies[k][0].get("result", {}).get("isError")
    ]
    assert any(PLACEHOLDER_RE.search(t) for t in texts)
    assert any(REF_RE.search(t) for t in texts)
    assert len(sweep.resource_uris) >= 5
    reads = [(s, sweep.replies[k][0]) for k, s in sweep.sent.items() if s.kind == "resource-read"]
    assert len(reads) == len(sweep.resource_uris)
    for s, reply in reads:
        contents = reply.get("result", {}).get("contents")
        assert contents and contents[0].get("text"), s.label
    assert any(PLACEHOLDER_RE.search(r["result"]["contents"][0]["text"]) for _, r in reads)


@invariant("OUT-1", "AUDIT-1", "AUDIT-5")
@pytest.mark.parametrize("era", ERAS)
def test_no_canary_reaches_the_audit_log_and_every_request_has_one_entry(sweeps, era):
    sweep = sweeps[era]
    report = LeakReport()
    report.check(f"[{era}] audit log", sweep.audit_log)
    assert not report, report.message()
    entries = [json.loads(x) for x in sweep.audit_log.splitlines() if b'"header"' not in x]
    requests = [e for e in entries if e["kind"] == "request"]
    assert len(requests) == len(sweep.sent)
    assert sum(1 for e in requests if e["outcome"] == "ok" and e["counts"]) > 10  # real redacted reads


@invariant("GH-2")
@pytest.mark.parametrize("era", ERAS)
def test_the_sweep_reads_real_redacted_github_issues(sweeps, era):
    sweep = sweeps[era]
    texts = {
        tool_text(sweep.replies[k][0])
        for k, s in sweep.sent.items()
        if s.msg["method"] == "tools/call" and str(s.msg["params"].get("name", "")).startswith("redctx_github_")
        and not sweep.replies[k][0].get("result", {}).get("isError")
    }
    assert any("untrusted_title=" in t and PLACEHOLDER_RE.search(t) for t in texts)
    assert any("comment_untrusted_external:" in t and "author: user_" in t for t in texts)
    busy = [s.label for k, s in sweep.sent.items() if s.msg["method"] == "tools/call"
            and s.msg["params"].get("name") in NETWORK_TOOLS
            and tool_text(sweep.replies[k][0]).startswith("Server busy")]
    assert not busy, busy[:5]
