"""The seam for plugged detectors: a small Protocol and how nominations are applied.

Loading (built-ins, entry points) lives in :mod:`redaction.registry`; the
engine only accepts ready :class:`Detector` instances. Nominations run after
the built-in baseline and can only add redaction (spec diagram 9): a blank,
allow-listed or placeholder nomination is ignored; a span over 256 characters
or 16 words, or one that covers a placeholder, is redacted only where it was
nominated (positional); every other value is also redacted at each other
occurrence, within a 32,768-character budget per text, matched with ASCII
letter/digit boundaries and the regex engine's simple case folding. Allow-listed
words inside a nomination stay visible. A detector that raises fails the call
with ``Detector failed.``; its message is dropped.

Per-call receipt figures (distinct values nominated, positional spans) are
kept in a context-local :class:`CallTally` opened by :func:`with_receipt`.

Imports: errors, redaction.placeholders, redaction.spans.
"""

from __future__ import annotations

import bisect
import contextvars
import dataclasses
import functools
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.placeholders import CATEGORIES, PLACEHOLDER_RE
from redacted_context_mcp.redaction.spans import Hit

MAX_SPANS_PER_DETECTOR = 20_000
MAX_DISTINCT_VALUES = 2_000
MAX_VALUE_CHARS = 256
MAX_VALUE_WORDS = 16
MAX_VALUE_BUDGET = 32_768

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_CATEGORY_WORDS = frozenset(c.casefold() for c in CATEGORIES)


class Nomination(NamedTuple):
    """A span a detector wants redacted, with its canonical category."""

    start: int
    end: int
    category: str


@runtime_checkable
class Detector(Protocol):
    """A local, deterministic detector: ``detect`` returns spans of ``text`` to redact.

    Optional attribute ``protected_paths``: files or directories (absolute) the
    server must never serve, such as the detector's own rule file.
    """

    name: str
    version: str

    def detect(self, text: str) -> Sequence[Nomination]: ...


# -- per-call tally ---------------------------------------------------------------------------
class CallTally:
    """Distinct values and positional spans per detector (by load position) during one call."""

    __slots__ = ("positional", "values")

    def __init__(self) -> None:
        self.values: dict[int, set[str]] = {}
        self.positional: dict[int, int] = {}

    def entries(self, loaded: Sequence[Any]) -> tuple[dict[str, object], ...]:
        """``{name, version, nominated, positional}`` per loaded detector, in load order."""
        out = []
        for i, d in enumerate(loaded):
            name = d.get("name") if isinstance(d, dict) else d.name
            version = d.get("version") if isinstance(d, dict) else d.version
            out.append({"name": str(name), "version": str(version),
                        "nominated": len(self.values.get(i, ())), "positional": self.positional.get(i, 0)})
        return tuple(out)


_TALLY: contextvars.ContextVar[CallTally | None] = contextvars.ContextVar("redctx_detector_tally", default=None)


def with_receipt(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap an operation ``(svc, ...)`` so its result lists the service's detectors with call figures.

    Only results with an empty ``detectors`` field are touched, and only when
    ``svc.detectors`` (``{name, version}`` per loaded detector) is non-empty.
    """

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        loaded = getattr(args[0], "detectors", None) if args else None
        if not loaded:
            return fn(*args, **kwargs)
        tally = CallTally()
        token = _TALLY.set(tally)
        try:
            result = fn(*args, **kwargs)
        finally:
            _TALLY.reset(token)
        if dataclasses.is_dataclass(result) and hasattr(result, "detectors") and not result.detectors:
            result = dataclasses.replace(result, detectors=tally.entries(loaded))
        return result

    return run


# -- validation -------------------------------------------------------------------------------
def validated(det: Detector, text: str) -> list[Nomination]:
    """The detector's nominations for ``text``, checked; any failure is a fixed error."""
    raw = None
    try:
        raw = list(det.detect(text))
    except RedctxError as exc:
        if exc.code in (Code.DETECTOR_CATEGORY, Code.DETECTOR_SPAN, Code.DETECTOR_LIMIT):
            raise
    except Exception:  # noqa: BLE001, S110 - a detector's own error never reaches the user
        pass
    if raw is None:  # raised outside the handler, so not even __context__ keeps the detector's error
        raise RedctxError(Code.DETECTOR_FAILED)
    if len(raw) > MAX_SPANS_PER_DETECTOR:
        raise RedctxError(Code.DETECTOR_LIMIT)
    out = []
    n = len(text)
    for item in raw:
        try:
            s, e, cat = item[0], item[1], item[2]
            if isinstance(s, bool) or isinstance(e, bool):
                raise TypeError
            s, e = operator.index(s), operator.index(e)
        except (TypeError, ValueError, IndexError, KeyError):
            raise RedctxError(Code.DETECTOR_SPAN) from None
        if not 0 <= s < e <= n:
            raise RedctxError(Code.DETECTOR_SPAN)
        if not isinstance(cat, str) or cat not in CATEGORIES:
            raise RedctxError(Code.DETECTOR_CATEGORY)
        out.append(Nomination(s, e, cat))
    return out


def collapse_nested(noms: Iterable[Nomination]) -> list[Nomination]:
    """Drop duplicates and spans nested in a longer span of the same category.

    A nested span of another category (a person inside an organization, the
    domain inside an email) is kept, so its other occurrences are found too.
    """
    ordered = sorted(set(noms), key=lambda x: (x.start, -x.end, x.category))
    out: list[Nomination] = []
    open_by_cat: dict[str, int] = {}  # category -> furthest end so far
    for nom in ordered:
        if open_by_cat.get(nom.category, -1) >= nom.end:
            continue
        out.append(nom)
        open_by_cat[nom.category] = max(open_by_cat.get(nom.category, -1), nom.end)
    return out


# -- applying nominations ------------------------------------------------------------------------
def nomination_hits(text: str, detectors: Sequence[Detector], is_allowed: Callable[[str], bool]) -> list[Hit]:
    """Hits for every nominated span and every other occurrence of its value."""
    if not detectors:
        return []
    tally = _TALLY.get()
    marks = [(m.start(), m.end()) for m in PLACEHOLDER_RE.finditer(text)] if "[" in text else []
    hits: list[Hit] = []
    values: dict[str, tuple[str, str, int]] = {}  # lower() -> (value, category, detector index); first wins
    positional: dict[int, int] = {}
    long_values: set[str] = set()
    for i, det in enumerate(detectors):
        rule = f"detector:{det.name}"
        for nom in validated(det, text):
            value = text[nom.start:nom.end]
            stripped = value.strip()
            if not stripped or is_allowed(stripped) or stripped.casefold() in _CATEGORY_WORDS:
                continue
            on_mark = _on_placeholder(marks, nom.start, nom.end)
            if on_mark == "inside":
                continue
            hits.extend(_minus_allowed(text, nom.start, nom.end, nom.category, rule, is_allowed))
            key = value.lower()
            if on_mark or len(value) > MAX_VALUE_CHARS or len(value.split()) > MAX_VALUE_WORDS:
                positional[i] = positional.get(i, 0) + 1
                long_values.add(key)
                continue
            values.setdefault(key, (value, nom.category, i))
    if len(values) + len(long_values - values.keys()) > MAX_DISTINCT_VALUES:
        raise RedctxError(Code.DETECTOR_LIMIT)
    budget = MAX_VALUE_BUDGET
    keep: list[str] = []
    for key in sorted(values, key=lambda k: (len(values[k][0]), k)):
        value, _, i = values[key]
        if len(value) > budget:  # this and every longer value: only at their own spans
            positional[i] = positional.get(i, 0) + 1
            continue
        budget -= len(value)
        keep.append(key)
    if tally is not None:
        for key in keep:
            tally.values.setdefault(values[key][2], set()).add(key)
        for i, n in positional.items():
            tally.positional[i] = tally.positional.get(i, 0) + n
    if keep:
        hits.extend(_occurrences(text, [values[k] for k in keep], is_allowed))
    return hits


def _on_placeholder(marks: list[tuple[int, int]], s: int, e: int) -> str:
    """``inside`` a placeholder, ``over`` (overlapping) one, or ``""`` (marks are sorted, disjoint)."""
    if not marks:
        return ""
    j = bisect.bisect_left(marks, (e, -1)) - 1  # last mark starting before e
    if j < 0 or marks[j][1] <= s:
        return ""
    if marks[j][0] <= s and e <= marks[j][1]:
        return "inside"
    return "over"


def _occurrences(text: str, kept: list[tuple[str, str, int]], is_allowed: Callable[[str], bool]) -> list[Hit]:
    by_lower = {v.lower(): cat for v, cat, _ in kept}
    alternatives = sorted({v for v, _, _ in kept}, key=len, reverse=True)
    pattern = re.compile(
        r"(?<![A-Za-z0-9])(?:" + "|".join(re.escape(v) for v in alternatives) + r")(?![A-Za-z0-9])", re.IGNORECASE
    )
    out: list[Hit] = []
    for m in pattern.finditer(text):
        found = m.group()
        cat = by_lower.get(found.lower())
        if cat is None:  # a simple-case-folding variant whose lower() differs (ſ, K, ...)
            cat = next((c for v, c, _ in kept if re.fullmatch(re.escape(v), found, re.IGNORECASE)), None)
        if cat is not None:
            out.extend(_minus_allowed(text, m.start(), m.end(), cat, "detector:occurrence", is_allowed))
    return out


def _minus_allowed(text: str, s: int, e: int, cat: str, rule: str, is_allowed: Callable[[str], bool]) -> list[Hit]:
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
