"""Every write refusal through the real server process and the official MCP SDK client, in both eras.

The server runs as ``python -m redacted_context_mcp --enable-writes --write-subdir incoming``;
each case of diagram 7 is one ``tools/call`` and must come back with ``isError`` and
its exact fixed message, with nothing written. Without ``--enable-writes`` the tool
is not listed and a call to it is refused as an unknown tool.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp", reason="the dev extra (mcp==2.3.0) is not installed")

from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.invariants import invariant
from tests.service.svc_helpers import symlinks_supported

REPO = Path(__file__).resolve().parents[1]
CONFIG = ".agent-context-redactor.toml"
RAW = "Avery Example met Acme Lantern. Mail jo.smith@acme-corp.test\n"
UNKNOWN = "[PERSON_" + "0" * 32 + "]"
ROUND_TRIP = ("Rehydrated document would not redact consistently on read-back. Keep placeholder references "
              "separated by spaces or punctuation so restored values redact cleanly.")

#: (label, arguments, exact message); ``{person}`` is a real placeholder of the root.
REFUSALS = [
    ("empty", {"target_path": "", "text": "x"}, "target_path must not be empty."),
    ("colon", {"target_path": "incoming/a:b.md", "text": "x"}, "target_path must not contain ':'."),
    ("absolute", {"target_path": "/incoming/x.md", "text": "x"},
     "target_path must be a relative file path inside the write subdirectory."),
    ("dotdot", {"target_path": "incoming/../a.md", "text": "x"},
     "target_path must be a relative file path inside the write subdirectory."),
    ("symlink", {"target_path": "incoming/link/x.md", "text": "x"}, "target_path must not contain symlinks."),
    ("outside", {"target_path": "notes/x.md", "text": "x"}, "target_path must stay inside the write subdirectory."),
    ("protected env", {"target_path": "incoming/.ENV", "text": "x", "overwrite": True}, "Write target is protected."),
    ("protected key", {"target_path": "incoming/a.Key", "text": "x"}, "Write target is protected."),
    ("protected pem", {"target_path": "incoming/a.PEM", "text": "x"}, "Write target is protected."),
    ("protected crt", {"target_path": "incoming/a.crt", "text": "x"}, "Write target is protected."),
    ("protected term file", {"target_path": "incoming/terms.txt", "text": "x", "overwrite": True},
     "Write target is protected."),
    ("unresolved", {"target_path": "incoming/u.md", "text": f"a {UNKNOWN} b"},
     f"Unresolved redaction token(s) in text: {UNKNOWN}."),
    ("malformed", {"target_path": "incoming/u.md", "text": "[EMAIL_" + "ab" * 9 + "]"},
     "Unresolved redaction token(s) in text: [EMAIL_" + "ab" * 9 + "]."),
    ("unresolved path", {"target_path": f"incoming/{UNKNOWN}.md", "text": "x"},
     f"Unresolved redaction token(s) in text: {UNKNOWN}."),
    ("round trip", {"target_path": "incoming/g.md", "text": "xx{person}yy"}, ROUND_TRIP),
    ("directory", {"target_path": "incoming/folder", "text": "x", "overwrite": True},
     "Target already exists as a directory."),
    ("exists", {"target_path": "incoming/old.md", "text": "x"},
     "Target already exists. Pass overwrite=true to replace it."),
    ("too large", {"target_path": "incoming/big.md", "text": "x" * 2001}, "Raw file byte limit exceeded."),
]


def _kb(root: Path) -> None:
    root.mkdir()
    (root / CONFIG).write_text('[redaction]\nclients = ["Acme Lantern"]\npeople = ["Avery Example"]\n'
                               'term_files = ["incoming/terms.txt"]\n', encoding="utf-8")
    (root / "a.md").write_text(RAW, encoding="utf-8")
    (root / "incoming" / "folder").mkdir(parents=True)
    (root / "incoming" / "old.md").write_text("previous\n", encoding="utf-8")
    (root / "incoming" / "terms.txt").write_text("Zephyrine\n", encoding="utf-8")


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() and not p.is_symlink() else b"")
            for p in root.rglob("*")}


async def _session(mode: str, root: Path, env: dict, writes: bool) -> dict:
    flags = ["--enable-writes", "--write-subdir", "incoming", "--max-raw-bytes-per-file", "2000"] if writes else []
    params = StdioServerParameters(command=sys.executable, env=env, cwd=str(REPO),
                                   args=["-m", "redacted_context_mcp", "--root", str(root), *flags])
    out: dict = {"calls": {}}
    async with Client(params, mode=mode, read_timeout_seconds=60) as client:
        out["protocol_version"] = client.protocol_version
        out["tools"] = [t.name for t in (await client.list_tools()).tools]
        if not writes:
            try:
                out["call"] = await client.call_tool("redctx_submit_doc", {"target_path": "incoming/x.md",
                                                                           "text": "x"})
            except Exception as exc:  # noqa: BLE001 - the SDK raises the JSON-RPC error
                out["call_error"] = str(exc)
            return out
        read = await client.call_tool("redctx_read", {"path": "a.md"})
        person = read.content[0].text.splitlines()[1].split()[0]
        out["before"] = _tree(root)
        for label, args, _ in REFUSALS:
            args = {k: (v.format(person=person) if isinstance(v, str) else v) for k, v in args.items()}
            out["calls"][label] = await client.call_tool("redctx_submit_doc", args)
        out["after"] = _tree(root)
        out["ok"] = await client.call_tool("redctx_submit_doc", {
            "target_path": "incoming/summary.md", "text": read.content[0].text.splitlines()[1] + "\n"})
    return out


def _env(tmp: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDACTED_CONTEXT_")}
    env["REDACTED_CONTEXT_STATE_DIR"] = str(tmp / "state")
    env["PYTHONPATH"] = str(REPO)
    return env


@pytest.fixture(scope="module", params=["legacy", "2026-07-28"])
def session(request, tmp_path_factory) -> tuple[str, Path, dict]:
    tmp = tmp_path_factory.mktemp("sdk-writes")
    root = tmp / "kb"
    _kb(root)
    if symlinks_supported(tmp):
        os.symlink(tmp, root / "incoming" / "link")
    return request.param, root, asyncio.run(_session(request.param, root, _env(tmp), True))


@invariant("WRITE-3", "WRITE-4")
def test_every_write_refusal_comes_back_with_its_exact_message_and_writes_nothing(session):
    mode, root, out = session
    assert out["protocol_version"] == ("2025-11-25" if mode == "legacy" else "2026-07-28")
    assert "redctx_submit_doc" in out["tools"]
    for label, _, message in REFUSALS:
        if label == "symlink" and not (root / "incoming" / "link").is_symlink():
            continue
        result = out["calls"][label]
        assert result.is_error, label
        assert result.content[0].text == message, label
        assert result.structured_content["text"] == message, label
        assert "counts_by_category" in result.structured_content["receipt"], label
    assert out["after"] == out["before"]


@invariant("WRITE-6")
def test_a_successful_submit_replies_with_the_id_and_redacted_path_only(session):
    _, root, out = session
    result = out["ok"]
    assert not result.is_error, result.content
    text = result.content[0].text
    assert text.startswith("Wrote rehydrated document.\nid: @p_") and "\npath: incoming/summary.md\n" in text
    assert (root / "incoming" / "summary.md").read_text(encoding="utf-8") == RAW
    for raw in ("Avery", "Acme", "jo.smith"):
        assert raw not in text


@invariant("WRITE-1")
@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_without_enable_writes_the_tool_is_neither_listed_nor_callable(mode, tmp_path):
    root = tmp_path / "kb"
    _kb(root)
    out = asyncio.run(_session(mode, root, _env(tmp_path), False))
    assert "redctx_submit_doc" not in out["tools"] and "redctx_read" in out["tools"]
    if "call" in out:
        assert out["call"].is_error
    else:
        assert "Unknown tool" in out["call_error"]
    assert not (root / "incoming" / "x.md").exists()
