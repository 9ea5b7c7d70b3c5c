"""Canary sweep: no raw value of the fixture corpus reaches any output byte.

Every MCP tool in ``tools.TOOLS`` and every ``redctx`` subcommand of the CLI
parser is driven over a copy of ``fixtures/corpus`` through the real
processes: the stdio server in the legacy ``initialize`` era (two versions)
and the stateless 2026-07-28 era, one process per era, and one CLI process
per command. Plans cover success paths, error paths and hostile arguments
(raw file names as paths, canaries as queries, ``..``, NUL, unknown ``@p_``
ids, unsafe regexes, wrong types, huge numbers). Every reply line, the
server's stderr and the CLI's stdout and stderr are scanned with
:func:`tests.sweep_helpers.find_leaks`. A tool or subcommand added later
without a plan fails :func:`test_every_tool_has_an_argument_plan` or
:func:`test_every_cli_subcommand_has_a_plan`.

``tests/test_fixtures_corpus.py`` proves that every canary occurs in the
corpus, so a clean sweep is not vacuous; the non-vacuity test here proves the
sweep really read redacted content.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from redacted_context_mcp import cli
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant
from tests.sweep_helpers import (
    REPO,
    LeakReport,
    WireClient,
    canaries,
    clean_env,
    copy_corpus,
    corpus_files,
    find_leaks,
    id_key,
    initialize,
    request,
    tool_text,
)

ERAS = ("legacy-2025-11-25", "legacy-2024-11-05", "modern")
PLACEHOLDER_RE = re.compile(r"\[[A-Z][A-Z_]*_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")
REF_RE = re.compile(r"@p_[0-9a-f]{12}")
# `redact --explain --show-values` prints the operator's own raw input on stderr by design.
SHOW_VALUES_STDOUT_ONLY = "show-values"

# ------------------------------------------------------------ value pools
HOSTILE_PATHS: tuple[str, ...] = (
    "",
    " ",
    ".",
    "..",
    "../",
    "../..",
    "../kb/.env",
    "notes/../../outside.md",
    "/",
    "/etc/passwd",
    "C:\\Windows\\win.ini",
    "\\\\server\\share\\x",
    "a\x00b",
    "notes\x00/call-notes-utf16.txt",
    "~",
    "$HOME/.ssh/id_rsa",
    "%2e%2e/%2e%2e/etc/passwd",
    "notes/\ud800",
    "@p_",
    "@p_000000000000",
    "@p_zzzzzzzzzzzz",
    "@p_" + "0" * 40,
    "p_000000000000",
    "@p_John Smith",
    "[CLIENT_00000000000000000000000000000000]",
    "a" * 5000,
    "x/" * 2000,
)
HUGE_INTEGERS: tuple[Any, ...] = (10**400, -(10**400), 2**63, 2**64 + 1, 1e308, -1e308)
WRONG_TYPES: dict[str, tuple[Any, ...]] = {
    "string": (123, None, True, ["x"], {"a": 1}, 1.5, 10**400),
    "integer": ("7", -1, 0, 1.5, True, None, [], {}, *HUGE_INTEGERS),
    "boolean": ("true", 1, 0, None, [], "false"),
    "array": ("x", [1], [None], [["x"]], {}, [10**400], [True]),
}
UNSAFE_REGEXES: tuple[str, ...] = (
    "(a+)+$",
    "(a|a)*b",
    "(.*a){20}",
    "([a-z]+)*@",
    "[",
    "(?P<x",
    "\\",
    "a{1000000000}",
    "(?<=a+)b",
    ".*",
    "(?s).*",
    "(?i)john.smith",
    "John Smith|Acme Lantern|AKIA[0-9A-Z]{16}",
    "sk_live_\\w+",
    "[0-9]{3}-[0-9]{4}",
    "@[a-z0-9.-]+\\.example",
    "x" * 3000,
)


def _canary_values() -> list[str]:
    return [c.value for c in canaries()]


def _sample_canaries() -> list[str]:
    """The first two canaries of every group."""
    seen: dict[str, int] = {}
    out = []
    for c in canaries():
        if seen.get(c.group, 0) < 2:
            seen[c.group] = seen.get(c.group, 0) + 1
            out.append(c.value)
    return out


# ------------------------------------------------------------- the corpus
@dataclass
class Corpus:
    """The corpus copy and what phase one learned about it (refs and redacted paths)."""

    root: Path
    env: dict[str, str]
    raw_paths: list[str] = field(default_factory=list)
    files: list[tuple[str, str]] = field(default_factory=list)  # (@p_ref, redacted path)
    dirs: list[tuple[str, str]] = field(default_factory=list)

    @property
    def file_refs(self) -> list[str]:
        return [r for r, _ in self.files]

    @property
    def dir_refs(self) -> list[str]:
        return [r for r, _ in self.dirs]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    base = tmp_path_factory.mktemp("sweep")
    root = copy_corpus(base / "kb")
    state = base / "state"
    state.mkdir()
    raw = sorted({p.relative_to(root).as_posix() for p in corpus_files(root)})
    raw += sorted({p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_dir()})
    return Corpus(root=root, env=clean_env(state), raw_paths=raw)


def _parse_listing(text: str, corpus: Corpus) -> None:
    corpus.files.clear()
    corpus.dirs.clear()
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 4 and REF_RE.fullmatch(parts[0]):
            (corpus.files if parts[1] == "file" else corpus.dirs).append((parts[0], parts[3]))


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
        *({"query": v} for v in _canary_values()),
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
        *({"query": v} for v in _canary_values()),
        {"query": " ".join(_canary_values())[:1999]},
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
}


def _generic_args(spec: Any, base: dict, c: Corpus) -> list[dict]:
    """Schema-driven hostile arguments for one tool: raw paths, canaries, wrong types, huge numbers."""
    props: dict = spec.input_schema.get("properties", {})
    raw_values = list(HOSTILE_PATHS) + c.raw_paths + [p.upper() for p in c.raw_paths] + _sample_canaries()
    out: list[dict] = [{**base, "bogus_argument": 1}, {**base, "": None}]
    for name, prop in props.items():
        kind = prop.get("type")
        for bad in WRONG_TYPES.get(kind, ()):
            out.append({**base, name: bad})
        if kind == "string":
            out.extend({**base, name: v} for v in raw_values)
        elif kind == "array":
            out.extend({**base, name: [v]} for v in raw_values)
            out.append({**base, name: _canary_values()})
            out.append({**base, name: list(HOSTILE_PATHS)})
        elif kind == "integer":
            out.extend({**base, name: v} for v in (-1, 0, 1, 10**9))
    return out


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


def _era_request(era: str, rid: Any, method: str, params: dict | None = None) -> dict:
    return request(rid, method, params, modern=era == "modern")


def _run_era(era: str, corpus: Corpus) -> EraSweep:
    client = WireClient(corpus.root, corpus.env)
    sent: dict[str, Sent] = {}
    counter = iter(range(1, 10**9))

    def add(method: str, params: dict | None, label: str, kind: str = "sweep") -> Any:
        rid = next(counter) if len(sent) % 2 else f"s-{len(sent)}"
        msg = _era_request(era, rid, method, params)
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
        _parse_listing(tool_text(client.wait_for([rid])[id_key(rid)]), corpus)
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
        for spec in TOOLS:
            plan = TOOL_PLANS[spec.name](corpus)
            for args in plan + _generic_args(spec, plan[0], corpus):
                label = f"tools/call {spec.name} {json.dumps(args, default=str)[:300]}"
                add("tools/call", {"name": spec.name, "arguments": args}, label)
            for name in ECHO_NAMES:
                args = {**plan[0], name: 1}
                add(
                    "tools/call",
                    {"name": spec.name, "arguments": args},
                    f"tools/call {spec.name} {args}",
                    "echo",
                )
        client.wait_for([s.msg["id"] for s in sent.values()], timeout=120)
        status = client.close()
    finally:
        client.kill()
    return EraSweep(
        era, sent, client.replies, client.raw_lines, client.bad_lines, client.stderr, status, uris
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


# --------------------------------------------------------------- CLI sweep
@dataclass(frozen=True)
class CliRun:
    argv: tuple[str, ...]
    stdin: bytes = b""
    skip_groups: tuple[str, ...] = ()
    note: str = ""


def _subcommands() -> dict[str, list[str]]:
    """Canonical subcommand name -> its aliases, read from the CLI's own parser."""
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    groups: dict[int, list[str]] = {}
    for name, sub in action.choices.items():
        groups.setdefault(id(sub), []).append(name)
    return {names[0]: names[1:] for names in groups.values()}


EXPLAIN_FILES = frozenset(
    {
        "ops/credentials-rotation.md",
        "clients/Acme Lantern/john_smith_contract.md",
        ".env",
        "keys/deploy_key.pem",
    }
)


def _redact_inputs(root: Path) -> list[CliRun]:
    """``redact`` fed with every corpus file (never-served ones skip the never_served group)."""
    runs = []
    for p in corpus_files(root):
        rel = p.relative_to(root).as_posix()
        never_served = (
            rel.endswith((".pem", ".toml")) or p.name.startswith(".env") or rel == "private-terms.txt"
        )
        skip = ("never_served",) if never_served else ()
        data = p.read_bytes()
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            runs.append(CliRun(("redact",), data.decode("utf-16").encode("utf-8"), skip, rel + " (decoded)"))
        runs.append(CliRun(("redact",), data, skip, rel))
        if rel in EXPLAIN_FILES:
            runs.append(CliRun(("redact", "--explain"), data, skip, rel))
            runs.append(CliRun(("redact", "--explain", "--show-values"), data, skip, SHOW_VALUES_STDOUT_ONLY))
    return runs


def _serve_input(era_modern: bool) -> bytes:
    rows = []
    if not era_modern:
        rows.append(initialize(0))
    for i, (name, args) in enumerate(
        [
            ("redctx_read", {"path": "clients/Acme Lantern/john_smith_contract.md"}),
            ("redctx_bundle", {}),
            ("redctx_search", {"query": "John Smith"}),
            ("redctx_audit", {"format": "json"}),
        ],
        start=1,
    ):
        rows.append(request(i, "tools/call", {"name": name, "arguments": args}, modern=era_modern))
    rows.append(request(9, "resources/list", {}, modern=era_modern))
    return b"".join(json.dumps(r).encode() + b"\n" for r in rows)


def _cli_plans(c: Corpus) -> dict[str, list[CliRun]]:
    raw_file = "clients/Acme Lantern/john_smith_contract.md"
    ref = c.file_refs[0] if c.file_refs else "@p_000000000000"
    reads = [CliRun(("read", p)) for p in c.raw_paths]
    return {
        "tree": [
            CliRun(("tree",)),
            CliRun(("tree", "clients")),
            CliRun(("tree", "..")),
            CliRun(("tree", "--max-depth", "-1")),
        ],
        "ls": [
            CliRun(("ls", "-r")),
            CliRun(("ls", "clients/Acme Lantern")),
            CliRun(("ls", "/etc")),
            CliRun(("--include-private", "ls", "-r")),
        ],
        "stat": [
            CliRun(("stat", raw_file)),
            CliRun(("stat", ".env")),
            CliRun(("stat", "@p_000000000000")),
            CliRun(("stat", ref)),
        ],
        "read": [
            *reads,
            CliRun(("read", "-n", "--start-line", "2", "--end-line", "5", raw_file)),
            CliRun(("read", "--start-line", "9", "--end-line", "1", raw_file)),
            CliRun(("read", "--max-chars", "-5", raw_file)),
            CliRun(("read", "../kb/.env")),
            CliRun(("read", "keys/../.env")),
            CliRun(("read", "KEYS/DEPLOY_KEY.PEM")),
            CliRun(("--include-private", "read", "archive-private/old-roster.md")),
            CliRun(("--include-private", "read", "notes/budget.bak")),
            CliRun(("--include-private", "read", ".env")),
            CliRun(("--mode", "balanced", "read", raw_file)),
            CliRun(("--detector-profile", "extended", "read", "people/Avery Example.md")),
            CliRun(("read", ref)),
        ],
        "search": [
            *(CliRun(("search", v)) for v in _sample_canaries()[::4]),
            CliRun(("search", "-i", "-C", "3", "555")),
            CliRun(("search", "-E", "(a+)+$")),
            CliRun(("search", "-E", "[")),
            CliRun(("search", "-E", ".*", "--max-results", "100000")),
            CliRun(("search", "key", ".env", "keys", "private-terms.txt")),
            CliRun(("--include-private", "search", "-E", ".")),
        ],
        "retrieve": [
            *(CliRun(("retrieve", v)) for v in _sample_canaries()[1::4]),
            CliRun(("retrieve", "contract scope migration")),
            CliRun(("retrieve", "the of")),
            CliRun(("retrieve", "contract", "--max-results", "0")),
            CliRun(("--include-private", "retrieve", "phone email roster")),
        ],
        "bundle": [
            CliRun(("bundle",)),
            CliRun(("bundle", "clients", "people")),
            CliRun(("bundle", ".env", "keys/deploy_key.pem")),
            CliRun(("bundle", "--max-files", "0")),
            CliRun(("--include-private", "bundle")),
        ],
        "doctor": [CliRun(("doctor",)), CliRun(("--detector-profile", "extended", "doctor"))],
        "audit": [
            CliRun(("audit",)),
            CliRun(("audit", "--format", "json")),
            CliRun(("audit", "--format", "text")),
        ],
        "head": [
            CliRun(("head", raw_file)),
            CliRun(("head", "-n", "0", raw_file)),
            CliRun(("head", "-n", "3", ".env")),
        ],
        "tail": [CliRun(("tail", raw_file)), CliRun(("tail", "-n", "2", "ops/credentials-rotation.md"))],
        "benchmark": [
            CliRun(("benchmark",)),
            CliRun(("benchmark", "--format", "json")),
            CliRun(("benchmark", "--query", "John Smith", "--ignore-case")),
            CliRun(("benchmark", "--max-files", "1")),
        ],
        "redact": _redact_inputs(c.root),
        "rules": [CliRun(("rules",)), CliRun(("--detector-profile", "extended", "rules"))],
        "serve": [CliRun(("serve",), _serve_input(False)), CliRun(("serve",), _serve_input(True))],
    }


def _global_runs(c: Corpus) -> list[CliRun]:
    return [
        CliRun(()),
        CliRun(("--help",)),
        CliRun(("--version",)),
        CliRun(("--config", str(c.root / "missing.toml"), "doctor")),
        CliRun(("--config", str(c.root / "private-terms.txt"), "doctor")),
        CliRun(("--detector", "x", "doctor")),
    ]


#: Raw values passed where argparse rejects them (a rejected value must not be echoed).
CLI_ECHO_RUNS = (
    CliRun(("audit", "--format", "John Smith")),
    CliRun(("--mode", "Acme Lantern", "doctor")),
    CliRun(("John Smith",)),
    CliRun(("read", "clients/Acme Lantern/john_smith_contract.md", "--John-Smith")),
    CliRun(("tree", "--max-depth", "AKIAQ3FAKE7EXAMPLE12")),
)


def _run_cli(root: Path, env: dict[str, str], run: CliRun) -> tuple[CliRun, int, bytes, bytes]:
    proc = subprocess.run(
        [sys.executable, "-m", "redacted_context_mcp.cli", "--root", str(root), *run.argv],
        input=run.stdin,
        check=False,
        capture_output=True,
        cwd=REPO,
        env=env,
        timeout=60,
    )
    return run, proc.returncode, proc.stdout, proc.stderr


def _run_all(root: Path, env: dict[str, str], runs: list[CliRun]) -> list[tuple[CliRun, int, bytes, bytes]]:
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda r: _run_cli(root, env, r), runs))


@pytest.fixture(scope="module")
def cli_results(corpus: Corpus, sweeps: dict[str, EraSweep]) -> list[tuple[CliRun, int, bytes, bytes]]:
    plans = _cli_plans(corpus)
    runs: list[CliRun] = _global_runs(corpus)
    for name, aliases in _subcommands().items():
        runs.extend(plans.get(name, []))
        runs.append(CliRun((name, "--help")))
        runs.append(CliRun((name, "--bogus-flag")))
        for alias in aliases:
            first = plans[name][0].argv
            runs.append(CliRun(tuple(alias if a == name else a for a in first), plans[name][0].stdin))
    return _run_all(corpus.root, corpus.env, runs)


def test_every_cli_subcommand_has_a_plan(corpus):
    missing = sorted(set(_subcommands()) - set(_cli_plans(corpus)))
    assert not missing, f"add canary-sweep CLI plans for: {missing}"


@invariant("OUT-1")
def test_no_canary_reaches_any_cli_output(cli_results):
    report = LeakReport()
    for run, status, out, err in cli_results:
        where = f"redctx {' '.join(run.argv)}" + (f" <{run.note}>" if run.note else "") + f" (exit {status})"
        report.check(where + " stdout", out, run.skip_groups)
        if run.note != SHOW_VALUES_STDOUT_ONLY:
            report.check(where + " stderr", err, run.skip_groups)
    assert not report, report.message()


def test_the_cli_sweep_runs_real_commands(cli_results):
    ran = {run.argv[0] for run, status, out, _ in cli_results if run.argv and status == 0 and out}
    assert not set(_subcommands()) - ran, f"never succeeded: {sorted(set(_subcommands()) - ran)}"
    crashed = [
        " ".join(r.argv)
        for r, _, out, err in cli_results
        if b"Traceback" in err or b"Tool execution failed." in err
    ]
    assert not crashed, crashed
    redacted = [out for r, s, out, _ in cli_results if r.argv[:1] == ("redact",) and s == 0]
    assert any(PLACEHOLDER_RE.search(o.decode("utf-8", "replace")) for o in redacted)


@invariant("OUT-1", "OUT-2")
def test_rejected_cli_arguments_made_of_raw_values_are_not_echoed(corpus):
    report = LeakReport()
    for run, status, out, err in _run_all(corpus.root, corpus.env, list(CLI_ECHO_RUNS)):
        assert status != 0, run.argv
        report.check(f"redctx {' '.join(run.argv)} (exit {status})", out + err)
    assert not report, report.message()


def test_the_leak_scanner_sees_escaped_cased_and_utf16_forms():
    assert find_leaks(b"JOHN SMITH")
    assert find_leaks(b'{"t": "\\u004aohn Smith"}')  # a JSON escape cannot hide a value
    assert find_leaks(b'{"t": "wJalrXUtnFEMI\\/K7MDENG\\/bPxRfiCYFAKEKEY001"}')
    assert find_leaks("John Smith".upper().encode("utf-16-le"))
    assert find_leaks(b"+49 30 901820")
    assert not find_leaks(b"[PERSON_0123456789abcdef0123456789abcdef] @p_901820901820")
    assert not find_leaks(b"19018201 bytes")
