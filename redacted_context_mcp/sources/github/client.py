"""The GitHub REST client: URLs, conditional GETs, status mapping, ``Link`` pagination, raw records.

Raw JSON in, raw records out; nothing here redacts (the service does). Every
status of the issue maps to a fixed error: 401, 403 (rate limited or not),
404 (the caller says whether a repo or an issue was missing), 410, 422, 429,
anything else by number only. A body that is not the JSON shape expected fails
closed with ``GITHUB_BAD_RESPONSE``. Pull requests (objects carrying
``pull_request``) are dropped by the record parsers, so no caller can show one.

Imports: errors, github_config, sources.github.http.
"""

from __future__ import annotations

import json
import re
import time
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.github_config import GithubRepo
from redacted_context_mcp.sources.github import http

PAGE_SIZE = 100
API_VERSION = "2022-11-28"
MAX_RETRY_SECONDS = 86_400
_LINK_NEXT = re.compile(r'<([^<>\s]{1,4096})>\s{0,8};[^,]{0,200}?\brel="?next"?')
_ETAG = re.compile(r'(?:W/)?"[\x21\x23-\x7e]{0,200}"')

Getter = Callable[..., http.Response]


@dataclass(frozen=True)
class IssueRecord:
    """One issue as GitHub sent it (raw text: never shown before the service redacts it)."""

    number: int
    state: str
    title: str
    labels: tuple[str, ...]
    comments: int
    created_at: str
    updated_at: str
    assignees: int
    body: str


@dataclass(frozen=True)
class CommentRecord:
    """One comment: the author's raw login (``None`` for a deleted account), time and body."""

    login: str | None
    created_at: str
    body: str


@dataclass(frozen=True)
class Page:
    """One response: ``not_modified`` (a 304 for the ETag sent) or decoded ``data``, plus paging."""

    not_modified: bool
    etag: str | None
    next_url: str | None
    data: Any = None


def _bad() -> RedctxError:
    return RedctxError(Code.GITHUB_BAD_RESPONSE)


def _retry_seconds(headers: Mapping[str, str], now: float) -> int | None:
    """Seconds until GitHub allows requests again, or ``None`` when the response is no rate limit."""
    after = headers.get("retry-after", "").strip()
    if after.isdigit():
        return min(int(after[:6]), MAX_RETRY_SECONDS)
    if headers.get("x-ratelimit-remaining", "").strip() == "0":
        reset = headers.get("x-ratelimit-reset", "").strip()
        if reset.isdigit():
            return max(0, min(int(reset[:12]) - int(now), MAX_RETRY_SECONDS))
        return 60
    return None


def check_status(resp: http.Response, not_found: Code, *, now: float | None = None) -> None:
    """Raise the fixed error for an error status (200 and 304 pass)."""
    status = resp.status
    if status in (200, 304):
        return
    if status in (403, 429):
        wait = _retry_seconds(resp.headers, time.time() if now is None else now)
        if wait is not None or status == 429:
            raise RedctxError(Code.GITHUB_RATE_LIMITED, seconds=60 if wait is None else wait)
        raise RedctxError(Code.GITHUB_FORBIDDEN)
    codes = {401: Code.GITHUB_AUTH, 404: not_found, 410: Code.GITHUB_GONE, 422: Code.GITHUB_INVALID}
    if status in codes:
        raise RedctxError(codes[status])
    raise RedctxError(Code.GITHUB_HTTP, status=status if 100 <= status <= 599 else 0)


class GithubClient:
    """Requests for one configured repo; the token is passed in per client (read at call time)."""

    def __init__(
        self,
        repo: GithubRepo,
        token: str | None,
        *,
        timeout: float = http.TIMEOUT_SECONDS,
        max_bytes: int = http.MAX_RESPONSE_BYTES,
        getter: Getter = http.get,
    ) -> None:
        self.repo = repo
        self._token = token or None
        self.timeout = timeout
        self.max_bytes = max_bytes
        self._get = getter
        parts = urllib.parse.urlsplit(repo.api_url)
        self._host = parts.hostname or ""
        self._base = repo.api_url
        self._repo_path = f"/repos/{urllib.parse.quote(repo.owner)}/{urllib.parse.quote(repo.repo)}"

    def __repr__(self) -> str:  # neither the token nor owner/repo
        return f"GithubClient(alias={self.repo.alias!r})"

    # -- URLs ---------------------------------------------------------------------------------
    def _url(self, path: str, params: Mapping[str, Any] | None = None) -> str:
        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        return f"{self._base}{path}{query}"

    def issues_url(self, state: str, labels: Sequence[str], per_page: int) -> str:
        params: dict[str, Any] = {"state": state, "per_page": per_page, "page": 1}
        if labels:
            params["labels"] = ",".join(labels)
        return self._url(f"{self._repo_path}/issues", params)

    def issue_url(self, number: int) -> str:
        return self._url(f"{self._repo_path}/issues/{number}")

    def comments_url(self, number: int, per_page: int) -> str:
        return self._url(f"{self._repo_path}/issues/{number}/comments", {"per_page": per_page, "page": 1})

    def search_url(self, query: str, state: str, per_page: int) -> str:
        q = f"{query} repo:{self.repo.owner}/{self.repo.repo} is:issue"
        if state != "all":
            q += f" state:{state}"
        return self._url("/search/issues", {"q": q, "per_page": per_page, "page": 1})

    # -- requests ------------------------------------------------------------------------------
    def _headers(self, etag: str | None) -> dict[str, str]:
        headers = {
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": API_VERSION,
            "User-Agent": http.USER_AGENT,
        }
        if self._token:
            headers["Authorization"] = f"Bearer {self._token}"
        if etag:
            headers["If-None-Match"] = etag
        return headers

    def _next(self, link: str | None) -> str | None:
        """The ``rel="next"`` URL, which must stay under the configured API base (else fail closed)."""
        if not link:
            return None
        m = _LINK_NEXT.search(link)
        if m is None:
            return None
        url = m.group(1)
        if not url.startswith(self._base + "/") or any(ord(c) < 0x21 or ord(c) > 0x7e for c in url):
            raise _bad()  # following it could send the token elsewhere
        return url

    def fetch(self, url: str, not_found: Code, etag: str | None = None) -> Page:
        """One conditional GET of ``url`` (built by this client or taken from a checked ``Link``)."""
        resp = self._get(url, self._host, self._headers(etag), timeout=self.timeout, max_bytes=self.max_bytes)
        check_status(resp, not_found)
        got_etag = resp.headers.get("etag", "").strip()
        got_etag = got_etag if _ETAG.fullmatch(got_etag) else None
        next_url = self._next(resp.headers.get("link"))
        if resp.status == 304:
            if etag is None:
                raise _bad()
            return Page(True, got_etag or etag, next_url)
        try:
            data = json.loads(resp.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise _bad() from None
        return Page(False, got_etag, next_url, data)


# -- records -----------------------------------------------------------------------------------
def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise _bad()
    return value


def _text(value: Any, *, optional: bool = False) -> str:
    if value is None and optional:
        return ""
    if not isinstance(value, str):
        raise _bad()
    return value


def _labels(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise _bad()
    out = []
    for item in value:
        name = item.get("name") if isinstance(item, dict) else item
        out.append(_text(name))
    return tuple(out)


def is_pull_request(obj: Any) -> bool:
    return isinstance(obj, dict) and "pull_request" in obj


def parse_issue(obj: Any) -> IssueRecord | None:
    """An issue object as a record; ``None`` for a pull request; ``GITHUB_BAD_RESPONSE`` if malformed."""
    if not isinstance(obj, dict):
        raise _bad()
    if is_pull_request(obj):
        return None
    number = _count(obj.get("number"))
    if number < 1:
        raise _bad()
    assignees = obj.get("assignees")
    if assignees is None:
        assignees = [] if obj.get("assignee") is None else [obj.get("assignee")]
    if not isinstance(assignees, list):
        raise _bad()
    return IssueRecord(
        number=number,
        state=_text(obj.get("state")),
        title=_text(obj.get("title"), optional=True),
        labels=_labels(obj.get("labels")),
        comments=_count(obj.get("comments", 0)),
        created_at=_text(obj.get("created_at"), optional=True),
        updated_at=_text(obj.get("updated_at"), optional=True),
        assignees=len(assignees),
        body=_text(obj.get("body"), optional=True),
    )


def parse_issue_list(data: Any) -> list[IssueRecord]:
    """A list response (``/issues``) without its pull requests."""
    if not isinstance(data, list):
        raise _bad()
    return [r for r in map(parse_issue, data) if r is not None]


def parse_search(data: Any) -> list[IssueRecord]:
    """A ``/search/issues`` response's items without pull requests."""
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise _bad()
    _count(data.get("total_count", 0))
    return parse_issue_list(data["items"])


def parse_comments(data: Any) -> list[CommentRecord]:
    if not isinstance(data, list):
        raise _bad()
    out = []
    for obj in data:
        if not isinstance(obj, dict):
            raise _bad()
        user = obj.get("user")
        login = user.get("login") if isinstance(user, dict) else None
        if login is not None and not isinstance(login, str):
            raise _bad()
        out.append(CommentRecord(login or None, _text(obj.get("created_at"), optional=True),
                                 _text(obj.get("body"), optional=True)))
    return out
