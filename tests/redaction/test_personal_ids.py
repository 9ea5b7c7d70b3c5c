"""Personal and financial identifiers in the default profile: hits and near misses in both modes."""

from __future__ import annotations

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction import validators as v

MODES = ["strict", "balanced"]

# (category, text, raw value that must vanish)
HITS = [
    ("IBAN", "pay to DE89 3704 0044 0532 0130 00 today", "3704 0044 0532"),
    ("IBAN", "IBAN GB29NWBK60161331926819", "GB29NWBK60161331926819"),
    ("VAT_ID", "USt-IdNr. DE632257490", "DE632257490"),
    ("VAT_ID", "supplier ATU12345678 (Vienna)", "ATU12345678"),
    ("VAT_ID", "TVA FR40303265045", "FR40303265045"),
    ("VAT_ID", "GSTIN 27ABCPE1234F1Z5 on file", "27ABCPE1234F1Z5"),
    ("NATIONAL_ID", "Aadhaar 2341 2341 2346", "2341 2341 2346"),
    ("NATIONAL_ID", "id 11010519491231002X", "11010519491231002X"),
    ("NATIONAL_ID", "DNI 12345678Z", "12345678Z"),
    ("NATIONAL_ID", "her NIE is X1234567L", "X1234567L"),
    ("NATIONAL_ID", "NINO: QQ 12 34 56 C", "QQ 12 34 56 C"),
    ("NATIONAL_ID", "ref AB123456C", "AB123456C"),
    ("NATIONAL_ID", "ITIN 912-70-1234", "912-70-1234"),
    ("NATIONAL_ID", "PAN ABCPE1234F", "ABCPE1234F"),
    ("NATIONAL_ID", "Steuer-ID: 12 345 678 901 and more", "345 678 901"),
    ("DOB", "DOB: 12.03.1985", "12.03.1985"),
    ("DOB", "Geburtsdatum: 3. März 1985", "März 1985"),
    ("DOB", "fecha de nacimiento: 12 de marzo de 1985", "marzo de 1985"),
    ("DOB", "née le 3 mars 1985 à Lyon", "3 mars 1985"),
    ("DOB", "born on March 12, 1985", "March 12, 1985"),
    ("DOB", "Date of birth (dd/mm/yyyy): 03/12/1985", "03/12/1985"),
    ("DOB", "date_of_birth=1985-03-12", "1985-03-12"),
    ("PASSPORT", "Passport No.: K1234567", "K1234567"),
    ("PASSPORT", "Reisepass: C4J6R8K2T", "C4J6R8K2T"),
    ("PASSPORT", "Reisepass: CLXPJWN2X", "CLXPJWN2X"),  # mostly letters: one digit after the label is enough
    ("PASSPORT", "Passport No.: KFRTHWLP7", "KFRTHWLP7"),
    ("BANK_ACCOUNT", "Account number: 31926819, sort code: 60-16-13", "31926819"),
    ("BANK_ACCOUNT", "sort code: 60-16-13", "60-16-13"),
    ("BANK_ACCOUNT", "Routing number: 021000021", "021000021"),
    ("BANK_ACCOUNT", "ABA 011000015", "011000015"),
    ("BANK_ACCOUNT", "Kontonummer 0532013000", "0532013000"),
    ("ACCOUNT_ID", "arn:aws:iam::123456789012:role/admin", "123456789012"),
    ("ACCOUNT_ID", "AWS account id: 1234-5678-9012", "1234-5678-9012"),
    ("WALLET", "btc refund 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"),
    ("WALLET", "to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
    ("WALLET", "eth 0x52908400098527886E0F7030069857D2E4169EE7", "52908400098527886E0F7030069857D2E4169EE7"),
    ("NATIONAL_ID", "CPF: 445.873.871-26", "445.873.871-26"),
    ("VAT_ID", "fornecedor 32.613.025/0001-57", "32.613.025/0001-57"),
    ("NATIONAL_ID", "cpf=44587387126", "44587387126"),
    ("IBAN", "iban: de79 6209 6654 2870 7229 71", "6209 6654 2870"),
    ("DOB", '{"dob": "1988-11-23"}', "1988-11-23"),
    ("DOB", "<dob>1984-03-07</dob>", "1984-03-07"),
    ("DOB", "Data de nascimento: 07/03/1984", "07/03/1984"),
    ("DOB", "geboren op 7 maart 1984", "7 maart 1984"),
    ("NATIONAL_ID", '{"bsn": "648581470"}', "648581470"),
    ("DOB", "Geb.-Datum: 02.11.1979", "02.11.1979"),
    ("PASSPORT", '{"passportNumber": "C01X00T47"}', "C01X00T47"),
]

NEAR_MISSES = [
    "Order ORD-2024-00017 shipped 2024-03-12; invoice INV-2024-4808 due 2024-04-01.",
    "Release 2.14.3 built on 2024-03-12T10:30:00Z, ticket HR-2024-118.",
    "The aba team reviewed 123456789 lines; account: admin; passport: required.",
    "ref 11010519491231002Y has a bad check digit; code 12345678A too.",
    "number 2341 2341 2345 fails its check digit; aba 123456789 fails 3-7-1.",
    "sha 5d41402abc4b2a76b9719d911017c592ae00aaaa is a digest, not an id",
    "protocolo 445.873.871-27 has a bad check digit; 32.613.025/0001-58 too.",
    "iban: de00 1234 5678 9012 3456 78 fails mod-97; <start>2019-05-01</start>",
]

#: Shapes with a failing checksum are not identifiers; a random-looking one may still be taken by the
#: secret stage (the safe direction), so only the identifier categories are checked here.
BAD_CHECKSUM = ["wallet 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLx", "iban DE89370400440532013001"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("category,text,raw", HITS, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(HITS)])
def test_personal_identifiers_are_redacted_in_the_default_profile(mode, category, text, raw):
    out = make(mode).redact(text)
    assert raw not in out.text
    assert out.counts.get(category, 0) >= 1, out.text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_of_identifiers_stay_readable_because_shapes_alone_need_their_checksum(mode, text):
    assert make(mode).redact(text).text == text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", BAD_CHECKSUM)
def test_a_shape_with_a_failing_checksum_never_gets_an_identifier_category(mode, text):
    counts = make(mode).redact(text).counts
    assert not {"WALLET", "IBAN"} & set(counts)


@pytest.mark.parametrize("func,good,bad", [
    (v.verhoeff_ok, "2363", "2364"),
    (v.cpf_ok, "060.190.735-30", "060.190.735-31"),
    (v.cnpj_ok, "32.613.025/0001-57", "32.613.025/0001-75"),
    (v.aadhaar_ok, "234123412346", "234123412345"),
    (v.cn_resident_id_ok, "11010519491231002X", "11010519491231002Y"),
    (v.dni_ok, "12345678Z", "12345678A"),
    (v.dni_ok, "X1234567L", "X1234567M"),
    (v.nino_ok, "AB123456C", "QQ123456C"),
    (v.itin_ok, "912-70-1234", "912-40-1234"),
    (v.aba_ok, "021000021", "021000022"),
    (v.base58check_ok, "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3"),
    (v.bech32_ok, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr"),
    (v.iban_ok, "GB29NWBK60161331926819", "GB29NWBK60161331926818"),
])
def test_each_checksum_accepts_a_valid_value_and_rejects_a_one_character_change(func, good, bad):
    assert func(good) and not func(bad)


# --- the literal-led scans find what the plain formulations find ------------------------------------

_BECH32_PLAIN = __import__("re").compile(r"(?:bc|tb|ltc)1[02-9ac-hj-np-z]{11,87}(?![A-Za-z0-9])")


@pytest.mark.parametrize("text", [
    "to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq ok", "xbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "ltc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq, tb1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    "lbc1qqqqqqqqqqqqq tbc1qqqqqqqqqqqqqq ltb1qqqqqqqqqqqq 1qqqqqqqqqqqqq c1qqqqqqqqqqqq",
])
def test_the_bech32_scan_led_by_its_one_finds_the_spans_of_the_prefix_led_pattern(text):
    from redacted_context_mcp.redaction import personal_ids as p
    found = []
    for m in p._BECH32.finditer(text):
        found.append((m.start() - (3 if m.start("c") >= 0 else 2), m.end()))
    assert found == [m.span() for m in _BECH32_PLAIN.finditer(text)]


@pytest.mark.parametrize("joined", [" bitcoin ", " btc ", " wallet ", " cryptography ", " coins ", " crypt ",
                                    " cat dog ", " c ", " bt c "])
def test_the_base58_context_test_is_the_substring_test_of_its_words(joined):
    from redacted_context_mcp.redaction import personal_ids as p
    assert p._base58_context(joined) == any(w in joined for w in p._BASE58_CONTEXT)


@pytest.mark.parametrize("text", [
    "A/C: 12345678 and a/c 9876543210, d.o.b. 12.03.1985, D.O.B: 1985-03-12",
    "aws account id: 1234-5678-9012; account id 1234-5678-9013; account 31926819",
    "dob 12.03.1985 dob: 13.03.1985 (dob) 14.03.1985", "nie X1234567L, nir 1850312345678",
    "a c d o b  a-c d_o_b 12.03.1985 and a/c",
])
def test_label_scans_restricted_to_the_labels_present_find_what_the_full_scan_finds(text):
    from redacted_context_mcp.redaction import personal_ids as p
    from redacted_context_mcp.redaction.terms import fold
    from redacted_context_mcp.redaction.textview import letter_words
    low = fold(text)
    assert p.find_labelled(text, low, letter_words(low)) == p.find_labelled(text, low)


@pytest.mark.parametrize("value", [
    "DE 123456789", "DE123456789", "ATU12345678", "ATU 12345678", "FR40303265045", "FR 40 303265045",
    "FR A1 123456789", "FR AB 123456789", "FRAB123456789", "FR1A 123456789", "ES A1234567B", "ESX1234567Z",
    "ES 12345678Z", "IE 1234567WA", "CHE-123.456.789", "CHE123456789", "CY 12345678L", "NL123456789B01",
    "GB29NWBK60161331926819", "QQ 12 34 56 C", "AB123456C", "X1234567L", "X-1234567-L", "Y1234567Z", "Z-1234567-L",
])
def test_every_letter_led_identifier_passes_the_gate_before_the_letter_finder(value):
    from redacted_context_mcp.redaction import personal_ids as p
    from redacted_context_mcp.redaction.terms import ascii_classes
    text = f"ref {value} end"
    rows = [r for r in p.SHAPES if r.rule in p._LETTER_LED]
    assert any(r.regex.search(text) for r in rows)
    cls = ascii_classes(text)
    assert p._LETTER_GATE_CLS.search(cls) or any(c in text for c in "XYZ") and p._NIE_GATE_CLS in cls


def test_every_class_needle_with_letters_holds_the_letter_gate_so_a_failed_gate_rules_it_out():
    from redacted_context_mcp.redaction import personal_ids as p
    lettered = [n for n in p._CLS_NEEDLE.values() if b"A" in n]
    assert lettered and all(b"AAd" in n and p._LETTER_GATE_CLS.search(n) for n in lettered)
    assert all(b"AAd" not in n for n in p._CLS_NEEDLE.values() if n not in lettered)


@pytest.mark.parametrize("mode", MODES)
def test_a_labelled_id_ends_before_the_first_word_after_it_even_a_two_letter_one(mode):
    out = make(mode).redact("itin 912-70-1234 on w-7 form").text
    assert "912-70-1234" not in out and out.endswith(" on w-7 form")
