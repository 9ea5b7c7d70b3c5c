"""Document limits and Markdown normalisation, stdlib only: OOXML zips are built by hand with zipfile."""

from __future__ import annotations

import io
import zipfile

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources import documents
from redacted_context_mcp.sources.documents import limits, markdown
from tests.invariants import invariant

CONTENT_TYPES = b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'


def ooxml(members: dict[str, bytes] | None = None, *, compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as zf:
        zf.writestr("[Content_Types].xml", CONTENT_TYPES)
        for name, data in (members or {"word/document.xml": b"<w:document/>"}).items():
            zf.writestr(name, data)
    return buf.getvalue()


def code_of(kind: str, data: bytes) -> Code:
    with pytest.raises(RedctxError) as info:
        limits.check_input(kind, data)
    return info.value.code


@invariant("DOC-1")
def test_an_ooxml_file_with_more_than_2000_members_is_refused_before_conversion():
    many = {f"word/media/m{i}.xml": b"x" for i in range(limits.MAX_ZIP_MEMBERS)}
    assert code_of("docx", ooxml(many)) is Code.DOCUMENT_EXPANSION
    limits.check_input("docx", ooxml({f"word/m{i}.xml": b"x" for i in range(limits.MAX_ZIP_MEMBERS - 1)}))


@invariant("DOC-1")
def test_a_zip_bomb_declaring_more_than_50_mb_uncompressed_is_refused_although_it_is_small():
    bomb = ooxml({"xl/worksheets/sheet1.xml": b"\0" * (limits.MAX_EXPANDED_BYTES + 1)})
    assert len(bomb) < 200_000
    assert code_of("xlsx", bomb) is Code.DOCUMENT_EXPANSION


@invariant("DOC-1")
def test_truncated_not_zip_and_encrypted_ooxml_files_fail_with_fixed_errors():
    good = ooxml()
    assert code_of("docx", good[: len(good) // 2]) is Code.DOCUMENT_MALFORMED
    assert code_of("pptx", b"not a zip at all") is Code.DOCUMENT_MALFORMED
    assert code_of("docx", ooxml({"word/document.xml": b"x"})[:4] + b"\0" * 50) is Code.DOCUMENT_MALFORMED
    # Office writes password-protected OOXML as an OLE compound file holding EncryptedPackage
    assert code_of("xlsx", limits.OLE_MAGIC + b"\0" * 512) is Code.DOCUMENT_ENCRYPTED
    no_types = io.BytesIO()
    with zipfile.ZipFile(no_types, "w") as zf:
        zf.writestr("word/document.xml", b"<w:document/>")
    assert code_of("docx", no_types.getvalue()) is Code.DOCUMENT_MALFORMED


def test_a_zip_member_flagged_as_encrypted_is_refused_as_encrypted():
    data = bytearray(ooxml())
    at = data.rindex(b"PK\x01\x02")  # the central-directory record of the last member
    data[at + 8] |= 0x1  # general-purpose flag bit 0: traditional PKWARE encryption
    assert code_of("docx", bytes(data)) is Code.DOCUMENT_ENCRYPTED


@invariant("DOC-1")
def test_inputs_over_5_mb_empty_files_and_wrong_magic_fail_before_any_worker_starts():
    assert code_of("pdf", b"%PDF-1.4\n" + b"x" * limits.MAX_INPUT_BYTES) is Code.LIMIT_FILE_BYTES
    assert code_of("pdf", b"") is Code.DOCUMENT_EMPTY
    assert code_of("pdf", b"PK\x03\x04 not a pdf") is Code.DOCUMENT_MALFORMED
    assert code_of("xls", b"PK\x03\x04 not ole") is Code.DOCUMENT_MALFORMED
    limits.check_input("pdf", b"%PDF-1.4\n%%EOF\n")
    limits.check_input("xls", limits.OLE_MAGIC + b"\0" * 64)


def test_error_messages_of_documents_are_fixed_strings_without_file_content():
    for code in (Code.DOCUMENT_ENCRYPTED, Code.DOCUMENT_MALFORMED, Code.DOCUMENT_EMPTY, Code.DOCUMENT_EXPANSION,
                 Code.DOCUMENT_OUTPUT, Code.DOCUMENT_DEADLINE, Code.DOCUMENT_FAILED):
        assert "{" not in code.template and RedctxError(code).message == code.template
    assert "pip install 'redacted-context-mcp[documents]'" in Code.DOCUMENTS_MISSING.template


def test_document_kinds_are_the_five_supported_extensions_case_insensitively():
    assert [documents.kind_of(n) for n in ("a.DOCX", "b.pptx", "c.Pdf", "d.xlsx", "e.xls")] == [
        "docx", "pptx", "pdf", "xlsx", "xls"]
    assert [documents.kind_of(n) for n in ("a.doc", "b.ppt", "c.odt", "docx", "x.md")] == [None] * 5


# -- Markdown normalisation ------------------------------------------------------------------------
@invariant("DOC-3")
def test_backslash_escapes_are_undone_so_a_token_in_a_table_cell_reads_as_written():
    assert markdown.unescape(r"| key | ghp\_AbC\*d\[x\] |") == "| key | ghp_AbC*d[x] |"
    assert markdown.unescape(r"C:\Users\name") == r"C:\Users\name"


@invariant("DOC-3")
def test_docx_emphasis_markers_are_dropped_so_a_value_split_over_bold_runs_is_contiguous():
    assert markdown.unescape_plain(r"Token **ghp\_abcd**efgh and *it* a\*b") == "Token ghp_abcdefgh and it a*b"
    assert markdown.unescape_plain("* first\n  * nested **bold**\n") == "* first\n  * nested bold\n"


def test_pdf_text_is_not_unescaped_because_the_converter_does_not_escape_it():
    text = markdown.finish("pdf", "pdf ghp_abc_def *x* \\_ raw\n")
    assert text.splitlines()[1] == "pdf ghp_abc_def *x* \\_ raw"


@invariant("DOC-2")
def test_every_extract_starts_with_a_note_of_what_is_included_and_left_out():
    for kind in documents.KINDS:
        first, _, body = markdown.finish(kind, "body\n").partition("\n")
        assert first == markdown.NOTES[kind] and first.startswith("<!-- redctx:") and "Left out:" in first
        assert body == "body\n"


@invariant("DOC-2")
def test_hidden_sheets_and_slides_are_marked_under_their_heading():
    md = "## Main\n| a |\n\n## Secret\n| b |\n\n## Other\n| c |"
    marked = markdown.mark_sheets(md, [("Main", False), ("Secret", True), ("Other", False)])
    assert marked == "## Main\n| a |\n\n## Secret\n<!-- hidden sheet -->\n| b |\n\n## Other\n| c |"
    slides = "<!-- Slide number: 1 -->\n# A\n<!-- Slide number: 2 -->\n# B\n"
    assert markdown.mark_slides(slides, {2}).splitlines()[3] == "<!-- hidden slide -->"


def test_an_extract_with_only_markup_and_comments_counts_as_empty():
    assert not markdown.has_text("\n\x0c\n<!-- Slide number: 1 -->\n| | |\n| --- | --- |\n")
    assert markdown.has_text("| name |\n")
