"""sources/writer.py: confined, atomic publishing that never follows a symlink."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources import writer
from redacted_context_mcp.sources.paths import NeverServe
from tests.invariants import invariant
from tests.service.svc_helpers import symlinks_supported


def _code(fn, *a, **k) -> Code:
    with pytest.raises(RedctxError) as err:
        fn(*a, **k)
    return err.value.code


def test_publish_creates_missing_directories_from_the_given_index(tmp_path: Path) -> None:
    writer.publish(str(tmp_path), ["in", "a", "b.md"], b"data", overwrite=False, create_from=0)
    assert (tmp_path / "in" / "a" / "b.md").read_bytes() == b"data"
    assert _code(writer.publish, str(tmp_path), ["out", "x.md"], b"x", overwrite=False, create_from=1) \
        is Code.PUBLISH_FAILED
    assert not (tmp_path / "out").exists()


def test_publish_without_overwrite_refuses_an_existing_file_and_with_it_replaces(tmp_path: Path) -> None:
    (tmp_path / "f.md").write_bytes(b"old")
    assert _code(writer.publish, str(tmp_path), ["f.md"], b"new", overwrite=False, create_from=0) \
        is Code.TARGET_EXISTS
    assert (tmp_path / "f.md").read_bytes() == b"old"
    writer.publish(str(tmp_path), ["f.md"], b"new", overwrite=True, create_from=0)
    assert (tmp_path / "f.md").read_bytes() == b"new"
    assert os.stat(tmp_path / "f.md").st_nlink == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.md"]


def test_a_directory_target_is_refused_with_or_without_overwrite(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    for overwrite in (False, True):
        assert _code(writer.publish, str(tmp_path), ["d"], b"x", overwrite=overwrite, create_from=0) \
            is Code.TARGET_IS_DIR


@invariant("WRITE-3")
def test_a_symlink_in_any_component_is_refused_and_not_followed(tmp_path: Path) -> None:
    if not symlinks_supported(tmp_path):
        pytest.skip("no symlinks here")
    root, outside = tmp_path / "root", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    os.symlink(outside, root / "dir-link")
    os.symlink(outside / "f", root / "file-link")
    for parts in (["dir-link", "x"], ["file-link"]):
        for overwrite in (False, True):
            assert _code(writer.publish, str(root), parts, b"x", overwrite=overwrite, create_from=0) \
                is Code.WRITE_SYMLINK
        assert _code(writer.check_no_symlinks, str(root), parts) is Code.WRITE_SYMLINK
    assert list(outside.iterdir()) == []
    writer.check_no_symlinks(str(root), ["missing", "deeper", "x.md"])  # nothing exists: nothing to refuse


def test_state_reports_absent_file_and_directory(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    (tmp_path / "d").mkdir()
    assert writer.target_state(str(tmp_path), ["f"]) is writer.State.FILE
    assert writer.target_state(str(tmp_path), ["d"]) is writer.State.DIR
    assert writer.target_state(str(tmp_path), ["n"]) is writer.State.ABSENT
    assert writer.target_state(str(tmp_path), ["n", "m"]) is writer.State.ABSENT
    assert _code(writer.target_state, str(tmp_path), ["f", "m"]) is Code.WRITE_NOT_RELATIVE


@invariant("WRITE-5")
def test_a_failed_write_leaves_no_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd, data):
        raise OSError(errno.ENOSPC, "full")

    monkeypatch.setattr(writer, "_write_all", full)
    assert _code(writer.publish, str(tmp_path), ["f.md"], b"x", overwrite=False, create_from=0) \
        is Code.PUBLISH_FAILED
    assert list(tmp_path.iterdir()) == []


@invariant("WRITE-5")
def test_the_temp_file_is_never_served_and_the_name_appears_only_when_complete(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    entered, release = threading.Event(), threading.Event()
    real = writer._write_all

    def slow(fd, data):
        real(fd, data[:3])
        entered.set()
        release.wait(30)
        real(fd, data[3:])

    monkeypatch.setattr(writer, "_write_all", slow)
    t = threading.Thread(target=writer.publish, args=(str(tmp_path), ["f.md"], b"complete"),
                         kwargs={"overwrite": False, "create_from": 0})
    t.start()
    assert entered.wait(30)
    try:
        names = [p.name for p in tmp_path.iterdir()]
        assert names and not (tmp_path / "f.md").exists()
        assert all(NeverServe(()).blocks_name(n) for n in names)  # hidden from every walk and read
    finally:
        release.set()
        t.join(30)
    assert [p.name for p in tmp_path.iterdir()] == ["f.md"]
    assert (tmp_path / "f.md").read_bytes() == b"complete"


def test_two_concurrent_publishers_without_overwrite_have_one_winner(tmp_path: Path) -> None:
    n = 8
    barrier = threading.Barrier(n)
    results: list[object] = [None] * n

    def run(i: int) -> None:
        barrier.wait()
        try:
            writer.publish(str(tmp_path), ["f.md"], f"writer {i}".encode() * 1000, overwrite=False, create_from=0)
            results[i] = "ok"
        except RedctxError as exc:
            results[i] = exc.code

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert results.count("ok") == 1
    assert all(r is Code.TARGET_EXISTS for r in results if r != "ok")
    winner = results.index("ok")
    assert (tmp_path / "f.md").read_bytes() == f"writer {winner}".encode() * 1000
    assert [p.name for p in tmp_path.iterdir()] == ["f.md"]
