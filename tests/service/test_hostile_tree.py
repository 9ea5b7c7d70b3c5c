"""Hostile trees and contents: too-deep branches, late binary data, terminal escapes, odd names, unknown ids."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import collecting_notices
from redacted_context_mcp.protocol.server import Server
from redacted_context_mcp.service import files as ops
from redacted_context_mcp.service import search as srch
from redacted_context_mcp.sources.dirs import DEPTH_NOTICE, MAX_WALK_DEPTH
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant
from tests.service.svc_helpers import FakeLive, make_service

SPECS = {t.name: t for t in TOOLS}


def _svc(root: Path):
    return make_service(root, FakeLive(root))


@pytest.fixture()
def deep_root(tmp_path: Path) -> Path:
    root = tmp_path / "served"
    root.mkdir()
    (root / "top.md").write_text("top findme line\n")
    d = root
    for _ in range(MAX_WALK_DEPTH + 5):
        d = d / "d"
    d.mkdir(parents=True)
    (d / "bottom.md").write_text("bottom findme line\n")
    return root


@invariant("HARD-9")
def test_a_too_deep_branch_is_skipped_with_a_notice_instead_of_failing_the_call(deep_root):
    svc = _svc(deep_root)
    with collecting_notices() as notices:
        text = srch.search(svc, {"query": "findme"}).text
    assert "top findme line" in text and "bottom" not in text
    assert notices == [DEPTH_NOTICE]
    server = Server(io.BytesIO(), svc)
    calls = (("redctx_tree", {"max_depth": 1000}), ("redctx_search", {"query": "findme"}), ("redctx_bundle", {}))
    for name, args in calls:
        res = server.call_tool(SPECS[name], args)
        assert not res.is_error, name
        assert res.text.endswith("\n" + DEPTH_NOTICE), name


def _code(fn, *args):
    try:
        res = fn(*args)
    except RedctxError as exc:
        return exc.code
    return res.code if res.is_error else None


@invariant("HARD-9")
def test_binary_data_after_a_text_looking_prefix_is_refused(tmp_path):
    root = tmp_path / "served"
    root.mkdir()
    (root / "late.log").write_bytes(b"plain text line\n" * 400 + b"\x00\x01\x02binary\xff" * 50)
    (root / "ok.log").write_bytes(b"plain text line\n" * 400)
    svc = _svc(root)
    assert _code(ops.read, svc, {"path": "late.log"}) is Code.NOT_TEXT
    assert "\x00" not in srch.search(svc, {"query": "binary"}).text
    assert "plain text line" in ops.read(svc, {"path": "ok.log"}).text


@invariant("HARD-9")
def test_terminal_escapes_and_controls_in_file_text_are_shown_escaped(tmp_path):
    root = tmp_path / "served"
    root.mkdir()
    (root / "ansi.md").write_text("title \x1b[2J\x1b]0;pwned\x07 end\nnext\tcol\r\nbare\rcr \x85 \x7f\n")
    svc = _svc(root)
    outputs = [ops.read(svc, {"path": "ansi.md"}).text, srch.search(svc, {"query": "title"}).text,
               ops.bundle(svc, {}).text]
    for text in outputs:
        assert "\x1b" not in text and "\x07" not in text and "\x85" not in text and "\x7f" not in text
    read = outputs[0]
    assert "title \\x1b[2J\\x1b]0;pwned\\x07 end" in read
    assert "next\tcol" in read and "bare\\x0dcr \\x85 \\x7f" in read


@invariant("HARD-9")
def test_a_name_starting_with_an_escaped_control_character_reads_back_by_its_shown_name(tmp_path):
    root = tmp_path / "served"
    (root / "sub").mkdir(parents=True)
    (root / "\x01lead.md").write_text("lead text\n")
    (root / "sub" / "\x1b[1mbold.md").write_text("bold text\n")
    svc = _svc(root)
    rows = [r.strip().split(" ", 1)[1] for r in ops.tree(svc, {}).text.split("\n")[1:]]
    files = [r for r in rows if not r.endswith("/")]
    assert len(files) == 2 and all(r.startswith("\\x") for r in files)
    shown = {"lead": next(r for r in files if r.startswith("\\x01")), "bold": "sub/" + next(
        r for r in files if r.startswith("\\x1b"))}
    assert "lead text" in ops.read(svc, {"path": shown["lead"]}).text
    assert "bold text" in ops.read(svc, {"path": shown["bold"]}).text
    assert _code(ops.read, svc, {"path": "\\etc\\passwd"}) is Code.OUTSIDE_ROOT


@invariant("HARD-9")
def test_an_unknown_path_id_costs_one_walk_until_the_next_refresh(tmp_path):
    root = tmp_path / "served"
    root.mkdir()
    (root / "a.md").write_text("a\n")
    svc = _svc(root)
    walks = {"n": 0}
    real = svc.fs.walk

    def counting(*a, **kw):
        walks["n"] += 1
        return real(*a, **kw)

    svc.fs.walk = counting  # type: ignore[method-assign]
    for _ in range(50):
        assert _code(ops.read, svc, {"path": "@p_0123456789ab"}) is Code.UNKNOWN_PATH_ID
    assert walks["n"] == 1
    ops.refresh_index(svc, {})
    before = walks["n"]
    assert _code(ops.read, svc, {"path": "@p_0123456789ab"}) is Code.UNKNOWN_PATH_ID
    assert walks["n"] == before + 1
