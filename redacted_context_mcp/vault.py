"""Vault salt: config, then environment, then a random salt in user-local state.

The local-state salt is 256 random bits stored as 64 lower-case hex characters
(plus an optional trailing newline) in ``<state dir>/vault-salt``; the HMAC key
is that hex string encoded as UTF-8. The state directory is
``$REDACTED_CONTEXT_STATE_DIR``, else ``$XDG_STATE_HOME/redacted-context-mcp``,
else ``~/.local/state/redacted-context-mcp``. First creation happens under an
exclusive lock and is published atomically (temp file, fsync, rename), so
concurrent first runs agree on one salt. Empty or malformed state, or a state
directory inside the served root, fails closed: the salt is never silently
rotated.

Imports: errors.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from redacted_context_mcp.errors import Code, RedctxError

SALT_ENV = "REDACTED_CONTEXT_SALT"
STATE_DIR_ENV = "REDACTED_CONTEXT_STATE_DIR"
STATE_SUBDIR = "redacted-context-mcp"
SALT_FILE = "vault-salt"
LOCK_FILE = "vault-salt.lock"

_SALT_SHAPE = re.compile(rb"[0-9a-f]{64}\n?\Z")

#: Purposes of keys derived from the salt (placeholders and path ids use the salt key itself).
#: The derivation message starts with a NUL-separated label no placeholder message can have.
DERIVED_PURPOSES = frozenset({"audit-log/1", "audit-arg/1"})


def derived_key(salt_key: bytes, purpose: str) -> bytes:
    """A per-purpose key: HMAC-SHA256(salt, ``redctx-derive\\0<purpose>``), domain-separated."""
    if purpose not in DERIVED_PURPOSES:
        raise ValueError("unknown key purpose")
    return hmac.new(salt_key, b"redctx-derive\0" + purpose.encode("ascii"), hashlib.sha256).digest()


@dataclass(frozen=True)
class Salt:
    """The HMAC key (the salt string as UTF-8) and where it came from."""

    key: bytes = field(repr=False)
    source: str  # "config" | "environment" | "local-state"
    state_path: Path | None = None  # the local-state file, when source is "local-state"


def _fail(detail: str) -> RedctxError:
    return RedctxError(Code.SALT_STATE_INVALID, detail=detail)


def state_dir(environ: Mapping[str, str]) -> Path:
    """The user-local state directory for the vault salt (not created)."""
    explicit = environ.get(STATE_DIR_ENV, "")
    if explicit:
        return Path(os.path.abspath(os.path.expanduser(explicit)))
    xdg = environ.get("XDG_STATE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / STATE_SUBDIR
    home = environ.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "state" / STATE_SUBDIR


def resolve_salt(config_salt: str | None, root: Path, environ: Mapping[str, str]) -> Salt:
    """The active salt: config, else ``REDACTED_CONTEXT_SALT``, else local state.

    An empty environment variable counts as unset. Raises
    ``RedctxError(SALT_STATE_INVALID)`` when the local state is unusable.
    """
    if config_salt:
        return Salt(config_salt.encode("utf-8"), "config")
    env = environ.get(SALT_ENV)
    if env:
        return Salt(env.encode("utf-8"), "environment")
    directory = state_dir(environ)
    _refuse_inside_root(directory, root)
    return Salt(local_state_salt(directory), "local-state", directory / SALT_FILE)


def _refuse_inside_root(directory: Path, root: Path) -> None:
    d = Path(os.path.realpath(directory))
    r = Path(os.path.realpath(root))
    if d == r or r in d.parents:
        raise _fail("the state directory is inside the served root.")


def local_state_salt(directory: Path) -> bytes:
    """Read the salt in ``directory``, creating it once under an exclusive lock."""
    path = directory / SALT_FILE
    existing = _read_salt(path)
    if existing is not None:
        return existing
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        raise _fail("the state directory could not be created.") from None
    with _exclusive_lock(directory / LOCK_FILE):
        existing = _read_salt(path)  # another process may have won the race
        if existing is None:
            _publish(path, secrets.token_hex(32).encode("ascii") + b"\n")
            existing = _read_salt(path)
    if existing is None:
        raise _fail("the salt state file could not be created.")
    return existing


def _read_salt(path: Path) -> bytes | None:
    """The validated key, ``None`` if absent; fails closed on anything else."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        raise _fail("the salt state file could not be read.") from None
    if not stat.S_ISREG(st.st_mode):
        raise _fail("the salt state file is not a regular file.")
    try:
        with open(path, "rb") as fh:
            data = fh.read(1024)
    except OSError:
        raise _fail("the salt state file could not be read.") from None
    if not data.strip():
        raise _fail("the salt state file is empty.")
    if not _SALT_SHAPE.match(data):
        raise _fail("the salt state file is malformed.")
    return data[:64]


def _publish(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically with mode 0600 (caller holds the lock)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _fail("the salt state file could not be written.") from None


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def _exclusive_lock(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``lock_path`` (created if needed)."""
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        raise _fail("the salt state lock could not be taken.") from None
    try:
        try:
            import fcntl  # POSIX

            fcntl.flock(fd, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - Windows
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
        except OSError:
            raise _fail("the salt state lock could not be taken.") from None
        yield
    finally:
        os.close(fd)  # closing releases the lock
