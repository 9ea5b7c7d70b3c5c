"""The seam for plugged detectors: a small Protocol and how nominations are applied.

Loading plugins and library adapters belong to a later layer; the engine
only accepts ready :class:`Detector` instances. Nominations run after the
built-in baseline and can only add redaction: anything already claimed keeps
its placeholder, uncovered remainders of a nominated span are redacted
separately, allow-listed words inside a nomination stay visible, and every
other occurrence of a nominated value (up to 256 characters / 16 words,
within a 32,768-character budget) is redacted too, matched with ASCII
letter/digit boundaries and the regex engine's simple case folding.

Imports: errors, redaction.placeholders, redaction.spans.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple, Protocol, runtime_checkable

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.placeholders import CATEGORIES
from redacted_context_mcp.redaction.spans import Hit

MAX_SPANS_PER_DETECTOR = 20_000
MAX_DISTINCT_VALUES = 2_000
MAX_VALUE_CHARS = 256
MAX_VALUE_WORDS = 16
MAX_VALUE_BUDGET = 32_768

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


class Nomination(NamedTuple):
    """A span a detector wants redacted, with its canonical category."""

    start: int
    end: int
    category: str


@runtime_checkable
class Detector(Protocol):
    """A local, deterministic detector: ``detect`` returns spans of ``text`` to redact."""

    name: str
    version: str

    def detect(self, text: str) -> Sequence[Nomination]: ...


def _validated(det: Detector, text: str) -> list[Nomination]:
    try:
        raw = list(det.detect(text))
    except RedctxError:
        raise
    except Exception:  # noqa: BLE001 - a detector's own error never reaches the user
        raise RedctxError(Code.DETECTOR_FAILED) from None
    if len(raw) > MAX_SPANS_PER_DETECTOR:
        raise RedctxError(Code.DETECTOR_LIMIT)
    out = []
    n = len(text)
    for item in raw:
        try:
            s, e, cat = int(item[0]), int(item[1]), item[2]
        except (TypeError, ValueError, IndexError):
            raise RedctxError(Code.DETECTOR_SPAN) from None
        if not 0 <= s < e <= n:
            raise RedctxError(Code.DETECTOR_SPAN)
        if cat not in CATEGORIES:
            raise RedctxError(Code.DETECTOR_CATEGORY)
        out.append(Nomination(s, e, cat))
    return out


def nomination_hits(
    text: str, detectors: Sequence[Detector], is_allowed
) -> list[Hit]:
    """Hits for every nominated span and every other occurrence of its value."""
    if not detectors:
        return []
    hits: list[Hit] = []
    values: dict[str, str] = {}  # folded value -> category (first wins)
    for det in detectors:
        for nom in _validated(det, text):
            value = text[nom.start:nom.end]
            if is_allowed(value.strip()):
                continue
            rule = f"detector:{det.name}"
            hits.extend(_minus_allowed(text, nom.start, nom.end, nom.category, rule, is_allowed))
            if len(value) <= MAX_VALUE_CHARS and len(value.split()) <= MAX_VALUE_WORDS:
                values.setdefault(value.casefold(), nom.category)
    if len(values) > MAX_DISTINCT_VALUES:
        raise RedctxError(Code.DETECTOR_LIMIT)
    budget = MAX_VALUE_BUDGET
    keep = []
    for v in sorted(values, key=len):
        if len(v) > budget:
            break
        budget -= len(v)
        keep.append(v)
    if keep:
        keep.sort(key=len, reverse=True)
        pattern = re.compile(
            r"(?<![A-Za-z0-9])(?:" + "|".join(re.escape(v) for v in keep) + r")(?![A-Za-z0-9])", re.IGNORECASE
        )
        for m in pattern.finditer(text):
            cat = values.get(m.group().casefold())
            if cat is not None:
                hits.extend(_minus_allowed(text, m.start(), m.end(), cat, "detector:occurrence", is_allowed))
    return hits


def _minus_allowed(text: str, s: int, e: int, cat: str, rule: str, is_allowed) -> list[Hit]:
    """Split a nomination around allow-listed words (they stay visible)."""
    segment = text[s:e]
    words = list(_WORD.finditer(segment))
    if not any(is_allowed(w.group()) for w in words):
        return [Hit(s, e, cat, rule)]
    out = []
    cur = None
    for w in words:
        if is_allowed(w.group()):
            if cur:
                out.append(Hit(s + cur[0], s + cur[1], cat, rule))
            cur = None
        else:
            cur = (cur[0], w.end()) if cur else (w.start(), w.end())
    if cur:
        out.append(Hit(s + cur[0], s + cur[1], cat, rule))
    return out
