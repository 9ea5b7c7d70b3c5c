"""A bounded worker pool: a fixed number of threads and a bounded queue.

:meth:`Pool.submit` never blocks and never creates more than ``workers``
threads: it returns ``False`` when ``workers`` jobs run and ``queue`` more wait,
and the caller answers "server busy" at once. Threads start on demand and exit
after ``idle_seconds`` without work, so an idle server (or a finished test) holds none.

Imports: nothing from the package.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

DEFAULT_WORKERS = 4
DEFAULT_QUEUE = 64


class Pool:
    """Runs submitted callables on at most ``workers`` threads; see the module docstring."""

    def __init__(self, workers: int = DEFAULT_WORKERS, queue: int = DEFAULT_QUEUE,
                 *, idle_seconds: float = 5.0, name: str = "redctx-worker") -> None:
        self.workers = max(1, workers)
        self.capacity = self.workers + max(0, queue)
        self._idle_seconds = idle_seconds
        self._name = name
        self._jobs: deque[Callable[[], None]] = deque()
        self._cv = threading.Condition()
        self._pending = 0  # queued + running
        self._threads = 0
        self._idle = 0

    @property
    def threads(self) -> int:
        """Worker threads alive now (never more than ``workers``)."""
        with self._cv:
            return self._threads

    def submit(self, job: Callable[[], None]) -> bool:
        """Queue ``job``; ``False`` (and nothing queued) when the pool is full."""
        with self._cv:
            if self._pending >= self.capacity:
                return False
            self._pending += 1
            self._jobs.append(job)
            if len(self._jobs) > self._idle and self._threads < self.workers:
                self._threads += 1
                threading.Thread(target=self._loop, name=self._name, daemon=True).start()
            else:
                self._cv.notify()
        return True

    def _loop(self) -> None:
        with self._cv:
            while True:
                while not self._jobs:
                    self._idle += 1
                    woken = self._cv.wait(self._idle_seconds)
                    self._idle -= 1
                    # Woken for a job a busier thread took first: wait again. Only a full idle
                    # period without work ends the thread.
                    if not self._jobs and not woken:
                        self._threads -= 1
                        return
                job = self._jobs.popleft()
                self._cv.release()
                try:
                    job()
                except BaseException:  # noqa: BLE001 - a job reports its own failures
                    pass
                finally:
                    self._cv.acquire()
                    self._pending -= 1
