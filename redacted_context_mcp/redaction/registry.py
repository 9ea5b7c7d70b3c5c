"""Resolve ``--detector NAME[=ARGUMENT]`` specs to ready :class:`Detector` instances.

One table, :data:`BUILTIN_DETECTORS`, maps the built-in names to factory
references; entry points in group ``redacted_context_mcp.detectors`` are looked
up by the same path, only for a name that is not built in, and only when
named (nothing is scanned or imported otherwise). A factory is called with the
argument after ``=`` (or ``None``) and returns a detector. Every failure is a
fixed ``--detector: …`` message; a factory's own exception text is dropped.

The discovery commands (``discover --detector SPEC``) use :func:`load_detector`.

Imports: errors, redaction.detectors.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from importlib import metadata
from typing import Any, NamedTuple

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.detectors import Detector

ENTRY_POINT_GROUP = "redacted_context_mcp.detectors"

#: Built-in name -> ``module:factory``; resolved before any entry point and never shadowed by one.
BUILTIN_DETECTORS: dict[str, str] = {
    "patterns": "redacted_context_mcp.redaction.patterns:factory",
    "presidio": "redacted_context_mcp.adapters.presidio:factory",
    "gliner": "redacted_context_mcp.adapters.gliner:factory",
}

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,63}")


class DetectorSpec(NamedTuple):
    name: str
    argument: str | None


def parse_spec(spec: str) -> DetectorSpec:
    """``NAME`` or ``NAME=ARGUMENT``; the name is a short identifier."""
    name, sep, argument = spec.partition("=")
    name = name.strip()
    if not _NAME.fullmatch(name):
        raise RedctxError(Code.DETECTOR_START, detail="a detector spec is NAME or NAME=ARGUMENT.")
    return DetectorSpec(name, argument if sep else None)


def _builtin(ref: str) -> Callable[..., Any]:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def _entry_point(name: str) -> Callable[..., Any]:
    found = [ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not found:
        raise RedctxError(
            Code.DETECTOR_START,
            detail=f"unknown detector {name}: not built in ({', '.join(BUILTIN_DETECTORS)}) "
            f"and no installed package registers it under {ENTRY_POINT_GROUP}.",
        )
    if len({ep.value for ep in found}) > 1:
        raise RedctxError(Code.DETECTOR_START, detail=f"detector {name} is registered by more than one package.")
    try:
        return found[0].load()
    except Exception:  # noqa: BLE001 - a plugin's import error text is not relayed
        raise RedctxError(Code.DETECTOR_START, detail=f"detector {name} could not be imported.") from None


def resolve_factory(name: str) -> Callable[..., Any]:
    """The factory for ``name``: a built-in first, else the one entry point of that name."""
    ref = BUILTIN_DETECTORS.get(name)
    return _builtin(ref) if ref is not None else _entry_point(name)


def load_detector(spec: str) -> Detector:
    """Build the detector one ``--detector`` spec names; raise ``DETECTOR_START`` on any failure."""
    parsed = parse_spec(spec)
    factory = resolve_factory(parsed.name)
    try:
        det = factory(parsed.argument)
    except RedctxError:
        raise
    except Exception:  # noqa: BLE001 - the factory's message may quote private config
        raise RedctxError(Code.DETECTOR_START, detail=f"detector {parsed.name} failed to start.") from None
    if not isinstance(det, Detector) or not isinstance(det.name, str) or not isinstance(det.version, str):
        raise RedctxError(Code.DETECTOR_START, detail=f"detector {parsed.name} is not a valid detector.")
    return det


def load_detectors(specs: Iterable[str]) -> tuple[Detector, ...]:
    """Every spec in order, each loaded once (repeating a spec loads it again, as given)."""
    return tuple(load_detector(s) for s in specs)


def protected_paths(detectors: Iterable[Detector]) -> tuple[str, ...]:
    """Absolute files and directories the detectors declare as never to be served."""
    out: list[str] = []
    for det in detectors:
        for p in getattr(det, "protected_paths", ()) or ():
            out.append(str(p))
    return tuple(out)
