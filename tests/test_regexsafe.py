"""User regexes: the static screen, per-line matching, and the killable worker."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.regexsafe import compile_user_regex, is_unsafe, run_regex, scan_texts

UNSAFE = [
    r"(a+)+$", r"(a*)*b", r"(?:a+)+", r"(\w+\s?)*$", r"(a|a)+$", r"(a|aa)+", r"(a?){30}$",
    r"(a{1,3})+$", r"(x+x+)+y", r"(.*a){10}", r"(\d+|\d+\.\d+)+", r"((ab)*)+", r"([a-z]+)*$",
    r"^(\w+\s?)+$", r"(?i)(x|X+)+$", r"(a+){8}", r"(?:(?:a|b)+c?)+$", r"(\[?\w+)*x",
]
SAFE = [
    r"foo", r"a+b+", r"(ab)+", r"(\d{1,3}\.)+", r"(\w+\.)+com", r"(a|b)+", r"(foo|bar)*",
    r"[a-z]+@[a-z]+", r"(a+){2}", r"(a+){7}", r"\bTODO\b", r"(\w+\s)+x", r"(a|ab)+", r"^\s*#",
    r"(?:https?|ftp)://\S+", r"\[PERSON_[0-9a-f]{32}", r"(?:\s*,\s*\w+)*x", r"(?i)(A|a)+",
    r"invoice\s+\d+", r"(?<!\w)x(?!\w)", r"a++", r"(?>a+)+", r"(\[PERSON_\w+)*x",
]


@pytest.mark.parametrize("pattern", UNSAFE)
def test_catastrophic_backtracking_shapes_are_rejected(pattern: str) -> None:
    with pytest.raises(RedctxError) as info:
        compile_user_regex(pattern, False)
    assert info.value.code is Code.UNSAFE_REGEX
    assert str(info.value) == "Unsafe regex: potentially catastrophic backtracking pattern."


@pytest.mark.parametrize("pattern", SAFE)
def test_ordinary_patterns_pass_the_screen(pattern: str) -> None:
    assert not is_unsafe(pattern)


@pytest.mark.parametrize("pattern", ["(", "[a-", "a{2,1}", "(?<=a+)b", "*x", "(?P<n>a)(?P<n>b)"])
def test_invalid_patterns_fail_with_invalid_regex(pattern: str) -> None:
    with pytest.raises(RedctxError) as info:
        compile_user_regex(pattern, False)
    assert info.value.code is Code.INVALID_REGEX and str(info.value) == "Invalid regex."


def _naive(pattern: str, ignore_case: bool, texts: list[str]) -> list[tuple[int, int]]:
    rx = re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    return [(ti, n) for ti, t in enumerate(texts) if t for n, line in enumerate(t.split("\n"), 1)
            if rx.search(line)]


TEXTS = ["alpha\nbeta gamma\n\nx y\nAlpha beta", "", "b\n  b  \nab\nba\n\nend", "a\nb\nc"]


@pytest.mark.parametrize(
    "pattern",
    [r"a", r"^b", r"b$", r"^$", r"\s+", r"a\s*b", r"\Ab", r"b\Z", r"(?<!\s)b", r"a(?!\n)",
     r"(?s)a.b", r"x*", r"[^a]b", r"(?m)^a", r"\bbeta\b", r"(?>a\s*)$", r"a\s++b", r"(?<=\s)b"],
)
@pytest.mark.parametrize("ignore_case", [False, True])
def test_matching_is_exactly_per_line(pattern: str, ignore_case: bool) -> None:
    rx = compile_user_regex(pattern, ignore_case)
    assert scan_texts(rx, TEXTS, 1000) == _naive(pattern, ignore_case, TEXTS)


def test_random_texts_match_like_a_per_line_loop() -> None:
    rng = random.Random(5)
    texts = ["".join(rng.choice("ab \n") for _ in range(rng.randint(0, 80))) for _ in range(40)]
    for pattern in [r"ab", r"a\s*b", r"^a", r"b$", r"\sb", r"a.?b", r"^\s*$", r"(?<!a)b", r"\Aa"]:
        assert scan_texts(compile_user_regex(pattern, False), texts, 10**6) == _naive(pattern, False, texts)


def test_scanning_stops_at_the_limit() -> None:
    rx = compile_user_regex("x", False)
    assert scan_texts(rx, ["x\nx\nx", "x"], 2) == [(0, 1), (0, 2)]
    assert run_regex(rx, ["x\nx\nx", "x"], 2, 10) == [(0, 1), (0, 2)]


def test_the_worker_returns_the_same_hits_as_in_process() -> None:
    rx = compile_user_regex(r"b\w", True)
    assert run_regex(rx, TEXTS, 100, 10) == scan_texts(rx, TEXTS, 100)


def _children() -> list[int]:
    """Live or zombie child processes of this process, from /proc."""
    me = os.getpid()
    kids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me:
                kids.append(int(d.name))
    return kids


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(os, "fork"), reason="needs /proc")
def test_a_worker_past_the_deadline_is_killed_and_reaped_and_the_next_search_works() -> None:
    slow = compile_user_regex(r"(.*a){7}b", False)  # polynomial, passes the screen: the deadline stops it
    before = _children()
    with pytest.raises(RedctxError) as info:
        run_regex(slow, ["a" * 3000], 10, 0.3)
    assert info.value.code is Code.LIMIT_DEADLINE
    assert str(info.value) == "Operation deadline exceeded."
    assert _children() == before
    assert run_regex(compile_user_regex("a", False), ["xa"], 10, 10) == [(0, 1)]
    assert _children() == before
