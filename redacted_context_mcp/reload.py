"""Live policy: re-check the config and term files by metadata before each request.

State machine (spec diagram 8): *active* --metadata changed--> *reload*;
a valid reload becomes the new active policy (generation + 1); an invalid,
unreadable or removed config, or a previously loaded, still-referenced term file
that disappeared, *blocks* (``POLICY_BLOCKED``); a valid policy whose salt
differs from the startup salt *salt-blocks* (``SALT_CHANGED``). Both blocked
states re-check on every call and recover, with a new generation, once the
files are repaired or the original salt is restored. A stale policy is never
served. The unchanged path costs one ``os.stat`` per watched file.

Imports: config, vault, errors.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from redacted_context_mcp.config import CONFIG_NAME, Policy, load_policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.vault import SALT_ENV, Salt, resolve_salt

#: (st_mtime_ns, st_size, st_ino, st_dev), None when absent, or an error marker.
Stamp = tuple[int, int, int, int] | str | None
_UNKNOWN = "unknown"  # never equal to a real stamp: forces one more check


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
    return (st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev)


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
        self._local_salt: Salt | None = None
        stamps = self._stamps([])
        policy = self._load()  # errors propagate at startup
        salt = self._salt(policy)
        self._startup_key = salt.key
        self._state = PolicyState(policy, salt, 1)
        self._blocked: Code | None = None
        self._config_seen = policy.config_loaded
        self._loaded_term_files: set[Path] = set(policy.loaded_term_files)
        self._watch = list(policy.term_files)
        self._stamps_seen = self._merge(stamps, self._watch)

    # -- public API -----------------------------------------------------------

    def current(self) -> PolicyState:
        """Return the active policy, reloading it first if its files changed.

        Raises RedctxError(POLICY_BLOCKED or SALT_CHANGED) while blocked.
        """
        with self._lock:
            stamps = self._stamps(self._watch)
            if stamps == self._stamps_seen:
                if self._blocked is not None:
                    raise RedctxError(self._blocked)
                return self._state
            self._reload(stamps)
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

    def _reload(self, stamps: tuple[tuple[Path, Stamp], ...]) -> None:
        try:
            policy = self._load()
            if self._config_seen and not policy.config_loaded:
                raise RedctxError(Code.POLICY_BLOCKED)  # a loaded config disappeared
            gone = self._loaded_term_files.intersection(policy.term_files) - set(policy.loaded_term_files)
            if gone:
                raise RedctxError(Code.POLICY_BLOCKED)  # a still-referenced term file disappeared
            salt = self._salt(policy)
        except RedctxError:
            self._block(Code.POLICY_BLOCKED, stamps)
            return
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
