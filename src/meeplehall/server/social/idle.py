"""Waiting tables nobody touches are removed, so abandoned (or spammed) tables leave the lobby.

A waiting table is touched when it is created and when a seat is taken or freed; a table with a
socket open on it in this process is in use and never idle. One that went untouched for
``idle_table_minutes`` is deleted (it never started: it has no moves). Touches are kept in
memory: after a restart every table counts as touched at the start, so none expires sooner
than it should. With several server processes (Redis) a process does not see the others'
touches and sockets, so the sweep does not run there.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import Seat, Table
from meeplehall.server.play.manager import TableManager
from meeplehall.server.social.notices import Notices

log = logging.getLogger("meeplehall.server")


class IdleTables:
    def __init__(self, minutes: float) -> None:
        self.seconds = minutes * 60
        self.started = time.time()
        self.touched: dict[int, float] = {}

    def touch(self, table_id: int) -> None:
        self.touched[table_id] = time.time()

    @property
    def period(self) -> float:
        """Seconds between sweeps: often enough that a table outlives its time by a quarter."""
        return min(60.0, max(0.2, self.seconds / 4))

    def _remove(self, session: Session, cutoff: float, busy: set[int]) -> list[int]:
        rows = session.execute(
            select(Table.id, Table.created_at)
            .where(Table.status == "waiting", Table.created_at < cutoff)
        ).all()
        idle = [
            table_id for table_id, created in rows
            if table_id not in busy
            and max(created, self.touched.get(table_id, self.started)) < cutoff
        ]
        if idle:
            session.execute(delete(Seat).where(Seat.table_id.in_(idle)))
            session.execute(delete(Table).where(Table.id.in_(idle), Table.status == "waiting"))
        return idle

    async def sweep(self, manager: TableManager, notices: Notices) -> list[int]:
        cutoff = time.time() - self.seconds
        rooms = manager.rooms
        busy = {table_id for table_id, room in rooms.items() if room.connections}
        removed: list[int] = await manager.database.run(self._remove, cutoff, busy)
        for table_id in removed:
            self.touched.pop(table_id, None)
        for table_id in list(self.touched):
            if self.touched[table_id] < cutoff:
                del self.touched[table_id]  # started, finished or removed elsewhere
        if removed:
            log.info("removed %d idle waiting tables", len(removed))
            await notices.close_invitations(removed)
        return removed

    async def run(self, manager: TableManager, notices: Notices) -> None:
        while True:
            await asyncio.sleep(self.period)
            try:
                await self.sweep(manager, notices)
            except Exception:
                log.exception("the sweep of idle waiting tables failed")
