"""Proxy setup checks: the config and the salt state must sit outside what the upstream serves.

The upstream hands out whatever lies in the folders it is given, raw. A path that
appears in its arguments (any argument that names an existing directory, or a file's
directory) and contains the redaction config, a term file or the salt state is a
leak waiting to happen: :func:`exposure_warnings` names each such case with a fixed
sentence (no path is printed, the paths may be private).

Imports: nothing from the package.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

WARN_CONFIG = "warning: the redaction config sits inside a folder the upstream serves (argument {n}); move it out."
WARN_STATE = "warning: the salt state sits inside a folder the upstream serves (argument {n}); move it out."
WARN_TERMS = "warning: a term file sits inside a folder the upstream serves (argument {n}); move it out."


def served_dirs(argv: Sequence[str]) -> list[tuple[int, Path]]:
    """(argument number, resolved directory) for every upstream argument naming an existing path."""
    out = []
    for i, arg in enumerate(argv[1:], start=1):
        value = arg.split("=", 1)[1] if arg.startswith("-") and "=" in arg else arg
        if not value or value.startswith("-"):
            continue
        try:
            p = Path(os.path.realpath(os.path.expanduser(value)))
        except (OSError, ValueError):
            continue
        if p.is_dir():
            out.append((i, p))
    return out


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def exposure_warnings(argv: Sequence[str], config: Path | None, state_dir: Path | None,
                      term_files: Iterable[Path] = ()) -> list[str]:
    """Fixed warning lines for every protected file inside a served folder."""
    dirs = served_dirs(argv)
    out: list[str] = []
    checks = [(WARN_CONFIG, config), (WARN_STATE, state_dir)] + [(WARN_TERMS, t) for t in term_files]
    for template, target in checks:
        if target is None:
            continue
        real = Path(os.path.realpath(target))
        for n, folder in dirs:
            if _inside(real, folder):
                line = template.format(n=n)
                if line not in out:
                    out.append(line)
    return out
