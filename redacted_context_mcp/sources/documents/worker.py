"""Run one conversion in a short-lived worker process and read back a status and text.

The worker is a fresh interpreter (``-I -B``: no user site, no environment
paths, no bytecode writes) in its own session, so the whole process group is
killed when the deadline passes; the parent always reaps it (``wait``), so a
killed or crashed worker leaves no zombie. The child's stderr goes to
``/dev/null`` and its environment is minimal (no tokens or proxies inherited).
Only a status slug crosses back; the parent maps it to a fixed error.

Imports: errors, sources.documents.limits.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources.documents import limits

_PKG_PARENT = str(Path(__file__).resolve().parents[3])
_BOOT = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); "
    "from redacted_context_mcp.sources.documents.entry import main; sys.exit(main())"
)
_STATUS_CODES = {
    "encrypted": Code.DOCUMENT_ENCRYPTED,
    "malformed": Code.DOCUMENT_MALFORMED,
    "output": Code.DOCUMENT_OUTPUT,
    "failed": Code.DOCUMENT_FAILED,
}
#: UTF-8 of the largest allowed extract, plus the status line.
_MAX_RESULT_BYTES = limits.MAX_OUTPUT_CHARS * 4 + 64


def _child_env() -> dict[str, str]:
    dead = "http://127.0.0.1:9"  # nothing listens there: an accidental fetch fails at once
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
           "PYTHONIOENCODING": "utf-8", "HTTP_PROXY": dead, "HTTPS_PROXY": dead, "http_proxy": dead,
           "https_proxy": dead, "NO_PROXY": "", "no_proxy": "", "OMP_NUM_THREADS": "1"}
    return env


def command(kind: str, python: str | None = None) -> list[str]:
    """The worker's argv for a ``kind`` document."""
    return [python or sys.executable, "-I", "-B", "-c", _BOOT, _PKG_PARENT, kind]


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        try:
            proc.kill()
        except OSError:
            pass


def run_worker(kind: str, data: bytes, *, deadline: float = limits.DEADLINE_SECONDS,
               argv: list[str] | None = None) -> str:
    """The raw Markdown of ``data`` converted in a worker; fixed errors only.

    ``argv`` replaces the worker command (tests run a stand-in child through the
    same lifetime code). Raises DOCUMENT_DEADLINE, DOCUMENT_FAILED (crash, bad
    reply), DOCUMENT_ENCRYPTED, DOCUMENT_MALFORMED, DOCUMENT_OUTPUT.
    """
    try:
        proc = subprocess.Popen(argv or command(kind), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, cwd="/", env=_child_env(),
                                start_new_session=True, close_fds=True)
    except OSError:
        raise RedctxError(Code.DOCUMENT_FAILED) from None
    try:
        out, _ = proc.communicate(data, timeout=deadline)
    except subprocess.TimeoutExpired:
        _kill(proc)
        proc.communicate()
        raise RedctxError(Code.DOCUMENT_DEADLINE) from None
    except BaseException:
        _kill(proc)
        proc.communicate()
        raise
    finally:
        if proc.returncode is None:  # pragma: no cover - communicate() reaps on every path above
            _kill(proc)
            proc.wait()
    status, nl, body = out.partition(b"\n")
    if not nl or proc.returncode != 0 or len(out) > _MAX_RESULT_BYTES:
        raise RedctxError(Code.DOCUMENT_FAILED)
    slug = status.decode("ascii", "replace")
    if slug != "ok":
        raise RedctxError(_STATUS_CODES.get(slug, Code.DOCUMENT_FAILED))
    return body.decode("utf-8", "replace")


__all__ = ["command", "run_worker"]
