"""The GitHub client without a network: status mapping, Link parsing, record shapes, headers."""

from __future__ import annotations

from typing import Any

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import GithubRepo
from redacted_context_mcp.sources.github import client as gh
from redacted_context_mcp.sources.github.http import Response

REPO = GithubRepo("context", "acme-owner", "tracker", "GITHUB_TOKEN", "https://ghe.example.test/api/v3")


def _status(status: int, headers: dict[str, str] | None = None, not_found: Code = Code.GITHUB_NOT_FOUND) -> Code:
    with pytest.raises(RedctxError) as err:
        gh.check_status(Response(status, headers or {}, b""), not_found, now=1_000)
    return err.value.code


def test_error_statuses_map_to_fixed_codes():
    assert _status(401) is Code.GITHUB_AUTH
    assert _status(403) is Code.GITHUB_FORBIDDEN
    assert _status(404) is Code.GITHUB_NOT_FOUND
    assert _status(404, not_found=Code.GITHUB_REPO_NOT_FOUND) is Code.GITHUB_REPO_NOT_FOUND
    assert _status(410) is Code.GITHUB_GONE and _status(422) is Code.GITHUB_INVALID
    assert _status(429) is Code.GITHUB_RATE_LIMITED and _status(503) is Code.GITHUB_HTTP
    gh.check_status(Response(200, {}, b""), Code.GITHUB_NOT_FOUND)
    gh.check_status(Response(304, {}, b""), Code.GITHUB_NOT_FOUND)


def test_rate_limit_waits_come_from_retry_after_or_the_reset_time_and_are_bounded():
    def message(headers: dict[str, str], status: int = 403) -> str:
        with pytest.raises(RedctxError) as err:
            gh.check_status(Response(status, headers, b""), Code.GITHUB_NOT_FOUND, now=1_000)
        return err.value.message

    assert message({"retry-after": "7"}) == "GitHub rate limit reached. Retry in 7 seconds."
    assert message({"x-ratelimit-remaining": "0", "x-ratelimit-reset": "1300"}).endswith("in 300 seconds.")
    assert message({"x-ratelimit-remaining": "0", "x-ratelimit-reset": "10"}).endswith("in 0 seconds.")
    assert message({"retry-after": "9" * 40}).endswith(f"in {gh.MAX_RETRY_SECONDS} seconds.")
    assert message({}, 429).endswith("in 60 seconds.")
    assert message({"retry-after": "Wed, 21 Oct 2026 07:28:00 GMT"}, 429).endswith("in 60 seconds.")


class _Getter:
    def __init__(self, resp: Response) -> None:
        self.resp = resp
        self.calls: list[tuple[str, dict[str, str]]] = []

    def __call__(self, url: str, host: str, headers: dict[str, str], **kw: Any) -> Response:
        self.calls.append((url, dict(headers)))
        return self.resp


def test_requests_carry_bearer_version_and_if_none_match_and_urls_are_scoped():
    get = _Getter(Response(200, {"etag": 'W/"abc"'}, b"[]"))
    client = gh.GithubClient(REPO, "tok-123", getter=get)
    page = client.fetch(client.issues_url("open", ["bug", "a b"], 5), Code.GITHUB_REPO_NOT_FOUND, 'W/"old"')
    url, headers = get.calls[0]
    assert url == "https://ghe.example.test/api/v3/repos/acme-owner/tracker/issues?state=open&per_page=5&page=1&labels=bug%2Ca+b"
    assert headers["Authorization"] == "Bearer tok-123" and headers["If-None-Match"] == 'W/"old"'
    assert headers["X-GitHub-Api-Version"] == gh.API_VERSION
    assert page.etag == 'W/"abc"' and page.data == []
    assert "tok-123" not in repr(client) and "acme-owner" not in repr(client)
    search = client.search_url("timeout label:bug", "closed", 100)
    assert "q=timeout+label%3Abug+repo%3Aacme-owner%2Ftracker+is%3Aissue+state%3Aclosed" in search
    assert "state%3A" not in client.search_url("x", "all", 1)


def test_no_token_means_no_authorization_header():
    get = _Getter(Response(200, {}, b"[]"))
    gh.GithubClient(REPO, None, getter=get).fetch(REPO.api_url + "/x", Code.GITHUB_NOT_FOUND)
    assert "Authorization" not in get.calls[0][1]


def test_a_next_link_must_stay_under_the_api_base():
    base = REPO.api_url
    ok = _Getter(Response(200, {"link": f'<{base}/repos/a/b/issues?page=2>; rel="next", <{base}/x?page=9>; rel="last"'},
                          b"[]"))
    assert gh.GithubClient(REPO, None, getter=ok).fetch(base + "/x", Code.GITHUB_NOT_FOUND).next_url == (
        f"{base}/repos/a/b/issues?page=2")
    for link in ('<https://evil.example/api/v3/x?page=2>; rel="next"', f'<{base}.evil.example/x>; rel="next"'):
        bad = _Getter(Response(200, {"link": link}, b"[]"))
        with pytest.raises(RedctxError) as err:
            gh.GithubClient(REPO, "tok", getter=bad).fetch(base + "/x", Code.GITHUB_NOT_FOUND)
        assert err.value.code is Code.GITHUB_BAD_RESPONSE


def test_a_304_without_an_etag_sent_fails_closed():
    get = _Getter(Response(304, {}, b""))
    with pytest.raises(RedctxError):
        gh.GithubClient(REPO, None, getter=get).fetch(REPO.api_url + "/x", Code.GITHUB_NOT_FOUND)
    client = gh.GithubClient(REPO, None, getter=get)
    assert client.fetch(REPO.api_url + "/x", Code.GITHUB_NOT_FOUND, 'W/"e"').not_modified


ISSUE = {"number": 3, "state": "open", "title": "t", "labels": [{"name": "bug"}, "raw"], "comments": 2,
         "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-02T00:00:00Z", "assignees": [{}, {}],
         "body": None}


def test_records_drop_pull_requests_and_keep_counts():
    rec = gh.parse_issue(ISSUE)
    assert rec is not None and rec.labels == ("bug", "raw") and rec.assignees == 2 and rec.body == ""
    assert gh.parse_issue({**ISSUE, "pull_request": {}}) is None
    assert [r.number for r in gh.parse_issue_list([ISSUE, {**ISSUE, "number": 4, "pull_request": {}}])] == [3]
    assert [r.number for r in gh.parse_search({"total_count": 2, "items": [ISSUE]})] == [3]


@pytest.mark.parametrize(
    "bad",
    [
        {**ISSUE, "number": True},
        {**ISSUE, "number": 0},
        {**ISSUE, "number": "3"},
        {**ISSUE, "comments": -1},
        {**ISSUE, "title": 5},
        {**ISSUE, "labels": "bug"},
        {**ISSUE, "labels": [{"name": 1}]},
        {**ISSUE, "assignees": {}},
        "not an object",
    ],
)
def test_a_malformed_issue_fails_closed(bad):
    with pytest.raises(RedctxError) as err:
        gh.parse_issue(bad)
    assert err.value.code is Code.GITHUB_BAD_RESPONSE


def test_malformed_lists_search_and_comments_fail_closed():
    for fn, data in ((gh.parse_issue_list, {}), (gh.parse_search, []), (gh.parse_search, {"items": {}}),
                     (gh.parse_comments, {}), (gh.parse_comments, [{"user": {"login": 5}}]), (gh.parse_comments, [1])):
        with pytest.raises(RedctxError):
            fn(data)
    assert gh.parse_comments([{"user": None, "body": "x"}])[0].login is None
