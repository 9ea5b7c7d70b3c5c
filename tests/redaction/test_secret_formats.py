"""The provider format table: one table-driven test per row, in both modes, plus the prefilter's soundness."""

from __future__ import annotations

import inspect
import re
import zlib

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import (
    secret_format_kit,
    secret_formats,
    secret_formats_cloud,
    secret_formats_dev,
    secret_formats_keys,
    secret_formats_saas,
)
from redacted_context_mcp.redaction.secret_formats import FORMAT_RULES
from redacted_context_mcp.redaction.secret_gates import regex_run
from redacted_context_mcp.redaction.secret_prefilter import Prefilter, anchorable
from redacted_context_mcp.redaction.secret_rules import PREFILTER, SECRET_RULES, find_secrets
from redacted_context_mcp.redaction.terms import fold
from redacted_context_mcp.redaction.validators import base62, github_checksum_ok
from tests.invariants import invariant

EXAMPLES = [(r, text, secret) for r in FORMAT_RULES for text, secret in r.examples]
MISSES = [(r, text) for r in FORMAT_RULES for text in r.near_misses]
EX_IDS = [f"{r.id}-{i}" for i, (r, _, _) in enumerate(EXAMPLES)]
MISS_IDS = [f"{r.id}-{i}" for i, (r, _) in enumerate(MISSES)]
MODES = ("strict", "balanced")
ENGINES = {mode: make(mode) for mode in MODES}


def test_the_table_has_at_least_150_provider_rows_with_unique_ids():
    assert len(FORMAT_RULES) >= 150
    ids = [r.id for r in SECRET_RULES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("rule", FORMAT_RULES, ids=[r.id for r in FORMAT_RULES])
def test_every_row_is_complete_data(rule):
    assert rule.category == "SECRET" and rule.profile == "default"
    assert rule.description and "\n" not in rule.description and len(rule.description) < 160
    assert rule.examples and rule.near_misses
    assert all(k == k.lower() and k for k in rule.keywords)
    assert rule.keywords or rule.cased or rule.min_hex_run or rule.min_run or rule.chars


@pytest.mark.parametrize("rule", FORMAT_RULES, ids=[r.id for r in FORMAT_RULES])
def test_a_row_with_keywords_that_cannot_be_anchored_has_a_cheap_gate_as_well(rule):
    loose = [k for k in rule.keywords if not anchorable(k)] + [k for k in rule.cased if not anchorable(k, True)]
    if loose:
        assert rule.min_hex_run or rule.min_run or rule.chars, loose


@invariant("OUT-7")
@pytest.mark.parametrize("rule,text,secret", EXAMPLES, ids=EX_IDS)
def test_each_format_example_is_caught_by_its_row_and_never_survives_either_mode(rule, text, secret):
    hits = find_secrets(text, fold(text), [rule])
    start = text.index(secret)
    assert all(any(h.start <= i < h.end for h in hits) for i in range(start, start + len(secret)))
    for mode in MODES:
        out = ENGINES[mode].redact(text)
        assert secret not in out.text
        assert out.counts.get("SECRET", 0) >= 1


@pytest.mark.parametrize("rule,text", MISSES, ids=MISS_IDS)
def test_each_format_near_miss_survives_its_row_and_gets_no_secret_placeholder(rule, text):
    assert find_secrets(text, fold(text), [rule]) == []
    for mode in MODES:
        assert "SECRET" not in ENGINES[mode].redact(text).counts


@pytest.mark.parametrize("rule,text,secret", EXAMPLES, ids=EX_IDS)
def test_the_combined_prefilter_selects_the_row_for_each_of_its_examples(rule, text, secret):
    assert rule in PREFILTER.selected(text, fold(text))


def _gates_hold(rule, span: str, low_span: str) -> bool:
    if rule.keywords or rule.cased:
        if not (any(k in low_span for k in rule.keywords) or any(k in span for k in rule.cased)):
            return False
    if rule.min_hex_run and not re.search(f"[0-9a-fA-F]{{{rule.min_hex_run}}}", span):
        return False
    if rule.min_run and not re.search(f"[A-Za-z0-9+/=_\\-]{{{rule.min_run}}}", span):
        return False
    return not rule.chars or any(c in span for c in rule.chars)


@pytest.mark.parametrize("rule,text,secret", EXAMPLES, ids=EX_IDS)
def test_every_match_of_a_row_contains_what_its_prefilter_looks_for(rule, text, secret):
    low = fold(text)
    src = low if rule.on_lower else text
    matches = list(rule.regex.finditer(src))
    assert matches
    for m in matches:
        assert _gates_hold(rule, text[m.start():m.end()], low[m.start():m.end()]), m.group()


def _without_keywords(rule, text: str) -> str:
    """``text`` with every character of every keyword occurrence replaced by one no regex accepts."""
    chars = list(text)
    low = fold(text)
    for kw, src in [(k, low) for k in rule.keywords] + [(k, text) for k in rule.cased]:
        for m in re.finditer(f"(?={re.escape(kw)})", src):
            chars[m.start():m.start() + len(kw)] = "\u00a7" * len(kw)
    return "".join(chars)


@pytest.mark.parametrize("rule,text,secret", [e for e in EXAMPLES if e[0].keywords or e[0].cased],
                         ids=[i for i, e in zip(EX_IDS, EXAMPLES) if e[0].keywords or e[0].cased])
def test_a_row_cannot_match_once_its_keywords_are_gone(rule, text, secret):
    mutated = _without_keywords(rule, text)
    src = fold(mutated) if rule.on_lower else mutated
    assert list(rule.regex.finditer(src)) == []
    assert rule not in Prefilter(FORMAT_RULES).selected(mutated, fold(mutated))


NEAR_EXAMPLES = [e for e in EXAMPLES if e[0].near]


@pytest.mark.parametrize("rule,text,secret", NEAR_EXAMPLES, ids=[f"{e[0].id}-{i}" for i, e in enumerate(NEAR_EXAMPLES)])
def test_a_near_row_is_selected_wherever_its_assignment_sits_in_a_long_text(rule, text, secret):
    prose = "Notes from the review of the quarter, nothing secret here. " * 40
    for padded in (prose + text, text + "\n" + prose, prose + "\n" + text + "\n" + prose, "x" * 30 + " " + text):
        assert rule in PREFILTER.selected(padded, fold(padded))


def test_keyword_scans_find_keywords_that_overlap_or_nest():
    rules = tuple(r for r in FORMAT_RULES if r.id in ("stripe-key", "openai-key", "anthropic-key", "github-token"))
    pre = Prefilter(rules)
    found = pre.present("x sk-ant-sk_live_ghp_ y", "x sk-ant-sk_live_ghp_ y")
    assert {"sk-ant-", "sk-", "sk_live_", "ghp_"} <= found


def test_the_github_checksum_admits_short_tokens_and_never_rejects_full_length_ones():
    payload = "Zq8XyW3vT1sR5pN7mL2kJ4hG6f"
    good = payload + base62(zlib.crc32(payload.encode()))
    assert github_checksum_ok(good) and not github_checksum_ok(payload + "zzzzzz")
    rule = next(r for r in FORMAT_RULES if r.id == "github-token")
    assert find_secrets(f"t ghp_{good}", f"t ghp_{good}".lower(), [rule])
    assert not find_secrets(f"t ghp_{payload}zzzzzz", f"t ghp_{payload}zzzzzz".lower(), [rule])
    full = "ghp_" + "Ab3" * 12  # 36 characters, bad checksum: still a token
    assert find_secrets(full, full.lower(), [rule])


PRECISION = (
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nAuthor: A <a@example.com>",
    "git log --oneline: 9fceb02 fix the build",
    "request 123e4567-e89b-12d3-a456-426614174000 done",
    '"integrity": "sha512-' + "Xp0wT4nE7m5oQ+hP3vK1cZ2aL9yB8dR6fJ4gU7iS0wN3qM5tC1eV2xA8kO6lH9jY4" + '=="',
    "image: app@sha256:" + "3b" * 32,
    "FROM python:3.12-slim@sha256:" + "a1" * 32,
    "color: #ff00aa; background: #0f0f0f;",
    "version 1.24.3-rc.1+build.5 released 2024-03-15T10:20:30Z",
    "password_field_label = 'Password'",
    "the token and the secret are rotated on port 8443 every 30m",
    "npm_config_cache=/tmp/npm sk_test_ pk_live_",
)


@pytest.mark.parametrize("text", PRECISION)
def test_hashes_ids_colours_versions_and_identifiers_are_not_secrets(text):
    assert find_secrets(text, fold(text), FORMAT_RULES) == []
    for mode in MODES:
        assert "SECRET" not in ENGINES[mode].redact(text).counts


def test_the_format_modules_hold_no_literal_example_tokens():
    mods = (secret_formats, secret_formats_cloud, secret_formats_dev, secret_formats_keys, secret_formats_saas,
            secret_format_kit)
    source = "".join(inspect.getsource(m) for m in mods)
    for _, _, secret in EXAMPLES:
        if len(secret) >= 16:
            assert secret not in source


def test_every_family_module_stays_small():
    for m in (secret_formats, secret_formats_cloud, secret_formats_dev, secret_formats_keys, secret_formats_saas):
        assert len(inspect.getsource(m).splitlines()) < 600


def test_redctx_rules_lists_every_provider_row_with_its_provider_in_the_description():
    from redacted_context_mcp.service.redact import rules_listing

    listing = rules_listing(make()).text.splitlines()
    rows = {line.split()[0]: line for line in listing if line and not line.endswith(":")}
    for rule in FORMAT_RULES:
        assert rule.id in rows and rule.description in rows[rule.id]


@pytest.mark.parametrize("rule,text,secret", EXAMPLES, ids=EX_IDS)
def test_every_match_of_a_row_holds_the_token_run_its_regex_implies(rule, text, secret):
    need = regex_run(rule.regex)
    src = fold(text) if rule.on_lower else text
    for m in rule.regex.finditer(src):
        assert not need or re.search(f"[A-Za-z0-9+/=_\\-]{{{need}}}", text[m.start():m.end()]), (need, m.group())


def test_the_implied_run_reads_classes_repeats_branches_and_lookarounds():
    cases = {
        r"gh[pousr]_[A-Za-z0-9]{36}": 40,
        r"(?:SK|AC)(?<![A-Za-z0-9]..)[0-9a-f]{32}(?![A-Za-z0-9])": 34,
        r"s\.[A-Za-z0-9]{24}(?![A-Za-z0-9.])": 24,
        r"[a-z]{10}(?:\.x)?[a-z]{10}": 10,
        r"(?:ab[0-9]{30}|cd\.[0-9]{21})": 21,
        r"x.{5}[0-9]{30}": 30,
        r"\d{30}": 0,  # \d is Unicode: not a token character
        r"(?i:k)[0-9]{20}": 20,  # under IGNORECASE a letter may match the Kelvin sign
        r"(?i)[a-z]{40}": 0,
        r"[a-z]{0,40}": 0,
        r"(?:[a-z]{3}\.){10}": 3,
    }
    for pattern, want in cases.items():
        assert regex_run(re.compile(pattern)) == want, pattern


def test_a_row_whose_regex_implies_a_long_run_is_not_chosen_for_a_text_without_one():
    rule = next(r for r in FORMAT_RULES if r.id == "github-token")
    assert not rule.min_run and regex_run(rule.regex) >= 20
    text = "see ghp_ in the docs, ghp_abc and ghp_abcdefgh-ijklmnop"
    assert rule not in PREFILTER.selected(text, fold(text))
    assert "ghp_" in PREFILTER.present(text, fold(text))  # the keyword is there: the run gate drops it


def test_the_scans_a_gate_decision_narrows_find_what_the_full_scans_find_for_the_rows_that_pass():
    texts = [t for _, t, _ in EXAMPLES] + [t for _, t in MISSES]
    texts += [a + "\n" + b for a, b in zip(texts[::7], texts[3::11])]
    narrowed = Prefilter(SECRET_RULES)
    full = Prefilter(SECRET_RULES)
    full._live = lambda fails, absent=frozenset(): full._all  # every scan over the whole text, for every decision
    for text in texts:
        assert narrowed.selected(text, fold(text)) == full.selected(text, fold(text)), text


@pytest.mark.parametrize("rule,text,secret", NEAR_EXAMPLES, ids=[f"{e[0].id}-{i}" for i, e in enumerate(NEAR_EXAMPLES)])
def test_a_near_row_is_selected_in_a_text_that_is_not_ascii(rule, text, secret):
    padded = "Notes de Müller, voilà la clé:\n" + text
    assert rule in PREFILTER.selected(padded, fold(padded))
    assert PREFILTER.near.assigned is not None and PREFILTER.near.assigned[3] is not None  # the edged scan exists


def test_past_the_narrowed_scan_budget_a_decision_runs_whole_scans_and_chooses_the_same_rows(monkeypatch):
    from redacted_context_mcp.redaction import secret_prefilter

    texts = [t for _, t, _ in EXAMPLES[::5]]
    narrowed = [Prefilter(SECRET_RULES).selected(t, fold(t)) for t in texts]
    monkeypatch.setattr(secret_prefilter, "_MAX_NARROWED", 0)
    whole = Prefilter(SECRET_RULES)
    assert [whole.selected(t, fold(t)) for t in texts] == narrowed
    assert not whole._live_memo
