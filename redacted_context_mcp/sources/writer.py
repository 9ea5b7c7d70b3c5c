"""Confined, atomic file publishing under a validated root (controlled writes, ``redctx rehydrate``).

Every component is opened relative to its parent's descriptor with
``O_NOFOLLOW | O_DIRECTORY``, both when a target is checked and again when it
is published, so a symlink swapped into any component between the check and
the publish is refused, never followed. Content goes to a same-directory temp
file (``.redctx-write-<hex>.tmp``, a never-serve name, so a half-written file is
never listed or read), is flushed to disk, and only then gets its name:

* without overwrite by ``link`` (fails if the name exists: of two concurrent
  publishers exactly one wins), then the temp name is removed;
* with overwrite by ``rename`` over the old file (atomic replace).

On any failure the temp file is removed and nothing is left behind. Errors are
fixed :class:`RedctxError` codes; no path reaches a message.

Imports: errors, sources.paths.
"""

from __future__ import annotations

import os
import secrets
import stat as st_mod
from collections.abc import Sequence
from enum import Enum

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources.paths import WRITE_TEMP_PREFIX

__all__ = ["State", "check_no_symlinks", "publish", "target_state"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
_TMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | getattr(os, "O_BINARY", 0)
_DIR_FD = os.open in os.supports_dir_fd and os.link in os.supports_dir_fd
#: New files are private to the operator, like the folder they land in should be.
FILE_MODE = 0o600
DIR_MODE = 0o700


class State(Enum):
    ABSENT = "absent"
    FILE = "file"
    DIR = "dir"


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _open_root(root: str) -> int:
    try:
        return os.open(root, _DIR_FLAGS)
    except OSError:
        raise RedctxError(Code.PUBLISH_FAILED) from None


def _refusal(dfd: int, name: str) -> RedctxError:
    """Why ``name`` could not be opened as a directory below ``dfd``."""
    try:
        st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
    except OSError:
        return RedctxError(Code.PUBLISH_FAILED)
    if st_mod.S_ISLNK(st.st_mode):
        return RedctxError(Code.WRITE_SYMLINK)
    if not st_mod.S_ISDIR(st.st_mode):  # a file where the path needs a directory
        return RedctxError(Code.WRITE_NOT_RELATIVE)
    return RedctxError(Code.PUBLISH_FAILED)


def _descend(root: str, dirs: Sequence[str], *, create_from: int | None) -> int | None:
    """A descriptor of directory ``dirs`` below ``root``; ``None`` when a component is missing.

    Missing components at index ``create_from`` or later are created (``None``: never).
    """
    fd = _open_root(root)
    for i, name in enumerate(dirs):
        try:
            nfd = os.open(name, _DIR_FLAGS, dir_fd=fd)
        except FileNotFoundError:
            if create_from is None or i < create_from:
                _close(fd)
                if create_from is None:
                    return None
                raise RedctxError(Code.PUBLISH_FAILED) from None
            try:
                os.mkdir(name, DIR_MODE, dir_fd=fd)
            except FileExistsError:
                pass  # made meanwhile: opened (and checked) below like any directory
            except OSError:
                _close(fd)
                raise RedctxError(Code.PUBLISH_FAILED) from None
            try:
                nfd = os.open(name, _DIR_FLAGS, dir_fd=fd)
            except OSError:
                err = _refusal(fd, name)
                _close(fd)
                raise err from None
        except OSError:
            err = _refusal(fd, name)
            _close(fd)
            raise err from None
        _close(fd)
        fd = nfd
    return fd


def _state_at(dfd: int, name: str) -> State:
    try:
        st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
    except FileNotFoundError:
        return State.ABSENT
    except OSError:
        raise RedctxError(Code.PUBLISH_FAILED) from None
    if st_mod.S_ISLNK(st.st_mode):
        raise RedctxError(Code.WRITE_SYMLINK)
    if st_mod.S_ISDIR(st.st_mode):
        return State.DIR
    return State.FILE


def check_no_symlinks(root: str, parts: Sequence[str]) -> None:
    """Refuse (WRITE_SYMLINK) when any existing component of ``parts`` is a symlink."""
    if not parts:
        return
    fd = _descend(root, parts[:-1], create_from=None)
    if fd is None:
        return  # the rest does not exist yet: nothing below can be a link
    try:
        _state_at(fd, parts[-1])
    finally:
        _close(fd)


def target_state(root: str, parts: Sequence[str]) -> State:
    """What is at ``parts`` now (symlinks refused in every component)."""
    if not _DIR_FD:
        raise RedctxError(Code.PUBLISH_FAILED)
    fd = _descend(root, parts[:-1], create_from=None)
    if fd is None:
        return State.ABSENT
    try:
        return _state_at(fd, parts[-1])
    finally:
        _close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def publish(root: str, parts: Sequence[str], data: bytes, *, overwrite: bool, create_from: int,
            durable: bool = True) -> None:
    """Write ``data`` to ``parts`` below ``root`` atomically (see the module docstring).

    Directories missing at index ``create_from`` or later are created. ``durable``
    flushes the file and its directory to disk (a many-file export skips it). Raises
    TARGET_EXISTS, TARGET_IS_DIR, WRITE_SYMLINK or PUBLISH_FAILED; nothing is left on failure.
    """
    if not _DIR_FD or not parts:
        raise RedctxError(Code.PUBLISH_FAILED)
    dfd = _descend(root, parts[:-1], create_from=create_from)
    assert dfd is not None
    name = parts[-1]
    tmp = f"{WRITE_TEMP_PREFIX}{secrets.token_hex(8)}.tmp"
    made = False
    try:
        if _state_at(dfd, name) is State.DIR:
            raise RedctxError(Code.TARGET_IS_DIR)
        try:
            fd = os.open(tmp, _TMP_FLAGS, FILE_MODE, dir_fd=dfd)
        except OSError:
            raise RedctxError(Code.PUBLISH_FAILED) from None
        made = True
        try:
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
        except OSError:
            raise RedctxError(Code.PUBLISH_FAILED) from None
        finally:
            _close(fd)
        if overwrite:
            if _state_at(dfd, name) is State.DIR:  # refuses a symlink swapped in meanwhile too
                raise RedctxError(Code.TARGET_IS_DIR)
            try:
                os.rename(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
            except IsADirectoryError:
                raise RedctxError(Code.TARGET_IS_DIR) from None
            except OSError:
                raise RedctxError(Code.PUBLISH_FAILED) from None
            made = False
        else:
            try:
                os.link(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd, follow_symlinks=False)
            except FileExistsError:
                state = _state_at(dfd, name)
                raise RedctxError(Code.TARGET_IS_DIR if state is State.DIR else Code.TARGET_EXISTS) from None
            except OSError:  # no hard links on this filesystem included: refuse rather than race
                raise RedctxError(Code.PUBLISH_FAILED) from None
        if durable:
            try:
                os.fsync(dfd)
            except OSError:
                pass  # the data itself is on disk; some filesystems refuse directory fsync
    finally:
        if made:
            try:
                os.unlink(tmp, dir_fd=dfd)
            except OSError:
                pass
        _close(dfd)
