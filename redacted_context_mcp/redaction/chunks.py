"""Large texts are collected in chunks, so a long text costs linear time whatever the stages do.

A text longer than :data:`CHUNK_CHARS` is cut at a line break (else a space) and each
chunk collected with :data:`CHUNK_MARGIN` characters of context on each side; a
caller's ``check`` (a deadline or cancellation test that raises) runs between chunks.
Only a value longer than the margin that crosses a cut is seen in pieces (each piece
goes through every stage on its own).

Imports: redaction.spans.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from redacted_context_mcp.redaction.spans import Hit

CHUNK_CHARS = 1 << 18
CHUNK_MARGIN = 8192


def chunk_bounds(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of consecutive chunks of about CHUNK_CHARS, cut after a line break if possible."""
    n = len(text)
    a = 0
    while a < n:
        b = a + CHUNK_CHARS
        if b >= n:
            yield a, n
            return
        cut = text.rfind("\n", a + CHUNK_CHARS // 2, b)
        if cut < 0:
            cut = text.rfind(" ", a + CHUNK_CHARS // 2, b)
        b = cut + 1 if cut >= 0 else b
        yield a, b
        a = b


def chunked_hits(text: str, collect: Callable[[str], list[Hit]],
                 check: Callable[[], None] | None = None) -> list[Hit]:
    """The ordered hits of ``text`` as ``collect`` finds them, chunk by chunk when it is large."""
    if len(text) <= CHUNK_CHARS:
        if check is not None:
            check()
        return collect(text)
    out: list[Hit] = []
    floor = 0  # everything before it is decided
    for a, b in chunk_bounds(text):
        if check is not None:
            check()
        lo, hi = max(0, a - CHUNK_MARGIN), min(len(text), b + CHUNK_MARGIN)
        for h in collect(text[lo:hi]):
            start, end = h[0] + lo, h[1] + lo
            if start >= b or end <= floor:
                continue
            if start < floor:  # a value crossing the boundary: only its undecided rest
                out.append(Hit(floor, end, h[2], h[3], h[4]))
            else:
                out.append(Hit(start, end, h[2], h[3], h[4]))
            floor = end
        floor = max(floor, b)
    return out
