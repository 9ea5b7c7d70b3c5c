"""Worker lifetime through the real launcher: deadline kill, crash, reaping, fixed errors (stdlib only).

Stand-in children run through the same ``run_worker`` code as the MarkItDown
worker, so a hanging or crashing converter is simulated by a real process.
"""

from __future__ import annotations

import io
import sys
import time
import zipfile
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources import documents
from redacted_context_mcp.sources.documents import entry, worker
from tests.invariants import invariant
from tests.service.svc_helpers import FakeLive, make_service

CANARY = "Zephyrine Quellbrook zq-canary-7781"


def child(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def gone(pid: int, within: float = 10.0) -> bool:
    """True once ``pid`` no longer exists (reaped, not a zombie)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not Path(f"/proc/{pid}").exists():
            return True
        time.sleep(0.05)
    return False


def fails(code: Code, argv: list[str], **kw) -> RedctxError:
    with pytest.raises(RedctxError) as info:
        worker.run_worker("docx", b"data", argv=argv, **kw)
    assert info.value.code is code
    return info.value


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs /proc to see processes")
@invariant("DOC-1")
def test_a_worker_past_its_deadline_is_killed_with_its_children_and_reaped(tmp_path):
    pids = tmp_path / "pids"
    code = (
        "import os, subprocess, sys, time\n"
        f"g = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(pids)!r}, 'w').write(f'{{os.getpid()}} {{g.pid}}')\n"
        "time.sleep(60)\n"
    )
    start = time.monotonic()
    e = fails(Code.DOCUMENT_DEADLINE, child(code), deadline=3.0)
    assert time.monotonic() - start < 30
    assert e.message == "Document extraction exceeded the 15 s deadline."
    me, grandchild = (int(x) for x in pids.read_text().split())
    assert gone(me, 0.1), "the worker must be reaped by the time the call returns"
    assert gone(grandchild), "the worker's process group is killed"


@invariant("DOC-1", "OUT-2")
def test_a_crashing_worker_gives_a_fixed_error_and_nothing_it_printed():
    code = (f"import os, sys; print({CANARY!r}); sys.stderr.write('Traceback {CANARY}'); "
            "os.kill(os.getpid(), 11)")
    e = fails(Code.DOCUMENT_FAILED, child(code))
    assert CANARY not in e.message and e.message == "Document extraction failed."
    fails(Code.DOCUMENT_FAILED, child("import sys; print('ok'); sys.exit(3)"))
    fails(Code.DOCUMENT_FAILED, child(f"print({CANARY!r}, end='')"))


def test_only_the_known_status_slugs_cross_back():
    assert worker.run_worker("docx", b"x", argv=child("import sys; sys.stdout.write('ok\\nbody text')")) == "body text"
    fails(Code.DOCUMENT_MALFORMED, child("print('malformed')"))
    fails(Code.DOCUMENT_ENCRYPTED, child("print('encrypted')"))
    fails(Code.DOCUMENT_OUTPUT, child("print('output')"))
    fails(Code.DOCUMENT_FAILED, child(f"print({CANARY!r})"))


def test_the_worker_gets_a_minimal_environment_without_the_parents_secrets(monkeypatch):
    monkeypatch.setenv("GITHUB_TOKEN", CANARY)
    got = worker.run_worker("docx", b"", argv=child(
        "import os, sys; sys.stdout.write('ok\\n' + ','.join(sorted(os.environ)) + '|' + os.environ['HTTPS_PROXY'])"))
    names, proxy = got.split("|")
    assert "GITHUB_TOKEN" not in names.split(",") and CANARY not in got
    assert proxy == "http://127.0.0.1:9"


@invariant("DOC-1", "OUT-2")
def test_a_converter_exception_becomes_a_status_and_its_message_is_dropped(monkeypatch):
    def boom(kind, data):
        raise ValueError(f"bad cell {CANARY}")

    monkeypatch.setattr(entry, "convert", boom)
    assert entry.run("docx", b"x") == ("malformed", "")

    def locked(kind, data):
        raise RuntimeError("file is encrypted") from KeyError(CANARY)

    monkeypatch.setattr(entry, "convert", locked)
    assert entry.run("xlsx", b"x") == ("encrypted", "")
    monkeypatch.setattr(entry, "convert", lambda kind, data: "x" * (entry.limits.MAX_OUTPUT_CHARS + 1))
    assert entry.run("pdf", b"x") == ("output", "")
    assert entry.run("odt", b"x") == ("failed", "")


def minimal_docx() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("[Content_Types].xml", b"<Types/>")
        zf.writestr("word/document.xml", f"<w:document><w:t>{CANARY}</w:t></w:document>".encode())
    return buf.getvalue()


@pytest.mark.skipif(documents.available(), reason="checks the real worker without the documents extra")
def test_the_real_worker_without_the_extra_fails_closed_with_the_fixed_message():
    with pytest.raises(RedctxError) as info:
        documents.extract("plan.docx", minimal_docx())
    assert info.value.code is Code.DOCUMENT_FAILED and CANARY not in info.value.message


# -- through the service -------------------------------------------------------------------------
def doc_service(root: Path, documents_on: bool = True):
    return make_service(root, FakeLive(root), documents=documents_on)


def test_with_documents_off_office_files_stay_refused_as_non_text(tmp_path):
    from redacted_context_mcp.service import files as ops

    (tmp_path / "plan.docx").write_bytes(minimal_docx())
    svc = doc_service(tmp_path, documents_on=False)
    with pytest.raises(RedctxError) as info:
        ops.read(svc, {"path": "plan.docx"})
    assert info.value.code is Code.NOT_TEXT


@invariant("DOC-1")
def test_a_broken_document_fails_its_read_is_skipped_by_search_and_is_not_converted_again(tmp_path, monkeypatch):
    from redacted_context_mcp.service import files as ops
    from redacted_context_mcp.service import search

    (tmp_path / "notes.md").write_text("the budget review\n", encoding="utf-8")
    (tmp_path / "budget.xlsx").write_bytes(minimal_docx()[:40])  # a truncated zip
    (tmp_path / "plan.docx").write_bytes(minimal_docx())
    calls = []
    real = worker.run_worker
    monkeypatch.setattr(worker, "run_worker", lambda *a, **k: calls.append(a[0]) or real(*a, argv=child(
        "print('malformed')"), **k))
    svc = doc_service(tmp_path)
    for _ in range(2):
        with pytest.raises(RedctxError) as info:
            ops.read(svc, {"path": "plan.docx"})
        assert info.value.code is Code.DOCUMENT_MALFORMED and CANARY not in info.value.message
    assert calls == ["docx"], "a failed extraction is remembered until the file changes"
    hits = search.search(svc, {"query": "budget"}).text
    assert "the budget review" in hits and CANARY not in hits
    with pytest.raises(RedctxError) as info:
        ops.read(svc, {"path": "budget.xlsx"})
    assert info.value.code is Code.DOCUMENT_MALFORMED
    assert calls == ["docx"], "the truncated zip never reached a worker"


def test_an_extracted_document_is_redacted_and_cached_by_identity(tmp_path, monkeypatch):
    from redacted_context_mcp.service import files as ops

    (tmp_path / "plan.docx").write_bytes(minimal_docx())
    calls = []
    body = "Contact alice.example@client-corp.test about ghp\\_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8" + "\n"
    monkeypatch.setattr(worker, "run_worker", lambda kind, data, **k: calls.append(kind) or body)
    svc = doc_service(tmp_path)
    first = ops.read(svc, {"path": "plan.docx"}).text
    assert ops.read(svc, {"path": "plan.docx"}).text == first and calls == ["docx"]
    assert first.splitlines()[1].startswith("<!-- redctx: DOCX extract.")
    assert "alice.example" not in first and "A1b2C3d4E5f6G7h8" not in first and "[SECRET_" in first


@invariant("DOC-1", "BOUND-1")
def test_the_operation_deadline_cuts_a_conversion_short_and_is_not_remembered_as_a_broken_file(tmp_path, monkeypatch):
    from redacted_context_mcp.limits import Budget, Limits

    (tmp_path / "plan.docx").write_bytes(minimal_docx())
    calls = []
    real = worker.run_worker

    def slow(kind, data, **k):
        calls.append(k["deadline"])
        return real(kind, data, argv=child("import time; time.sleep(30)"), **k)

    monkeypatch.setattr(worker, "run_worker", slow)
    svc = doc_service(tmp_path)
    entry = svc.resolve("plan.docx")
    for _ in range(2):
        start = time.monotonic()
        with pytest.raises(RedctxError) as info:
            svc.document(entry, Budget(Limits(), seconds=1.0))
        assert info.value.code is Code.LIMIT_DEADLINE and time.monotonic() - start < 10
    assert len(calls) == 2 and all(d <= 1.0 for d in calls)
