"""Search and ranked retrieval over the redacted text of a scope.

``search(svc, args)`` finds lines of redacted text holding a literal substring
or a screened Python regex and prints them grep-style; ``retrieve(svc, args)``
ranks passages for a multi-word query. Both consume :class:`RedactedDoc` from
the service's one document cache, so repeated calls neither re-read,
re-redact, re-fold nor re-tokenize unchanged files. Matching only ever sees
redacted text.

Literal search runs ``str.find`` over each document's text (its folded view,
computed once per document, when ``ignore_case``) and splits lines only
around hits. A regex runs in a forked,
killable worker (:func:`regexsafe.run_regex`) with the operation's remaining
deadline.

Imports: layers 0-1, service.args, service.context.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from redacted_context_mcp import retrieval
from redacted_context_mcp import tooldefaults as d
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import cap_output
from redacted_context_mcp.model import ToolResult
from redacted_context_mcp.redaction.placeholders import fold
from redacted_context_mcp.regexsafe import compile_user_regex, run_regex
from redacted_context_mcp.service.args import (
    TRUNCATED,
    TRUNCATED_ROW,
    add_counts,
    bool_arg,
    fixed,
    int_arg,
    result,
    str_arg,
    strs_arg,
)
from redacted_context_mcp.service.context import RedactedDoc, Service, Snapshot

SEARCH_DEFAULT_MAX_RESULTS = d.SEARCH_MAX_RESULTS


# -- results ------------------------------------------------------------------------------
def _no_matches(snap: Snapshot) -> ToolResult:
    # Not a failure (isError false), but grep-like: the CLI exits 1.
    return fixed(snap.redactor.profile, Code.NO_MATCHES.template, exit_status=1)


# -- search -------------------------------------------------------------------------------
def search(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """``redctx_search``: grep-style lines of redacted text matching ``query``."""
    snap = svc.snapshot()
    query = str_arg(args, "query")
    paths, globs = strs_arg(args, "paths"), strs_arg(args, "glob")
    ignore_case = bool_arg(args, "ignore_case", True)
    use_regex = bool_arg(args, "regex", False)
    context = int_arg(args, "context", 0, 0)
    max_results = min(int_arg(args, "max_results", SEARCH_DEFAULT_MAX_RESULTS, 1), svc.limits.max_search_results)
    rx = compile_user_regex(query, ignore_case) if use_regex else None  # fail fast, before any I/O

    budget = svc.budget(total_bytes=svc.limits.max_scan_raw_bytes)
    limit = max_results + 1  # one more matching line tells whether output was cut
    docs: list[RedactedDoc] = []
    hits: list[tuple[int, int]] = []
    if rx is not None:
        docs = list(svc.documents(paths, globs, budget))
        hits = run_regex(rx, [d.body for d in docs], limit, budget.remaining_seconds(), budget.is_cancelled)
    else:
        # Lazily: a first (cold) search stops redacting files once it has enough lines.
        needle = fold(query) if ignore_case else query
        for doc in svc.documents(paths, globs, budget):
            docs.append(doc)
            hay = (doc.folded_if_ready or svc.folded(doc)) if ignore_case else doc.body
            if needle not in hay and needle:
                continue
            for _, line in literal_hits([hay], needle, False, limit - len(hits)):
                hits.append((len(docs) - 1, line))
            if len(hits) >= limit:
                break
    if not hits:
        return svc.with_skips(_no_matches(snap), budget)
    rows: list[dict[str, object]] = []
    text, counts = render_lines(docs, hits, context, max_results, budget, svc.limits.max_output_chars, rows)
    return svc.with_skips(result(snap.redactor.profile, text, counts, rows=rows), budget)


def literal_hits(texts: Sequence[str], query: str, ignore_case: bool, limit: int,
                 budget: Any = None) -> list[tuple[int, int]]:
    """``(text index, 1-based line)`` of lines holding ``query``, in order, at most ``limit``.

    With ``ignore_case`` both sides go through the redactor's case fold (``İ`` is ``i``).
    """
    if "\n" in query:
        return []  # matching is per line
    needle = fold(query) if ignore_case else query
    hits: list[tuple[int, int]] = []
    for ti, text in enumerate(texts):
        if budget is not None and ti % 256 == 0:
            budget.check_deadline()
        if not text:
            continue  # an empty file has no lines
        hay = fold(text) if ignore_case else text
        pos = hay.find(needle)
        if pos < 0:
            continue
        lineno, counted = 1, 0
        while pos >= 0:
            start = hay.rfind("\n", 0, pos) + 1
            lineno += hay.count("\n", counted, start)
            counted = start
            hits.append((ti, lineno))
            if len(hits) >= limit:
                return hits
            end = hay.find("\n", pos)
            if end < 0:
                break
            pos = hay.find(needle, end + 1)
    return hits


def render_lines(docs: Sequence[RedactedDoc], hits: Sequence[tuple[int, int]], context: int, max_results: int,
                 budget: Any = None, max_chars: int | None = None,
                 rows: list[dict[str, object]] | None = None) -> tuple[str, dict[str, int]]:
    """Grep-style output ``@p_<id>:<n>:<path>:<text>`` (context lines: ``-`` after the id) and its counts.

    Stops at ``max_chars`` with the fixed size note and checks ``budget``'s deadline as it goes.
    ``rows``, when given, receives one ``{id, path, line, match, text}`` per line shown (and
    :data:`TRUNCATED_ROW` when the output was cut).
    """
    rows = [] if rows is None else rows
    size = 0
    by_doc: dict[int, list[int]] = {}
    for ti, n in hits:
        by_doc.setdefault(ti, []).append(n)
    out: list[str] = []
    counts: dict[str, int] = {}
    truncated = False
    for ti, matched in by_doc.items():
        doc = docs[ti]
        nlines = max(1, doc.line_count)
        wanted = set(matched)
        shown: list[int] = []
        last = 0
        for n in matched:
            for k in range(max(n - context, last + 1), min(n + context, nlines) + 1):
                shown.append(k)
            last = max(last, min(n + context, nlines))
        for k in shown:
            if len(out) >= max_results:
                truncated = True
                break
            if budget is not None and len(out) % 512 == 0:
                budget.check_deadline()
            sep = ":" if k in wanted else "-"
            line = doc.line(k) if doc.line_count else ""
            row = f"{doc.ref}{sep}{k}:{doc.title}:{line}"
            size += len(row) + 1
            out.append(row)
            rows.append({"id": doc.ref, "path": doc.title, "line": k, "match": k in wanted, "text": line})
            if doc.line_count:
                add_counts(counts, doc.line_counts(k, k))
            add_counts(counts, doc.title_counts)
            if max_chars is not None and size > max_chars:
                capped = cap_output("\n".join(out), max_chars)
                del rows[capped.count("\n"):]  # the lines cap_output kept, then the note
                rows.append(TRUNCATED_ROW)
                return capped, counts
        if truncated:
            break
    if len(hits) > max_results:
        truncated = True
    if truncated:
        out.append(TRUNCATED)
        rows.append(TRUNCATED_ROW)
    return "\n".join(out), counts


# -- retrieve -----------------------------------------------------------------------------
def retrieve(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """``redctx_retrieve``: the best passages for ``query`` under ``---`` headers."""
    snap = svc.snapshot()
    query = str_arg(args, "query")
    paths, globs = strs_arg(args, "paths"), strs_arg(args, "glob")
    max_results = int_arg(args, "max_results", retrieval.DEFAULT_RESULTS, None)
    max_chars = int_arg(args, "max_chars", retrieval.DEFAULT_CHARS, None)
    retrieval.check_bounds(max_results, max_chars)
    terms = retrieval.query_terms(query)

    limits = svc.settings.limits
    budget = svc.budget(total_bytes=svc.limits.max_scan_raw_bytes)
    docs = list(svc.documents(paths, globs, budget))
    if len(docs) > limits.max_retrieve_files:
        raise RedctxError(Code.LIMIT_FILES)
    scorer = retrieval.Scorer(terms, limits.max_retrieve_passages)
    for di, doc in enumerate(docs):
        budget.check_deadline()
        scorer.add(di, svc.folded(doc), svc.passages(doc))
    ranked = scorer.ranked()
    budget.check_deadline()
    if not ranked:
        return svc.with_skips(_no_matches(snap), budget)

    blocks: dict[int, str] = {}

    def block(i: int) -> str:
        b = blocks.get(i)
        if b is None:
            hit = ranked[i]
            doc = docs[hit.doc]
            p = doc.passages
            head = retrieval.header(doc.ref, doc.title, p.first_lines[hit.passage], p.last_lines[hit.passage],
                                    hit.score)
            b = blocks[i] = f"{head}\n{doc.body[p.starts[hit.passage]:p.ends[hit.passage]]}\n\n"
        return b

    def lower_bound(i: int) -> int:
        hit = ranked[i]
        p = docs[hit.doc].passages
        return p.ends[hit.passage] - p.starts[hit.passage] + retrieval.MIN_BLOCK

    chosen, truncated = retrieval.pack(len(ranked), lambda i: len(block(i)), max_results, max_chars,
                                       lower_bound)
    if not chosen:
        raise RedctxError(Code.RETRIEVE_TOO_SMALL)
    text = "".join(block(i) for i in chosen)
    counts: dict[str, int] = {}
    rows: list[dict[str, object]] = []
    for i in chosen:
        hit = ranked[i]
        doc = docs[hit.doc]
        p = doc.passages
        add_counts(counts, doc.counts_between(p.starts[hit.passage], p.ends[hit.passage]))
        add_counts(counts, doc.title_counts)
        rows.append({"id": doc.ref, "path": doc.title, "start_line": p.first_lines[hit.passage],
                     "end_line": p.last_lines[hit.passage], "score": round(hit.score, 3),
                     "text": doc.body[p.starts[hit.passage]:p.ends[hit.passage]]})
    if truncated:
        text += retrieval.TRUNCATED_NOTE
        rows.append(TRUNCATED_ROW)
    return svc.with_skips(result(snap.redactor.profile, text, counts, rows=rows), budget)
