"""The ``patterns`` detector: rules file, startup checks in diagram-10 order, stress test, detection."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import unittest
from pathlib import Path

import pytest
from redaction_helpers import SALT

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import patterns, patterns_stress
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.registry import load_detector
from redacted_context_mcp.testing import DetectorConformance
from tests.invariants import invariant

TICKET = "[[patterns]]\ncategory = \"ID\"\nregex = 'TICKET-\\d{4,}'\n"


def rules_file(tmp_path: Path, *rules: str, raw: str | None = None) -> Path:
    path = tmp_path / "patterns.toml"
    path.write_text(raw if raw is not None else "\n".join(rules), encoding="utf-8")
    return path


def rule(regex: str, category: str = "ID", extra: str = "") -> str:
    return f"[[patterns]]\ncategory = \"{category}\"\nregex = '{regex}'\n{extra}"


def start_error(path: Path, stress: bool = True) -> str:
    with pytest.raises(RedctxError) as err:
        patterns.load(path, stress=stress)
    assert err.value.code is Code.DETECTOR_START
    return err.value.message


# -- the file and each rule -------------------------------------------------------------------
def test_the_spec_example_loads_and_nominates_both_rules(tmp_path):
    path = rules_file(tmp_path, TICKET, rule(r"project\s+lantern", "SENSITIVE", "ignore_case = true\n"))
    det = load_detector(f"patterns={path}")
    text = "TICKET-12345 and Project   LANTERN, not TICKET-12"
    assert [(text[s:e], c) for s, e, c in det.detect(text)] == [("TICKET-12345", "ID"),
                                                                   ("Project   LANTERN", "SENSITIVE")]
    assert det.name == "patterns" and det.version
    assert det.protected_paths == (str(path),)


@pytest.mark.parametrize(
    "raw,phrase",
    [
        ("not toml [", "is not valid TOML"),
        ("", "has no [[patterns]] rules"),
        ("patterns = 3", "has no [[patterns]] rules"),
        ("other = 1\n" + TICKET, "may only hold [[patterns]] tables"),
        (TICKET * 257, "more than 256 rules"),
    ],
)
def test_file_level_problems_fail_at_start(tmp_path, raw, phrase):
    assert phrase in start_error(rules_file(tmp_path, raw=raw), stress=False)


def test_an_unreadable_rules_file_fails_at_start(tmp_path):
    assert "could not be read" in start_error(tmp_path / "missing.toml")


@pytest.mark.parametrize(
    "bad,phrase",
    [
        ("[[patterns]]\ncategory = \"ID\"\n", "regex must be a string"),
        ("[[patterns]]\nregex = 'ZQ-\\d+'\n", "category must be a string"),
        (rule("ZQ-\\d+", extra="ignore_case = \"yes\"\n"), "ignore_case must be a boolean"),
        (rule("ZQ-\\d+", extra="name = \"secret rule\"\n"), "unknown key"),
        (rule("ZQ-\\d+", category="NICKNAME"), "unknown category"),
        (rule("ZQ-\\d+", category="id"), "unknown category"),
        (rule("Z" * 2_001), "over 2,000 characters"),
        (rule("(ZQ[A-Z]+)+"), "catastrophic-backtracking shape"),
        (rule("ZQ-(\\d+"), "does not compile"),
        (rule("(?:ZQ)?"), "can match the empty string"),
        (rule("(?=ZQ)"), "can match the empty string"),
    ],
)
@invariant("DETECT-3")
def test_each_rule_check_names_the_rule_by_number_never_by_its_text(tmp_path, bad, phrase):
    message = start_error(rules_file(tmp_path, TICKET, bad), stress=False)
    assert message.startswith("--detector: patterns: rule 2") and phrase in message
    assert "ZQ" not in message and "secret rule" not in message and "NICKNAME" not in message


def test_static_checks_run_in_order_schema_category_length_screen(tmp_path):
    both = rule("(ZQ[A-Z]+)+" + "Z" * 2_001, category="NOPE")
    assert "unknown category" in start_error(rules_file(tmp_path, both), stress=False)
    assert "over 2,000" in start_error(rules_file(tmp_path, rule("(ZQ[A-Z]+)+" + "Z" * 2_001)), stress=False)
    assert "unknown key" in start_error(rules_file(tmp_path, both + "x = 1\n"), stress=False)


def test_static_checks_of_every_rule_come_before_the_stress_test(tmp_path, monkeypatch):
    ran = []
    monkeypatch.setattr(patterns, "stress_test", lambda rules: ran.append(rules))
    start_error(rules_file(tmp_path, rule("[A-Z]+\\d"), rule("ZQ", category="NOPE")))
    assert ran == []


# -- the stress test ------------------------------------------------------------------------------
def test_linear_anchored_rules_pass_the_stress_test(tmp_path):
    path = rules_file(tmp_path, TICKET, rule("\\b[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b", "EMAIL"))
    assert len(patterns.load(path).rules) == 2


def test_a_quadratic_rule_is_rejected_by_number_as_too_slow_or_superlinear(tmp_path):
    path = rules_file(tmp_path, TICKET, rule("[A-Z]+\\d"))
    message = start_error(path)
    assert re.search(r"rule 2 is (too slow|superlinear)", message) and "A-Z" not in message


def test_the_unbounded_email_rule_from_the_spec_is_rejected(tmp_path):
    path = rules_file(tmp_path, rule("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b", "EMAIL"))
    assert re.search(r"rule 1 is (too slow|superlinear)", start_error(path))


def test_synthetic_inputs_come_from_the_rules_own_classes_and_prefix():
    prefix, classes = patterns_stress.analyse(r"TICKET-[A-Z]+\d", 0)
    assert prefix == "TICKET-"
    units = patterns_stress.units(r"TICKET-[A-Z]+\d", 0)
    assert "A" in units and "0" in units and "\0A" in units
    assert patterns_stress.build("TICKET-", "\0A", 20) == "TICKET-AAAAAAAAAAAAA"
    assert patterns_stress.build("", "a.", 7) == "a.a.a.a"
    mixed = patterns_stress.units(r"\b[a-z.-]+@", 0)
    assert "a." in mixed and "a-" in mixed


def test_growth_is_judged_on_cpu_time_with_retiming_of_suspicious_rules(monkeypatch):
    timings = iter([0.010, 0.090, 0.010, 0.035])  # first large run looks 9x, the re-timed pair is linear
    monkeypatch.setattr(patterns_stress, "_timed", lambda rx, text: next(timings))
    assert patterns_stress.judge(re.compile("x"), "", ["x"]) == "ok"
    timings = iter([0.010, 0.090] + [0.010, 0.095] * 4)
    monkeypatch.setattr(patterns_stress, "_timed", lambda rx, text: next(timings))
    assert patterns_stress.judge(re.compile("x"), "", ["x"]) == "superlinear"
    timings = iter([0.001, 0.015])  # 15x but under 20 ms of CPU: noise, not growth
    monkeypatch.setattr(patterns_stress, "_timed", lambda rx, text: next(timings))
    assert patterns_stress.judge(re.compile("x"), "", ["x"]) == "ok"
    timings = iter([0.1, 2.5])
    monkeypatch.setattr(patterns_stress, "_timed", lambda rx, text: next(timings))
    assert patterns_stress.judge(re.compile("x"), "", ["x"]) == "slow"


def test_at_most_five_timed_runs_per_size():
    calls = []

    def timed(rx, text):
        calls.append(len(text))
        return 0.01 if len(text) == patterns_stress.SIZES[0] else 0.5

    old = patterns_stress._timed
    patterns_stress._timed = timed
    try:
        assert patterns_stress.judge(re.compile("x"), "", ["x"]) == "superlinear"
    finally:
        patterns_stress._timed = old
    assert calls.count(patterns_stress.SIZES[0]) == 5 and calls.count(patterns_stress.SIZES[1]) == 5


def test_a_stress_test_that_cannot_run_fails_at_start(tmp_path, monkeypatch):
    monkeypatch.setattr(patterns, "_WORKER", tmp_path / "no-such-worker.py")
    assert "stress test could not run" in start_error(rules_file(tmp_path, TICKET))


def test_a_rule_stuck_in_the_regex_engine_is_killed_by_its_cpu_timer_and_named(tmp_path, monkeypatch):
    worker = tmp_path / "worker.py"
    source = Path(patterns_stress.__file__).read_text(encoding="utf-8")
    worker.write_text(source.replace("SLOW_SECONDS = 2.0", "SLOW_SECONDS = 0.02"), encoding="utf-8")
    quadratic = "[a-z]+\\d"
    proc = subprocess.run([sys.executable, "-I", "-S", str(worker)], input=json.dumps([[quadratic, 0]]).encode(),
                          capture_output=True, timeout=60, check=False)
    assert proc.returncode == -signal.SIGPROF and proc.stdout == b"rule 1\n" and proc.stderr == b""
    monkeypatch.setattr(patterns, "_WORKER", worker)
    message = start_error(rules_file(tmp_path, TICKET, TICKET, rule(quadratic)))
    assert "rule 3 is too slow" in message


# -- in the engine --------------------------------------------------------------------------------
def test_patterns_redact_every_occurrence_but_never_paths(tmp_path):
    det = patterns.load(rules_file(tmp_path, TICKET), stress=False)
    red = Redactor(Policy(mode="balanced"), SALT, (det,))
    out = red.redact("TICKET-4242 then again TICKET-4242").text
    assert "4242" not in out and len(set(re.findall(r"\[ID_[0-9a-f]{32}\]", out))) == 1
    assert "4242" in red.redact_path("TICKET-4242.md").text


def test_the_prefix_prefilter_never_skips_a_rule_that_matches(tmp_path):
    import random

    rng = random.Random(7)
    alphabet = "ABab-1ſK"
    for trial in range(40):
        rows = []
        for _ in range(rng.randint(1, 12)):
            prefix = "".join(rng.choice("ABab-") for _ in range(rng.randint(1, 3)))
            extra = "ignore_case = true\n" if rng.random() < 0.4 else ""
            rows.append(rule(re.escape(prefix).replace("'", "") + "\\d?", extra=extra))
        det = patterns.load(rules_file(tmp_path, *rows), stress=False)
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60)))
        naive = [(m.start(), m.end(), r.category) for r in det.rules for m in r.regex.finditer(text)]
        assert det.detect(text) == naive, (trial, text)


def test_overlapping_and_nested_prefixes_are_all_found(tmp_path):
    rows = (rule("AB-\\d"), rule("B-1"), rule("A"), rule("KQ", extra="ignore_case = true\n"))
    det = patterns.load(rules_file(tmp_path, *rows), stress=False)
    assert [r.prefix for r in det.rules] == ["AB-", "B-1", "A", "KQ"]
    text = "AB-1 \u212aq"  # the Kelvin sign folds to k under the regex engine's case rules
    assert [text[s:e] for s, e, _ in det.detect(text)] == ["AB-1", "B-1", "A", "\u212aq"]


class PatternsConformance(DetectorConformance, unittest.TestCase):
    """The built-in patterns detector passes the third-party contract kit."""

    def make_detector(self):
        import tempfile

        tmp = Path(tempfile.mkdtemp())
        return patterns.load(rules_file(tmp, TICKET, rule(r"project\s+lantern", "SENSITIVE", "ignore_case = true\n")))
