"""Bounded line reading and claiming fd 1 for the wire."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from redacted_context_mcp.protocol.stdio import OVERSIZE, read_lines
from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[2]


class CountingReader(io.RawIOBase):
    """Produces ``size`` bytes of one long line, then a newline and a short line, in chunks."""

    def __init__(self, size: int) -> None:
        self.remaining = size
        self.tail = b"\nnext\n"
        self.largest_request = 0

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        self.largest_request = max(self.largest_request, n)
        if self.remaining > 0:
            k = min(n, self.remaining)
            self.remaining -= k
            return b"x" * k
        out, self.tail = self.tail[:n], self.tail[n:]
        return out


def test_lines_are_split_on_newlines_across_chunk_boundaries():
    data = b"alpha\nbeta\n\ngamma"
    assert list(read_lines(io.BytesIO(data), chunk=3)) == [b"alpha", b"beta", b"", b"gamma"]


def test_a_line_at_exactly_the_cap_is_accepted_and_one_byte_more_is_refused():
    data = b"a" * 10 + b"\n" + b"b" * 11 + b"\nok\n"
    assert list(read_lines(io.BytesIO(data), max_bytes=10, chunk=4)) == [b"a" * 10, OVERSIZE, b"ok"]


@invariant("BOUND-3")
def test_an_oversize_line_is_streamed_in_64k_chunks_and_reported_once():
    reader = CountingReader(11 * 1024 * 1024)
    lines = list(read_lines(reader))
    assert lines == [OVERSIZE, b"next"]
    assert reader.largest_request == 64 * 1024


def test_an_oversize_line_cut_by_eof_is_still_reported():
    assert list(read_lines(io.BytesIO(b"x" * 50), max_bytes=10, chunk=8)) == [OVERSIZE]


@invariant("PROTO-2")
def test_claiming_stdout_sends_stray_prints_to_stderr():
    code = (
        "import os\n"
        "from redacted_context_mcp.protocol.stdio import claim_stdout\n"
        "wire = claim_stdout()\n"
        "print('stray print')\n"
        "os.write(1, b'stray fd write\\n')\n"
        "wire.write(b'{\"wire\":1}\\n')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60, cwd=REPO, check=False)
    assert out.stdout == b'{"wire":1}\n'
    assert b"stray print" in out.stderr and b"stray fd write" in out.stderr
