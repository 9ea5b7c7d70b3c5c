"""The redactor: raw text in, redacted text and counts out.

Stages collect spans over the whole text; overlaps are resolved once in
priority order (earlier wins) and the output is built in one join:

  existing placeholders (kept, not counted) > secrets > [extended: service
  accounts, connection strings] > URLs > emails > ids (UUID, SSN, [extended
  ids]) > IP > card > phone > domains > handles > [extended markers] >
  configured terms and alias forms > name heuristics > strict pass >
  plugged detectors.

Placeholders follow interface-facts section 1; each Redactor keeps the map
placeholder -> (category, normalized value) and fails closed on a collision.

Imports: redaction.*, config (types), model, errors.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction import contact, identifiers, pathnames
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.redaction.detectors import Detector, nomination_hits
from redacted_context_mcp.redaction.names import NameScanner
from redacted_context_mcp.redaction.secret_rules import find_secrets
from redacted_context_mcp.redaction.spans import PLACEHOLDER_CATEGORY, Claims, Hit
from redacted_context_mcp.redaction.terms import TermEntry, TermMatcher, fold
from redacted_context_mcp.redaction.wordlists import Lexicon

ENGINE_VERSION = "3"
_BREAKS = re.compile(r"\r\n|\r|\n")
_MEMO_CAP = 500_000


@dataclass(frozen=True)
class Match:
    """One redacted span, for ``redctx redact --explain`` (local operator only)."""

    start: int
    end: int
    line: int
    column: int
    category: str
    rule_id: str
    value: str


_NAME_PART_SPLIT = re.compile(r"[\s_.\-]+")


class Redactor:
    """Redacts text under one policy and one vault salt.

    Build once per policy; ``redact`` is deterministic and safe to call from
    several threads (caches are only ever filled with identical values).
    """

    def __init__(self, policy: Policy, salt_key: bytes, detectors: Sequence[Detector] = ()) -> None:
        self.policy = policy
        self.salt = salt_key
        self.profile = policy.detector_profile
        self.mode = policy.mode
        self.strict = policy.mode != "balanced"
        self.extended = policy.detector_profile == "extended"
        self.detectors = tuple(detectors)
        self.lexicon = Lexicon(policy.allow)
        self._names = NameScanner(self.lexicon, self.strict)
        self._path_names = NameScanner(self.lexicon, True)
        self._memo: dict[tuple[str, str], str] = {}
        self._owners: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()
        self._path_memo: dict[str, Redaction] = {}
        self._alias_forms: dict[str, tuple[str, str]] = {}
        self._terms = TermMatcher(self._term_entries(policy))
        self._check_alias_groups(policy)
        det = ";".join(f"{d.name}={d.version}" for d in self.detectors)
        material = f"{ENGINE_VERSION}\0{policy.fingerprint_material}\0{det}".encode()
        self.fingerprint = hashlib.sha256(salt_key + b"\0" + material).hexdigest()[:16]

    # -- construction -------------------------------------------------------------------------------

    def _term_entries(self, policy: Policy) -> list[TermEntry]:
        sensitive = policy.sensitive_terms
        entries = [TermEntry(a, g.category, "alias-form") for g in policy.aliases for a in g.aliases]
        entries += [TermEntry(v, "CLIENT", "term-client") for v in policy.clients]
        entries += [TermEntry(v, "ORG", "term-organization") for v in policy.organizations]
        entries += [TermEntry(v, "PERSON", "term-person") for v in policy.people]
        entries += [TermEntry(v, "SENSITIVE", "term-sensitive") for v in sensitive]
        entries += [TermEntry(v, "SENSITIVE", "root-alias") for v in policy.root_aliases]
        # Last, so every configured value and alias keeps its own category and placeholder.
        entries += [TermEntry(p, "PERSON", "person-part") for p in self._name_parts(policy.people)]
        return entries

    def _name_parts(self, people: Sequence[str]) -> list[str]:
        """Given names and surnames of configured people, each redacted on its own.

        ``Quinn said`` must not leak because only ``Avery Quinn`` was configured. A part
        gets its own unrelated placeholder (no link is disclosed, unlike an alias group);
        parts that are common words (``Will``, ``Grace``) or shorter than 3 letters are
        skipped, so ordinary prose stays readable.
        """
        parts: list[str] = []
        for person in people:
            words = [w for w in _NAME_PART_SPLIT.split(person) if w]
            if len(words) < 2:
                continue
            for w in words:
                if len(w) >= 3 and w.isalpha() and not self.lexicon.is_generic(w) \
                        and w.casefold() not in ph.RESERVED_WORDS:
                    parts.append(w)
        return parts

    def _check_alias_groups(self, policy: Policy) -> None:
        for n, group in enumerate(policy.aliases, 1):
            where = f"redaction.aliases group {n}"
            claims = self._collect(group.canonical, before_terms_only=True)
            if claims.hits:
                raise RedctxError(
                    Code.CONFIG_INVALID,
                    detail=f"{where}: canonical value is redacted by a built-in detector before configured terms; "
                    "use the name as the canonical value and list it as an alias.",
                )
            hex32 = ph.entity_hex(self.salt, group.category, group.canonical)
            seen: set[str] = set()
            for alias in group.aliases:
                suffix = ph.form_suffix(self.salt, alias)
                if suffix in seen:
                    raise RedctxError(Code.CONFIG_INVALID, detail=f"{where}: two aliases share a form suffix.")
                seen.add(suffix)
                self._alias_forms[ph.normalize(alias)] = (hex32, suffix)

    # -- placeholders -------------------------------------------------------------------------------

    def placeholder(self, category: str, value: str) -> str:
        """The placeholder for ``value`` in ``category`` (alias forms included), collision-checked."""
        key = (category, value)
        p = self._memo.get(key)
        if p is not None:
            return p
        norm = ph.normalize(value)
        alias = self._alias_forms.get(norm)
        if alias is not None:
            p = ph.placeholder(category, alias[0], alias[1])
        else:
            p = ph.placeholder(category, ph.entity_hex(self.salt, category, norm))
        with self._lock:
            owner = self._owners.get(p)
            if owner is None:
                self._owners[p] = (category, norm)
            elif owner != (category, norm):
                raise RedctxError(Code.PLACEHOLDER_COLLISION)
            if len(self._memo) >= _MEMO_CAP:
                self._memo.clear()
            self._memo[key] = p
        return p

    # -- detection ----------------------------------------------------------------------------------

    def _is_allowed(self, value: str) -> bool:
        return value.casefold() in self.lexicon.words

    def _collect(self, text: str, *, word_view: str | None = None, before_terms_only: bool = False,
                 path: bool = False) -> Claims:
        low = fold(text)
        claims = Claims(text, self._is_allowed)
        if "[" in text:
            claims.add_stage(
                Hit(m.start(), m.end(), PLACEHOLDER_CATEGORY, "placeholder") for m in ph.PLACEHOLDER_RE.finditer(text)
            )
        claims.add_stage(find_secrets(text, low))
        if self.extended:
            claims.add_stage(identifiers.find_extended_early(text, low))
        claims.add_stage(contact.find_urls(text, low))
        claims.add_stage(contact.find_emails(text))
        shape = identifiers.digit_shape(text)
        digits = b"d" in shape
        ids = identifiers.find_ids(text) if digits else []
        if self.extended:
            ids += identifiers.find_extended_ids(text, low)
        claims.add_stage(ids)
        if digits:
            claims.add_stage(contact.find_ips(text))
            claims.add_stage(identifiers.find_cards(text, shape))
            claims.add_stage(contact.find_phones(text, low, shape))
        claims.add_stage(contact.find_domains(text, low, self.lexicon))
        claims.add_stage(contact.find_handles(text, self.lexicon))
        if before_terms_only:
            return claims
        if self.extended:
            claims.add_stage(identifiers.find_markers(text, low))
        wtext, wlow = (word_view, fold(word_view)) if word_view is not None else (text, low)
        claims.add_stage(self._terms.find(wlow))
        heur, strict = (self._path_names if path else self._names).scan(wtext, wlow, claims)
        claims.add_stage(heur)
        if self.strict or path:
            claims.add_stage(strict)
        if self.detectors and not path:
            allow = self.lexicon.allow_extra
            claims.add_stage(nomination_hits(text, self.detectors, lambda v: v.strip().casefold() in allow))
        return claims

    def _render(self, text: str, hits: list[Hit]) -> Redaction:
        if not hits:
            return Redaction(text, {})
        out: list[str] = []
        append = out.append
        counts: dict[str, int] = {}
        offsets: list[int] = []  # output offset and category of each substituted placeholder
        cats: list[str] = []
        memo_get = self._memo.get
        pos = shift = 0
        for start, end, category, _, value in hits:
            append(text[pos:start])
            raw = text[start:end]
            pos = end
            if category == PLACEHOLDER_CATEGORY:
                append(raw)
                continue
            if value is None:
                value = raw
            p = memo_get((category, value))
            if p is None:
                p = self.placeholder(category, value)
            append(p)
            offsets.append(start + shift)
            cats.append(category)
            shift += len(p) - (end - start)
            if "\n" in raw or "\r" in raw:
                breaks = "".join(_BREAKS.findall(raw))
                append(breaks)
                shift += len(breaks)
            counts[category] = counts.get(category, 0) + 1
        append(text[pos:])
        return Redaction("".join(out), counts, offsets, cats)

    # -- public API ---------------------------------------------------------------------------------

    def redact(self, text: str) -> Redaction:
        """Redact ``text``; line breaks are preserved so line numbers never shift."""
        if not text:
            return Redaction(text, {})
        return self._render(text, self._collect(text).ordered())

    def explain(self, text: str) -> list[Match]:
        """Every redacted span with 1-based line and column, category, rule id and raw value."""
        matches = []
        line, line_start, pos = 1, 0, 0
        for h in self._collect(text).ordered() if text else []:
            if h.category == PLACEHOLDER_CATEGORY:
                continue
            nl = text.count("\n", pos, h.start)
            if nl:
                line += nl
                line_start = text.rfind("\n", 0, h.start) + 1
            pos = h.start
            matches.append(Match(h.start, h.end, line, h.start - line_start + 1, h.category, h.rule,
                                 text[h.start:h.end]))
        return matches

    def redact_path(self, rel_posix: str) -> Redaction:
        """Redact a root-relative POSIX path component by component (``/`` kept).

        Each component maps to one redacted form: see :mod:`redaction.pathnames`.
        """
        comps = rel_posix.split("/")
        if len(comps) == 1:  # one name (how the service builds paths): the memoized result itself
            return self._component(comps[0])
        counts: dict[str, int] = {}
        parts = []
        for comp in comps:
            r = self._component(comp)
            for cat, n in r.counts.items():
                counts[cat] = counts.get(cat, 0) + n
            parts.append(r.text)
        return Redaction("/".join(parts), counts)

    def _component(self, comp: str) -> Redaction:
        r = self._path_memo.get(comp)
        if r is None:
            r = self._redact_component(comp)
            if len(self._path_memo) < _MEMO_CAP:
                self._path_memo[comp] = r
        return r

    def _redact_component(self, comp: str) -> Redaction:
        if comp in ("", ".", ".."):
            return Redaction(comp, {})
        lead, stem, ext = pathnames.split_component(comp)
        if not stem:
            return Redaction(comp, {})
        body = stem + ext  # detectors see the whole name (an email may end in .test); only the stem's
        claims = self._collect(body, word_view=pathnames.view(body), path=True)  # leftovers are checked
        claims.add_stage(pathnames.leftover_words(stem, claims.covered, self.lexicon))
        red = self._render(body, claims.ordered())
        return Redaction(lead + red.text, red.counts)
