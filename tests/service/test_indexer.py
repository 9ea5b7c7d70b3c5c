"""Index workers: parallel redaction equals in-process, lifetime, collisions, fallback, warm-up."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from redacted_context_mcp.errors import Code, RedctxError
from redacted_context_mcp.limits import Limits
from redacted_context_mcp.service import indexer
from redacted_context_mcp.service.context import Service, Settings
from tests.invariants import invariant
from tests.service.svc_helpers import FakeLive

FILES = 40


def _corpus(root: Path) -> None:
    for n in range(FILES):
        (root / f"dir{n % 4}").mkdir(exist_ok=True)
        (root / f"dir{n % 4}" / f"note{n}.md").write_text(
            f"Note {n}\nMail person{n}@client-{n % 7}.test about the budget\n"
            f"Call +1 415 555 01{n:02d} or see https://intranet-{n}.example.test/page\nEnd {n}.\n",
            encoding="utf-8")


@pytest.fixture
def kb(tmp_path, monkeypatch):
    monkeypatch.setattr(indexer, "MIN_PARALLEL", 8)
    monkeypatch.setattr(indexer, "BATCH_FILES", 5)
    root = tmp_path / "kb"
    root.mkdir()
    _corpus(root)
    return root


def _service(root: Path, workers: int, live: FakeLive | None = None) -> Service:
    svc = Service(Settings(root=root, limits=Limits()), live or FakeLive(root))
    svc.index_workers = workers
    return svc


def _docs(svc: Service) -> list[tuple]:
    out = [(d.ref, d.body, d.counts, list(d.marks), d.mark_cats, str(d.title))
           for d in svc.documents([], [], svc.budget())]
    return out


def _gone(pid: int) -> bool:
    """The process no longer exists (killed and reaped: not even a zombie)."""
    return not Path(f"/proc/{pid}").exists() if Path("/proc").is_dir() else True


@pytest.fixture
def cleanup():
    made: list[Service] = []
    yield made
    for svc in made:
        svc.close()


def test_documents_redacted_by_index_workers_equal_the_in_process_ones_in_scope_order(kb, cleanup):
    par = _service(kb, 2)
    cleanup.append(par)
    got = _docs(par)
    assert par._pool is not None and len(par._pool.pids) == 2  # the workers really ran
    assert got == _docs(_service(kb, 0))
    assert len(got) == FILES and all("@client-" not in body for _, body, *_ in got)


@invariant("HARD-11")
def test_index_workers_are_killed_and_reaped_on_a_policy_change_and_new_ones_hold_the_new_policy(kb, cleanup):
    live = FakeLive(kb)
    svc = _service(kb, 2, live)
    cleanup.append(svc)
    _docs(svc)
    old = svc._pool.pids
    assert old and not any(_gone(p) for p in old)
    live.bump(clients=("Budget",))
    svc.snapshot()
    assert all(_gone(p) for p in old)
    docs = _docs(svc)
    assert svc._pool.pids and not set(svc._pool.pids) & set(old)
    assert all("budget" not in body.lower() for _, body, *_ in docs)  # the new term reached the workers


@invariant("HARD-11")
def test_closing_the_service_leaves_no_worker_and_no_zombie(kb):
    svc = _service(kb, 2)
    _docs(svc)
    pids = svc._pool.pids
    svc.close()
    assert pids and all(_gone(p) for p in pids)


@invariant("HARD-11")
def test_a_worker_exits_by_itself_when_the_parent_closes_its_pipe(kb, cleanup):
    svc = _service(kb, 2)
    cleanup.append(svc)
    _docs(svc)
    w = svc._pool._workers[0]
    w.proc.stdin.close()
    assert w.proc.wait(timeout=20) == 0


@invariant("BIJ-1", "HARD-11")
def test_a_placeholder_map_entry_from_a_worker_that_collides_fails_closed(kb, cleanup):
    svc = _service(kb, 2)
    cleanup.append(svc)
    red = svc.snapshot().redactor
    p = red.placeholder("EMAIL", "person3@client-3.test")
    fresh = _service(kb, 2)
    cleanup.append(fresh)
    fresh.snapshot().redactor.adopt_owners([(p, "EMAIL", "someone.else@other.test")])
    with pytest.raises(RedctxError) as exc:
        _docs(fresh)
    assert exc.value.code is Code.PLACEHOLDER_COLLISION
    assert fresh._pool is not None and fresh._pool.pids  # it was the workers' map that collided


def test_a_pool_that_cannot_start_leaves_the_call_in_process_with_the_same_documents(kb, cleanup, monkeypatch):
    monkeypatch.setattr(indexer.sys, "executable", str(kb / "no-such-python"))
    svc = _service(kb, 2)
    cleanup.append(svc)
    assert _docs(svc) == _docs(_service(kb, 0))
    assert svc.index_state()["index_workers"].startswith("in-process")


def test_a_worker_that_dies_mid_call_has_its_batches_redone_in_process(kb, cleanup):
    svc = _service(kb, 2)
    cleanup.append(svc)
    _docs(svc)
    svc.cache.clear()
    for w in svc._pool._workers:
        w.proc.kill()
        w.proc.wait()
    assert _docs(svc) == _docs(_service(kb, 0))


@invariant("HARD-11")
def test_the_warm_up_fills_the_cache_and_starts_over_on_a_policy_change(kb, cleanup):
    live = FakeLive(kb)
    svc = _service(kb, 2, live)
    cleanup.append(svc)
    warm = svc.start_warm_index()
    deadline = time.monotonic() + 60
    while warm.state != "warm" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert warm.state == "warm" and len(svc.cache) == FILES
    live.bump(people=("Note",))
    svc.snapshot()
    while (warm.passes < 2 or warm.state != "warm") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert warm.passes == 2
    assert {d.generation for d in svc.cache.documents()} == {live.state.generation}
    hits_before = svc.cache.hits
    _docs(svc)
    assert svc.cache.hits - hits_before == FILES  # the first request is answered warm


def test_worker_module_answers_nothing_but_frames(tmp_path):
    import subprocess

    proc = subprocess.run([sys.executable, "-m", "redacted_context_mcp.service.index_worker"], input=b"garbage!!",
                          capture_output=True, timeout=60, env=dict(os.environ, PYTHONPATH=indexer._PKG_PARENT))
    assert proc.stdout == b"" and proc.stderr == b""


def test_a_module_planted_in_the_served_root_is_never_imported_by_a_worker(kb, cleanup, monkeypatch):
    (kb / "marshal.py").write_text("raise SystemExit(7)\n", encoding="utf-8")
    (kb / "redacted_context_mcp").mkdir()
    (kb / "redacted_context_mcp" / "__init__.py").write_text("raise SystemExit(7)\n", encoding="utf-8")
    monkeypatch.chdir(kb)
    svc = _service(kb, 2)
    cleanup.append(svc)
    _docs(svc)
    assert svc._pool is not None and len(svc._pool.pids) == 2 and svc._pool.alive()


@invariant("HARD-11")
def test_a_scope_that_fails_while_the_workers_start_releases_the_pool_for_the_next_call(kb, cleanup):
    svc = _service(kb, 2)
    cleanup.append(svc)
    size = sum(p.stat().st_size for p in kb.rglob("*.md"))
    with pytest.raises(RedctxError) as exc:  # over the byte total after the workers were asked to start
        list(svc.documents([], [], svc.budget(total_bytes=size // 2)))
    assert exc.value.code is Code.LIMIT_TOTAL_BYTES
    pool = svc._pool
    assert pool is not None and pool.acquire(30.0)  # released once the start is over, not left held
    pool.release()
    assert _docs(svc) == _docs(_service(kb, 0))
    assert pool.starts == 1 and len(pool.pids) == 2  # the next call used the workers that call started


def test_index_workers_read_a_credential_file_by_its_name_as_the_in_process_path_does(kb, cleanup):
    # the kind travels with the text: a worker has no file names of its own
    for n in range(3):
        (kb / f"dir{n}" / "auth.txt").write_text(f"vpnuser{n}\nWorker-Vpn-Pw-{n}x\n", encoding="utf-8")
    (kb / "dir3" / "rsyncd.secrets").write_text("nightly:Worker-Rsync-Pw\n", encoding="utf-8")
    par = _service(kb, 2)
    cleanup.append(par)
    got = _docs(par)
    assert par._pool is not None and len(par._pool.pids) == 2
    assert got == _docs(_service(kb, 0))
    bodies = "\n".join(body for _, body, *_ in got)
    assert "vpnuser0\n[SECRET_" in bodies and "nightly:[SECRET_" in bodies
    assert "Worker-Vpn-Pw" not in bodies and "Worker-Rsync-Pw" not in bodies
