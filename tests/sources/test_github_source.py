"""The GitHub source on the source seam, against the loopback fake (real HTTP, no redactor)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import GithubRepo
from redacted_context_mcp.sources.base import Raw, Unchanged
from redacted_context_mcp.sources.github import client as gh
from redacted_context_mcp.sources.github import http
from redacted_context_mcp.sources.github.source import (
    CommentsRef,
    GithubSource,
    IssueBudget,
    IssueRef,
    ListedPage,
    Listing,
    RawComments,
    RawIssue,
    Version,
)
from tests.sources import github_fake as gf


@pytest.fixture(scope="module")
def fake() -> Iterator[gf.FakeGitHub]:
    with gf.running() as f:
        yield f


def source(fake: gf.FakeGitHub, repo: str = "tracker-main", held: dict[str, Version] | None = None) -> GithubSource:
    client = gh.GithubClient(GithubRepo("context", gf.OWNER, repo, api_url=fake.base), None)
    return GithubSource(client, (held or {}).get)


def test_scope_yields_listing_pages_of_issue_refs_without_pull_requests(fake):
    pages = list(source(fake).scope([Listing("all")], (), IssueBudget(30, 20)))
    assert len(pages) == 1 and isinstance(pages[0], ListedPage)
    numbers = [r.number for r in pages[0].refs]
    expected = sorted((i["number"] for i in fake.fixture["issues"]), reverse=True)
    assert numbers == expected  # the fixture's pull requests (8, 9) are left out
    assert pages[0].ident.etag and pages[0].ident.issues == len(numbers)


def test_scope_stops_requesting_pages_once_the_budget_has_enough_issues(fake):
    before = fake.count("/issues")
    budget = IssueBudget(150, 20)
    pages = list(source(fake, "tracker-bulk").scope([Listing("all")], (), budget))
    assert len(pages) == 2 and fake.count("/issues") - before == 2
    assert budget.listed == sum(len(p.refs) for p in pages) >= 150
    assert pages[0].ident.next_url == pages[1].ident.url
    assert all(r.number % 7 for p in pages for r in p.refs)


def test_a_search_listing_is_one_request(fake):
    before = fake.count()
    pages = list(source(fake, "tracker-bulk").scope([Listing("all", query="bulk", per_page=100)], (),
                                                     IssueBudget(500, 20)))
    assert len(pages) == 1 and fake.count() - before == 1


def test_fetch_of_a_listed_ref_returns_its_raw_record_without_a_request(fake):
    src = source(fake)
    (page,) = src.scope([Listing("all")], (), IssueBudget(30, 20))
    n = fake.count()
    raw = src.fetch(page.refs[-1])
    assert fake.count() == n
    assert isinstance(raw, RawIssue) and isinstance(raw, Raw)
    assert raw.record.number == 1 and raw.text == gf.raw_issue(1)["body"]  # raw: the source never redacts
    assert raw.name == "context#1" and raw.ident.updated_at == gf.raw_issue(1)["updated_at"]


def test_a_held_version_is_revalidated_and_answered_unchanged(fake):
    first = source(fake).fetch(IssueRef(1))
    assert isinstance(first, RawIssue) and first.ident.etag
    held = {first.ident.url: first.ident}
    again = source(fake, held=held).fetch(IssueRef(1))
    assert again == Unchanged(first.ident)
    assert fake.requests[-1]["status"] == 304
    assert fake.requests[-1]["headers"]["If-None-Match"] == first.ident.etag
    (page,) = source(fake).scope([Listing("all")], (), IssueBudget(30, 20))
    (same,) = source(fake, held={page.ident.url: page.ident}).scope([Listing("all")], (), IssueBudget(30, 20))
    assert same == Unchanged(page.ident)


def test_ident_is_updated_at_and_etag_and_changes_with_them(fake):
    src = source(fake)
    assert src.ident(IssueRef(1)) == ("context", 1, "", None)  # nothing known before a request
    raw = src.fetch(IssueRef(1))
    held = source(fake, held={raw.ident.url: raw.ident})
    assert held.ident(IssueRef(1)) == ("context", 1, raw.ident.updated_at, raw.ident.etag)
    assert held.ident(IssueRef(1, "2026-03-01T00:00:00Z")) != held.ident(IssueRef(1))


def test_comments_come_oldest_first_as_raw_records(fake):
    raw = source(fake).fetch(CommentsRef(1, 100))
    assert isinstance(raw, RawComments)
    fixture = fake.fixture["comments"]["1"]
    assert [c.body for c in raw.comments] == [c["body"] for c in fixture]


def test_a_pull_request_number_is_not_an_issue(fake):
    with pytest.raises(RedctxError) as err:
        source(fake).fetch(IssueRef(8))
    assert err.value.code is Code.GITHUB_NOT_FOUND


def test_the_timeout_override_is_bounded_and_defaults_to_30_seconds():
    env = http.TIMEOUT_ENV
    assert http.timeout_seconds({}) == 30.0
    assert http.timeout_seconds({env: "2.5"}) == 2.5
    assert http.timeout_seconds({env: "0"}) == http.TIMEOUT_BOUNDS[0]
    assert http.timeout_seconds({env: "100000"}) == http.TIMEOUT_BOUNDS[1]
    for bad in ("", "soon", "nan", "inf", "1e999"):
        assert http.timeout_seconds({env: bad}) == 30.0
