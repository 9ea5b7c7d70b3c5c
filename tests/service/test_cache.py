"""The redacted-text LRU: byte bound, eviction order, line splitting."""

from __future__ import annotations

from redacted_context_mcp.service.cache import RedactedCache, RedactedFile


def rf(text: str) -> RedactedFile:
    return RedactedFile.build(text, {})


def test_lines_split_on_newline_only_and_a_final_newline_adds_no_line():
    f = RedactedFile.build("a\r\nb\fc\n\nd\n", {"EMAIL": 1})
    assert f.lines == ("a", "b\fc", "", "d")
    assert f.line_count == 4 and f.counts == {"EMAIL": 1}
    assert RedactedFile.build("", {}).lines == ()
    assert RedactedFile.build("\n", {}).lines == ("",)
    assert RedactedFile.build("x", {}).lines == ("x",)


def test_least_recently_used_items_are_evicted_once_the_byte_budget_is_exceeded():
    a, b, c = rf("a" * 1000), rf("b" * 1000), rf("c" * 1000)
    cache = RedactedCache(a.nbytes + b.nbytes + 10)
    cache.put("a", a)
    cache.put("b", b)
    assert cache.get("a") is a  # a is now most recent
    cache.put("c", c)
    assert cache.get("b") is None
    assert cache.get("a") is a and cache.get("c") is c
    assert cache.bytes_used <= cache.max_bytes


def test_an_item_larger_than_the_whole_budget_is_not_kept():
    cache = RedactedCache(100)
    cache.put("big", rf("x" * 10_000))
    assert cache.get("big") is None and len(cache) == 0 and cache.bytes_used == 0


def test_replacing_a_key_keeps_the_byte_count_exact_and_clear_empties_it():
    cache = RedactedCache(1_000_000)
    cache.put("k", rf("x" * 100))
    cache.put("k", rf("y" * 200))
    assert len(cache) == 1 and cache.bytes_used == rf("y" * 200).nbytes
    cache.clear()
    assert len(cache) == 0 and cache.bytes_used == 0
