"""The .gitignore / .ignore matcher: git's pattern rules, linear-time matching, precedence."""

from __future__ import annotations

import pytest

from redacted_context_mcp.sources import ignore as ignore_mod
from redacted_context_mcp.sources.ignore import IgnoreMatcher, match_segment, parse_rule, parse_rules
from redacted_context_mcp.sources.ignore import _tokens as tokens


def matcher(files: dict[str, str], **kw) -> IgnoreMatcher:
    return IgnoreMatcher(lambda rel: files[rel].encode() if rel in files else None, **kw)


@pytest.mark.parametrize(
    "pattern,path,is_dir,ignored",
    [
        ("*.log", "app.log", False, True),
        ("*.log", "deep/er/app.log", False, True),
        ("*.log", "app.logx", False, False),
        ("build/", "build", True, True),
        ("build/", "build", False, False),  # directory-only
        ("build/", "src/build", True, True),  # no slash before the end: any depth
        ("/build", "build", True, True),
        ("/build", "src/build", True, False),  # anchored
        ("doc/frotz", "doc/frotz", False, True),
        ("doc/frotz", "a/doc/frotz", False, False),  # a middle slash anchors
        ("**/cache", "a/b/cache", True, True),
        ("**/cache", "cache", True, True),
        ("a/**/b", "a/b", False, True),
        ("a/**/b", "a/x/y/b", False, True),
        ("a/**/b", "a/x/y/c", False, False),
        ("out/**", "out/x/y.txt", False, True),
        ("out/**", "out", True, False),  # everything inside, not the directory itself
        ("?.txt", "a.txt", False, True),
        ("?.txt", "ab.txt", False, False),
        ("[abc].md", "b.md", False, True),
        ("[!abc].md", "b.md", False, False),
        ("[a-c]x", "bx", False, True),
        ("\\#keep", "#keep", False, True),
        ("\\!bang", "!bang", False, True),
        ("trail\\ ", "trail ", False, True),
        ("*", "x/y/z", False, True),
        ("src/*.js", "src/a/b.js", False, False),  # * never crosses /
    ],
)
def test_patterns_follow_gitignore_rules(pattern, path, is_dir, ignored):
    assert matcher({".gitignore": pattern + "\n"}).ignored(path, is_dir) is ignored


def test_comments_and_blank_lines_are_not_rules():
    assert parse_rules("# a comment\n\n   \n") == ()
    assert parse_rule("#x") is None


def test_a_later_negation_re_includes_and_the_last_match_wins():
    m = matcher({".gitignore": "*.log\n!keep.log\n"})
    assert m.ignored("a.log", False) and not m.ignored("keep.log", False)
    assert matcher({".gitignore": "!keep.log\n*.log\n"}).ignored("keep.log", False)


def test_nested_ignore_files_apply_below_their_directory_and_override_the_root():
    files = {".gitignore": "*.tmp\n", "sub/.gitignore": "!local.tmp\n/only-here\n"}
    m = matcher(files)
    assert m.ignored("x.tmp", False) and m.ignored("sub/x.tmp", False)
    assert not m.ignored("sub/local.tmp", False) and m.ignored("local.tmp", False)
    assert m.ignored("sub/only-here", False) and not m.ignored("sub/deeper/only-here", False)
    assert not m.ignored("only-here", False)


def test_dot_ignore_takes_precedence_over_gitignore_in_the_same_directory():
    m = matcher({".gitignore": "*.csv\n", ".ignore": "!wanted.csv\n"})
    assert m.ignored("other.csv", False) and not m.ignored("wanted.csv", False)


def test_a_file_inside_an_ignored_directory_stays_ignored_despite_a_negation():
    m = matcher({".gitignore": "vendor/\n!vendor/keep.txt\n"})
    assert m.ignored_path("vendor/keep.txt", False)
    assert m.ignored_path("vendor/x/y.txt", False)
    assert not m.ignored_path("src/y.txt", False)


def test_edited_ignore_files_are_read_again_after_the_recheck_interval():
    files = {".gitignore": "*.a\n"}
    now = [0.0]
    m = matcher(files, clock=lambda: now[0], recheck=2.0)
    assert m.ignored("x.a", False)
    files[".gitignore"] = "*.b\n"
    assert m.ignored("x.a", False)  # cached
    now[0] = 3.0
    assert not m.ignored("x.a", False) and m.ignored("x.b", False)


def test_matching_is_linear_on_hostile_patterns(monkeypatch):
    """Patterns that make a backtracking regex explode cost at most pattern x path steps here."""
    steps = [0]
    real_one = ignore_mod._one

    def counted_one(tok, ch):
        steps[0] += 1
        return real_one(tok, ch)

    monkeypatch.setattr(ignore_mod, "_one", counted_one)
    pattern, name = "*a" * 30 + "b", "a" * 3000
    assert not match_segment(tokens(pattern), name)
    assert steps[0] <= len(tokens(pattern)) * (len(name) + 1)

    calls = [0]
    real_seg = ignore_mod.match_segment

    def counted_seg(toks, part):
        calls[0] += 1
        return real_seg(toks, part)

    monkeypatch.setattr(ignore_mod, "match_segment", counted_seg)
    rule = parse_rule("/" + "/".join(["**", "x*"] * 20) + "/end")
    parts = ["x"] * 200 + ["nope"]
    assert not rule.matches(parts, False)
    assert calls[0] <= len(rule.segments) * (len(parts) + 1)
