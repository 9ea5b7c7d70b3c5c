"""Canary sweep over the CLI: no raw value of the fixture corpus reaches stdout or stderr.

Every ``redctx`` subcommand of the CLI parser (and each alias) is run over a
copy of ``fixtures/corpus``, one CLI process per command: success paths, error
paths, raw file names and canaries as arguments, every corpus file fed to
``redact``, and both MCP eras fed to ``serve`` on stdin. Every stdout and
stderr is scanned with :func:`tests.sweep_helpers.find_leaks`. A subcommand
added later without a plan fails :func:`test_every_cli_subcommand_has_a_plan`.
The MCP half of the sweep is ``tests/test_canary_sweep_mcp.py``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from redacted_context_mcp import cli
from redacted_context_mcp.redaction.secret_filenames import file_kind
from tests.invariants import invariant
from tests.sweep_helpers import REPO, LeakReport, corpus_files, find_leaks, initialize, request
from tests.sweep_plans import (
    GITHUB_ERROR_ALIASES,
    PLACEHOLDER_RE,
    RAW_STDOUT_BY_DESIGN,
    Corpus,
    learn_listing,
    make_corpus,
    rehydrate_guard_runs,
    sample_canaries,
)

# `redact --explain --show-values` prints the operator's own raw input on stderr by design.
SHOW_VALUES_STDOUT_ONLY = "show-values"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    return make_corpus(tmp_path_factory)


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
        # stdin has no name: a credential file known only by its name is piped with the name it has
        named = ("--file-name", p.name) if file_kind(rel) else ()
        runs.append(CliRun(("redact", *named), data, skip, rel))
        if named:
            runs.append(CliRun(("redact", "--explain", *named), data, skip, rel))
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


FAKE_UPSTREAM = REPO / "tests" / "proxy" / "fake_upstream.py"


def _proxy_input(era_modern: bool) -> bytes:
    """Every fake-upstream shape through ``redctx proxy``, raw canaries typed as arguments included."""
    rows = [] if era_modern else [initialize(0)]
    calls = [("profile", {}), ("media", {}), ("fail", {}), ("tool_error", {}), ("chatty", {}), ("stderr", {}),
             ("echo", {"text": "John Smith", "Acme Lantern": ["john.smith@acme-lantern.example"]}),
             ("contact", {}), ("garbage", {}), ("crash", {}), ("echo", {"text": "[PERSON_" + "0" * 32 + "]"})]
    for i, (name, args) in enumerate(calls, start=1):
        rows.append(request(i, "tools/call", {"name": name, "arguments": args}, modern=era_modern))
    rows += [
        request(20, "tools/list", {}, modern=era_modern),
        request(21, "resources/list", {}, modern=era_modern),
        request(22, "resources/read", {"uri": "file:///clients/acme-lantern/notes.md"}, modern=era_modern),
        request(23, "resources/read", {"uri": "file:///John Smith"}, modern=era_modern),
        request(24, "resources/templates/list", {}, modern=era_modern),
        request(25, "prompts/list", {}, modern=era_modern),
        request(26, "prompts/get", {"name": "brief", "arguments": {"person": "Teodor Blaszczyk"}}, modern=era_modern),
        request(27, "completion/complete", {"ref": {"type": "ref/prompt", "name": "brief"},
                                            "argument": {"name": "person", "value": "John"}}, modern=era_modern),
    ]
    return b"".join(json.dumps(r).encode() + b"\n" for r in rows)


def _proxy_plans(c: Corpus) -> list[CliRun]:
    up = ("--", sys.executable, str(FAKE_UPSTREAM))
    return [
        CliRun(("proxy", *up), _proxy_input(False)),
        CliRun(("proxy", *up, "--era", "modern"), _proxy_input(True)),
        CliRun(("proxy", "--upstream-stderr", "redacted", "--allow-binary", *up), _proxy_input(False)),
        CliRun(("proxy", "--doctor", "--", sys.executable, str(FAKE_UPSTREAM), str(c.root))),
        CliRun(("proxy", "--", str(c.root / "clients" / "Acme Lantern" / "john_smith_contract.md"))),
        CliRun(("proxy", "--", sys.executable, str(FAKE_UPSTREAM), "--banner")),
        CliRun(("proxy", "--config", str(c.root / "private-terms.txt"), *up)),
    ]


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
            CliRun(("tree", "--json")),
            CliRun(("tree", "clients", "--json", "--max-depth", "9")),
        ],
        "ls": [
            CliRun(("ls", "-r")),
            CliRun(("ls", "clients/Acme Lantern")),
            CliRun(("ls", "/etc")),
            CliRun(("--include-private", "ls", "-r")),
            CliRun(("ls", "-r", "--json")),
            CliRun(("ls", "clients/Acme Lantern", "--json", "--include-private")),
        ],
        "stat": [
            CliRun(("stat", raw_file)),
            CliRun(("stat", ".env")),
            CliRun(("stat", "@p_000000000000")),
            CliRun(("stat", ref)),
            CliRun(("stat", raw_file, "--json")),
            CliRun(("stat", ".env", "--json")),
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
            *(CliRun(("search", v)) for v in sample_canaries()[::4]),
            CliRun(("search", "-i", "-C", "3", "555")),
            CliRun(("search", "-E", "(a+)+$")),
            CliRun(("search", "-E", "[")),
            CliRun(("search", "-E", ".*", "--max-results", "100000")),
            CliRun(("search", "key", ".env", "keys", "private-terms.txt")),
            CliRun(("--include-private", "search", "-E", ".")),
            *(CliRun(("search", v, "--json", "-C", "2")) for v in sample_canaries()[2::8]),
            CliRun(("search", "-E", ".", "--json", "--include-private")),
            CliRun(("search", "-i", "555", "--json", "--max-results", "3")),
            CliRun(("search", "[PERSON_", "--json", "-q")),
        ],
        "retrieve": [
            *(CliRun(("retrieve", v)) for v in sample_canaries()[1::4]),
            CliRun(("retrieve", "contract scope migration")),
            CliRun(("retrieve", "the of")),
            CliRun(("retrieve", "contract", "--max-results", "0")),
            CliRun(("--include-private", "retrieve", "phone email roster")),
            CliRun(("retrieve", "contract scope migration", "--json")),
            CliRun(("retrieve", "phone email roster", "--json", "--include-private")),
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
        "audit-log": [  # private files given as logs: never echoed, only line numbers and counts
            CliRun(("audit-log", "verify", str(c.root / raw_file))),
            CliRun(("audit-log", "verify", str(c.root / ".env"), str(c.root / "missing.jsonl"))),
            CliRun(("audit-log", "summary", str(c.root / raw_file), "--format", "json")),
            CliRun(("audit-log", "summary", str(c.root / ".env"))),
        ],
        "github": [
            CliRun(("github", "repos")),
            CliRun(("github", "issues", "context", "--state", "all")),
            CliRun(("github", "issues", "context", "--label", "client", "--label", "Project Nightjar")),
            CliRun(("github", "issue", "context", "1", "--comments")),
            CliRun(("github", "issue", "echo", "2", "--comments", "--max-body-chars", "10")),
            CliRun(("github", "issue", "context", "8")),
            *(CliRun(("github", "search", "context", v, "--state", "all")) for v in sample_canaries()[::3]),
            *(CliRun(("github", "issues", a)) for a in GITHUB_ERROR_ALIASES),
            CliRun(("github", "issues", "John Smith")),
            CliRun(("github", "issues", "context", "--state", "John Smith")),
            CliRun(("github", "issue", "context", "John Smith")),
            CliRun(("github", "search", "context", "bad:syntax( Acme Lantern")),
        ],
        "proxy": _proxy_plans(c),
        **_discovery_plans(c, raw_file),
        **{name: [CliRun(argv, note=note) for argv, note in runs] for name, runs in rehydrate_guard_runs(c).items()},
        **_operator_plans(c),
    }


def _operator_plans(c: Corpus) -> dict[str, list[CliRun]]:
    """``init`` on the corpus root (a config exists: refused) and on a fresh root named like a client."""
    fresh = c.root.parent / "init-sweep" / "Acme Lantern John Smith"
    fresh.mkdir(parents=True, exist_ok=True)
    return {
        "init": [CliRun(("init",)), CliRun(("init", "--root", str(fresh))), CliRun(("--root", str(fresh), "init"))],
        "completion": [CliRun(("completion", shell)) for shell in ("bash", "zsh", "fish")]
        + [CliRun(("completion", "John Smith"))],
    }


def _discovery_plans(c: Corpus, raw_file: str) -> dict[str, list[CliRun]]:
    """Drafts and merges go to files outside the root; stdout and stderr carry counts only."""
    work = c.root.parent / "discovery-sweep"
    work.mkdir(exist_ok=True)
    rules = work / "rules.toml"
    rules.write_text('[[patterns]]\ncategory = "CLIENT"\nregex = \'Acme Lantern\'\n', encoding="utf-8")
    seed = c.root / ".agent-context-redactor.toml"
    det = ("--detector", f"patterns={rules}")
    text = (c.root / raw_file).read_text(encoding="utf-8")
    jsonl = (json.dumps({"path": raw_file, "text": text}) + "\n").encode()
    return {
        "discover": [
            CliRun(("discover", "clients", *det, "--output", str(work / "draft.toml"), "--force")),
            CliRun(("discover", *det, "--output", str(work / "draft.toml"))),  # exists: refused
            CliRun(("discover", *det, "--output", str(work / "draft.json"), "--format", "json", "--force")),
            CliRun(("discover", ".env", *det)),
            CliRun(("discover", "../kb", *det)),
            CliRun(("discover", "--endpoint", "http://127.0.0.1:9", "--timeout", "2")),
            CliRun(("discover", "--endpoint", "http://models.example.test:11434")),
            CliRun(("discover", "--endpoint", "http://John Smith@127.0.0.1:9", "--timeout", "2")),
        ],
        "discover-update": [
            CliRun(("discover-update", "--merge-only", "--seed-config", str(seed),
                    "--output-config", str(work / "merged.toml"))),
            CliRun(("discover-update", "--input-jsonl", "-", *det, "--output-config", str(work / "merged.toml"),
                    "--include-discovered-aliases"), jsonl),
            CliRun(("discover-update", "--input-jsonl", "-", *det, "--output-config", str(work / "other.toml"),
                    "--check"), jsonl),
            CliRun(("discover-update", "--input-jsonl", "-", *det, "--max-chars-per-document", "5"), jsonl),
            CliRun(("discover-update", "--input-jsonl", "-", *det), b'{"path": "John Smith", "text": 1}\n'),
            CliRun(("discover-update", "--input-jsonl", "-", "--endpoint", "http://127.0.0.1:9",
                    "--output-config", str(work / "x.toml")), jsonl),
        ],
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
    CliRun(("search", "x", "--John-Smith=Acme Lantern")),
    CliRun(("stat", "x", "--json=John Smith", "Acme Lantern")),
    CliRun(("init", "--root", "clients/Acme Lantern/john_smith_contract.md")),
    CliRun(("proxy", "--upstream-stderr", "John Smith", "--", "true")),
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
def cli_results(corpus: Corpus) -> list[tuple[CliRun, int, bytes, bytes]]:
    # The plans name a real @p_ ref (read/stat), learnt as the MCP sweep's phase one did.
    learn_listing(corpus)
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
        if run.note != RAW_STDOUT_BY_DESIGN:
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
    # audit-log digests are opaque, but only as whole hex values under their own keys
    assert not find_leaks(b'{"mac":"5d6e8b2a59a75b1275a0116e901820af","prev":"e901820a5d6e8b2a"}')
    assert find_leaks(b'{"tool":"e901820a5d6e8b2a"}')
    assert find_leaks(b'{"mac":"+49 30 901820"}')
