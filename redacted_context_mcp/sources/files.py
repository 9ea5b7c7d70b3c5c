"""Symlink-safe file access under one validated root.

Every access opens the root and then each path component with ``O_NOFOLLOW``
relative to its parent directory descriptor (``openat``; :mod:`sources.dirs`, which
also lists and walks directories), so a symlink, or a directory swapped for one, is
never followed: not while resolving, walking or reading. Reads compare (dev, inode,
size, mtime, ctime) before opening, after opening and after reading, and fail with
FILE_CHANGED on any difference. Inside :meth:`FsRoot.reading` (a scope's sniffs, a
batch of reads) consecutive reads in one directory reuse that directory's
descriptor, opened the same way.

Platforms without ``dir_fd`` support fall back to per-component ``lstat`` checks
plus the same identity comparison.

Hard links: :class:`sources.links.LinkGuard` refuses protected and multiply linked
files by inode; refused files are not listed by walks, and ``lstat``/reads of them
fail with ``PATH_EXCLUDED``.

Imports: sources.dirs, sources.links, sources.paths, errors.
"""

from __future__ import annotations

import errno
import os
import stat as st_mod
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources.dirs import DIR_FD, NOFOLLOW, DirWalk, classify
from redacted_context_mcp.sources.links import LinkGuard
from redacted_context_mcp.sources.paths import split_rel

_FILE_FLAGS = (
    os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
)
_READ_CHUNK = 1 << 20


def identity(st: os.stat_result) -> tuple[int, int, int, int, int]:
    """The metadata a read must see unchanged: (dev, ino, size, mtime_ns, ctime_ns)."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


class _DirMemo(threading.local):
    """Per thread: the descriptor of the directory the last read went through, inside :meth:`FsRoot.reading`."""

    depth = 0
    parts: tuple[str, ...] | None = None
    fd = -1


class FsRoot(DirWalk):
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


    # -- metadata ----------------------------------------------------------
    def lstat(self, rel: str) -> os.stat_result:
        """Metadata of ``rel`` with no symlink anywhere on the way (UNSAFE_PATH / PATH_MISSING)."""
        parts = split_rel(rel)
        if not parts:
            try:
                return os.stat(self.path)
            except OSError as exc:
                raise RedctxError(Code.PATH_MISSING) from exc
        if not DIR_FD:
            self._check_components(parts)
            st = os.lstat(os.path.join(self.path, *parts))
        else:
            dfd = self._open_dir(parts[:-1])
            try:
                st = os.stat(parts[-1], dir_fd=dfd, follow_symlinks=False)
            except OSError as exc:
                raise classify(exc) from None
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
        if DIR_FD:
            dfd, owned = self._file_dir(parts[:-1])
            name, kw = parts[-1], {"dir_fd": dfd}
        else:
            self._check_components(parts[:-1])
            dfd, owned, name, kw = -1, False, os.path.join(self.path, *parts), {}
        try:
            try:
                pre = os.stat(name, follow_symlinks=False, **kw)
            except OSError as exc:
                raise classify(exc) from None
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


__all__ = ["FsRoot", "LinkGuard", "identity"]
