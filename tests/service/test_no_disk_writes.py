"""Raw and redacted context text stay in memory: no operation writes a file."""

from __future__ import annotations

import builtins
import os
import shutil
from pathlib import Path

import pytest

from redacted_context_mcp.app import build_service, make_options
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.service import files, search
from tests.invariants import invariant

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus"
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _snapshot(*dirs: Path) -> dict[str, tuple[int, int]]:
    out = {}
    for d in dirs:
        for p in d.rglob("*"):
            st = p.lstat()
            out[str(p)] = (st.st_size, st.st_mtime_ns)
    return out


@invariant("WRITE-2")
def test_reading_searching_and_listing_write_nothing_to_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    root = tmp_path / "root"
    shutil.copytree(CORPUS, root)
    state, scratch = tmp_path / "state", tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("REDACTED_CONTEXT_STATE_DIR", str(state))
    monkeypatch.delenv("REDACTED_CONTEXT_SALT", raising=False)
    monkeypatch.setenv("TMPDIR", str(scratch))
    svc = build_service(make_options(root))
    svc.snapshot()  # the salt state is created here, before the spy starts
    before = _snapshot(root, state, scratch)

    writes: list[str] = []
    real_open, real_os_open = builtins.open, os.open

    def spy_open(file, mode="r", *a, **kw):
        if any(c in str(mode) for c in "wax+"):
            writes.append(f"open {mode}")
        return real_open(file, mode, *a, **kw)

    def spy_os_open(path, flags, *a, **kw):
        if flags & WRITE_FLAGS:
            writes.append(f"os.open {flags:#o}")
        return real_os_open(path, flags, *a, **kw)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    listing = files.list_entries(svc, {"recursive": True})
    ids = [line.split("\t")[0] for line in listing.text.splitlines() if "\tfile\t" in line]
    assert ids, "the corpus must have files to read"
    for ref in ids:
        try:
            files.read(svc, {"path": ref})
        except RedctxError as err:  # the corpus holds a binary file on purpose
            assert err.code is Code.NOT_TEXT
    files.tree(svc, {})
    files.bundle(svc, {})
    search.search(svc, {"query": "the"})
    search.search(svc, {"query": "n.t", "regex": True})
    search.retrieve(svc, {"query": "meeting notes budget"})
    page = files.resources_list(svc, None)
    for res in page["resources"][:5]:
        files.resources_read(svc, res["uri"])
    monkeypatch.undo()

    assert writes == []
    assert _snapshot(root, state, scratch) == before
