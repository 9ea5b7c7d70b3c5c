"""The audit-log writer and verifier on real files: chain, tampering, crash tails, rotation, refusals."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import threading
from pathlib import Path

import pytest

from redacted_context_mcp.auditlog.chain import GENESIS, audit_key
from redacted_context_mcp.auditlog.summary import entries, render, summarize
from redacted_context_mcp.auditlog.verify import verify_blobs
from redacted_context_mcp.auditlog.writer import AuditWriter
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.vault import derived_key
from tests.invariants import invariant

SALT = b"0123456789abcdef" * 4
KEY = audit_key(SALT)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    r = tmp_path / "root"
    r.mkdir()
    return r


def write_log(path: Path, root: Path, n: int, **kw) -> AuditWriter:
    w = AuditWriter(path, KEY, root=root, **kw)
    for i in range(n):
        assert w.append({"kind": "request", "method": "tools/call", "tool": "redctx_read",
                         "arguments": {"path": f"@p_{i:012x}"}, "counts": {"PERSON": i}})
    return w


def logged(path: Path, root: Path, n: int, **kw) -> list[bytes]:
    write_log(path, root, n, **kw).close()
    return path.read_bytes().splitlines(keepends=True)


def check(lines: list[bytes], key: bytes = KEY) -> str:
    return verify_blobs([b"".join(lines)], key).render()


@invariant("AUDIT-2")
def test_a_fresh_log_verifies_and_counts_entries_but_not_its_header(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 5)
    assert len(lines) == 6 and json.loads(lines[0])["type"] == "header"
    assert json.loads(lines[0])["prev"] == GENESIS
    assert check(lines) == "ok: 5 entries\n"
    assert [json.loads(x)["seq"] for x in lines[1:]] == [1, 2, 3, 4, 5]


@invariant("AUDIT-2")
def test_an_edited_line_is_reported_as_edited_at_its_line_number(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 5)
    lines[3] = lines[3].replace(b'"PERSON":2', b'"PERSON":0')
    report = verify_blobs([b"".join(lines)], KEY)
    assert not report.ok and report.render() == "line 4: edited\n"


@invariant("AUDIT-2")
def test_a_deleted_line_is_reported_as_missing(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 5)
    del lines[2]
    assert check(lines) == "line 3: missing\n"


@invariant("AUDIT-2")
def test_deleting_the_header_and_first_lines_is_reported_as_missing(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 5)
    assert check(lines[2:]) == "line 1: missing\n"


@invariant("AUDIT-2")
def test_swapped_lines_are_reported_as_reordered(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 5)
    lines[2], lines[3] = lines[3], lines[2]
    assert check(lines) == "line 3: reordered\n"


@invariant("AUDIT-2")
def test_an_inserted_line_is_detected_whether_forged_or_replayed(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 5)
    forged = json.loads(lines[2])
    forged["seq"], forged["tool"] = 3, "redctx_search"
    forged_line = json.dumps(forged).encode() + b"\n"
    assert check(lines[:3] + [forged_line] + lines[3:]) == "line 4: edited\n"
    assert check(lines[:4] + [lines[2]] + lines[4:]) == "line 5: reordered\n"


@invariant("AUDIT-2")
def test_a_log_checked_with_another_salt_is_a_key_mismatch_not_an_edit(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 2)
    out = check(lines, audit_key(b"f" * 64))
    assert out.startswith("line 1: key mismatch")


@invariant("AUDIT-5")
def test_a_cut_last_line_is_a_truncated_tail_not_tampering(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 4)
    lines[-1] = lines[-1][: len(lines[-1]) // 2]
    report = verify_blobs([b"".join(lines)], KEY)
    assert report.ok
    assert report.render() == "ok: 3 entries\ntruncated tail at line 5\n"


@invariant("AUDIT-5")
def test_a_cut_line_in_the_middle_without_a_resume_header_is_an_edit(tmp_path, root):
    lines = logged(tmp_path / "a.log", root, 4)
    lines[2] = lines[2][:20] + b"\n"
    assert check(lines) == "line 3: edited\n"


@invariant("AUDIT-5")
def test_reopening_a_log_with_a_cut_tail_continues_the_chain_and_names_the_cut_line(tmp_path, root):
    path = tmp_path / "a.log"
    lines = logged(path, root, 3)
    path.write_bytes(b"".join(lines[:-1]) + lines[-1][:30])
    write_log(path, root, 2).close()
    data = path.read_bytes()
    header = json.loads(data.splitlines()[4])
    assert header["start"] == "resumed" and header["torn_line"] == 4
    assert verify_blobs([data], KEY).render() == "ok: 4 entries\ntruncated tail at line 4\n"


def test_reopening_a_complete_log_appends_a_resumed_header_and_keeps_one_chain(tmp_path, root):
    path = tmp_path / "a.log"
    logged(path, root, 3)
    write_log(path, root, 2).close()
    data = path.read_bytes()
    assert verify_blobs([data], KEY).render() == "ok: 5 entries\n"
    assert [json.loads(x).get("start") for x in data.splitlines() if b'"header"' in x] == ["new", "resumed"]


@invariant("AUDIT-2")
def test_rotation_moves_the_log_to_dot_one_and_the_new_file_chains_across_the_boundary(tmp_path, root):
    path = tmp_path / "a.log"
    write_log(path, root, 30, max_bytes=1500).close()
    olds = sorted(tmp_path.glob("a.log.*"), key=lambda p: -int(p.suffix[1:]))
    assert len(olds) >= 2
    blobs = [p.read_bytes() for p in [*olds, path]]
    assert all(len(b) <= 1500 for b in blobs)
    assert verify_blobs(blobs, KEY).render() == "ok: 30 entries\n"
    assert json.loads(path.read_bytes().splitlines()[0])["start"] == "rotated"
    assert verify_blobs([path.read_bytes()], KEY).ok  # the newest file alone starts at a rotation header
    assert not verify_blobs([blobs[1], blobs[0], *blobs[2:]], KEY).ok
    assert verify_blobs([blobs[0], *blobs[2:]], KEY).render().endswith(": missing\n")


@invariant("AUDIT-5")
def test_fifty_threads_appending_at_once_never_interleave_and_the_chain_verifies(tmp_path, root):
    path = tmp_path / "a.log"
    w = AuditWriter(path, KEY, root=root)
    barrier = threading.Barrier(50)

    def worker(t: int) -> None:
        barrier.wait()
        for i in range(20):
            w.append({"kind": "request", "thread": t, "i": i, "pad": "x" * (t * 50)})

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    w.close()
    data = path.read_bytes()
    rows = [json.loads(x) for x in data.splitlines()[1:]]
    assert sorted((r["thread"], r["i"]) for r in rows) == [(t, i) for t in range(50) for i in range(20)]
    assert verify_blobs([data], KEY).render() == "ok: 1000 entries\n"


@invariant("AUDIT-3")
def test_the_log_is_created_with_mode_0600(tmp_path, root):
    path = tmp_path / "a.log"
    logged(path, root, 1)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


@invariant("AUDIT-3")
@pytest.mark.parametrize("where", ["inside", "symlink", "symlinked-dir-into-root", "not-regular"])
def test_the_log_is_refused_inside_the_root_as_a_symlink_or_when_not_a_regular_file(tmp_path, root, where):
    if where == "inside":
        path = root / "sub" / "a.log"
        (root / "sub").mkdir()
    elif where == "symlink":
        target = tmp_path / "real.log"
        target.write_bytes(b"")
        path = tmp_path / "a.log"
        path.symlink_to(target)
    elif where == "symlinked-dir-into-root":
        (tmp_path / "door").symlink_to(root)
        path = tmp_path / "door" / "a.log"
    else:
        path = tmp_path / "dir.log"
        path.mkdir()
    with pytest.raises(RedctxError) as exc:
        AuditWriter(path, KEY, root=root)
    assert exc.value.code is Code.AUDIT_LOG_REFUSED
    assert not (root / "sub" / "a.log").exists() and not list(root.glob("*.log"))


@invariant("AUDIT-1")
def test_the_audit_key_is_domain_separated_from_the_salt_and_placeholder_derivation():
    assert KEY != SALT and len(KEY) == 32
    assert KEY.hex() != hmac.new(SALT, b"audit-log/1", hashlib.sha256).hexdigest()
    assert KEY.hex()[:32] != ph.entity_hex(SALT, "SENSITIVE", "audit-log/1")
    assert audit_key(b"1" * 64) != KEY
    with pytest.raises(ValueError):
        derived_key(SALT, "placeholders")


def test_summary_counts_calls_errors_placeholders_busiest_ids_and_the_time_range(tmp_path, root):
    path = tmp_path / "a.log"
    w = AuditWriter(path, KEY, root=root)
    w.append({"time": "2026-01-01T00:00:00.000Z", "kind": "request", "method": "tools/call", "tool": "redctx_read",
              "arguments": {"path": "@p_aaaaaaaaaaaa"}, "outcome": "ok", "counts": {"PERSON": 2}})
    w.append({"time": "2026-01-01T00:00:05.000Z", "kind": "request", "method": "tools/call", "tool": "redctx_read",
              "arguments": {"path": "@p_aaaaaaaaaaaa"}, "outcome": "is_error", "counts": {}})
    w.append({"time": "2026-01-02T00:00:00.000Z", "kind": "request", "method": "tools/call",
              "tool": "redctx_bundle", "arguments": {"paths": ["@p_bbbbbbbbbbbb", "@p_aaaaaaaaaaaa"]},
              "outcome": "ok", "counts": {"PERSON": 1, "EMAIL": 3}})
    w.close()
    s = summarize(entries([path.read_bytes()]))
    assert s["calls"] == {"redctx_bundle": 1, "redctx_read": 2}
    assert s["errors"] == {"is_error": 1}
    assert s["placeholders"] == {"EMAIL": 3, "PERSON": 3}
    assert s["busiest_files"] == [{"id": "@p_aaaaaaaaaaaa", "calls": 3}, {"id": "@p_bbbbbbbbbbbb", "calls": 1}]
    assert (s["first"], s["last"]) == ("2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z")
    day_one = summarize(entries([path.read_bytes()]), until="2026-01-01")
    assert day_one["entries"] == 2 and day_one["calls"] == {"redctx_read": 2}
    assert "  redctx_read: 2\n" in render(s) and json.loads(render(s, "json")) == s
