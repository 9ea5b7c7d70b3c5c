"""Vault salt: precedence, local state creation and reuse, fail-closed state, concurrency."""

from __future__ import annotations

import multiprocessing
import os
import re
import stat
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.vault import SALT_FILE, resolve_salt, state_dir
from tests.invariants import invariant


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    return {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "state")}


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    r = tmp_path / "root"
    r.mkdir()
    return r


def test_config_salt_wins_over_environment_and_state(root: Path, env: dict[str, str]) -> None:
    env["REDACTED_CONTEXT_SALT"] = "env-salt"
    s = resolve_salt("config-salt", root, env)
    assert (s.key, s.source) == (b"config-salt", "config")
    assert not Path(env["REDACTED_CONTEXT_STATE_DIR"]).exists()


def test_environment_salt_is_used_when_config_has_none(root: Path, env: dict[str, str]) -> None:
    env["REDACTED_CONTEXT_SALT"] = "env-salt"
    s = resolve_salt(None, root, env)
    assert (s.key, s.source) == (b"env-salt", "environment")


def test_an_empty_environment_salt_counts_as_unset(root: Path, env: dict[str, str]) -> None:
    env["REDACTED_CONTEXT_SALT"] = ""
    assert resolve_salt(None, root, env).source == "local-state"


def test_local_state_salt_is_created_once_with_256_random_bits(root: Path, env: dict[str, str]) -> None:
    s = resolve_salt(None, root, env)
    path = Path(env["REDACTED_CONTEXT_STATE_DIR"]) / SALT_FILE
    assert s.source == "local-state" and s.state_path == path
    assert re.fullmatch(rb"[0-9a-f]{64}", s.key)
    assert path.read_bytes().strip() == s.key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert resolve_salt(None, root, env).key == s.key


def test_two_state_directories_get_different_salts(root: Path, tmp_path: Path) -> None:
    a = resolve_salt(None, root, {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "a")})
    b = resolve_salt(None, root, {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "b")})
    assert a.key != b.key


def test_repr_of_a_salt_never_shows_the_key(root: Path, env: dict[str, str]) -> None:
    s = resolve_salt(None, root, env)
    assert s.key.decode() not in repr(s)


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        (b"", "the salt state file is empty."),
        (b"\n  \n", "the salt state file is empty."),
        (b"not-a-salt\n", "the salt state file is malformed."),
        (b"ab" * 31 + b"\n", "the salt state file is malformed."),
        (b"AB" * 32, "the salt state file is malformed."),
        (b"ab" * 32 + b"\nextra", "the salt state file is malformed."),
    ],
    ids=["empty", "blank", "garbage", "short", "uppercase", "trailing"],
)
@invariant("VAULT-3")
def test_unusable_salt_state_fails_closed_and_is_not_rewritten(
    root: Path, env: dict[str, str], content: bytes, detail: str
) -> None:
    d = Path(env["REDACTED_CONTEXT_STATE_DIR"])
    d.mkdir()
    (d / SALT_FILE).write_bytes(content)
    with pytest.raises(RedctxError) as err:
        resolve_salt(None, root, env)
    assert err.value.code is Code.SALT_STATE_INVALID
    assert err.value.message == "Vault salt state is unusable: " + detail
    assert (d / SALT_FILE).read_bytes() == content


@invariant("VAULT-3")
def test_a_salt_state_that_is_a_symlink_fails_closed(root: Path, env: dict[str, str], tmp_path: Path) -> None:
    d = Path(env["REDACTED_CONTEXT_STATE_DIR"])
    d.mkdir()
    (tmp_path / "elsewhere").write_text("ab" * 32)
    (d / SALT_FILE).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(RedctxError) as err:
        resolve_salt(None, root, env)
    assert err.value.code is Code.SALT_STATE_INVALID


@invariant("VAULT-2")
@pytest.mark.parametrize("inside", [".", "state", "deep/er/state"])
def test_a_state_directory_inside_the_served_root_is_refused(root: Path, inside: str) -> None:
    with pytest.raises(RedctxError) as err:
        resolve_salt(None, root, {"REDACTED_CONTEXT_STATE_DIR": str(root / inside)})
    assert err.value.code is Code.SALT_STATE_INVALID
    assert not (root / inside / SALT_FILE).exists()


def test_a_state_directory_reaching_the_root_through_a_symlink_is_refused(root: Path, tmp_path: Path) -> None:
    (tmp_path / "link").symlink_to(root)
    with pytest.raises(RedctxError):
        resolve_salt(None, root, {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "link" / "state")})


def test_a_sibling_directory_with_the_root_as_name_prefix_is_allowed(root: Path, tmp_path: Path) -> None:
    s = resolve_salt(None, root, {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "root-state")})
    assert s.source == "local-state"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"REDACTED_CONTEXT_STATE_DIR": "/x/state", "XDG_STATE_HOME": "/xdg", "HOME": "/h"}, "/x/state"),
        ({"XDG_STATE_HOME": "/xdg", "HOME": "/h"}, "/xdg/redacted-context-mcp"),
        ({"XDG_STATE_HOME": "relative", "HOME": "/h"}, "/h/.local/state/redacted-context-mcp"),
        ({"HOME": "/h"}, "/h/.local/state/redacted-context-mcp"),
    ],
)
def test_state_directory_location_follows_the_environment(environ: dict[str, str], expected: str) -> None:
    assert state_dir(environ) == Path(expected)


def _first_run(args: tuple[str, str]) -> bytes:
    root, state = args
    return resolve_salt(None, Path(root), {"REDACTED_CONTEXT_STATE_DIR": state}).key


def test_concurrent_first_runs_end_with_the_same_salt(root: Path, tmp_path: Path) -> None:
    state = str(tmp_path / "fresh-state")
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with ctx.Pool(8) as pool:
        keys = pool.map(_first_run, [(str(root), state)] * 32)
    assert len(set(keys)) == 1
    assert (Path(state) / SALT_FILE).read_bytes().strip() == keys[0]
    leftovers = [p.name for p in Path(state).iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
