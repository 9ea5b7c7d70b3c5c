"""Local phone formats (DE, ES, FR, UK, IN) with and without labels; durations, amounts, ids stay."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction.placeholders import PLACEHOLDER_RE

MODES = ["strict", "balanced"]

PHONES = [
    "089 / 6071 2275", "(0 89) 60 71-22 75", "0171/2345678", "0 89 / 60 71 22 75", "0049 89 60712275",
    "91 863 71 72", "612 34 56 78", "+34 612 345 678", "01 23 45 67 89", "06 12 34 56 78",
    "020 7946 0958", "+44 20 7946 0958", "+91 98765 43210", "098765 43210",
]
LABELS = ["", "Tel. ", "Tel: ", "móvil: ", "portable : ", "Handy ", "Telefon: ", "teléfono ", "Mob. "]

NEAR_MISSES = [
    "took 01:23:45 total; amount 1 234 567,89 EUR; EUR 12 345,00",
    "version 10.0.19045.3693, build 2024.03.12, ratio 3 / 4, pages 12 / 345",
    "2023 / 2024 season, port 8080 / 8443, RFC 7231 / 7232, ISBN 978 3 16 148410 0",
    "invoice 2024-4808 of 2024-03-12, order 2024 0001 2345, 12 345 678 Einwohner",
    "dates 01/02/2024 and 05/12/2024, times 12 30 45",
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("label", LABELS)
@pytest.mark.parametrize("phone", PHONES)
def test_local_phone_numbers_are_redacted_with_and_without_a_label(mode, label, phone):
    out = make(mode).redact(f"Call {label}{phone} today").text
    assert not any(c.isdigit() for c in PLACEHOLDER_RE.sub("", out)), out


def test_an_ambiguous_three_three_three_grouping_needs_a_label():
    red = make("balanced")
    assert red.redact("Total 912 345 678 units").text == "Total 912 345 678 units"
    assert "345" not in red.redact("Tel: 912 345 678").text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", NEAR_MISSES)
def test_durations_amounts_versions_and_ids_stay_readable(mode, text):
    assert make(mode).redact(text).text == text


CALLED = [
    "Called John Smith at 555-0134 about the renewal",
    "you can reach her on 555.0134 after six",
    "dialed 555-0134 twice, no answer",
]
NOT_CALLED = [
    "ticket 555-0134 was closed",
    "Call stack depth 300 1234",
    "we called it done in 2024-2025",
    "range 555-0134 of the invoice series",
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", CALLED)
def test_a_seven_digit_local_number_after_a_calling_verb_is_a_phone(mode, text):
    out = make(mode).redact(text).text
    assert "0134" not in out and "[PHONE_" in out, out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", NOT_CALLED)
def test_seven_digit_ids_without_a_calling_verb_stay_readable(mode, text):
    assert "[PHONE_" not in make(mode).redact(text).text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("label", ["Tel", "Tel.", "Tel:", "TEL:", "Telf.", "Tlf:", "Fax:", "Mob:", "Tfno:"])
def test_a_phone_label_opening_a_line_stays_readable_while_its_number_is_redacted(mode, label):
    # strict mode read a lone "Tel" at a line start as a capitalised name
    out = make(mode).redact(f"{label} +49 30 1234567\n").text
    assert out.startswith(label + " "), out
    assert "1234567" not in out


CALLED = [
    "Llamar al 612345678 antes de las 18", "Llame al 612 345 678", "Contact: 9876543210",
    "contact = +1 415 555 0134", "appelez le 0612345678", "à rappeler 0478123456", "ligue 11987654321",
    "call 9876543210 after lunch", "call me at 98765-43210 tomorrow", "called us on 0612345678",
]
NOT_CALLED = [
    "Contact ID: 12345678 was merged", "contact id 12345678", "contacts: 1234567 rows", "call_id=12345678",
    "callback 12345678", "on call 2024-03-07 to 2024-03-14",
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", CALLED)
def test_a_bare_number_after_a_calling_verb_or_a_contact_field_is_a_phone(mode, text):
    out = make(mode).redact(text).text
    assert "[PHONE_" in out and not any(c.isdigit() for c in PLACEHOLDER_RE.sub("", out).replace("18", "")), out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", NOT_CALLED)
def test_an_id_after_contact_or_call_words_stays_readable(mode, text):
    assert make(mode).redact(text).text == text
