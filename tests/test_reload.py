"""Live policy reload: edits take effect, breakage blocks, repair recovers, salt changes block."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from redacted_context_mcp.config import CONFIG_NAME
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.reload import LivePolicy


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    r = tmp_path / "notes"
    r.mkdir()
    return r


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    return {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "state")}


_bump = iter(range(1, 10**6))


def write(path: Path, text: str) -> None:
    """Write and move mtime forward so the change is visible even on coarse clocks."""
    path.write_text(text, encoding="utf-8")
    st = path.stat()
    n = next(_bump)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + n * 1_000_000_000))


def config(root: Path, body: str) -> Path:
    p = root / CONFIG_NAME
    write(p, body)
    return p


def blocked_with(live: LivePolicy) -> Code:
    with pytest.raises(RedctxError) as err:
        live.current()
    return err.value.code


def test_unchanged_files_return_the_same_state(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\nterms = ["Kestrel"]\n')
    live = LivePolicy(root, environ=env)
    first = live.current()
    assert live.current() is first and first.generation == 1


def test_an_edit_takes_effect_with_a_new_generation(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\nterms = ["Kestrel"]\n')
    live = LivePolicy(root, environ=env)
    before = live.current()
    config(root, '[redaction]\nterms = ["Kestrel", "Orchid"]\n')
    after = live.current()
    assert after.policy.terms == ("Kestrel", "Orchid")
    assert after.generation == before.generation + 1
    assert after.salt.key == before.salt.key


def test_touching_a_file_without_changing_it_keeps_the_generation(root: Path, env: dict[str, str]) -> None:
    body = '[redaction]\nterms = ["Kestrel"]\n'
    config(root, body)
    live = LivePolicy(root, environ=env)
    before = live.current()
    config(root, body)
    assert live.current() is before


def test_a_broken_config_blocks_every_call_until_repaired(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\nterms = ["Kestrel"]\n')
    live = LivePolicy(root, environ=env)
    gen = live.current().generation
    config(root, '[redaction]\nterms = ["Kestrel"\n')
    for _ in range(3):
        assert blocked_with(live) is Code.POLICY_BLOCKED
    config(root, '[redaction]\nterms = ["Kestrel", "Orchid"]\n')
    state = live.current()
    assert state.policy.terms == ("Kestrel", "Orchid") and state.generation > gen


def test_an_invalid_but_parseable_config_blocks(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\npeople = ["Avery Example"]\n')
    live = LivePolicy(root, environ=env)
    config(root, '[redaction]\npeople = ["Avery Example"]\n[redaction.aliases]\n"Avery Example" = []\n')
    assert blocked_with(live) is Code.POLICY_BLOCKED


def test_repairing_to_the_same_content_still_recovers_with_a_new_generation(root: Path, env: dict[str, str]) -> None:
    body = '[redaction]\nterms = ["Kestrel"]\n'
    config(root, body)
    live = LivePolicy(root, environ=env)
    gen = live.current().generation
    config(root, "not toml [")
    blocked_with(live)
    config(root, body)
    assert live.current().generation == gen + 1


def test_a_removed_config_blocks_until_restored(root: Path, env: dict[str, str]) -> None:
    cfg = config(root, '[redaction]\nterms = ["Kestrel"]\n')
    live = LivePolicy(root, environ=env)
    live.current()
    cfg.unlink()
    assert blocked_with(live) is Code.POLICY_BLOCKED
    assert blocked_with(live) is Code.POLICY_BLOCKED
    config(root, '[redaction]\nterms = ["Kestrel"]\n')
    assert live.current().policy.terms == ("Kestrel",)


def test_a_removed_explicit_config_blocks(tmp_path: Path, root: Path, env: dict[str, str]) -> None:
    cfg = tmp_path / "explicit.toml"
    write(cfg, '[redaction]\nterms = ["Kestrel"]\n')
    live = LivePolicy(root, cfg, environ=env)
    cfg.unlink()
    assert blocked_with(live) is Code.POLICY_BLOCKED


def test_a_config_created_during_the_session_is_picked_up(root: Path, env: dict[str, str]) -> None:
    live = LivePolicy(root, environ=env)
    assert not live.current().policy.config_loaded
    config(root, '[redaction]\nterms = ["Kestrel"]\n')
    assert live.current().policy.terms == ("Kestrel",)


def test_a_term_file_created_later_is_picked_up(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\nterm_files = ["later.txt"]\n')
    live = LivePolicy(root, environ=env)
    assert live.current().policy.file_terms == ()
    write(root / "later.txt", "Kestrel Works\n")
    assert live.current().policy.file_terms == ("Kestrel Works",)


def test_an_edited_term_file_takes_effect(root: Path, env: dict[str, str]) -> None:
    write(root / "t.txt", "Kestrel\n")
    config(root, '[redaction]\nterm_files = ["t.txt"]\n')
    live = LivePolicy(root, environ=env)
    live.current()
    write(root / "t.txt", "Kestrel\nOrchid\n")
    assert live.current().policy.file_terms == ("Kestrel", "Orchid")


def test_a_loaded_term_file_that_disappears_blocks_until_restored(root: Path, env: dict[str, str]) -> None:
    write(root / "t.txt", "Kestrel\n")
    config(root, '[redaction]\nterm_files = ["t.txt"]\n')
    live = LivePolicy(root, environ=env)
    live.current()
    (root / "t.txt").unlink()
    assert blocked_with(live) is Code.POLICY_BLOCKED
    write(root / "t.txt", "Kestrel\n")
    assert live.current().policy.file_terms == ("Kestrel",)


def test_removing_the_term_files_entry_releases_a_deleted_term_file(root: Path, env: dict[str, str]) -> None:
    write(root / "t.txt", "Kestrel\n")
    config(root, '[redaction]\nterm_files = ["t.txt"]\n')
    live = LivePolicy(root, environ=env)
    (root / "t.txt").unlink()
    blocked_with(live)
    config(root, '[redaction]\nterms = ["Orchid"]\n')
    assert live.current().policy.terms == ("Orchid",)


def test_a_changed_salt_blocks_until_the_original_is_restored(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\nsalt = "first-salt"\n')
    live = LivePolicy(root, environ=env)
    gen = live.current().generation
    config(root, '[redaction]\nsalt = "second-salt"\nterms = ["Kestrel"]\n')
    assert blocked_with(live) is Code.SALT_CHANGED
    assert blocked_with(live) is Code.SALT_CHANGED
    config(root, '[redaction]\nsalt = "first-salt"\nterms = ["Kestrel"]\n')
    state = live.current()
    assert state.salt.key == b"first-salt" and state.policy.terms == ("Kestrel",)
    assert state.generation > gen


def test_removing_the_config_salt_changes_the_salt(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\nsalt = "first-salt"\n')
    live = LivePolicy(root, environ=env)
    config(root, "[redaction]\n")
    assert blocked_with(live) is Code.SALT_CHANGED


def test_startup_errors_propagate(root: Path, env: dict[str, str]) -> None:
    config(root, "[redaction\n")
    with pytest.raises(RedctxError) as err:
        LivePolicy(root, environ=env)
    assert err.value.code is Code.CONFIG_INVALID


def test_protected_paths_cover_the_config_and_every_term_file(tmp_path: Path, root: Path, env: dict[str, str]) -> None:
    write(root / "t.txt", "Kestrel\n")
    cfg = tmp_path / "explicit.toml"
    write(cfg, f'[redaction]\nterm_files = [{str(root / "t.txt")!r}, {str(root / "sub" / "later.txt")!r}]\n')
    live = LivePolicy(root, cfg, environ=env)
    paths = live.protected_paths()
    for p in (cfg, root / CONFIG_NAME, root / "t.txt", root / "sub" / "later.txt"):
        assert p.resolve() in paths
    assert all(p.is_absolute() for p in paths)


def test_concurrent_callers_see_one_consistent_state(root: Path, env: dict[str, str]) -> None:
    config(root, '[redaction]\nterms = ["Kestrel"]\n')
    live = LivePolicy(root, environ=env)
    config(root, '[redaction]\nterms = ["Orchid"]\n')
    seen = []

    def call() -> None:
        seen.append(live.current())

    threads = [threading.Thread(target=call) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(s) for s in seen}) == 1 and seen[0].policy.terms == ("Orchid",)
