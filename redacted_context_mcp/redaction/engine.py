"""The redactor: raw text in, redacted text and counts out.

Stages collect spans over the whole text; overlaps are resolved once in
priority order (earlier wins) and the output is built in one join:

  existing placeholders (kept, not counted) > secrets > [extended: service
  accounts, connection strings] > URLs > emails > ids (UUID, SSN, [extended
  ids]) > IP > card > phone > domains > handles > [extended markers] >
  configured terms and alias forms > name heuristics > strict pass >
  plugged detectors.

Placeholders follow interface-facts section 1; each Redactor keeps the map
placeholder -> (category, normalized value) (:mod:`redaction.owners`) and fails
closed on a collision.

One value, one placeholder: a heuristic hit's category is decided from its value
alone (:mod:`redaction.precedence`), the same in every file, call, mode and order.
Large texts are collected in chunks (:mod:`redaction.chunks`).

Imports: redaction.*, config (types), model, errors.
"""

from __future__ import annotations

import hashlib
import re
from collections import _count_elements  # type: ignore[attr-defined]  # Counter's C helper
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate, islice

from redacted_context_mcp.config import Policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction import (
    addresses,
    ansi_view,
    chat_ids,
    columns,
    columns_rows,
    columns_sql,
    contact,
    id_retold,
    identifiers,
    keep,
    label_pairs,
    local_people,
    mail_decode,
    mrz,
    near_ids,
    pathnames,
    person_fields,
    personal_ids,
    phones,
    plain_fields,
    printed_ids,
    script_names,
    usernames,
    world_ids,
)
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.redaction.chunks import CHUNK_CHARS, chunked_hits
from redacted_context_mcp.redaction.configured import term_entries
from redacted_context_mcp.redaction.detectors import Detector, nomination_hits
from redacted_context_mcp.redaction.names import NameScanner
from redacted_context_mcp.redaction.owners import PlaceholderMap
from redacted_context_mcp.redaction.precedence import CONFIGURED_RULES, SETTLED, Winner, decide, settle
from redacted_context_mcp.redaction.secret_filenames import find_in_file
from redacted_context_mcp.redaction.secret_keys import STRONG
from redacted_context_mcp.redaction.secret_operator import nul_view
from redacted_context_mcp.redaction.secret_rules import find_secrets
from redacted_context_mcp.redaction.spans import PLACEHOLDER_CATEGORY, Claims, Hit
from redacted_context_mcp.redaction.terms import TermMatcher, ascii_classes, fold
from redacted_context_mcp.redaction.textview import cell_lines, letter_words
from redacted_context_mcp.redaction.wordlists import Lexicon

#: A JSON or C string's escaped line break or tab before a letter (``Grüsse\nLukas``): the name scan reads
#: it as two spaces (same length, so every span maps back), or the word after it would hide in ``nLukas``.
_ESCAPED_BREAK = re.compile(r"\\[nrt](?=[^\W\d_])")


def _escaped_breaks(text: str) -> str | None:
    view = _ESCAPED_BREAK.sub("  ", text)
    return view if view != text else None


#: Words that name a field before its value (``Kennwort: …``, ``Reisepass: …``, a column header): the name
#: scan must not read such a label as a speaker or a person (the value has its own rule).
FIELD_WORDS: frozenset[str] = frozenset(
    w for w in (personal_ids.LABEL_WORDS | STRONG | frozenset(columns.COLUMNS)) if len(w) >= 5 and " " not in w)

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
        self.lexicon = Lexicon(policy.allow, FIELD_WORDS)
        self._names = NameScanner(self.lexicon, self.strict)
        self._path_names = NameScanner(self.lexicon, True)
        self._map = PlaceholderMap(salt_key)
        self._memo = self._map.memo  # category -> value -> placeholder, read inline by _render
        self._derive = self._map.derive
        self._path_memo: dict[str, Redaction] = {}
        self._winners: dict[str, Winner] = {}
        self._terms = TermMatcher(term_entries(policy, self.lexicon))
        self._check_alias_groups(policy)
        det = ";".join(f"{d.name}={d.version}" for d in self.detectors)
        material = f"{ENGINE_VERSION}\0{policy.fingerprint_material}\0{det}".encode()
        self.fingerprint = hashlib.sha256(salt_key + b"\0" + material).hexdigest()[:16]

    # -- construction -------------------------------------------------------------------------------

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
                self._map.alias_forms[ph.normalize(alias)] = (hex32, suffix)

    @property
    def terms(self) -> TermMatcher:
        """The configured-term matcher (its build state is reported by ``doctor``)."""
        return self._terms

    # -- placeholders -------------------------------------------------------------------------------

    def placeholder(self, category: str, value: str) -> str:
        """The placeholder for ``value`` in ``category`` (alias forms included), collision-checked."""
        return self._map.get(category, value)

    def owners_since(self, start: int) -> list[tuple[str, str, str]]:
        """Placeholder map entries ``(placeholder, category, normalized value)`` from the ``start``-th on."""
        return self._map.since(start)

    @property
    def owner_count(self) -> int:
        return len(self._map)

    def adopt_owners(self, items: Sequence[tuple[str, str, str]]) -> None:
        """Merge a map another redactor of this policy and salt built (index workers); collision-checked."""
        self._map.adopt(items)

    # -- detection ----------------------------------------------------------------------------------

    def _is_allowed(self, value: str) -> bool:
        return value.casefold() in self.lexicon.words

    def _collect(self, text: str, *, word_view: str | None = None, before_terms_only: bool = False,
                 path: bool = False, decoded: bool = False, kind: str | None = None) -> Claims:
        low = fold(text)
        claims = Claims(text, self._is_allowed)
        # Every stage before the name scan only adds hits, so their lists are placed in one batch
        # (priority order kept); a stage is called only when a test that its own first test implies
        # passes, a one-character test (memchr) before a longer one (a two-character search costs
        # ten times more): most texts are prose where most stages find nothing.
        stages: list[list[Hit]] = []
        add = stages.append
        if "[" in text:
            add([Hit(*m.span(), PLACEHOLDER_CATEGORY, "placeholder") for m in ph.PLACEHOLDER_RE.finditer(text)])
        words = letter_words(low)  # shared by the secret prefilter, the label scans and several gates
        if not path:
            keeps = keep.find_before_secrets(text, words)
            if keeps:
                add([h for h in keeps if not self._terms.find(low[h[0]:h[1]])])
        add(find_secrets(text, low, words=words))
        if "|" in text and (cells := cell_lines(text)) is not None:  # a line typed into a table cell
            add(find_secrets(cells, fold(cells), words=words))
        if kind is not None:  # a credential file known by its name: its bare lines (content rules first)
            add(find_in_file(kind, text))
        if not path and not decoded:
            view = None
            if "=" in text:
                view = mail_decode.decoded_view(text, None, words)
            elif ":" in text:  # folded headers only: the view asks for indentation after its mail tests
                view = mail_decode.decoded_view(text, None, words, escaped=False)
            if view is not None:
                add(self._decoded_hits(view))
            if ansi_view.may_hold(text) and (plain := ansi_view.plain_view(text)) is not None:
                add(self._decoded_hits(plain))  # a terminal log: ``\x1b[36mpassword\x1b[0m=V`` read as ``password=V``
        if self.extended:
            add(identifiers.find_extended_early(text, low))
        scheme = ":" in text and "://" in text
        if scheme or (contact.www_run(low, words) and "www." in low):
            add(contact.find_urls(text, low, words, scheme))
        at = "@" in text
        if at or contact.encoded_at(text):
            add(contact.find_emails(text))
        if "\\" in text and "\\\\" in text:
            add(contact.find_unc(text))
        if obfuscated := contact.obfuscation_gate(words.set):  # a spelled-out address (set lookups)
            add(contact.find_obfuscated_emails(text))
        shape = identifiers.digit_shape(text)
        digits = b"d" in shape
        cls = ascii_classes(text)  # shared by the shape, login and name scans
        if digits:
            levels = personal_ids.digit_levels(shape)  # shared by the shape, card and phone gates
            ids = identifiers.find_ids(text) if "-" in text else []
            if personal_ids.holds_run(shape, levels, 6):  # every printed id holds six digits in a row
                ids += printed_ids.find_printed_ids(text, cls)
            ids += world_ids.find_world_printed(  # NIR, SNILS, HKID, CURP... in their printed form
                text, cls, lambda n: personal_ids.holds_run(shape, levels, n))
            if '"label"' in text or '"title"' in text or '"field' in text:
                ids += label_pairs.find_label_pairs(text)
            ids += personal_ids.find_shapes(text, shape, low, cls, words, levels)
            ids += personal_ids.find_labelled(text, low, words)
            ids += near_ids.find_near_ids(text, low, words)  # SIN, BSN, NIF a few words after the label
            if not path:
                ids += addresses.find_addresses(text, low, words, cls)
            if "<" in text:  # a memchr; find_mrz asks for "<<" next
                ids += mrz.find_mrz(text)
            if self.extended:
                ids += identifiers.find_extended_ids(text, low)
            add(ids)
        else:
            if not words.set.isdisjoint(personal_ids.LETTER_LABEL_RUNS):  # a BIC needs no digit (set lookups)
                add(personal_ids.find_labelled(text, low, words))
            if self.extended:
                add(identifiers.find_extended_ids(text, low))
        if not path and "\n" in text:
            add([h for h in columns.find_columns(text)  # a kept header cell never keeps a configured term
                 if h[2] != PLACEHOLDER_CATEGORY or not self._terms.find(low[h[0]:h[1]])])
        if not path and "\n|" in text and "---" in text:
            add(columns_rows.find_transposed(text))
        if not path and "insert" in words.set and "values" in words.set:  # two set lookups
            add(columns_sql.find_sql_rows(text))
        if not path and not low.isascii():
            add(script_names.find_script_names(text))
        dot = "." in text
        if digits:
            if dot or ":" in text:
                add(contact.find_ips(text))
            if personal_ids.holds_run(shape, levels, 7):
                if personal_ids.holds_run(shape, levels, 13):
                    add(identifiers.find_cards(text, shape))
                add(phones.find_phones(text, low, shape, words, cls))
        if dot:
            domains = contact.find_domains(text, low, self.lexicon)
            add(domains)
            if domains and not obfuscated and contact.at_before_domain(text, domains):
                add(contact.find_obfuscated_emails(text))  # "maria[at]example.com": literal dots
            if "/" in text:
                add(contact.find_profiles(text, low, self.lexicon))
        if at:
            add(contact.find_handles(text, self.lexicon))
        add(usernames.find_logins(text, low, self.lexicon, cls, words))
        if not path:
            add(local_people.find_local_people(text, words, self.strict))  # whoami output, CJK addresses
        add(person_fields.find_person_fields(text, low, words, self.lexicon.is_generic))
        add(chat_ids.find_chat_people(text, low, words))
        add(id_retold.find_retold(text, stages, self.lexicon.is_generic))
        if before_terms_only:
            claims.add_stages(stages)
            return claims
        if self.extended:
            add(identifiers.find_markers(text, low))
        wtext, wlow = (word_view, fold(word_view)) if word_view is not None else (text, low)
        add(self._terms.find(wlow, words if word_view is None else None))
        if not path:
            add(keep.find_before_names(text, words))
            add(plain_fields.find_plain_fields(text, words))  # department, city, product cells, drug names
        claims.add_stages(stages)  # the name scan reads the claims
        wcls, wwords = (cls, words) if word_view is None else (b"", None)
        if word_view is None and not path and "\\" in text and (esc := _escaped_breaks(text)) is not None:
            wtext, wlow, wcls, wwords = esc, fold(esc), ascii_classes(esc), None  # ``\nLukas`` in a JSON string
        heur, strict = (self._path_names if path else self._names).scan(wtext, wlow, claims, wcls, wwords)
        if self.strict or path:
            claims.add_stages((heur, strict))
        else:
            claims.add_stage(heur)
        if self.detectors and not path:
            allow = self.lexicon.allow_extra
            claims.add_stage(nomination_hits(text, self.detectors, lambda v: v.strip().casefold() in allow))
        return claims

    def _settle(self, text: str, hits: list[Hit]) -> list[Hit]:
        """Apply the category precedence to every heuristic hit (configured hits carry their value)."""
        return settle(text, hits, self._terms.by_key, self._winners)

    def _decoded_hits(self, view: mail_decode.View) -> list[Hit]:
        """Hits found in a decoded view (encoded mail, a log without its colour codes), mapped onto the raw spans."""
        out = []
        for h in self._collect(view.text, decoded=True).ordered():
            if h[2] == PLACEHOLDER_CATEGORY:
                continue
            s, e = view.span(h[0], h[1])
            out.append(Hit(s, e, h[2], h[3], h[4] if h[4] is not None else view.text[h[0]:h[1]]))
        return out

    def _render(self, text: str, hits: list[Hit]) -> Redaction:
        """The output of ``hits`` (as collected: the category precedence of :meth:`_settle` is applied
        here, in the same loop, exactly as ``_render(text, _settle(text, hits))`` would)."""
        if not hits:
            return Redaction(text, {})
        out: list[str] = []  # gap, placeholder, gap, placeholder, ..., tail
        append = out.append
        cats: list[str] = []
        mark = cats.append
        memo_get = self._memo.get
        winners = self._winners
        cr = "\r" in text  # one memchr instead of a test per hit
        pos = 0
        for start, end, category, rule, value in hits:
            if not category:  # PLACEHOLDER_CATEGORY: kept verbatim in the next gap
                continue
            raw = text[start:end]
            if rule not in CONFIGURED_RULES and category in SETTLED:
                key = raw if value is None else value
                w = winners.get(key)
                if w is None:
                    w = decide(self._terms.by_key, category, key)
                    if len(winners) < _MEMO_CAP:
                        winners[key] = w
                category = w[0]
                if w[1] is not None:
                    value = w[1]
            if value is None:
                value = raw
            by_value = memo_get(category)
            p = by_value.get(value) if by_value is not None else None
            if p is None:
                p = self._derive(category, value)
            if "\n" in raw or cr and "\r" in raw:
                p += "".join(_BREAKS.findall(raw))
            append(text[pos:start])
            append(p)
            mark(category)
            pos = end
        append(text[pos:])
        counts: dict[str, int] = {}
        _count_elements(counts, cats)  # C-level; first-seen order, as a loop would give
        # The offset of the i-th placeholder is the length of everything before it (C-level sums).
        offsets = list(islice(accumulate(map(len, out)), 0, len(out) - 1, 2))
        return Redaction("".join(out), counts, offsets, cats)

    # -- public API ---------------------------------------------------------------------------------

    def redact(self, text: str, check: Callable[[], None] | None = None, kind: str | None = None) -> Redaction:
        """Redact ``text``; line breaks are preserved so line numbers never shift.

        ``check`` (a deadline or cancellation test that raises) is called before each chunk
        of a large text (:mod:`redaction.chunks`); ``kind`` is the credential-file kind of the
        file ``text`` is (``secret_filenames.file_kind`` of its name), if any.
        """
        if not text:
            return Redaction(text, {})
        return self._render(text, self._hits(text, check, kind))

    def redact_spans(self, text: str, check: Callable[[], None] | None = None,
                     kind: str | None = None) -> tuple[Redaction, list[tuple[int, int]]]:
        """:meth:`redact` plus the raw ``(start, end)`` of every substituted placeholder, in
        ``mark_offsets`` order (the rehydration map learns which raw span became which placeholder)."""
        if not text:
            return Redaction(text, {}), []
        hits = self._hits(text, check, kind)
        return self._render(text, hits), [(h[0], h[1]) for h in hits if h[2] != PLACEHOLDER_CATEGORY]

    def _hits(self, text: str, check: Callable[[], None] | None = None, kind: str | None = None) -> list[Hit]:
        """Accepted hits of ``text`` (before the category precedence), chunk by chunk when it is large
        (a credential file's ``kind`` is read in a text of one chunk only: such files are a few lines).

        A NUL separates entries as a line break does (``/proc/PID/environ``, ``env -0``, ``find -print0``):
        the detectors read a view where each NUL is a newline (same length, so every span maps back), else
        a value would run on through the NULs into the entries after it."""
        if "\0" in text:
            text = nul_view(text)  # an argv record (/proc/PID/cmdline) reads its NULs as blanks (round 15)
        if kind is not None and len(text) <= CHUNK_CHARS:
            return chunked_hits(text, lambda t: self._collect(t, kind=kind).ordered(), check)
        return chunked_hits(text, self._ordered, check)

    def _ordered(self, text: str) -> list[Hit]:
        return self._collect(text).ordered()

    def explain(self, text: str, kind: str | None = None) -> list[Match]:
        """Every redacted span with 1-based line and column, category, rule id and raw value."""
        matches = []
        line, line_start, pos = 1, 0, 0
        for h in self._settle(text, self._hits(text, None, kind)) if text else []:
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
        return self.component_spans(comp)[0]

    def component_spans(self, comp: str) -> tuple[Redaction, list[tuple[int, int]]]:
        """One path component redacted, plus the raw spans of its placeholders (see :meth:`redact_spans`)."""
        if comp in ("", ".", ".."):
            return Redaction(comp, {}), []
        lead, stem, ext = pathnames.split_component(comp)
        if not stem:
            return Redaction(comp, {}), []
        body = stem + ext  # detectors see the whole name (an email may end in .test); only the stem's
        claims = self._collect(body, word_view=pathnames.view(body), path=True)  # leftovers are checked
        claims.add_stage(pathnames.leftover_words(stem, claims.covered, self.lexicon))
        hits = claims.ordered()
        red = self._render(body, hits)
        n = len(lead)
        return (Redaction(lead + red.text, red.counts, [o + n for o in red.mark_offsets], red.mark_categories),
                [(h[0] + n, h[1] + n) for h in hits if h[2] != PLACEHOLDER_CATEGORY])

