"""Matchmaking's beat: once a second, one matching pass of "Play now" and one pass over the
tournaments, each a transaction (queue.py, tournaments.py); then the tables they opened are
started here and their people told on their per-user socket (``table_found``).

Every process runs it. The passes hold locks in the database, so two processes never seat one
person twice or pair one round twice; a process that stops after a commit leaves its tables
marked due, and the table scheduler of any process starts them (scheduler.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from meeplehall.server.config import Settings
from meeplehall.server.db.access import Database
from meeplehall.server.matchmaking.queue import Seating, match_pass
from meeplehall.server.matchmaking.tournaments import advance_pass
from meeplehall.server.play.manager import TableManager

log = logging.getLogger("meeplehall.server")

#: Seconds between two passes.
POLL_SECONDS = 1.0

Tell = Callable[[int, dict[str, Any]], Awaitable[None]]


class Matchmaking:
    def __init__(self, database: Database, manager: TableManager, settings: Settings,
                 tell: Tell) -> None:
        self.database = database
        self.manager = manager
        self.settings = settings
        self.tell = tell

    async def run(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                await self.once()
            except Exception:
                log.exception("the play-now and tournament pass failed; trying again")

    async def once(self) -> list[Seating]:
        """One pass of each; the tables they opened, started."""
        seatings = await self.database.serve(match_pass, time.time(), self.settings)
        seatings += await self.database.serve(advance_pass, time.time())
        for seating in seatings:
            await self.manager.started(seating.table_id)
            for user_id in seating.user_ids:
                await self.tell(user_id, {"type": "table_found", "table": seating.table_id})
        return seatings
