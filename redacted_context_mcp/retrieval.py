"""Ranked retrieval over redacted text: passages, tokens, BM25.

Pure functions over text that is already redacted; nothing here reads files or
sees raw values. Matching is case-insensitive on whole tokens: a token is a
complete placeholder (``[PERSON_<hex>]``, alias forms included) or a maximal run
of word characters outside placeholders. Query words go through the same
tokenizer as the text, so a placeholder in the query is one term that matches
only itself.

Passages are runs of up to 24 lines and 1,600 characters; a single longer line
is cut into pieces at whitespace, never inside a placeholder. Passages covering
more distinct query terms rank first, then BM25 (k1 1.2, b 0.75).

Imports: errors, redaction.placeholders (the case fold).
"""

from __future__ import annotations

import math
import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from redacted_context_mcp import tooldefaults as d
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.redaction.placeholders import fold  # the one case fold, shared with redaction

PASSAGE_LINES = 24
PASSAGE_CHARS = 1_600
MAX_QUERY_CHARS = 2_000
MAX_TERMS = 64
#: The published tool's cap was 20,000 passages per call because it re-split every
#: file on each call; with the index, the default scope is whole knowledge bases.
DEFAULT_MAX_PASSAGES = 1_000_000
MIN_RESULTS, MAX_RESULTS = d.RETRIEVE_MIN_RESULTS, d.RETRIEVE_MAX_RESULTS
MIN_CHARS, MAX_CHARS = d.RETRIEVE_MIN_CHARS, d.RETRIEVE_MAX_CHARS
DEFAULT_RESULTS, DEFAULT_CHARS = d.RETRIEVE_RESULTS, d.RETRIEVE_CHARS
K1, B = 1.2, 0.75

#: No block (header, newline, passage, blank line) is shorter than this.
MIN_BLOCK = 40

TRUNCATED_NOTE = "[TRUNCATED: more matching passages; narrow the query or increase limits]"

STOP_WORDS: frozenset[str] = frozenset(
    """a an and are as at be been but by can do does for from had has have he her his how i
    if in into is it its me my no not of on or our she so such than that the their them then
    there these they this those to was we were what when where which who why will with would
    you your""".split()
)

# Over case-folded text, so the category of a folded placeholder is lower case.
_PH = r"\[[a-z][a-z_]*?_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]"
TOKEN_RE = re.compile(_PH + r"|\w+")
_PLACEHOLDER_FOLDED = re.compile(_PH)
_PLACEHOLDER_ORIGINAL = re.compile(r"\[[A-Za-z][A-Za-z_]*?_[0-9a-fA-F]{32}(?:\.[0-9a-fA-F]{8})?\]")
# Word runs that also occur inside a placeholder and so need an extra check.
_INNER_WORD = re.compile(r"[a-z][a-z_]*_[0-9a-f]{32}|[0-9a-f]{8}")
_WS = re.compile(r"\s")




def tokenize(text: str) -> list[str]:
    """Folded tokens of ``text``: complete placeholders and word runs."""
    return TOKEN_RE.findall(fold(text))


def query_terms(query: str) -> tuple[str, ...]:
    """Distinct searchable terms of a retrieval query, in first-seen order.

    Raises the fixed retrieval errors for an over-long query or a term count
    outside 1..64 (stop words do not count).
    """
    if len(query) > MAX_QUERY_CHARS:
        raise RedctxError(Code.RETRIEVE_QUERY_TOO_LONG)
    seen: dict[str, None] = {}
    for tok in tokenize(query):
        if tok not in STOP_WORDS:
            seen.setdefault(tok, None)
    if not 1 <= len(seen) <= MAX_TERMS:
        raise RedctxError(Code.RETRIEVE_TERMS)
    return tuple(seen)


def check_bounds(max_results: int, max_chars: int) -> None:
    """Raise the fixed bounds error unless both limits are within range."""
    if not (MIN_RESULTS <= max_results <= MAX_RESULTS and MIN_CHARS <= max_chars <= MAX_CHARS):
        raise RedctxError(Code.RETRIEVE_BOUNDS)


@dataclass(frozen=True)
class Passages:
    """Passage table of one file: parallel arrays, one row per passage.

    ``starts``/``ends`` are character offsets into the file's text (end
    exclusive, no trailing newline); lines are 1-based and inclusive;
    ``lengths`` are token counts (the BM25 document length).
    """

    starts: array
    ends: array
    first_lines: array
    last_lines: array
    lengths: array

    def __len__(self) -> int:
        return len(self.starts)

    def at(self, offset: int) -> int:
        """Index of the passage holding character ``offset``."""
        return bisect_right(self.starts, offset) - 1

    @property
    def nbytes(self) -> int:
        return sum(a.itemsize * len(a) for a in (self.starts, self.ends, self.first_lines,
                                                 self.last_lines, self.lengths))


def _cut_long_line(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Cut ``text[start:end]`` (one line) into pieces of at most PASSAGE_CHARS."""
    while end - start > PASSAGE_CHARS:
        cut = start + PASSAGE_CHARS
        space = text.rfind(" ", start + PASSAGE_CHARS // 2, cut + 1)
        if space > start:
            cut = space
        else:
            # Never split a placeholder: move the cut before the one straddling it.
            lo = text.rfind("[", max(start, cut - 64), cut)
            if lo > start:
                m = _PLACEHOLDER_ORIGINAL.match(text, lo)
                if m and m.end() > cut:
                    cut = lo
        yield start, cut
        start = cut
        while start < end and text[start] == " ":
            start += 1
    if end > start:
        yield start, end


def split_passages(text: str, folded: str | None = None) -> Passages:
    """Split ``text`` into passages of up to 24 lines / 1,600 characters (``folded``: ``fold(text)``)."""
    starts, ends, firsts, lasts = array("q"), array("q"), array("q"), array("q")

    def emit(s: int, e: int, fl: int, ll: int) -> None:
        starts.append(s)
        ends.append(e)
        firsts.append(fl)
        lasts.append(ll)

    pos = 0
    cur_start = cur_end = -1
    cur_first = 0
    count = 0
    lineno = 0
    n = len(text)
    while pos <= n:
        nl = text.find("\n", pos)
        if nl < 0:
            nl = n
        lineno += 1
        if nl - pos > PASSAGE_CHARS:
            if count:
                emit(cur_start, cur_end, cur_first, lineno - 1)
                count = 0
            for s, e in _cut_long_line(text, pos, nl):
                emit(s, e, lineno, lineno)
        elif count and (count >= PASSAGE_LINES or nl - cur_start > PASSAGE_CHARS):
            emit(cur_start, cur_end, cur_first, lineno - 1)
            cur_start, cur_end, cur_first, count = pos, nl, lineno, 1
        elif count:
            cur_end = nl
            count += 1
        else:
            cur_start, cur_end, cur_first, count = pos, nl, lineno, 1
        if nl >= n:
            break
        pos = nl + 1
    if count:
        emit(cur_start, cur_end, cur_first, lineno)
    if folded is None:
        folded = fold(text)
    lengths = array("l", (len(TOKEN_RE.findall(folded, s, e)) for s, e in zip(starts, ends)))
    return Passages(starts, ends, firsts, lasts, lengths)


@dataclass(frozen=True)
class Term:
    """A query term with its matcher, compiled once per query."""

    text: str
    pattern: re.Pattern[str] | None  # None for placeholders (plain substring search)
    inner: bool  # the term could also be a word run inside a placeholder


def compile_term(term: str) -> Term:
    if term.startswith("["):
        return Term(term, None, False)
    return Term(term, re.compile(re.escape(term) + r"(?!\w)"), _INNER_WORD.fullmatch(term) is not None)


def term_positions(folded: str, term: Term | str) -> Iterator[int]:
    """Offsets where ``term`` occurs as a whole token in ``folded`` text."""
    if isinstance(term, str):
        term = compile_term(term)
    needle = term.text
    if needle not in folded:
        return
    if term.pattern is None:
        pos = folded.find(needle)
        while pos >= 0:
            yield pos
            pos = folded.find(needle, pos + len(needle))
        return
    for m in term.pattern.finditer(folded):
        s = m.start()
        if s:
            c = folded[s - 1]
            if c.isalnum() or c == "_":
                continue
        if term.inner and _inside_placeholder(folded, s):
            continue
        yield s


def _inside_placeholder(folded: str, pos: int) -> bool:
    lo = folded.rfind("[", max(0, pos - 64), pos)
    if lo < 0:
        return False
    m = _PLACEHOLDER_FOLDED.match(folded, lo)
    return m is not None and m.end() > pos


@dataclass(frozen=True)
class Hit:
    """One candidate passage: which document (caller's index) and which passage."""

    doc: int
    passage: int
    distinct: int
    score: float


class Scorer:
    """Collects term frequencies per passage over a scope, then ranks them.

    Feed every file of the scope through :meth:`add` (in scope order) so the
    passage count and average length cover the whole scope, then call
    :meth:`ranked`.
    """

    def __init__(self, terms: Sequence[str], max_passages: int = DEFAULT_MAX_PASSAGES) -> None:
        self.terms = tuple(terms)
        self._compiled = [compile_term(t) for t in self.terms]
        self.max_passages = max_passages
        self.total_passages = 0
        self.total_length = 0
        # (doc, passage) -> per-term frequencies
        self.tf: dict[tuple[int, int], list[int]] = {}
        self.lengths: dict[tuple[int, int], int] = {}

    def add(self, doc: int, folded: str, passages: Passages) -> None:
        """Count query terms in one file; raise the passage limit error if exceeded."""
        self.total_passages += len(passages)
        if self.total_passages > self.max_passages:
            raise RedctxError(Code.RETRIEVE_PASSAGES)
        self.total_length += sum(passages.lengths)
        nterms = len(self.terms)
        for ti, term in enumerate(self._compiled):
            for pos in term_positions(folded, term):
                p = passages.at(pos)
                key = (doc, p)
                row = self.tf.get(key)
                if row is None:
                    row = self.tf[key] = [0] * nterms
                    self.lengths[key] = passages.lengths[p]
                row[ti] += 1

    def ranked(self) -> list[Hit]:
        """Candidate passages, best first: distinct terms, then BM25, then scope order."""
        if not self.tf:
            return []
        n = self.total_passages
        avgdl = self.total_length / n if n else 1.0
        avgdl = avgdl or 1.0
        df = [0] * len(self.terms)
        for row in self.tf.values():
            for i, f in enumerate(row):
                if f:
                    df[i] += 1
        idf = [math.log(1.0 + (n - d + 0.5) / (d + 0.5)) for d in df]
        hits = []
        for key, row in self.tf.items():
            norm = K1 * (1.0 - B + B * self.lengths[key] / avgdl)
            score = 0.0
            distinct = 0
            for i, f in enumerate(row):
                if f:
                    distinct += 1
                    score += idf[i] * f * (K1 + 1.0) / (f + norm)
            hits.append(Hit(key[0], key[1], distinct, score))
        hits.sort(key=lambda h: (-h.distinct, -h.score, h.doc, h.passage))
        return hits


def header(ref: str, path: str, first: int, last: int, score: float) -> str:
    """The passage header line, ``--- @p_<id> <path> lines S-E score=<n.nnn> ---``."""
    return f"--- {ref} {path} lines {first}-{last} score={score:.3f} ---"


def pack(count: int, size_of: Callable[[int], int], max_results: int, max_chars: int,
         lower_bound: Callable[[int], int] | None = None) -> tuple[list[int], bool]:
    """Choose complete blocks (ranks ``0..count-1``) in rank order within the budgets.

    A block that does not fit is skipped, so a later, shorter one may still be
    returned. ``lower_bound`` (cheap) lets hopeless blocks be skipped before
    ``size_of`` (exact) is computed. Returns the chosen ranks and whether
    matching passages were left out; then room for :data:`TRUNCATED_NOTE` plus a
    newline is kept within ``max_chars``.
    """

    def choose(budget: int) -> list[int]:
        out: list[int] = []
        used = 0
        for i in range(count):
            if len(out) >= max_results or budget - used < MIN_BLOCK:
                break
            if lower_bound is not None and used + lower_bound(i) > budget:
                continue
            size = size_of(i)
            if used + size <= budget:
                out.append(i)
                used += size
        return out

    chosen = choose(max_chars)
    if len(chosen) == count:
        return chosen, False
    return choose(max_chars - len(TRUNCATED_NOTE) - 1), True
