"""Hard links: protected files are refused by inode, multiply linked files unless --allow-hardlinks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from redacted_context_mcp import app
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.service import files as ops
from redacted_context_mcp.service import search as srch
from tests.invariants import invariant

SECRET_LINE = "zebracanary-hardlink-7731"
CONFIG = f'[redaction]\nsalt = "hardlink-test-salt-01"\nterms = ["{SECRET_LINE}"]\nterm_files = ["terms.txt"]\n'


@pytest.fixture()
def site(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    root = tmp_path / "served"
    root.mkdir()
    (root / "plain.md").write_text("ordinary text\n")
    (root / ".agent-context-redactor.toml").write_text(CONFIG)
    (root / "terms.txt").write_text("kumquatcanary\n")
    (root / ".env").write_text("API_KEY=envcanary\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "other.txt").write_text("outsidecanary text\n")
    env = {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "state")}
    return root, outside, env


def _service(root: Path, env: dict[str, str], **flags):
    options = app.make_options(root, **flags)
    return app.build_service(options, app.open_policy(options, environ=env))


def _everything(svc) -> str:
    out = [ops.tree(svc, {}).text, ops.list_entries(svc, {}).text]
    out.append(srch.search(svc, {"query": "canary"}).text)
    out.append(ops.bundle(svc, {}).text)
    return "\n".join(out)


def _code(fn, *args) -> Code:
    try:
        res = fn(*args)
    except RedctxError as exc:
        return exc.code
    return res.code if res.is_error else None


@pytest.mark.parametrize("target", [".agent-context-redactor.toml", "terms.txt", ".env"])
@invariant("HARD-6", "CONT-3")
def test_a_hard_link_to_a_protected_file_is_never_listed_or_read(site, target):
    root, _, env = site
    os.link(root / target, root / "innocent.md")
    for flags in ({}, {"allow_hardlinks": True}):
        svc = _service(root, env, **flags)
        shown = _everything(svc)
        assert "innocent" not in shown and "canary" not in shown.replace("[", "")
        assert _code(ops.read, svc, {"path": "innocent.md"}) is Code.PATH_EXCLUDED


@invariant("HARD-6")
def test_a_hard_link_to_a_file_outside_the_root_is_refused_unless_allowed(site):
    root, outside, env = site
    os.link(outside / "other.txt", root / "mirror.txt")
    svc = _service(root, env)
    assert "outsidecanary" not in _everything(svc)
    assert _code(ops.read, svc, {"path": "mirror.txt"}) is Code.PATH_EXCLUDED
    allowed = _service(root, env, allow_hardlinks=True)
    assert "outsidecanary" in ops.read(allowed, {"path": "mirror.txt"}).text


@invariant("HARD-6")
def test_a_link_made_after_the_walk_is_refused_when_the_file_is_opened(site):
    root, _, env = site
    svc = _service(root, env)
    (root / "late.md").write_text("late text\n")
    assert "late text" in ops.read(svc, {"path": "late.md"}).text
    (root / "late.md").unlink()
    os.link(root / ".agent-context-redactor.toml", root / "late.md")
    assert _code(ops.read, svc, {"path": "late.md"}) is Code.PATH_EXCLUDED


@invariant("HARD-6")
def test_an_old_config_inode_stays_protected_after_the_config_is_replaced(site):
    root, _, env = site
    svc = _service(root, env)
    os.link(root / ".agent-context-redactor.toml", root / "saved.md")
    new = root / "new.toml"
    new.write_text(CONFIG + "# edited\n")
    os.replace(new, root / ".agent-context-redactor.toml")  # the old inode lives on as saved.md only
    assert _code(ops.read, svc, {"path": "saved.md"}) is Code.PATH_EXCLUDED
