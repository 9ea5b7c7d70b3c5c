"""The safety checks behind ``redctx_audit``, one function per check.

Every check returns a :class:`Check` whose ``detail`` is a fixed phrase with
counts only, and whose ``refs`` are opaque ``@p_`` ids: never a term, a raw
path or file content. The order of :func:`run_checks` is the published order
(interface-facts section 2).

Imports: layers 0-1 only (errors, limits, config, redaction, sources).
"""

from __future__ import annotations

import os
import stat as st_mod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from redacted_context_mcp.config import Policy
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.sources.dirs import DEPTH_NOTICE, MAX_WALK_DEPTH
from redacted_context_mcp.sources.paths import ROOT, Exclusions, join_rel, path_id

PASS, WARN, FAIL, NOT_TESTED = "PASS", "WARN", "FAIL", "NOT_TESTED"
MAX_REFS = 10
BROAD_ALLOW_MIN_CHARS = 3

_REPARSE = getattr(st_mod, "FILE_ATTRIBUTE_REPARSE_POINT", 0x400)

_PEM_BODY = (
    "MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu",
    "KUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQJAIJLixBy2qpFoS4DSmoEm",
)

#: The five fixed leak-suite values as (label, text, secrets that must disappear).
#: All are well-known documentation or test shapes, never live credentials.
FIXED_LEAK_SAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("aws-access-key", "AKIAIOSFODNN7EXAMPLE", ("AKIAIOSFODNN7EXAMPLE",)),
    ("github-token", "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", ("ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",)),
    (
        "pem-private-key",
        "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(_PEM_BODY) + "\n-----END RSA PRIVATE KEY-----",
        _PEM_BODY,
    ),
    ("card-number", "4111 1111 1111 1111", ("4111 1111 1111 1111",)),
    ("ip-address", "10.12.30.4", ("10.12.30.4",)),
)
#: Context-grammar shapes added to the leak suite: a value that merely contains a key word
#: (``Password123`` after ``DB_PASSWORD=``), command-line passwords, credential files, pairs written apart.
CONTEXT_LEAK_SAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("key-word-in-value", "DB_PASSWORD=Password123", ("Password123",)),
    ("key-word-in-value", "password: donkeykong", ("donkeykong",)),
    ("command-line", "  512  sshpass -p 'Xk7pq2Lm9' ssh deploy@host", ("Xk7pq2Lm9",)),
    ("command-line", "mysql -u root -pTopS3cret1 app", ("TopS3cret1",)),
    ("credential-file", "machine api.example.com login deploy password N3tRcPw9", ("N3tRcPw9",)),
    ("credential-file", "db.internal:5432:app:app_user:PgP4ssw0rd", ("PgP4ssw0rd",)),
    ("key-value-apart", '<add key="DbPassword" value="Hunter2Pass"/>', ("Hunter2Pass",)),
    ("key-value-apart", "define('DB_PASSWORD', 'wpPass1234');", ("wpPass1234",)),
)
#: A secret also leaks when any run of this many of its characters survives.
LEAK_WINDOW = 12

@dataclass(frozen=True)
class Check:
    category: str
    name: str
    status: str
    detail: str
    refs: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "category": self.category, "name": self.name, "status": self.status, "detail": self.detail,
        }
        if self.refs:
            out["refs"] = list(self.refs[:MAX_REFS])
        return out


# -- containment ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LinkScan:
    """Root-relative paths of link-like entries found by :func:`scan_links`."""

    links: tuple[str, ...]
    broken: tuple[str, ...]


def _is_reparse(st: os.stat_result) -> bool:
    return bool(getattr(st, "st_file_attributes", 0) & _REPARSE)


_DIR_FD = os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd and os.scandir in os.supports_fd
_DIR_FLAGS = (os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_CLOEXEC", 0))


def _link_is_broken(name: str, dir_fd: int | None) -> bool:
    """True when the link's target is missing or the link loops (stat only, nothing is read)."""
    try:
        os.stat(name, dir_fd=dir_fd)
    except OSError:  # ENOENT, ENOTDIR, ELOOP or an unreadable target: all count as broken
        return True
    return False


def scan_links(root: Path, budget: Budget, skip_dir: Callable[[str, str], bool]) -> LinkScan:
    """Find symlinks and reparse points under ``root`` without following any of them.

    Directories are opened with ``O_NOFOLLOW`` relative to their parent's
    descriptor where the platform allows, and entries are classified with
    ``lstat`` semantics, so a link (or a directory swapped for one) is never
    entered. Directories for which ``skip_dir(rel, name)`` is true are not
    entered. Each listing is charged to ``budget`` (LIMIT_ENTRIES when exceeded).
    """
    links: list[str] = []
    broken: list[str] = []

    def visit(handle: int | str, rel: str, depth: int) -> None:
        budget.check_deadline()
        if depth > MAX_WALK_DEPTH:  # skipped with a notice, like every walk
            budget.notice(DEPTH_NOTICE)
            return
        try:
            with os.scandir(handle) as it:
                entries = sorted(it, key=lambda d: d.name)
        except OSError:
            return
        budget.charge_entry(len(entries) or 1)
        dir_fd = handle if isinstance(handle, int) else None
        for de in entries:
            child = join_rel(rel, de.name)
            try:
                st = de.stat(follow_symlinks=False)
            except OSError:
                continue
            if st_mod.S_ISLNK(st.st_mode) or _is_reparse(st):
                links.append(child)
                if _link_is_broken(de.name if dir_fd is not None else de.path, dir_fd):
                    broken.append(child)
            elif st_mod.S_ISDIR(st.st_mode) and not skip_dir(child, de.name):
                if dir_fd is None:
                    visit(de.path, child, depth + 1)
                    continue
                try:
                    fd = os.open(de.name, _DIR_FLAGS, dir_fd=dir_fd)
                except OSError:
                    continue  # vanished, or swapped for a link since the listing
                try:
                    visit(fd, child, depth + 1)
                finally:
                    os.close(fd)

    if _DIR_FD:
        top = os.open(os.fspath(root), _DIR_FLAGS)
        try:
            visit(top, ROOT, 0)
        finally:
            os.close(top)
    else:
        visit(os.fspath(root), ROOT, 0)
    return LinkScan(tuple(sorted(links)), tuple(sorted(broken)))


def containment_checks(scan: LinkScan, key: bytes) -> list[Check]:
    refs = tuple("@" + path_id(key, rel) for rel in scan.links)
    if refs:
        links = Check("containment", "symlink and reparse entries", FAIL,
                      f"{len(refs)} found; they are never followed or served, remove or replace them", refs)
    else:
        links = Check("containment", "symlink and reparse entries", PASS, "none found")
    bad = tuple("@" + path_id(key, rel) for rel in scan.broken)
    if bad:
        broken = Check("containment", "broken or looping symlinks", WARN, f"{len(bad)} found", bad)
    else:
        broken = Check("containment", "broken or looping symlinks", PASS, "none found")
    return [links, broken]


def exclusion_skipper(policy: Policy, include_private: bool) -> Callable[[str, str], bool]:
    """Skip directories the server never serves anyway (built-in and configured exclusions)."""
    if include_private:
        return lambda rel, name: False
    excl = Exclusions(policy.exclude_dirs, policy.exclude_globs)
    return excl.excludes_entry


# -- configuration -----------------------------------------------------------------------------


def salt_check(salt_source: str) -> Check:
    name = "random vault salt"
    if salt_source == "local-state":
        return Check("configuration", name, PASS, "random 256-bit salt from user-local state")
    return Check("configuration", name, WARN,
                 f"salt comes from {salt_source}; prefer the random local-state salt")


def private_terms_check(policy: Policy) -> Check:
    n = len(policy.clients) + len(policy.organizations) + len(policy.people) + len(policy.sensitive_terms)
    if n == 0:
        return Check("configuration", "explicit private terms", WARN,
                     "no clients, organizations, people or terms configured")
    return Check("configuration", "explicit private terms", PASS, f"{n} configured")


def broad_allow_check(policy: Policy) -> Check:
    broad = [a for a in policy.allow if len(a.strip()) < BROAD_ALLOW_MIN_CHARS or "*" in a]
    if broad:
        return Check("configuration", "overly broad allow entries", WARN,
                     f"{len(broad)} of {len(policy.allow)} allow entries are shorter than "
                     f"{BROAD_ALLOW_MIN_CHARS} characters or contain *")
    return Check("configuration", "overly broad allow entries", PASS, f"{len(policy.allow)} allow entries checked")


def alias_group_check(policy: Policy, redact: Callable[[str], str], key: bytes) -> Check:
    """Each form, redacted on its own, must become exactly one placeholder linked to its group.

    FAIL when a form survives raw; WARN when it is redacted but not as one
    linked placeholder; NOT_TESTED when no groups are configured.
    """
    name = "alias groups"
    if not policy.aliases:
        return Check("configuration", name, NOT_TESTED, "no alias groups configured")
    total = unlinked = leaked = 0
    for group in policy.aliases:
        hex32 = ph.entity_hex(key, group.category, group.canonical)
        forms = [(group.canonical, None)] + [(a, ph.form_suffix(key, a)) for a in group.aliases]
        for form, suffix in forms:
            total += 1
            out = redact(form)
            if ph.normalize(form) in ph.normalize(out):
                leaked += 1
                continue
            m = ph.PLACEHOLDER_RE.fullmatch(out.strip())
            if m is None or m.group(2) != hex32 or m.group(3) != suffix:
                unlinked += 1
    if leaked:
        return Check("configuration", name, FAIL,
                     f"{leaked} of {total} forms are not redacted on their own")
    if unlinked:
        return Check("configuration", name, WARN,
                     f"{unlinked} of {total} forms do not redact as one linked placeholder")
    return Check("configuration", name, PASS,
                 f"{total} forms in {len(policy.aliases)} group{'s' if len(policy.aliases) != 1 else ''} "
                 "redact as one linked placeholder")


# -- redaction -----------------------------------------------------------------------------------


LeakSample = tuple[str, str, tuple[str, ...]]


def leak_samples(secret_rules: Iterable[object]) -> list[LeakSample]:
    """Every ``(text, secret)`` example of every secret rule, the context shapes, then the five fixed values."""
    out: list[LeakSample] = []
    for rule in secret_rules:
        for text, secret in getattr(rule, "examples", ()):
            out.append((str(getattr(rule, "id", "rule")), text, (secret,)))
    out.extend(CONTEXT_LEAK_SAMPLES)
    out.extend(FIXED_LEAK_SAMPLES)
    return out


def survives(secrets: Sequence[str], redacted: str) -> bool:
    """True when a secret, or any :data:`LEAK_WINDOW`-character run of one, is still in ``redacted``.

    Placeholders are read as blanks first: a short secret's digits inside a placeholder's hex
    (``[SECRET_…4921]`` beside ``alarm_pin: 4921``) are no leak."""
    if "[" in redacted:
        redacted = ph.PLACEHOLDER_RE.sub(" ", redacted)
    for secret in secrets:
        if secret in redacted:
            return True
        for i in range(len(secret) - LEAK_WINDOW + 1):
            if secret[i : i + LEAK_WINDOW] in redacted:
                return True
    return False


def leak_suite_check(samples: Sequence[LeakSample], redact: Callable[[str], str]) -> Check:
    """Redact every sample text on its own; FAIL when any of its secrets survives."""
    leaked = sum(1 for _, text, secrets in samples if survives(secrets, redact(text)))
    name = "synthetic leak suite"
    if leaked:
        return Check("redaction", name, FAIL, f"{leaked} of {len(samples)} synthetic secrets survived redaction")
    return Check("redaction", name, PASS, f"{len(samples)} synthetic secrets redacted")


def collision_check() -> Check:
    # The engine and the path index refuse a second value for an issued placeholder or id
    # (fail closed), so a collision can never be served silently.
    return Check("redaction", "placeholder collisions", PASS, "a collision fails closed when met")


def global_collision_check() -> Check:
    return Check("redaction", "global placeholder collision absence", NOT_TESTED,
                 "would need every value under the root; collisions fail closed when met")


def audit_log_check(enabled: bool) -> Check:
    if enabled:
        return Check("exposure", "audit log", PASS, "every request is logged in redacted form")
    return Check("exposure", "audit log", WARN, "no audit log; start redctx-mcp with --audit-log FILE")


def documents_check(on: bool, available: bool) -> Check | None:
    """Present only with ``--documents``: WARN when the documents extra is not installed."""
    if not on:
        return None
    name = "document extraction"
    if available:
        return Check("exposure", name, PASS, "on; each document is converted in a short-lived worker with limits")
    return Check("exposure", name, WARN,
                 "--documents is on but the documents extra is not installed: "
                 "python -m pip install 'redacted-context-mcp[documents]'")


# -- exposure --------------------------------------------------------------------------------------


def exposure_checks(root: Path, enable_writes: bool, write_subdir: str | None) -> list[Check]:
    out = [Check("exposure", "read-only default", PASS, "tools are read-only unless writes are enabled")]
    if not enable_writes:
        out.append(Check("exposure", "writes enabled", PASS, "disabled"))
        out.append(Check("exposure", "write subdirectory confinement", NOT_TESTED, "writes are disabled"))
        return out
    out.append(Check("exposure", "writes enabled", WARN, "controlled writes are enabled"))
    out.append(_confinement_check(root, write_subdir))
    return out


def _confinement_check(root: Path, write_subdir: str | None) -> Check:
    name = "write subdirectory confinement"
    parts = [p for p in (write_subdir or "").replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts or os.path.isabs(write_subdir or ""):
        return Check("exposure", name, FAIL, "the write subdirectory must be a relative path inside the root")
    cur = os.fspath(root)
    for part in parts:
        cur = os.path.join(cur, part)
        try:
            st = os.lstat(cur)
        except FileNotFoundError:
            break
        except OSError:
            return Check("exposure", name, FAIL, "the write subdirectory cannot be inspected")
        if st_mod.S_ISLNK(st.st_mode) or _is_reparse(st) or not st_mod.S_ISDIR(st.st_mode):
            return Check("exposure", name, FAIL, "the write subdirectory path contains a link or a file")
    return Check("exposure", name, PASS, "writes stay inside one subdirectory of the root")


#: A fixed sample every plugged detector must handle twice alike (no raw corpus text involved).
DETECTOR_SAMPLE = "Ticket TICKET-12345 from Avery Quinn at Contoso Ltd.\nproject lantern, 2026-01-01.\n"


def detector_check(loaded: Sequence[object], redact: Callable[[str], str]) -> Check | None:
    """Plugged detectors (present only when some run): they run, and deterministically, on a fixed sample."""
    if not loaded:
        return None
    names = ", ".join(f"{getattr(d, 'get', lambda k: '?')('name')} {getattr(d, 'get', lambda k: '?')('version')}"
                      for d in loaded)
    name = "plugged detectors"
    # A detector that raises fails the whole audit closed with "Detector failed." (like any call).
    if redact(DETECTOR_SAMPLE) != redact(DETECTOR_SAMPLE):
        return Check("redaction", name, FAIL, f"a detector is not deterministic ({names})")
    return Check("redaction", name, PASS, f"{len(loaded)} active, deterministic on the audit sample: {names}")
