"""Plugged detectors at the service layer: loading them once, the redactor that uses them, receipts.

The composition root (``app``) and the tool table (``tools``) reach the detector
machinery only through here, so the redactor stays the service's alone.

Imports: redaction.detectors, redaction.engine, redaction.registry, service.context.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from redacted_context_mcp.redaction.detectors import Detector, with_receipt
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.registry import load_detectors, protected_paths
from redacted_context_mcp.reload import LivePolicy
from redacted_context_mcp.service.context import Service
from redacted_context_mcp.settings import Settings

__all__ = ["open_detectors", "service_with_detectors", "with_receipt"]


def open_detectors(specs: Sequence[str]) -> tuple[Detector, ...]:
    """Load every ``--detector`` spec now (startup checks included); raises ``DETECTOR_START``."""
    return tuple(load_detectors(specs)) if specs else ()


def service_with_detectors(options: Settings, live: LivePolicy, detectors: tuple[Detector, ...]) -> Service:
    """A :class:`Service` whose every policy generation's redactor reuses ``detectors``."""
    options = dataclasses.replace(options, protected_paths=options.protected_paths + protected_paths(detectors))
    factory: Callable[[Any, bytes], Redactor] = lambda policy, key: Redactor(policy, key, detectors)  # noqa: E731
    svc = Service(options, live, redactor_factory=factory)
    svc.detectors = tuple({"name": d.name, "version": d.version} for d in detectors)  # type: ignore[attr-defined]
    return svc
