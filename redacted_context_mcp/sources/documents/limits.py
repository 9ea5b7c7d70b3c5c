"""Extraction limits and the checks that run on the raw bytes before any converter sees them.

OOXML files (DOCX, PPTX, XLSX) are ZIP archives: the central directory is read
with :mod:`zipfile` and refused when it declares more than 2,000 members or
more than 50 MB uncompressed. The declared sizes are a sound bound because
:mod:`zipfile`, which every OOXML reader in the worker uses, never inflates a
member past its declared size. An OLE compound file under an OOXML extension
is an encrypted package (Office saves password-protected files that way).

Imports: errors.
"""

from __future__ import annotations

import io
import zipfile

from redacted_context_mcp.errors import Code, RedctxError

MAX_INPUT_BYTES = 5_000_000
MAX_EXPANDED_BYTES = 50_000_000
MAX_ZIP_MEMBERS = 2_000
MAX_OUTPUT_CHARS = 1_000_000
DEADLINE_SECONDS = 15.0

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"
PDF_MAGIC = b"%PDF-"


def check_ooxml(data: bytes) -> None:
    """Refuse an OOXML file that is encrypted, not a ZIP, or over the expansion limits."""
    if data.startswith(OLE_MAGIC):
        raise RedctxError(Code.DOCUMENT_ENCRYPTED)
    if not data.startswith(ZIP_MAGIC):
        raise RedctxError(Code.DOCUMENT_MALFORMED)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
        raise RedctxError(Code.DOCUMENT_MALFORMED) from None
    if len(infos) > MAX_ZIP_MEMBERS:
        raise RedctxError(Code.DOCUMENT_EXPANSION)
    total = 0
    for info in infos:
        if info.flag_bits & 0x1:  # a ZIP-encrypted member
            raise RedctxError(Code.DOCUMENT_ENCRYPTED)
        total += info.file_size
        if total > MAX_EXPANDED_BYTES:
            raise RedctxError(Code.DOCUMENT_EXPANSION)
    if not any(i.filename == "[Content_Types].xml" for i in infos):
        raise RedctxError(Code.DOCUMENT_MALFORMED)


def check_input(kind: str, data: bytes) -> None:
    """All checks on the raw bytes of a ``kind`` document (``docx``, ``pdf``, ...), before conversion."""
    if len(data) > MAX_INPUT_BYTES:
        raise RedctxError(Code.LIMIT_FILE_BYTES)
    if not data.strip():
        raise RedctxError(Code.DOCUMENT_EMPTY)
    if kind in ("docx", "pptx", "xlsx"):
        check_ooxml(data)
    elif kind == "xls":
        if not data.startswith(OLE_MAGIC):
            raise RedctxError(Code.DOCUMENT_MALFORMED)
    elif kind == "pdf" and PDF_MAGIC not in data[:1024]:
        raise RedctxError(Code.DOCUMENT_MALFORMED)


__all__ = [
    "DEADLINE_SECONDS", "MAX_EXPANDED_BYTES", "MAX_INPUT_BYTES", "MAX_OUTPUT_CHARS", "MAX_ZIP_MEMBERS",
    "check_input", "check_ooxml",
]
