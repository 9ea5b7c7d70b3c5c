"""Live policy: re-check the config and term files by metadata before each request.

State machine (spec diagram 8): *active* --metadata changed--> *reload*;
a valid reload becomes the new active policy (generation + 1); an invalid,
unreadable or removed config, or a previously loaded, still-referenced term file
that disappeared, *blocks* (``POLICY_BLOCKED``); a valid policy whose salt
differs from the startup salt *salt-blocks* (``SALT_CHANGED``). Both blocked
states re-check on every call and recover, with a new generation, once the
files are repaired or the original salt is restored. A stale policy is never
served. The unchanged path costs one ``os.stat`` per watched file.

The fingerprint of a watched file is (mtime_ns, ctime_ns, size, inode, dev):
``cp -p`` or ``touch -r`` can restore an mtime but not a ctime. A file whose
ctime is within :data:`RACY_NS` of the moment it was stamped is *ambiguous*
(a rewrite on a coarse-timestamp filesystem may not change any metadata), so
its content hash is kept and re-checked on every call until the stamp ages.

Locking: ``_lock`` guards the state and is held only for comparisons and the
commit; a reload (bounded, non-blocking reads of regular files only) runs under
``_reload_lock`` so reloads are ordered and a stale load never overwrites a newer one.

Imports: config, config_files, vault, errors.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from redacted_context_mcp.config import CONFIG_NAME, Policy, load_policy
from redacted_context_mcp.config_files import MAX_CONFIG_BYTES, MAX_TERM_FILE_BYTES, read_regular
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.vault import SALT_ENV, Salt, resolve_salt

#: (st_mtime_ns, st_ctime_ns, st_size, st_ino, st_dev), None when absent, or an error marker.
Stamp = tuple[int, int, int, int, int] | str | None
_UNKNOWN = "unknown"  # never equal to a real stamp: forces one more check
#: A stamp whose ctime is this close to the time it was taken may hide a same-second rewrite.
RACY_NS = 2_000_000_000


@dataclass(frozen=True)
class PolicyState:
    """One valid policy generation. ``generation`` increases on every successful reload."""

    policy: Policy
    salt: Salt
    generation: int


def _stamp(path: Path) -> Stamp:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:  # unreadable metadata: treat as a change, the reload decides
        return f"error:{exc.errno}"
    return (st.st_mtime_ns, st.st_ctime_ns, st.st_size, st.st_ino, st.st_dev)


def _digest(path: Path) -> str:
    """Content hash of a watched file (bounded, non-blocking read); a marker when unreadable."""
    try:
        data = read_regular(path, max(MAX_CONFIG_BYTES, MAX_TERM_FILE_BYTES))
    except OSError as exc:
        return f"error:{exc.errno}"
    return "absent" if data is None else hashlib.sha256(data).hexdigest()


class LivePolicy:
    """The active policy and salt, re-validated cheaply at every request boundary."""

    def __init__(
        self,
        root: Path,
        config_path: Path | None = None,
        *,
        mode: str | None = None,
        detector_profile: str | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        self.root = Path(root)
        self.config_path = config_path
        self.mode = mode
        self.detector_profile = detector_profile
        self.environ = dict(os.environ if environ is None else environ)
        self._config_file = Path(
            os.path.abspath(config_path if config_path is not None else self.root / CONFIG_NAME)
        )
        self._lock = threading.Lock()
        self._reload_lock = threading.Lock()
        self._local_salt: Salt | None = None
        #: Ambiguous stamps: path -> (ctime_ns, content hash taken before the load).
        self._racy: dict[Path, tuple[int, str]] = {}
        stamps = self._stamps([])
        #: (st_dev, st_ino) of every config or term file ever watched (hard-link guard).
        self._inodes: frozenset[tuple[int, int]] = frozenset()
        self._note_inodes(stamps)
        self._note_racy(stamps)
        policy = self._load()  # errors propagate at startup
        salt = self._salt(policy)
        self._startup_key = salt.key
        self._state = PolicyState(policy, salt, 1)
        self._blocked: Code | None = None
        self._config_seen = policy.config_loaded
        self._loaded_term_files: set[Path] = set(policy.loaded_term_files)
        self._watch = list(policy.term_files)
        self._note_inodes(self._stamps(self._watch))
        self._stamps_seen = self._merge(stamps, self._watch)

    # -- public API -----------------------------------------------------------

    def current(self) -> PolicyState:
        """Return the active policy, reloading it first if its files changed.

        Raises RedctxError(POLICY_BLOCKED or SALT_CHANGED) while blocked.
        """
        with self._lock:
            watch = list(self._watch)
        stamps = self._stamps(watch)
        changed = self._racy_changed()  # file reads happen outside _lock
        with self._lock:
            if stamps == self._stamps_seen and not changed:
                return self._answer()
        with self._reload_lock:
            with self._lock:
                watch = list(self._watch)
            stamps = self._stamps(watch)
            changed = self._racy_changed()
            with self._lock:
                if stamps == self._stamps_seen and not changed:
                    return self._answer()
            self._note_racy(stamps)
            self._note_inodes(stamps)
            outcome = self._try_load()
            with self._lock:
                self._commit(stamps, outcome)
                return self._answer()

    def _answer(self) -> PolicyState:
        if self._blocked is not None:
            raise RedctxError(self._blocked)
        return self._state

    @property
    def blocked(self) -> Code | None:
        """The blocking code after the last check, or ``None`` when active."""
        return self._blocked

    def protected_paths(self) -> frozenset[Path]:
        """Absolute paths never served: the config (default and explicit) and configured term files."""
        with self._lock:
            watched = list(self._watch) + list(self._state.policy.term_files)
        paths = {self.root / CONFIG_NAME, self._config_file, *watched}
        out: set[Path] = set()
        for p in paths:
            absolute = Path(os.path.abspath(p))
            out.add(absolute)
            out.add(Path(os.path.realpath(absolute)))
        return frozenset(out)

    # -- internals ------------------------------------------------------------

    def _load(self) -> Policy:
        return load_policy(
            self.root, self.config_path, mode=self.mode,
            detector_profile=self.detector_profile, environ=self.environ,
        )

    def _salt(self, policy: Policy) -> Salt:
        # The launch environment and external salt state are fixed for the session:
        # a local-state salt is read once and reused.
        if policy.salt or self.environ.get(SALT_ENV):
            return resolve_salt(policy.salt, self.root, self.environ)
        if self._local_salt is None:
            self._local_salt = resolve_salt(None, self.root, self.environ)
        return self._local_salt

    def _stamps(self, term_files: list[Path]) -> tuple[tuple[Path, Stamp], ...]:
        return ((self._config_file, _stamp(self._config_file)),) + tuple(
            (p, _stamp(p)) for p in term_files
        )

    @staticmethod
    def _merge(before: tuple[tuple[Path, Stamp], ...], watch: list[Path]) -> tuple[tuple[Path, Stamp], ...]:
        """Stamps for ``watch`` as taken *before* loading; files first seen during the
        load get an unknown stamp so the next call re-checks them."""
        known = dict(before)
        head = (before[0],)
        return head + tuple((p, known.get(p, _UNKNOWN)) for p in watch)

    def protected_inodes(self) -> frozenset[tuple[int, int]]:
        """(st_dev, st_ino) of the config and term files, including earlier versions of them."""
        return self._inodes

    def _note_inodes(self, stamps: tuple[tuple[Path, Stamp], ...]) -> None:
        seen = {(s[4], s[3]) for _, s in stamps if isinstance(s, tuple)}
        if not seen <= self._inodes:
            self._inodes = self._inodes | seen

    def _note_racy(self, stamps: tuple[tuple[Path, Stamp], ...]) -> None:
        """Hash, before loading, every watched file whose stamp is ambiguous (see module doc)."""
        now = time.time_ns()
        racy: dict[Path, tuple[int, str]] = {}
        for path, stamp in stamps:
            if isinstance(stamp, tuple) and now - stamp[1] < RACY_NS:
                racy[path] = (stamp[1], _digest(path))
        self._racy = racy

    def _racy_changed(self) -> bool:
        """True when an ambiguous file's content changed under unchanged metadata."""
        if not self._racy:
            return False
        now = time.time_ns()
        for path, (ctime_ns, digest) in list(self._racy.items()):
            if _digest(path) != digest:
                return True
            if now - ctime_ns >= RACY_NS:
                self._racy.pop(path, None)  # old enough: any later write changes the stamp
        return False

    def _try_load(self) -> tuple[Policy, Salt] | Code:
        """Load and validate outside ``_lock``; a ``Code`` means the policy blocks."""
        try:
            policy = self._load()
            if self._config_seen and not policy.config_loaded:
                return Code.POLICY_BLOCKED  # a loaded config disappeared
            gone = self._loaded_term_files.intersection(policy.term_files) - set(policy.loaded_term_files)
            if gone:
                return Code.POLICY_BLOCKED  # a still-referenced term file disappeared
            return policy, self._salt(policy)
        except Exception:  # noqa: BLE001 - any failure to load blocks with the fixed message
            return Code.POLICY_BLOCKED

    def _commit(self, stamps: tuple[tuple[Path, Stamp], ...], outcome: tuple[Policy, Salt] | Code) -> None:
        if isinstance(outcome, Code):
            self._block(outcome, stamps)
            return
        policy, salt = outcome
        self._watch = list(policy.term_files)
        self._stamps_seen = self._merge(stamps, self._watch)
        if salt.key != self._startup_key:
            self._blocked = Code.SALT_CHANGED
            return
        self._config_seen = self._config_seen or policy.config_loaded
        self._loaded_term_files.update(policy.loaded_term_files)
        was_blocked = self._blocked is not None
        self._blocked = None
        if not was_blocked and policy == self._state.policy:
            return  # touched but identical: keep the generation and caches
        self._state = PolicyState(policy, salt, self._state.generation + 1)

    def _block(self, code: Code, stamps: tuple[tuple[Path, Stamp], ...]) -> None:
        self._blocked = code
        # Keep watching the last known term files so repairing any of them re-checks.
        self._stamps_seen = self._merge(stamps, self._watch)
