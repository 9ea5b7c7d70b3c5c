"""Multi-file operations skip big, unreadable and non-text files, say so with counts only, and keep going."""

from __future__ import annotations

import os

import pytest

from redacted_context_mcp import render, skips
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits, collecting_notices
from redacted_context_mcp.service import files as file_ops
from redacted_context_mcp.service import search as search_ops
from tests.invariants import invariant
from tests.service.svc_helpers import make_service

BIG_NAME = "Zebulon Quaresma export.log"
OVER_NOTE = "[SKIPPED: 1 file over the per-file limit; pass --max-raw-bytes-per-file to include it]"
can_chmod = pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="needs POSIX permissions, not root")


@pytest.fixture
def big_root(root):
    (root / "logs").mkdir()
    (root / "logs" / BIG_NAME).write_text("alpha in the big log\n" * 40, encoding="utf-8")  # 840 bytes
    return root


def run(op, svc, args):
    with collecting_notices() as notices:
        res = op(svc, args)
    return res, notices


@invariant("BOUND-1", "OUT-9")
@pytest.mark.parametrize(
    "op,args",
    [
        (search_ops.search, {"query": "alpha"}),
        (search_ops.retrieve, {"query": "alpha"}),
        (file_ops.bundle, {}),
    ],
)
def test_a_file_over_the_per_file_limit_is_skipped_and_counted_not_fatal(big_root, live, op, args):
    svc = make_service(big_root, live, limits=Limits(max_raw_bytes_per_file=500))
    res, notices = run(op, svc, args)
    assert not res.is_error and "alpha" in res.text  # Alpha.md still served
    assert "big log" not in res.text
    assert OVER_NOTE in notices
    assert res.skipped[skips.OVER_LIMIT] == 1
    assert render.receipt(res)["skipped"][skips.OVER_LIMIT] == 1
    for note in notices:
        assert "Zebulon" not in note and "export" not in note and "840" not in note


def test_the_same_file_is_served_once_the_limit_is_raised(big_root, live):
    svc = make_service(big_root, live, limits=Limits(max_raw_bytes_per_file=5000))
    res, notices = run(search_ops.search, svc, {"query": "big log"})
    assert "big log" in res.text and OVER_NOTE not in notices and skips.OVER_LIMIT not in res.skipped


def test_no_matches_still_reports_what_was_skipped(big_root, live):
    svc = make_service(big_root, live, limits=Limits(max_raw_bytes_per_file=500))
    res, notices = run(search_ops.search, svc, {"query": "nowhere-to-be-found"})
    assert res.text == Code.NO_MATCHES.template and res.exit_status == 1
    assert OVER_NOTE in notices and res.skipped == {skips.OVER_LIMIT: 1, skips.NOT_TEXT: 1}


def test_binary_files_sniffed_as_not_text_are_counted_but_known_binary_extensions_are_not(svc):
    res, notices = run(search_ops.search, svc, {"query": "alpha"})
    assert res.skipped == {skips.NOT_TEXT: 1}  # blob.dat; image.png is known binary by extension
    assert "[SKIPPED: 1 file not text]" in notices


@invariant("BOUND-1")
def test_an_exhausted_scan_budget_still_fails_the_whole_call(big_root, live):
    svc = make_service(big_root, live, limits=Limits(max_scan_raw_bytes=50, max_total_raw_bytes=50))
    for op, args in ((search_ops.search, {"query": "alpha"}), (file_ops.bundle, {})):
        with pytest.raises(RedctxError) as info:
            run(op, svc, args)
        assert info.value.code is Code.LIMIT_TOTAL_BYTES and str(info.value) == "Total raw byte limit exceeded."


@can_chmod
def test_an_unreadable_file_is_skipped_and_counted(root, live):
    locked = root / "notes" / "locked alpha.md"
    locked.write_text("alpha locked\n", encoding="utf-8")
    locked.chmod(0)
    try:
        svc = make_service(root, live)
        res, notices = run(search_ops.search, svc, {"query": "alpha"})
    finally:
        locked.chmod(0o600)
    assert "alpha" in res.text and res.skipped[skips.UNREADABLE] == 1
    assert "[SKIPPED: 1 file unreadable (permission denied or read error)]" in notices


@can_chmod
@pytest.mark.parametrize("op,args", [(file_ops.tree, {}), (file_ops.list_entries, {"recursive": True})])
def test_tree_and_list_count_unreadable_directories(root, live, op, args):
    locked = root / "Sealed Folder"
    locked.mkdir()
    (locked / "inside.md").write_text("x\n", encoding="utf-8")
    locked.chmod(0)
    try:
        svc = make_service(root, live)
        res, notices = run(op, svc, args)
    finally:
        locked.chmod(0o700)
    assert res.skipped == {skips.UNREADABLE_DIR: 1}
    assert any(n.startswith("[SKIPPED: 1 directory unreadable") for n in notices)


@invariant("OUT-9")
def test_skip_notes_are_fixed_texts_with_counts_only():
    tally = skips.SkipTally()
    for reason in skips.REASONS:
        tally.add(reason, 3)
    notes = tally.notes()
    assert len(notes) == len(skips.REASONS)
    for note in notes:
        assert note.startswith("[SKIPPED: 3 ") and note.endswith("]")
        assert note == skips.note(note_reason(note), 3)
    with pytest.raises(ValueError):
        tally.add("a raw file name")


def note_reason(note: str) -> str:
    return next(r for r in skips.REASONS if skips.note(r, 3) == note)


def test_a_file_whose_read_fails_is_counted_unreadable_even_when_running_as_root(root, live, monkeypatch):
    (root / "notes" / "flaky alpha.md").write_text("alpha flaky\n", encoding="utf-8")
    svc = make_service(root, live)
    real = svc.fs.read_prefix

    def failing(rel, n, *, expect=None):
        if rel == "notes/flaky alpha.md":
            raise RedctxError(Code.READ_FAILED)
        return real(rel, n, expect=expect)

    monkeypatch.setattr(svc.fs, "read_prefix", failing)
    res, notices = run(search_ops.search, svc, {"query": "alpha"})
    assert "alpha" in res.text and "flaky" not in res.text
    assert res.skipped[skips.UNREADABLE] == 1
    assert "[SKIPPED: 1 file unreadable (permission denied or read error)]" in notices


def test_a_document_that_does_not_extract_is_skipped_with_a_counted_note_not_a_failed_search(root, live):
    # A truncated DOCX is refused by the byte checks before any converter runs, so no extra is needed.
    (root / "notes.txt").write_text("alpha in plain text\n", encoding="utf-8")
    (root / "Zebulon Quaresma plan.docx").write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    svc = make_service(root, live, documents=True)
    res, notices = run(search_ops.search, svc, {"query": "alpha"})
    assert not res.is_error
    assert "[SKIPPED: 1 document not extracted (encrypted, malformed, empty or over a document limit)]" in notices
    assert res.skipped[skips.NOT_EXTRACTED] == 1  # the corpus holds its own non-text files too
    assert "Zebulon" not in "\n".join(notices)
