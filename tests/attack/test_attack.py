"""The attack suite, bounded: every class runs a few seconds with a fixed seed and must stay clean.

``make soak`` (``scripts/soak.py``) runs the same classes for minutes with fresh seeds.
"""

from __future__ import annotations

import random

import pytest

from tests.attack.classes import CLASSES
from tests.invariants import invariant

SEED = 20_2611
#: (attempts, seconds) per class in the default suite.
BUDGET = {
    "jsonrpc_fuzz": (400, 5.0),
    "hostile_paths": (2000, 3.0),
    "hostile_regexes": (300, 4.0),
    "symlink_swap": (2000, 3.0),
    "config_swaps": (300, 3.0),
    "concurrent_cancel": (120, 4.0),
    "large_files": (60, 3.0),
}


@pytest.mark.parametrize("name", sorted(CLASSES))
@invariant("HARD-1", "HARD-4", "HARD-5", "HARD-7", "HARD-8", "HARD-9", "CONT-2", "OUT-1")
def test_an_attack_class_finds_no_crash_hang_leak_or_wrong_answer(name):
    count, seconds = BUDGET[name]
    tally = CLASSES[name](random.Random(SEED), count, seconds)
    assert tally.attempts > 0
    assert tally.clean, tally.line() + "\n" + "\n".join(tally.notes)
