"""``--detector presidio[=OPTIONS]``: Microsoft Presidio (spaCy NER + pattern recognizers).

Options: ``model`` (spaCy pipeline package, default ``en_core_web_lg``),
``threshold`` (0-1, default 0.5), ``entities`` (``|``-separated Presidio
entity names, default every mapped one) and ``map`` (``ENTITY:CATEGORY|…``
overrides). The library is imported only here, inside :func:`factory`. A
missing package or model fails at start with the command that installs it;
nothing is ever downloaded: the email recognizer's Public Suffix List lookup is
switched to the copy bundled with tldextract, and spaCy runs on the CPU
(``PRESIDIO_DEVICE=cpu`` unless set). Text over :data:`CHUNK_CHARS` is analyzed
in overlapping chunks cut at paragraph or line breaks, offsets mapped back.

Imports: errors, redaction.detectors, redaction.placeholders, adapters.options.
"""

from __future__ import annotations

import importlib.metadata
import logging
import os
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from redacted_context_mcp.adapters.options import as_float01, fail, parse_options
from redacted_context_mcp.redaction.detectors import Nomination, collapse_nested
from redacted_context_mcp.redaction.placeholders import CATEGORIES

NAME = "presidio"
DEFAULT_MODEL = "en_core_web_lg"
DEFAULT_THRESHOLD = 0.5
CHUNK_CHARS = 100_000
OVERLAP_CHARS = 2_000
INSTALL = 'pip install "redacted-context-mcp[presidio]"'

#: Presidio entity -> placeholder category (the default entity set).
ENTITY_CATEGORIES: dict[str, str] = {
    "PERSON": "PERSON",
    "ORGANIZATION": "ORG",
    "EMAIL_ADDRESS": "EMAIL",
    "URL": "URL",
    "PHONE_NUMBER": "PHONE",
    "IP_ADDRESS": "IP",
    "CREDIT_CARD": "CARD",
    "US_SSN": "SSN",
    "IBAN_CODE": "IBAN",
    "US_BANK_NUMBER": "ID",
    "US_ITIN": "ID",
    "US_PASSPORT": "PASSPORT",
    "US_DRIVER_LICENSE": "DRIVER_ID",
    "UK_NHS": "ID",
    "MEDICAL_LICENSE": "ID",
    "CRYPTO": "SECRET",
}
_QUIET_MODULES = r"(spacy|thinc|presidio_analyzer|tldextract|torch|transformers)(\.|$)"


def _entities(value: str) -> tuple[str, ...]:
    items = tuple(v.strip() for v in value.split("|") if v.strip())
    if not items or not all(v.replace("_", "").isalnum() and v.isupper() for v in items):
        raise fail(NAME, "entities is a |-separated list of Presidio entity names.")
    return items


def _mapping(value: str) -> dict[str, str]:
    out = {}
    for item in value.split("|"):
        ent, sep, cat = item.partition(":")
        ent, cat = ent.strip(), cat.strip()
        if not sep or not ent:
            raise fail(NAME, "map is a |-separated list of ENTITY:CATEGORY pairs.")
        if cat not in CATEGORIES:
            raise fail(NAME, "map names an unknown category.")
        out[ent] = cat
    return out


OPTIONS: dict[str, Callable[[str], Any]] = {
    "model": str,
    "threshold": as_float01(NAME, "threshold"),
    "entities": _entities,
    "map": _mapping,
}


def chunks(text: str, size: int = CHUNK_CHARS, overlap: int = OVERLAP_CHARS) -> Iterator[tuple[int, int]]:
    """``(start, end)`` windows of at most ``size`` chars, cut after a paragraph or line break
    where one exists in the second half, each starting ``overlap`` chars (at a line start)
    before the previous end."""
    n = len(text)
    pos = 0
    while True:
        end = min(n, pos + size)
        if end < n:
            half = pos + size // 2
            cut = text.rfind("\n\n", half, end)
            cut = cut + 2 if cut >= 0 else text.rfind("\n", half, end) + 1
            end = cut if cut > half else end
        yield pos, end
        if end >= n:
            return
        nxt = max(pos + 1, end - overlap)
        line = text.find("\n", nxt, end)
        pos = line + 1 if 0 <= line < end - 1 else nxt


class PresidioDetector:
    """Nominates Presidio results above the threshold, mapped to placeholder categories."""

    name = NAME

    def __init__(self, analyzer: Any, version: str, categories: dict[str, str], entities: Sequence[str],
                 threshold: float, chunk_chars: int = CHUNK_CHARS, overlap_chars: int = OVERLAP_CHARS) -> None:
        self._analyzer = analyzer
        self.version = version
        self._categories = categories
        self._entities = list(entities)
        self._threshold = threshold
        self._chunk = chunk_chars
        self._overlap = overlap_chars

    def detect(self, text: str) -> list[Nomination]:
        if not text.strip():
            return []
        found = []
        for cs, ce in chunks(text, self._chunk, self._overlap):
            piece = text[cs:ce]
            results = self._analyzer.analyze(
                text=piece, language="en", entities=self._entities, score_threshold=self._threshold
            )
            for r in results:
                cat = self._categories.get(r.entity_type, "SENSITIVE")
                if r.end > r.start and piece[r.start:r.end].strip():
                    found.append(Nomination(cs + r.start, cs + r.end, cat))
        return collapse_nested(found)


def _version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def _offline_public_suffixes() -> None:
    """Point tldextract's module-level extractor at its bundled snapshot: no fetch, no cache write."""
    import tldextract.tldextract as tx

    tx.TLD_EXTRACTOR = tx.TLDExtract(cache_dir=None, suffix_list_urls=(), fallback_to_snapshot=True)


def factory(argument: str | None) -> PresidioDetector:
    opts = parse_options(NAME, argument, OPTIONS)
    os.environ.setdefault("PRESIDIO_DEVICE", "cpu")
    warnings.filterwarnings("ignore", module=_QUIET_MODULES)
    model = opts.get("model") or DEFAULT_MODEL
    try:
        import spacy.util
        from presidio_analyzer import AnalyzerEngine
        from presidio_analyzer.nlp_engine import NerModelConfiguration, NlpEngineProvider
    except ImportError:
        raise fail(NAME, f"the presidio extra is not installed; run: {INSTALL}") from None
    for name in ("presidio-analyzer", "presidio_analyzer", "spacy"):
        logging.getLogger(name).disabled = True
    if not all(c.isalnum() or c in "_-." for c in model) or not spacy.util.is_package(model):
        raise fail(NAME, f"the spaCy model is not installed; run: python -m spacy download {_shown(model)}")
    categories = {**ENTITY_CATEGORIES, **opts.get("map", {})}
    entities = opts.get("entities") or tuple(ENTITY_CATEGORIES)
    _offline_public_suffixes()
    try:
        ner = NerModelConfiguration(labels_to_ignore=["CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"])
        conf = {"nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": model}],
                "ner_model_configuration": ner.model_dump()}
        nlp_engine = NlpEngineProvider(nlp_configuration=conf).create_engine()
        analyzer = AnalyzerEngine(nlp_engine=nlp_engine, supported_languages=["en"])
        meta = nlp_engine.nlp["en"].meta
    except Exception:  # noqa: BLE001 - library text is never relayed
        raise fail(NAME, "the analyzer could not start.") from None
    package = f"{meta.get('lang', 'xx')}_{meta.get('name', 'model')}"
    version = f"{_version('presidio-analyzer')}/{package}-{meta.get('version', '0')}"
    return PresidioDetector(analyzer, version, categories, entities, opts.get("threshold", DEFAULT_THRESHOLD))


def _shown(model: str) -> str:
    """The model name in the install hint: the operator's own flag, shown only when it looks like one."""
    return model if model and len(model) <= 64 and all(c.isalnum() or c in "_-." for c in model) else DEFAULT_MODEL
