"""Live policy reload through the real server process, over the wire.

One ``python -m redacted_context_mcp`` process serves a small root while the
test edits its config and term files between requests: a new term takes
effect on the next call (content and file names), a broken, removed or
salt-changed config blocks every tool and resource with the fixed message in
both eras, repairs recover without a restart, a term file referenced before
it exists is picked up when it appears, and a vanished term file blocks.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from redacted_context_mcp.errors import Code
from redacted_context_mcp.tools import TOOLS
from tests.invariants import invariant
from tests.sweep_helpers import WireClient, clean_env, initialize, is_tool_error, request, tool_text

POLICY_MESSAGE = Code.POLICY_BLOCKED.template
SALT_MESSAGE = Code.SALT_CHANGED.template
PLACEHOLDER_RE = re.compile(r"\[[A-Z][A-Z_]*_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")

NOTE = (
    "Field notes\n"
    "The bluefinch migration starts after the audit.\n"
    "The wrenfall budget was approved.\n"
    "The kestrelwood vendor stays.\n"
    "Acme Lantern signed the renewal.\n"
)


def config_text(salt: str = "reload-e2e-salt-0001", terms: tuple[str, ...] = ()) -> str:
    quoted = ", ".join(f'"{t}"' for t in terms)
    return (
        "[redaction]\n"
        f'salt = "{salt}"\n'
        'clients = ["Acme Lantern"]\n'
        f"terms = [{quoted}]\n"
        'term_files = ["terms.txt", "later-terms.txt"]\n'
    )


class Site:
    """The served root plus the files the test edits; every write gets a new, later mtime."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.config = root / ".agent-context-redactor.toml"
        self.terms = root / "terms.txt"
        self.later = root / "later-terms.txt"
        self._tick = itertools.count(1)
        self._base = 1_700_000_000_000_000_000

    def write(self, path: Path, text: str) -> None:
        path.write_text(text, encoding="utf-8")
        stamp = self._base + next(self._tick) * 1_000_000_000
        os.utime(path, ns=(stamp, stamp))


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Site, WireClient]]:
    root = tmp_path / "kb"
    (root / "notes").mkdir(parents=True)
    s = Site(root)
    s.write(root / "notes" / "field.md", NOTE)
    s.write(root / "notes" / "bluefinch-plan.md", "plan\n")
    s.write(s.terms, "# loaded at start\nkestrelwood\n")
    s.write(s.config, config_text())
    (tmp_path / "state").mkdir()
    client = WireClient(root, clean_env(tmp_path / "state"))
    client.call("init", initialize("init"))
    try:
        yield s, client
        assert client.close() == 0
    finally:
        client.kill()


_ids = itertools.count(1)


def call(client: WireClient, tool: str, args: dict | None = None, *, modern: bool = False) -> dict:
    rid = next(_ids)
    return client.call(
        rid, request(rid, "tools/call", {"name": tool, "arguments": args or {}}, modern=modern)
    )


def rpc(client: WireClient, method: str, params: dict | None = None, *, modern: bool = False) -> dict:
    rid = next(_ids)
    return client.call(rid, request(rid, method, params or {}, modern=modern))


def read_note(client: WireClient, *, modern: bool = False) -> str:
    reply = call(client, "redctx_read", {"path": "notes/field.md"}, modern=modern)
    assert not is_tool_error(reply), tool_text(reply)
    return tool_text(reply)


def tree(client: WireClient) -> str:
    reply = call(client, "redctx_tree", {})
    assert not is_tool_error(reply), tool_text(reply)
    return tool_text(reply)


def first_resource_uri(client: WireClient) -> str:
    return rpc(client, "resources/list")["result"]["resources"][0]["uri"]


def blocking_args() -> dict[str, dict[str, Any]]:
    """Valid arguments for every tool, so only the policy can refuse the call."""
    plans = {
        "redctx_read": {"path": "notes/field.md"},
        "redctx_stat": {"path": "notes/field.md"},
        "redctx_search": {"query": "budget"},
        "redctx_retrieve": {"query": "budget approved"},
        "redctx_audit": {"format": "json"},
        "redctx_github_search_issues": {"query": "budget"},
        "redctx_github_read_issue": {"number": 1},
    }
    return {t.name: plans.get(t.name, {}) for t in TOOLS}


def assert_blocked(client: WireClient, message: str, uri: str) -> None:
    """Every tool and resources/list and read refuse with ``message`` in both eras."""
    for modern in (False, True):
        for name, args in blocking_args().items():
            reply = call(client, name, args, modern=modern)
            assert is_tool_error(reply), (name, modern, tool_text(reply))
            assert tool_text(reply) == message, (name, modern)
        for method, params in (("resources/list", {}), ("resources/read", {"uri": uri})):
            err = rpc(client, method, params, modern=modern).get("error")
            assert err == {"code": -32603, "message": message}, (method, modern, err)


def assert_serving(client: WireClient) -> None:
    for modern in (False, True):
        assert "budget" in read_note(client, modern=modern)
        assert rpc(client, "resources/list", modern=modern)["result"]["resources"]


@invariant("POLICY-3")
def test_a_new_term_redacts_content_and_file_names_on_the_next_call_without_restart(site):
    s, client = site
    before = read_note(client)
    assert "bluefinch" in before and "wrenfall" in before
    assert "kestrelwood" not in before.lower()  # from the term file loaded at start
    name_before = _plan_line(tree(client))
    pid = client.proc.pid

    s.write(s.config, config_text(terms=("bluefinch",)))
    after = read_note(client)
    assert "bluefinch" not in after.lower()
    line = after.splitlines()[2]
    assert line.endswith("migration starts after the audit.")
    assert "wrenfall" in after  # nothing else changed
    placeholder = PLACEHOLDER_RE.search(line).group()
    name_after = _plan_line(tree(client))
    assert name_after.split()[0] == name_before.split()[0]  # same opaque id, new display
    assert name_after.split()[1] == placeholder + "-plan.md" != name_before.split()[1]
    hits = tool_text(call(client, "redctx_search", {"query": "bluefinch"}))
    assert hits.strip() == "No matches."
    assert client.proc.pid == pid and client.proc.poll() is None


def _plan_line(tree_text: str) -> str:
    """The tree line of notes/bluefinch-plan.md (its name is redacted in every policy)."""
    (line,) = [x for x in tree_text.splitlines() if x.strip().endswith("-plan.md")]
    return line.strip()


@invariant("POLICY-1", "POLICY-3")
def test_an_invalid_config_blocks_everything_until_repaired_without_restart(site):
    s, client = site
    s.write(s.config, config_text(terms=("bluefinch",)))
    uri = first_resource_uri(client)
    assert "bluefinch" not in read_note(client)

    s.write(s.config, '[redaction\nterms = ["bluefinch"\n')
    assert_blocked(client, POLICY_MESSAGE, uri)
    assert rpc(client, "ping")["result"] == {}  # the process itself keeps serving

    s.write(s.config, config_text(terms=("bluefinch",)))
    assert_serving(client)
    assert "bluefinch" not in read_note(client)  # the repaired policy, not a stale one


@invariant("POLICY-1")
def test_a_removed_or_unreadable_config_blocks_until_it_is_restored(site):
    s, client = site
    uri = first_resource_uri(client)
    saved = s.config.read_text(encoding="utf-8")
    s.config.unlink()
    assert_blocked(client, POLICY_MESSAGE, uri)
    s.config.mkdir()  # present but unreadable as a file (chmod does not stop root)
    assert_blocked(client, POLICY_MESSAGE, uri)
    s.config.rmdir()
    s.write(s.config, saved)
    assert_serving(client)


@invariant("POLICY-1")
def test_a_config_with_an_invalid_value_blocks_instead_of_using_the_old_policy(site):
    s, client = site
    uri = first_resource_uri(client)
    s.write(s.config, config_text().replace("[redaction]\n", '[redaction]\nmode = "sloppy"\n'))
    assert_blocked(client, POLICY_MESSAGE, uri)
    s.write(s.config, config_text())
    assert_serving(client)


@invariant("POLICY-2")
def test_a_changed_salt_blocks_until_the_original_salt_is_restored(site):
    s, client = site
    uri = first_resource_uri(client)
    ref_before = read_note(client).split()[1]
    s.write(s.config, config_text(salt="a-different-salt-for-the-reload-test"))
    assert_blocked(client, SALT_MESSAGE, uri)
    s.write(s.config, config_text())
    assert_serving(client)
    assert read_note(client).split()[1] == ref_before  # same salt, same opaque reference


@invariant("POLICY-3")
def test_a_term_file_created_after_start_is_picked_up_on_the_next_call(site):
    s, client = site
    assert not s.later.exists()
    assert "wrenfall" in read_note(client)
    s.write(s.later, "wrenfall\n")
    after = read_note(client)
    assert "wrenfall" not in after.lower()
    assert PLACEHOLDER_RE.search(after.splitlines()[3])
    assert "bluefinch" in after


@invariant("POLICY-1")
def test_a_vanished_term_file_blocks_until_it_returns(site):
    s, client = site
    uri = first_resource_uri(client)
    assert "kestrelwood" not in read_note(client).lower()
    s.terms.unlink()
    assert_blocked(client, POLICY_MESSAGE, uri)
    s.write(s.terms, "kestrelwood\n")
    assert_serving(client)
    assert "kestrelwood" not in read_note(client).lower()
