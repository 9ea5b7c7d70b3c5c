"""The secret leak corpus: no labelled secret survives in either mode, and near misses stay readable.

These are the targets of issue 9's measurement (``make leaks`` prints the same figures as a table).
Failures name the family, file and line of each leak, never the value.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from redacted_context_mcp.config import Policy
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.secret_filenames import file_kind
from tests.corpus import Case
from tests.corpus.scoring import KEEP_TARGET, Score, fragment, leak_at, score, survives, validate
from tests.corpus.secrets.cases import build
from tests.invariants import invariant

REPO = Path(__file__).resolve().parents[2]
SALT = b"test-corpus-salt"
MODES = ("strict", "balanced")
CASES = build(0)
SECRET_FAMILIES = sorted({c.family for c in CASES if c.secrets or c.strict_only})
KEEP_FAMILIES = sorted({c.family for c in CASES if c.keep})


@cache
def _redactor(mode: str) -> Redactor:
    return Redactor(Policy(mode=mode), SALT)


@cache
def _scores(family: str, mode: str) -> tuple[Score, ...]:
    r = _redactor(mode)
    def redact(case: Case) -> Callable[[str], str]:
        kind = file_kind(case.filename)  # as the service reads a file: with the kind of its name
        return lambda t: r.redact(t, kind=kind).text

    return tuple(score(c, mode, redact(c)) for c in CASES if c.family == family)


def _where(scores: tuple[Score, ...]) -> str:
    return ", ".join(f"{s.case.filename}:{line}" for s in scores for _v, line in s.leaks)


@invariant("OUT-7")
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("family", SECRET_FAMILIES)
def test_no_labelled_secret_of_the_family_survives_redaction(family: str, mode: str) -> None:
    scores = _scores(family, mode)
    leaked = sum(len(s.leaks) for s in scores)
    total = sum(s.checked for s in scores)
    assert leaked == 0, f"{family} ({mode}): {leaked} of {total} values leaked at {_where(scores)}"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("family", KEEP_FAMILIES)
def test_at_least_90_percent_of_the_family_keep_controls_survive(family: str, mode: str) -> None:
    scores = _scores(family, mode)
    total = sum(s.keep_total for s in scores)
    lost = sum(len(s.keep_lost) for s in scores)
    where = ", ".join(f"{s.case.filename} ({len(s.keep_lost)})" for s in scores if s.keep_lost)
    assert (total - lost) / total >= KEEP_TARGET, f"{family} ({mode}): {lost} of {total} controls lost in {where}"


def test_the_corpus_is_large_and_varied_enough_to_measure() -> None:
    families = {c.family for c in CASES}
    near = {c.family for c in CASES if "near-miss" in c.tags}
    assert len(CASES) >= 40
    assert len(families - near) >= 25
    assert len(near) >= 8
    assert sum(len(c.secrets) for c in CASES) >= 300
    assert sum(len(c.keep) for c in CASES if "near-miss" in c.tags) >= 100


def test_near_miss_files_hold_no_secret_and_only_keep_controls() -> None:
    for c in CASES:
        if "near-miss" in c.tags:
            assert not c.secrets and not c.strict_only and c.keep, c.filename


@pytest.mark.parametrize("seed", [0, 1, 7, 42, 1234])
def test_every_label_occurs_in_its_file_and_no_control_lives_inside_a_secret(seed: int) -> None:
    bad = [(c.family, c.filename, p) for c in build(seed) for p in validate(c)]
    assert bad == []


def test_the_generator_is_deterministic_for_a_seed() -> None:
    assert build(3) == build(3)
    assert build(0) == CASES


def test_a_fresh_process_with_another_hash_seed_generates_the_same_files() -> None:
    code = ("import hashlib; from tests.corpus.secrets.cases import build; "
            "print(hashlib.sha256(repr(build(5)).encode()).hexdigest())")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env,
                          timeout=120, check=True)
    assert done.stdout.strip() == hashlib.sha256(repr(build(5)).encode()).hexdigest()


def test_different_seeds_give_different_values() -> None:
    a, b = build(0), build(1)
    assert [(c.family, c.filename) for c in a] == [(c.family, c.filename) for c in b]
    assert all(x.text != y.text for x, y in zip(a, b))
    sa = {v for c in a for v in c.secrets}
    sb = {v for c in b for v in c.secrets}
    assert len(sa & sb) <= len(sa) // 100


def _case(text: str, secrets: tuple[str, ...] = (), keep: tuple[str, ...] = ()) -> Case:
    return Case("t", "f", "x.txt", text, secrets=secrets, keep=keep)


def test_a_secret_redacted_only_up_to_a_dot_still_counts_as_leaked() -> None:
    value = "ab.CDEFGHIJ9"
    case = _case(f"password={value}\n", (value,))
    assert leak_at(value, case, "password=\0.CDEFGHIJ9\n") is not None
    assert leak_at(value, case, "password=\0\n") is None


def test_a_fragment_that_also_occurs_outside_the_secret_is_not_evidence_of_a_leak() -> None:
    value = "x-Rocketship1"
    case = _case(f"Rocketship1 launch\npw={value}\n", (value,))
    assert fragment(value) == "Rocketship1"
    assert leak_at(value, case, "Rocketship1 launch\npw=\0\n") is None


def test_placeholder_hex_never_counts_as_a_leaked_digit_run() -> None:
    case = _case("pin 4417\n", ("4417",))
    redacted = "pin [SECRET_44174417441744174417441744174417]\n"
    assert score(case, "strict", lambda _t: redacted).leaks == []


def test_a_keep_control_inside_a_longer_number_does_not_count_as_surviving() -> None:
    case = _case("timeout 30 on port 3306\n", keep=("30",))
    assert survives("30", case, "timeout 30 on port 3306\n")
    assert not survives("30", case, "timeout \0 on port 3306\n")
