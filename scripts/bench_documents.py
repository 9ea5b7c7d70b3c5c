#!/usr/bin/env python3
"""Cost of document extraction (a benchmark, not a test): ``--documents`` through the real worker.

    python scripts/bench_documents.py [--repeat N]

Needs the ``documents`` extra and the file builders of ``make test-extras``
(python-docx, python-pptx, openpyxl, xlwt, fpdf2); run it with
``.venv-extras/bin/python``. Builds a typical 10-page DOCX, PDF and PPTX, a
20,000-row and a 2 MB XLSX and an XLS in a temporary root and prints, per format: the wall
time and the worker's CPU time of one cold conversion (worker start-up and
MarkItDown imports included), and the cost of a second read of the same file
through the service (served from the redacted document cache; target under
10 ms). Prints a note and exits 0 when the extra is missing.
"""

from __future__ import annotations

import argparse
import importlib.util
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

NEEDED = ("markitdown", "docx", "pptx", "openpyxl", "xlwt", "fpdf")


def build(root: Path) -> dict[str, str]:
    import docx
    import pptx

    from tests.extras import docfiles

    d = docx.Document()
    for page in range(10):
        d.add_heading(f"Section {page + 1}", 2)
        for i in range(8):
            d.add_paragraph(f"Paragraph {i}: the steering committee reviewed the plan, the budget and the "
                            "migration timeline; John Smith owns the follow-up with the client team. " * 2)
        t = d.add_table(rows=6, cols=3)
        for r in range(6):
            for c in range(3):
                t.cell(r, c).text = f"r{r} c{c} value"
    d.save(root / "ten-pages.docx")
    deck = pptx.Presentation()
    for n in range(10):
        s = deck.slides.add_slide(deck.slide_layouts[1])
        s.shapes.title.text = f"Slide {n + 1}"
        s.placeholders[1].text = "Milestones, risks and owners for the next quarter. " * 4
        s.notes_slide.notes_text_frame.text = "Speaker notes for this slide."
    deck.save(root / "ten-slides.pptx")
    (root / "ten-pages.pdf").write_bytes(docfiles.pdf_bytes(pages=10))
    mid = docfiles.xlsx_bytes(big_rows=20_000)
    (root / "20k-rows.xlsx").write_bytes(mid)
    rows = 20_000
    data = mid
    while len(data) < 2_000_000:
        rows = int(rows * 2_050_000 / len(data)) + 1
        data = docfiles.xlsx_bytes(big_rows=rows)
    (root / "two-mb.xlsx").write_bytes(data)
    (root / "ledger.xls").write_bytes(docfiles.xls_bytes())
    return {"docx (10 pages)": "ten-pages.docx", "pptx (10 slides)": "ten-slides.pptx",
            "pdf (10 pages)": "ten-pages.pdf", "xlsx (20k rows)": "20k-rows.xlsx",
            f"xlsx ({rows // 1000}k rows)": "two-mb.xlsx", "xls (small)": "ledger.xls"}


def child_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=200, help="second reads timed per file")
    args = ap.parse_args(argv)
    missing = [m for m in NEEDED if importlib.util.find_spec(m) is None]
    if missing:
        print(f"bench_documents: skipped ({', '.join(missing)} not installed; run make test-extras first)")
        return 0
    from redacted_context_mcp import app
    from redacted_context_mcp.errors import RedctxError
    from redacted_context_mcp.service import files as ops

    with tempfile.TemporaryDirectory(prefix="redctx-bench-docs-") as tmp:
        root = Path(tmp)
        files = build(root)
        svc = app.build_service(app.make_options(root, documents=True))
        print("document extraction (one cold conversion in a fresh worker; second read from the cache)")
        print(f"{'format':<18} {'bytes':>9} {'chars':>9} {'wall s':>7} {'worker cpu s':>12} {'2nd read ms':>11}")
        for label, name in files.items():
            size = (root / name).stat().st_size
            cpu0, t0 = child_cpu(), time.perf_counter()
            try:
                text = str(ops.read(svc, {"path": name}).text)
            except RedctxError as exc:
                wall, cpu = time.perf_counter() - t0, child_cpu() - cpu0
                print(f"{label:<18} {size:>9} {'-':>9} {wall:>7.2f} {cpu:>12.2f}  {exc.message}")
                continue
            wall, cpu = time.perf_counter() - t0, child_cpu() - cpu0
            p0 = time.process_time()
            for _ in range(args.repeat):
                ops.read(svc, {"path": name})
            second = (time.process_time() - p0) / args.repeat * 1000
            print(f"{label:<18} {size:>9} {len(text):>9} {wall:>7.2f} {cpu:>12.2f} {second:>11.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
