"""The personal-data corpus: identifiers, user names, encoded mail and phones vanish; controls survive."""

from __future__ import annotations

import pytest

from redacted_context_mcp.config import Policy
from redacted_context_mcp.redaction.engine import Redactor
from tests.corpus.personal.cases import build

SALT = b"personal-corpus-salt"
SEEDS = (0, 1, 2)


def _cases():
    return [c for seed in SEEDS for c in build(seed)]


def _red(mode: str) -> Redactor:
    return Redactor(Policy(mode=mode), SALT)


def test_the_suite_covers_every_family_from_three_countries():
    cases = build(0)
    assert {c.family for c in cases} >= {"hr-export", "hr-profile", "vendor-ledger", "mail-archive", "chat-export",
                                         "ci-logs", "phones"}
    assert {c.filename for c in cases} >= {"hr/de-profile.md", "hr/es-profile.md", "hr/in-profile.md"}
    assert build(0) == build(0) and build(0) != build(1)


@pytest.mark.parametrize("mode", ["strict", "balanced"])
def test_no_labelled_value_survives_in_either_mode(mode):
    red = _red(mode)
    leaks = []
    for case in _cases():
        out = red.redact(case.text).text
        leaks += [(case.family, v) for v in case.secrets if v in out]
    assert leaks == []


def test_strict_mode_also_removes_the_strict_only_values():
    red = _red("strict")
    leaks = []
    for case in _cases():
        out = red.redact(case.text).text
        leaks += [(case.family, v) for v in case.strict_only if v in out]
    assert leaks == []


@pytest.mark.parametrize("mode", ["strict", "balanced"])
def test_at_least_97_percent_of_the_controls_survive(mode):
    red = _red(mode)
    kept = total = 0
    lost = []
    for case in _cases():
        out = red.redact(case.text).text
        for k in case.keep:
            total += 1
            if k in out:
                kept += 1
            else:
                lost.append((case.family, k))
    assert total > 100 and kept / total >= 0.97, lost
