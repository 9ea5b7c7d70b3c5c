"""A loopback fake of the GitHub REST API (``http.server`` on 127.0.0.1, a random port).

It speaks the shapes the GitHub source uses: ``/repos/{o}/{r}/issues`` with
``state``, ``labels``, ``per_page``, ``page`` and ``Link`` headers (pull requests
mixed in, as GitHub does), ``/repos/{o}/{r}/issues/{n}`` (a pull request number
answers too), ``/repos/{o}/{r}/issues/{n}/comments`` and ``/search/issues``
(``total_count`` and ``items``), with ETags and ``304 Not Modified``.

The repo name (an ``fx-`` prefix ignored) picks a behaviour, so one server serves every test:

* ``tracker-main``: the fictional issues of ``fixtures/github/issues.json``;
* ``tracker-bulk``: 250 generated issues, every 7th number a pull request;
* ``tracker-private``: like main, but only with the right Bearer token (else 404);
* ``echo-token``: echoes the Authorization header's token in titles and bodies;
* ``status-<code>``: every request answers that status;
* ``rate-retry`` (429 + ``Retry-After: 120``) and ``rate-reset`` (403 + ``X-RateLimit-Remaining: 0``);
* ``slow`` (sleeps ``slow_seconds``), ``huge`` (an endless body, no length),
  ``huge-declared`` (a declared 9 MiB body), ``bad-shape``, ``bad-json``,
  ``redirect`` (302 elsewhere) and ``bad-link`` (a ``Link`` to another host).

Every request is recorded (path, query, headers) so tests can count upstream calls.
"""

from __future__ import annotations

import copy
import hashlib
import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "github" / "issues.json"
OWNER = "harbor-fixture-owner"
PRIVATE_TOKEN = "fake-token-Zq81xPLmW3vR"


def _issue_object(base: str, owner: str, repo: str, raw: dict, *, pull: bool = False) -> dict:
    n = raw["number"]
    obj = {
        "url": f"{base}/repos/{owner}/{repo}/issues/{n}",
        "html_url": f"https://github.example/{owner}/{repo}/issues/{n}",
        "id": 1000 + n,
        "number": n,
        "state": raw["state"],
        "title": raw["title"],
        "user": {"login": raw["user"], "html_url": f"https://github.example/{raw['user']}"},
        "labels": [{"name": name, "color": "ededed"} for name in raw["labels"]],
        "assignees": [{"login": a} for a in raw["assignees"]],
        "assignee": {"login": raw["assignees"][0]} if raw["assignees"] else None,
        "comments": raw.get("comments", 0),
        "created_at": raw["created_at"],
        "updated_at": raw["updated_at"],
        "body": raw["body"],
    }
    if pull:
        obj["pull_request"] = {"url": f"{base}/repos/{owner}/{repo}/pulls/{n}"}
    return obj


class FakeGitHub:
    """The server plus its data and request log; use :func:`running` to start and stop it."""

    def __init__(self) -> None:
        data = json.loads(FIXTURE.read_text(encoding="utf-8"))
        self.fixture = data
        self.requests: list[dict[str, Any]] = []
        self.slow_seconds = 3.0
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    # -- data --------------------------------------------------------------------------------
    def items(self, repo: str, token: str | None) -> list[dict]:
        """Issues and pull requests of ``repo``, newest number first (GitHub's default order)."""
        if repo == "tracker-bulk":
            raw = [
                {"number": n, "state": "open" if n % 3 else "closed", "title": f"Bulk issue {n}",
                 "labels": ["bulk"], "user": "bulkbot", "assignees": [], "created_at": "2026-01-01T00:00:00Z",
                 "updated_at": "2026-01-02T00:00:00Z", "body": f"Body {n}"}
                for n in range(1, 251)
            ]
            out = [_issue_object(self.base, OWNER, repo, r, pull=r["number"] % 7 == 0) for r in raw]
        else:
            comments = self.fixture["comments"]
            out = []
            for r in self.fixture["issues"]:
                r = dict(r, comments=len(comments.get(str(r["number"]), [])))
                out.append(_issue_object(self.base, OWNER, repo, r))
            out += [_issue_object(self.base, OWNER, repo, r, pull=True) for r in self.fixture["pulls"]]
            if repo == "echo-token":
                for obj in out:
                    obj["title"] = f"{obj['title']} token={token}"
                    obj["body"] = f"Echo: Authorization Bearer {token} end"
        return sorted(out, key=lambda o: -o["number"])

    def comments(self, repo: str, number: int, token: str | None) -> list[dict]:
        raw = self.fixture["comments"].get(str(number), [])
        out = []
        for i, c in enumerate(raw, 1):
            body = c["body"] if repo != "echo-token" else f"{c['body']} {token}"
            out.append({"id": number * 100 + i, "user": {"login": c["user"]} if c["user"] else None,
                        "created_at": c["created_at"], "body": body,
                        "html_url": f"https://github.example/{OWNER}/{repo}/issues/{number}#c{i}"})
        return out

    def count(self, path_part: str = "") -> int:
        with self.lock:
            return sum(1 for r in self.requests if path_part in r["path"])

    def statuses(self) -> list[int]:
        with self.lock:
            return [r["status"] for r in self.requests]

    # -- the handler ---------------------------------------------------------------------------
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:  # noqa: N802
                parts = urllib.parse.urlsplit(self.path)
                query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
                auth = self.headers.get("Authorization")
                token = auth[len("Bearer "):] if auth and auth.startswith("Bearer ") else None
                record = {"path": parts.path, "query": query, "headers": dict(self.headers.items()), "status": 0}
                self.record = record
                with fake.lock:
                    fake.requests.append(record)
                status = fake._route(self, parts.path, query, token)
                record["status"] = status

        return Handler

    def _send(self, h: BaseHTTPRequestHandler, status: int, payload: Any = None,
              headers: dict[str, str] | None = None) -> int:
        body = b"" if payload is None else json.dumps(payload).encode("utf-8")
        etag = None
        if status == 200:
            etag = 'W/"' + hashlib.sha256(body).hexdigest()[:32] + '"'
            if h.headers.get("If-None-Match") == etag:
                status, body = 304, b""
        h.record["status"] = status  # type: ignore[attr-defined]  # before the client can see the reply
        h.send_response(status)
        h.send_header("Content-Type", "application/json; charset=utf-8")
        h.send_header("Content-Length", str(len(body)))
        if etag:
            h.send_header("ETag", etag)
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        try:
            h.end_headers()
            h.wfile.write(body)
        except OSError:  # the client gave up (a timeout test)
            h.close_connection = True
        return status

    def _paged(self, h: BaseHTTPRequestHandler, path: str, query: dict, items: list) -> int:
        per_page = max(1, min(100, int(query.get("per_page", "30"))))
        page = max(1, int(query.get("page", "1")))
        chunk = items[(page - 1) * per_page: page * per_page]
        headers = {}
        if page * per_page < len(items):
            nxt = dict(query, page=str(page + 1))
            headers["Link"] = f'<{self.base}{path}?{urllib.parse.urlencode(nxt)}>; rel="next"'
        return self._send(h, 200, chunk, headers)

    def _route(self, h: BaseHTTPRequestHandler, path: str, query: dict, token: str | None) -> int:
        seg = path.strip("/").split("/")
        if seg[:2] == ["search", "issues"]:
            return self._search(h, query, token)
        if len(seg) < 4 or seg[0] != "repos" or seg[3] != "issues":
            return self._send(h, 404, {"message": "Not Found"})
        owner, repo = seg[1], seg[2]
        special = self._special(h, repo, path)
        if special is not None:
            return special
        if owner != OWNER or (repo == "tracker-private" and token != PRIVATE_TOKEN):
            return self._send(h, 404, {"message": "Not Found"})
        if repo == "bad-shape":
            return self._send(h, 200, {"unexpected": True})
        items = self.items(repo, token)
        if len(seg) == 4:
            state = query.get("state", "open")
            labels = [x for x in query.get("labels", "").split(",") if x]
            chosen = [o for o in items if state == "all" or o["state"] == state]
            chosen = [o for o in chosen if all(any(lb["name"] == x for lb in o["labels"]) for x in labels)]
            return self._paged(h, path, query, chosen)
        try:
            number = int(seg[4])
        except ValueError:
            return self._send(h, 404, {"message": "Not Found"})
        found = [o for o in items if o["number"] == number]
        if not found:
            return self._send(h, 404, {"message": "Not Found"})
        if len(seg) == 5:
            return self._send(h, 200, found[0])
        if len(seg) == 6 and seg[5] == "comments":
            return self._paged(h, path, query, self.comments(repo, number, token))
        return self._send(h, 404, {"message": "Not Found"})

    def _search(self, h: BaseHTTPRequestHandler, query: dict, token: str | None) -> int:
        q = query.get("q", "")
        words = q.split()
        repo_q = [w[5:] for w in words if w.startswith("repo:")]
        if not repo_q or "/" not in repo_q[-1]:
            return self._send(h, 422, {"message": "Validation Failed"})
        owner, repo = repo_q[-1].split("/", 1)
        special = self._special(h, repo, "/search/issues")
        if special is not None:
            return special
        if "bad:syntax(" in q:
            return self._send(h, 422, {"message": "Validation Failed", "errors": [{"message": q}]})
        if owner != OWNER or (repo == "tracker-private" and token != PRIVATE_TOKEN):
            return self._send(h, 422, {"message": "Validation Failed"})
        state = next((w[6:] for w in words if w.startswith("state:")), "all")
        terms = [w.casefold() for w in words if ":" not in w]
        items = [o for o in self.items(repo, token) if state == "all" or o["state"] == state]
        items = [o for o in items if all(t in (o["title"] + " " + (o["body"] or "")).casefold() for t in terms)]
        per_page = max(1, min(100, int(query.get("per_page", "30"))))
        # the fake ignores is:issue on purpose, so the client's own pull-request filter is exercised
        return self._send(h, 200, {"total_count": len(items), "incomplete_results": False, "items": items[:per_page]})

    def _special(self, h: BaseHTTPRequestHandler, repo: str, path: str) -> int | None:
        repo = repo.removeprefix("fx-")
        if repo.startswith("status-"):
            return self._send(h, int(repo[7:]), {"message": "Forced status", "documentation_url": "x"})
        if repo == "rate-retry":
            return self._send(h, 429, {"message": "slow down"}, {"Retry-After": "120"})
        if repo == "rate-reset":
            reset = str(int(time.time()) + 300)
            return self._send(h, 403, {"message": "API rate limit exceeded"},
                              {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": reset})
        if repo == "slow":
            time.sleep(self.slow_seconds)
            h.close_connection = True
            return self._send(h, 200, [])
        if repo == "huge":
            h.send_response(200)
            h.send_header("Content-Type", "application/json")
            h.send_header("Connection", "close")
            h.end_headers()
            chunk = b" " * 65536
            try:
                for _ in range(1000):  # 64 MiB at most; the client must stop after 8 MiB
                    h.wfile.write(chunk)
            except OSError:
                pass
            h.close_connection = True
            return 200
        if repo == "huge-declared":
            h.send_response(200)
            h.send_header("Content-Length", str(9 * 1024 * 1024))
            h.end_headers()
            h.close_connection = True
            return 200
        if repo == "bad-json":
            body = b"<html>not json</html>"
            h.send_response(200)
            h.send_header("Content-Length", str(len(body)))
            h.end_headers()
            h.wfile.write(body)
            return 200
        if repo == "redirect":
            return self._send(h, 302, None, {"Location": "http://203.0.113.9/elsewhere"})
        if repo == "bad-link":
            return self._send(h, 200, [], {"Link": '<http://203.0.113.9/steal?page=2>; rel="next"'})
        return None

    # -- lifecycle ------------------------------------------------------------------------------
    def start(self) -> FakeGitHub:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def running() -> Iterator[FakeGitHub]:
    fake = FakeGitHub().start()
    try:
        yield fake
    finally:
        fake.stop()


#: Aliases for :func:`config_toml`: alias -> repo name on the fake.
ALIASES: dict[str, str] = {
    "context": "tracker-main",
    "bulk": "tracker-bulk",
    "private": "tracker-private",
    "echo": "echo-token",
    "slow": "fx-slow",
    "huge": "fx-huge",
    "declared": "fx-huge-declared",
    "shape": "bad-shape",
    "json": "fx-bad-json",
    "redirect": "fx-redirect",
    "link": "fx-bad-link",
    "retry": "fx-rate-retry",
    "reset": "fx-rate-reset",
    **{f"s{code}": f"fx-status-{code}" for code in (401, 403, 404, 410, 422, 500)},
}


def config_toml(base: str, *, token_env: str = "REDCTX_FAKE_GH_TOKEN", aliases: dict[str, str] | None = None) -> str:
    """``[github.repos.*]`` tables pointing every alias at the fake at ``base``."""
    out = []
    for alias, repo in (ALIASES if aliases is None else aliases).items():
        out.append(f'\n[github.repos.{alias}]\nowner = "{OWNER}"\nrepo = "{repo}"\n'
                   f'token_env = "{token_env}"\napi_url = "{base}"\n')
    return "".join(out)


def raw_issue(number: int) -> dict:
    """The fixture issue or pull request ``number`` as written in the fixture file."""
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for r in data["issues"] + data["pulls"]:
        if r["number"] == number:
            return copy.deepcopy(r)
    raise KeyError(number)


def make_root(dest: Path, base: str, *, aliases: dict[str, str] | None = None) -> Path:
    """A copy of the fixture corpus at ``dest`` whose config also maps the fake's aliases."""
    import shutil

    shutil.copytree(FIXTURE.parents[1] / "corpus", dest)
    cfg = dest / ".agent-context-redactor.toml"
    cfg.write_text(cfg.read_text(encoding="utf-8") + config_toml(base, aliases=aliases), encoding="utf-8")
    return dest
