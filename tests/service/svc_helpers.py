"""Helpers for the service tests: a small private corpus, a controllable live policy, a counting redactor."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from redacted_context_mcp.config import Policy
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.reload import PolicyState
from redacted_context_mcp.service.context import Service, Settings
from redacted_context_mcp.vault import Salt

SALT = b"test-salt-for-service-tests-0123456789"
CONFIG_NAME = ".agent-context-redactor.toml"

#: Raw values planted in the corpus that must never appear in any tool output.
CANARY_EMAILS = ("avery.example@contoso-private.test", "jo.smith@acme-corp.test", "utf16.secret@hidden.test")
CANARY_NAMES = ("dana.owner@clientco.test",)  # used as a directory name


class FakeLive:
    """A LivePolicy stand-in whose policy and generation the test controls."""

    def __init__(self, root: Path, policy: Policy | None = None, protected: tuple[Path, ...] = ()) -> None:
        self.root = root
        self.state = PolicyState(policy or Policy(), Salt(SALT, "config"), 1)
        self.protected = protected
        self.calls = 0

    def current(self) -> PolicyState:
        self.calls += 1
        return self.state

    def protected_paths(self) -> frozenset[Path]:
        return frozenset({(self.root / CONFIG_NAME).resolve(), *(p.resolve() for p in self.protected)})

    def protected_inodes(self) -> frozenset[tuple[int, int]]:
        out = set()
        for p in self.protected_paths():
            try:
                st = os.stat(p)
            except OSError:
                continue
            out.add((st.st_dev, st.st_ino))
        return frozenset(out)

    def bump(self, **changes) -> None:
        self.state = PolicyState(replace(self.state.policy, **changes), self.state.salt, self.state.generation + 1)


class CountingRedactor(Redactor):
    """The real redactor, counting how often file text is redacted."""

    redact_calls = 0

    def redact(self, text: str, check=None, kind=None) -> Redaction:
        type(self).redact_calls += 1
        return super().redact(text, check, kind)


def build_corpus(root: Path) -> None:
    (root / "notes").mkdir()
    (root / "notes" / "meeting.md").write_text(
        "# Meeting\nAttendee: " + CANARY_EMAILS[0] + "\nAction items follow.\nCopy to "
        + CANARY_EMAILS[1] + " please\nEnd.\n",
        encoding="utf-8",
    )
    (root / "notes" / "plain.txt").write_text("one\ntwo\nthree\n", encoding="utf-8")
    (root / "notes" / "deep").mkdir()
    (root / "notes" / "deep" / "z.md").write_text("deep file\n", encoding="utf-8")
    (root / "Alpha.md").write_text("alpha\n", encoding="utf-8")
    (root / "utf16.txt").write_bytes(("Contact " + CANARY_EMAILS[2] + "\nline two\n").encode("utf-16"))
    (root / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00binary")
    (root / "blob.dat").write_bytes(bytes(range(256)) * 4)
    (root / CANARY_NAMES[0]).mkdir()
    (root / CANARY_NAMES[0] / "brief.md").write_text("brief\n", encoding="utf-8")
    (root / CONFIG_NAME).write_text('[redaction]\nclients = ["Top Secret Client"]\n', encoding="utf-8")
    (root / ".env").write_text("API_TOKEN=zzz\n", encoding="utf-8")
    (root / "server.PEM").write_text("-----BEGIN PRIVATE KEY-----\nabc\n", encoding="utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n", encoding="utf-8")
    (root / "node_modules").mkdir()
    (root / "node_modules" / "x.js").write_text("x\n", encoding="utf-8")


def make_service(root: Path, live: FakeLive, **settings) -> Service:
    limits = settings.pop("limits", Limits())
    return Service(Settings(root=root, limits=limits, **settings), live, redactor_factory=CountingRedactor)


def symlinks_supported(tmp: Path) -> bool:
    try:
        os.symlink(tmp, tmp / ".probe-link")
    except (OSError, NotImplementedError):
        return False
    os.unlink(tmp / ".probe-link")
    return True
