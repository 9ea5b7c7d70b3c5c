"""One value, one placeholder (category precedence), keep spans, tables, UNC and URL-encoded addresses."""

from __future__ import annotations

import re

import pytest
from redaction_helpers import make

MODES = ["strict", "balanced"]
PH = r"\[([A-Z_]+)_[0-9a-f]{32}\]"


def _placeholders(text: str) -> list[str]:
    return re.findall(r"\[[A-Z_]+_[0-9a-f]{32}\]", text)


def test_a_first_name_gets_one_placeholder_whichever_rule_caught_it_and_in_any_order():
    texts = ["Attendees: Quinn", "The Quinn report is late.", "cd /home/quinn/src", "USER=quinn"]
    outs = [make("strict").redact(t).text for t in texts]
    outs_reversed = []
    red = make("strict")
    for t in reversed(texts):
        outs_reversed.insert(0, red.redact(t).text)
    assert len({p for o in outs for p in _placeholders(o)}) == 1
    assert outs == outs_reversed
    assert all(re.search(PH, o).group(1) == "PERSON" for o in outs)


def test_a_handle_named_like_a_configured_client_gets_the_clients_placeholder():
    red = make("balanced", clients=("Acme Corp",))
    assert red.redact("ping @acme-corp").text == "ping " + red.redact("Acme Corp").text


def test_acronyms_stay_entities_and_logins_with_digits_stay_handles():
    red = make("strict")
    assert re.search(PH, red.redact("The NASA team").text).group(1) == "ENTITY"
    assert re.search(PH, red.redact("USER=aq42").text).group(1) == "HANDLE"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text", [
    '<add key="PageSize" value="50" />',
    "image: nginx@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "labels:\n  app.kubernetes.io/name: web\n  kubectl.kubernetes.io/last-applied-configuration: x",
    "See INV-2024-4808 and CVE-2024-3094, PROJ-42 and ORD-2024-00017.",
    "timezone: Asia/Ho_Chi_Minh, Europe/Berlin, America/Los_Angeles",
    'zone "Coordinated Universal Time", Central European Standard Time, W. Europe Standard Time',
    "name,version\nrequests,2.31.0\n",
    "id,name,sort\n1,alpha,10\n",
    "row,cell,value\n1,A1,42\n",
    "key,fax,rg\nx,12345,3\n",
    "look at node.js dot notation; meet at noon. The dot matrix printer",
])
def test_over_redaction_cases_stay_readable(mode, text):
    assert make(mode).redact(text).text == text


def test_a_configured_term_inside_a_keep_span_is_still_redacted():
    out = make("balanced", clients=("Berlin",)).redact("timezone Europe/Berlin").text
    assert "Berlin" not in out


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text,raw", [
    ("/signup?email=a.b%40example.com&x=1", "a.b%40example"),
    (r"see \\fs01.corp.local\share\hr", "fs01"),
    (r"and \\FILESRV02\payroll$", "FILESRV02"),
    ("We met on Monday. Attendees: bob, marta and li; the rest came later.", "marta"),
    ("employee_id;full_name;dob\n1001;Avery Quinn;1985-03-12\n", "1985-03-12"),
    ("| Name | DOB | Team |\n|---|---|---|\n| bob | 12.03.1985 | Ops |\n", "12.03.1985"),
    ("naam;bsn;geboortedatum\nSanne de Vries;386012957;03-07-1984\n", "Sanne de Vries"),
    ("nom,prénom,date_naissance,nir\nLemaire,Élodie,1982-05-19,1820575410528 74\n", "1820575410528"),
    ("nome,cpf,nascimento\nThiago Moura,06019073530,1991-04-12\n", "1991-04-12"),
    ("Issue key,Summary,Assignee\nOPS-112,Rotate certs,mlindgren\n", "mlindgren"),
    ("reach me at dana.whitfield [at] corp [dot] example", "whitfield"),
    ("write to j.doe AT example DOT com", "j.doe"),
    ("ana (at) mail [dot] example", "ana"),
])
def test_addresses_in_other_shapes_and_table_columns_are_redacted(mode, text, raw):
    assert raw not in make(mode).redact(text).text


def test_an_url_encoded_address_shares_the_placeholder_of_the_plain_address():
    red = make("balanced")
    assert red.redact("a.b@example.com").text in red.redact("?email=a.b%40example.com").text


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("text", [
    "?email=a.b%40example.com",
    "?q=email%3Da.b%40example.com",  # "=" encoded: the local part starts after the escape
    "?next=%2Fprofile%3Femail%3Da.b%2540example.com",  # a return URL: "@" encoded twice
])
def test_an_url_encoded_address_once_or_twice_keeps_the_plain_placeholder_and_its_escapes(mode, text):
    red = make(mode)
    plain = red.redact("a.b@example.com").text
    out = red.redact(text).text
    assert plain in out and "a.b" not in out
    assert out.replace(plain, "").endswith(("email=", "%3D")), out  # escapes before the address stay whole


def test_a_spelled_out_address_shares_the_placeholder_of_the_plain_address():
    red = make("balanced")
    plain = red.redact("dana.whitfield@corp.example").text
    assert red.redact("dana.whitfield [at] corp [dot] example").text == plain
    assert red.redact("dana.whitfield (at) corp (dot) example").text == plain


@pytest.mark.parametrize("mode", ["strict", "balanced"])
@pytest.mark.parametrize("label,value", [
    ("Geburtsdatum", "01.02.1980"), ("Reisepass", "C01X00T47"), ("Steuernummer", "12/345/67890"),
    ("Kennwort", "Blume2024de"), ("Contraseña", "Clave2024es"), ("Passphrase", "Tr0ub4dor&3xyz"),
    ("Kontonummer", "0532013000"),
])
def test_a_field_label_before_its_value_stays_readable_and_the_value_goes(mode, label, value):
    out = make(mode).redact(f"{label}: {value}\n").text
    assert out.startswith(f"{label}: [") and value not in out, out


@pytest.mark.parametrize("mode", ["strict", "balanced"])
def test_a_person_whose_surname_is_a_label_word_is_still_redacted(mode):
    out = make(mode).redact("Lena Kennwort signed the form. Attendees: Lena Kennwort, Bob\n").text
    assert "Kennwort" not in out, out
