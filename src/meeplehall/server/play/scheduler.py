"""Tables in memory only while they are needed.

A table is loaded (its match rebuilt from the log) when a socket or a lobby call asks for it,
or when it needs a process of its own accord: a bot is to move, or a clock runs out soon. The
log records when that is (``tables.due_at``, written with every step), so the scheduler finds
those tables with one indexed query a second and loads at most ``BATCH`` of them at a time:
a process starts with bounded work whatever the number of tables, and picks up more as they
come due. A table nobody is connected to, with no bot thinking and nothing due soon, is
dropped from memory once it has been idle for ``idle_seconds``.

With several processes (leases.py) the scheduler takes over the tables whose driver stopped
renewing its lease: a process killed mid-game hands its bots and clocks to another within
``LEASE_SECONDS`` and a poll.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from meeplehall.server.play.deadlines import room_due_at
from meeplehall.server.play.leases import LEASE_SECONDS
from meeplehall.server.play.store import due_table_ids, resume_live_clocks

if TYPE_CHECKING:
    from meeplehall.server.play.chat.retention import ChatRetention
    from meeplehall.server.play.manager import TableManager

log = logging.getLogger("meeplehall.server")

#: Seconds between two looks for due tables (and for idle ones).
POLL_SECONDS = 1.0
#: A table is loaded this long before its first clock runs out, so its timer fires on time.
HORIZON_SECONDS = 30.0
#: Tables loaded by one look at most; the rest wait for the next one.
BATCH = 50
#: Due tables read by one look at most: the scan goes on from there at the next.
PAGE = 500
#: A hall not seen running for this long was down: a starting process gives live clocks back
#: the time (each running process renews its sign of life at every look, once a second).
STALE_SECONDS = 3.0


class Scheduler:
    def __init__(self, manager: TableManager, idle_seconds: float,
                 chat_retention: ChatRetention) -> None:
        self.manager = manager
        self.idle_seconds = idle_seconds
        #: Deletes the chat of tables that ended long ago, once an hour (chat/retention.py).
        self.chat_retention = chat_retention
        #: Where the scan of due tables goes on from (a table id).
        self.cursor = 0

    async def start(self) -> int:
        """At start-up: live clocks do not count a time no process was running; then one look
        for due tables. Returns how many tables that look loaded."""
        down = await self.manager.run_db(resume_live_clocks, time.time(), STALE_SECONDS)
        if down:
            log.info("the hall was down for %.1f s: live clocks do not count it", down)
        return await self.poll()

    async def run(self) -> None:
        """Look for due and idle tables every second; with leases, renew them every third of
        their life in a loop of their own, so a slow look never lets them lapse."""
        renewing = None
        if self.manager.leases is not None:
            renewing = asyncio.create_task(self._renew())
        try:
            while True:
                await asyncio.sleep(POLL_SECONDS)
                try:
                    await self.poll()
                    self.drop_idle(time.monotonic(), time.time())
                    await self.chat_retention.maybe_sweep(time.time())
                except Exception:
                    log.exception("the table scheduler failed; trying again")
        finally:
            if renewing is not None:
                renewing.cancel()

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(LEASE_SECONDS / 3)
            try:
                await self.manager.renew_leases()
            except Exception:
                log.exception("renewing the tables' leases failed; trying again")

    async def poll(self) -> int:
        """Load (and drive) tables due within the horizon that no process drives."""
        manager = self.manager
        now = time.time()
        ids = await manager.run_db(due_table_ids, now, now + HORIZON_SECONDS, self.cursor, PAGE)
        self.cursor = ids[-1] if len(ids) == PAGE else 0
        if manager.leases is None:
            candidates = [table_id for table_id in ids if table_id not in manager.rooms]
        else:
            held = manager.leases.held
            ids = [table_id for table_id in ids if table_id not in held]
            taken = await manager.leases.taken(ids)
            candidates = [table_id for table_id in ids if table_id not in taken]
        loaded = 0
        for table_id in candidates[:BATCH]:
            try:
                loaded += await manager.take_over(table_id)
            except Exception:
                log.exception("table %s cannot be rebuilt from its log", table_id)
        return loaded

    def drop_idle(self, monotonic_now: float, now: float) -> int:
        """Forget the rooms nobody needs now; they are loaded again when asked for."""
        dropped = 0
        for room in list(self.manager.rooms.values()):
            if room.connections or room.pending_bots or room.lock.locked():
                continue
            if monotonic_now - room.used_at < self.idle_seconds:
                continue
            due = room_due_at(room, now)
            if room.driving and due is not None and due <= now + HORIZON_SECONDS:
                continue
            self.manager.evict(room)
            dropped += 1
        return dropped
