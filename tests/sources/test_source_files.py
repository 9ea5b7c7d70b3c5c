"""Symlink-safe filesystem access (sources/files.py): lstat, reads with identity checks, walks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget, Limits
from redacted_context_mcp.sources.files import FsRoot, identity
from tests.invariants import invariant

needs_symlinks = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="POSIX symlinks")


def accept_all(rel: str, name: str, is_dir: bool) -> bool:
    return True


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "root"
    outside = tmp_path / "outside"
    (root / "dir" / "sub").mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.txt").write_text("outside-secret\n")
    (root / "dir" / "a.txt").write_text("inside\n")
    (root / "dir" / "sub" / "b.txt").write_text("deeper\n")
    (root / "B.txt").write_text("b\n")
    (root / "a.txt").write_text("a\n")
    return root, outside


def code_of(fn, *args, **kw) -> Code:
    with pytest.raises(RedctxError) as info:
        fn(*args, **kw)
    return info.value.code


def test_reads_a_regular_file_and_reports_its_final_metadata(tree):
    root, _ = tree
    data, st = FsRoot(root).read("dir/a.txt", max_bytes=100)
    assert data == b"inside\n" and st.st_size == 7


def test_missing_paths_and_files_used_as_directories_do_not_exist(tree):
    fs = FsRoot(tree[0])
    assert code_of(fs.lstat, "nope.txt") is Code.PATH_MISSING
    assert code_of(fs.lstat, "a.txt/inner") is Code.PATH_MISSING
    assert code_of(fs.read, "nope/x.txt", max_bytes=10) is Code.PATH_MISSING


def test_reading_a_directory_or_the_root_is_not_a_file(tree):
    fs = FsRoot(tree[0])
    assert code_of(fs.read, "dir", max_bytes=10) is Code.NOT_A_FILE
    assert code_of(fs.read, ".", max_bytes=10) is Code.NOT_A_FILE


def test_files_over_the_byte_cap_are_refused(tree):
    assert code_of(FsRoot(tree[0]).read, "dir/a.txt", max_bytes=3) is Code.LIMIT_FILE_BYTES


@invariant("CONT-2")
@needs_symlinks
@pytest.mark.parametrize(
    "make,rel",
    [
        (lambda r, o: os.symlink(o / "secret.txt", r / "link.txt"), "link.txt"),
        (lambda r, o: os.symlink(o, r / "linkdir"), "linkdir/secret.txt"),
        (lambda r, o: os.symlink(r / "dir", r / "inner"), "inner/a.txt"),
        (lambda r, o: os.symlink(r / "dir" / "a.txt", r / "alias.txt"), "alias.txt"),
        (lambda r, o: os.symlink("/", r / "slash"), "slash/etc/passwd"),
    ],
    ids=["file-to-outside", "dir-to-outside", "dir-inside-root", "file-inside-root", "to-filesystem-root"],
)
def test_paths_through_symlinks_are_refused_for_stat_and_read(tree, make, rel):
    root, outside = tree
    make(root, outside)
    fs = FsRoot(root)
    assert code_of(fs.lstat, rel) is Code.UNSAFE_PATH
    assert code_of(fs.read, rel, max_bytes=1000) is Code.UNSAFE_PATH


@invariant("CONT-2")
@needs_symlinks
def test_a_file_swapped_for_a_symlink_between_stat_and_open_is_refused(tree):
    root, outside = tree
    fs = FsRoot(root)
    before = identity(fs.lstat("dir/a.txt"))
    os.unlink(root / "dir" / "a.txt")
    os.symlink(outside / "secret.txt", root / "dir" / "a.txt")
    assert code_of(fs.read, "dir/a.txt", max_bytes=1000, expect=before) is Code.FILE_CHANGED


@invariant("CONT-2")
@needs_symlinks
def test_a_directory_swapped_for_a_symlink_is_never_followed(tree):
    root, outside = tree
    fs = FsRoot(root)
    before = identity(fs.lstat("dir/a.txt"))
    os.rename(root / "dir", root / "dir.old")
    os.symlink(outside, root / "dir")
    (outside / "a.txt").write_text("planted\n")
    assert code_of(fs.read, "dir/a.txt", max_bytes=1000, expect=before) is Code.UNSAFE_PATH


def test_a_file_rewritten_between_stat_and_read_is_refused(tree):
    root, _ = tree
    fs = FsRoot(root)
    before = identity(fs.lstat("dir/a.txt"))
    (root / "dir" / "a.txt").write_text("different and longer\n")
    assert code_of(fs.read, "dir/a.txt", max_bytes=1000, expect=before) is Code.FILE_CHANGED


def test_a_file_replaced_by_another_inode_is_refused(tree):
    root, _ = tree
    fs = FsRoot(root)
    before = identity(fs.lstat("dir/a.txt"))
    (root / "dir" / "tmp").write_text("inside\n")
    os.replace(root / "dir" / "tmp", root / "dir" / "a.txt")
    assert code_of(fs.read, "dir/a.txt", max_bytes=1000, expect=before) is Code.FILE_CHANGED


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_a_fifo_is_not_a_file_and_never_blocks(tree):
    root, _ = tree
    os.mkfifo(root / "pipe")
    assert code_of(FsRoot(root).read, "pipe", max_bytes=10) is Code.NOT_A_FILE
    names = [i.name for i, _ in FsRoot(root).walk(".", accept_all, Budget(Limits()))]
    assert "pipe" not in names


@invariant("CONT-2")
@needs_symlinks
def test_walk_omits_symlinks_and_never_descends_through_them(tree):
    root, outside = tree
    os.symlink(outside, root / "outlink")
    os.symlink(root / "dir" / "a.txt", root / "filelink")
    rels = [i.rel for i, _ in FsRoot(root).walk(".", accept_all, Budget(Limits()))]
    assert not any("link" in r or "secret" in r for r in rels)


def test_walk_orders_by_casefolded_name_with_directories_first_and_reports_depth(tree):
    root, _ = tree
    got = [(i.rel, d) for i, d in FsRoot(root).walk(".", accept_all, Budget(Limits()))]
    assert got == [("dir", 1), ("dir/sub", 2), ("dir/sub/b.txt", 3), ("dir/a.txt", 2), ("a.txt", 1), ("B.txt", 1)]
    flat = [i.rel for i, _ in FsRoot(root).walk(".", accept_all, Budget(Limits()), dirs_first=False)]
    assert flat == ["a.txt", "B.txt", "dir", "dir/a.txt", "dir/sub", "dir/sub/b.txt"]


def test_walk_respects_max_depth_and_the_accept_filter(tree):
    root, _ = tree
    got = [i.rel for i, _ in FsRoot(root).walk(".", lambda r, n, d: n != "sub", Budget(Limits()), max_depth=2)]
    assert got == ["dir", "dir/a.txt", "a.txt", "B.txt"]


@invariant("BOUND-1")
def test_walk_charges_entries_and_stops_at_the_traversal_limit(tree):
    root, _ = tree
    budget = Budget(Limits(max_entries=3))
    with pytest.raises(RedctxError) as info:
        list(FsRoot(root).walk(".", accept_all, budget))
    assert info.value.code is Code.LIMIT_ENTRIES
    assert str(info.value) == "Traversal entry limit exceeded."


def test_walk_stops_at_the_deadline(tree):
    budget = Budget(Limits(), seconds=1)
    budget.deadline = 0.0  # already passed
    with pytest.raises(RedctxError) as info:
        list(FsRoot(tree[0]).walk(".", accept_all, budget))
    assert info.value.code is Code.LIMIT_DEADLINE


def test_walk_items_carry_file_identity(tree):
    root, _ = tree
    items = {i.rel: i for i, _ in FsRoot(root).walk(".", accept_all, Budget(Limits()))}
    st = os.lstat(root / "a.txt")
    item = items["a.txt"]
    assert (item.dev, item.ino, item.size, item.mtime_ns, item.ctime_ns) == identity(st)


@needs_symlinks
def test_the_scope_file_list_is_the_walk_order_with_the_same_filters_and_identities(tree):
    root, outside = tree
    (root / "Dir2").mkdir()
    (root / "Dir2" / "z.md").write_text("z\n")
    (root / "c.txt").write_text("c\n")
    (root / "dir" / "skip.txt").write_text("hidden\n")
    os.symlink(outside, root / "outlink")
    os.symlink(root / "a.txt", root / "dir" / "filelink")
    os.mkfifo(root / "dir" / "pipe")
    fs = FsRoot(root)

    def accept(rel: str, name: str, is_dir: bool) -> bool:
        return name != "skip.txt"

    walked = [(i.rel, i.size, i.dev, i.ino, i.mtime_ns, i.ctime_ns)
              for i, _ in fs.walk(".", accept, Budget(Limits()), dirs_first=False) if not i.is_dir]
    assert fs.files(".", accept, Budget(Limits())) == walked
    assert [f[0] for f in walked] == ["a.txt", "B.txt", "c.txt", "dir/a.txt", "dir/sub/b.txt", "Dir2/z.md"]
    assert fs.files("dir", accept, Budget(Limits()))[0][0] == "dir/a.txt"


def test_the_scope_file_list_charges_entries_and_stops_at_the_deadline(tree):
    root, _ = tree
    with pytest.raises(RedctxError) as info:
        FsRoot(root).files(".", accept_all, Budget(Limits(max_entries=3)))
    assert info.value.code is Code.LIMIT_ENTRIES
    budget = Budget(Limits(), seconds=1)
    budget.deadline = 0.0
    with pytest.raises(RedctxError) as info:
        FsRoot(root).files(".", accept_all, budget)
    assert info.value.code is Code.LIMIT_DEADLINE


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0


def test_reads_inside_a_reading_block_give_the_same_bytes_and_leave_no_descriptor_open(tree):
    root, _ = tree
    fs = FsRoot(root)
    before = _open_fds()
    with fs.reading():
        got = [fs.read(rel, max_bytes=100)[0] for rel in ("dir/a.txt", "dir/a.txt", "dir/sub/b.txt", "a.txt")]
        assert fs.read_prefix("dir/a.txt", 3) == b"ins"
    assert got == [b"inside\n", b"inside\n", b"deeper\n", b"a\n"]
    assert _open_fds() == before
    with pytest.raises(RedctxError), fs.reading():
        fs.read("dir/a.txt", max_bytes=100)
        fs.read("dir/nope.txt", max_bytes=100)
    assert _open_fds() == before


@needs_symlinks
def test_inside_a_reading_block_a_directory_swapped_for_a_symlink_is_never_followed(tree):
    root, outside = tree
    fs = FsRoot(root)
    with fs.reading():
        assert fs.read("dir/a.txt", max_bytes=100)[0] == b"inside\n"
        os.rename(root / "dir", root / "moved")
        os.symlink(outside, root / "dir")
        # the held descriptor is the directory as it was opened (now "moved"), never the link target
        assert code_of(fs.read, "dir/secret.txt", max_bytes=100) is Code.PATH_MISSING
        assert fs.read("dir/a.txt", max_bytes=100)[0] == b"inside\n"
        assert code_of(fs.read, "dir/sub/b.txt", max_bytes=100) is Code.UNSAFE_PATH  # a fresh chain: refused
        assert code_of(fs.read, "dir/secret.txt", max_bytes=100) is Code.UNSAFE_PATH
