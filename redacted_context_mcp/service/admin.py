"""Operator operations: doctor (counts only), audit (safety checks) and benchmark.

Each is ``op(svc, args) -> ToolResult`` and begins with ``svc.snapshot()``, so
a blocked policy refuses them like every other tool. None of them prints a
configured term, a raw path or file content: doctor prints counts and
settings, audit prints fixed phrases with counts and opaque ``@p_`` ids, and
benchmark prints counts and timings.

Imports: layers 0-1, service.context, service.audit_checks, service.github_checks and service.rehydrate
(service.search lazily).
"""

from __future__ import annotations

import json
import sys
import threading
import time
import weakref
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import ToolResult, mint_redacted
from redacted_context_mcp.redaction import terms as term_matcher
from redacted_context_mcp.redaction.secret_rules import SECRET_RULES
from redacted_context_mcp.service import audit_checks as ac
from redacted_context_mcp.service import github_checks
from redacted_context_mcp.service.context import Service, Snapshot
from redacted_context_mcp.service.rehydrate import write_subdir
from redacted_context_mcp.sources import documents as doc_extract
from redacted_context_mcp.sources import textcodec

DEFAULT_BENCH_QUERY = "__redctx_no_match_benchmark__"
FORMATS = ("text", "json")
_CORE_TIMINGS = (
    "walk_and_text_detection", "read_all_text_files", "redact_each_file_as_one_chunk", "search_redacted_text",
)


# -- shared helpers -----------------------------------------------------------------------
def _format(args: Mapping[str, Any]) -> str:
    value = args.get("format", "text")
    if value is None:
        return "text"
    if not isinstance(value, str):
        raise RedctxError(Code.BAD_TYPE, name="format", expected="a string")
    if value not in FORMATS:
        raise RedctxError(Code.NOT_ONE_OF, name="format", choices=", ".join(FORMATS))
    return value


def _detectors(snap: Snapshot) -> tuple[Mapping[str, object], ...]:
    """Loaded extra detectors as ``{name, version}`` (empty until detectors exist)."""
    return tuple({"name": d.name, "version": d.version} for d in snap.redactor.detectors)


def _kv(pairs: Mapping[str, object]) -> str:
    def fmt(v: object) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else str(v)

    return "".join(f"{k}: {fmt(v)}\n" for k, v in pairs.items())


# -- doctor ---------------------------------------------------------------------------------
def doctor_pairs(snap: Snapshot, detectors: tuple[Mapping[str, object], ...] = ()) -> dict[str, object]:
    """The doctor keys in published order; counts and settings only."""
    p = snap.policy
    pairs: dict[str, object] = {
        "root": ".",
        "config_loaded": p.config_loaded,
        "mode": p.mode,
        "detector_profile": p.detector_profile,
        "salt_source": snap.salt_source,
        "random_vault_salt": snap.salt_source == "local-state",
        "clients": len(p.clients),
        "organizations": len(p.organizations),
        "people_terms": len(p.people),
        "other_terms": len(p.sensitive_terms) + len(p.root_aliases),
        "alias_groups": len(p.aliases),
        "aliases": sum(len(g.aliases) for g in p.aliases),
        "allow_terms": len(p.allow),
        "excluded_dirs": len(p.exclude_dirs),
        "excluded_globs": len(p.exclude_globs),
    }
    pairs.update(github_checks.doctor_pairs(p))
    if detectors:
        pairs["detectors"] = ", ".join(f"{d.get('name')} {d.get('version')}" for d in detectors)
    return pairs


def doctor(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Report the active policy as ``key: value`` lines of counts; reads no context file."""
    snap = svc.snapshot(wait=False)  # reports a term matcher still compiling instead of waiting
    pairs = doctor_pairs(snap)
    counts: dict[str, int] = {}
    subdir = write_subdir(svc)
    pairs["writes"] = "on" if subdir is not None else "off"
    if subdir is not None:  # shown redacted, like any path (the agent passes it back in target_path)
        shown = svc._g().display_rel(subdir)
        pairs["write_subdir"] = shown.text
        counts = dict(shown.counts)
    detectors = doctor_pairs(snap, _detectors(snap)).get("detectors")
    if detectors is not None:
        pairs["detectors"] = detectors
    terms = getattr(snap.redactor, "terms", None)
    if terms is not None and (len(terms) > term_matcher.SYNC_KEYS or terms.state != "ready"):  # only for large lists
        pairs["term_matcher"] = f"{terms.state} ({len(terms)} keys, last build {terms.build_seconds:.1f} s CPU)"
    pairs.update(svc.index_state())  # index_workers / warm_index, only once they exist (the server)
    if getattr(svc.settings, "audit_log", False):  # beyond the published keys, like detectors: only when on
        pairs["audit_log"] = "on"  # never the log's path
    if getattr(svc.settings, "documents", False):  # --documents: on, and whether the extra is installed
        pairs["documents"] = "on" if doc_extract.available() else "on, extra not installed"
    text = _kv(pairs)
    return ToolResult(text=mint_redacted(text), counts=counts, detector_profile=snap.redactor.profile)


# -- audit ----------------------------------------------------------------------------------
#: The synthetic leak suite's verdict per redactor: the engine is deterministic for one policy and salt, so a
#: second audit of the same snapshot (agents call it again and again) reads it here instead of redacting the
#: suite's samples again; a reload builds a new redactor and so a new verdict.
_LEAK_VERDICTS: weakref.WeakKeyDictionary[Any, ac.Check] = weakref.WeakKeyDictionary()
_LEAK_LOCK = threading.Lock()


def _leak_suite(redactor: Any, redact: Callable[[str], str]) -> ac.Check:
    with _LEAK_LOCK:
        found = _LEAK_VERDICTS.get(redactor)
    if found is None:
        found = ac.leak_suite_check(ac.leak_samples(SECRET_RULES), redact)
        with _LEAK_LOCK:
            _LEAK_VERDICTS[redactor] = found
    return found


def run_checks(svc: Service, snap: Snapshot) -> list[ac.Check]:
    """Every audit check, in the published order."""
    key = snap.salt_key
    policy = snap.policy
    settings = svc.settings

    def redact(text: str) -> str:
        return snap.redactor.redact(text).text

    scan = ac.scan_links(Path(svc.fs.path), svc.budget(), ac.exclusion_skipper(policy, settings.include_private))
    checks = ac.containment_checks(scan, key)
    checks += [
        ac.salt_check(snap.salt_source),
        ac.private_terms_check(policy),
        ac.broad_allow_check(policy),
        ac.alias_group_check(policy, redact, key),
        *filter(None, [ac.detector_check(_detectors(snap), redact)]),
        _leak_suite(snap.redactor, redact),
        ac.collision_check(),
        ac.global_collision_check(),
        *github_checks.audit_checks(policy),
    ]
    checks += ac.exposure_checks(Path(svc.fs.path), settings.enable_writes, settings.write_subdir)
    checks.append(ac.audit_log_check(settings.audit_log))
    checks += filter(None, [ac.documents_check(settings.documents, doc_extract.available())])
    return checks


def render_checks(checks: list[ac.Check], fmt: str) -> str:
    if fmt == "json":
        return json.dumps({"checks": [c.as_json() for c in checks]}, indent=2) + "\n"
    lines = []
    for c in checks:
        lines.append(f"{c.category}: {c.name} {c.status}  {c.detail}")
        lines.extend(f"  - {ref}" for ref in c.refs[: ac.MAX_REFS])
    return "\n".join(lines) + "\n"


def audit(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Run the safety checks; the full report is an error result (exit 1) when any check FAILs."""
    fmt = _format(args)
    snap = svc.snapshot()
    checks = run_checks(svc, snap)
    failed = any(c.status == ac.FAIL for c in checks)
    return ToolResult(
        text=mint_redacted(render_checks(checks, fmt)),
        is_error=failed,
        detector_profile=snap.redactor.profile,
        exit_status=1 if failed else 0,
    )


# -- benchmark --------------------------------------------------------------------------------
def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def peak_rss_mb() -> float | None:
    """Peak resident memory of this process in MB (None where unsupported)."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _core_benchmark(svc: Service, snap: Snapshot, query: str, ignore_case: bool) -> tuple[dict, dict]:
    """The published benchmark: walk + sniff, read, redact each file whole, substring search."""
    fresh = Service(svc.settings, svc.live)  # cold: no sniff memo, no cache
    fresh.snapshot()
    budget = svc.budget()
    counts = {"directories": 0, "files": 0, "text_files": 0, "visible_bytes": 0, "text_characters": 0,
              "redaction_read_bytes": 0, "matches": 0}
    timings: dict[str, float] = {}

    def walk() -> list:
        texts = []
        for entry, _ in fresh.walk(fresh.resolve("."), budget, dirs_first=False):
            if entry.is_dir:
                counts["directories"] += 1
                continue
            counts["files"] += 1
            counts["visible_bytes"] += entry.size
            if fresh.is_text(entry):
                texts.append(entry)
        counts["text_files"] = len(texts)
        return texts

    timings["walk_and_text_detection"], entries = _timed(walk)
    limit = svc.limits.max_raw_bytes_per_file

    def read() -> list[str]:
        out = []
        for entry in entries:
            budget.charge_file(entry.size)
            budget.check_deadline()
            data, _ = fresh.fs.read(entry.rel, max_bytes=limit)
            counts["redaction_read_bytes"] += len(data)
            text = textcodec.decode(data)
            counts["text_characters"] += len(text)
            out.append(text)
        return out

    timings["read_all_text_files"], texts = _timed(read)
    redactor = type(snap.redactor)(snap.policy, snap.salt_key)  # fresh redactor, as published
    timings["redact_each_file_as_one_chunk"], redacted = _timed(
        lambda: [redactor.redact(t).text for t in texts]
    )
    texts.clear()  # release raw text before searching
    needle = query.casefold() if ignore_case else query

    def search() -> int:
        if ignore_case:
            return sum(1 for r in redacted if needle in r.casefold())
        return sum(1 for r in redacted if needle in r)

    timings["search_redacted_text"], counts["matches"] = _timed(search)
    return counts, timings


def _service_timings(svc: Service, query: str, ignore_case: bool) -> dict[str, float]:
    """Whole-root search and retrieve through the real operations, cold then warm."""
    from redacted_context_mcp.service import search as search_ops

    out: dict[str, float] = {}
    calls = (
        ("search", search_ops.search, {"query": query, "ignore_case": ignore_case}),
        ("retrieve", search_ops.retrieve, {"query": query}),
    )
    for name, op, op_args in calls:
        fresh = Service(svc.settings, svc.live)  # cold: empty cache and index for each operation
        for phase in ("cold", "warm"):
            t0 = time.perf_counter()
            try:
                op(fresh, op_args)
            except RedctxError:
                pass  # a refusal (e.g. no searchable retrieval terms) is still a timed answer
            out[f"service_{name}_{phase}"] = time.perf_counter() - t0
    return out


def benchmark(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Time walk, read, redaction and search of the whole root; counts and timings only."""
    fmt = _format(args)
    query = args.get("query")
    query = DEFAULT_BENCH_QUERY if query is None else query
    if not isinstance(query, str):
        raise RedctxError(Code.BAD_TYPE, name="query", expected="a string")
    ignore_case = args.get("ignore_case", True)
    ignore_case = True if ignore_case is None else bool(ignore_case)
    snap = svc.snapshot()
    counts, timings = _core_benchmark(svc, snap, query, ignore_case)
    timings.update(_service_timings(svc, query, ignore_case))
    red_s = timings["redact_each_file_as_one_chunk"]
    mbps = counts["redaction_read_bytes"] / 1e6 / red_s if red_s > 0 else 0.0
    rss = peak_rss_mb()
    if fmt == "json":
        doc: dict[str, Any] = {"root": ".", **counts, "timings_seconds": {k: round(v, 6) for k, v in timings.items()},
                               "redaction_mb_per_second": round(mbps, 2), "mode": snap.policy.mode}
        if rss is not None:
            doc["peak_rss_mb"] = round(rss, 1)
        text = json.dumps(doc, indent=2) + "\n"
    else:
        lines = {"root": ".", **counts}
        lines.update({k: f"{timings[k]:.6f}" for k in _CORE_TIMINGS})
        lines["redaction_mb_per_second"] = f"{mbps:.2f}"
        lines.update({k: f"{v:.6f}" for k, v in timings.items() if k not in _CORE_TIMINGS})
        lines["mode"] = snap.policy.mode
        if rss is not None:
            lines["peak_rss_mb"] = f"{rss:.1f}"
        text = _kv(lines)
    return ToolResult(text=mint_redacted(text), detector_profile=snap.redactor.profile)
