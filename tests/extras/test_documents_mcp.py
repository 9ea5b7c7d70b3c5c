"""Documents through the real server process and the real MCP SDK client in both eras, and the real CLI.

The root holds real DOCX, PPTX, XLSX, XLS and PDF files built at run time
(tests/extras/docfiles.py) plus broken ones; every reply is swept for the
canaries of fixtures/canaries.toml.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

for _mod in ("markitdown", "docx", "pptx", "openpyxl", "xlwt", "fpdf", "msoffcrypto", "mcp"):
    pytest.importorskip(_mod)

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from redacted_context_mcp.errors import Code  # noqa: E402
from tests.extras import docfiles  # noqa: E402
from tests.invariants import invariant  # noqa: E402
from tests.sweep_helpers import find_leaks  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    r = tmp_path_factory.mktemp("docs-mcp")
    return r, docfiles.build(r)


async def _session(mode: str, root: Path, files: dict[str, str]) -> dict:
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "redacted_context_mcp", "--root", str(root), "--documents"],
                                   cwd=str(REPO))
    out: dict = {"texts": []}
    async with Client(params, mode=mode, read_timeout_seconds=120) as client:
        for kind, name in files.items():
            res = await client.call_tool("redctx_read", {"path": name})
            out[kind] = res
            out["texts"].append(res.content[0].text)
        for tool, args in [("redctx_search", {"query": "quarterly forecast"}),
                           ("redctx_retrieve", {"query": "recovery runbook"}),
                           ("redctx_bundle", {"glob": ["*.docx", "*.pptx"]}),
                           ("redctx_stat", {"path": files["pdf"]})]:
            res = await client.call_tool(tool, args)
            out[tool] = res
            out["texts"].append(res.content[0].text)
        for bad in ("locked.docx", "truncated.docx", "bomb.xlsx", "scan.pdf"):
            res = await client.call_tool("redctx_read", {"path": f"broken/{bad}"})
            out[bad] = res
            out["texts"].append(res.content[0].text)
        resources = (await client.list_resources()).resources
        out["mimes"] = {r.title: r.mime_type for r in resources}
        xlsx = next(r for r in resources if r.title == files["xlsx"])
        read = await client.read_resource(str(xlsx.uri))
        out["resource_text"] = read.contents[0].text
        out["texts"].append(out["resource_text"])
        after = await client.call_tool("redctx_read", {"path": "notes.md"})
        out["after"] = after
    return out


@pytest.fixture(scope="module", params=["legacy", "2026-07-28"])
def session(request, root):
    return request.param, asyncio.run(_session(request.param, root[0], root[1])), root[1]


@invariant("OUT-1", "DOC-2")
def test_every_format_is_read_as_redacted_markdown_over_the_sdk_client(session):
    _, out, files = session
    for kind in files:
        res = out[kind]
        assert not res.is_error, (kind, res.content[0].text)
        text = res.content[0].text
        assert res.structured_content["text"] == text
        assert docfiles.MARKER[kind] in text and "<!-- redctx: " in text


@invariant("OUT-1")
def test_no_canary_reaches_any_reply_in_either_era(session):
    _, out, _ = session
    leaks = find_leaks("\n".join(out["texts"]))
    assert not leaks, [c.label for c in leaks]


@invariant("DOC-1", "OUT-2")
def test_broken_documents_answer_with_fixed_errors_and_the_server_keeps_serving(session):
    _, out, _ = session
    expected = {"locked.docx": Code.DOCUMENT_ENCRYPTED, "truncated.docx": Code.DOCUMENT_MALFORMED,
                "bomb.xlsx": Code.DOCUMENT_EXPANSION, "scan.pdf": Code.DOCUMENT_EMPTY}
    for name, code in expected.items():
        assert out[name].is_error and out[name].content[0].text == code.template
    assert not out["after"].is_error and "Plain notes" in out["after"].content[0].text


def test_search_retrieve_bundle_stat_and_resources_include_documents(session):
    _, out, files = session
    assert "quarterly forecast" in out["redctx_search"].content[0].text
    assert "recovery runbook" in out["redctx_retrieve"].content[0].text
    bundle = out["redctx_bundle"].content[0].text
    assert docfiles.MARKER["docx"] in bundle and docfiles.MARKER["pptx"] in bundle
    assert "lines: " in out["redctx_stat"].content[0].text
    assert out["mimes"][files["docx"]] == "text/markdown" and out["mimes"][files["pdf"]] == "text/markdown"
    assert "## Budget" in out["resource_text"] and "<!-- hidden sheet -->" in out["resource_text"]


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from redacted_context_mcp.cli import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, "--root", str(root), *args], capture_output=True,
                          text=True, cwd=str(REPO), timeout=300)


@invariant("OUT-1", "DOC-1")
def test_the_cli_reads_retrieves_and_refuses_documents_with_documents_on(root):
    r, files = root
    read = _cli(r, "--documents", "read", files["docx"])
    assert read.returncode == 0 and docfiles.MARKER["docx"] in read.stdout
    ranked = _cli(r, "--documents", "retrieve", "quarterly forecast")
    assert ranked.returncode == 0 and "quarterly forecast" in ranked.stdout
    locked = _cli(r, "--documents", "read", "broken/locked.docx")
    assert locked.returncode == 1 and locked.stderr == Code.DOCUMENT_ENCRYPTED.template + "\n"
    off = _cli(r, "read", files["docx"])
    assert off.returncode == 1 and off.stderr.strip() == Code.NOT_TEXT.template
    doctor = _cli(r, "--documents", "doctor")
    assert "documents: on" in doctor.stdout.splitlines()
    leaks = find_leaks("\n".join(p.stdout + p.stderr for p in (read, ranked, locked, off, doctor)))
    assert not leaks, [c.label for c in leaks]
