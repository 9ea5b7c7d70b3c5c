"""Encoded mail: decoded for detection, the encoded span redacted, nothing raw in either form."""

from __future__ import annotations

import base64

import pytest
from redaction_helpers import make

from redacted_context_mcp.redaction.mail_decode import decoded_view

MODES = ["strict", "balanced"]
B64 = base64.b64encode(b"Avery Quinn").decode()

# (text, raw or encoded pieces that must vanish)
HITS = [
    ("From: =?UTF-8?Q?Zo=C3=AB_M=C3=BCller?= <zoe@example.de>\n", ("Zo=C3=AB", "M=C3=BCller", "zoe@")),
    (f"To: =?utf-8?B?{B64}?= <aq@example.com>\n", (B64, "aq@")),
    ("To: =?UTF-8?Q?Avery?= =?UTF-8?Q?_Quinn?=\n", ("Avery", "Quinn")),
    ("From: x@example.org\nTo: <mailto:avery.qu\n inn@example.com>\nSubject: hi\n", ("avery.qu", "inn@example")),
    ("Content-Transfer-Encoding: quoted-printable\n\nHallo Zo=C3=AB, ruf an: avery.qu=\ninn@example.com\n",
     ("Zo=C3=AB", "avery.qu", "inn@example")),
    ('Content-Transfer-Encoding: quoted-printable\n\n<a href=3D"mailto:a.b=40example.com">x</a> or =\n'
     "+49 89 6071=\n 2275\n",
     ("a.b", "6071")),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text,pieces", HITS, ids=[str(i) for i in range(len(HITS))])
def test_encoded_names_and_addresses_never_survive_raw_or_encoded(mode, text, pieces):
    out = make(mode).redact(text).text
    for piece in pieces:
        assert piece not in out, out


def test_an_encoded_and_a_plain_spelling_share_one_placeholder():
    red = make("balanced", people=("Zoë Müller",))
    encoded = red.redact("From: =?UTF-8?Q?Zo=C3=AB_M=C3=BCller?=\n").text
    plain = red.redact("Zoë Müller").text
    assert plain in encoded


def test_line_breaks_inside_an_encoded_span_are_kept_so_line_numbers_do_not_shift():
    text = "Content-Transfer-Encoding: quoted-printable\n\nmail avery.qu=\ninn@example.com\nend\n"
    assert make("balanced").redact(text).text.count("\n") == text.count("\n")


@pytest.mark.parametrize("text", [
    "x = 1\ny = 2\nif a == b: pass\n",
    "key=3D in one place only",
    "    indented\n    code block\n",
])
def test_ordinary_text_has_no_decoded_view(text):
    assert decoded_view(text) is None


FOLDED = [
    "MIME-Version: 1.0\nFrom: a@example.org\nTo: <mailto:avery.qu\n inn@example.com>\n",
    "Message-ID: <1@x>\nTo: Avery\n Quinn <aq@example.com>\nx = 1\n",
    "Return-Path: <b@example.org>\nCc: one,\n\ttwo@example.com\n",
    "x\nReceived: from host\n by relay; Mon\n",
    "From: x@example.org\nSubject: hi\n there\n",
    "xSubject: hi\nfrom: a\n folded\n",
    "Subject: only a subject\n indented = yes\n",
    "config:\n  key = value\n  other: 2\n",
    "Zoë wrote:\nSubject: café\n  folded\nFrom: z@example.de\n",
]


@pytest.mark.parametrize("text", FOLDED)
def test_the_letter_run_gate_of_header_folds_changes_no_view(text):
    from redacted_context_mcp.redaction.terms import fold
    from redacted_context_mcp.redaction.textview import letter_words

    assert decoded_view(text, None, letter_words(fold(text))) == decoded_view(text)


def _mime(body: str, ctype: str = "text/plain; charset=utf-8", width: int = 76) -> str:
    enc = base64.b64encode(body.encode()).decode()
    lines = "\n".join(enc[i:i + width] for i in range(0, len(enc), width))
    return f"MIME-Version: 1.0\nContent-Type: {ctype}\nContent-Transfer-Encoding: base64\n\n{lines}\n"


@pytest.mark.parametrize("mode", MODES)
def test_a_base64_text_part_is_decoded_for_detection_and_its_lines_are_redacted(mode):
    body = "Hello, this is Avery Quinn; write to avery.quinn@example.com or call +49 89 6071 2275. " * 2
    text = _mime(body)
    out = make(mode, people=("Avery Quinn",)).redact(text).text
    enc = text.split("\n\n", 1)[1]
    assert not any(line in out for line in enc.splitlines()), out
    assert out.count("\n") == text.count("\n")


@pytest.mark.parametrize("mode", MODES)
def test_a_name_split_across_two_base64_lines_is_still_found(mode):
    body = "x" * 54 + " Avery Quinn signed"  # "Avery Quinn" straddles the 57-byte line boundary
    out = make(mode, people=("Avery Quinn",)).redact(_mime(body)).text
    assert out.count("[PERSON_") >= 1 and base64.b64encode(body.encode()).decode()[:76] not in out


@pytest.mark.parametrize("mode", MODES)
def test_a_base64_attachment_is_not_decoded_and_a_harmless_text_part_stays_verbatim(mode):
    png = _mime("\x89PNG fake image bytes", "image/png")
    assert decoded_view(png) is None  # (the secret stage may still take a random-looking line)
    plain = _mime("the build finished in 4 minutes and all tests passed")
    assert make("balanced").redact(plain).text == plain
