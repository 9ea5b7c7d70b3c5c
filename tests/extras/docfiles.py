"""Real office files and PDFs built at test time with the real libraries, holding the corpus canaries.

``build(root)`` writes every document the extras tests read (and the corpus
config, so configured names are redacted) and returns what each one hides
where. Needs python-docx, python-pptx, openpyxl, xlwt, fpdf2, msoffcrypto-tool.
"""

from __future__ import annotations

import io
import shutil
import struct
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "fixtures" / "corpus"

GHP = "ghp_Fa1kE0TokenForCanaryTests0123456789a"
SLACK = "xoxb-000000000000-000000000000-FakeCanaryToken0xyzABCDE"
AWS = "AKIAQ3FAKE7EXAMPLE12"
STRIPE = "sk_live_FakeCanary00000000000000"
EMAIL = "john.smith@acme-lantern.example"
PHONE = "+1 (415) 555-0134"

#: Where each canary sits; the tests check every one is redacted or absent.
BODY = {"docx": ["John Smith", EMAIL, "Project Nightjar", GHP, AWS],
        "pptx": ["Acme Lantern", "Avery Example", SLACK],
        "xlsx": ["Blue Heron Logistics", PHONE, STRIPE],
        "xls": ["Quillfeather Analytics", GHP],
        "pdf": ["Marisol Okonkwo-Varga", "Operation Copperleaf", AWS]}
#: Names only in a hidden part (comment, tracked deletion, header, hidden sheet/slide, notes, properties).
HIDDEN_ONLY = {"docx": ["Teodor Blaszczyk", "Northwind Harbor Trust", "Operation Copperleaf", "Kestrel Ninefold"],
               "pptx": ["Teodor Blaszczyk", "Marisol Okonkwo-Varga", "Operation Copperleaf"],
               "xlsx": ["Teodor Blaszczyk", "Avery Example", "Kestrel Ninefold"],
               "xls": ["Marisol Okonkwo-Varga"],
               "pdf": ["Avery Example"]}
#: Plain words placed in each document, so a test can search and retrieve them.
MARKER = {"docx": "steering milestone", "pptx": "roadmap checkpoint", "xlsx": "quarterly forecast",
          "xls": "legacy ledger", "pdf": "recovery runbook"}


def write_config(root: Path) -> None:
    shutil.copy(CORPUS / ".agent-context-redactor.toml", root / ".agent-context-redactor.toml")
    shutil.copy(CORPUS / "private-terms.txt", root / "private-terms.txt")


def docx_bytes(table_rows: list[tuple[str, str]] | None = None) -> bytes:
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    d = docx.Document()
    d.core_properties.author = "Teodor Blaszczyk"
    d.core_properties.last_modified_by = "Teodor Blaszczyk"
    d.core_properties.title = "Northwind Harbor Trust statement of work"
    d.sections[0].header.paragraphs[0].text = "Northwind Harbor Trust confidential"
    d.sections[0].footer.paragraphs[0].text = "Prepared by Teodor Blaszczyk"
    d.add_heading("Statement of work", 1)
    p = d.add_paragraph(f"Owner John Smith ({EMAIL}) leads Project Nightjar; the {MARKER['docx']} is in May.")
    d.add_comment(p.runs[0], text="Ask Teodor Blaszczyk about Kestrel Ninefold", author="Teodor Blaszczyk")
    split = d.add_paragraph("Deploy token ")
    split.add_run(GHP[:10]).bold = True
    split.add_run(GHP[10:])
    tracked = d.add_paragraph("Scope: ")
    tracked._p.append(parse_xml(
        f'<w:del {nsdecls("w")} w:id="90" w:author="Teodor Blaszczyk" w:date="2026-01-01T00:00:00Z">'
        '<w:r><w:delText>Operation Copperleaf is cancelled</w:delText></w:r></w:del>'))
    tracked._p.append(parse_xml(
        f'<w:ins {nsdecls("w")} w:id="91" w:author="Teodor Blaszczyk" w:date="2026-01-01T00:00:00Z">'
        '<w:r><w:t>the migration is approved</w:t></w:r></w:ins>'))
    rows = table_rows if table_rows is not None else [("key", "value"), ("aws", AWS), ("github", GHP)]
    t = d.add_table(rows=len(rows), cols=2)
    for i, (a, b) in enumerate(rows):
        t.cell(i, 0).text, t.cell(i, 1).text = a, b
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def pptx_bytes() -> bytes:
    import pptx
    from pptx.util import Inches

    deck = pptx.Presentation()
    deck.core_properties.author = "Teodor Blaszczyk"
    s1 = deck.slides.add_slide(deck.slide_layouts[1])
    s1.shapes.title.text = "Acme Lantern steering committee"
    s1.placeholders[1].text = f"Sponsor Avery Example; {MARKER['pptx']} next week"
    s1.notes_slide.notes_text_frame.text = "Speaker: Marisol Okonkwo-Varga presents"
    table = s1.shapes.add_table(2, 2, Inches(1), Inches(4), Inches(6), Inches(1)).table
    table.cell(0, 0).text, table.cell(0, 1).text = "bot", "token"
    table.cell(1, 0).text, table.cell(1, 1).text = "slack", SLACK
    s2 = deck.slides.add_slide(deck.slide_layouts[1])
    s2.shapes.title.text = "Operation Copperleaf (hidden backup slide)"
    s2._element.set("show", "0")
    buf = io.BytesIO()
    deck.save(buf)
    return buf.getvalue()


def xlsx_bytes(cells: list[tuple[str, str]] | None = None, *, big_rows: int = 0) -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.properties.creator = "Teodor Blaszczyk"
    ws = wb.active
    ws.title = "Budget"
    ws.append(["client", "contact", "key", "note"])
    ws.append(["Blue Heron Logistics", PHONE, STRIPE, MARKER["xlsx"]])
    ws.append(["hidden row", "Kestrel Ninefold", "", ""])
    ws.row_dimensions[3].hidden = True
    for name, value in cells or ():
        ws.append([name, value, "", ""])
    for i in range(big_rows):
        ws.append([f"line {i}", i * 17, f"item-{i:06d}", "forecast"])
    hidden = wb.create_sheet("Contacts")
    hidden.sheet_state = "hidden"
    hidden.append(["owner", "Teodor Blaszczyk"])
    hidden.append(["sponsor", "Avery Example"])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def xls_bytes() -> bytes:
    import xlwt

    book = xlwt.Workbook()
    sheet = book.add_sheet("Ledger")
    for i, row in enumerate([("vendor", "token"), ("Quillfeather Analytics", GHP), (MARKER["xls"], "ok")]):
        for j, value in enumerate(row):
            sheet.write(i, j, value)
    hid = book.add_sheet("Archive")
    hid.write(0, 0, "Marisol Okonkwo-Varga")
    hid.visibility = 1
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def pdf_bytes(pages: int = 1) -> bytes:
    import fpdf

    pdf = fpdf.FPDF()
    pdf.set_author("Avery Example")
    pdf.set_title("Avery Example private report")
    pdf.set_font("Helvetica", size=11)
    def line(text: str) -> None:
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")

    for n in range(pages):
        pdf.add_page()
        line(f"Page {n + 1}. Reviewer Marisol Okonkwo-Varga approved Operation Copperleaf.")
        line(f"Access key {AWS} rotates monthly; see the {MARKER['pdf']}.")
        for i in range(30 if pages > 1 else 0):
            line(f"Paragraph {i} of the recovery plan covers backups and restore drills.")
    return bytes(pdf.output())


def _png(width: int = 40, height: int = 40) -> bytes:
    raw = b"".join(
        b"\0" + b"".join(bytes([(x * 6) % 256, (y * 6) % 256, 128]) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def image_only_pdf() -> bytes:
    import fpdf

    pdf = fpdf.FPDF()
    pdf.add_page()
    pdf.image(io.BytesIO(_png()), x=10, y=10, w=100)
    return bytes(pdf.output())


def encrypted_docx() -> bytes:
    import msoffcrypto.format.ooxml

    out = io.BytesIO()
    msoffcrypto.format.ooxml.OOXMLFile(io.BytesIO(docx_bytes())).encrypt("Corvid-Maple-7731", out)
    return out.getvalue()


def zip_bomb() -> bytes:
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("xl/worksheets/sheet1.xml", b"\0" * 60_000_000)
    return buf.getvalue()


def build(root: Path) -> dict[str, str]:
    """Write the corpus config and every document under ``root``; returns kind -> file name."""
    write_config(root)
    files = {"docx": "sow.docx", "pptx": "steering.pptx", "xlsx": "budget.xlsx", "xls": "ledger.xls",
             "pdf": "report.pdf"}
    (root / files["docx"]).write_bytes(docx_bytes())
    (root / files["pptx"]).write_bytes(pptx_bytes())
    (root / files["xlsx"]).write_bytes(xlsx_bytes())
    (root / files["xls"]).write_bytes(xls_bytes())
    (root / files["pdf"]).write_bytes(pdf_bytes())
    bad = root / "broken"
    bad.mkdir()
    (bad / "locked.docx").write_bytes(encrypted_docx())
    (bad / "truncated.docx").write_bytes(docx_bytes()[:3000])
    (bad / "bomb.xlsx").write_bytes(zip_bomb())
    (bad / "scan.pdf").write_bytes(image_only_pdf())
    (root / "notes.md").write_text(f"Plain notes: the {MARKER['docx']} and the {MARKER['pdf']}.\n", encoding="utf-8")
    return files


__all__ = ["BODY", "HIDDEN_ONLY", "MARKER", "build", "docx_bytes", "encrypted_docx", "image_only_pdf",
           "pdf_bytes", "pptx_bytes", "xls_bytes", "xlsx_bytes", "zip_bomb"]
