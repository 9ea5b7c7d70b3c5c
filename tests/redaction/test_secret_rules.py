"""The secret rule table: one data-driven test loops over every row."""

from __future__ import annotations

import inspect
import re

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import secret_context, secret_formats, secret_kit, secret_rules
from redacted_context_mcp.redaction.placeholders import CATEGORIES, fold
from redacted_context_mcp.redaction.secret_rules import PREFILTER, SECRET_RULES, find_secrets
from tests.invariants import invariant

RULE_IDS = [r.id for r in SECRET_RULES]
EXAMPLES = [(r, text, secret) for r in SECRET_RULES for text, secret in r.examples]
NEAR_MISSES = [(r, text) for r in SECRET_RULES for text in r.near_misses]


def test_rule_ids_are_unique_and_every_row_is_complete():
    assert len(RULE_IDS) == len(set(RULE_IDS))
    for rule in SECRET_RULES:
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", rule.id)
        assert rule.category in CATEGORIES
        assert rule.profile in ("default", "extended")
        assert rule.description and "\n" not in rule.description
        assert rule.examples, rule.id
        assert rule.near_misses, rule.id
        assert all(k == k.lower() for k in rule.keywords)


CONFIRMED = [(r, text) for r, text, _ in EXAMPLES if r.confirm is not None]


def test_some_rows_carry_a_confirm_scan():
    confirmed = {r.id for r, _ in CONFIRMED}
    assert confirmed >= {"bitlocker-recovery-key", "query-secret", "connect-call", "command-line-password"}


@pytest.mark.parametrize("rule,text", CONFIRMED, ids=[f"{r.id}-{i}" for i, (r, _) in enumerate(CONFIRMED)])
def test_every_match_of_a_confirmed_row_holds_its_confirm_scan_read_backwards(rule, text):
    low = fold(text)
    matches = list(rule.regex.finditer(low if rule.on_lower else text))
    assert matches
    for m in matches:
        assert rule.confirm.search(low[m.start():m.end()][::-1]), m.group()
    assert rule in PREFILTER.selected(text, fold(text))


def test_a_row_whose_confirm_scan_fails_is_not_run_even_when_its_other_gates_pass():
    rule = secret_rules.RULES_BY_ID["query-secret"]
    text = "# key points\nsee #token handling; a = b"  # separator, key words and "=", never "?key="
    assert rule.chars and rule not in PREFILTER.selected(text, fold(text))
    assert rule in PREFILTER.selected(text + " ?key=x", fold(text + " ?key=x"))


@invariant("OUT-7")
@pytest.mark.parametrize("rule,text,secret", EXAMPLES, ids=[f"{r.id}-{i}" for i, (r, _, _) in enumerate(EXAMPLES)])
def test_each_example_is_caught_by_its_rule_and_never_survives_the_engine(rule, text, secret):
    hits = find_secrets(text, text.lower(), [rule])
    start = text.index(secret)
    assert all(any(h.start <= i < h.end for h in hits) for i in range(start, start + len(secret)))
    for mode in ("strict", "balanced"):
        out = make(mode).redact(text)
        assert secret not in out.text
        assert out.counts.get(rule.category, 0) >= 1


@pytest.mark.parametrize("rule,text", NEAR_MISSES, ids=[f"{r.id}-{i}" for i, (r, _) in enumerate(NEAR_MISSES)])
def test_each_near_miss_survives_its_rule_and_gets_no_secret_placeholder(rule, text):
    assert find_secrets(text, text.lower(), [rule]) == []
    assert "SECRET" not in make("balanced").redact(text).counts


def test_examples_are_generated_so_the_table_holds_no_literal_tokens():
    source = "".join(inspect.getsource(m) for m in (secret_rules, secret_formats, secret_context, secret_kit))
    for _, _, secret in EXAMPLES:
        if len(secret) >= 16:
            assert secret not in source


def test_context_such_as_the_key_name_stays_visible():
    out = make().redact("DB_PASSWORD=s3cr3t-value\nAuthorization: Bearer abcdefghijklmnop1234")
    assert out.text.startswith("DB_PASSWORD=[SECRET_")
    assert "Authorization: Bearer [SECRET_" in out.text


@invariant("OUT-8")
def test_a_pem_block_keeps_its_header_footer_and_line_count():
    body = "\n".join("MIIEpAIBAAKCAQEA" + str(i) * 48 for i in range(5))
    text = f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----\nafter"
    out = make().redact(text).text
    assert "MIIEpA" not in out
    assert out.count("\n") == text.count("\n")
    assert out.splitlines()[0] == "-----BEGIN RSA PRIVATE KEY-----"
    assert out.splitlines()[-2] == "-----END RSA PRIVATE KEY-----"


def test_git_commit_hashes_stay_but_salt_shaped_hex_goes():
    commit = "9fceb02d0ae598e95dc970b74767f19372d61af8"
    salt = "ab" * 32
    out = make().redact(f"commit {commit}\nsalt {salt}").text
    assert commit in out and salt not in out
