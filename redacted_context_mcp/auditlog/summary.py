"""``redctx audit-log summary``: what the agent was shown, in aggregate.

Calls per tool (or method), errors by outcome, placeholders served per category,
the busiest files by the ``@p_`` ids the agent passed, and the time range covered;
``since``/``until`` (ISO-8601 prefixes compared as text) narrow the range. The
summary reads entries only: no key is needed and nothing is verified (use verify).

Imports: nothing from the package.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

_PATH_ID = re.compile(r"@p_[0-9a-f]{12}")
BUSIEST = 10


def _ids_in(value: Any, out: Counter[str]) -> None:
    if isinstance(value, str):
        out.update(set(_PATH_ID.findall(value)))
    elif isinstance(value, list):
        for v in value:
            _ids_in(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _ids_in(v, out)


def entries(blobs: list[bytes]) -> list[dict[str, Any]]:
    """Every parseable request or notification entry (headers and cut lines skipped)."""
    out = []
    for data in blobs:
        for raw in data.split(b"\n"):
            try:
                obj = json.loads(raw)
            except ValueError:
                continue
            if isinstance(obj, dict) and obj.get("type") != "header" and "kind" in obj:
                out.append(obj)
    return out


def summarize(items: list[dict[str, Any]], since: str | None = None, until: str | None = None) -> dict[str, Any]:
    calls: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    cats: Counter[str] = Counter()
    files: Counter[str] = Counter()
    times: list[str] = []
    for e in items:
        t = str(e.get("time", ""))
        if (since and t < since) or (until and t[: len(until)] > until):
            continue
        times.append(t)
        if e.get("kind") != "request":
            continue
        name = str(e.get("tool") or e.get("method") or "<none>")
        calls[name] += 1
        outcome = str(e.get("outcome", ""))
        if outcome != "ok":
            errors[outcome] += 1
        counts = e.get("counts")
        if isinstance(counts, dict):
            cats.update({str(k): int(v) for k, v in counts.items() if isinstance(v, int)})
        _ids_in(e.get("arguments"), files)
    return {
        "entries": len(times),
        "first": min(times) if times else None,
        "last": max(times) if times else None,
        "calls": dict(sorted(calls.items())),
        "errors": dict(sorted(errors.items())),
        "placeholders": dict(sorted(cats.items())),
        "busiest_files": [{"id": i, "calls": n}
                          for i, n in sorted(files.items(), key=lambda kv: (-kv[1], kv[0]))[:BUSIEST]],
    }


def render(s: dict[str, Any], fmt: str = "text") -> str:
    if fmt == "json":
        return json.dumps(s, indent=2) + "\n"
    lines = [f"entries: {s['entries']}", f"from: {s['first'] or '-'}", f"to: {s['last'] or '-'}", "calls:"]
    lines += [f"  {k}: {v}" for k, v in s["calls"].items()] or ["  (none)"]
    lines.append("errors:")
    lines += [f"  {k}: {v}" for k, v in s["errors"].items()] or ["  (none)"]
    lines.append("placeholders:")
    lines += [f"  {k}: {v}" for k, v in s["placeholders"].items()] or ["  (none)"]
    lines.append("busiest files:")
    lines += [f"  {f['id']}: {f['calls']}" for f in s["busiest_files"]] or ["  (none)"]
    return "\n".join(lines) + "\n"
