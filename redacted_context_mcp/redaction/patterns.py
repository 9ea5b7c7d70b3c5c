"""The built-in ``patterns`` detector: operator regex rules from a TOML file.

``--detector patterns=FILE`` reads ``[[patterns]]`` tables (``category``,
``regex``, optional ``ignore_case``). The startup checks run in the order of
spec diagram 10: the file and each rule (at most 256 rules, known keys and
types, a known category, a regex of at most 2,000 characters), the static
backtracking screen (:mod:`regexsafe`), compilation and the empty-match check,
rule by rule; then every rule is stress-tested in one killable child process
(:mod:`redaction.patterns_stress`). Errors name a rule by its number, never by
its text. The rules file is declared protected, so under the root it is never
served.

Imports: errors, regexsafe, redaction.detectors, redaction.placeholders.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from re import _constants as C  # type: ignore[attr-defined]
from re import _parser as P  # type: ignore[attr-defined]

import redacted_context_mcp
from redacted_context_mcp import regexsafe
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import patterns_stress
from redacted_context_mcp.redaction.detectors import MAX_SPANS_PER_DETECTOR, Nomination
from redacted_context_mcp.redaction.placeholders import CATEGORIES

MAX_RULES = 256
MAX_REGEX_CHARS = 2_000
MAX_FILE_BYTES = 1_000_000
#: Wall-clock cap on the whole stress test (CPU time per run is capped in the child).
STRESS_WALL_SECONDS = 120.0
_KEYS = frozenset({"category", "regex", "ignore_case"})
_WORKER = Path(patterns_stress.__file__)


@dataclass(frozen=True)
class Rule:
    category: str
    regex: re.Pattern[str]
    prefix: str  # literal text every match starts with (compared case-insensitively for ignore_case rules)


def _fail(detail: str) -> RedctxError:
    return RedctxError(Code.DETECTOR_START, detail=f"patterns: {detail}")


def read_rules(path: Path) -> list[dict[str, object]]:
    """The ``[[patterns]]`` tables of ``path`` (file-level checks only)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError:
        raise _fail("the rules file could not be read.") from None
    if len(data) > MAX_FILE_BYTES:
        raise _fail("the rules file is over 1,000,000 bytes.")
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        raise _fail("the rules file is not valid TOML.") from None
    if set(doc) - {"patterns"}:
        raise _fail("the rules file may only hold [[patterns]] tables.")
    rules = doc.get("patterns")
    if not isinstance(rules, list) or not rules or not all(isinstance(r, dict) for r in rules):
        raise _fail("the rules file has no [[patterns]] rules.")
    if len(rules) > MAX_RULES:
        raise _fail(f"more than {MAX_RULES} rules.")
    return rules


def check_rule(n: int, raw: dict[str, object]) -> Rule:
    """Static checks of rule ``n`` (1-based): schema, category, length, screen, compile, empty match."""
    where = f"rule {n}"
    if set(raw) - _KEYS:
        raise _fail(f"{where} has an unknown key (allowed: category, regex, ignore_case).")
    category, pattern, ignore_case = raw.get("category"), raw.get("regex"), raw.get("ignore_case", False)
    if not isinstance(category, str):
        raise _fail(f"{where}: category must be a string.")
    if not isinstance(pattern, str):
        raise _fail(f"{where}: regex must be a string.")
    if not isinstance(ignore_case, bool):
        raise _fail(f"{where}: ignore_case must be a boolean.")
    if category not in CATEGORIES:
        raise _fail(f"{where}: unknown category (use one of {', '.join(sorted(CATEGORIES))}).")
    if len(pattern) > MAX_REGEX_CHARS:
        raise _fail(f"{where}: regex is over {MAX_REGEX_CHARS:,} characters.")
    try:
        user = regexsafe.compile_user_regex(pattern, ignore_case)
    except RedctxError as exc:
        if exc.code is Code.UNSAFE_REGEX:
            raise _fail(f"{where}: regex has a catastrophic-backtracking shape.") from None
        raise _fail(f"{where}: regex does not compile.") from None
    compiled = user.compiled()[0]  # operator rules: compiled once at startup, in this process
    if P.parse(pattern, compiled.flags).getwidth()[0] == 0:
        raise _fail(f"{where}: regex can match the empty string.")
    return Rule(category, compiled, literal_prefix(pattern))


def literal_prefix(pattern: str) -> str:
    """The literal text every match of a case-sensitive ``pattern`` starts with (may be empty)."""
    out = []
    for op, av in P.parse(pattern).data:
        if op is not C.LITERAL:
            break
        out.append(chr(av))
    return "".join(out)


def stress_test(rules: Sequence[Rule], *, wall_seconds: float = STRESS_WALL_SECONDS) -> None:
    """Time every rule in one child process; raise naming the first rule that fails."""
    payload = json.dumps([[r.regex.pattern, r.regex.flags & re.IGNORECASE] for r in rules])
    try:
        proc = subprocess.Popen(
            [sys.executable, "-I", "-S", str(_WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, close_fds=True,
        )
    except OSError:
        raise _fail("the stress test could not run.") from None
    current = 0
    verdicts: dict[int, str] = {}
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(payload.encode("utf-8"))
        proc.stdin.close()
        deadline = time.monotonic() + wall_seconds
        buf = b""
        done = False
        while not done:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _fail("the stress test could not run (it did not finish in time).")
            ready, _, _ = select.select([proc.stdout], [], [], min(left, 1.0))
            if not ready:
                continue
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            buf += chunk
            *lines, buf = buf.split(b"\n")
            for line in lines:
                word, _, num = line.decode("ascii", "replace").partition(" ")
                if word == "done":
                    done = True
                elif word == "rule":
                    current = int(num)
                elif num.isdigit():
                    verdicts[int(num)] = word
        status = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    except (OSError, ValueError, subprocess.TimeoutExpired):
        raise _fail("the stress test could not run.") from None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    for n in sorted(verdicts):
        if verdicts[n] == "slow":
            raise _fail(f"rule {n} is too slow (a stress-test run took over 2 seconds).")
        if verdicts[n] == "superlinear":
            raise _fail(f"rule {n} is superlinear (CPU time grew over 8x from 10,000 to 40,000 characters).")
    if status == -signal.SIGPROF and current and current not in verdicts:
        raise _fail(f"rule {current} is too slow (a stress-test run took over 2 seconds).")
    if not done or status != 0 or len(verdicts) != len(rules):
        raise _fail("the stress test could not run.")


class _Prefilter:
    """Which rules can match at all: one scan for every rule's literal prefix.

    The alternation lists longer prefixes first, so at each position it finds the
    longest prefix that starts there; every shorter prefix starting there is a
    prefix of that one (case-insensitive rules re-check theirs). The scan resumes
    one character after each hit, so overlapping prefixes are found too, and stops
    once every prefixed rule is known to be needed.
    """

    def __init__(self, rules: Sequence[tuple[int, Rule]], flags: int) -> None:
        self.by_prefix: dict[str, list[int]] = {}
        for i, r in rules:
            self.by_prefix.setdefault(r.prefix if not flags else r.prefix.casefold(), []).append(i)
        self.rules = list(rules)
        self.flags = flags
        alternatives = sorted({r.prefix for _, r in rules}, key=len, reverse=True)
        self.scan = re.compile("|".join(re.escape(a) for a in alternatives), flags) if alternatives else None
        self.own = {i: re.compile(re.escape(r.prefix), flags) for i, r in rules} if flags else {}
        self.lengths = sorted({len(r.prefix) for _, r in rules})

    def needed(self, text: str, active: set[int]) -> None:
        if self.scan is None:
            return
        left = {i for i, _ in self.rules}
        pos = 0
        while left:
            m = self.scan.search(text, pos)
            if m is None:
                return
            if self.flags:
                for i in [i for i in left if self.own[i].match(text, m.start())]:
                    left.discard(i)
                    active.add(i)
            else:
                found = m.group()
                for n in self.lengths:
                    if n > len(found):
                        break
                    for i in self.by_prefix.get(found[:n], ()):
                        if i in left:
                            left.discard(i)
                            active.add(i)
            pos = m.start() + 1


class PatternsDetector:
    """Nominates every match of every rule (rules in file order)."""

    name = "patterns"

    def __init__(self, rules: Sequence[Rule], path: Path | None = None) -> None:
        self.rules = tuple(rules)
        self.version = redacted_context_mcp.__version__
        self.protected_paths = (str(path),) if path is not None else ()
        ic = re.IGNORECASE
        self._always = {i for i, r in enumerate(self.rules) if not r.prefix}
        self._filters = [
            _Prefilter([(i, r) for i, r in enumerate(self.rules) if r.prefix and not r.regex.flags & ic], 0),
            _Prefilter([(i, r) for i, r in enumerate(self.rules) if r.prefix and r.regex.flags & ic], ic),
        ]

    def detect(self, text: str) -> list[Nomination]:
        active = set(self._always)
        for f in self._filters:
            f.needed(text, active)
        out: list[Nomination] = []
        cap = MAX_SPANS_PER_DETECTOR + 1  # one more than allowed is enough for the engine to refuse
        for i in sorted(active):
            rule = self.rules[i]
            cat = rule.category
            for m in rule.regex.finditer(text):
                if m.end() > m.start():
                    out.append(Nomination(m.start(), m.end(), cat))
                    if len(out) >= cap:
                        return out
        return out


def load(path: Path, *, stress: bool = True) -> PatternsDetector:
    """Read, check and stress-test the rules file at ``path``."""
    rules = [check_rule(n, raw) for n, raw in enumerate(read_rules(path), 1)]
    if stress:
        stress_test(rules)
    return PatternsDetector(rules, path)


def factory(argument: str | None) -> PatternsDetector:
    """``patterns=FILE``: ``~`` expanded, a relative path taken from the working directory."""
    if not argument or not argument.strip():
        raise _fail("give the rules file as patterns=FILE.")
    path = Path(os.path.abspath(os.path.expanduser(argument.strip())))
    return load(path)
