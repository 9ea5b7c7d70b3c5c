"""Shared builders for the redaction tests (imported by the test modules of this folder)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from redacted_context_mcp.config import AliasGroup, Policy
from redacted_context_mcp.redaction.engine import Redactor

SALT = b"test-vault-salt"


def make(mode: str = "strict", profile: str = "default", **lists) -> Redactor:
    """A Redactor over a Policy built from keyword lists (clients=, people=, aliases=...)."""
    return Redactor(Policy(mode=mode, detector_profile=profile, **lists), SALT)


@pytest.fixture
def strict() -> Redactor:
    return make(
        "strict",
        clients=("Acme Corp",),
        people=("Avery Example",),
        terms=("Project Nightjar",),
        aliases=(AliasGroup("Avery Example", "PERSON", ("Avery", "avery@example.com")),),
    )


@pytest.fixture
def balanced() -> Redactor:
    return make(
        "balanced",
        clients=("Acme Corp",),
        people=("Avery Example",),
        terms=("Project Nightjar",),
        aliases=(AliasGroup("Avery Example", "PERSON", ("Avery", "avery@example.com")),),
    )


# -- hold-out tables: rows of (family, text, secrets, controls) and KNOWN_LEAKS {fragment: (reason, modes)} --

_SHARED: dict[str, Redactor] = {}


def redact_text(mode: str, text: str) -> str:
    """``text`` redacted by one default-policy Redactor per mode, shared by the hold-out tables."""
    red = _SHARED.get(mode)
    if red is None:
        red = _SHARED[mode] = make(mode)
    return red.redact(text).text


def row_params(rows) -> list:
    """pytest params of hold-out rows, each named by its family and index."""
    return [pytest.param(*row, id=f"{row[0]}-{i}") for i, row in enumerate(rows)]


def check_secret_row(mode: str, family: str, text: str, secrets, known_leaks: dict) -> None:
    """No secret of the row survives in ``mode``; a row listed in ``known_leaks`` for that mode must still
    leak (so a fix shows) and is then a strict xfail with its reason."""
    out = redact_text(mode, text)
    leaked = [s for s in secrets if s and s in out]
    known = next((v for k, v in known_leaks.items() if k in text), None)
    if known is not None and mode in known[1]:
        assert leaked, f"a known leak is fixed in {mode}: drop or narrow its KNOWN_LEAKS entry"
        pytest.xfail(known[0])
    assert not leaked, f"family {family} leaks in {mode}"


# -- whole-file hold-out tables: FILES {file: (labelled values, controls)} under a corpus folder --

_FILE_REDACTORS: dict[str, Redactor] = {}


def redact_file(mode: str, root, rel: str) -> str:
    """The file ``root/rel`` redacted whole with the credential-file kind of its name, as the service does."""
    from redacted_context_mcp.redaction.secret_filenames import file_kind

    red = _FILE_REDACTORS.get(mode)
    if red is None:
        red = _FILE_REDACTORS[mode] = make(mode)
    return red.redact((root / rel).read_text(encoding="utf-8"), kind=file_kind(rel)).text


_FILE_OUT: dict[tuple[str, str], str] = {}


def redacted_once(mode: str, root, name: str) -> str:
    """``root/name`` redacted whole with the credential-file kind of its file name, once per mode and file."""
    from pathlib import PurePath

    from redacted_context_mcp.redaction.secret_filenames import file_kind

    key = (mode, str(root / name))
    out = _FILE_OUT.get(key)
    if out is None:
        red = _FILE_REDACTORS.get(mode)
        if red is None:
            red = _FILE_REDACTORS[mode] = make(mode)
        text = (root / name).read_text(encoding="utf-8")
        out = _FILE_OUT[key] = red.redact(text, kind=file_kind(PurePath(name).name)).text
    return out


def personal_file_cases(files: dict, kind: str, known_leaks: dict, known_gaps: dict):
    """pytest params ``(mode, name, value)`` of a whole-file personal table ``{name: (leaks, strict leaks,
    keeps, balanced keeps)}``: the values (``kind == "leak"``) or the controls of each mode, those named in
    ``known_leaks`` / ``known_gaps`` ``{(mode, name, value): reason}`` as strict xfails."""
    for mode in ("strict", "balanced"):
        for name, (leaks, sleaks, keeps, bkeeps) in files.items():
            values = (leaks + (sleaks if mode == "strict" else ())) if kind == "leak" else (
                keeps + (bkeeps if mode == "balanced" else ()))
            known = known_leaks if kind == "leak" else known_gaps
            for v in dict.fromkeys(values):
                reason = known.get((mode, name, v))
                marks = (pytest.mark.xfail(strict=True, reason=reason),) if reason else ()
                yield pytest.param(mode, name, v, id=f"{mode}-{name}-{v[:40]}", marks=marks)


def check_file_values(mode: str, root, rel: str, values, known_leaks: dict) -> None:
    """No labelled value of the file survives; ``known_leaks`` {file: {value: (reason, modes)}} must still
    leak in those modes (so a fix shows) and are then a strict xfail with their reasons."""
    out = redact_file(mode, root, rel)
    leaked = {v for v in values if v in out}
    known = {v for v, (_, modes) in known_leaks.get(rel, {}).items() if mode in modes}
    assert leaked >= known, f"a known leak is fixed in {mode}: drop its KNOWN_LEAKS entry"
    assert not leaked - known, f"{rel} leaks in {mode}: {sorted(leaked - known)}"
    if known:
        pytest.xfail("; ".join(known_leaks[rel][v][0] for v in sorted(known)))


def check_file_controls(mode: str, root, rel: str, controls, balanced_only=frozenset(),
                        known_lost: dict | None = None) -> None:
    """Every control of the file survives (``balanced_only`` ones in balanced mode only); ``known_lost``
    {control: reason} are strict xfails."""
    out = redact_file(mode, root, rel)
    lost = {c for c in controls if c not in out and (mode == "balanced" or c not in balanced_only)}
    known = {c for c in lost if c in (known_lost or {})}
    assert not lost - known, f"{rel} loses controls in {mode}: {sorted(lost - known)}"
    if known:
        pytest.xfail("; ".join(known_lost[c] for c in sorted(known)))  # type: ignore[index]


def files_on_disk(root) -> set[str]:
    """Every file under ``root`` as a POSIX path relative to it."""
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


# -- personal hold-out tables: Probe rows of (family, text, raw values, controls, modes) --


class Probe(NamedTuple):
    """One personal-data probe: raw (or encoded) values that must not appear, controls that must."""

    family: str
    text: str
    leaks: tuple[str, ...]
    keeps: tuple[str, ...] = ()
    modes: tuple[str, ...] = ("strict", "balanced")


S = ("strict",)
#: Controls that hold in balanced mode only: strict redacts every capitalised word off the allow list by design.
B = ("balanced",)


def P(family: str, text: str, leaks=(), keeps=(), modes=("strict", "balanced")) -> Probe:
    """A :class:`Probe` from any iterables."""
    return Probe(family, text, tuple(leaks), tuple(keeps), modes)


def probe_case(mode: str, probe: Probe) -> tuple[list[str], list[str]]:
    """The probe's raw values still in ``mode``'s output, and its controls that did not survive."""
    out = redact_text(mode, probe.text)
    return [v for v in probe.leaks if v in out], [k for k in probe.keeps if k not in out]


def probe_rows(mode: str, probes, known_gaps: dict) -> list:
    """pytest params of the probes run in ``mode``; a ``(mode, family)`` in ``known_gaps`` is a strict
    xfail with its reason, so a fix shows."""
    return [pytest.param(p, id=p.family, marks=pytest.mark.xfail(strict=True, reason=known_gaps[(mode, p.family)]))
            if (mode, p.family) in known_gaps else pytest.param(p, id=p.family)
            for p in probes if mode in p.modes]
