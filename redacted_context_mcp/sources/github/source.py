"""The GitHub issues source: the source seam (:mod:`sources.base`) over one configured repo.

References are issue numbers (:class:`IssueRef`) and an issue's comments
(:class:`CommentsRef`); scope tops are listings (:class:`Listing`: the repo's
issues by state and labels, or one search query). Like :class:`FileSource` it
never redacts: ``fetch`` returns raw records (:class:`RawIssue`,
:class:`RawComments`, both :class:`Raw`), and the service redacts them.

Where issues do not fit the file-shaped seam, and how it is adapted:

* **Revalidation.** A file's ``ident`` is a cheap ``stat`` taken before the
  read; a remote issue's current version costs the same request as the issue
  itself. So the check and the fetch are one conditional request: the caller
  hands the source a ``held`` lookup (request URL -> the :class:`Version` whose
  redacted form it keeps), the source sends that version's ETag as
  ``If-None-Match``, and a ``304`` comes back as :class:`sources.base.Unchanged`
  instead of a :class:`Raw`. The caller then serves its own redacted copy; the
  source never stores anything across calls.
* **Paging.** GitHub versions a listing by page (one ETag per response), and a
  listing response already carries every listed issue's raw fields. So
  ``scope`` yields one item per page: a :class:`ListedPage` (its version and its
  refs, pull requests left out) or ``Unchanged(version)``; ``fetch`` of a listed
  ref returns the record from that page without another request (the records of
  a page are dropped when the next page is requested, so fetch the refs of a
  page before advancing). ``globs`` mean nothing for issues and are ignored.
* **Budget.** The budget is :class:`IssueBudget` (issues wanted, pages at most),
  not the file byte budget: the source stops requesting pages once enough
  issues were listed, and the caller cuts the last page.

``ident`` is what changes when an issue changes: its ``updated_at`` (GitHub
bumps it on every edit and new comment) and the ETag of the response it came
from. Every raw record carries its :class:`Version` (URL, ETag, ``updated_at``,
next page, issue count) as ``Raw.ident``.

Imports: errors, sources.base, sources.github.client.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.sources.base import Raw, Unchanged
from redacted_context_mcp.sources.github import client as gh

__all__ = ["CommentsRef", "GithubSource", "IssueBudget", "IssueRef", "ListedPage", "Listing", "RawComments",
           "RawIssue", "Version"]


@dataclass(frozen=True)
class Version:
    """One version of one GitHub response: what the caller caches a redacted form under."""

    url: str  # the request it answers (never carries the token)
    etag: str | None  # GitHub changes it whenever the body changes
    updated_at: str = ""  # an issue's updated_at
    next_url: str | None = None  # a listing page's rel="next"
    issues: int = 0  # a listing page's issues (pull requests left out)


@dataclass(frozen=True)
class Listing:
    """A scope top: the repo's issues by ``state`` and ``labels``, or a search for ``query``."""

    state: str
    labels: tuple[str, ...] = ()
    query: str | None = None
    per_page: int = gh.PAGE_SIZE


@dataclass(frozen=True)
class IssueRef:
    """One issue by number; ``updated_at`` is known when it was listed."""

    number: int
    updated_at: str = ""


@dataclass(frozen=True)
class CommentsRef:
    """The first ``per_page`` comments of issue ``number``, oldest first."""

    number: int
    per_page: int


@dataclass(frozen=True)
class ListedPage:
    """One listing response: its version and the issues on it (pull requests left out)."""

    ident: Version
    refs: tuple[IssueRef, ...]


@dataclass(frozen=True, slots=True)
class RawIssue(Raw):
    """An issue as GitHub sent it: ``text`` is the raw body, ``record`` every raw field."""

    record: gh.IssueRecord


@dataclass(frozen=True, slots=True)
class RawComments(Raw):
    """An issue's comments as GitHub sent them (``text`` is unused: each record has its body)."""

    comments: tuple[gh.CommentRecord, ...]


@dataclass
class IssueBudget:
    """How far one scope may go: ``issues`` wanted, ``pages`` requested at most."""

    issues: int
    pages: int
    listed: int = 0
    requested: int = 0

    def more(self) -> bool:
        return self.listed < self.issues and self.requested < self.pages


Held = Callable[[str], Version | None]


def _nothing_held(url: str) -> None:
    return None


class GithubSource:
    """Issues of one configured repo through one :class:`client.GithubClient` (one per tool call)."""

    name = "github"

    def __init__(self, client: gh.GithubClient, held: Held = _nothing_held) -> None:
        self.client = client
        self._held = held
        self._listed: dict[int, tuple[gh.IssueRecord, Version]] = {}

    def __repr__(self) -> str:
        return f"GithubSource(alias={self.client.repo.alias!r})"

    # -- requests ---------------------------------------------------------------------------------
    def _get(self, url: str, not_found: Code) -> tuple[gh.Page, Version | None]:
        held = self._held(url)
        page = self.client.fetch(url, not_found, held.etag if held is not None else None)
        return page, held

    def url_of(self, ref: IssueRef | CommentsRef) -> str:
        if isinstance(ref, CommentsRef):
            return self.client.comments_url(ref.number, ref.per_page)
        return self.client.issue_url(ref.number)

    # -- the Source interface ---------------------------------------------------------------------
    def scope(self, tops: Iterable[Listing], globs: Iterable[str],
              budget: IssueBudget) -> Iterator[ListedPage | Unchanged]:
        """The pages of every listing, following ``Link`` while the budget wants more issues.

        A search is one request (GitHub's search pages are not followed).
        """
        del globs  # issues have no paths
        for top in tops:
            search = top.query is not None
            if search:
                url: str | None = self.client.search_url(top.query or "", top.state, top.per_page)
            else:
                url = self.client.issues_url(top.state, top.labels, top.per_page)
            while url and budget.more():
                page, held = self._get(url, Code.GITHUB_REPO_NOT_FOUND)
                budget.requested += 1
                if page.not_modified and held is not None:
                    budget.listed += held.issues
                    url = held.next_url
                    yield Unchanged(held)
                    continue
                records = gh.parse_search(page.data) if search else gh.parse_issue_list(page.data)
                version = Version(url, page.etag, next_url=page.next_url, issues=len(records))
                self._listed = {r.number: (r, version) for r in records}
                budget.listed += len(records)
                url = page.next_url
                yield ListedPage(version, tuple(IssueRef(r.number, r.updated_at) for r in records))
                if search:
                    break

    def ident(self, ref: IssueRef | CommentsRef) -> tuple[str, int, str, str | None]:
        """``(alias, number, updated_at, ETag)`` as far as known without a request."""
        held = self._held(self.url_of(ref))
        updated = ref.updated_at if isinstance(ref, IssueRef) else ""
        return (self.client.repo.alias, ref.number, updated or (held.updated_at if held else ""),
                held.etag if held else None)

    def fetch(self, ref: IssueRef | CommentsRef, budget: IssueBudget | None = None) -> Raw | Unchanged:
        """The raw issue (or its comments), or ``Unchanged`` when the held version is current.

        A listed issue comes from its page without a request. A pull request number
        fails as ``GITHUB_NOT_FOUND``; an answer for another number fails closed.
        """
        del budget
        name = f"{self.client.repo.alias}#{ref.number}"
        if isinstance(ref, CommentsRef):
            url = self.url_of(ref)
            page, held = self._get(url, Code.GITHUB_NOT_FOUND)
            if page.not_modified and held is not None:
                return Unchanged(held)
            return RawComments(Version(url, page.etag), name, "", tuple(gh.parse_comments(page.data)))
        listed = self._listed.pop(ref.number, None)
        if listed is not None:
            rec, version = listed
            return RawIssue(Version(version.url, version.etag, rec.updated_at), name, rec.body, rec)
        url = self.url_of(ref)
        page, held = self._get(url, Code.GITHUB_NOT_FOUND)
        if page.not_modified and held is not None:
            return Unchanged(held)
        rec = gh.parse_issue(page.data)
        if rec is None:  # a pull request is not an issue here
            raise RedctxError(Code.GITHUB_NOT_FOUND)
        if rec.number != ref.number:
            raise RedctxError(Code.GITHUB_BAD_RESPONSE)
        return RawIssue(Version(url, page.etag, rec.updated_at), name, rec.body, rec)
