"""The secret stage's rule loop and assignment refine answer exactly like their plain formulations."""

from __future__ import annotations

import random

import pytest

from redacted_context_mcp.redaction import secret_rules
from redacted_context_mcp.redaction.secret_assign import ASSIGNMENT_RULES
from redacted_context_mcp.redaction.secret_context import find_context
from redacted_context_mcp.redaction.secret_refine import vet_value, vetted
from redacted_context_mcp.redaction.secret_retold import find_one_word, find_retold
from redacted_context_mcp.redaction.secret_shape import find_keyless
from redacted_context_mcp.redaction.spans import Hit
from redacted_context_mcp.redaction.textview import letter_words

PIECES = ("password", "DB_PASS", "api_key", "apiKey", "token", "secret", "auth", "creds", "pwd", "key", " ", "  ",
          "\t", "\n", "=", ":", ":=", "=>", "?=", ",", "\"", "'", "`", "\\\"", "\\", "(", ")", "${", "}", "#", "|",
          "-", "_", ".", "&", "?", "x", "Ab3kq9Zt", "ghp_Q3t9XbLw2Vn8Rk5Jm7Hc4Pd6Fs1Gy0Ea2Zu", "AKIA2PUB7YIXM2ZYFY2N",
          "None", "str", "changeme", "your-token-here", "$TOKEN", "self.password", "Whiskey2024", "<x>", "é")
VALUE_GROUPS = ("tq", "ts", "dq", "sq", "dr", "sr", "bq", "eq", "bare")


def _text(seed: int, n: int = 160) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(PIECES) for _ in range(n))


@pytest.mark.parametrize("seed", range(60))
def test_the_value_group_of_every_assignment_match_is_the_last_group_it_closed(seed):
    text = _text(seed)
    low = text.lower()
    for rule in ASSIGNMENT_RULES:
        for m in rule.regex.finditer(low):
            present = [g for g in VALUE_GROUPS if m.start(g) >= 0]
            assert present == [m.lastgroup]


@pytest.mark.parametrize("seed", range(60))
def test_vetted_answers_like_vet_value_for_every_value_holding_a_letter_or_digit(seed):
    rng = random.Random(seed)
    text = _text(seed, 60)
    for _ in range(200):
        s = rng.randrange(len(text))
        e = rng.randrange(s, min(len(text), s + 60) + 1)
        value = text[s:e]
        if not any(c.isalnum() for c in value):
            continue
        for score in (1, 2):
            for quoted in (False, True):
                for spaced in (False, True):
                    assert vetted(text, s, e, value, score, quoted=quoted, spaced=spaced) == vet_value(
                        text, s, e, score, quoted=quoted, spaced=spaced)


def _plain_find_secrets(text: str, low: str) -> list[Hit]:
    words = letter_words(low)
    hits: list[Hit] = []
    for rule in secret_rules.PREFILTER.selected(text, low, words):
        for m in rule.regex.finditer(low if rule.on_lower else text):
            sp = rule.span(m, text)
            if sp is not None:
                hits.append(Hit(sp[0], sp[1], rule.category, rule.id))
    hits.extend(find_context(text, low, words))
    hits.extend(find_keyless(text, low, hits, words.joined, words.set))
    hits.extend(find_one_word(text, low, words.set))
    hits.extend(find_retold(text, low, hits))
    return hits


@pytest.mark.parametrize("seed", range(60))
def test_the_rule_loop_finds_what_the_plain_loop_over_rule_spans_finds(seed):
    text = _text(seed)
    low = text.lower()
    got = secret_rules.find_secrets(text, low, words=letter_words(low))
    assert got == _plain_find_secrets(text, low)
    assert all(type(h) is Hit for h in got)
