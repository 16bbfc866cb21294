"""One lane of bot work: worker processes fed from a fair queue, one job per idle worker.

The process pool's own queue is first come, first served; here jobs wait in a FairQueue and
reach the pool only when a worker is free, so the order in which they are served is ours.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from meeplehall.server.bots.fairqueue import FairQueue

log = logging.getLogger("meeplehall.server")

#: How many served jobs a lane remembers (for the queue-state endpoint and the tests).
HISTORY = 1000


@dataclass(frozen=True)
class Share:
    """Whose turn a job takes in the fair queue: the client address (an IPv6 /64) of the person
    it is for, that person, and the table."""

    address: Hashable
    owner: Hashable
    table: Hashable


@dataclass(frozen=True)
class Served:
    """A job handed to a worker: whose, and how many jobs waited behind it."""

    number: int
    share: Share
    level: int
    queued_after: int


@dataclass
class _Job:
    function: Callable[[Any], Any]
    request: Any
    level: int
    future: asyncio.Future[Any]
    number: int
    queued_at: float
    share: Share


class Lane:
    """Worker processes for one kind of bot work (cheap moves, or searches and hints)."""

    def __init__(self, name: str, workers: int, initializer: Callable[[int], None],
                 warm: Callable[[], object] | None = None) -> None:
        """``initializer(server pid)`` runs first in each worker; ``warm()`` once in each at
        start, so the first decision does not pay for starting a process and its imports."""
        self.name = name
        self.workers = workers
        self.initializer = initializer
        self.warm = warm
        self.pool: ProcessPoolExecutor | None = None
        self.queue: FairQueue[_Job] = FairQueue(depth=3)
        self.busy = 0
        self.pushed = 0
        self.served: deque[Served] = deque(maxlen=HISTORY)
        self.served_count = 0
        #: Told each job's wait in the queue, in seconds, as a worker takes it (metrics).
        self.on_wait: Callable[[str, float], None] | None = None

    def start(self) -> None:
        self.pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=self.initializer,
            initargs=(os.getpid(),),
        )
        if self.warm is not None:
            # The pool starts a process per job submitted while none is idle: one each.
            for _ in range(self.workers):
                self.pool.submit(self.warm)

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
        while self.queue:
            _, job = self.queue.pop()
            job.future.cancel()

    async def run(self, share: Share, level: int,
                  function: Callable[[Any], Any], request: Any) -> Any:
        """``function(request)`` in a worker once the fair queue reaches it."""
        if self.pool is None:
            raise RuntimeError(f"the {self.name} bot lane is not started")
        self.pushed += 1
        job = _Job(function, request, level, asyncio.get_running_loop().create_future(),
                   self.pushed, time.monotonic(), share)
        self.queue.push((share.address, share.owner, share.table), job)
        self._pump()
        return await job.future

    def _pump(self) -> None:
        while self.busy < self.workers and self.queue and self.pool is not None:
            _, job = self.queue.pop()
            if job.future.done():  # its asker went away (cancelled) while it waited
                continue
            self.busy += 1
            self.served_count += 1
            if self.on_wait is not None:
                self.on_wait(self.name, time.monotonic() - job.queued_at)
            self.served.append(Served(self.served_count, job.share, job.level,
                                      len(self.queue)))
            pool = self.pool
            done = asyncio.get_running_loop().run_in_executor(pool, job.function, job.request)
            done.add_done_callback(functools.partial(self._finished, job, pool))

    def _finished(self, job: _Job, pool: ProcessPoolExecutor,
                  result: asyncio.Future[Any]) -> None:
        self.busy -= 1
        error = None if result.cancelled() else result.exception()
        if isinstance(error, BrokenProcessPool) and pool is self.pool:
            # A worker died (killed, out of memory): the pool is unusable, later jobs get
            # fresh workers. Only the first of the broken pool's jobs to fail restarts it.
            log.error("the %s bot lane lost a worker; starting new workers", self.name)
            pool.shutdown(wait=False, cancel_futures=False)
            self.start()
        if not job.future.done():
            if result.cancelled():
                job.future.cancel()
            elif error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(result.result())
        self._pump()

    def state(self) -> dict[str, Any]:
        """What the lane is doing now: counts only, nobody's identity."""
        return {"workers": self.workers, "busy": self.busy, "queued": len(self.queue),
                "served": self.served_count}
