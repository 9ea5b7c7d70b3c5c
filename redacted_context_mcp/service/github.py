"""GitHub issue operations: repos, list_issues, read_issue, search_issues.

Issues come through the source seam (:class:`sources.github.source.GithubSource`:
``scope`` over listings, ``fetch`` of one issue or its comments), and their raw
records meet the redactor here and only here. Every shown field is redacted
(titles, bodies, labels, comments; states and dates too unless they have the
one expected shape); numbers and counts are printed only as integers the
client checked; comment authors become
``user_<16 hex>`` (HMAC-SHA256 keyed by the vault salt over
``github-user:<alias>:<casefolded login>``); the issue author, logins, URLs and
``owner/repo`` are never shown. The token (read from ``token_env`` at call
time) is replaced by its ``[SECRET_...]`` placeholder wherever a response
echoes it, before redaction.

Conditional requests: each response's redacted form (never raw text) is kept
with its :class:`Version` (URL, ETag) in a per-service LRU keyed by (alias,
URL, token identity) and dropped whenever the policy generation changes; the
source is told which version is held, sends ``If-None-Match``, and its
``Unchanged`` answer (a ``304``) is served from the LRU.

Every placeholder minted from issue text (titles, labels, bodies, comments) is
recorded in the generation's rehydration map (:mod:`service.rehydrate`), so
``redctx_submit_doc`` in the same session restores a value the agent saw only
in an issue. The token's own placeholder is never recorded.

Imports: layers 0-1, service.args, service.context, service.files, service.rehydrate.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import GithubRepo
from redacted_context_mcp.model import Redaction, ToolResult
from redacted_context_mcp.redaction.placeholders import derive
from redacted_context_mcp.service import rehydrate
from redacted_context_mcp.service.args import TRUNCATED, add_counts, bool_arg, fixed, int_arg, result, str_arg, strs_arg
from redacted_context_mcp.service.context import Service, Snapshot
from redacted_context_mcp.service.files import truncate
from redacted_context_mcp.sources import textcodec
from redacted_context_mcp.sources.base import Unchanged
from redacted_context_mcp.sources.github import client as gh
from redacted_context_mcp.sources.github import http as gh_http
from redacted_context_mcp.sources.github.source import (
    CommentsRef,
    GithubSource,
    IssueBudget,
    IssueRef,
    Listing,
    RawComments,
    RawIssue,
    Version,
)

STATES = ("open", "closed", "all")
DEFAULT_ALIAS = "context"
LIST_LIMIT, COMMENTS_LIMIT, BODY_CHARS = 30, 20, 30_000
MAX_LIST = 1000  # issues one list call returns at most (10 full pages)
MAX_PAGES = 20  # pages one list call follows at most (pull requests are skipped, not counted)
MAX_LABELS, MAX_LABEL_CHARS, MAX_QUERY, MAX_NUMBER = 100, 256, 2000, 2**31 - 1
CACHE_BYTES = 4_000_000
NO_MATCHES = "No matches."
OK = "OK"

_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})")
_ONE_LINE = re.compile(r"[\t\n\r\x0b\x0c\x85\u2028\u2029]+")
_KNOWN_STATES = ("open", "closed")


# -- the conditional-request cache ------------------------------------------------------------
@dataclass
class _Entry:
    version: Version
    value: Any
    size: int


@dataclass
class GithubState:
    """Per-service GitHub state: the ETag cache (redacted values only) and client options."""

    generation: int | None = None
    entries: OrderedDict[tuple[str, str, str], _Entry] = field(default_factory=OrderedDict)
    size: int = 0
    client_options: dict[str, Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, key: tuple[str, str, str], generation: int) -> _Entry | None:
        with self.lock:
            self._advance(generation)
            entry = self.entries.get(key)
            if entry is not None:
                self.entries.move_to_end(key)
            return entry

    def put(self, key: tuple[str, str, str], entry: _Entry, generation: int) -> None:
        if entry.size > CACHE_BYTES // 4:
            return
        with self.lock:
            self._advance(generation)
            old = self.entries.pop(key, None)
            if old is not None:
                self.size -= old.size
            self.entries[key] = entry
            self.size += entry.size
            while self.size > CACHE_BYTES and self.entries:
                _, dropped = self.entries.popitem(last=False)
                self.size -= dropped.size

    def _advance(self, generation: int) -> None:
        if generation != self.generation:  # a policy change drops every redacted response
            self.entries.clear()
            self.size = 0
            self.generation = generation


_states: weakref.WeakKeyDictionary[Service, GithubState] = weakref.WeakKeyDictionary()
_states_lock = threading.Lock()


def state_of(svc: Service) -> GithubState:
    """The service's GitHub state (created on first use)."""
    with _states_lock:
        st = _states.get(svc)
        if st is None:
            st = _states[svc] = GithubState()
        return st


# -- one call -------------------------------------------------------------------------------------
def _size(value: Any) -> int:
    if isinstance(value, str):
        return len(value) + 50
    if isinstance(value, Redaction):
        return len(value.text) + 16 * len(value.mark_offsets) + 50
    if isinstance(value, Mapping):
        return sum(_size(v) for v in value.values()) + 50
    if isinstance(value, (list, tuple)):
        return sum(_size(v) for v in value) + 50
    return 50


class _Call:
    """One tool call: the snapshot, the repo, the client, the redaction helpers and the receipt."""

    def __init__(self, svc: Service, args: Mapping[str, Any]) -> None:
        self.snap: Snapshot = svc.snapshot()
        alias = str_arg(args, "repo_alias", DEFAULT_ALIAS)
        repo = self.snap.policy.github_repos.get(alias)
        if repo is None:
            raise RedctxError(Code.GITHUB_UNKNOWN_ALIAS)
        self.repo: GithubRepo = repo
        self.state = state_of(svc)
        token = os.environ.get(repo.token_env) or None
        self._token = token
        self._token_mark = derive(self.snap.salt_key, "SECRET", token) if token else ""
        self._token_id = hmac.new(self.snap.salt_key, b"github-token\0" + token.encode("utf-8", "surrogatepass"),
                                  hashlib.sha256).hexdigest()[:16] if token else ""
        options = {"timeout": gh_http.timeout_seconds(), **self.state.client_options}
        self._held: dict[str, _Entry] = {}
        self.source = GithubSource(gh.GithubClient(repo, token, **options), self._held_version)
        self._svc = svc
        self._pairs: dict[str, str] = {}
        self.counts: dict[str, int] = {}

    # redaction ------------------------------------------------------------------------------
    def _scrub(self, text: str, counts: dict[str, int]) -> str:
        if self._token and self._token in text:
            counts["SECRET"] = counts.get("SECRET", 0) + text.count(self._token)
            text = text.replace(self._token, self._token_mark)
        return text

    def redact(self, text: str) -> Redaction:
        """Redacted multi-line text (controls escaped); counts include a scrubbed token.

        The placeholder -> raw pairs the engine substituted are kept for the rehydration map
        (:meth:`learn`); the scrubbed token is input, not a substitution, so it is never among them.
        """
        extra: dict[str, int] = {}
        raw = textcodec.escape_controls(self._scrub(text, extra))
        red, spans = self.snap.redactor.redact_spans(raw)
        for placeholder, value in rehydrate._pairs(red, spans, raw):
            self._pairs.setdefault(placeholder, value)
        if not extra:
            return red
        counts = dict(red.counts)
        add_counts(counts, extra)
        return Redaction(red.text, counts, red.mark_offsets, red.mark_categories)

    def line(self, text: str) -> Redaction:
        """Redacted one-line text: line breaks and tabs become spaces first."""
        return self.redact(_ONE_LINE.sub(" ", text).strip())

    def shaped(self, value: str, ok: Callable[[str], bool]) -> Redaction:
        """``value`` as is when it has the expected shape, else redacted as one line."""
        return Redaction(value, {}) if ok(value) else self.line(value)

    def author(self, login: str | None) -> str:
        if not login:
            return "unknown"
        msg = f"github-user:{self.repo.alias}:{login.casefold()}".encode("utf-8", "surrogatepass")
        return "user_" + hmac.new(self.snap.salt_key, msg, hashlib.sha256).hexdigest()[:16]

    def learn(self) -> None:
        """Record the pairs of this call in the rehydration map of its own policy generation."""
        if not self._pairs:
            return
        g = self._svc._g()
        if g.snap.generation == self.snap.generation:  # a policy change mid-call: the pairs are stale
            rehydrate._map_of(self._svc, g).record(self._pairs)
        self._pairs = {}

    # the held versions (the source's conditional requests) ----------------------------------
    def _key(self, url: str) -> tuple[str, str, str]:
        return (self.repo.alias, url, self._token_id)

    def _held_version(self, url: str) -> Version | None:
        entry = self.state.get(self._key(url), self.snap.generation)
        if entry is None:
            return None
        self._held[url] = entry  # what an Unchanged answer for this URL is served from
        return entry.version

    def served(self, answer: Unchanged) -> Any:
        """The redacted value held for the version an ``Unchanged`` answer confirmed."""
        assert isinstance(answer.ident, Version)
        return self._held[answer.ident.url].value

    def keep(self, version: Version, value: Any) -> Any:
        """Hold ``value`` (redacted) for ``version`` when it has an ETag to revalidate with."""
        self.learn()  # a held value is served again later: its placeholders must be restorable
        if version.etag:
            self.state.put(self._key(version.url), _Entry(version, value, _size(value)), self.snap.generation)
        return value

    def done(self, text: str) -> ToolResult:
        self.learn()
        return result(self.snap.redactor.profile, text, self.counts)


# -- argument readers ---------------------------------------------------------------------------
def _state_arg(args: Mapping[str, Any]) -> str:
    value = args.get("state")
    if value is None:
        return "open"
    if not isinstance(value, str) or value not in STATES:
        raise RedctxError(Code.GITHUB_BAD_STATE)
    return value


def _sendable(value: str) -> bool:
    """Text that can go into a URL (no lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _labels_arg(args: Mapping[str, Any]) -> list[str]:
    labels = strs_arg(args, "labels")
    if len(labels) > MAX_LABELS or any(
        not x or len(x) > MAX_LABEL_CHARS or "," in x or not _sendable(x) for x in labels
    ):
        raise RedctxError(Code.GITHUB_LABELS)
    return labels


def _limit(args: Mapping[str, Any], name: str, default: int) -> int:
    value = int_arg(args, name, default, 1)
    assert value is not None
    return value


# -- rendering ----------------------------------------------------------------------------------
def _is_time(value: str) -> bool:
    return bool(_ISO_TIME.fullmatch(value))


def _is_state(value: str) -> bool:
    return value in _KNOWN_STATES


@dataclass(frozen=True)
class _Shown:
    text: str
    counts: Mapping[str, int]


def _join(parts: Sequence[Redaction], sep: str) -> _Shown:
    counts: dict[str, int] = {}
    for p in parts:
        add_counts(counts, p.counts)
    return _Shown(sep.join(p.text for p in parts), counts)


def _issue_line(call: _Call, rec: gh.IssueRecord) -> _Shown:
    state = call.shaped(rec.state, _is_state)
    updated = call.shaped(rec.updated_at, _is_time)
    labels = _join([call.line(x) for x in rec.labels], ",")
    title = call.line(rec.title)
    counts: dict[str, int] = {}
    for c in (state.counts, updated.counts, labels.counts, title.counts):
        add_counts(counts, c)
    text = (f"{call.repo.alias}#{rec.number}\tstate={state.text}\tupdated={updated.text}\tcomments={rec.comments}"
            f"\tlabels={labels.text}\tuntrusted_title={title.text}")
    return _Shown(text, counts)


def _lines_result(call: _Call, shown: Sequence[_Shown]) -> ToolResult:
    if not shown:
        return fixed(call.snap.redactor.profile, NO_MATCHES, exit_status=1)  # the CLI exits 1, like grep
    for s in shown:
        add_counts(call.counts, s.counts)
    return call.done("\n".join(s.text for s in shown))


def _cut(red: Redaction, limit: int) -> tuple[str, dict[str, int]]:
    """``red`` cut at ``limit`` characters with ``[TRUNCATED]``; counts of the placeholders kept.

    A scrubbed token has no mark offset, so its count is kept whole.
    """
    text, cut = truncate(red.text, limit)
    if not cut:
        return text, dict(red.counts)
    counts: dict[str, int] = {}
    for off, cat in zip(red.mark_offsets, red.mark_categories, strict=False):
        if off < len(text):
            counts[cat] = counts.get(cat, 0) + 1
    unmarked = red.counts.get("SECRET", 0) - sum(1 for c in red.mark_categories if c == "SECRET")
    if unmarked > 0:
        counts["SECRET"] = counts.get("SECRET", 0) + unmarked
    return text + TRUNCATED, counts


# -- operations ---------------------------------------------------------------------------------
def repos(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """The configured aliases, one per line, or ``OK``; no request is made."""
    snap = svc.snapshot()
    aliases = sorted(snap.policy.github_repos)
    if not aliases:
        return fixed(snap.redactor.profile, OK)
    return result(snap.redactor.profile, "\n".join(aliases), {})


def list_issues(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """Issues (no pull requests) by state and labels, following ``Link`` pages up to ``limit``."""
    state = _state_arg(args)
    labels = _labels_arg(args)
    limit = min(_limit(args, "limit", LIST_LIMIT), MAX_LIST)
    call = _Call(svc, args)
    top = Listing(state, tuple(labels), per_page=min(limit, gh.PAGE_SIZE))
    return _listed(call, top, IssueBudget(limit, MAX_PAGES))


def search_issues(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """One search request scoped with ``repo:``, ``is:issue`` and ``state:``; at most 100 issues."""
    query = str_arg(args, "query")
    if not query.strip() or len(query) > MAX_QUERY or not _sendable(query):
        raise RedctxError(Code.GITHUB_QUERY)
    state = _state_arg(args)
    limit = min(_limit(args, "limit", LIST_LIMIT), gh.PAGE_SIZE)
    call = _Call(svc, args)
    return _listed(call, Listing(state, query=query, per_page=limit), IssueBudget(limit, 1))


def _listed(call: _Call, top: Listing, budget: IssueBudget) -> ToolResult:
    """The lines of a listing's pages (held pages from the cache), cut at the budget's issues."""
    shown: list[_Shown] = []
    for page in call.source.scope([top], (), budget):
        if isinstance(page, Unchanged):
            lines = call.served(page)
        else:
            lines = call.keep(page.ident, tuple(_issue_line(call, _raw_issue(call, ref)) for ref in page.refs))
        shown.extend(lines[: budget.issues - len(shown)])
    return _lines_result(call, shown)


def _raw_issue(call: _Call, ref: IssueRef) -> gh.IssueRecord:
    raw = call.source.fetch(ref)
    if not isinstance(raw, RawIssue):  # a listed ref is served from its page, never revalidated
        raise RedctxError(Code.GITHUB_BAD_RESPONSE)
    return raw.record


def _number(args: Mapping[str, Any]) -> int:
    if args.get("number") is None:
        raise RedctxError(Code.MISSING_ARGS, names="number")
    number = int_arg(args, "number", None, 1)
    assert number is not None
    if number > MAX_NUMBER:
        raise RedctxError(Code.GITHUB_NUMBER)
    return number


def read_issue(svc: Service, args: Mapping[str, Any]) -> ToolResult:
    """One issue's fields and body, and with ``comments`` its first comments, oldest first."""
    number = _number(args)
    want_comments = bool_arg(args, "comments", False)
    max_comments = int_arg(args, "max_comments", COMMENTS_LIMIT, 0) or 0
    max_chars = _limit(args, "max_body_chars", BODY_CHARS)
    call = _Call(svc, args)

    def build_issue(raw: RawIssue) -> dict[str, Any]:
        rec = raw.record
        return {
            "number": rec.number,
            "state": call.shaped(rec.state, _is_state),
            "title": call.line(rec.title),
            "created_at": call.shaped(rec.created_at, _is_time),
            "updated_at": call.shaped(rec.updated_at, _is_time),
            "labels": [call.line(x) for x in rec.labels],
            "assignees": rec.assignees,
            "comments": rec.comments,
            "body": call.redact(rec.body),
        }

    got = call.source.fetch(IssueRef(number))
    if isinstance(got, Unchanged):
        issue = call.served(got)
    elif isinstance(got, RawIssue):
        issue = call.keep(got.ident, build_issue(got))
    else:
        raise RedctxError(Code.GITHUB_BAD_RESPONSE)
    if issue["number"] != number:
        raise RedctxError(Code.GITHUB_BAD_RESPONSE)
    labels = _join(issue["labels"], ", ")
    for key in ("state", "title", "created_at", "updated_at"):
        add_counts(call.counts, issue[key].counts)
    add_counts(call.counts, labels.counts)
    body, body_counts = _cut(issue["body"], max_chars)
    add_counts(call.counts, body_counts)
    lines = [
        f"repo: {call.repo.alias}",
        f"issue: #{number}",
        f"state: {issue['state'].text}",
        f"title: {issue['title'].text}",
        f"created_at: {issue['created_at'].text}",
        f"updated_at: {issue['updated_at'].text}",
        f"labels: {labels.text}".rstrip(),
        f"assignees: {issue['assignees']}",
        f"comments: {issue['comments']}",
        "body_untrusted_external:",
        body,
    ]
    if want_comments and max_comments > 0:
        def build_comments(raw: RawComments) -> tuple[tuple[str, Redaction, Redaction], ...]:
            return tuple((call.author(c.login), call.shaped(c.created_at, _is_time), call.redact(c.body))
                         for c in raw.comments)

        got_c = call.source.fetch(CommentsRef(number, min(max_comments, gh.PAGE_SIZE)))
        if isinstance(got_c, Unchanged):
            comments = call.served(got_c)
        elif isinstance(got_c, RawComments):
            comments = call.keep(got_c.ident, build_comments(got_c))
        else:
            raise RedctxError(Code.GITHUB_BAD_RESPONSE)
        for i, (author, created, text) in enumerate(comments[:max_comments], 1):
            shown, counts = _cut(text, max_chars)
            add_counts(call.counts, counts)
            add_counts(call.counts, created.counts)
            lines += ["", f"comment {i}:", f"author: {author}", f"created_at: {created.text}",
                      "comment_untrusted_external:", shown]
    return call.done("\n".join(lines))
