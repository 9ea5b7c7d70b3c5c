"""Text sniffing and decoding: BOMs, UTF-8, Latin-1 fallback, binary refusal."""

from __future__ import annotations

import codecs

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources.textcodec import decode, escape_controls, has_binary_extension, sniff

TEXT = "Grüße from Zoë <a.b@example.test>\nline 2\n"

ENCODED = [
    ("utf-8", TEXT.encode("utf-8")),
    ("utf-8 with BOM", codecs.BOM_UTF8 + TEXT.encode("utf-8")),
    ("utf-16 LE with BOM", codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le")),
    ("utf-16 BE with BOM", codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be")),
    ("utf-32 LE with BOM", codecs.BOM_UTF32_LE + TEXT.encode("utf-32-le")),
    ("latin-1", TEXT.encode("latin-1")),
]


@pytest.mark.parametrize("label,data", ENCODED, ids=[e[0] for e in ENCODED])
def test_supported_encodings_decode_to_the_same_text_without_bom(label, data):
    assert decode(data) == TEXT


@pytest.mark.parametrize(
    "data",
    [b"\x00\x01\x02\x03", b"abc\x00def", bytes(range(256)), b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
     codecs.BOM_UTF16_LE + b"\x00\xd8"  # lone surrogate
     ],
)
def test_binary_data_is_refused_with_the_fixed_message(data):
    with pytest.raises(RedctxError) as info:
        decode(data)
    assert info.value.code is Code.NOT_TEXT
    assert str(info.value) == "Refusing to print non-text file. Use stat/list to inspect metadata."


def test_mostly_control_bytes_are_binary_even_when_valid_utf8():
    assert sniff(b"\x01\x02\x03\x04\x05\x06abc") is None


def test_empty_file_is_text():
    assert decode(b"") == ""


def test_a_multibyte_character_cut_at_the_sniff_boundary_is_still_utf8():
    data = b"a" * 4095 + "é".encode() + b"tail"
    assert sniff(data[:4096]) == "utf-8"
    assert decode(data).endswith("étail")


def test_an_invalid_byte_after_the_prefix_keeps_the_rest_of_the_utf8_text():
    data = ("ä" * 3000).encode("utf-8") + b"\xff" + "Zoë".encode()
    assert decode(data).endswith("\ufffdZoë")


@pytest.mark.parametrize("name,expected", [("a.PNG", True), ("x.pdf", True), ("notes.md", False),
                                           ("Makefile", False), ("archive.tar.gz", True)])
def test_known_binary_extensions_are_recognized(name, expected):
    assert has_binary_extension(name) is expected


CONTROLS = [(chr(c), f"\\x{c:02x}") for c in (*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F)]


@pytest.mark.parametrize("tail", ["", " \u00e9"], ids=["ascii text", "non-ascii text"])
def test_every_control_but_tab_and_line_ends_is_escaped_in_ascii_and_other_text_alike(tail):
    for char, shown in CONTROLS:
        assert escape_controls(f"a{char}b{tail}") == f"a{shown}b{tail}"
    assert escape_controls(f"a\tb\nc\r\nd{tail}") == f"a\tb\nc\r\nd{tail}"  # kept as they are
    assert escape_controls(f"a\rb{tail}") == f"a\\x0db{tail}"  # a CR that ends no line
    assert escape_controls(f"x\u0085y{tail}") == f"x\\x85y{tail}"  # C1 controls too


def test_ascii_and_non_ascii_prefixes_are_sniffed_by_the_same_printable_ratio():
    for bad in (14, 15, 16):  # 14 of 100 controls is text (86 %), 16 is binary (84 %)
        ascii_prefix = b"\x01" * bad + b"a" * (100 - bad)
        utf8_prefix = b"\x01" * bad + "\u00e9".encode() + b"a" * (99 - bad)
        want = "utf-8" if bad < 16 else None
        assert sniff(ascii_prefix) == want
        assert sniff(utf8_prefix) == want
