"""Canary sweep with the ``patterns`` detector enabled, over the CLI and the real server.

The rules file lies under the served root and its regexes spell out canaries,
so a listing, read or search that reached it would leak; every stdout, stderr
and wire byte is scanned with :func:`tests.sweep_helpers.find_leaks`.
"""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.invariants import invariant
from tests.sweep_helpers import REPO, LeakReport, WireClient, initialize, tool_text
from tests.sweep_plans import PLACEHOLDER_RE, Corpus, era_request, make_corpus, parse_listing, sample_canaries

RULES = """\
[[patterns]]
category = "CLIENT"
regex = 'Blue\\s+Heron\\s+Logistics'

[[patterns]]
category = "PERSON"
regex = 'Teodor\\s+Blaszczyk'
ignore_case = true

[[patterns]]
category = "ID"
regex = 'INV-\\d{4,}'
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    c = make_corpus(tmp_path_factory)
    (c.root / "detector-rules").mkdir()
    (c.root / "detector-rules" / "patterns.toml").write_text(RULES, encoding="utf-8")
    return c


def spec(c: Corpus) -> str:
    return f"patterns={c.root / 'detector-rules' / 'patterns.toml'}"


def _cli(c: Corpus, argv: tuple[str, ...]) -> tuple[tuple[str, ...], int, bytes, bytes]:
    proc = subprocess.run([sys.executable, "-m", "redacted_context_mcp.cli", "--root", str(c.root),
                           "--detector", spec(c), *argv], capture_output=True, cwd=REPO, env=c.env, timeout=60,
                          check=False)
    return argv, proc.returncode, proc.stdout, proc.stderr


@invariant("OUT-1", "DETECT-3")
def test_no_canary_reaches_cli_output_with_patterns_enabled(corpus):
    files = [p for p in corpus.raw_paths if (corpus.root / p).is_file()]
    runs = [("tree",), ("ls", "-r"), ("--include-private", "ls", "-r"), ("doctor",), ("audit",),
            ("bundle",), ("retrieve", "contract renewal"), ("search", "-i", "logistics"),
            ("read", "detector-rules/patterns.toml"), ("--include-private", "read", "detector-rules/patterns.toml"),
            ("stat", "detector-rules/patterns.toml"), ("search", "-i", "heron", "detector-rules"),
            *(("read", f) for f in files), *(("search", v) for v in sample_canaries()[::3])]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda r: _cli(corpus, r), runs))
    report = LeakReport()
    for argv, status, out, err in results:
        where = f"redctx --detector patterns {' '.join(argv)} (exit {status})"
        report.check(where + " stdout", out)
        report.check(where + " stderr", err)
    assert not report, report.message()
    ok = {argv[0] for argv, status, out, _ in results if status == 0 and out}
    assert {"tree", "ls", "doctor", "read", "bundle"} <= ok
    assert not [a for a, _, _, err in results if b"Traceback" in err or b"Tool execution failed." in err]
    doctor = next(out for argv, _, out, _ in results if argv == ("doctor",))
    assert b"detectors: patterns " in doctor
    assert all(b"patterns.toml" not in out for argv, _, out, _ in results if argv[-1] in ("-r", "tree"))


@invariant("OUT-1", "OUT-4")
def test_no_canary_reaches_the_wire_with_patterns_enabled(corpus):
    client = WireClient(corpus.root, corpus.env, "--detector", spec(corpus))
    report = LeakReport()
    try:
        client.call("init", initialize())
        client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        listing = client.call(1, era_request("legacy", 1, "tools/call",
                                              {"name": "redctx_list", "arguments": {"recursive": True}}))
        parse_listing(tool_text(listing), corpus)
        rids = []
        calls = [("redctx_read", {"path": ref}) for ref in corpus.file_refs]
        calls += [("redctx_search", {"query": v}) for v in sample_canaries()[::3]]
        calls += [("redctx_bundle", {}), ("redctx_doctor", {}),
                  ("redctx_read", {"path": "detector-rules/patterns.toml"})]
        for i, (name, args) in enumerate(calls, 2):
            client.send(era_request("legacy", i, "tools/call", {"name": name, "arguments": args}))
            rids.append(i)
        replies = client.wait_for(rids, timeout=120)
        assert client.close() == 0
    finally:
        client.kill()
    for line in client.raw_lines:
        report.check("wire", line)
    report.check("stderr", client.stderr)
    assert not report, report.message()
    reads = [replies[str(r)] for r in rids[: len(corpus.file_refs)]]
    receipts = [r["result"]["structuredContent"]["receipt"] for r in reads if not r["result"]["isError"]]
    assert receipts and all(rc["detectors"][0]["name"] == "patterns" for rc in receipts)
    assert any(PLACEHOLDER_RE.search(tool_text(r)) for r in reads)
    assert "patterns.toml" not in tool_text(listing)
