"""Streamed read/head/tail: files over the per-file limit, redacted in chunks that never cut a secret."""

from __future__ import annotations

import base64
import random

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.service import files as ops
from redacted_context_mcp.service import stream
from tests.invariants import invariant
from tests.service.svc_helpers import FakeLive, make_service

STREAMED = Limits(max_raw_bytes_per_file=100)


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(stream, "CHUNK_BYTES", 1024)
    monkeypatch.setattr(stream, "BLANK_SEARCH_BYTES", 64)
    monkeypatch.setattr(stream, "OVERLAP_LINES", 3)
    monkeypatch.setattr(stream, "OVERLAP_BYTES", 256)


def pem_block(seed: int) -> tuple[str, list[str]]:
    rnd = random.Random(seed)
    b64 = base64.b64encode(bytes(rnd.randrange(256) for _ in range(48 * 24))).decode()
    body = [b64[i : i + 64] for i in range(0, len(b64), 64)]
    return "\n".join(["-----BEGIN RSA PRIVATE KEY-----", *body, "-----END RSA PRIVATE KEY-----"]), body


def filler(n: int, start: int = 0) -> list[str]:
    return [f"entry {i:05d} worker ok status=200 path=/health" for i in range(start, start + n)]


def services(tmp_path, text: str, name: str = "app.log"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    live = FakeLive(tmp_path)
    return make_service(tmp_path, live, limits=STREAMED), make_service(tmp_path, live)


def body_lines(res) -> list[str]:
    return res.text.split("\n")[1:]


@invariant("OUT-10")
@pytest.mark.parametrize("shift", range(0, 31))
def test_a_pem_block_across_a_chunk_boundary_is_never_cut_and_never_leaks(tmp_path, small_chunks, shift):
    pem, body = pem_block(shift)
    lines = [*filler(20 + shift), *pem.split("\n"), *filler(60, 1000)]  # the block (~1.7 KB) is bigger than a chunk
    streamed, whole = services(tmp_path, "\n".join(lines) + "\n")
    first_pem = 20 + shift + 1
    last_pem = first_pem + len(body) + 1
    idx_res = ops.read(streamed, {"path": "app.log", "max_chars": 10**6})
    index = next(iter(stream._INDEXES[streamed].values()))
    assert len(index.offsets) > 3  # several chunks, so boundaries exist around the block
    for start in index.lines[1:]:  # a chunk starts outside the block: never after BEGIN and before END
        assert not first_pem < start <= last_pem
    want = body_lines(ops.read(whole, {"path": "app.log", "max_chars": 10**6}))
    assert body_lines(idx_res) == want
    for a, b in zip(index.lines, [*index.lines[1:], len(lines) + 1]):  # each chunk on its own, and one line
        got = ops.read(streamed, {"path": "app.log", "start_line": a, "end_line": b - 1, "max_chars": 10**6})
        assert body_lines(got) == want[a - 1 : b - 1]
    for n in range(first_pem - 1, last_pem + 2):
        got = ops.read(streamed, {"path": "app.log", "start_line": n, "end_line": n})
        assert body_lines(got) == want[n - 1 : n]
    for res in (idx_res, ops.head(streamed, {"path": "app.log", "lines": first_pem + 3})):
        assert not any(chunk in res.text for chunk in body)


@invariant("OUT-10")
def test_chunk_boundaries_prefer_the_line_after_a_blank_line(tmp_path, small_chunks):
    lines = filler(23) + [""] + filler(100, 100)  # 46-byte lines: byte 1024 falls inside line 23
    streamed, _ = services(tmp_path, "\n".join(lines) + "\n")
    ops.head(streamed, {"path": "app.log", "lines": 200})
    index = next(iter(stream._INDEXES[streamed].values()))
    assert index.lines[1] == 25  # the line after the blank line 24, not line 24 (the first line past 1024 bytes)


@invariant("OUT-10")
def test_a_multi_line_yaml_secret_across_a_boundary_reads_as_in_the_whole_file(tmp_path, small_chunks):
    secret = ["credentials:", "  password:", "    Xq7-Plover-Lantern-8812!", "  api_key: " + "Zk9" * 12]
    for shift in range(0, 8):
        text = "\n".join([*filler(22 + shift), *secret, *filler(40, 500)]) + "\n"
        streamed, whole = services(tmp_path, text)
        for n in range(20, 34):
            args = {"path": "app.log", "start_line": n, "end_line": n + 1}
            assert ops.read(streamed, args).text == ops.read(whole, args).text


def test_head_tail_and_ranges_of_a_big_file_match_the_whole_file_rendering(tmp_path, small_chunks):
    text = "\n".join(f"row {i} owner jane.roe{i}@example.org done" for i in range(1, 400)) + "\n"
    streamed, whole = services(tmp_path, text)
    cases = [
        (ops.head, {"lines": 7}), (ops.tail, {"lines": 5}), (ops.tail, {"lines": 1000}),
        (ops.read, {"start_line": 150, "end_line": 170, "line_numbers": True}),
        (ops.read, {"start_line": 390}), (ops.read, {"start_line": 10, "max_chars": 700}),
        (ops.read, {"start_line": 10, "max_chars": 700, "line_numbers": True}),
        (ops.head, {"lines": 399, "max_chars": 5000}),
    ]
    for op, args in cases:
        args = {"path": "app.log", **args}
        a, b = op(streamed, args), op(whole, args)
        assert a.text == b.text and a.counts == b.counts, (op.__name__, args)


def test_a_file_without_a_final_newline_streams_its_last_line(tmp_path, small_chunks):
    text = "\n".join(filler(100)) + "\nlast line here"
    streamed, whole = services(tmp_path, text)
    for args in ({"lines": 2}, {"lines": 100}):
        assert ops.tail(streamed, {"path": "app.log", **args}).text == ops.tail(whole, {"path": "app.log", **args}).text


def test_a_start_line_past_the_end_of_a_streamed_file_is_the_fixed_error(tmp_path, small_chunks):
    streamed, _ = services(tmp_path, "\n".join(filler(100)) + "\n")
    with pytest.raises(RedctxError) as info:
        ops.read(streamed, {"path": "app.log", "start_line": 101})
    assert info.value.code is Code.START_PAST_END


def test_head_of_a_big_file_reads_only_its_first_chunks(tmp_path, small_chunks, monkeypatch):
    streamed, _ = services(tmp_path, "\n".join(filler(5000)) + "\n")  # about 230 KB
    read_bytes = []
    real = streamed.fs.read_range

    def counting(rel, offset, length, *, expect):
        data = real(rel, offset, length, expect=expect)
        read_bytes.append(len(data))
        return data

    monkeypatch.setattr(streamed.fs, "read_range", counting)
    monkeypatch.setattr(stream, "READ_BLOCK", 4096)
    res = ops.head(streamed, {"path": "app.log", "lines": 3})
    assert body_lines(res) == filler(3)
    assert sum(read_bytes) < 20_000


def test_binary_and_utf16_files_over_the_limit_keep_their_fixed_errors(tmp_path):
    (tmp_path / "blob.dat").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "wide.txt").write_bytes("hello\nworld\n".encode("utf-16") * 20)
    svc = make_service(tmp_path, FakeLive(tmp_path), limits=STREAMED)
    for path, code in (("blob.dat", Code.NOT_TEXT), ("wide.txt", Code.LIMIT_FILE_BYTES)):
        with pytest.raises(RedctxError) as info:
            ops.head(svc, {"path": path})
        assert info.value.code is code and str(info.value) == code.template


def test_stat_counts_the_lines_of_a_file_over_the_limit(tmp_path, small_chunks):
    streamed, whole = services(tmp_path, "\n".join(filler(300)) + "\n")
    assert "lines: 300" in ops.stat(streamed, {"path": "app.log"}).text
    assert ops.stat(streamed, {"path": "app.log"}).text == ops.stat(whole, {"path": "app.log"}).text


def test_a_single_line_longer_than_the_per_file_limit_keeps_the_fixed_limit_error(tmp_path):
    (tmp_path / "min.js").write_text("x" * 300_000 + "\nshort\n", encoding="utf-8")
    svc = make_service(tmp_path, FakeLive(tmp_path), limits=Limits(max_raw_bytes_per_file=100_000))
    with pytest.raises(RedctxError) as info:
        ops.head(svc, {"path": "min.js"})
    assert info.value.code is Code.LIMIT_FILE_BYTES
