"""Labelled leak corpora: realistic files generated from a seed, each sensitive value labelled.

Each suite is a subpackage (``tests/corpus/secrets``, ``tests/corpus/personal``, ...) whose
``cases.build(seed)`` returns :class:`Case` records. ``scripts/leaks.py`` (``make leaks``)
redacts every case in both modes and prints recall per family, near-miss survival and the
slowest file; ``tests/corpus/test_*.py`` assert the targets.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    """One generated file.

    ``secrets``: raw values that must not survive redaction in any mode.
    ``strict_only``: raw values that must not survive in strict mode (balanced may keep them).
    ``keep``: must-survive controls: substrings that must still appear verbatim in both modes.
    """

    suite: str
    family: str
    filename: str
    text: str
    secrets: tuple[str, ...] = ()
    strict_only: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()
    tags: tuple[str, ...] = field(default=())
