"""Startup settings shared by the CLI, the MCP server and the service layer.

A light module on purpose: the edges build settings before anything heavy is
imported, so start-up stays fast.

Imports: limits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from redacted_context_mcp.limits import Limits


@dataclass(frozen=True)
class Settings:
    """Startup options of one process (flags of ``redctx`` / ``redctx-mcp``)."""

    root: Path
    config_path: Path | None = None
    mode: str | None = None
    detector_profile: str | None = None
    include_private: bool = False
    allow_hardlinks: bool = False
    no_ignore: bool = False  # --no-ignore: serve what .gitignore / .ignore files hide
    documents: bool = False
    detectors: tuple[str, ...] = ()
    #: Absolute files/directories loaded detectors declare never to be served (their rule files).
    protected_paths: tuple[str, ...] = ()
    enable_writes: bool = False
    write_subdir: str | None = None
    audit_log: bool = False  # redctx-mcp --audit-log is on (the path is never kept here)
    limits: Limits = field(default_factory=Limits)
