"""The Redactor: placeholders, determinism, collisions, idempotence, line structure, aliases."""

from __future__ import annotations

import hashlib
import hmac
import re

import pytest
from redaction_helpers import SALT, make

from redacted_context_mcp.config import AliasGroup, Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import engine
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.redaction.detectors import Detector, Nomination
from redacted_context_mcp.redaction.engine import Redactor
from tests.invariants import invariant

CORPUS = [
    "Avery Example is Product owner.\nreach me at avery@example.com\nThank you, Avery\n",
    "Attendees: Jordan Smith, Bob, Ann\nBob: ship it on 2024-01-15 10:30 (v1.2.3).\n",
    "Call +1 555 010 2345 or (555) 123-4567; card 4111 1111 1111 1111; ssn 123-45-6789.\n",
    "Server 10.0.0.12 / 2001:db8::8a2e:370:7334, see https://intranet.acme.io/x?y=1 or acme.io.\n",
    "password = \"hunter2\"\nDB_PASSWORD=s3cr3t\npostgres://app:pw123456@db:5432/x\n",
    "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nAAAA\n-----END PRIVATE KEY-----\n",
    "Contoso Ltd signed with Initech Technologies. Hi Mark, thanks Will.\nRegards,\nAvery\n",
    "Working with Acme Corp on Project Nightjar; ACME-CORP and acme_corp too. Contact NASA.\n",
    "def main(argv):\n    return MyClass(argv).run_all()  # TODO: handle @property\n",
    "[PERSON_0123456789abcdef0123456789abcdef] met [EMAIL_0123456789abcdef0123456789abcdef.01234567].\n",
]


def hmac_hex(message: str) -> str:
    return hmac.new(SALT, message.encode("utf-8"), hashlib.sha256).hexdigest()


@invariant("DET-1", "VAULT-1")
def test_placeholders_follow_the_published_hmac_derivation():
    red = make()
    assert red.placeholder("PERSON", "  Avery \t\n Example ") == f"[PERSON_{hmac_hex('PERSON:avery example')[:32]}]"
    assert red.placeholder("EMAIL", "A@B.example") == f"[EMAIL_{hmac_hex('EMAIL:a@b.example')[:32]}]"
    assert ph.form_suffix(SALT, "Avery") == hmac_hex("alias-form:avery")[:8]


def test_one_value_in_two_categories_gets_two_placeholders():
    red = make()
    assert red.placeholder("PERSON", "x") != red.placeholder("ORG", "x")


@invariant("BIJ-2")
def test_alias_forms_share_the_canonical_entity_hex_in_every_category(strict):
    canon = hmac_hex("PERSON:avery example")[:32]
    out = strict.redact("Avery Example; reach me at avery@example.com\nThank you, Avery").text
    assert f"[PERSON_{canon}]" in out
    assert f"[EMAIL_{canon}.{hmac_hex('alias-form:avery@example.com')[:8]}]" in out
    assert f"[PERSON_{canon}.{hmac_hex('alias-form:avery')[:8]}]" in out


def test_the_longest_form_wins_so_an_alias_never_splits_the_canonical_value(strict):
    out = strict.redact("avery example and AVERY").text
    assert out.count("[PERSON_") == 2 and "." in out.split(" and ")[1]
    assert "." not in out.split(" and ")[0]


@invariant("DET-1")
def test_redaction_is_deterministic_across_redactors_with_the_same_salt(strict):
    other = make(
        "strict", clients=("Acme Corp",), people=("Avery Example",), terms=("Project Nightjar",),
        aliases=(AliasGroup("Avery Example", "PERSON", ("Avery", "avery@example.com")),),
    )
    for text in CORPUS:
        assert strict.redact(text) == other.redact(text)


def test_a_different_salt_gives_different_placeholders():
    a = Redactor(Policy(people=("Avery Example",)), b"one")
    b = Redactor(Policy(people=("Avery Example",)), b"two")
    assert a.redact("Avery Example").text != b.redact("Avery Example").text
    assert a.fingerprint != b.fingerprint


@invariant("OUT-5")
@pytest.mark.parametrize("mode", ["strict", "balanced"])
def test_redacting_redacted_text_changes_nothing(mode, strict, balanced):
    red = strict if mode == "strict" else balanced
    for text in CORPUS:
        once = red.redact(text).text
        assert red.redact(once).text == once, text


def test_existing_placeholders_are_kept_verbatim_and_not_counted(strict):
    text = CORPUS[-1]
    out = strict.redact(text)
    assert out.text == text and out.counts == {}


@invariant("OUT-5")
@pytest.mark.parametrize("text", CORPUS)
def test_line_count_never_changes(text, strict):
    assert strict.redact(text).text.count("\n") == text.count("\n")


def test_a_multi_line_value_is_followed_by_as_many_line_breaks_as_it_held():
    red = make(people=("Avery Example",))
    out = red.redact("x Avery\nExample y\r\nz").text
    assert re.fullmatch(r"x \[PERSON_[0-9a-f]{32}\]\n y\r\nz", out)


@invariant("OUT-4")
def test_receipts_count_categories_and_never_hold_values(strict):
    out = strict.redact("Avery Example, avery@example.com, Avery Example")
    assert out.counts == {"PERSON": 2, "EMAIL": 1}


@invariant("BIJ-1")
def test_a_second_value_for_one_placeholder_fails_closed(monkeypatch):
    red = make()
    monkeypatch.setattr(engine.ph.Keyed, "entity_hex", lambda self, cat, norm: "0" * 32)
    red.placeholder("PERSON", "first")
    with pytest.raises(RedctxError) as err:
        red.placeholder("PERSON", "second")
    assert err.value.code is Code.PLACEHOLDER_COLLISION
    assert "second" not in str(err.value)


@invariant("DET-3")
def test_case_and_whitespace_variants_share_one_placeholder():
    red = make()
    assert red.placeholder("PERSON", "Avery  Example") == red.placeholder("PERSON", "avery example")


def test_explain_reports_line_column_category_and_rule(strict):
    matches = strict.explain("ok\n  mail avery@example.com\npassword=x1")
    assert [(m.line, m.column, m.category, m.rule_id, m.value) for m in matches] == [
        (2, 8, "EMAIL", "email", "avery@example.com"),
        (3, 10, "SECRET", "assignment", "x1"),
    ]


def test_alias_group_whose_canonical_value_is_an_email_is_refused_by_position():
    policy = Policy(people=("Avery Example", "avery@example.com"), aliases=(
        AliasGroup("Avery Example", "PERSON", ("Avery",)),
        AliasGroup("avery@example.com", "PERSON", ("Avery E",)),
    ))
    with pytest.raises(RedctxError) as err:
        Redactor(policy, SALT)
    assert err.value.code is Code.CONFIG_INVALID
    assert "group 2" in str(err.value) and "avery" not in str(err.value).lower()


@invariant("BIJ-2")
def test_two_aliases_sharing_a_form_suffix_are_refused(monkeypatch):
    monkeypatch.setattr(engine.ph, "form_suffix", lambda salt, alias: "deadbeef")
    policy = Policy(people=("Avery Example",), aliases=(AliasGroup("Avery Example", "PERSON", ("Avery", "A. E.")),))
    with pytest.raises(RedctxError) as err:
        Redactor(policy, SALT)
    assert "group 1: two aliases share a form suffix" in str(err.value)


class _Tickets:
    name = "tickets"
    version = "1.0"

    def detect(self, text):
        return [Nomination(m.start(), m.end(), "ID") for m in re.finditer(r"ZORBA-\d{4,}", text)]


class _Broken:
    name = "broken"
    version = "0"

    def detect(self, text):
        raise ValueError("secret raw text")


def test_detector_nominations_apply_after_the_baseline():
    assert isinstance(_Tickets(), Detector)
    red = Redactor(Policy(mode="strict", clients=("Zorba",)), SALT, detectors=(_Tickets(),))
    out = red.redact("see ZORBA-12345 and zorba-12345 or ZORBA-777777").text
    assert "12345" not in out and "zorba" not in out.lower() and "777777" not in out
    first, second, third = re.split(" and | or ", out)
    assert re.fullmatch(r"see \[CLIENT_[0-9a-f]{32}\]-\[ID_[0-9a-f]{32}\]", first)  # the baseline claimed Zorba first
    assert re.fullmatch(r"\[CLIENT_[0-9a-f]{32}\]-\[ID_[0-9a-f]{32}\]", second)  # other occurrences are found too
    assert re.fullmatch(r"\[CLIENT_[0-9a-f]{32}\]-\[ID_[0-9a-f]{32}\]", third)


def test_a_failing_detector_blocks_output_without_relaying_its_error():
    red = Redactor(Policy(), SALT, detectors=(_Broken(),))
    with pytest.raises(RedctxError) as err:
        red.redact("anything")
    assert err.value.code is Code.DETECTOR_FAILED and "secret" not in str(err.value)


def test_the_fingerprint_changes_with_the_policy():
    assert make(people=("A B",)).fingerprint != make(people=("A C",)).fingerprint
    assert make(mode="strict").fingerprint != make(mode="balanced").fingerprint


@pytest.mark.parametrize("value", ["Avery Example", "  Avery \t\n Example ", "ÉLODIE\u00a0Ştef", "İstanbul", "Straße"])
def test_a_keyed_salt_derives_the_entity_hex_of_the_module_function(value):
    norm = ph.normalize(value)
    assert ph.Keyed(SALT).entity_hex("PERSON", norm) == ph.entity_hex(SALT, "PERSON", value)
    assert ph.Keyed(SALT).entity_hex("PERSON", norm) == hmac_hex(f"PERSON:{norm}")[:32]


@pytest.mark.parametrize("salt", [b"", b"k" * 32, b"k" * 64, b"k" * 65, bytes(range(200))])
def test_a_keyed_salt_of_any_length_derives_what_hmac_derives(salt):
    import hashlib
    import hmac

    norm = ph.normalize("Avery Example")
    want = hmac.new(salt, f"PERSON:{norm}".encode(), hashlib.sha256).hexdigest()[:32]
    assert ph.Keyed(salt).entity_hex("PERSON", norm) == want == ph.entity_hex(salt, "PERSON", "Avery Example")
