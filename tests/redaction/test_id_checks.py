"""Check digits of more countries' identifiers (redaction/id_checks.py) and their labelled rows."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import id_checks, identifiers

MODES = ("strict", "balanced")

# values computed by our own generator (tests/redaction/test_holdout_personal_r4.py's script), not by the product
VALID = [
    (id_checks.medicare_ok, "4940 32691 2"),
    (id_checks.il_id_ok, "367916012"),
    (id_checks.za_id_ok, "6601174364082"),
    (id_checks.nric_ok, "s6974821z"),
    (id_checks.bic_ok, "bcititmm"),
    (id_checks.bic_ok, "ingddeffxxx"),
]
INVALID = [
    (id_checks.medicare_ok, "4940 32692 2"),  # ninth digit off by one
    (id_checks.medicare_ok, "1940 32691 2"),  # first digit outside 2-6
    (id_checks.il_id_ok, "367916013"),
    (id_checks.il_id_ok, "000000000"),
    (id_checks.za_id_ok, "6601174364083"),
    (id_checks.za_id_ok, "6613174364082"),  # month 13
    (id_checks.nric_ok, "s6974821a"),
    (id_checks.bic_ok, "required"),  # a word, country "ir" in place
    (id_checks.bic_ok, "abcdqq12"),  # no country QQ
]


@pytest.mark.parametrize("check,value", VALID, ids=[f"{c.__name__}-{v}" for c, v in VALID])
def test_a_value_with_a_valid_check_passes(check, value):
    assert check(value)


@pytest.mark.parametrize("check,value", INVALID, ids=[f"{c.__name__}-{v}" for c, v in INVALID])
def test_a_value_with_a_wrong_check_or_shape_fails(check, value):
    assert not check(value)


LABELLED = [
    ("Medicare card: 4940 32691 2", "4940 32691 2"),
    ("Teudat Zehut 367916012", "367916012"),
    ("SA ID: 6601174364082", "6601174364082"),
    ("NRIC/FIN S6974821Z", "S6974821Z"),
    ("IBAN NL91 ABNA 0417 1643 00, BIC: ABNANL2A", "ABNANL2A"),
    ("Kontoinhaber 4711, SWIFT/BIC INGDDEFFXXX", "INGDDEFFXXX"),  # (a text without digits runs no id stage)
    ("Contribuinte n.º 100330762", "100330762"),
]
NEAR = [
    "SWIFT code: required for transfers outside SEPA.",
    "Written in Swift 5.10 and Kotlin 1.9.",
    "Medicare Part B premiums rise in 2025.",
    "SA ID: 6601174364083 is the typo in the form.",  # wrong check digit
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text,raw", LABELLED, ids=[t[:20] for t, _ in LABELLED])
def test_an_identifier_after_its_label_is_redacted_when_its_check_holds(mode, text, raw):
    assert raw not in make(mode).redact(text).text


@pytest.mark.parametrize("text", NEAR, ids=[t[:20] for t in NEAR])
def test_label_words_in_prose_and_failed_checks_stay_readable_in_balanced_mode(text):
    assert make("balanced").redact(text).text == text


def test_redctx_rules_lists_the_new_identifier_rules():
    listed = {row[0] for row in identifiers.PATTERN_RULES}
    assert {"au-medicare", "il-id", "za-id", "sg-nric", "bic"} <= listed
