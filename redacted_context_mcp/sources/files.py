"""Symlink-safe filesystem access under one validated root.

Every access opens the root and then each path component with ``O_NOFOLLOW``
relative to its parent directory descriptor (``openat``), so a symlink, or a
directory swapped for one, is never followed: not while resolving, walking or
reading. Reads compare (dev, inode, size, mtime, ctime) before opening, after
opening and after reading, and fail with FILE_CHANGED on any difference. Inside
:meth:`FsRoot.reading` (a scope's sniffs, a batch of reads) consecutive reads in one
directory reuse that directory's descriptor, opened the same way.

Platforms without ``dir_fd`` support fall back to per-component ``lstat`` checks
plus the same identity comparison.

Hard links: names can be checked, inodes must be. :class:`LinkGuard` holds the
(st_dev, st_ino) of every protected file (config, term files) and refuses a
regular file with that identity wherever it is linked, and, unless the operator
started with ``--allow-hardlinks``, any regular file with ``st_nlink > 1``: its
other name may be outside the root or inside an excluded directory, and from
inside the root there is no way to tell. Refused files are not listed by
walks, and ``lstat``/reads of them fail with ``PATH_EXCLUDED``.

Imports: sources.paths, limits, errors.
"""

from __future__ import annotations

import errno
import os
import stat as st_mod
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from redacted_context_mcp import skips
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.sources.paths import ROOT, split_rel

_DIR_FD = os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd and os.scandir in os.supports_fd
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
_FILE_FLAGS = (
    os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
)
_READ_CHUNK = 1 << 20
#: Directories nested deeper than this are skipped with :data:`DEPTH_NOTICE` (each level holds one fd).
MAX_WALK_DEPTH = 200
DEPTH_NOTICE = f"[NOTICE: directories nested deeper than {MAX_WALK_DEPTH} levels were skipped]"

Accept = Callable[[str, str, bool], bool]
#: ``(rel, size, dev, ino, mtime_ns, ctime_ns)`` of one regular file found by :meth:`FsRoot.files`.
FileStat = tuple[str, int, int, int, int, int]


def _file_order(f: tuple[str, str, os.stat_result]) -> tuple[str, str]:
    return f[0].casefold(), f[0]


class LinkGuard:
    """Which regular files are refused by inode (see the module docstring).

    ``protected`` returns the protected (st_dev, st_ino) pairs. Walks also
    remember multiply linked files they hid by name (``.env``, ``*.key``,
    excluded files), so with ``--allow-hardlinks`` another name for one of those is
    refused too once a walk has seen it (at most :data:`MAX_HIDDEN_LINKS` remembered).
    """

    MAX_HIDDEN_LINKS = 100_000

    def __init__(self, protected: Callable[[], frozenset[tuple[int, int]]] = frozenset,
                 allow_hardlinks: bool = False) -> None:
        self.protected = protected
        self.allow_hardlinks = allow_hardlinks
        self._hidden: set[tuple[int, int]] = set()

    def refuses(self, st: os.stat_result) -> bool:
        if not st_mod.S_ISREG(st.st_mode):
            return False
        if st.st_nlink > 1 and not self.allow_hardlinks:
            return True
        key = (st.st_dev, st.st_ino)
        return key in self.protected() or (st.st_nlink > 1 and key in self._hidden)

    def note_hidden(self, st: os.stat_result) -> None:
        """Remember a multiply linked regular file that a walk hid by its name."""
        if self.allow_hardlinks and st.st_nlink > 1 and st_mod.S_ISREG(st.st_mode):
            if len(self._hidden) >= self.MAX_HIDDEN_LINKS:
                self._hidden.clear()
            self._hidden.add((st.st_dev, st.st_ino))


@dataclass(frozen=True, slots=True)
class DirItem:
    """One directory child seen by a walk (never a symlink or special file)."""

    name: str
    rel: str
    is_dir: bool
    size: int
    dev: int
    ino: int
    mtime_ns: int
    ctime_ns: int


def identity(st: os.stat_result) -> tuple[int, int, int, int, int]:
    """The metadata a read must see unchanged: (dev, ino, size, mtime_ns, ctime_ns)."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _classify(exc: OSError) -> RedctxError:
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        return RedctxError(Code.PATH_MISSING)
    if exc.errno == errno.ELOOP:
        return RedctxError(Code.UNSAFE_PATH)
    return RedctxError(Code.READ_FAILED)


class _DirMemo(threading.local):
    """Per thread: the descriptor of the directory the last read went through, inside :meth:`FsRoot.reading`."""

    depth = 0
    parts: tuple[str, ...] | None = None
    fd = -1


class FsRoot:
    """The served root, resolved once; all paths are normalized rel strings from :mod:`paths`."""

    def __init__(self, root: Path | str, guard: LinkGuard | None = None) -> None:
        self.path = os.path.realpath(os.fspath(root))
        self.guard = guard or LinkGuard()
        self._memo = _DirMemo()

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Reads on this thread inside the block reuse the directory descriptor of the previous read.

        A scope reads its files in walk order, so consecutive reads share a directory: the
        ``O_NOFOLLOW`` chain from the root is opened once per directory instead of once per
        file. The descriptor is held only until a read in another directory or the block's end
        (a directory renamed meanwhile is read as it was opened, like a read already under way);
        every file is still opened ``O_NOFOLLOW`` and identity-checked as always.
        """
        memo = self._memo
        memo.depth += 1
        try:
            yield
        finally:
            memo.depth -= 1
            if memo.depth == 0 and memo.fd >= 0:
                fd, memo.fd, memo.parts = memo.fd, -1, None
                os.close(fd)

    def _file_dir(self, parts: list[str]) -> tuple[int, bool]:
        """The descriptor of directory ``parts`` and whether the caller closes it."""
        memo = self._memo
        if not memo.depth:
            return self._open_dir(parts), True
        key = tuple(parts)
        if memo.parts != key:
            if memo.fd >= 0:
                fd, memo.fd, memo.parts = memo.fd, -1, None
                os.close(fd)
            memo.fd = self._open_dir(parts)
            memo.parts = key
        return memo.fd, False

    # -- descriptors -------------------------------------------------------
    def _open_dir(self, parts: list[str]) -> int:
        """Open the directory ``parts`` (relative to root) without following symlinks."""
        try:
            fd = os.open(self.path, _DIR_FLAGS)
        except OSError as exc:
            raise RedctxError(Code.READ_FAILED) from exc
        for part in parts:
            try:
                nfd = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                err = self._classify_at(fd, part, exc)
                os.close(fd)
                raise err from None
            os.close(fd)
            fd = nfd
        return fd

    @staticmethod
    def _classify_at(dfd: int, name: str, exc: OSError) -> RedctxError:
        try:
            st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
        except OSError:
            return _classify(exc)
        if st_mod.S_ISLNK(st.st_mode):
            return RedctxError(Code.UNSAFE_PATH)
        if not st_mod.S_ISDIR(st.st_mode):
            return RedctxError(Code.PATH_MISSING)
        return _classify(exc)

    def _check_components(self, parts: list[str]) -> None:
        """Fallback containment: no component may be a symlink."""
        cur = self.path
        for part in parts:
            cur = os.path.join(cur, part)
            try:
                st = os.lstat(cur)
            except OSError as exc:
                raise _classify(exc) from None
            if st_mod.S_ISLNK(st.st_mode):
                raise RedctxError(Code.UNSAFE_PATH)

    # -- metadata ----------------------------------------------------------
    def lstat(self, rel: str) -> os.stat_result:
        """Metadata of ``rel`` with no symlink anywhere on the way (UNSAFE_PATH / PATH_MISSING)."""
        parts = split_rel(rel)
        if not parts:
            try:
                return os.stat(self.path)
            except OSError as exc:
                raise RedctxError(Code.PATH_MISSING) from exc
        if not _DIR_FD:
            self._check_components(parts)
            st = os.lstat(os.path.join(self.path, *parts))
        else:
            dfd = self._open_dir(parts[:-1])
            try:
                st = os.stat(parts[-1], dir_fd=dfd, follow_symlinks=False)
            except OSError as exc:
                raise _classify(exc) from None
            finally:
                os.close(dfd)
        if st_mod.S_ISLNK(st.st_mode):
            raise RedctxError(Code.UNSAFE_PATH)
        if self.guard.refuses(st):
            raise RedctxError(Code.PATH_EXCLUDED)
        return st

    # -- reading -----------------------------------------------------------
    def _open_file(self, rel: str, expect: tuple | None) -> tuple[int, os.stat_result]:
        parts = split_rel(rel)
        if not parts:
            raise RedctxError(Code.NOT_A_FILE)
        if _DIR_FD:
            dfd, owned = self._file_dir(parts[:-1])
            name, kw = parts[-1], {"dir_fd": dfd}
        else:
            self._check_components(parts[:-1])
            dfd, owned, name, kw = -1, False, os.path.join(self.path, *parts), {}
        try:
            try:
                pre = os.stat(name, follow_symlinks=False, **kw)
            except OSError as exc:
                raise _classify(exc) from None
            if st_mod.S_ISLNK(pre.st_mode):
                raise RedctxError(Code.UNSAFE_PATH if expect is None else Code.FILE_CHANGED)
            if not st_mod.S_ISREG(pre.st_mode):
                raise RedctxError(Code.NOT_A_FILE if expect is None else Code.FILE_CHANGED)
            if expect is not None and identity(pre) != tuple(expect):
                raise RedctxError(Code.FILE_CHANGED)
            try:
                fd = os.open(name, _FILE_FLAGS, **kw)
            except OSError as exc:
                code = Code.READ_FAILED if exc.errno in (errno.EACCES, errno.EPERM) else Code.FILE_CHANGED
                raise RedctxError(code) from None
        finally:
            if owned:
                os.close(dfd)
        try:
            opened = os.fstat(fd)
        except OSError:
            os.close(fd)
            raise RedctxError(Code.READ_FAILED) from None
        if not st_mod.S_ISREG(opened.st_mode) or identity(opened) != identity(pre):
            os.close(fd)
            raise RedctxError(Code.FILE_CHANGED)
        if self.guard.refuses(opened):  # checked on the descriptor: a link made after the walk counts
            os.close(fd)
            raise RedctxError(Code.PATH_EXCLUDED)
        return fd, opened

    def read(self, rel: str, *, max_bytes: int, expect: tuple | None = None) -> tuple[bytes, os.stat_result]:
        """Read a whole regular file, checking metadata before, at and after the read.

        ``expect`` is an :func:`identity` the file must still have (e.g. from the
        walk or the cache key). Raises LIMIT_FILE_BYTES over ``max_bytes``.
        """
        fd, opened = self._open_file(rel, expect)
        try:
            if opened.st_size > max_bytes:
                raise RedctxError(Code.LIMIT_FILE_BYTES)
            chunks: list[bytes] = []
            total = 0
            while True:
                try:
                    chunk = os.read(fd, min(_READ_CHUNK, max_bytes + 1 - total) or 1)
                except OSError:
                    raise RedctxError(Code.READ_FAILED) from None
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
                if total > max_bytes:
                    raise RedctxError(Code.LIMIT_FILE_BYTES)
            after = os.fstat(fd)
        finally:
            os.close(fd)
        if identity(after) != identity(opened) or total != after.st_size:
            raise RedctxError(Code.FILE_CHANGED)
        return b"".join(chunks), after

    def read_prefix(self, rel: str, n: int, *, expect: tuple | None = None) -> bytes:
        """The first ``n`` bytes of a regular file (for text sniffing)."""
        fd, _ = self._open_file(rel, expect)
        try:
            return os.read(fd, n)
        except OSError:
            raise RedctxError(Code.READ_FAILED) from None
        finally:
            os.close(fd)

    def read_range(self, rel: str, offset: int, length: int, *, expect: tuple) -> bytes:
        """Up to ``length`` bytes at ``offset`` of a file that must still have identity ``expect``.

        For streamed reads of files of any size: the identity is checked before, at and
        after the read (FILE_CHANGED), exactly as :meth:`read` does for a whole file.
        """
        fd, opened = self._open_file(rel, expect)
        try:
            parts: list[bytes] = []
            got = 0
            while got < length:
                try:
                    chunk = os.pread(fd, min(_READ_CHUNK, length - got), offset + got)
                except OSError:
                    raise RedctxError(Code.READ_FAILED) from None
                if not chunk:
                    break
                parts.append(chunk)
                got += len(chunk)
            after = os.fstat(fd)
        finally:
            os.close(fd)
        if identity(after) != identity(opened):
            raise RedctxError(Code.FILE_CHANGED)
        return b"".join(parts)

    # -- traversal ---------------------------------------------------------
    def _list_fd(self, fd: int | str, parent: str, accept: Accept, budget: Budget | None
                 ) -> tuple[list[tuple[str, str]], list[tuple[str, str, os.stat_result]]]:
        """Visible ``(name, rel)`` directories and ``(name, rel, lstat)`` regular files of one directory."""
        dirs: list[tuple[str, str]] = []
        files: list[tuple[str, str, os.stat_result]] = []
        try:
            with os.scandir(fd) as it:
                entries = list(it)
        except OSError:
            if budget is not None:
                budget.skips.add(skips.UNREADABLE_DIR)
            return dirs, files
        if budget is not None:
            budget.charge_entry(len(entries) or 1)
        guard = self.guard
        prefix = "" if parent == ROOT else parent + "/"
        for de in entries:
            name = de.name
            try:
                if de.is_symlink():
                    continue
                is_dir = de.is_dir(follow_symlinks=False)
            except OSError:
                continue
            rel = prefix + name
            if not accept(rel, name, is_dir):
                if not is_dir and guard.allow_hardlinks:
                    try:
                        guard.note_hidden(de.stat(follow_symlinks=False))
                    except OSError:
                        pass
                continue
            if is_dir:
                dirs.append((name, rel))
                continue
            try:
                s = de.stat(follow_symlinks=False)
            except OSError:
                continue
            if st_mod.S_ISREG(s.st_mode):
                files.append((name, rel, s))
        if files:  # after the whole listing: a hidden sibling is known by now
            refuses = guard.refuses
            files = [f for f in files if not refuses(f[2])]
        return dirs, files

    def _scan_fd(self, fd: int | str, parent: str, accept: Accept, budget: Budget | None) -> list[DirItem]:
        dirs, files = self._list_fd(fd, parent, accept, budget)
        items = [DirItem(name, rel, True, 0, 0, 0, 0, 0) for name, rel in dirs]
        items.extend(DirItem(name, rel, False, s.st_size, s.st_dev, s.st_ino, s.st_mtime_ns, s.st_ctime_ns)
                     for name, rel, s in files)
        return items

    def scan(self, rel: str, accept: Accept, budget: Budget | None = None) -> list[DirItem]:
        """Visible children of directory ``rel`` (unsorted)."""
        parts = split_rel(rel)
        if not _DIR_FD:
            self._check_components(parts)
            return self._scan_fd(os.path.join(self.path, *parts), rel, accept, budget)
        fd = self._open_dir(parts)
        try:
            return self._scan_fd(fd, rel, accept, budget)
        finally:
            os.close(fd)

    def files(self, start: str, accept: Accept, budget: Budget) -> list[FileStat]:
        """Every visible regular file below directory ``start`` as ``(rel, size, dev, ino, mtime_ns, ctime_ns)``.

        The files of ``walk(start, accept, budget, dirs_first=False)`` in the same order, same
        checks, skips and notices, built as one list without a generator per level (a
        whole-root scope lists every file on every call).
        """
        out: list[FileStat] = []
        if not _DIR_FD:
            for item, _ in self.walk(start, accept, budget, dirs_first=False):
                if not item.is_dir:
                    out.append((item.rel, item.size, item.dev, item.ino, item.mtime_ns, item.ctime_ns))
            return out
        fd = self._open_dir(split_rel(start))
        try:
            self._files_fd(fd, start, accept, budget, 1, out)
        finally:
            os.close(fd)
        return out

    def _files_fd(self, fd: int, rel: str, accept: Accept, budget: Budget, depth: int, out: list[FileStat]) -> None:
        budget.check_deadline()
        dirs, files = self._list_fd(fd, rel, accept, budget)
        if not dirs:
            files.sort(key=_file_order)
            out.extend([(r, s.st_size, s.st_dev, s.st_ino, s.st_mtime_ns, s.st_ctime_ns) for _, r, s in files])
            return
        # (folded name, name, rel, lstat or None for a directory): names are unique, so no tie reaches rel
        items = [(n.casefold(), n, r, s) for n, r, s in files]
        items.extend((n.casefold(), n, r, None) for n, r in dirs)
        items.sort()
        for _, name, child, s in items:
            if s is not None:
                out.append((child, s.st_size, s.st_dev, s.st_ino, s.st_mtime_ns, s.st_ctime_ns))
                continue
            if depth >= MAX_WALK_DEPTH:  # skip the too-deep branch, not the whole operation
                budget.notice(DEPTH_NOTICE)
                continue
            try:
                cfd = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.EACCES, errno.EPERM):
                    budget.skips.add(skips.UNREADABLE_DIR)
                continue  # vanished or swapped for a symlink: skip it
            try:
                self._files_fd(cfd, child, accept, budget, depth + 1, out)
            finally:
                os.close(cfd)

    def walk(
        self,
        start: str,
        accept: Accept,
        budget: Budget,
        *,
        max_depth: int | None = None,
        dirs_first: bool = True,
    ) -> Iterator[tuple[DirItem, int]]:
        """Depth-first walk below directory ``start``: yields ``(item, depth)``, depth 1 = child.

        Children are ordered by case-folded name (directories first when
        ``dirs_first``). Rejected directories are not descended. Symlinks and
        special files are never yielded or followed.
        """
        key = (lambda i: (not i.is_dir, i.name.casefold(), i.name)) if dirs_first else (
            lambda i: (i.name.casefold(), i.name)
        )
        if not _DIR_FD:
            yield from self._walk_paths(start, accept, budget, max_depth, key, 1)
            return
        fd = self._open_dir(split_rel(start))
        try:
            yield from self._walk_fd(fd, start, accept, budget, max_depth, key, 1)
        finally:
            os.close(fd)

    def _walk_fd(self, fd, rel, accept, budget, max_depth, key, depth) -> Iterator[tuple[DirItem, int]]:
        budget.check_deadline()
        items = self._scan_fd(fd, rel, accept, budget)
        items.sort(key=key)
        for item in items:
            yield item, depth
            if item.is_dir and (max_depth is None or depth < max_depth):
                if depth >= MAX_WALK_DEPTH:  # skip the too-deep branch, not the whole operation
                    budget.notice(DEPTH_NOTICE)
                    continue
                try:
                    cfd = os.open(item.name, _DIR_FLAGS, dir_fd=fd)
                except OSError as exc:
                    if exc.errno in (errno.EACCES, errno.EPERM):
                        budget.skips.add(skips.UNREADABLE_DIR)
                    continue  # vanished or swapped for a symlink: skip it
                try:
                    yield from self._walk_fd(cfd, item.rel, accept, budget, max_depth, key, depth + 1)
                finally:
                    os.close(cfd)

    def _walk_paths(self, rel, accept, budget, max_depth, key, depth) -> Iterator[tuple[DirItem, int]]:
        budget.check_deadline()
        items = self.scan(rel, accept, budget)
        items.sort(key=key)
        for item in items:
            yield item, depth
            if item.is_dir and (max_depth is None or depth < max_depth):
                if depth >= MAX_WALK_DEPTH:
                    budget.notice(DEPTH_NOTICE)
                    continue
                try:
                    yield from self._walk_paths(item.rel, accept, budget, max_depth, key, depth + 1)
                except RedctxError as exc:
                    if exc.code not in (Code.UNSAFE_PATH, Code.PATH_MISSING):
                        raise


__all__ = ["DEPTH_NOTICE", "DirItem", "FileStat", "FsRoot", "LinkGuard", "MAX_WALK_DEPTH", "identity"]
