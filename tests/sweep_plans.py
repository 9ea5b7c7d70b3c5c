"""Shared pieces of the MCP and CLI canary sweeps.

* the hostile value pools (paths, wrong types, huge numbers, unsafe regexes)
  and canary sampling from ``fixtures/canaries.toml``;
* :class:`Corpus`, a private copy of ``fixtures/corpus`` plus what phase one
  learned about it (``@p_`` refs and redacted paths), and its builder;
* the listing parser and the era-aware request helper, plus
  :func:`learn_listing`, a one-request phase one for sweeps that need refs
  without running the whole MCP sweep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.sources import github_fake as gh_fake
from tests.sweep_helpers import (
    WireClient,
    canaries,
    clean_env,
    copy_corpus,
    corpus_files,
    request,
    tool_text,
)

ERAS = ("legacy-2025-11-25", "legacy-2024-11-05", "modern")
PLACEHOLDER_RE = re.compile(r"\[[A-Z][A-Z_]*_[0-9a-f]{32}(?:\.[0-9a-f]{8})?\]")
REF_RE = re.compile(r"@p_[0-9a-f]{12}")

# ------------------------------------------------------------ value pools
HOSTILE_PATHS: tuple[str, ...] = (
    "",
    " ",
    ".",
    "..",
    "../",
    "../..",
    "../kb/.env",
    "notes/../../outside.md",
    "/",
    "/etc/passwd",
    "C:\\Windows\\win.ini",
    "\\\\server\\share\\x",
    "a\x00b",
    "notes\x00/call-notes-utf16.txt",
    "~",
    "$HOME/.ssh/id_rsa",
    "%2e%2e/%2e%2e/etc/passwd",
    "notes/\ud800",
    "@p_",
    "@p_000000000000",
    "@p_zzzzzzzzzzzz",
    "@p_" + "0" * 40,
    "p_000000000000",
    "@p_John Smith",
    "[CLIENT_00000000000000000000000000000000]",
    "a" * 5000,
    "x/" * 2000,
)
HUGE_INTEGERS: tuple[Any, ...] = (10**400, -(10**400), 2**63, 2**64 + 1, 1e308, -1e308)
WRONG_TYPES: dict[str, tuple[Any, ...]] = {
    "string": (123, None, True, ["x"], {"a": 1}, 1.5, 10**400),
    "integer": ("7", -1, 0, 1.5, True, None, [], {}, *HUGE_INTEGERS),
    "boolean": ("true", 1, 0, None, [], "false"),
    "array": ("x", [1], [None], [["x"]], {}, [10**400], [True]),
}
UNSAFE_REGEXES: tuple[str, ...] = (
    "(a+)+$",
    "(a|a)*b",
    "(.*a){20}",
    "([a-z]+)*@",
    "[",
    "(?P<x",
    "\\",
    "a{1000000000}",
    "(?<=a+)b",
    ".*",
    "(?s).*",
    "(?i)john.smith",
    "John Smith|Acme Lantern|AKIA[0-9A-Z]{16}",
    "sk_live_\\w+",
    "[0-9]{3}-[0-9]{4}",
    "@[a-z0-9.-]+\\.example",
    "x" * 3000,
)


def canary_values() -> list[str]:
    """Every canary value, in file order."""
    return [c.value for c in canaries()]


def sample_canaries() -> list[str]:
    """The first two canaries of every group."""
    seen: dict[str, int] = {}
    out = []
    for c in canaries():
        if seen.get(c.group, 0) < 2:
            seen[c.group] = seen.get(c.group, 0) + 1
            out.append(c.value)
    return out


# ------------------------------------------------------------- the corpus
@dataclass
class Corpus:
    """The corpus copy and what phase one learned about it (refs and redacted paths)."""

    root: Path
    env: dict[str, str]
    raw_paths: list[str] = field(default_factory=list)
    files: list[tuple[str, str]] = field(default_factory=list)  # (@p_ref, redacted path)
    dirs: list[tuple[str, str]] = field(default_factory=list)

    @property
    def file_refs(self) -> list[str]:
        return [r for r, _ in self.files]

    @property
    def dir_refs(self) -> list[str]:
        return [r for r, _ in self.dirs]


# ------------------------------------------------------ the fake GitHub
#: Every alias of the loopback fake except the slow one (its timeout is tested on its own).
GITHUB_ALIASES = {a: r for a, r in gh_fake.ALIASES.items() if a != "slow"}
GITHUB_ERROR_ALIASES = ("s401", "s403", "s404", "s410", "s422", "s500", "retry", "reset", "huge", "declared",
                        "shape", "json", "redirect", "link", "private", "nope")
_FAKE: list[gh_fake.FakeGitHub] = []


def github_fake() -> gh_fake.FakeGitHub:
    """One loopback fake GitHub for the whole test process (its threads are daemons)."""
    if not _FAKE:
        _FAKE.append(gh_fake.FakeGitHub().start())
    return _FAKE[0]


def make_corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    """A fresh corpus copy with a private state dir; refs are filled in by phase one.

    Its config also maps :data:`GITHUB_ALIASES` to the shared loopback fake GitHub,
    whose fixture issues carry the corpus canaries.
    """
    base = tmp_path_factory.mktemp("sweep")
    root = copy_corpus(base / "kb")
    state = base / "state"
    state.mkdir()
    raw = sorted({p.relative_to(root).as_posix() for p in corpus_files(root)})
    raw += sorted({p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_dir()})
    cfg = root / ".agent-context-redactor.toml"
    cfg.write_text(cfg.read_text(encoding="utf-8") + gh_fake.config_toml(github_fake().base, aliases=GITHUB_ALIASES),
                   encoding="utf-8")
    return Corpus(root=root, env=clean_env(state, REDCTX_FAKE_GH_TOKEN=gh_fake.PRIVATE_TOKEN), raw_paths=raw)


def parse_listing(text: str, corpus: Corpus) -> None:
    """Replace ``corpus.files``/``corpus.dirs`` with the rows of a recursive listing."""
    corpus.files.clear()
    corpus.dirs.clear()
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 4 and REF_RE.fullmatch(parts[0]):
            (corpus.files if parts[1] == "file" else corpus.dirs).append((parts[0], parts[3]))


def era_request(era: str, rid: Any, method: str, params: dict | None = None) -> dict:
    return request(rid, method, params, modern=era == "modern")


def learn_listing(corpus: Corpus, era: str = "modern") -> None:
    """Phase one on its own: one ``redctx_list`` recursive call through the real server."""
    client = WireClient(corpus.root, corpus.env)
    try:
        msg = era_request(era, 1, "tools/call", {"name": "redctx_list", "arguments": {"recursive": True}})
        parse_listing(tool_text(client.call(1, msg)), corpus)
        assert client.close() == 0
    finally:
        client.kill()
    assert corpus.files and corpus.dirs, "phase one listed nothing"
