"""Local operator filters: ``redctx redact``, ``redact --explain`` and ``redctx rules``.

Each function accepts the service (its current snapshot's redactor is used,
so a blocked policy refuses like any tool) or a ready ``Redactor``.
``explain_lines`` prints raw values only when ``show_values`` is given;
``rules_listing`` prints built-in rules and configured term counts, never terms.

Imports: layers 0-1.
"""

from __future__ import annotations

from typing import Any

from redacted_context_mcp.model import ToolResult, mint_redacted
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.identifiers import PATTERN_RULES
from redacted_context_mcp.redaction.secret_context import GRAMMAR_RULES
from redacted_context_mcp.redaction.secret_filenames import FILE_KIND_RULES, file_kind
from redacted_context_mcp.redaction.secret_forms import FORMS
from redacted_context_mcp.redaction.secret_rules import SECRET_RULES
from redacted_context_mcp.sources import textcodec

#: Name, term and path rules: (id, category, profile, description, active in mode).
_WORD_RULES: tuple[tuple[str, str, str, str, str], ...] = (
    ("term-client", "CLIENT", "default",
     "configured clients (case-insensitive; whitespace, _, dashes and inner dots interchangeable)", ""),
    ("term-organization", "ORG", "default", "configured organizations", ""),
    ("term-person", "PERSON", "default", "configured people", ""),
    ("person-part", "PERSON", "default",
     "each uncommon given name or surname of a configured person, on its own (unlinked placeholder)", ""),
    ("term-sensitive", "SENSITIVE", "default", "configured terms, term files and REDACTED_CONTEXT_TERMS", ""),
    ("root-alias", "SENSITIVE", "default", "likely aliases derived from the root folder's name", ""),
    ("alias-form", "(group)", "default", "alias-group forms: canonical entity id plus a form suffix", ""),
    ("org-suffix", "ORG", "default", "capitalised names ending in a legal suffix (Inc, Ltd, GmbH...)", ""),
    ("proper-name", "PERSON", "default", "multi-word proper names", ""),
    ("name-after-cue", "PERSON", "default",
     "names after identity labels (Owner:, Attendees:, cc:), speaker labels, titles, greetings and sign-offs",
     ""),
    ("strict-word", "ENTITY", "default", "capitalised words and acronyms not on the allow list", "strict"),
    ("path-word", "ENTITY", "default", "name-like words in file and folder names", ""),
)


def _redactor(target: Any) -> Redactor:
    if isinstance(target, Redactor):
        return target
    return target.snapshot().redactor


def _as_text(data: str | bytes) -> str:
    """Raw stdin bytes are decoded like a file (UTF-8, UTF-16/32 with BOM, Latin-1); binary is refused."""
    return data if isinstance(data, str) else textcodec.decode(data)


def redact_text(target: Any, data: str | bytes, file_name: str | None = None) -> ToolResult:
    """Redact ``data`` (stdin of ``redctx redact``); counts by category, never values. ``file_name``:
    the name the text is read as (a credential file known by its name has its bare lines redacted)."""
    red = _redactor(target)
    result = red.redact(_as_text(data), kind=file_kind(file_name) if file_name else None)
    return ToolResult(text=mint_redacted(result.text), counts=dict(sorted(result.counts.items())),
                      detector_profile=red.profile)


def explain_lines(target: Any, data: str | bytes, show_values: bool = False,
                  file_name: str | None = None) -> list[str]:
    """One line per match: ``line L, column C: CATEGORY rule-id`` (+ ``: 'value'`` with show_values)."""
    out = []
    for m in _redactor(target).explain(_as_text(data), kind=file_kind(file_name) if file_name else None):
        line = f"line {m.line}, column {m.column}: {m.category} {m.rule_id}"
        if show_values:
            line += f": {m.value!r}"
        out.append(line)
    return out


def rules_listing(target: Any) -> ToolResult:
    """Every active built-in rule (id, category, profile, description) and configured term counts."""
    red = _redactor(target)
    extended = red.profile == "extended"
    rows: list[tuple[str, str, str, str]] = []
    for rule in SECRET_RULES:
        rows.append((rule.id, rule.category, rule.profile, rule.description))
    rows.extend(GRAMMAR_RULES)
    rows.extend(FILE_KIND_RULES)
    rows.extend((form.id, "SECRET", "default", form.description) for form in FORMS)
    for rid, cat, prof, desc in PATTERN_RULES:
        if prof == "default" or extended:
            rows.append((rid, cat, prof, desc))
    for rid, cat, prof, desc, mode in _WORD_RULES:
        if not mode or mode == red.mode:
            rows.append((rid, cat, prof, desc))
    wid = max(len(r[0]) for r in rows)
    wcat = max(len(r[1]) for r in rows)
    lines = [f"mode: {red.mode}", f"detector_profile: {red.profile}", f"rules: {len(rows)}"]
    lines += [f"{rid:<{wid}}  {cat:<{wcat}}  {prof:<8}  {desc}" for rid, cat, prof, desc in rows]
    p = red.policy
    sensitive = p.sensitive_terms
    counts = (
        ("clients", len(p.clients)),
        ("organizations", len(p.organizations)),
        ("people", len(p.people)),
        ("terms", len(sensitive)),
        ("root_aliases", len(p.root_aliases)),
        ("alias_groups", len(p.aliases)),
        ("aliases", sum(len(g.aliases) for g in p.aliases)),
        ("allow", len(p.allow)),
    )
    lines.append("configured: " + " ".join(f"{k}={v}" for k, v in counts))
    return ToolResult(text=mint_redacted("\n".join(lines) + "\n"), detector_profile=red.profile)
