"""The stdio wire: claim fd 1 for protocol messages and read bounded lines.

Imports: nothing from the package.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import BinaryIO

MAX_LINE_BYTES = 10 * 1024 * 1024
CHUNK_BYTES = 64 * 1024

#: Yielded by :func:`read_lines` in place of a line longer than the cap.
OVERSIZE = b"\x00oversize"


def claim_stdout() -> BinaryIO:
    """Keep a private duplicate of fd 1 for the wire and point fd 1 and ``sys.stdout`` at stderr.

    After this, a stray ``print`` or a library writing to fd 1 lands on stderr
    instead of corrupting the JSON-RPC stream.
    """
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    wire_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return os.fdopen(wire_fd, "wb", buffering=0)


def stdin_reader() -> BinaryIO:
    """The binary stdin stream."""
    return sys.stdin.buffer


def read_lines(
    reader: BinaryIO, *, max_bytes: int = MAX_LINE_BYTES, chunk: int = CHUNK_BYTES
) -> Iterator[bytes]:
    """Yield newline-terminated lines (without the newline) read in ``chunk``-sized pieces.

    A line longer than ``max_bytes`` is discarded as it streams in (never held in
    memory whole) and reported once as :data:`OVERSIZE`. A final line without a
    newline is still yielded at EOF.
    """
    read = getattr(reader, "read1", None) or reader.read
    parts: list[bytes] = []
    size = 0
    discarding = False
    while True:
        try:
            data = read(chunk)
        except (OSError, ValueError):
            data = b""
        if not data:
            break
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                piece = data[start:]
                if not discarding:
                    size += len(piece)
                    if size > max_bytes:
                        parts, size, discarding = [], 0, True
                    elif piece:
                        parts.append(piece)
                break
            piece = data[start:nl]
            start = nl + 1
            if discarding:
                discarding = False
                yield OVERSIZE
                continue
            if size + len(piece) > max_bytes:
                parts, size = [], 0
                yield OVERSIZE
                continue
            parts.append(piece)
            line = b"".join(parts)
            parts, size = [], 0
            yield line
    if discarding:
        yield OVERSIZE
    elif parts:
        yield b"".join(parts)
