"""``--detector gliner[=OPTIONS]``: the GLiNER zero-shot NER model, on the CPU.

Options: ``model`` (Hugging Face id or local directory, default
:data:`DEFAULT_MODEL`), ``labels`` (``label:CATEGORY|…``), ``threshold`` (0-1),
``offline`` (true: no Hub contact, cached weights only), ``revision`` (pin a
commit), ``window`` (words per window) and ``max_tokens`` (subword tokens per
window, counted with the model's own tokenizer). Long text is read in
overlapping windows cut directly from the original text at word boundaries;
runs of letters and digits over 64 characters are split into 64-character
pieces for windowing, and a window holding only such pieces is skipped. Only
models whose ``words_splitter_type`` is ``whitespace`` are accepted. The
library is imported only inside :func:`factory`; receipts name any
non-default model ``custom``.

Imports: errors, redaction.detectors, redaction.placeholders, adapters.options.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from redacted_context_mcp.adapters.options import as_bool, as_float01, as_int, fail, parse_options
from redacted_context_mcp.redaction.detectors import Nomination, collapse_nested
from redacted_context_mcp.redaction.placeholders import CATEGORIES

NAME = "gliner"
DEFAULT_MODEL = "urchade/gliner_small-v2.1"
DEFAULT_LABELS: dict[str, str] = {"person": "PERSON", "organization": "ORG", "company": "ORG"}
DEFAULT_THRESHOLD = 0.5
DEFAULT_WINDOW = 150
DEFAULT_MAX_TOKENS = 384
MAX_OVERLAP_WORDS = 32
RUN_PIECE = 64
INSTALL = 'pip install "redacted-context-mcp[gliner]"'

_WORDS = re.compile(r"\S+")
_LONG_RUN = re.compile(r"[^\W_]{65,}")


def _labels(value: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in value.split("|"):
        label, sep, cat = item.rpartition(":")
        label, cat = label.strip(), cat.strip()
        if not sep or not label:
            raise fail(NAME, "labels is a |-separated list of label:CATEGORY pairs.")
        if cat not in CATEGORIES:
            raise fail(NAME, "labels names an unknown category.")
        out[label] = cat
    return out


OPTIONS: dict[str, Callable[[str], Any]] = {
    "model": str,
    "labels": _labels,
    "threshold": as_float01(NAME, "threshold"),
    "offline": as_bool(NAME, "offline"),
    "revision": str,
    "window": as_int(NAME, "window", 8),
    "max_tokens": as_int(NAME, "max_tokens", 16),
}


class Unit(NamedTuple):
    """A windowing unit: a whitespace word, or a 64-char piece of a long letter/digit run."""

    start: int
    end: int
    run_piece: bool


def units(text: str) -> list[Unit]:
    out: list[Unit] = []
    for w in _WORDS.finditer(text):
        s, e = w.span()
        if e - s <= RUN_PIECE:
            out.append(Unit(s, e, False))
            continue
        pos = s
        for m in _LONG_RUN.finditer(text, s, e):
            if m.start() > pos:
                out.append(Unit(pos, m.start(), False))
            for p in range(m.start(), m.end(), RUN_PIECE):
                out.append(Unit(p, min(p + RUN_PIECE, m.end()), True))
            pos = m.end()
        if pos < e:
            out.append(Unit(pos, e, False))
    return out


def windows(text: str, count_tokens: Callable[[str], int], window: int, max_tokens: int) -> Iterator[tuple[int, int]]:
    """``(start, end)`` character spans of overlapping windows, skipping windows of run pieces only."""
    us = units(text)
    overlap = min(MAX_OVERLAP_WORDS, max(1, window // 4))
    i = 0
    while i < len(us):
        j, tokens = i, 0
        while j < len(us) and j - i < window:
            t = count_tokens(text[us[j].start:us[j].end])
            if j > i and tokens + t > max_tokens:
                break
            tokens += t
            j += 1
        if not all(u.run_piece for u in us[i:j]):
            yield us[i].start, us[j - 1].end
        if j >= len(us):
            return
        i = max(i + 1, j - overlap)


class GlinerDetector:
    """Nominates GLiNER entities for the configured labels, window by window."""

    name = NAME

    def __init__(self, model: Any, version: str, labels: dict[str, str], threshold: float,
                 window: int = DEFAULT_WINDOW, max_tokens: int = DEFAULT_MAX_TOKENS) -> None:
        self._model = model
        self.version = version
        self._labels = dict(labels)
        self._label_list = list(labels)
        self._threshold = threshold
        self._window = window
        self._max_tokens = max_tokens
        self._count = _token_counter(model)

    def detect(self, text: str) -> list[Nomination]:
        found = []
        for ws, we in windows(text, self._count, self._window, self._max_tokens):
            piece = text[ws:we]
            for ent in self._model.predict_entities(piece, self._label_list, threshold=self._threshold):
                cat = self._labels.get(ent.get("label"))
                s, e = int(ent["start"]), int(ent["end"])
                if cat is None or not 0 <= s < e <= len(piece) or not piece[s:e].strip():
                    continue
                found.append(Nomination(ws + s, ws + e, cat))
        return collapse_nested(found)


def _token_counter(model: Any) -> Callable[[str], int]:
    """Subword tokens of one word with the model's own tokenizer (memoized); one per char without one."""
    tok = getattr(getattr(model, "data_processor", None), "transformer_tokenizer", None)
    memo: dict[str, int] = {}

    def count(word: str) -> int:
        n = memo.get(word)
        if n is None:
            n = max(1, len(tok.tokenize(word))) if tok is not None else max(1, len(word))
            if len(memo) < 200_000:
                memo[word] = n
        return n

    return count


def _load_pretrained(model_id: str, *, revision: str | None, offline: bool) -> Any:
    from gliner import GLiNER

    kwargs: dict[str, Any] = {"map_location": "cpu"}
    if revision:
        kwargs["revision"] = revision
    if offline:
        kwargs["local_files_only"] = True
    model = GLiNER.from_pretrained(model_id, **kwargs)
    model.to("cpu")
    model.eval()
    return model


def build(argument: str | None, *, loader: Callable[..., Any], gliner_version: str) -> GlinerDetector:
    """Parse options, load the model through ``loader`` and check it (``factory`` passes the real one)."""
    opts = parse_options(NAME, argument, OPTIONS)
    model_id = opts.get("model") or DEFAULT_MODEL
    offline = opts.get("offline", False)
    if offline:
        os.environ["HF_HUB_OFFLINE"] = "1"
    try:
        model = loader(model_id, revision=opts.get("revision") or None, offline=offline)
    except Exception:  # noqa: BLE001 - hub and library text is never relayed
        hint = " (offline=true needs the weights in the Hugging Face cache)" if offline else ""
        raise fail(NAME, f"the model could not be loaded{hint}.") from None
    splitter = getattr(getattr(model, "config", None), "words_splitter_type", "whitespace")
    if splitter != "whitespace":
        raise fail(NAME, "only models that split words on whitespace are accepted.")
    shown = DEFAULT_MODEL if model_id == DEFAULT_MODEL else "custom"
    return GlinerDetector(
        model, f"{gliner_version}/{shown}", opts.get("labels") or DEFAULT_LABELS,
        opts.get("threshold", DEFAULT_THRESHOLD), opts.get("window", DEFAULT_WINDOW),
        opts.get("max_tokens", DEFAULT_MAX_TOKENS),
    )


def factory(argument: str | None) -> GlinerDetector:
    parse_options(NAME, argument, OPTIONS)  # option errors before the heavy import
    try:
        import gliner  # noqa: F401
    except ImportError:
        raise fail(NAME, f"the gliner extra is not installed; run: {INSTALL}") from None
    warnings.filterwarnings("ignore", module=r"(gliner|torch|transformers|huggingface_hub)(\.|$)")
    try:
        version = importlib.metadata.version("gliner")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    return build(argument, loader=_load_pretrained, gliner_version=version)


__all__: Sequence[str] = ("GlinerDetector", "build", "factory", "units", "windows")
