"""The operator's chat retention: the chat of tables that ended (finished or aborted) longer ago
than ``chat_retention_days`` is deleted, with the reports on it. 0 keeps every chat.

The table scheduler runs the sweep once an hour (and once at start); each transaction deletes
one batch of messages, so a long backlog never holds the database for long. With several server
processes each sweeps: deleting what is gone already changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING

from meeplehall.server.db.access import Database
from meeplehall.server.play.chat.store import drop_ended_chat

if TYPE_CHECKING:
    from meeplehall.server.play.room import Room

log = logging.getLogger("meeplehall.server")

#: Seconds between two sweeps.
PERIOD_SECONDS = 3600.0
#: Batches one sweep deletes at most (the next sweep goes on).
MAX_BATCHES = 200


class ChatRetention:
    def __init__(self, database: Database, rooms: Mapping[int, Room], days: float) -> None:
        #: Deletes in the play lane; the rooms in memory (the manager's) forget what went.
        self.database = database
        self.rooms = rooms
        self.seconds = days * 86400
        #: When the next sweep is due (``time.time()``); the first look sweeps.
        self.next_at = 0.0

    async def maybe_sweep(self, now: float) -> int:
        """Sweep if retention is on and a sweep is due; the tables whose chat went."""
        if self.seconds <= 0 or now < self.next_at:
            return 0
        self.next_at = now + PERIOD_SECONDS
        return len(await self.sweep(now))

    async def sweep(self, now: float) -> set[int]:
        """Delete the chat of tables that ended before ``now`` less the retention."""
        cutoff = now - self.seconds
        emptied: set[int] = set()
        for _batch in range(MAX_BATCHES):
            tables = await self.database.run(drop_ended_chat, cutoff)
            if not tables:
                break
            emptied.update(tables)
        for table_id in emptied:
            room = self.rooms.get(table_id)
            if room is not None:
                # Read again from the database when a socket next opens there.
                room.chat = None
                room.chat_more = False
        if emptied:
            log.info("deleted the chat of %d tables that ended over %g days ago",
                     len(emptied), self.seconds / 86400)
        return emptied
