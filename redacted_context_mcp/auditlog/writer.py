"""The append-only audit-log file: one sealed JSON line per record, a single writer.

Opened ``O_APPEND|O_CREAT|O_NOFOLLOW`` with mode 0600; refused at start when it is a
symlink, not a regular file, or inside the served root. Every line is written whole
with one lock held (lines never interleave), fsynced by a small flusher at least
once a second and on close. A failed write breaks the writer for good: the caller
fails closed. Reopening an existing log continues its chain with a ``resumed``
header; a line cut by a crash is terminated and named by that header
(``torn_line``). ``max_bytes`` rotates ``FILE`` to ``FILE.1`` (older files shift to
``.2``, ``.3``...) and the new file's header chains to the old file's last HMAC.

Imports: errors, auditlog.chain.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import threading
import time
from json.encoder import encode_basestring_ascii
from pathlib import Path
from typing import Any

from redacted_context_mcp.auditlog.chain import FORMAT, GENESIS, Sealer, key_id, request_parts, seal
from redacted_context_mcp.errors import Code, RedctxError

_OPEN_FLAGS = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)
_TAIL_BYTES = 1 << 16


def _refuse(detail: str) -> RedctxError:
    return RedctxError(Code.AUDIT_LOG_REFUSED, detail=detail)


_SECOND: list[Any] = [None, ""]  # the last whole second formatted (strftime costs more than the rest)
_LAST: tuple[int, str] = (-1, "")  # the last millisecond formatted (several calls can share one)
_MILLIS = tuple(f".{i:03d}Z" for i in range(1000))


def utc_now(clock: float | None = None) -> str:
    """``YYYY-MM-DDTHH:MM:SS.mmmZ`` for ``clock`` (default: now)."""
    global _LAST
    ms = int((time.time() if clock is None else clock) * 1000)
    last = _LAST
    if last[0] == ms:
        return last[1]
    sec, head = _SECOND
    if sec != ms // 1000:
        head = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000))
        _SECOND[:] = [ms // 1000, head]
    out = head + _MILLIS[ms % 1000]
    _LAST = (ms, out)
    return out


def check_location(path: Path, root: Path) -> Path:
    """The absolute log path; refuses a symlink or a place inside the served root."""
    path = Path(os.path.abspath(path))
    if path.is_symlink():
        raise _refuse("the log file is a symlink.")
    real = Path(os.path.realpath(path.parent)) / path.name
    real_root = Path(os.path.realpath(root))
    if real == real_root or real_root in real.parents:
        raise _refuse("the log file is inside the served root.")
    return path


def _scan(path: Path) -> tuple[int, bytes, bool]:
    """(line count, last bytes, ends with a cut line) of an existing log, streaming."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        raise _refuse("the log file could not be read.") from None
    lines, tail = 0, b""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise _refuse("the log file is not a regular file.")
        while chunk := os.read(fd, 1 << 20):
            lines += chunk.count(b"\n")
            tail = (tail + chunk)[-_TAIL_BYTES:]
    finally:
        os.close(fd)
    torn = bool(tail) and not tail.endswith(b"\n")
    return lines + (1 if torn else 0), tail, torn


def _prev_forms(prev: str) -> tuple[str, bytes]:
    """``prev`` as a canonical JSON value and as the first bytes of the next HMAC (as ``chain.seal`` spells them)."""
    return encode_basestring_ascii(prev), prev.encode("ascii", "replace") + b"\n"


def _last_state(tail: bytes) -> tuple[str, int]:
    """(last HMAC, last entry seq) from the last complete, parseable line."""
    for raw in reversed(tail.split(b"\n")[:-1]):
        try:
            obj = json.loads(raw)
            return str(obj["mac"]), int(obj.get("seq", 0))
        except (ValueError, KeyError, TypeError):
            continue
    return GENESIS, 0


class AuditWriter:
    """Thread-safe single writer of one audit-log chain."""

    def __init__(self, path: Path, key: bytes, *, root: Path, max_bytes: int | None = None,
                 flush_seconds: float = 1.0) -> None:
        self.path = check_location(path, root)
        self._key = key
        self._sealer = Sealer(key)
        self._ipad, self._opad = self._sealer.pads()
        self._max = max_bytes if max_bytes and max_bytes > 0 else None
        self._lock = threading.Lock()
        self._prev, self._seq = GENESIS, 0
        self._prev_json, self._prev_nl = _prev_forms(GENESIS)
        self._fd = -1
        self._size = 0
        self._dirty = False
        self.broken = False
        self._pending_nl = False
        start, torn_line = "new", None
        if os.path.lexists(self.path):
            count, tail, torn = _scan(self.path)
            if count:
                whole = _last_state(tail + b"\n") if torn else None  # cut right before its newline?
                self._prev, self._seq = _last_state(tail)
                if whole is not None and whole != _last_state(tail):
                    self._prev, self._seq = whole
                    torn, self._pending_nl = False, True
                self._prev_json, self._prev_nl = _prev_forms(self._prev)
                start, torn_line = "resumed", (count if torn else None)
        self._open(exclusive=False)
        try:
            if torn_line is not None or self._pending_nl:
                self._write(b"\n")
            self._header(start, torn_line)
        except OSError:
            self._close_fd()
            raise _refuse("the log file could not be written.") from None
        self._stop = threading.Event()
        self._flusher = threading.Thread(target=self._flush_loop, args=(flush_seconds,),
                                         name="redctx-audit-flush", daemon=True)
        self._flusher.start()

    # ------------------------------------------------------------------ file
    def _open(self, *, exclusive: bool) -> None:
        flags = _OPEN_FLAGS | (os.O_EXCL if exclusive else 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(self.path, flags, 0o600)
        except OSError:
            raise _refuse("the log file could not be opened.") from None
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            os.close(fd)
            raise _refuse("the log file is not a regular file.")
        with contextlib.suppress(OSError):
            os.fchmod(fd, 0o600)
        self._fd, self._size = fd, st.st_size

    def _write(self, data: bytes) -> None:
        n = os.write(self._fd, data)
        self._size += n
        if n < len(data):  # a short write (full disk, signal): finish the line
            view = memoryview(data)[n:]
            while view:
                n = os.write(self._fd, view)
                view = view[n:]
                self._size += n
        self._dirty = True

    def _header(self, start: str, torn_line: int | None = None) -> None:
        fields: dict[str, Any] = {"type": "header", "format": FORMAT, "time": utc_now(), "start": start,
                                  "key_id": key_id(self._key), "seq": self._seq}
        if torn_line is not None:
            fields["torn_line"] = torn_line
        line, mac = seal(self._key, self._prev, fields)
        self._write(line)
        self._set_prev(mac)

    def _rotate(self) -> None:
        self._sync_locked()
        self._close_fd()
        n = 1
        while os.path.lexists(f"{self.path}.{n}"):
            n += 1
        for i in range(n - 1, 0, -1):
            os.rename(f"{self.path}.{i}", f"{self.path}.{i + 1}")
        os.rename(self.path, f"{self.path}.1")
        self._open(exclusive=True)
        self._header("rotated")

    # ------------------------------------------------------------------- api
    def append(self, fields: dict[str, Any]) -> bool:
        """Seal and write one entry (``seq`` is assigned here); ``False`` once the log is broken."""
        with self._lock:
            if self.broken:
                return False
            try:
                body = {"seq": self._seq + 1, **fields}
                line, mac = seal(self._key, self._prev, body)
                if self._max is not None and self._size + len(line) > self._max and self._size > 0:
                    self._rotate()
                    line, mac = seal(self._key, self._prev, body)
                self._write(line)
            except (OSError, ValueError, TypeError, RecursionError):
                self.broken = True
                return False
            self._set_prev(mac)
            self._seq += 1
            return True

    def _set_prev(self, mac: str) -> None:
        self._prev = mac
        self._prev_json, self._prev_nl = _prev_forms(mac)

    def append_request(self, fields: dict[str, Any]) -> bool:
        """:meth:`append` for a request entry (exactly ``chain.REQUEST_FIELDS``): the same line, built faster.

        The fields are encoded before the lock is taken; under it only ``prev`` and ``seq``
        are joined in, the HMAC computed and the line written.
        """
        try:
            parts = request_parts(fields)
        except (ValueError, TypeError, RecursionError):
            with self._lock:
                self.broken = True
            return False
        return self.append_parts(parts)

    def append_parts(self, parts: tuple[str, str, str]) -> bool:
        """Write a request entry already laid out by ``chain.request_parts`` (or the same way).

        What :meth:`chain.Sealer.seal_request` does, inline (this runs once per call): ``prev`` is
        kept in its JSON form and as the HMAC's first bytes, the HMAC pads are copied, and the
        whole line goes out in one unbuffered ``write`` on the ``O_APPEND`` descriptor.
        """
        head, mid, tail = parts
        with self._lock:
            if self.broken:
                return False
            seq = self._seq + 1
            try:
                body = f'{head}"prev":{self._prev_json},{mid}"seq":{seq},{tail}'.encode("ascii")
                inner = self._ipad.copy()
                inner.update(self._prev_nl)
                inner.update(body)
                outer = self._opad.copy()
                outer.update(inner.digest())
                mac = outer.hexdigest()
                line = b"".join((body[:-1], b',"mac":"', mac.encode("ascii"), b'"}\n'))
                if self._max is not None and self._size + len(line) > self._max and self._size > 0:
                    self._rotate()
                    line, mac = self._sealer.seal_request(self._prev, seq, parts)
                n = os.write(self._fd, line)
                self._size += n
                self._dirty = True
                if n < len(line):
                    self._write(line[n:])
            except (OSError, ValueError):
                self.broken = True
                return False
            self._prev = mac
            self._prev_json = f'"{mac}"'
            self._prev_nl = f"{mac}\n".encode("ascii")
            self._seq = seq
            return True

    def _sync_locked(self) -> None:
        if self._dirty and self._fd >= 0:
            os.fsync(self._fd)
            self._dirty = False

    def _flush_loop(self, seconds: float) -> None:
        while not self._stop.wait(seconds):
            self.sync()

    def sync(self) -> None:
        """fsync what was written so far without holding the write lock across the fsync.

        A request thread appending meanwhile never waits for the disk: the lock covers only
        taking a duplicate descriptor of the current file (rotation and close sync on their own).
        """
        with self._lock:
            if not self._dirty or self._fd < 0 or self.broken:
                return
            self._dirty = False
            try:
                fd = os.dup(self._fd)
            except OSError:
                self.broken = True
                return
        try:
            os.fsync(fd)
        except OSError:
            self.broken = True  # later appends fail closed
        finally:
            os.close(fd)

    def _close_fd(self) -> None:
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = -1

    def close(self) -> None:
        """Stop the flusher, fsync and close (idempotent)."""
        self._stop.set()
        with self._lock:
            with contextlib.suppress(OSError):
                self._sync_locked()
            self._close_fd()
            self.broken = True
