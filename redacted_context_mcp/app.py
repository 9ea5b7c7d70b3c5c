"""Composition root: startup options -> live policy -> Service.

Both edges (``cli`` and ``protocol.server``) build their service here. The
expensive parts (the service context and the redactor) are imported and built
only when the first tool call needs them; the root and the config are checked
at start so a broken setup fails fast with a clear message.

Plugged detectors (``--detector``) are loaded once, by :func:`open_detectors`,
and every policy generation's redactor reuses the same instances.

Imports: errors, limits, settings, reload (service.context, service.plugged and sources.documents lazily).
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.settings import Settings

if TYPE_CHECKING:  # pragma: no cover
    from redacted_context_mcp.redaction.detectors import Detector
    from redacted_context_mcp.reload import LivePolicy
    from redacted_context_mcp.service.context import Service


def check_root(root: str | os.PathLike[str]) -> Path:
    """Return the absolute, resolved root; refuse a missing root or a file."""
    path = Path(root).expanduser()
    try:
        resolved = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise RedctxError(Code.PATH_MISSING) from None
    if not resolved.is_dir():
        raise RedctxError(Code.NOT_A_DIRECTORY)
    return resolved


def limits_with(overrides: Mapping[str, Any]) -> Limits:
    """Default :class:`Limits` with the given non-``None`` fields replaced (unknown names ignored)."""
    names = {f.name for f in dataclasses.fields(Limits)}
    changes = {k: v for k, v in overrides.items() if v is not None and k in names}
    return dataclasses.replace(Limits(), **changes) if changes else Limits()


def make_options(
    root: str | os.PathLike[str],
    *,
    config: str | os.PathLike[str] | None = None,
    limits: Limits | None = None,
    **flags: Any,
) -> Settings:
    """Validate the root and build :class:`Settings`; ``config`` is resolved against the cwd."""
    config_path = Path(config).expanduser().absolute() if config else None
    return Settings(
        root=check_root(root),
        config_path=config_path,
        limits=limits or Limits(),
        **{k: v for k, v in flags.items() if v is not None},
    )


def open_policy(options: Settings, environ: Mapping[str, str] | None = None) -> LivePolicy:
    """Load and validate the config and the salt now; raises ``RedctxError`` on a broken setup."""
    from redacted_context_mcp.reload import LivePolicy

    return LivePolicy(
        options.root,
        options.config_path,
        mode=options.mode,
        detector_profile=options.detector_profile,
        environ=environ,
    )


def check_documents(options: Settings) -> None:
    """With ``--documents``, refuse to start without the documents extra (the message names the install command)."""
    if not options.documents:
        return
    from redacted_context_mcp.sources import documents

    if not documents.available():
        raise RedctxError(Code.DOCUMENTS_MISSING)


def open_detectors(options: Settings) -> tuple[Detector, ...]:
    """Load every ``--detector`` spec now (startup checks included); raises ``DETECTOR_START``."""
    if not options.detectors:
        return ()
    from redacted_context_mcp.service.plugged import open_detectors as load

    return load(options.detectors)


def build_service(
    options: Settings, live: LivePolicy | None = None, detectors: tuple[Detector, ...] | None = None
) -> Service:
    """Build the :class:`Service` for ``options`` (loads the policy and detectors when not given)."""
    from redacted_context_mcp.service.context import Service

    if detectors is None:
        detectors = open_detectors(options)
    if not detectors:
        return Service(options, live if live is not None else open_policy(options))
    from redacted_context_mcp.service.plugged import service_with_detectors

    return service_with_detectors(options, live if live is not None else open_policy(options), detectors)


def start_warm_index(factory: Callable[[], Service]) -> None:
    """Build the service now and start its background warm-up (``redctx-mcp --warm-index``)."""

    def warm() -> None:
        try:
            factory().start_warm_index()
        except RedctxError:  # a broken policy: calls report it; nothing to warm
            pass

    threading.Thread(target=warm, name="redctx-warm-start", daemon=True).start()


def service_factory(
    options: Settings, live: LivePolicy | None = None, detectors: tuple[Detector, ...] | None = None
) -> Callable[[], Service]:
    """A thread-safe callable that builds the service once, on first use."""
    lock = threading.Lock()
    built: list[Service] = []

    def get() -> Service:
        if not built:
            with lock:
                if not built:
                    built.append(build_service(options, live, detectors))
        return built[0]

    return get
