"""Presidio adapter parts that need no library: chunking, options, offsets, the missing-package error.

The real analyzer runs in ``tests/extras/test_presidio_real.py`` (``make test-extras``).
"""

from __future__ import annotations

import importlib.util
import re
from types import SimpleNamespace

import pytest

from redacted_context_mcp.adapters import presidio as pa
from redacted_context_mcp.errors import RedctxError
from tests.invariants import invariant


def test_chunks_cover_the_text_cut_at_breaks_with_overlap():
    text = ("para line one\nline two\n\n" * 500)
    spans = list(pa.chunks(text, size=1_000, overlap=100))
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    for (s1, e1), (s2, _e2) in zip(spans, spans[1:]):
        assert s2 < e1 <= s2 + 200 and e1 - s1 <= 1_000  # overlapping, bounded
        assert text[e1 - 1] == "\n" and (s2 == 0 or text[s2 - 1] == "\n")


def test_a_text_without_breaks_is_still_cut_and_overlapped():
    spans = list(pa.chunks("x" * 2_500, size=1_000, overlap=100))
    assert spans == [(0, 1000), (900, 1900), (1800, 2500)]


def test_short_text_is_one_chunk():
    assert list(pa.chunks("abc")) == [(0, 3)]


class FakeAnalyzer:
    """Reports every ``Zed Quill`` as a PERSON, like ``AnalyzerEngine.analyze``."""

    def __init__(self):
        self.calls = []

    def analyze(self, text, language, entities, score_threshold):
        self.calls.append(len(text))
        return [SimpleNamespace(entity_type="PERSON", start=m.start(), end=m.end(), score=0.9)
                for m in re.finditer("Zed Quill", text)]


def test_offsets_hold_across_chunk_edges():
    filler = "lorem ipsum dolor\n" * 80
    text = (filler + "Zed Quill\n") * 20
    det = pa.PresidioDetector(FakeAnalyzer(), "v", pa.ENTITY_CATEGORIES, ["PERSON"], 0.5,
                              chunk_chars=700, overlap_chars=60)
    found = det.detect(text)
    assert len(det._analyzer.calls) > 3
    assert [text[s:e] for s, e, _ in found] == ["Zed Quill"] * 20


@pytest.mark.parametrize("arg,phrase", [
    ("threshold=x", "threshold must be a number"),
    ("map=ORGANIZATION:NICK", "unknown category"),
    ("map=ORGANIZATION", "map is a |-separated list"),
    ("entities=person", "entities is a |-separated list"),
    ("colour=blue", "options are key=value pairs"),
])
def test_bad_options_fail_at_start(arg, phrase):
    with pytest.raises(RedctxError) as err:
        pa.factory(arg)
    assert phrase in err.value.message and "blue" not in err.value.message


@invariant("DETECT-4")
@pytest.mark.skipif(importlib.util.find_spec("presidio_analyzer") is not None, reason="presidio is installed")
def test_without_the_presidio_extra_the_detector_fails_at_start_with_the_install_command():
    from redacted_context_mcp.redaction.registry import load_detector

    with pytest.raises(RedctxError) as err:
        load_detector("presidio")
    assert err.value.message == (
        '--detector: presidio: the presidio extra is not installed; run: pip install "redacted-context-mcp[presidio]"'
    )
