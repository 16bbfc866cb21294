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

from meeplehall.server.play import clocks
from meeplehall.server.play.deadlines import room_due_at
from meeplehall.server.play.leases import LEASE_SECONDS
from meeplehall.server.play.store import due_table_ids, resume_live_clocks, save_seats, write_due

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
                await self.renew_leases()
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
                loaded += await self.take_over(table_id)
            except Exception:
                log.exception("table %s cannot be rebuilt from its log", table_id)
        return loaded

    async def take_over(self, table_id: int) -> bool:
        """Drive a table that no process drives: take its lease, load it, bring it to the log's
        end, start a clock its start left stopped, write when it is due next, then run its bots
        and timer. False when another process took it first."""
        manager = self.manager
        leases = manager.leases
        if leases is not None and not await leases.claim(table_id):
            return False
        loaded = table_id in manager.rooms
        room = await manager.room(table_id)
        if room is None:
            if leases is not None:
                await leases.release(table_id)
            return False
        room.driving = True
        async with room.lock:
            if loaded and room.match is not None:
                await manager.catch_up(room, committed=room.match.seq)
            if room.record.status == "playing" and room.match is not None:
                now = time.time()
                stopped = [seat.running_since for seat in room.seats]
                # A crash between the start and its clocks being saved leaves them stopped.
                clocks.start_clocks(room.record.rules, room.seats, room.to_move(), now)
                due, seq = room_due_at(room, now), room.match.seq
                if stopped != [seat.running_since for seat in room.seats]:
                    await manager.run_db(save_seats, table_id, room.seats, due, seq)
                else:
                    await manager.run_db(write_due, table_id, due, seq)
        manager.after_change(room)
        return True

    async def renew_leases(self) -> None:
        """Keep this process's leases; a table whose lease was lost (this process stalled past
        it) stops being driven here."""
        leases = self.manager.leases
        if leases is None:
            return
        for table_id in await leases.renew():
            room = self.manager.rooms.get(table_id)
            if room is not None:
                room.driving = False
                room.stop_timer()
                log.warning("table %s: lost its lease; another process drives it", table_id)

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
