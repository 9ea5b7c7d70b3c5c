"""The service honours .gitignore / .ignore files under the root; --no-ignore lifts them, never never-serve rules."""

from __future__ import annotations

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import collecting_notices
from redacted_context_mcp.service import files as ops
from redacted_context_mcp.service import search as search_ops
from tests.invariants import invariant
from tests.service.svc_helpers import make_service

PATTERN_NAME = "Quillfeather Holdings"


@pytest.fixture
def ignoring_root(root):
    (root / ".gitignore").write_text(f"build/\n*.cache\n{PATTERN_NAME}*\n!.env\n", encoding="utf-8")
    (root / "build").mkdir()
    (root / "build" / "out.txt").write_text("needle in build\n", encoding="utf-8")
    (root / "notes" / "x.cache").write_text("needle in cache\n", encoding="utf-8")
    (root / f"{PATTERN_NAME} memo.md").write_text("needle in memo\n", encoding="utf-8")
    (root / "notes" / "deep" / ".ignore").write_text("*.md\n", encoding="utf-8")
    (root / "kept.md").write_text("needle kept\n", encoding="utf-8")
    return root


def texts(res) -> str:
    return str(res.text)


@invariant("OUT-11")
def test_ignored_files_are_neither_searched_nor_listed_nor_served(ignoring_root, live):
    svc = make_service(ignoring_root, live)
    found = texts(search_ops.search(svc, {"query": "needle"}))
    assert "needle kept" in found
    for hidden in ("needle in build", "needle in cache", "needle in memo"):
        assert hidden not in found
    tree = texts(ops.tree(svc, {"max_depth": 5}))
    assert "build" not in tree and "z.md" not in tree and "x.cache" not in tree
    for path in ("build/out.txt", "notes/x.cache", "notes/deep/z.md", f"{PATTERN_NAME} memo.md"):
        with pytest.raises(RedctxError) as info:
            ops.read(svc, {"path": path})
        assert info.value.code is Code.PATH_EXCLUDED and str(info.value) == Code.PATH_EXCLUDED.template


@invariant("OUT-11")
def test_no_ignore_serves_them_again_but_never_the_never_serve_files(ignoring_root, live):
    svc = make_service(ignoring_root, live, no_ignore=True)
    found = texts(search_ops.search(svc, {"query": "needle"}))
    assert "needle in build" in found and "needle in cache" in found
    assert "z.md" in texts(ops.tree(svc, {"max_depth": 5}))
    for never in (".env", ".git/config"):  # "!.env" in .gitignore cannot re-include it either
        for s in (svc, make_service(ignoring_root, live)):
            with pytest.raises(RedctxError) as info:
                ops.read(s, {"path": never})
            assert info.value.code is Code.PATH_EXCLUDED


@invariant("OUT-11")
def test_ignore_patterns_never_reach_output_or_errors(ignoring_root, live):
    svc = make_service(ignoring_root, live)
    outputs = []
    with collecting_notices() as notices:
        outputs.append(texts(search_ops.search(svc, {"query": "needle"})))
        outputs.append(texts(ops.tree(svc, {"max_depth": 5})))
        outputs.append(texts(ops.list_entries(svc, {"recursive": True})))
        try:
            ops.read(svc, {"path": f"{PATTERN_NAME} memo.md"})
        except RedctxError as exc:
            outputs.append(str(exc))
    outputs.extend(notices)
    joined = "\n".join(outputs)
    assert "Quillfeather" not in joined and "*.cache" not in joined and "build/" not in joined


def test_an_edited_gitignore_takes_effect_without_a_restart(ignoring_root, live, monkeypatch):
    svc = make_service(ignoring_root, live)
    assert "needle kept" in texts(search_ops.search(svc, {"query": "needle"}))
    (ignoring_root / ".gitignore").write_text("kept.md\n", encoding="utf-8")
    monkeypatch.setattr(svc.ignore, "_recheck", 0.0)
    found = texts(search_ops.search(svc, {"query": "needle"}))
    assert "needle kept" not in found and "needle in build" in found
