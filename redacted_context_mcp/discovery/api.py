"""The composition API: documents in, a cleaned :class:`Discovery` out, rendered as a draft.

``discover_documents`` asks the client (or a detector) once per document, cleans
each answer against that document only, merges the lists in order with
dedupe, then proposes and checks alias groups. Any failure raises before a
result exists, so a partial run never yields a partial draft.

Imports: config_values, redaction.wordlists, discovery.*.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from redacted_context_mcp.config_values import match_key as _key
from redacted_context_mcp.discovery import aliases as alias_rules
from redacted_context_mcp.discovery.cleanup import LIST_KEYS, clean_answer, detector_answer
from redacted_context_mcp.discovery.client import DiscoveryClient
from redacted_context_mcp.discovery.tomledit import toml_array, toml_key
from redacted_context_mcp.redaction.wordlists import Lexicon

DRAFT_HEADER = (
    "# Draft redaction config written by redctx discover. Review every value before use.\n"
    "# It holds the raw names you want to redact: keep it local, outside any agent's workspace.\n"
)
ALIAS_REMINDER = (
    "# Review every alias group before use: a wrong link tells the agent that two people are one.\n"
)


@dataclass(frozen=True, repr=False)
class DiscoveryDocument:
    """One document to classify: its path (for the caller's bookkeeping), raw text, optional digest."""

    path: str
    text: str
    sha256: str | None = None

    def __repr__(self) -> str:
        return f"DiscoveryDocument(chars={len(self.text)})"


@dataclass(repr=False)
class Discovery:
    """Cleaned values per list, allow terms, checked alias groups and the counts of what was dropped.

    ``alias_proposals`` keeps every proposal (heuristic and model) before the
    checks, so an update can check them again against the merged config.
    """

    lists: dict[str, list[str]] = field(default_factory=lambda: {k: [] for k in LIST_KEYS})
    allow: list[str] = field(default_factory=list)
    aliases: dict[str, list[str]] = field(default_factory=dict)
    alias_proposals: list[tuple[str, list[str]]] = field(default_factory=list)
    dropped_alias_proposals: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    documents: int = 0

    def __repr__(self) -> str:
        sizes = {k: len(v) for k, v in self.lists.items()}
        return (
            f"Discovery(documents={self.documents}, {sizes}, allow={len(self.allow)}, "
            f"alias_groups={len(self.aliases)})"
        )

    def to_toml(self) -> str:
        """The draft ``.agent-context-redactor.toml`` (loads as a valid config)."""
        out = [DRAFT_HEADER]
        if self.dropped_alias_proposals:
            out.append(f"# Alias proposals dropped by the checks: {self.dropped_alias_proposals}\n")
        out.append("\n[redaction]\n")
        for key in (*LIST_KEYS, "allow"):
            values = self.allow if key == "allow" else self.lists[key]
            out.append(f"{key} = {toml_array(values)}\n")
        if self.aliases:
            out.append("\n" + ALIAS_REMINDER + "[redaction.aliases]\n")
            for canonical, forms in self.aliases.items():
                out.append(f"{toml_key(canonical)} = {toml_array(forms)}\n")
        return "".join(out)

    def to_json(self) -> str:
        doc: dict[str, Any] = {k: self.lists[k] for k in LIST_KEYS}
        doc["allow"] = self.allow
        doc["aliases"] = self.aliases
        doc["dropped_alias_proposals"] = self.dropped_alias_proposals
        return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


Progress = Callable[[int, int], None]


def _answers(
    documents: Sequence[DiscoveryDocument], client: DiscoveryClient | None, detector: Any, progress: Progress | None
) -> list[Mapping[str, Any]]:
    if (client is None) == (detector is None):
        raise ValueError("discover_documents needs exactly one of client or detector")
    out = []
    for i, doc in enumerate(documents):
        if progress is not None:
            progress(i, len(documents))
        if detector is not None:
            out.append(detector_answer(detector.detect(doc.text), doc.text))
        else:
            out.append(client.discover(doc.text))
    if progress is not None:
        progress(len(documents), len(documents))
    return out


def discover_documents(
    documents: Iterable[DiscoveryDocument],
    client: DiscoveryClient | None = None,
    *,
    detector: Any = None,
    raw: bool = False,
    known_people: Sequence[str] = (),
    canonical_people: Sequence[str] = (),
    extra_allow: Sequence[str] = (),
    progress: Progress | None = None,
) -> Discovery:
    """Classify each document with ``client`` (one request each) or ``detector``, then clean and merge.

    ``raw`` keeps the model's categories with basic dedupe and skips the alias
    heuristics (the model's own suggestions are still checked). ``known_people``
    (e.g. the loaded config's) are further ambiguity checks, ``canonical_people``
    (discover-update: the target's and the seed's) also further canonical values;
    ``extra_allow`` is the config's allow list. Raises ``DiscoveryError`` on a model failure.
    """
    docs = list(documents)
    lexicon = Lexicon(tuple(extra_allow))
    answers = _answers(docs, client, detector, progress)  # every model call first: no partial result
    result = Discovery(documents=len(docs))
    seen: dict[str, set[str]] = {k: set() for k in (*LIST_KEYS, "allow")}
    model_groups: list[tuple[str, list[str]]] = []
    for doc, answer in zip(docs, answers):
        cleaned = clean_answer(answer, doc.text, lexicon=lexicon, raw=raw, from_detector=detector is not None)
        for key in (*LIST_KEYS, "allow"):
            for v in cleaned.allow if key == "allow" else cleaned.lists[key]:
                if _key(v) not in seen[key]:
                    seen[key].add(_key(v))
                    (result.allow if key == "allow" else result.lists[key]).append(v)
        for what, n in cleaned.counts.items():
            result.counts[what] = result.counts.get(what, 0) + n
        result.dropped_alias_proposals += cleaned.counts.get("alias_proposal_dropped", 0)
        model_groups.extend(cleaned.aliases.items())
    sensitive = set().union(*(seen[k] for k in LIST_KEYS))
    result.allow = [a for a in result.allow if _key(a) not in sensitive]
    proposals: list[tuple[str, list[str]]] = []
    if not raw:
        people = list(dict.fromkeys([*result.lists["people"], *canonical_people]))
        known = list(dict.fromkeys([*people, *known_people]))
        heur = alias_rules.propose(people, known, [d.text for d in docs], lexicon)
        proposals.extend(heur.items())
    proposals.extend(model_groups)
    result.alias_proposals = proposals
    canonicals = {_key(v): v for key in LIST_KEYS for v in reversed(result.lists[key])}
    own = [(c, f) for c, f in proposals if _key(c) in canonicals]
    result.aliases, dropped = alias_rules.check_groups(own, canonicals, [*result.allow, *extra_allow])
    extra = {_key(p) for p in canonical_people}
    result.dropped_alias_proposals += dropped + sum(
        len(f) for c, f in proposals if _key(c) not in canonicals and _key(c) not in extra
    )
    return result


__all__ = ["ALIAS_REMINDER", "DRAFT_HEADER", "Discovery", "DiscoveryDocument", "discover_documents"]
