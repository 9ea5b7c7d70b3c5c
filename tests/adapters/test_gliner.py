"""The GLiNER adapter against a stand-in with GLiNER's ``predict_entities`` interface.

Weights cannot be downloaded here, so windowing, label mapping, offsets and the
offline/revision options are checked against :class:`StandIn`; the import path
and the missing-package error run for real.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import unittest
from types import SimpleNamespace

import pytest

from redacted_context_mcp.adapters import gliner as ga
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.detectors import Nomination
from redacted_context_mcp.testing import DetectorConformance
from tests.invariants import invariant

NAMES = {"Ada Lovelace": "person", "Grace Hopper": "person", "Contoso Ltd": "company"}


class Tokenizer:
    """Subword stand-in: one token per 4 characters of a word."""

    def tokenize(self, word):
        return [word[i:i + 4] for i in range(0, len(word), 4)]


class StandIn:
    """Finds known names in each window it is given, like ``GLiNER.predict_entities``."""

    def __init__(self, splitter="whitespace"):
        self.config = SimpleNamespace(words_splitter_type=splitter)
        self.data_processor = SimpleNamespace(transformer_tokenizer=Tokenizer())
        self.windows: list[str] = []

    def predict_entities(self, text, labels, threshold=0.5):
        self.windows.append(text)
        out = []
        for name, label in NAMES.items():
            if label in labels:
                for m in re.finditer(re.escape(name), text):
                    out.append({"start": m.start(), "end": m.end(), "text": name, "label": label, "score": 0.9})
        return out


def build(argument=None, model=None, calls=None):
    model = model or StandIn()

    def loader(model_id, *, revision, offline):
        if calls is not None:
            calls.append((model_id, revision, offline))
        return model

    return ga.build(argument, loader=loader, gliner_version="0.2.13"), model


def test_labels_map_to_categories_and_offsets_point_into_the_original_text():
    det, _ = build("labels=person:PERSON|company:ORG")
    text = "Met Ada Lovelace at Contoso Ltd."
    assert [(text[s:e], c) for s, e, c in det.detect(text)] == [("Ada Lovelace", "PERSON"), ("Contoso Ltd", "ORG")]


def test_long_text_is_read_in_overlapping_windows_and_edge_values_are_found_in_the_overlap():
    filler = " ".join(f"w{i}" for i in range(40))
    text = f"{filler} Ada Lovelace {filler} Grace Hopper {filler}"
    det, model = build("window=20")
    found = det.detect(text)
    assert [text[s:e] for s, e, _ in found] == ["Ada Lovelace", "Grace Hopper"]
    assert len(model.windows) > 4 and all(len(w.split()) <= 20 for w in model.windows)
    assert all(w in text for w in model.windows)  # windows are cut straight from the original


def test_every_window_position_finds_a_name_crossing_any_edge():
    for shift in range(0, 25):
        text = " ".join(f"w{i}" for i in range(shift)) + " Ada Lovelace " + " ".join(f"x{i}" for i in range(30))
        det, _ = build("window=12")
        assert [text[s:e] for s, e, _ in det.detect(text)] == ["Ada Lovelace"], shift


def test_windows_end_at_max_tokens_counted_with_the_models_tokenizer():
    blob = " ".join(["abcdefghabcdefgh"] * 30)  # 4 tokens per word
    det, model = build("window=500,max_tokens=40")
    det.detect(blob + " Ada Lovelace")
    assert all(sum(len(Tokenizer().tokenize(w)) for w in win.split()) <= 40 for win in model.windows)
    assert any("Ada Lovelace" in w for w in model.windows)


def test_long_letter_digit_runs_are_split_for_windowing_and_windows_of_only_runs_are_skipped():
    run = "f0" * 400  # an 800-character hash-like run
    units = ga.units(f"Hi {run} Ada")
    assert [u.end - u.start for u in units if u.run_piece] == [64] * 12 + [32]
    det, model = build("window=8")
    text = f"Ada Lovelace {run} Grace Hopper"
    assert [text[s:e] for s, e, _ in det.detect(text)] == ["Ada Lovelace", "Grace Hopper"]
    assert not any(re.fullmatch(r"[0-9a-f]+", w) for w in model.windows)


def test_blank_text_runs_no_window():
    det, model = build()
    assert det.detect("   \n\t") == [] and model.windows == []


def test_offline_and_revision_reach_the_loader_and_offline_sets_the_hub_offline(monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    calls = []
    build("offline=true,revision=abc123", calls=calls)
    assert calls == [(ga.DEFAULT_MODEL, "abc123", True)]
    import os

    assert os.environ["HF_HUB_OFFLINE"] == "1"
    calls.clear()
    monkeypatch.delenv("HF_HUB_OFFLINE")
    build(None, calls=calls)
    assert calls == [(ga.DEFAULT_MODEL, None, False)] and "HF_HUB_OFFLINE" not in os.environ


def test_receipts_name_the_default_model_and_custom_for_any_other():
    assert build()[0].version == "0.2.13/urchade/gliner_small-v2.1"
    assert build("model=/srv/models/acme-private-ner")[0].version == "0.2.13/custom"


def test_only_whitespace_word_splitters_are_accepted():
    with pytest.raises(RedctxError) as err:
        build(model=StandIn(splitter="spacy"))
    assert "split words on whitespace" in err.value.message


def test_a_model_that_cannot_load_fails_at_start_without_library_text():
    def loader(model_id, **kw):
        raise OSError("Zorblax cannot reach hub")

    with pytest.raises(RedctxError) as err:
        ga.build("offline=true", loader=loader, gliner_version="x")
    assert err.value.code is Code.DETECTOR_START and "Zorblax" not in err.value.message
    assert "Hugging Face cache" in err.value.message


@pytest.mark.parametrize("arg,phrase", [
    ("threshold=2", "threshold must be a number between 0 and 1"),
    ("offline=maybe", "offline must be true or false"),
    ("window=2", "window must be at least 8"),
    ("labels=person", "labels is a |-separated list"),
    ("labels=person:NICK", "unknown category"),
    ("secretkey=1", "options are key=value pairs"),
    ("window=9,window=10", "given twice"),
])
def test_bad_options_fail_at_start_without_echoing_values(arg, phrase):
    with pytest.raises(RedctxError) as err:
        build(arg)
    assert phrase in err.value.message and "secretkey" not in err.value.message


@invariant("DETECT-4")
@pytest.mark.skipif(importlib.util.find_spec("gliner") is not None, reason="gliner is installed here")
def test_without_the_gliner_extra_the_detector_fails_at_start_with_the_install_command():
    from redacted_context_mcp.redaction.registry import load_detector

    with pytest.raises(RedctxError) as err:
        load_detector("gliner=offline=true")
    assert err.value.message == (
        '--detector: gliner: the gliner extra is not installed; run: pip install "redacted-context-mcp[gliner]"'
    )


def test_the_adapter_module_imports_no_optional_library():
    code = ("import sys, redacted_context_mcp.adapters.gliner, redacted_context_mcp.adapters.presidio;"
            "print([m for m in ('gliner','torch','presidio_analyzer','spacy') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


class GlinerConformance(DetectorConformance, unittest.TestCase):
    """The GLiNER adapter (around the stand-in) passes the contract kit."""

    sample_texts = ("Ada Lovelace met Grace Hopper at Contoso Ltd.", "Nothing here.")
    huge_chars = 60_000

    def make_detector(self):
        return build("window=64")[0]


def test_nominations_are_plain_spans():
    det, _ = build()
    assert all(isinstance(n, Nomination) for n in det.detect("Ada Lovelace"))
