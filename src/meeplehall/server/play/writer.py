"""Group commit: moves from many tables are written together, one transaction per batch.

Each move still counts only after the transaction holding its row has committed; batching
shares the commit, the thread hop and the statements (one executemany per kind of row) between
the moves that arrived meanwhile. If a batch fails, its moves are retried one by one, so only a
faulty one fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from sqlalchemy.orm import Session

Item = TypeVar("Item")


class LogWriter(Generic[Item]):
    def __init__(
        self,
        run_db: Callable[..., Any],
        write_batch: Callable[[Session, list[Item]], None],
        batch: int = 64,
    ) -> None:
        self.run_db = run_db
        self.write_batch = write_batch
        self.batch = batch
        self.queue: asyncio.Queue[tuple[Item, asyncio.Future[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def write(self, item: Item) -> None:
        """Return once ``item`` is committed; raise what writing it raised otherwise."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((item, future))
        await future

    async def _run(self) -> None:
        while True:
            items = [await self.queue.get()]
            while len(items) < self.batch and not self.queue.empty():
                items.append(self.queue.get_nowait())
            try:
                await self.run_db(self.write_batch, [item for item, _ in items])
            except Exception as error:
                if len(items) == 1:
                    _settle(items[0][1], error)
                    continue
                for item, future in items:
                    try:
                        await self.run_db(self.write_batch, [item])
                    except Exception as single:
                        _settle(future, single)
                    else:
                        _settle(future, None)
                continue
            for _, future in items:
                _settle(future, None)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
