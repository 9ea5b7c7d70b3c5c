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
