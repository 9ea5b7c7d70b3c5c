"""Index workers: a scope's cold documents redacted by worker processes on all cores.

:class:`IndexPool` keeps at most ``size`` worker processes (:mod:`.index_worker`), all built for
one policy generation with the same salt and policy; a new generation, :meth:`IndexPool.reset`
or :meth:`IndexPool.close` kills and reaps them (no zombies, nothing carried across
generations). :func:`parallel_documents` is the parallel form of ``Service.documents``: the
parent fetches raw text (every source check stays in the parent), workers redact disjoint
batches, and the parent builds each :class:`RedactedDoc`, merges the workers' placeholder maps
into its own redactor (a collision fails closed as in-process) and yields documents in scope
order. Raw text crosses only between the parent and its own workers; a batch a worker cannot
answer is redone in-process, and a pool that cannot start leaves the caller in-process.

Imports: layers 0-1, redaction.secret_filenames, service.document, service.index_worker (framing).
"""

from __future__ import annotations

import atexit
import dataclasses
import itertools
import marshal
import os
import pickle
import queue
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from redacted_context_mcp.errors import RedctxError
from redacted_context_mcp.limits import Budget
from redacted_context_mcp.model import Redaction
from redacted_context_mcp.redaction.secret_filenames import file_kind
from redacted_context_mcp.service.document import DocCache, RedactedDoc
from redacted_context_mcp.service.index_worker import recv, send
from redacted_context_mcp.skips import reason_for
from redacted_context_mcp.sources import textcodec

#: A scope with fewer cold text files than this is redacted in-process (workers cost a start).
MIN_PARALLEL = 48
BATCH_FILES = 24
BATCH_CHARS = 256 * 1024
WINDOW_BATCHES = 4  # batches per worker submitted ahead of the consumer
START_SECONDS = 60.0  # a worker that has not built its redactor by then is given up
RETRY_SECONDS = 30.0  # after a failed start, run in-process this long before trying again
_PKG_PARENT = str(Path(__file__).resolve().parent.parent.parent)
_POOLS: weakref.WeakSet[IndexPool] = weakref.WeakSet()


def default_size() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


class _Worker:
    """One worker process and the thread that talks to it (one batch in flight)."""

    def __init__(self, tasks: queue.Queue, results: queue.Queue) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = _PKG_PARENT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(
            # -P and cwd "/": nothing in the served root (or wherever the server was started) can
            # shadow a module the worker imports.
            [sys.executable, "-P", "-m", "redacted_context_mcp.service.index_worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            close_fds=True, start_new_session=True, env=env, cwd=os.path.abspath(os.sep),
        )
        self.tasks = tasks
        self.results = results
        self.alive = True

    def init(self, token: int, policy: Any, salt: bytes) -> None:
        assert self.proc.stdin is not None
        if isinstance(getattr(policy, "github_repos", None), Mapping):  # a read-only view: pickled as a dict
            policy = dataclasses.replace(policy, github_repos=dict(policy.github_repos))
        send(self.proc.stdin, b"I", pickle.dumps((token, policy, salt)))

    def ready(self) -> bool:
        assert self.proc.stdout is not None
        msg = recv(self.proc.stdout)
        return msg is not None and msg[0] == b"R"

    def loop(self) -> None:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        while True:
            task = self.tasks.get()
            if task is None:
                return
            task_id, payload = task
            try:
                send(stdin, b"B", payload)
                msg = recv(stdout)
            except (OSError, ValueError):
                msg = None
            self.results.put((task_id, msg))
            if msg is None:
                self.alive = False
                return

    def kill(self) -> None:
        self.alive = False
        try:
            self.proc.kill()
        except OSError:
            pass
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not refused
            pass


class IndexPool:
    """At most ``size`` index workers for one policy generation; thread-safe."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size if size is not None else default_size()
        self._workers: list[_Worker] = []
        self._token: int | None = None
        self._tasks: queue.Queue = queue.Queue()
        self._results: queue.Queue = queue.Queue()
        self._lock = threading.Lock()  # one caller at a time
        self._state = threading.Lock()
        self._failed_at = -RETRY_SECONDS
        self._ids = itertools.count()
        self.want = threading.Event()  # a request is waiting for the pool (background work yields)
        self.starts = 0
        _POOLS.add(self)

    @property
    def pids(self) -> list[int]:
        return [w.proc.pid for w in self._workers]

    def state(self) -> str:
        if self._workers:
            return f"{len(self._workers)} running"
        if time.monotonic() - self._failed_at < RETRY_SECONDS:
            return "in-process (workers could not start)"
        return "idle"

    def _ensure(self, token: int, policy: Any, salt: bytes) -> bool:
        with self._state:
            if self._token == token and self._workers and all(w.alive for w in self._workers):
                return True
            self._kill_locked()
            if self.size < 2 or time.monotonic() - self._failed_at < RETRY_SECONDS:
                return False
            try:
                workers = [_Worker(self._tasks, self._results) for _ in range(self.size)]
            except OSError:
                self._failed_at = time.monotonic()
                return False
            self._workers = workers
            try:
                for w in workers:
                    w.init(token, policy, salt)
                ok = all(_ready_within(w, START_SECONDS) for w in workers)
            except Exception:  # noqa: BLE001 - a policy that does not pickle, a dead pipe: in-process
                ok = False
            if not ok:
                self._kill_locked()
                self._failed_at = time.monotonic()
                return False
            for w in workers:
                threading.Thread(target=w.loop, name="redctx-index-io", daemon=True).start()
            self._token = token
            self.starts += 1
            return True

    def _kill_locked(self) -> None:
        workers, self._workers, self._token = self._workers, [], None
        for _ in workers:
            self._tasks.put(None)
        for w in workers:
            w.kill()
        self._tasks = queue.Queue()
        self._results = queue.Queue()

    def reset(self) -> None:
        """Kill and reap every worker (a new policy generation, or a call that gave up)."""
        with self._state:
            self._kill_locked()

    close = reset

    def acquire(self, wait: float) -> bool:
        if self._lock.acquire(blocking=False):
            return True
        self.want.set()
        try:
            return self._lock.acquire(timeout=wait)
        finally:
            self.want.clear()

    def release(self) -> None:
        self._lock.release()

    def alive(self) -> bool:
        return any(w.alive for w in self._workers)

    def drain(self) -> None:
        """Drop the batches still queued (a caller gave up); answers already on the way are ignored."""
        try:
            while True:
                task = self._tasks.get_nowait()
                if task is None:  # a worker's stop signal: put it back
                    self._tasks.put(None)
                    return
        except queue.Empty:
            pass

    def submit(self, payload: bytes) -> int:
        task_id = next(self._ids)
        self._tasks.put((task_id, payload))
        return task_id

    def result(self, timeout: float) -> tuple[int, tuple[bytes, bytes] | None] | None:
        try:
            return self._results.get(timeout=timeout)
        except queue.Empty:
            return None


class PoolStart:
    """A pool held by one call (acquired) whose workers start on a helper thread meanwhile.

    :meth:`ready` waits for the start and returns the pool (still held) or ``None`` (released);
    :meth:`abandon` gives it up without waiting: the pool is released as soon as the start is over
    (the call failed or stayed in-process). The workers of a start stay in the pool for later calls
    of the same generation.
    """

    def __init__(self, pool: IndexPool, token: int, policy: Any, salt: bytes) -> None:
        self.pool = pool
        self._ok = False
        self._done = False
        self._abandoned = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, args=(token, policy, salt),
                                        name="redctx-index-start", daemon=True)
        self._thread.start()

    def _run(self, token: int, policy: Any, salt: bytes) -> None:
        try:
            self._ok = self.pool._ensure(token, policy, salt)
        except Exception:  # noqa: BLE001 - a pool that cannot start leaves the call in-process
            self._ok = False
        finally:
            with self._lock:
                self._done = True
                release = self._abandoned
            if release:
                self.pool.release()

    def ready(self) -> IndexPool | None:
        self._thread.join()
        if not self._ok:
            self.abandon()
            return None
        return self.pool  # held: the caller releases it

    def abandon(self) -> None:
        with self._lock:
            if self._abandoned:
                return
            self._abandoned = True
            release = self._done
        if release:
            self.pool.release()


def _ready_within(w: _Worker, seconds: float) -> bool:
    box: list[bool] = []
    t = threading.Thread(target=lambda: box.append(w.ready()), daemon=True)
    t.start()
    t.join(seconds)
    return bool(box and box[0])


@atexit.register
def _close_all() -> None:
    for pool in list(_POOLS):
        pool.close()


# -- the parallel documents loop ---------------------------------------------------------------------
_PENDING = object()


def parallel_documents(
    pool: IndexPool, gen: Any, cache: DocCache, entries: list, budget: Budget,
    in_process: Callable[[Any], RedactedDoc | None], *, background: bool = False,
) -> Iterator[RedactedDoc]:
    """Documents of ``entries`` in order, cold ones redacted by ``pool``'s workers.

    ``gen`` is the service generation (source, snapshot, display_rel); ``in_process(entry)`` is the
    service's own one-file path (``None`` for a binary file), used for any batch the workers
    do not answer. The caller holds the pool; ``background`` work stops when a request wants it.
    """
    source, snap = gen.source, gen.snap
    redactor = snap.redactor
    generation = snap.generation
    slots: list[Any] = [None] * len(entries)
    keys: list[Any] = [None] * len(entries)
    owner: dict[int, list[int]] = {}  # task id -> slots
    window = max(1, pool.size * WINDOW_BATCHES)
    next_fetch = 0

    def fetch_batches(limit: int) -> None:
        nonlocal next_fetch
        batch: list[tuple[int, str, str | None]] = []  # (slot, text, credential-file kind)
        chars = 0
        submitted = 0
        with source.reading():  # reads in walk order reuse each directory's descriptor
            while next_fetch < len(entries) and submitted < limit:
                i = next_fetch
                next_fetch += 1
                entry = entries[i]
                key = keys[i] = (source.name, source.ident(entry), generation)
                doc = cache.get(key)
                if doc is not None:
                    slots[i] = doc
                    continue
                try:
                    raw = source.fetch(entry, budget)
                except RedctxError as exc:
                    slots[i] = exc  # raised (or skipped, NOT_TEXT) when the consumer reaches it
                    continue
                text = textcodec.escape_controls(raw.text)
                del raw
                batch.append((i, text, file_kind(entry.rel)))
                chars += len(text)
                slots[i] = _PENDING
                if len(batch) >= BATCH_FILES or chars >= BATCH_CHARS:
                    owner[pool.submit(marshal.dumps(batch))] = [s for s, _, _ in batch]
                    batch, chars = [], 0
                    submitted += 1
        if batch:
            owner[pool.submit(marshal.dumps(batch))] = [s for s, _, _ in batch]

    def take(task_id: int, msg: tuple[bytes, bytes] | None) -> None:
        mine = owner.pop(task_id, None)
        if mine is None:
            return  # a stale answer of an earlier call
        if msg is None or msg[0] != b"D":
            for s in mine:
                slots[s] = None  # redone in-process when reached
            return
        done, owners = marshal.loads(msg[1])
        redactor.adopt_owners(owners)  # PLACEHOLDER_COLLISION fails the call closed
        for s, text, counts, offsets, cats in done:
            entry = entries[s]
            rel = entry.rel
            red = Redaction(text, counts, offsets, cats)
            doc = RedactedDoc.build(entry.ref, (lambda rel=rel: gen.display_rel(rel)), red, keys[s][1], generation)
            cache.put(keys[s], doc)
            slots[s] = doc

    try:
        yield from _consume(pool, entries, slots, owner, take, fetch_batches, window, budget, in_process,
                            background)
    finally:
        if owner:  # given up early: drop what is still queued, ignore answers still on the way
            pool.drain()


def _consume(pool: IndexPool, entries: list, slots: list, owner: dict, take: Callable, fetch_batches: Callable,
             window: int, budget: Budget, in_process: Callable, background: bool) -> Iterator[RedactedDoc]:
    fetch_batches(window)
    for i, entry in enumerate(entries):
        if not i & 15:
            budget.check_deadline()
            if background and pool.want.is_set():
                return
        if not i & 63:
            budget.report_progress(i, len(entries))
        while slots[i] is _PENDING:
            got = pool.result(0.05)
            budget.check_deadline()
            if got is not None:
                take(*got)
            elif not pool.alive():
                for s in [s for ss in owner.values() for s in ss]:
                    slots[s] = None
                owner.clear()
        if len(owner) < window // 2:
            fetch_batches(window - len(owner))
        slot = slots[i]
        slots[i] = None  # the consumer holds it now; the list keeps no document alive
        if slot is None:
            slot = in_process(entry)
            if slot is None:
                continue
        elif isinstance(slot, RedctxError):
            reason = reason_for(slot.code.slug)
            if reason is None:
                raise slot
            budget.skips.add(reason)  # not text after all, unreadable, a document that does not extract
            continue
        yield slot
    budget.report_progress(len(entries), len(entries))


# -- background warm-up (--warm-index) --------------------------------------------------------------
IDLE_SECONDS = 0.5  # warm-up pauses while a request was seen this recently


def lower_thread_priority() -> None:
    """Best effort: run the calling thread at the lowest CPU priority (Linux threads are tasks)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
    except (AttributeError, OSError):
        pass


class WarmUp:
    """Fills the document cache for the whole root after start and after every policy change.

    Runs on one daemon thread at the lowest priority: it waits while requests are active, gives
    the index pool up as soon as a request wants it, and starts over on a new generation.
    ``run_pass(budget, should_stop)`` is the service's whole-root documents pass.
    """

    def __init__(self, run_pass: Callable[[Callable[[], bool]], bool], busy: Callable[[], bool],
                 wanted: Callable[[], bool]) -> None:
        self._run_pass = run_pass
        self._busy = busy
        self._wanted = wanted
        self.changed = threading.Event()
        self.stop = threading.Event()
        self.state = "starting"
        self.passes = 0
        self._thread = threading.Thread(target=self._loop, name="redctx-warm-index", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _should_stop(self) -> bool:
        """Wait while requests are active; ``True`` once the pass must end (stop, or a new policy)."""
        while self._busy() and not (self.stop.is_set() or self.changed.is_set()):
            if self._wanted():  # a request waits for the index pool this pass holds: end the pass now
                return True
            time.sleep(0.05)
        return self.stop.is_set() or self.changed.is_set()

    def _loop(self) -> None:
        lower_thread_priority()
        while not self.stop.is_set():
            self.changed.clear()
            self.state = "warming"
            try:
                done = self._run_pass(self._should_stop)
            except RedctxError:  # over a limit, or a blocked policy: nothing to warm until it changes
                self.state = "skipped"
                done = True
            except Exception:  # noqa: BLE001 - warm-up is an optimisation; never a crash
                self.state = "skipped"
                done = True
            else:
                if done:
                    self.state = "warm"
                    self.passes += 1
            if done:
                self.changed.wait()
            elif not self.changed.is_set():
                time.sleep(0.1)  # interrupted by a request: resume (cached documents are skipped fast)
