"""Directories under the served root: opened without following symlinks, listed and walked.

Each directory is reached by opening the root and then every path component with
``O_NOFOLLOW`` relative to its parent's descriptor (``openat``), so a symlink, or a
directory swapped for one, is never followed; platforms without ``dir_fd`` support
fall back to per-component ``lstat`` checks. :class:`DirWalk` is the directory part
of :class:`sources.files.FsRoot`: listings that drop symlinks, special files and the
files :class:`sources.links.LinkGuard` refuses, and depth-first walks in case-folded
name order, bounded by :data:`MAX_WALK_DEPTH`. The host class provides ``path`` (the
resolved root) and ``guard``.

Imports: sources.paths, sources.links (types), skips, limits, errors.
"""

from __future__ import annotations

import errno
import os
import stat as st_mod
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from redacted_context_mcp import skips
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.sources.links import LinkGuard
from redacted_context_mcp.sources.paths import ROOT, split_rel

__all__ = ["DEPTH_NOTICE", "DIR_FD", "NOFOLLOW", "Accept", "DirItem", "DirWalk", "FileStat", "MAX_WALK_DEPTH",
           "classify"]

DIR_FD = os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd and os.scandir in os.supports_fd
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
#: Directories nested deeper than this are skipped with :data:`DEPTH_NOTICE` (each level holds one fd).
MAX_WALK_DEPTH = 200
DEPTH_NOTICE = f"[NOTICE: directories nested deeper than {MAX_WALK_DEPTH} levels were skipped]"

Accept = Callable[[str, str, bool], bool]
#: ``(rel, size, dev, ino, mtime_ns, ctime_ns)`` of one regular file found by :meth:`FsRoot.files`.
FileStat = tuple[str, int, int, int, int, int]


def _file_order(f: tuple[str, str, os.stat_result]) -> tuple[str, str]:
    return f[0].casefold(), f[0]


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


def classify(exc: OSError) -> RedctxError:
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        return RedctxError(Code.PATH_MISSING)
    if exc.errno == errno.ELOOP:
        return RedctxError(Code.UNSAFE_PATH)
    return RedctxError(Code.READ_FAILED)


class DirWalk:
    """Mixin of ``FsRoot``: directory descriptors, listings and walks."""

    path: str
    guard: LinkGuard

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
            return classify(exc)
        if st_mod.S_ISLNK(st.st_mode):
            return RedctxError(Code.UNSAFE_PATH)
        if not st_mod.S_ISDIR(st.st_mode):
            return RedctxError(Code.PATH_MISSING)
        return classify(exc)

    def _check_components(self, parts: list[str]) -> None:
        """Fallback containment: no component may be a symlink."""
        cur = self.path
        for part in parts:
            cur = os.path.join(cur, part)
            try:
                st = os.lstat(cur)
            except OSError as exc:
                raise classify(exc) from None
            if st_mod.S_ISLNK(st.st_mode):
                raise RedctxError(Code.UNSAFE_PATH)

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
        if not DIR_FD:
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
        if not DIR_FD:
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
        if not DIR_FD:
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

