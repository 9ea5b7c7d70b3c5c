"""Inline images and base64-padded lines stay readable; what they look like is not what they are."""

from __future__ import annotations

import base64
import random

import pytest
from redaction_helpers import make

MODES = ["strict", "balanced"]


def _png_b64(seed: int) -> str:
    rng = random.Random(seed)
    return base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(600))).decode()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("template", ['{{"image/png": "{}"}}', '<img src="data:image/png;base64,{}">'])
def test_an_inline_image_is_kept_verbatim_in_both_modes(mode, template):
    text = template.replace("{}", _png_b64(7))
    assert make(mode).redact(text).text == text


@pytest.mark.parametrize("mode", MODES)
def test_a_blob_in_an_image_slot_that_is_not_an_image_is_still_judged(mode):
    blob = base64.b64encode(b"admin:" + bytes(random.Random(3).randrange(97, 123) for _ in range(24))).decode()
    out = make(mode).redact('{"image/png": "' + blob + '"}').text
    assert blob not in out


@pytest.mark.parametrize("mode", MODES)
def test_lines_ending_in_base64_padding_are_not_read_as_quoted_printable(mode):
    rng = random.Random(11)
    lines = [f"github.com/org{i}/mod v1.{i}.0 h1:" + base64.b64encode(rng.randbytes(32)).decode() for i in range(4)]
    text = "\n".join(lines) + "\n"
    out = make(mode).redact(text).text
    assert out.count("\n") == text.count("\n")
    assert all(line.split(" h1:")[0] in out for line in lines)  # no line swallowed into its neighbour


_HEX = "0123456789abcdef" * 8
DIGEST_TEXTS = [
    "", "no digest here", f"image sha256:{_HEX[:64]} ok", f"xsha1:{_HEX[:40]} and md5:{_HEX[:32]}",
    f"amd5:{_HEX[:32]} sha:{_HEX[:32]} shasha256:{_HEX[:64]}", f"md5:{_HEX[:31]} sha512:{_HEX[:128]}0",
    f"sha256:{_HEX[:64]}sha256:{_HEX[:64]} md5md5:{_HEX[:32]}", "sha" * 50 + "md5:" + _HEX[:32],
]


@pytest.mark.parametrize("text", DIGEST_TEXTS)
def test_digests_found_from_their_leading_words_equal_the_patterns_own_scan(text):
    from redacted_context_mcp.redaction import keep

    assert keep._digest_spans(text) == [m.span() for m in keep._DIGEST.finditer(text)]


def _sri(bits: int, seed: int) -> str:
    return f"sha{bits}-" + base64.b64encode(random.Random(seed).randbytes(bits // 8)).decode()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("bits", [256, 384, 512])
@pytest.mark.parametrize("template", [
    '<script src="/static/js/vendor.js" integrity="{}" crossorigin="anonymous"></script>',
    '    "node_modules/left-pad": {{\n      "integrity": "{}",\n      "dev": true\n    }}',
])
def test_a_subresource_integrity_value_is_kept_verbatim_in_both_modes(mode, bits, template):
    for seed in range(12):  # base64 of random bytes: capital pairs like "+Vv/" read as names without the keep
        text = template.format(_sri(bits, seed))
        assert make(mode).redact(text).text == text


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("value", [
    _sri(384, 1)[:-1],  # one character short
    _sri(256, 2)[:-1] + "A",  # no padding where a SHA-256 value has it
    "xsha512-" + _sri(512, 3)[7:],  # part of a longer word
    "sha384-" + "Zq9" * 21 + "Zq",  # 65 characters
])
def test_a_look_alike_of_an_integrity_value_is_not_kept_whole(mode, value):
    from redacted_context_mcp.redaction import keep

    assert not [h for h in keep.find_before_secrets(f'integrity="{value}"') if h[3] == "keep-digest"]


ZONE_TEXTS = [
    "meet at 09:00 Europe/Paris or America/New_York/x and US/Eastern", "1Europe/Berlin, xEurope/Rome, _Asia/Tokyo",
    "see /usr/share/zoneinfo/Etc/UTC and Etc/GMT+1", "EUROPE/Paris europe/paris",
    "W. Europe Standard Time, Coordinated Universal Time; GMT Standard Time1 daylight time",
    "no zones: a/b c/d US / Eastern", "café Europe/Paris and —Asia/Seoul", "Pacific/Auckland\nAustralia/Sydney",
]


@pytest.mark.parametrize("text", ZONE_TEXTS)
def test_the_letter_run_gates_of_the_time_zone_keeps_change_no_hit(text):
    from redacted_context_mcp.redaction import keep
    from redacted_context_mcp.redaction.terms import fold
    from redacted_context_mcp.redaction.textview import letter_words

    assert keep.find_before_names(text, letter_words(fold(text))) == keep.find_before_names(text, None)
