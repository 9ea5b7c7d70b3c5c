"""Local operator filters: ``redctx redact``, ``redact --explain`` and ``redctx rules``.

Each function accepts the service (its current snapshot's redactor is used,
so a blocked policy refuses like any tool) or a ready ``Redactor``.
``explain_lines`` prints raw values only when ``show_values`` is given;
``rules_listing`` prints built-in rules and configured term counts, never terms.

Imports: layers 0-1.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping
from typing import Any

from redacted_context_mcp.model import ToolResult
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.redaction.identifiers import PATTERN_RULES
from redacted_context_mcp.redaction.secret_rules import SECRET_RULES
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.paths import PATH_REF_RE

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


def redact_text(target: Any, data: str | bytes) -> ToolResult:
    """Redact ``data`` (stdin of ``redctx redact``); counts by category, never values."""
    red = _redactor(target)
    result = red.redact(_as_text(data))
    return ToolResult(text=result.text, counts=dict(sorted(result.counts.items())), detector_profile=red.profile)


def explain_lines(target: Any, data: str | bytes, show_values: bool = False) -> list[str]:
    """One line per match: ``line L, column C: CATEGORY rule-id`` (+ ``: 'value'`` with show_values)."""
    out = []
    for m in _redactor(target).explain(_as_text(data)):
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
    sensitive = getattr(p, "sensitive_terms", p.terms + p.file_terms + p.env_terms)
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
    return ToolResult(text="\n".join(lines) + "\n", detector_profile=red.profile)


#: Argument names whose string values are paths (``@p_`` ids stay, anything else is redacted as a path).
_PATH_ARGS = frozenset({"path", "paths"})
_ARG_MAX_CHARS = 2000
_ARG_MAX_DEPTH = 4
#: Kept verbatim in a logged argument: placeholders and path ids.
_KEEP_RE = re.compile(r"\[[A-Z][A-Z_]{0,40}_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]|@p_[0-9a-f]{12}")
_WORD_RE = re.compile(r"[^\W_]{1,200}")
_NAME_RE = re.compile(r"[a-z][a-z_]{0,39}")  # a schema-shaped argument name


def _word_guard(text: str, red: Redactor, key: bytes) -> str:
    """Every word outside the common-word lexicon becomes ``[ARG_<8 hex>]`` (a keyed fingerprint).

    An agent's argument can hold a bare value with none of the context the detectors need
    (a phone number, a token, a codename), so only placeholders, ids and common words stay.
    """
    words = red.lexicon.words

    def word(m: re.Match[str]) -> str:
        w = m.group()
        if w.casefold() in words:
            return w
        return "[ARG_" + hmac.new(key, w.casefold().encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:8] + "]"

    out, pos = [], 0
    for m in _KEEP_RE.finditer(text):
        out.append(_WORD_RE.sub(word, text[pos:m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_WORD_RE.sub(word, text[pos:]))
    return "".join(out)


def redact_arguments(target: Any, args: Mapping[str, Any], key: bytes) -> dict[str, Any]:
    """Request arguments as the audit log records them: redacted, then word-guarded; ``@p_`` ids kept.

    ``key`` keys the fingerprints of uncommon words. Strings are cut to a bounded length only
    after redaction, so a cut never exposes a raw piece. Names are redacted, not guarded: the
    caller passes schema names only.
    """
    red = _redactor(target)

    def one(name: str, value: Any, depth: int) -> Any:
        if isinstance(value, str):
            if len(value) == 15 and PATH_REF_RE.fullmatch(value):
                return value
            text = red.redact_path(value.replace("\\", "/")).text if name in _PATH_ARGS else value
            text = _word_guard(red.redact(text).text, red, key)
            return text if len(text) <= _ARG_MAX_CHARS else text[:_ARG_MAX_CHARS] + "[...]"
        if isinstance(value, bool) or value is None or isinstance(value, (int, float)):
            return value
        if depth >= _ARG_MAX_DEPTH:
            return "[...]"
        if isinstance(value, list):
            return [one(name, v, depth + 1) for v in value[:100]]
        if isinstance(value, Mapping):
            return {red.redact(str(k)).text: one(str(k), v, depth + 1) for k, v in list(value.items())[:100]}
        return "[...]"

    return {(k if _NAME_RE.fullmatch(k) else red.redact(k).text): one(k, v, 0)
            for k, v in ((str(k), v) for k, v in args.items())}
