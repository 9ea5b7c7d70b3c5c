"""The rehydration map: placeholder -> the raw spelling first seen, and ``@p_`` id -> path.

Built once per policy generation by one pass over the private root (file
contents and path names, the write subdirectory skipped), kept in memory on
the generation, and dropped with it on every policy change. The pass redacts
each file exactly as :meth:`Service.document` does and offers the document to
the cache, so the same walk also warms search; a later pass absorbs only the
files that are new or changed since (by stat identity).

Spelling rules (interface facts 1): the first raw spelling seen wins; an alias
form restores to its own spelling; an alias's placeholder from before its group
was declared (the same category, no form suffix) restores too. Configured terms
fill in, at lowest priority, values that never occur in the root. Pairs learned
from text outside the root (:func:`learn_from`, for the proxy) rank after the
root's own spellings.

The map never reaches any output except the restored text itself.

Imports: layers 0-1, service.context and service.generation (types).
"""

from __future__ import annotations

import dataclasses
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.model import Redacted, Redaction, mint_redacted
from redacted_context_mcp.redaction import placeholders as ph
from redacted_context_mcp.service.document import RedactedDoc
from redacted_context_mcp.skips import reason_for
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.filesource import FileIdent, FileSource
from redacted_context_mcp.sources.paths import ROOT

if TYPE_CHECKING:
    from redacted_context_mcp.redaction.engine import Redactor
    from redacted_context_mcp.service.context import Service
    from redacted_context_mcp.service.generation import Generation

__all__ = [
    "PATH_ID_RE",
    "TOKEN_RE",
    "RehydrationMap",
    "Restored",
    "learn_from",
    "learn_redaction",
    "path_parts",
    "rehydration_map",
    "under_subdir",
]

#: An exact path id as tools print it.
PATH_ID_RE = re.compile(r"@p_([0-9a-f]{12})")
#: Anything shaped like a placeholder or a path id, malformed ones included (a wrong hex
#: length, upper-case hex, a bad suffix), so none passes through a restore unnoticed.
TOKEN_RE = re.compile(
    r"\[[A-Z][A-Z_]{0,39}_[0-9A-Fa-f]{16,64}(?:\.[0-9A-Za-z]{1,16})?\]"
    r"|@p_[0-9A-Fa-f]{8,24}(?![0-9A-Za-z_])"
)
_BREAKS = re.compile(r"[\r\n]+")
_LINE_BREAKS = re.compile(r"\r\n|\r|\n")  # as the engine keeps them after a placeholder
_MAP_ATTR = "rehydration_map"
#: Pairs learned from text outside the root (proxy, GitHub) kept per map; the oldest go first.
MAX_LEARNED = 200_000


@dataclass(frozen=True)
class Restored:
    """One restore: the text with every known token replaced, and what was found."""

    text: str  # placeholders and @p_ ids replaced by raw spellings
    restored: int  # how many tokens were restored
    unknown: int  # how many placeholder/@p_ shaped tokens had no entry (left as they are)
    #: The distinct unknown tokens in order of appearance (safe to show: shapes only, never values).
    unresolved: tuple[str, ...] = ()
    #: The distinct raw values restored (path ids: the raw parts their redacted path hides).
    #: Raw text: for the round-trip check only, never for output.
    spellings: tuple[str, ...] = dataclasses.field(default=(), repr=False)
    #: ``(start, end)`` in :attr:`text` of every restored raw part (the round trip checks these).
    positions: tuple[tuple[int, int], ...] = dataclasses.field(default=(), repr=False)


def under_subdir(rel: str, subdir: str | None) -> bool:
    """Whether root-relative ``rel`` is ``subdir`` or lies below it."""
    if not subdir:
        return False
    return rel == subdir or rel.startswith(subdir + "/")


class RehydrationMap:
    """Placeholder -> raw spelling, and path id -> root-relative path; thread-safe."""

    def __init__(self, redactor: Redactor | None = None, path_lookup: Callable[[str], str | None] | None = None,
                 refresh: Callable[[], None] | None = None) -> None:
        self._redactor = redactor
        self._path_lookup = path_lookup
        self._refresh = refresh
        self._root: dict[str, str] = {}  # spellings seen in the root (single-line ones preferred)
        self._soft: set[str] = set()  # root entries whose spelling spanned lines (a later one-line spelling wins)
        self._extra: dict[str, str] = {}  # recorded from elsewhere, and configured terms
        #: the placeholders of ``_extra`` recorded from elsewhere, oldest first: at most MAX_LEARNED are kept
        self._learned: OrderedDict[str, None] = OrderedDict()
        #: multi-line spellings: the raw value and the breaks the redactor kept after its placeholder
        self._multi: dict[str, tuple[str, str]] = {}
        self._absorbed: set[FileIdent] = set()
        self._names: set[str] = set()
        self._lock = threading.Lock()
        self.scanned = False

    # -- learning -------------------------------------------------------------------------------------
    def _put(self, table: dict[str, str], placeholder: str, raw: str) -> None:
        spelling = raw
        soft = "\n" in raw or "\r" in raw
        if soft:  # the redactor keeps a value's line breaks after its placeholder
            spelling = _BREAKS.sub(" ", raw)
            if placeholder not in self._multi:
                self._multi[placeholder] = (raw, "".join(_LINE_BREAKS.findall(raw)))
        old = table.get(placeholder)
        if old is None or (table is self._root and placeholder in self._soft and not soft):
            table[placeholder] = spelling
            if table is self._root:
                if soft:
                    self._soft.add(placeholder)
                else:
                    self._soft.discard(placeholder)
        m = ph.PLACEHOLDER_RE.fullmatch(placeholder)
        if m is not None and m.group(3) and self._redactor is not None:
            # An alias form: its value's placeholder from before the group existed restores too.
            prior = ph.derive(self._redactor.salt, m.group(1), spelling)
            if prior != placeholder and prior not in table:
                table[prior] = spelling

    def _learn_root(self, pairs: Iterable[tuple[str, str]]) -> None:
        with self._lock:
            for placeholder, raw in pairs:
                self._put(self._root, placeholder, raw)

    def record(self, pairs: Mapping[str, str]) -> None:
        """Add placeholder -> raw pairs learned elsewhere (first spelling wins; the root's rank first).

        Learned pairs are bounded: past :data:`MAX_LEARNED` the one learned (or seen again) longest
        ago is forgotten, so a long proxy session over a chatty upstream cannot grow the map without
        end. A forgotten placeholder is unknown again (an argument holding it is refused, never guessed).
        """
        with self._lock:
            learned = self._learned
            for placeholder, raw in pairs.items():
                if not (ph.PLACEHOLDER_RE.fullmatch(placeholder) and raw):
                    continue
                if placeholder in learned:
                    learned.move_to_end(placeholder)  # seen again: kept longest
                elif placeholder not in self._extra:
                    self._put(self._extra, placeholder, raw)
                    learned[placeholder] = None
            while len(learned) > MAX_LEARNED:
                old, _ = learned.popitem(last=False)
                self._extra.pop(old, None)
                if old not in self._root:
                    self._multi.pop(old, None)

    def _seed(self, placeholder: str, value: str) -> None:
        """A configured value's spelling, kept for the life of the map (the caller holds the lock)."""
        self._put(self._extra, placeholder, value)
        self._learned.pop(placeholder, None)  # a spelling learned before the seed is now kept for good

    # -- lookups ---------------------------------------------------------------------------------------
    def lookup(self, token: str) -> str | None:
        """The raw spelling of one placeholder, or the root-relative path of one ``@p_`` id."""
        m = PATH_ID_RE.fullmatch(token)
        if m is not None:
            return self._path_lookup("p_" + m.group(1)) if self._path_lookup is not None else None
        if ph.PLACEHOLDER_RE.fullmatch(token) is None:
            return None
        hit = self._root.get(token)
        return hit if hit is not None else self._extra.get(token)

    def _path_parts(self, rel: str) -> list[tuple[int, int]]:
        """``(start, end)`` in ``rel`` of the raw parts that its redacted form hides."""
        return path_parts(self._redactor, rel) if self._redactor is not None else []

    def restore(self, text: str, *, refresh: bool = True) -> Restored:
        """``text`` with every known placeholder and ``@p_`` id replaced; unknown tokens stay.

        With ``refresh``, an unknown token first makes the map absorb files added or changed
        since it was built (one walk of the root), then the text is restored again.
        """
        result = self._restore(text)
        if result.unknown and refresh and self._refresh is not None:
            self._refresh()  # files added or changed since the map was built
            result = self._restore(text)
        return result

    def _restore(self, text: str) -> Restored:
        if "[" not in text and "@p_" not in text:
            return Restored(text, 0, 0)
        out: list[str] = []
        pos = restored = unknown = size = 0
        unresolved: dict[str, None] = {}
        spellings: dict[str, None] = {}
        positions: list[tuple[int, int]] = []
        for m in TOKEN_RE.finditer(text):
            token = m.group()
            value = self.lookup(token)
            if value is None:
                unknown += 1
                unresolved[token] = None
                continue
            head = text[pos:m.start()]
            out.append(head)
            size += len(head)
            pos = m.end()
            multi = self._multi.get(token)
            if multi is not None and text.startswith(multi[1], pos):
                value = multi[0]  # the value with its own line breaks, in place of the kept ones
                pos += len(multi[1])
            out.append(value)
            restored += 1
            if token.startswith("@"):
                for s, e in self._path_parts(value):
                    spellings[value[s:e]] = None
                    positions.append((size + s, size + e))
            else:
                spellings[value] = None
                positions.append((size, size + len(value)))
            size += len(value)
        if not restored:
            return Restored(text, 0, unknown, tuple(unresolved))
        out.append(text[pos:])
        return Restored("".join(out), restored, unknown, tuple(unresolved), tuple(spellings), tuple(positions))

    def __len__(self) -> int:
        return len(self._root.keys() | self._extra.keys())


def path_parts(redactor: Redactor, rel: str) -> list[tuple[int, int]]:
    """``(start, end)`` in root-relative ``rel`` of every raw part its path redaction replaces."""
    out: list[tuple[int, int]] = []
    base = 0
    for comp in rel.split("/"):
        _, spans = redactor.component_spans(comp)
        out += [(base + s, base + e) for s, e in spans]
        base += len(comp) + 1
    return out


# -- building from the root ---------------------------------------------------------------------------

def _pairs(red: Redaction, spans: list[tuple[int, int]], raw: str) -> Iterable[tuple[str, str]]:
    text = red.text
    match = ph.PLACEHOLDER_RE.match
    for off, (s, e) in zip(red.mark_offsets, spans):
        m = match(text, off)
        if m is not None:
            yield m.group(), raw[s:e]


def _map_of(svc: Service, g: Generation) -> RehydrationMap:
    m = g.__dict__.get(_MAP_ATTR)
    if m is None:
        with svc._lock:
            m = g.__dict__.get(_MAP_ATTR)
            if m is None:
                subdir = write_subdir(svc)
                index = g.index

                def path_lookup(pid: str) -> str | None:
                    rel = index.rel_for(pid)
                    return None if rel is None or under_subdir(rel, subdir) else rel

                def refresh() -> None:
                    with _scan_lock(g):
                        _scan(svc, g, m)

                m = RehydrationMap(g.snap.redactor, path_lookup, refresh)
                g.__dict__[_MAP_ATTR] = m
    return m


def write_subdir(svc: Service) -> str | None:
    """The write subdirectory as a clean root-relative path, when writes are enabled."""
    s = svc.settings
    if not s.enable_writes or not s.write_subdir:
        return None
    parts = [p for p in s.write_subdir.replace("\\", "/").split("/") if p not in ("", ".")]
    return "/".join(parts) or None


def _scan(svc: Service, g: Generation, m: RehydrationMap, seconds: float | None = None) -> None:
    """Absorb every file (and path name) of the root not absorbed yet, the write subdirectory skipped.

    Each file is recorded as absorbed as soon as it is, so a scan stopped by the deadline
    is continued, not repeated, by the next call.
    """
    subdir = write_subdir(svc)
    limits = dataclasses.replace(svc.limits, max_files=svc.limits.max_submit_files)
    budget = Budget(limits, seconds=seconds, total_bytes=limits.max_scan_raw_bytes)
    accept = g.accept

    def visible(rel: str, name: str, is_dir: bool) -> bool:
        return not under_subdir(rel, subdir) and accept(rel, name, is_dir)

    source = FileSource(svc.fs, visible, g.index.id_for, svc.limits.max_raw_bytes_per_file, svc._sniffed,
                        svc.settings.documents)
    redactor = g.snap.redactor
    top = source.entry(ROOT)
    with m._lock:
        absorbed, names = set(m._absorbed), set(m._names)
    new_names: list[str] = []
    for entry, _ in source.walk(top, budget, dirs_first=False):
        name = entry.name
        if name not in names:
            names.add(name)
            new_names.append(name)
        if entry.is_dir or not source.is_text(entry) or entry.size > limits.max_raw_bytes_per_file:
            continue  # a file over the per-file limit is skipped, as every multi-file operation does
        ident = source.ident(entry)
        if ident in absorbed:
            continue
        budget.charge_file(entry.size)
        _absorb(svc, g, source, redactor, entry, ident, budget, m)
        absorbed.add(ident)
        with m._lock:
            m._absorbed.add(ident)
    if subdir is not None:  # the operator's own subdirectory name (doctor shows it redacted), never below it
        new_names += [n for n in subdir.split("/") if n not in names]
        names.update(subdir.split("/"))
    pairs: list[tuple[str, str]] = []
    for name in new_names:
        red, spans = redactor.component_spans(name)
        pairs += _pairs(red, spans, name)
    m._learn_root(pairs)
    with m._lock:
        m._absorbed |= absorbed
        m._names |= names
        if not m.scanned:
            _seed_terms(redactor, m)
            m.scanned = True


def _absorb(svc: Service, g: Generation, source: FileSource, redactor: Redactor, entry, ident: FileIdent,
            budget: Budget, m: RehydrationMap) -> None:
    try:
        raw = source.fetch(entry, budget)
    except RedctxError as exc:
        if reason_for(exc.code.slug) is not None:
            return  # over the per-file limit, unreadable, not text, a document that does not extract
        raise
    text = textcodec.escape_controls(raw.text)  # exactly what Service.document redacts
    del raw
    red, spans = redactor.redact_spans(text, budget.check_deadline)
    m._learn_root(_pairs(red, spans, text))
    key = (source.name, ident, g.snap.generation)
    if svc.cache.get(key) is None:
        rel = entry.rel
        svc.cache.put(key, RedactedDoc.build(entry.ref, lambda: g.display_rel(rel), red, ident,
                                             g.snap.generation))


def _seed_terms(redactor: Redactor, m: RehydrationMap) -> None:
    """Configured values and alias forms, for placeholders the root never showed (lowest priority)."""
    policy = redactor.policy
    rows: list[tuple[str, str]] = [(g.category, a) for g in policy.aliases for a in g.aliases]
    rows += [("CLIENT", v) for v in policy.clients]
    rows += [("ORG", v) for v in policy.organizations]
    rows += [("PERSON", v) for v in policy.people]
    rows += [("SENSITIVE", v) for v in policy.sensitive_terms]
    for category, value in rows:
        try:
            placeholder = redactor.placeholder(category, value)
        except RedctxError:  # a collision: the redactor fails closed when the value is met
            continue
        m._seed(placeholder, value)


def rehydration_map(svc: Service, seconds: float | None = None) -> RehydrationMap:
    """The map of the active policy generation, built from the root on first use and cached.

    Checks the live policy first; raises the scan's limit errors (FILE limit from
    ``max_submit_files``, byte caps, the deadline: ``seconds``, default the operation
    limit, ``0`` none) and detector errors.
    """
    svc.snapshot()
    g = svc._g()
    m = _map_of(svc, g)
    if not m.scanned:
        with _scan_lock(g):
            if not m.scanned:
                _scan(svc, g, m, seconds)
    return m


def _scan_lock(g: Generation) -> threading.Lock:
    lock = g.__dict__.get("rehydration_scan_lock")
    if lock is None:
        lock = g.__dict__.setdefault("rehydration_scan_lock", threading.Lock())
    return lock


def learn_redaction(svc: Service, raw_text: str) -> tuple[Redaction, Redacted]:
    """Redact text from outside the root and record its placeholder -> raw pairs; the engine output too."""
    svc.snapshot()
    g = svc._g()
    red, spans = g.snap.redactor.redact_spans(raw_text)
    pairs: dict[str, str] = {}
    for placeholder, raw in _pairs(red, spans, raw_text):
        pairs.setdefault(placeholder, raw)
    if pairs:
        _map_of(svc, g).record(pairs)
    return red, mint_redacted(red.text)


def learn_from(svc: Service, raw_text: str) -> Redacted:
    """Redact raw text (not from the root) with ``svc``'s redactor and make its placeholders restorable."""
    return learn_redaction(svc, raw_text)[1]
