"""RedactedDoc (lines split once, engine counts per range) and DocCache (one LRU, generation floor)."""

from __future__ import annotations

from redacted_context_mcp.config import Policy
from redacted_context_mcp.model import Redacted, Redaction
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.service.document import DocCache, RedactedDoc
from tests.invariants import invariant

OLD = "[EMAIL_" + "0" * 32 + "]"


def doc_of(text: str, generation: int = 1, redactor: Redactor | None = None) -> RedactedDoc:
    red = (redactor or Redactor(Policy(), b"k" * 32)).redact(text)
    return RedactedDoc.build("@p_0123456789ab", Redaction("a.md", {}), red, ("a.md", generation), generation)


def test_lines_drop_terminators_and_the_exact_text_survives():
    for text, lines in [("", []), ("\n", [""]), ("x", ["x"]), ("a\r\nb\fc\n\nd\n", ["a", "b\fc", "", "d"])]:
        d = doc_of(text)
        assert [d.line(n) for n in range(1, d.line_count + 1)] == lines
        assert d.text == text and isinstance(d.text, Redacted) and isinstance(d.body, Redacted)


@invariant("RCPT-1")
def test_range_counts_come_from_the_engine_tally_and_skip_placeholders_already_present():
    d = doc_of(f"a x@y.example\r\nold {OLD}\r\nz q@w.example\r\n")
    assert d.counts == {"EMAIL": 2}
    assert [d.line_counts(n, n) for n in (1, 2, 3)] == [{"EMAIL": 1}, {}, {"EMAIL": 1}]
    assert all(d.body.startswith("[EMAIL_", off) for off in d.marks)


def test_the_folded_view_uses_the_redactors_fold_and_keeps_offsets():
    d = RedactedDoc.build("@p_0123456789ab", Redaction("a.md", {}), Redaction("İSTANBUL ſtation\n", {}), 1, 1)
    assert d.folded == "istanbul station" and len(d.folded) == len(d.body)
    assert d.folded is d.folded  # computed once


@invariant("GEN-1")
def test_the_cache_neither_stores_nor_serves_a_document_of_an_older_generation():
    cache = DocCache(10_000_000)
    old = doc_of("one\n", 1)
    assert cache.put(("files", old.ident, 1), old) and cache.get(("files", old.ident, 1)) is old
    cache.advance(2)
    assert cache.get(("files", old.ident, 1)) is None and len(cache) == 0
    assert not cache.put(("files", old.ident, 1), old)  # a late writer from generation 1
    assert not cache.put(("files", old.ident, 2), old)  # nor under the new generation's key
    new = doc_of("one\n", 2)
    assert cache.put(("files", new.ident, 2), new) and cache.get(("files", new.ident, 2)) is new


def test_the_cache_is_bounded_by_document_bytes():
    docs = [doc_of(f"line {i}\n" * 200, 1) for i in range(5)]
    cache = DocCache(docs[0].nbytes * 2 + 10)
    for i, d in enumerate(docs):
        cache.put(("files", i, 1), d)
    assert len(cache) == 2 and cache.bytes_used <= cache.max_bytes
