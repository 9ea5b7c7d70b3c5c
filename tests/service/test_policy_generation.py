"""Policy generation tagging: nothing redacted under an older policy is stored or served under a newer one."""

from __future__ import annotations

import threading
from pathlib import Path

from redacted_context_mcp import app
from redacted_context_mcp.config import Policy
from redacted_context_mcp.redaction.engine import Redactor
from redacted_context_mcp.service import files as file_ops
from redacted_context_mcp.service import search as search_ops
from redacted_context_mcp.service.context import Service
from tests.invariants import invariant

CONFIG = ".agent-context-redactor.toml"
NEW_TERM = "zanzibarplex"


class _Gate:
    """Holds the first-generation redactor inside the redaction of one file until released."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()


def _factory(gate: _Gate):
    first: list[int] = []

    class GatedRedactor(Redactor):
        def redact(self, text: str, check=None, kind=None):
            out = super().redact(text, check, kind)  # computed under this redactor's (old) policy
            if first[0] == id(self) and NEW_TERM in text and not gate.entered.is_set():
                gate.entered.set()
                gate.release.wait(10)
            return out

    def make(policy: Policy, key: bytes) -> Redactor:
        r = GatedRedactor(policy, key)
        if not first:
            first.append(id(r))
        return r

    return make


def _kb(root: Path) -> None:
    (root / CONFIG).write_text('[redaction]\nterms = ["Placeholderword"]\n', encoding="utf-8")
    (root / "a.md").write_text("alpha line\n", encoding="utf-8")
    (root / "z.md").write_text(f"the {NEW_TERM} project\n", encoding="utf-8")
    (root / "c.md").write_text("gamma line\n", encoding="utf-8")


@invariant("GEN-1")
def test_a_search_racing_a_config_edit_never_serves_text_redacted_under_the_old_policy(tmp_path: Path) -> None:
    _kb(tmp_path)
    gate = _Gate()
    options = app.make_options(tmp_path)
    svc = Service(options, app.open_policy(options, environ={}), redactor_factory=_factory(gate))
    svc.snapshot()
    old = threading.Thread(target=search_ops.search, args=(svc, {"query": "project"}), daemon=True)
    old.start()  # cold whole-root search under generation 1, held inside z.md, its last file
    assert gate.entered.wait(10)
    (tmp_path / CONFIG).write_text(
        f'[redaction]\nterms = ["Placeholderword", "{NEW_TERM}"]\n', encoding="utf-8"
    )
    fresh = search_ops.search(svc, {"query": "project"})  # generation 2 indexes z.md itself
    assert NEW_TERM not in fresh.text and "[SENSITIVE_" in fresh.text
    gate.release.set()
    old.join(10)
    assert not old.is_alive()
    for _ in range(2):  # whatever the old search stored, later answers are new-policy answers
        later = search_ops.search(svc, {"query": "project"})
        assert NEW_TERM not in later.text and "[SENSITIVE_" in later.text
        assert search_ops.search(svc, {"query": NEW_TERM}).text == "No matches."
        assert NEW_TERM not in search_ops.retrieve(svc, {"query": "project"}).text
        assert NEW_TERM not in file_ops.bundle(svc, {}).text
        assert NEW_TERM not in file_ops.read(svc, {"path": "z.md"}).text
