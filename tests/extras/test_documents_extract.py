"""Document extraction on real files through the real worker and the real service (``make test-extras``).

Each format is built at run time with its real library (tests/extras/docfiles.py),
converted by MarkItDown in the worker, redacted by the service, and read
through every file operation. Skipped unless the documents extra and the
file-building libraries are installed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

for _mod in ("markitdown", "docx", "pptx", "openpyxl", "xlwt", "fpdf", "msoffcrypto"):
    pytest.importorskip(_mod)

from redacted_context_mcp import app  # noqa: E402
from redacted_context_mcp.config import Policy  # noqa: E402
from redacted_context_mcp.discovery.sample import sample_files  # noqa: E402
from redacted_context_mcp.errors import Code, RedctxError  # noqa: E402
from redacted_context_mcp.redaction.secret_rules import SECRET_RULES  # noqa: E402
from redacted_context_mcp.service import admin, search  # noqa: E402
from redacted_context_mcp.service import audit_checks as ac  # noqa: E402
from redacted_context_mcp.service import files as ops  # noqa: E402
from redacted_context_mcp.sources.documents import markdown, worker  # noqa: E402
from tests.extras import docfiles  # noqa: E402
from tests.invariants import invariant  # noqa: E402

PLACEHOLDER = re.compile(r"\[[A-Z_]+_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    r = tmp_path_factory.mktemp("docs-root")
    return r, docfiles.build(r)


@pytest.fixture(scope="module")
def svc(root):
    return app.build_service(app.make_options(root[0], documents=True))


def text_of(result) -> str:
    return str(result.text)


def assert_absent(values, text: str) -> None:
    low = text.lower()
    for v in values:
        assert v.lower() not in low, v


@pytest.mark.parametrize("kind", ["docx", "pptx", "xlsx", "xls", "pdf"])
@invariant("DOC-2", "OUT-1")
def test_each_format_reads_as_redacted_markdown_with_its_note_and_no_raw_canary(svc, root, kind):
    name = root[1][kind]
    out = text_of(ops.read(svc, {"path": name}))
    header, note, *_ = out.splitlines()
    assert header.startswith("--- @p_") and note == markdown.NOTES[kind]
    assert docfiles.MARKER[kind] in out
    assert_absent(docfiles.BODY[kind] + docfiles.HIDDEN_ONLY[kind], out)
    assert PLACEHOLDER.search(out)


@invariant("DOC-2")
def test_hidden_parts_are_marked_or_left_out_as_the_note_says(svc, root):
    f = root[1]
    docx = text_of(ops.read(svc, {"path": f["docx"]}))
    assert "the migration is approved" in docx  # tracked insertion, as accepted
    assert "is cancelled" not in docx  # tracked deletion left out
    assert "confidential" not in docx and "Prepared by" not in docx  # header and footer left out
    assert "Ask " not in docx  # the comment is left out
    pptx = text_of(ops.read(svc, {"path": f["pptx"]}))
    assert "### Notes:" in pptx and "presents" in pptx and markdown.HIDDEN_SLIDE in pptx
    xlsx = text_of(ops.read(svc, {"path": f["xlsx"]}))
    lines = xlsx.splitlines()
    assert lines[lines.index("## Contacts") + 1] == markdown.HIDDEN_SHEET
    assert "## Budget" in lines and markdown.HIDDEN_SHEET not in lines[lines.index("## Budget") + 1]
    assert markdown.HIDDEN_SHEET in text_of(ops.read(svc, {"path": f["xls"]}))


@invariant("DOC-2")
def test_document_properties_and_a_name_only_in_a_comment_never_appear_even_unconfigured(tmp_path):
    import docx as python_docx

    d = python_docx.Document()
    d.core_properties.author = "Zebulon Quartermaine"
    d.core_properties.comments = "Ravenmoor Holdings internal"
    d.core_properties.keywords = "Ravenmoor"
    p = d.add_paragraph("Harmless body text about the migration plan.")
    d.add_comment(p.runs[0], text="Call Ignatius Fairweather", author="Ignatius Fairweather")
    d.save(tmp_path / "memo.docx")
    svc = app.build_service(app.make_options(tmp_path, documents=True))
    out = text_of(ops.read(svc, {"path": "memo.docx"}))
    assert "migration plan" in out
    assert_absent(["Zebulon", "Quartermaine", "Ravenmoor", "Ignatius", "Fairweather"], out)


def _families() -> dict[str, tuple[str, tuple[str, ...]]]:
    fams: dict[str, tuple[str, tuple[str, ...]]] = {}
    for rid, text, secrets in ac.leak_samples(SECRET_RULES):
        if "\n" not in text.strip():  # a multi-line example cannot sit in one table cell
            fams.setdefault(rid, (text.strip(), secrets))
    return fams


def _survivors(fams, redacted: str) -> set[str]:
    return {rid for rid, (_, secrets) in fams.items() if ac.survives(secrets, redacted)}


@pytest.mark.parametrize("kind", ["docx", "xlsx"])
@invariant("DOC-3", "OUT-7")
def test_every_secret_family_in_a_table_cell_is_caught_as_in_a_markdown_text_file(tmp_path, kind):
    fams = _families()
    assert len(fams) > 200
    rows = [(rid, text) for rid, (text, _) in fams.items()]
    if kind == "docx":
        (tmp_path / "t.docx").write_bytes(docfiles.docx_bytes(rows))
    else:
        (tmp_path / "t.xlsx").write_bytes(docfiles.xlsx_bytes(rows))
    # the same rows typed into a Markdown table: what a text file of this table leaks
    table = "| name | value |\n| --- | --- |\n" + "".join(f"| {a} | {b} |\n" for a, b in rows)
    (tmp_path / "t.md").write_text(table, encoding="utf-8")
    svc = app.build_service(app.make_options(tmp_path, documents=True))
    extracted = text_of(ops.read(svc, {"path": f"t.{kind}"}))
    as_text = text_of(ops.read(svc, {"path": "t.md"}))
    escaped = [text for text, _ in fams.values() if "_" in text]
    assert escaped, "families with underscores check that Markdown escapes are undone"
    leaked, text_leaked = _survivors(fams, extracted), _survivors(fams, as_text)
    assert leaked <= text_leaked, sorted(leaked - text_leaked)
    assert len(text_leaked) <= 5, sorted(text_leaked)  # the redactor's own table-cell gaps (see README)


def test_head_tail_and_line_numbers_follow_the_extracted_markdown(svc, root):
    name = root[1]["pdf"]
    full = text_of(ops.read(svc, {"path": name})).splitlines()[1:]
    head = text_of(ops.head(svc, {"path": name, "lines": 2})).splitlines()[1:]
    assert head == full[:2]
    tail = text_of(ops.tail(svc, {"path": name, "lines": 2})).splitlines()[1:]
    assert tail == full[-2:]
    numbered = text_of(ops.read(svc, {"path": name, "start_line": 2, "end_line": 2, "line_numbers": True}))
    assert numbered.splitlines()[1].split("\t")[0].strip() == "2"


def test_search_retrieve_bundle_and_stat_include_documents_and_skip_broken_ones(svc, root):
    hits = text_of(search.search(svc, {"query": "steering milestone"}))
    assert "steering milestone" in hits and hits.count("@p_") >= 2  # the DOCX and notes.md
    ranked = text_of(search.retrieve(svc, {"query": "quarterly forecast"}))
    assert "quarterly forecast" in ranked
    bundle = text_of(ops.bundle(svc, {"glob": ["*.pptx", "*.xls"]}))
    assert docfiles.MARKER["pptx"] in bundle and docfiles.MARKER["xls"] in bundle
    assert_absent(docfiles.BODY["pptx"] + docfiles.BODY["xls"], bundle)
    assert "lines: " in text_of(ops.stat(svc, {"path": root[1]["xlsx"]}))
    everything = text_of(search.search(svc, {"query": "the"}))
    assert "Tool execution failed" not in everything


@pytest.mark.parametrize(("name", "code"), [
    ("broken/locked.docx", Code.DOCUMENT_ENCRYPTED),
    ("broken/truncated.docx", Code.DOCUMENT_MALFORMED),
    ("broken/bomb.xlsx", Code.DOCUMENT_EXPANSION),
    ("broken/scan.pdf", Code.DOCUMENT_EMPTY),
])
@invariant("DOC-1", "OUT-2")
def test_broken_documents_fail_with_fixed_errors_through_the_real_worker(svc, name, code):
    with pytest.raises(RedctxError) as info:
        ops.read(svc, {"path": name})
    assert info.value.code is code and info.value.message == code.template


@invariant("DOC-1")
def test_a_document_over_5_mb_is_refused_before_conversion(tmp_path):
    big = docfiles.pdf_bytes() + b"%" + b"x" * 5_000_001
    (tmp_path / "big.pdf").write_bytes(big)
    svc = app.build_service(app.make_options(tmp_path, documents=True))
    with pytest.raises(RedctxError) as info:
        ops.read(svc, {"path": "big.pdf"})
    assert info.value.code is Code.LIMIT_FILE_BYTES


@invariant("DOC-3", "WRITE-2")
def test_a_document_is_converted_once_per_change_and_then_served_from_the_redacted_cache(tmp_path, monkeypatch):
    (tmp_path / "deck.pptx").write_bytes(docfiles.pptx_bytes())
    calls: list[str] = []
    real = worker.run_worker
    monkeypatch.setattr(worker, "run_worker", lambda kind, data, **k: calls.append(kind) or real(kind, data, **k))
    svc = app.build_service(app.make_options(tmp_path, documents=True))
    first = text_of(ops.read(svc, {"path": "deck.pptx"}))
    assert text_of(ops.read(svc, {"path": "deck.pptx"})) == first
    text_of(search.search(svc, {"query": "checkpoint"}))
    assert calls == ["pptx"]
    for doc in svc.cache.documents():
        assert_absent(docfiles.BODY["pptx"], doc.text)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pptx"], "nothing is written beside the file"
    (tmp_path / "deck.pptx").write_bytes(docfiles.pptx_bytes() + b"")
    import os
    os.utime(tmp_path / "deck.pptx", ns=(1, 1))
    ops.read(svc, {"path": "deck.pptx"})
    assert calls == ["pptx", "pptx"]


def test_resources_list_and_read_serve_documents_as_markdown(svc, root):
    listed = ops.resources_list(svc)["resources"]
    by_mime = {r["mimeType"] for r in listed if r["title"].endswith((".docx", ".pdf"))}
    assert by_mime == {"text/markdown"}
    uri = next(r["uri"] for r in listed if r["title"] == root[1]["xlsx"])
    text = ops.resources_read(svc, uri)["contents"][0]["text"]
    assert docfiles.MARKER["xlsx"] in text
    assert_absent(docfiles.BODY["xlsx"] + docfiles.HIDDEN_ONLY["xlsx"], text)


def test_discovery_samples_read_documents_as_their_extracted_text(root):
    r, files = root
    policy = Policy()
    sample = sample_files(r, policy, documents=True)
    got = dict(sample.files)
    assert docfiles.MARKER["docx"] in got[files["docx"]] and "## Budget" in got[files["xlsx"]]
    assert "broken/scan.pdf" not in got and "broken/locked.docx" not in got
    assert files["docx"] not in dict(sample_files(r, policy).files)


def test_doctor_and_audit_report_document_extraction_on_and_available(svc):
    assert "documents: on" in text_of(admin.doctor(svc, {})).splitlines()
    report = text_of(admin.audit(svc, {"format": "text"}))
    assert "exposure: document extraction PASS" in report


@pytest.mark.parametrize("kind", ["docx", "pptx", "xlsx", "xls", "pdf"])
@invariant("DOC-2")
def test_rehydration_restores_placeholders_read_from_a_document_to_its_raw_words(svc, root, kind):
    from redacted_context_mcp.service.rehydrate import rehydration_map

    redacted = text_of(ops.read(svc, {"path": root[1][kind]}))
    restored = rehydration_map(svc).restore(redacted)
    assert restored.unknown == 0 and restored.restored > 0
    low = restored.text.lower()
    assert any(v.lower() in low for v in docfiles.BODY[kind]), "the document is a rehydration source"
