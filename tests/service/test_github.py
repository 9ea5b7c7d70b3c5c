"""GitHub operations through the service against the loopback fake GitHub (real HTTP, real redactor)."""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from redacted_context_mcp import app, render
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.service import github as ghs
from redacted_context_mcp.service import rehydrate, writes
from redacted_context_mcp.tools import TOOLS_BY_NAME, check_args, resolve_handler
from tests.invariants import invariant
from tests.sources import github_fake as gf
from tests.sweep_helpers import find_leaks

TOKEN_ENV = "REDCTX_FAKE_GH_TOKEN"
LINE_RE = re.compile(
    r"(?P<alias>[a-z0-9_-]+)#(?P<n>\d+)\tstate=(?P<state>[^\t]*)\tupdated=[^\t]*\tcomments=\d+"
    r"\tlabels=[^\t]*\tuntrusted_title=[^\t\n]*"
)


@pytest.fixture(scope="module")
def fake() -> Iterator[gf.FakeGitHub]:
    with gf.running() as f:
        yield f


@pytest.fixture
def root(tmp_path: Path, fake: gf.FakeGitHub, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REDACTED_CONTEXT_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    return gf.make_root(tmp_path / "kb", fake.base)


@pytest.fixture
def svc(root: Path) -> Any:
    return app.build_service(app.make_options(root))


def call(svc: Any, tool: str, **args: Any) -> Any:
    spec = TOOLS_BY_NAME[tool]
    return resolve_handler(spec.handler)(svc, check_args(spec, args))


def text(svc: Any, tool: str, **args: Any) -> str:
    return render.cli_text(call(svc, tool, **args))


def error(svc: Any, tool: str, **args: Any) -> RedctxError:
    with pytest.raises(RedctxError) as err:
        call(svc, tool, **args)
    return err.value


def raw_values() -> list[str]:
    """Raw values of the fake that are not canaries: logins, owner, repo, URLs."""
    return [gf.OWNER, "tracker-main", f"{gf.OWNER}/tracker-main", "tblaszczyk", "marisol_ov", "github.example",
            "127.0.0.1", gf.PRIVATE_TOKEN]


def assert_clean(out: str) -> None:
    assert not find_leaks(out), find_leaks(out)
    low = out.casefold()
    for v in raw_values():
        assert v.casefold() not in low, v


# -- repos ----------------------------------------------------------------------------------
def test_repos_lists_the_configured_aliases_and_makes_no_request(svc, fake):
    before = fake.count()
    out = text(svc, "redctx_github_repos")
    assert out.splitlines() == sorted(gf.ALIASES)
    assert fake.count() == before
    assert_clean(out)


def test_repos_says_ok_when_none_is_configured(tmp_path, monkeypatch):
    monkeypatch.setenv("REDACTED_CONTEXT_STATE_DIR", str(tmp_path / "state"))
    (tmp_path / "kb").mkdir()
    svc = app.build_service(app.make_options(tmp_path / "kb"))
    assert text(svc, "redctx_github_repos") == "OK\n"
    assert error(svc, "redctx_github_list_issues").code is Code.GITHUB_UNKNOWN_ALIAS


# -- list ------------------------------------------------------------------------------------
@invariant("GH-2")
def test_list_shows_redacted_issue_lines_and_never_a_pull_request(svc):
    out = text(svc, "redctx_github_list_issues", state="all")
    lines = out.splitlines()
    assert all(LINE_RE.fullmatch(x) for x in lines), lines
    numbers = [int(LINE_RE.fullmatch(x)["n"]) for x in lines]
    assert numbers == [7, 6, 5, 4, 3, 2, 1]  # 8 and 9 are pull requests
    assert "[CLIENT_" in out and "[PERSON_" in out
    assert_clean(out)


def test_list_filters_by_state_and_by_every_label(svc):
    closed = text(svc, "redctx_github_list_issues", state="closed")
    assert [int(LINE_RE.fullmatch(x)["n"]) for x in closed.splitlines()] == [6, 3]
    both = text(svc, "redctx_github_list_issues", state="all", labels=["bug", "client"])
    assert [int(LINE_RE.fullmatch(x)["n"]) for x in both.splitlines()] == [6]
    assert text(svc, "redctx_github_list_issues", labels=["no-such-label"]) == "No matches.\n"


def test_list_follows_link_pages_up_to_limit_and_skips_pull_requests(svc, fake):
    before = fake.count("/issues")
    out = text(svc, "redctx_github_list_issues", repo_alias="bulk", state="all", limit=150)
    numbers = [int(LINE_RE.fullmatch(x)["n"]) for x in out.splitlines()]
    expected = [n for n in range(250, 0, -1) if n % 7][:150]
    assert numbers == expected
    assert fake.count("/issues") - before == 2  # pages of 100, the second reached by its Link header
    pages = [r["query"] for r in fake.requests[-2:]]
    assert [p["per_page"] for p in pages] == ["100", "100"] and [p["page"] for p in pages] == ["1", "2"]


def test_a_small_limit_asks_for_a_small_page(svc, fake):
    out = text(svc, "redctx_github_list_issues", state="all", limit=3)
    assert len(out.splitlines()) == 3
    assert fake.requests[-1]["query"]["per_page"] == "3"


# -- conditional requests -----------------------------------------------------------------------
@invariant("GH-4")
def test_a_repeated_list_is_served_from_the_etag_cache_on_a_304(svc, fake):
    first = text(svc, "redctx_github_list_issues", state="all")
    n = len(fake.requests)
    second = text(svc, "redctx_github_list_issues", state="all")
    assert second == first
    assert len(fake.requests) == n + 1  # one upstream request, answered 304
    assert fake.requests[-1]["status"] == 304
    assert fake.requests[-1]["headers"].get("If-None-Match", "").startswith('W/"')


@invariant("GH-4")
def test_the_cache_holds_redacted_text_only_and_is_dropped_on_a_policy_change(svc, root, fake):
    text(svc, "redctx_github_read_issue", number=1, comments=True)
    st = ghs.state_of(svc)
    blob = repr([e.value for e in st.entries.values()])
    assert st.entries and not find_leaks(blob)
    cfg = root / ".agent-context-redactor.toml"
    before = svc.generation
    more = cfg.read_text(encoding="utf-8").replace('Copperleaf"]', 'Copperleaf", "Zebra Quartz"]')
    cfg.write_text(more, encoding="utf-8")
    future = time.time() + 5
    os.utime(cfg, (future, future))
    text(svc, "redctx_github_read_issue", number=1)
    assert svc.generation != before
    assert fake.requests[-1]["status"] == 200  # no If-None-Match after the policy changed
    assert "If-None-Match" not in fake.requests[-1]["headers"]


# -- read --------------------------------------------------------------------------------------
@invariant("GH-2")
def test_read_shows_fields_body_and_comments_with_opaque_authors(svc):
    out = text(svc, "redctx_github_read_issue", number=1, comments=True)
    lines = out.splitlines()
    assert lines[:3] == ["repo: context", "issue: #1", "state: open"]
    for key in ("title:", "created_at: 2026-01-05T09:00:00Z", "updated_at:", "labels:", "assignees: 1",
                "comments: 4", "body_untrusted_external:"):
        assert any(x.startswith(key) for x in lines), key
    authors = re.findall(r"^author: (\S+)$", out, re.M)
    assert len(authors) == 4 and all(re.fullmatch(r"user_[0-9a-f]{16}", a) for a in authors[:3])
    assert authors[0] == authors[2] != authors[1]  # one login in two cases is one author
    assert authors[3] == "unknown"
    assert out.count("comment_untrusted_external:") == 4
    assert_clean(out)


def test_comment_authors_are_stable_and_differ_across_aliases_and_vaults(svc, tmp_path, fake):
    a = re.findall(r"author: (\S+)", text(svc, "redctx_github_read_issue", number=1, comments=True))
    again = re.findall(r"author: (\S+)", text(svc, "redctx_github_read_issue", number=1, comments=True))
    # the fake serves the same comments under every repo, so another alias sees the same logins
    b = re.findall(r"author: (\S+)", text(svc, "redctx_github_read_issue", repo_alias="bulk", number=1,
                                          comments=True))
    assert a == again and len(b) == len(a) and b[0] != a[0]
    root2 = gf.make_root(tmp_path / "kb2", fake.base, aliases={"context": "tracker-main"})
    cfg = root2 / ".agent-context-redactor.toml"
    cfg.write_text(cfg.read_text(encoding="utf-8").replace("fixture-salt-", "other-salt-"), encoding="utf-8")
    svc2 = app.build_service(app.make_options(root2))
    c = re.findall(r"author: (\S+)", text(svc2, "redctx_github_read_issue", number=1, comments=True))
    assert c[0] != a[0] and re.fullmatch(r"user_[0-9a-f]{16}", c[0])


@invariant("GH-2")
def test_a_pull_request_number_reads_as_not_found(svc):
    assert error(svc, "redctx_github_read_issue", number=8).code is Code.GITHUB_NOT_FOUND
    assert error(svc, "redctx_github_read_issue", number=4242).code is Code.GITHUB_NOT_FOUND


def test_max_comments_and_max_body_chars_cut_with_truncated(svc, fake):
    out = text(svc, "redctx_github_read_issue", number=1, comments=True, max_comments=2, max_body_chars=20)
    assert out.count("comment_untrusted_external:") == 2
    assert "[TRUNCATED]" in out
    assert fake.requests[-1]["query"]["per_page"] == "2"
    n = len(fake.requests)
    out = text(svc, "redctx_github_read_issue", number=1, comments=True, max_comments=0)
    assert "comment 1:" not in out and len(fake.requests) == n + 1  # no comments request
    out = text(svc, "redctx_github_read_issue", number=1, max_comments=5)
    assert "comment 1:" not in out


def test_prompt_injection_stays_inside_the_untrusted_body(svc):
    out = text(svc, "redctx_github_read_issue", number=3)
    head, _, body = out.partition("body_untrusted_external:\n")
    assert "Ignore previous instructions" in body and "Ignore" not in head


# -- search --------------------------------------------------------------------------------------
def test_search_is_scoped_and_drops_pull_requests(svc, fake):
    out = text(svc, "redctx_github_search_issues", query="contract", state="all")
    # issue 1 mentions the renewal; pull request 8 matches "contract" too but is dropped
    assert [int(LINE_RE.fullmatch(x)["n"]) for x in out.splitlines()] == [1]
    q = fake.requests[-1]["query"]["q"]
    assert q == f"contract repo:{gf.OWNER}/tracker-main is:issue"
    text(svc, "redctx_github_search_issues", query="timeout")
    assert fake.requests[-1]["query"]["q"].endswith(" is:issue state:open")
    assert text(svc, "redctx_github_search_issues", query="zzzz-no-hit") == "No matches.\n"


def test_search_returns_at_most_100_in_one_request(svc, fake):
    n = len(fake.requests)
    out = text(svc, "redctx_github_search_issues", repo_alias="bulk", query="bulk", state="all", limit=500)
    assert len(out.splitlines()) <= 100 and len(fake.requests) == n + 1
    assert fake.requests[-1]["query"]["per_page"] == "100"


# -- tokens --------------------------------------------------------------------------------------
@invariant("GH-1")
def test_the_token_is_sent_as_bearer_and_never_shown_even_when_echoed(svc, fake, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, gf.PRIVATE_TOKEN)
    out = text(svc, "redctx_github_list_issues", repo_alias="private")
    assert fake.requests[-1]["headers"]["Authorization"] == f"Bearer {gf.PRIVATE_TOKEN}"
    assert LINE_RE.match(out)
    for tool, args in (("redctx_github_list_issues", {}), ("redctx_github_read_issue", {"number": 1, "comments": True}),
                       ("redctx_github_search_issues", {"query": "Echo"})):
        result = call(svc, tool, repo_alias="echo", **args)
        shown = render.cli_text(result)
        assert gf.PRIVATE_TOKEN not in shown and "[SECRET_" in shown
        assert result.counts.get("SECRET", 0) >= 1


@invariant("GH-1")
def test_the_token_is_read_at_call_time_and_an_unset_token_sends_no_header(svc, fake, monkeypatch):
    assert error(svc, "redctx_github_list_issues", repo_alias="private").code is Code.GITHUB_REPO_NOT_FOUND
    assert "Authorization" not in fake.requests[-1]["headers"]
    assert LINE_RE.match(text(svc, "redctx_github_list_issues"))  # a public repo still works
    monkeypatch.setenv(TOKEN_ENV, gf.PRIVATE_TOKEN)
    assert LINE_RE.match(text(svc, "redctx_github_list_issues", repo_alias="private"))


@invariant("GH-1")
def test_no_error_text_carries_the_token(svc, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, gf.PRIVATE_TOKEN)
    for alias in ("s401", "s403", "s404", "s410", "s422", "s500", "retry", "shape", "json", "redirect", "link"):
        err = error(svc, "redctx_github_list_issues", repo_alias=alias)
        assert gf.PRIVATE_TOKEN not in err.message and gf.PRIVATE_TOKEN not in repr(err)
        assert err.__cause__ is None and err.__context__ is None or gf.PRIVATE_TOKEN not in repr(err.__context__)


# -- errors --------------------------------------------------------------------------------------
@invariant("GH-3", "OUT-2")
@pytest.mark.parametrize(
    ("alias", "code"),
    [
        ("s401", Code.GITHUB_AUTH),
        ("s403", Code.GITHUB_FORBIDDEN),
        ("s404", Code.GITHUB_REPO_NOT_FOUND),
        ("s410", Code.GITHUB_GONE),
        ("s422", Code.GITHUB_INVALID),
        ("s500", Code.GITHUB_HTTP),
        ("retry", Code.GITHUB_RATE_LIMITED),
        ("reset", Code.GITHUB_RATE_LIMITED),
        ("huge", Code.GITHUB_TOO_LARGE),
        ("declared", Code.GITHUB_TOO_LARGE),
        ("shape", Code.GITHUB_BAD_RESPONSE),
        ("json", Code.GITHUB_BAD_RESPONSE),
        ("link", Code.GITHUB_BAD_RESPONSE),
        ("redirect", Code.GITHUB_HTTP),
    ],
)
def test_every_error_status_maps_to_its_fixed_message(svc, alias, code):
    err = error(svc, "redctx_github_list_issues", repo_alias=alias)
    assert err.code is code
    assert not find_leaks(err.message)


def test_rate_limits_say_when_to_retry_in_seconds(svc):
    assert error(svc, "redctx_github_list_issues", repo_alias="retry").message == (
        "GitHub rate limit reached. Retry in 120 seconds.")
    msg = error(svc, "redctx_github_search_issues", repo_alias="reset", query="x").message
    seconds = int(re.fullmatch(r"GitHub rate limit reached\. Retry in (\d+) seconds\.", msg)[1])
    assert 290 <= seconds <= 300


def test_read_issue_maps_404_to_issue_not_found_and_422_in_search(svc):
    assert error(svc, "redctx_github_read_issue", repo_alias="s404", number=1).code is Code.GITHUB_NOT_FOUND
    err = error(svc, "redctx_github_search_issues", query="bad:syntax( John Smith")
    assert err.code is Code.GITHUB_INVALID and not find_leaks(err.message)


@invariant("GH-3")
def test_a_slow_endpoint_times_out(svc, fake):
    ghs.state_of(svc).client_options["timeout"] = 0.5
    fake.slow_seconds = 2.0
    err = error(svc, "redctx_github_list_issues", repo_alias="slow")
    assert err.code is Code.GITHUB_TIMEOUT and err.message == "GitHub API did not answer within 1 seconds."


@invariant("GH-3")
def test_an_oversized_body_stops_at_the_cap_without_reading_it_all(svc, fake):
    ghs.state_of(svc).client_options["max_bytes"] = 100_000
    assert error(svc, "redctx_github_list_issues", repo_alias="huge").code is Code.GITHUB_TOO_LARGE


@invariant("GH-3")
def test_unreachable_host_and_dns_failure_have_fixed_messages(tmp_path, monkeypatch):
    monkeypatch.setenv("REDACTED_CONTEXT_STATE_DIR", str(tmp_path / "state"))
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    root = gf.make_root(tmp_path / "kb", f"http://127.0.0.1:{port}", aliases={"context": "tracker-main"})
    svc = app.build_service(app.make_options(root))
    assert error(svc, "redctx_github_list_issues").message == "Could not reach GitHub API."
    cfg = root / ".agent-context-redactor.toml"
    cfg.write_text(cfg.read_text().replace(f"http://127.0.0.1:{port}", "https://no-such-host.invalid"))
    svc = app.build_service(app.make_options(root))
    assert error(svc, "redctx_github_list_issues").code in (Code.GITHUB_DNS, Code.GITHUB_UNREACHABLE)


@invariant("GH-1")
def test_proxy_variables_are_honoured_for_a_non_loopback_api(tmp_path, monkeypatch):
    """HTTPS through a proxy starts with CONNECT to the API host; a loopback fake proxy records it."""
    monkeypatch.setenv("REDACTED_CONTEXT_STATE_DIR", str(tmp_path / "state"))
    seen: list[bytes] = []
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)

    def serve() -> None:
        conn, _ = srv.accept()
        seen.append(conn.recv(4096))
        conn.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
        conn.close()

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    monkeypatch.setenv("HTTPS_PROXY", f"http://127.0.0.1:{srv.getsockname()[1]}")
    monkeypatch.setenv("https_proxy", f"http://127.0.0.1:{srv.getsockname()[1]}")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.setenv(TOKEN_ENV, gf.PRIVATE_TOKEN)
    root = gf.make_root(tmp_path / "kb", "https://ghe.example.invalid/api/v3", aliases={"context": "tracker-main"})
    svc = app.build_service(app.make_options(root))
    err = error(svc, "redctx_github_list_issues")
    t.join(10)
    srv.close()
    assert seen and seen[0].startswith(b"CONNECT ghe.example.invalid:443 ")
    assert gf.PRIVATE_TOKEN.encode() not in seen[0]  # the token travels inside TLS only
    assert err.code is Code.GITHUB_UNREACHABLE


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tool", "args", "message"),
    [
        ("redctx_github_list_issues", {"repo_alias": "nope"}, "Unknown GitHub repo alias."),
        ("redctx_github_list_issues", {"state": "merged"}, "GitHub state must be open, closed, or all."),
        ("redctx_github_search_issues", {"query": "x", "state": "OPEN"}, "GitHub state must be open, closed, or all."),
        ("redctx_github_list_issues", {"labels": ["a,b"]},
         "labels must hold at most 100 names of 1 to 256 characters, without commas."),
        ("redctx_github_list_issues", {"labels": [f"l{i}" for i in range(200)]},
         "labels must hold at most 100 names of 1 to 256 characters, without commas."),
        ("redctx_github_list_issues", {"limit": 0}, "limit must be at least 1."),
        ("redctx_github_search_issues", {"query": "x" * 2001}, "GitHub search query must be 1 to 2000 characters."),
        ("redctx_github_search_issues", {"query": "   "}, "GitHub search query must be 1 to 2000 characters."),
        ("redctx_github_read_issue", {"number": 0}, "number must be at least 1."),
        ("redctx_github_read_issue", {"number": -3}, "number must be at least 1."),
        ("redctx_github_read_issue", {"number": 10**12}, "number must be at most 2147483647."),
        ("redctx_github_read_issue", {}, "Missing required argument(s): number."),
        ("redctx_github_read_issue", {"number": 1, "max_body_chars": 0}, "max_body_chars must be at least 1."),
    ],
)
def test_bad_inputs_fail_with_fixed_messages_before_any_request(svc, fake, tool, args, message):
    n = len(fake.requests)
    assert error(svc, tool, **args).message == message
    assert len(fake.requests) == n


@invariant("GH-3")
def test_a_tls_failure_has_its_fixed_message(tmp_path, fake, monkeypatch):
    """https:// to the fake's plain-HTTP port fails the handshake."""
    monkeypatch.setenv("REDACTED_CONTEXT_STATE_DIR", str(tmp_path / "state"))
    root = gf.make_root(tmp_path / "kb", fake.base.replace("http://", "https://"), aliases={"context": "tracker-main"})
    svc = app.build_service(app.make_options(root))
    err = error(svc, "redctx_github_list_issues")
    assert err.code is Code.GITHUB_TLS
    assert err.message == "Could not reach GitHub API: TLS handshake or certificate check failed."


# -- rehydration ------------------------------------------------------------------------------------
PLACEHOLDER = re.compile(r"\[[A-Z][A-Z_]*?_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")


def _issue_only(root: Path, out: str) -> list[str]:
    """Placeholders of ``out`` that the private root alone cannot restore."""
    alone = rehydrate.rehydration_map(app.build_service(app.make_options(root)))
    return sorted({t for t in PLACEHOLDER.findall(out) if alone.lookup(t) is None})


@invariant("GH-5")
def test_placeholders_seen_only_in_an_issue_restore_in_the_same_session(svc, root):
    out = text(svc, "redctx_github_read_issue", number=1, comments=True)
    listed = text(svc, "redctx_github_list_issues", state="all")
    only = _issue_only(root, out + listed)
    assert only  # the fixture issues name people and hosts the corpus never mentions
    m = rehydrate.rehydration_map(svc)
    restored = m.restore(" ".join(only), refresh=False)
    assert restored.unknown == 0 and restored.restored == len(only)
    data = json.loads(gf.FIXTURE.read_text(encoding="utf-8"))
    raw = "".join("\n".join([i["title"], i["body"] or "", *i["labels"]]) for i in data["issues"])
    raw += "".join(c["body"] for c in data["comments"]["1"])
    for t in only:
        assert m.lookup(t) in raw, t


def test_a_list_served_from_the_etag_cache_keeps_its_placeholders_restorable(svc, root):
    first = text(svc, "redctx_github_list_issues", state="all")
    only = _issue_only(root, first)
    assert only and all(rehydrate.rehydration_map(svc).lookup(t) for t in only)
    again = text(svc, "redctx_github_list_issues", state="all")  # a 304: nothing re-redacted
    assert again == first and all(rehydrate.rehydration_map(svc).lookup(t) for t in only)


@invariant("GH-5")
def test_the_token_placeholder_is_never_restorable(svc, fake, monkeypatch):
    monkeypatch.setenv(TOKEN_ENV, gf.PRIVATE_TOKEN)
    out = text(svc, "redctx_github_read_issue", repo_alias="echo", number=1, comments=True)
    assert "[SECRET_" in out
    m = rehydrate.rehydration_map(svc)
    for t in PLACEHOLDER.findall(out):
        assert gf.PRIVATE_TOKEN not in (m.lookup(t) or "")


def test_submit_doc_restores_a_value_the_agent_saw_only_in_an_issue(root, fake):
    options = app.make_options(root, enable_writes=True, write_subdir="drafts")
    svc = app.build_service(options)
    out = text(svc, "redctx_github_read_issue", number=2)
    only = _issue_only(root, out)
    assert only
    (root / "drafts").mkdir(exist_ok=True)
    reply = writes.submit_doc(svc, {"target_path": "drafts/note.md", "text": f"Owner: {only[0]}\n"})
    assert "Wrote rehydrated document." in reply.text
    written = (root / "drafts" / "note.md").read_text(encoding="utf-8")
    raw = gf.raw_issue(2)
    assert written.startswith("Owner: ") and written[7:-1] in raw["title"] + raw["body"]
    assert "[" not in written
