"""Bounded reads of the config and its term files, and the nesting check run before ``tomllib``.

:func:`read_regular` opens without following symlinks or blocking on special files and
reads at most a limit; :func:`read_bounded` maps its failures to the config's fixed
messages. :func:`toml_nesting` bounds the bracket depth a config may reach ``tomllib`` with.

Imports: config_values.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from redacted_context_mcp.config_values import invalid

__all__ = [
    "MAX_CONFIG_BYTES", "MAX_TERM_FILE_BYTES", "MAX_TOML_NESTING", "read_bounded", "read_regular", "toml_nesting",
]

MAX_CONFIG_BYTES = 4_000_000
MAX_TERM_FILE_BYTES = 16_000_000

_OPEN_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
)
_READ_CHUNK = 1 << 20
#: Deepest ``[``/``{`` nesting a config may have; checked before ``tomllib`` sees the text.
MAX_TOML_NESTING = 32
# One scanner step: the next string opener, comment or bracket (strings are skipped whole).
_TOML_TOKEN = re.compile(r"\"\"\"|'''|[\"'#\[\]{}]")
_BASIC_REST = re.compile(r'(?:[^"\\\n]|\\.)*"')
_ML_BASIC_REST = re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.DOTALL)


def read_regular(path: Path, limit: int) -> bytes | None:
    """Bytes of a regular file of at most ``limit`` bytes, or ``None`` if it does not exist.

    Opened with ``O_NONBLOCK | O_NOFOLLOW`` and checked on the descriptor, so a
    FIFO, device or symlink swapped in after an earlier ``stat`` is refused
    instead of blocking. Raises ``OSError``: ``ELOOP`` for a symlink, ``EINVAL``
    for a special file, ``EFBIG`` over ``limit``.
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        if st.st_size > limit:
            raise OSError(errno.EFBIG, "file too large")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(_READ_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise OSError(errno.EFBIG, "file too large")
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_bounded(path: Path, limit: int, where: str) -> bytes | None:
    """:func:`read_regular` with each failure mapped to the config's own fixed message."""
    try:
        return read_regular(path, limit)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise invalid(f"{where}: the file is too large.") from None
        if exc.errno in (errno.EINVAL, errno.ELOOP, errno.ENXIO):  # special file or symlink
            raise invalid(f"{where}: not a regular file.") from None
        raise invalid(f"{where}: the file could not be read.") from None


def toml_nesting(text: str) -> int:
    """Deepest bracket nesting outside strings and comments (linear; stops at an unterminated string)."""
    depth = deepest = 0
    pos, n = 0, len(text)
    while pos < n:
        m = _TOML_TOKEN.search(text, pos)
        if m is None:
            break
        tok, pos = m.group(), m.end()
        if tok == "#":
            nl = text.find("\n", pos)
            pos = n if nl < 0 else nl + 1
        elif tok in ('"', '"""'):
            end = (_BASIC_REST if tok == '"' else _ML_BASIC_REST).match(text, pos)
            pos = n if end is None else end.end()
        elif tok in ("'", "'''"):
            end = text.find(tok, pos)
            pos = n if end < 0 else end + len(tok)
        elif tok in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(0, depth - 1)
    return deepest


