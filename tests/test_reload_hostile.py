"""Hostile config files: special files swapped in, metadata-preserving rewrites, absurd TOML."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from redacted_context_mcp import reload as reload_mod
from redacted_context_mcp.config import CONFIG_NAME, load_policy
from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.reload import LivePolicy
from tests.invariants import invariant

GOOD = '[redaction]\nterms = ["Lantern"]\n'


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    r = tmp_path / "notes"
    r.mkdir()
    return r


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    return {"REDACTED_CONTEXT_STATE_DIR": str(tmp_path / "state")}


def _code(live: LivePolicy) -> Code | None:
    try:
        live.current()
    except RedctxError as exc:
        return exc.code
    return None


@invariant("HARD-1")
def test_a_config_swapped_between_regular_file_and_fifo_never_hangs_a_call(root, env, tmp_path):
    cfg = root / CONFIG_NAME
    cfg.write_text(GOOD)
    live = LivePolicy(root, environ=env)
    keep: list[Path] = []  # extra names for every FIFO so a blocked reader can be released
    stop = threading.Event()

    def swapper() -> None:
        i = 0
        while not stop.is_set() and i < 4000:
            i += 1
            if i % 2:
                tmp = tmp_path / f"fifo{i}"
                os.mkfifo(tmp)
                keep.append(tmp_path / f"keep{i}")
                os.link(tmp, keep[-1])
            else:
                tmp = tmp_path / f"reg{i}"
                tmp.write_text(GOOD + f"# {i}\n")
            os.replace(tmp, cfg)

    calls = {"n": 0}

    def caller() -> None:
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            _code(live)
            calls["n"] += 1

    t_swap = threading.Thread(target=swapper, daemon=True)
    t_call = threading.Thread(target=caller, daemon=True)
    t_swap.start()
    t_call.start()
    t_call.join(6.0)
    hung = t_call.is_alive()
    stop.set()
    t_swap.join(5.0)
    for k in list(keep):  # release any reader stuck on a FIFO (only the old, blocking loader)
        try:
            os.close(os.open(k, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    assert not hung, "a tool call blocked on a FIFO swapped in for the config"
    assert calls["n"] > 10
    os.replace(tmp_path / "final", cfg) if (tmp_path / "final").exists() else cfg.unlink()
    cfg.write_text(GOOD + "# repaired\n")
    assert _code(live) is None  # repaired: access recovers without a restart


@invariant("HARD-1")
def test_a_fifo_or_symlink_as_config_blocks_with_the_policy_message(root, env, tmp_path):
    cfg = root / CONFIG_NAME
    cfg.write_text(GOOD)
    live = LivePolicy(root, environ=env)
    cfg.unlink()
    os.mkfifo(cfg)
    assert _code(live) is Code.POLICY_BLOCKED
    cfg.unlink()
    real = tmp_path / "elsewhere.toml"
    real.write_text(GOOD)
    cfg.symlink_to(real)
    assert _code(live) is Code.POLICY_BLOCKED
    cfg.unlink()
    cfg.write_text(GOOD + "# back\n")
    assert _code(live) is None


@invariant("HARD-2")
def test_an_in_place_rewrite_with_restored_size_and_mtime_is_reloaded(root, env):
    cfg = root / CONFIG_NAME
    cfg.write_text('[redaction]\nterms = ["Lantern"]\n')
    live = LivePolicy(root, environ=env)
    first = live.current()
    st = cfg.stat()
    time.sleep(0.01)
    with open(cfg, "r+", encoding="utf-8") as fh:  # same inode, same size
        fh.write('[redaction]\nterms = ["Harbour"]\n')
    os.utime(cfg, ns=(st.st_atime_ns, st.st_mtime_ns))  # like cp -p / touch -r
    assert cfg.stat().st_size == st.st_size and cfg.stat().st_mtime_ns == st.st_mtime_ns
    now = live.current()
    assert now.generation == first.generation + 1
    assert now.policy.terms == ("Harbour",)


@invariant("HARD-2")
def test_a_rewrite_that_leaves_coarse_metadata_unchanged_is_caught_by_the_content_hash(
        root, env, monkeypatch):
    real_stamp = reload_mod._stamp

    def coarse(path: Path):  # a filesystem with whole-second timestamps and no usable ctime
        s = real_stamp(path)
        if not isinstance(s, tuple):
            return s
        return (s[0] // 10**9, 0, s[2], s[3], s[4])

    monkeypatch.setattr(reload_mod, "_stamp", coarse)
    monkeypatch.setattr(reload_mod, "RACY_NS", 10**30)  # every stamp is ambiguous
    cfg = root / CONFIG_NAME
    cfg.write_text('[redaction]\nterms = ["Lantern"]\n')
    live = LivePolicy(root, environ=env)
    live.current()
    st = cfg.stat()
    with open(cfg, "r+", encoding="utf-8") as fh:
        fh.write('[redaction]\nterms = ["Harbour"]\n')
    os.utime(cfg, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert live.current().policy.terms == ("Harbour",)


@pytest.mark.parametrize("body", [
    "a = " + "{b = " * 2000 + "1" + "}" * 2000 + "\n",
    "a = " + "[" * 5000 + "]" * 5000 + "\n",
    "[redaction]\nsalt = " + "9" * 5000 + "\n",
], ids=["deep-inline-tables", "deep-arrays", "huge-integer"])
@invariant("HARD-3")
def test_absurd_toml_fails_with_the_config_message_at_start_and_blocks_at_reload(root, env, body):
    cfg = root / CONFIG_NAME
    cfg.write_text(body)
    with pytest.raises(RedctxError) as err:
        load_policy(root, environ=env)
    assert err.value.code is Code.CONFIG_INVALID
    cfg.write_text(GOOD)
    live = LivePolicy(root, environ=env)
    cfg.write_text(body)
    assert _code(live) is Code.POLICY_BLOCKED
    cfg.write_text(GOOD + "# fixed\n")
    assert _code(live) is None


@invariant("HARD-3")
def test_brackets_inside_strings_and_comments_do_not_count_as_nesting(root, env):
    cfg = root / CONFIG_NAME
    cfg.write_text('[redaction]\n# ' + "[" * 100 + '\nterms = ["' + "[" * 60 + '", \'' + "{" * 60
                   + "'" + ', """x' + "[" * 60 + '"""]\n')
    assert len(load_policy(root, environ=env).terms) == 3
