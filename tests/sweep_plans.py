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


# ------------------------------------------------- rehydrate, guard and writes
#: ``redctx rehydrate --allow-raw-output`` to stdout prints raw text by design: stderr is still swept.
RAW_STDOUT_BY_DESIGN = "raw-stdout-by-design"


def redacted_export(c: Corpus) -> Path:
    """A folder outside the root holding redacted copies of every readable corpus file (neutral names)."""
    from redacted_context_mcp import app

    work = c.root.parent / "export-sweep"
    if work.exists():
        return work
    (work / "nested").mkdir(parents=True)
    options = app.make_options(c.root)
    svc = app.build_service(options, app.open_policy(options, environ=c.env))
    for i, entry in enumerate(svc.iter_files([], [], svc.budget())):
        text = str(svc.document(entry).text)
        (work / ("nested" if i % 2 else "") / f"doc{i}.md").write_text(text + "\n[PERSON_" + "0" * 32 + "]\n",
                                                                      encoding="utf-8")
    return work


def raw_copies(c: Corpus) -> Path:
    """Raw copies of the corpus's text files under neutral names, outside the root (guard --raw input)."""
    work = c.root.parent / "guard-sweep"
    if not work.exists():
        work.mkdir()
        for i, p in enumerate(corpus_files(c.root)):
            (work / f"file{i}.txt").write_bytes(p.read_bytes())
    return work


def rehydrate_guard_runs(c: Corpus) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """``(argv, note)`` per run of the CLI sweep for ``rehydrate`` and ``guard``."""
    export = redacted_export(c)
    raws = raw_copies(c)
    out = c.root.parent / "rehydrated-sweep"
    one = str(sorted(export.glob("*.md"))[0])
    raw_file = "clients/Acme Lantern/john_smith_contract.md"
    return {
        "rehydrate": [
            (("rehydrate", one, "--allow-raw-output"), RAW_STDOUT_BY_DESIGN),
            (("rehydrate", one), ""),
            (("rehydrate", str(export)), ""),
            (("rehydrate", str(export), "--allow-raw-output"), ""),
            (("rehydrate", str(export), "--output", str(out), "--allow-raw-output"), ""),
            (("rehydrate", str(export), "--output", str(out / "x"), "--allow-raw-output", "--max-files", "1"), ""),
            (("rehydrate", one, "--output", str(c.root.parent / "one-raw.md"), "--allow-raw-output"), ""),
            (("rehydrate", str(c.root / raw_file), "--allow-raw-output"), RAW_STDOUT_BY_DESIGN),
            (("rehydrate", str(c.root.parent / "missing John Smith.md"), "--allow-raw-output"), ""),
            (("rehydrate", str(c.root / "keys"), "--output", str(c.root.parent / "keys-out"),
              "--allow-raw-output", "--max-seconds", "0.000001"), ""),
        ],
        "guard": [
            (("guard", str(raws)), ""),
            (("guard", str(export)), ""),
            (("guard", "--raw", str(raws)), ""),
            (("guard", "--raw", one), ""),
            (("guard", str(c.root.parent / "missing John Smith.md")), ""),
            (("guard", str(raws), str(export / "nested")), ""),
        ],
    }


def submit_plan(c: Corpus, placeholders: list[str]) -> list[dict]:
    """``redctx_submit_doc`` arguments: successes, every refusal, canaries and hostile targets."""
    refs = c.file_refs[:3]
    # Configured terms and contact shapes redact again out of context; strict-only words and
    # context-found secrets do not (they are refused by the round trip, which the plan also covers).
    stable = [p for p in placeholders if p[1:].split("_", 1)[0] in ("CLIENT", "ORG", "EMAIL")]
    body = " ".join(stable[:40]) or "no placeholders"
    some = placeholders[0] if placeholders else "[PERSON_" + "0" * 32 + "]"
    raw_names = [p.rsplit("/", 1)[-1] for p in c.raw_paths]
    return [
        {"target_path": "incoming/summary.md", "text": body},
        {"target_path": "incoming/summary.md", "text": body},  # exists
        {"target_path": "incoming/summary.md", "text": body + " again", "overwrite": True},
        {"target_path": f"incoming/{some}.md", "text": body},
        {"target_path": f"incoming/{some}/{some} notes.md", "text": f"see {' '.join(refs)}"},
        {"target_path": "incoming/refs.md", "text": " ".join(refs)},
        {"target_path": "incoming/glued.md", "text": f"xx{some}yy"},
        {"target_path": "incoming/all.md", "text": " ".join(placeholders)},
        {"target_path": "incoming/unknown.md", "text": "[PERSON_" + "f" * 32 + "] [JOHNSMITH_" + "1" * 32 + "]"},
        {"target_path": "incoming/unknown.md", "text": " ".join("[ORG_" + f"{i:032x}" + "]" for i in range(30))},
        {"target_path": "incoming/malformed.md", "text": "[EMAIL_" + "ab" * 9 + "] @p_0123456789"},
        {"target_path": "[PERSON_" + "e" * 32 + "].md", "text": "x"},
        {"target_path": "incoming", "text": "x"},
        {"target_path": "incoming/", "text": "x"},
        {"target_path": "incoming/.env", "text": "x", "overwrite": True},
        {"target_path": "incoming/.ENV.prod", "text": "x"},
        {"target_path": "incoming/k.KEY", "text": "x"},
        {"target_path": "incoming/c.Pem", "text": "x"},
        {"target_path": "incoming/s.crt", "text": "x"},
        {"target_path": ".agent-context-redactor.toml", "text": "x", "overwrite": True},
        {"target_path": "private-terms.txt", "text": "x", "overwrite": True},
        {"target_path": "incoming/x:y.md", "text": "x"},
        {"target_path": "/etc/x.md", "text": "x"},
        {"target_path": "incoming/../clients/x.md", "text": "x"},
        {"target_path": "clients/Acme Lantern/new.md", "text": "x"},
        {"target_path": "incoming/sub", "text": "x"},
        {"target_path": "incoming/sub", "text": "x", "overwrite": True},
        *({"target_path": f"incoming/{name}", "text": body} for name in raw_names[:6]),
        *({"target_path": "incoming/canary.md", "text": v, "overwrite": True} for v in sample_canaries()),
        {"target_path": "incoming/big.md", "text": "x" * 5_000_001},
    ]
