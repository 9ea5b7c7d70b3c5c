"""Text sniffing and decoding: UTF-8 (with or without BOM), UTF-16/32 with a BOM, Latin-1 fallback.

A file is text when its first 4,096 bytes (after a BOM) decode cleanly and are
at least 85 % printable; anything else is refused with NOT_TEXT so binary data
never reaches the redactor or the agent.

Imports: errors.
"""

from __future__ import annotations

import codecs
import re

from redacted_context_mcp.errors import Code, RedctxError

SNIFF_BYTES = 4096
PRINTABLE_RATIO = 0.85

#: Extensions treated as binary without reading (documents need ``--documents``, a later feature).
BINARY_EXTENSIONS: frozenset[str] = frozenset(
    {
        "png", "jpg", "jpeg", "gif", "bmp", "ico", "webp", "tif", "tiff", "heic", "psd",
        "zip", "gz", "tgz", "bz2", "xz", "7z", "rar", "tar", "jar", "whl",
        "pdf", "docx", "doc", "pptx", "ppt", "xlsx", "xls", "odt", "ods", "odp",
        "exe", "dll", "so", "dylib", "o", "a", "class", "pyc", "wasm", "bin",
        "mp3", "mp4", "mov", "avi", "wav", "flac", "ogg", "mkv", "woff", "woff2", "ttf", "otf",
        "sqlite", "db",
    }
)

# BOMs, longest first so UTF-32 LE is not mistaken for UTF-16 LE.
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Control characters that ordinary text files carry.
_TEXT_CONTROLS = frozenset("\t\n\r\f\v\b\x1b")
# Latin-1 bytes that count as printable: ASCII graphic/space, common controls, 0xA0-0xFF.
_LATIN1_PRINTABLE = bytes(
    b for b in range(256) if 0x20 <= b < 0x7F or b >= 0xA0 or chr(b) in _TEXT_CONTROLS
)


def has_binary_extension(name: str) -> bool:
    _, dot, ext = name.rpartition(".")
    return bool(dot) and ext.lower() in BINARY_EXTENSIONS


def _bom(data: bytes) -> tuple[int, str] | None:
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return len(bom), enc
    return None


# The same rule as a character class, so sniffing scans in C rather than per character.
_NOT_PRINTABLE = re.compile(
    "[" + "".join(re.escape(chr(c)) for c in (*range(0x20), 0x7F) if chr(c) not in _TEXT_CONTROLS) + "]"
)


# ASCII bytes that count as printable text (graphic, space, the common controls): deleted before counting.
_ASCII_TEXT = bytes(b for b in range(0x80) if 0x20 <= b < 0x7F or chr(b) in _TEXT_CONTROLS)


def _printable_ratio_str(text: str) -> float:
    if not text:
        return 1.0
    return 1.0 - len(_NOT_PRINTABLE.findall(text)) / len(text)


def _printable_ratio_latin1(data: bytes) -> float:
    if not data:
        return 1.0
    bad = len(data.translate(None, _LATIN1_PRINTABLE))
    return 1.0 - bad / len(data)


def _utf8_prefix(prefix: bytes) -> str | None:
    """Decode a prefix as UTF-8, tolerating one multi-byte character cut at its end."""
    dec = codecs.getincrementaldecoder("utf-8")("strict")
    try:
        return dec.decode(prefix, final=False)
    except UnicodeDecodeError:
        return None


def sniff(prefix: bytes) -> str | None:
    """Return the encoding to use for a file starting with ``prefix``, or None when binary."""
    prefix = prefix[:SNIFF_BYTES]
    bom = _bom(prefix)
    if bom is not None:
        skip, enc = bom
        try:
            head = codecs.getincrementaldecoder(enc)("strict").decode(prefix[skip:], final=False)
        except UnicodeDecodeError:
            return None
        return enc if _printable_ratio_str(head) >= PRINTABLE_RATIO else None
    if b"\x00" in prefix:
        return None
    if prefix.isascii():  # the common case, counted on the bytes (the same rule as on the decoded text)
        bad = len(prefix.translate(None, _ASCII_TEXT))
        return "utf-8" if not prefix or 1.0 - bad / len(prefix) >= PRINTABLE_RATIO else None
    head = _utf8_prefix(prefix)
    if head is not None:
        return "utf-8" if _printable_ratio_str(head) >= PRINTABLE_RATIO else None
    return "latin-1" if _printable_ratio_latin1(prefix) >= PRINTABLE_RATIO else None


# C0/C1 controls other than tab and line ends, and a carriage return that ends no line:
# shown as ``\xNN`` so file text cannot drive a terminal (ANSI escapes) or forge lines.
_CONTENT_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")
# One character class (CR included) scans about three times faster than the alternation above, and
# ASCII text is checked on its bytes faster still: text without any of these needs no escaping.
_ANY_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


# ASCII that never needs escaping: graphic characters, space, tab and LF.
_PLAIN_ASCII = bytes(range(0x20, 0x7F)) + b"\t\n"


def escape_controls(text: str) -> str:
    """``text`` with every control character except tab, LF and CRLF shown as ``\\xNN``."""
    if text.isascii():  # checked on the bytes: deleting the plain ones leaves nothing
        if not text.encode("ascii").translate(None, _PLAIN_ASCII):
            return text
    elif not _ANY_CONTROL.search(text):
        return text
    if not _CONTENT_CONTROLS.search(text):
        return text
    return _CONTENT_CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def decode(data: bytes) -> str:
    """Decode a whole file's bytes as text, or raise NOT_TEXT.

    A UTF-8 file with an invalid byte after the sniffed prefix keeps its valid
    characters (the bad byte becomes U+FFFD) instead of turning into mojibake.
    Text holding a NUL anywhere (binary data after a text-looking prefix) is NOT_TEXT.
    """
    enc = sniff(data[:SNIFF_BYTES])
    if enc is None:
        raise RedctxError(Code.NOT_TEXT)
    bom = _bom(data)
    body = data[bom[0]:] if bom else data
    try:
        text = body.decode(enc)
    except UnicodeDecodeError:
        if enc != "utf-8":
            raise RedctxError(Code.NOT_TEXT) from None
        text = body.decode("utf-8", "replace")
    if "\x00" in text:
        raise RedctxError(Code.NOT_TEXT)
    return text
