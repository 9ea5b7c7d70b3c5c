"""One index worker process: redacts batches of raw text for the parent service, nothing else.

Started by :mod:`redacted_context_mcp.service.indexer` as
``python -m redacted_context_mcp.service.index_worker`` with stdin/stdout pipes to the parent and
stderr on ``/dev/null``. Frames are ``kind (1 byte) + length (8 bytes) + payload``:

* ``I`` (parent -> worker, pickled ``(token, policy, salt key)``): build the one redactor of this
  worker's life; answered ``R``. A worker serves one policy generation and is killed when it ends.
* ``B`` (marshal ``[(slot, text), ...]``): answered ``D`` with marshal ``(results, owners)`` where
  each result is ``(slot, text, counts, mark offsets, mark categories)`` and ``owners`` the
  placeholder map entries this batch added; ``E`` with a fixed error slug, or ``F`` (failed).

The worker holds raw text only while redacting it, writes nothing else anywhere, and exits at EOF
(the parent closed the pipe or died).

Imports: redaction.engine, config (types), errors.
"""

from __future__ import annotations

import marshal
import os
import pickle
import struct
import sys
from typing import BinaryIO

HEAD = struct.Struct("<cQ")
MAX_FRAME = 1 << 30  # a batch is far smaller; a longer frame is a broken pipe, not a request


def send(out: BinaryIO, kind: bytes, payload: bytes) -> None:
    out.write(HEAD.pack(kind, len(payload)) + payload)
    out.flush()


def recv(inp: BinaryIO) -> tuple[bytes, bytes] | None:
    """One frame, or ``None`` at EOF (or a torn frame)."""
    head = inp.read(HEAD.size)
    if len(head) < HEAD.size:
        return None
    kind, size = HEAD.unpack(head)
    if size > MAX_FRAME:
        return None
    payload = inp.read(size)
    if len(payload) < size:
        return None
    return kind, payload


def serve(inp: BinaryIO, out: BinaryIO) -> int:
    from redacted_context_mcp.errors import RedctxError
    from redacted_context_mcp.redaction.engine import Redactor

    redactor = None
    while True:
        msg = recv(inp)
        if msg is None:
            return 0
        kind, payload = msg
        if kind == b"I":
            if redactor is not None:  # one generation per worker: a second init is a parent bug
                return 2
            token, policy, salt = pickle.loads(payload)  # noqa: S301 - from the parent process only
            redactor = Redactor(policy, salt)
            redactor.terms.wait(None)
            send(out, b"R", marshal.dumps(token))
            continue
        if kind != b"B" or redactor is None:
            return 2
        start = redactor.owner_count
        try:
            done = []
            for slot, text, kind in marshal.loads(payload):
                r = redactor.redact(text, kind=kind)
                done.append((slot, r.text, dict(r.counts), list(r.mark_offsets), list(r.mark_categories)))
            reply = marshal.dumps((done, redactor.owners_since(start)))
            del done
        except RedctxError as exc:
            send(out, b"E", marshal.dumps(exc.code.name))
        except Exception:  # noqa: BLE001 - the parent redoes the batch in-process, where errors are handled
            send(out, b"F", b"")
        else:
            send(out, b"D", reply)


def main() -> int:
    inp = sys.stdin.buffer
    out = os.fdopen(os.dup(1), "wb")
    sys.stdout = sys.stderr  # nothing but frames on the pipe, whatever a module prints
    try:
        return serve(inp, out)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    except BaseException:  # noqa: BLE001 - never a traceback: exit, the parent redoes the work in-process
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
