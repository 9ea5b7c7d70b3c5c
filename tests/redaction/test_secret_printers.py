"""The output grammar's gate for everyday command words (secret_printers.weak_after)."""

from __future__ import annotations

import random
import re

import pytest

from redacted_context_mcp.redaction.secret_printers import WEAK_WORDS, weak_after
from redacted_context_mcp.redaction.textview import letter_words

# What the gate means, written as one unanchored regex (tried at every character, so too slow for the engine).
_ALT = "|".join(sorted((w for w in WEAK_WORDS if w != "security"), key=len, reverse=True))
_MEANING = re.compile(r"(?:[$#>%|;(`]|sudo|--|\]:|exec[ \t]{1,4}[\w.-]{1,64})[ \t]{1,4}(?:(?:" + _ALT
                      + r")(?:\.exe)?[ \t\n]|write-(?:output|host)|\$env:)|security[ \t]{1,4}find-")
_ATOMS = ("$", "#", ">", "%", "|", ";", "(", "`", "sudo", "--", "]:", "exec", "exec app", "exec " + "a" * 70, " ",
          "  ", "\t", "\n", "get", "env", "python3", "python", "gpg2", ".exe", "write-output", "write-host", "$env:",
          "security", "find-", "x", "é", "a-b.c", "_", "cat", "target")


def _runs(low: str):
    return letter_words(low).set if low.isascii() else None


@pytest.mark.parametrize("low,expected", [
    ("$ echo $db_password\n", True),
    ("sudo  cat /etc/secret\n", True),
    ("kubectl exec app-7f env | grep pass\n", True),
    ("ps> write-output $pw", True),
    ("sudosecurity find-generic-password -w", True),
    ("#      echo five blanks\n", False),
    ("we get there at five\n", False),
    ("target value\n", False),
])
def test_an_everyday_command_word_opens_the_gate_only_after_a_prompt_or_a_wrapper(low, expected):
    assert weak_after(low, _runs(low)) is expected


def test_the_anchored_gate_agrees_with_the_unanchored_regex_it_replaces():
    rnd = random.Random(20261202)
    for _ in range(20000):
        low = "".join(rnd.choice(_ATOMS) for _ in range(rnd.randint(1, 10)))
        assert weak_after(low, _runs(low)) is (_MEANING.search(low) is not None), low
