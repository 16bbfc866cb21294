"""/metrics counts only the moves the spectators see: a count that grew with secret moves (a
hidden Yaxha placement, an undo) would tell whoever scrapes it, on a quiet hall, how many a
seat made. People's moves, their latency and bots' moves alike."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.client import Player, advance, open_table
from tests.server.inprocess import InProcessServer
from tests.server.operations.test_operations import scrape, value


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[InProcessServer]:
    server = InProcessServer(tmp_path, creation_limits=False, socket_limits=False)
    server.start()
    yield server
    server.stop()


def counts(hall: InProcessServer, table_id: int) -> tuple[int, int, int]:
    """The table's log length, the steps the spectators saw, and those of them bots made."""

    def read() -> tuple[int, int, int]:
        match = hall.manager.rooms[table_id].match
        assert match is not None
        public = match.seen[None]
        return match.seq, len(public), sum(match.past_step(seq - 1).bot for seq in public)

    return hall.call(read)


async def _people_until_a_secret_step(hall: InProcessServer) -> tuple[int, int]:
    session = await open_table(hall.base, hall.ws_base, "yaxha", 2)
    rng = random.Random(11)
    total, public = 0, 0
    while total == public and session.latest[0]["status"] == "playing":
        await advance(session, rng, 1)
        total, public, _bots = counts(hall, session.id)
    await session.close()
    return total, public


def test_people_s_secret_moves_are_not_counted(hall: InProcessServer) -> None:
    before = scrape(hall.base)
    total, public = asyncio.run(_people_until_a_secret_step(hall))
    after = scrape(hall.base)
    assert total > public > 0  # the game had a secret step
    moved = (value(after, "meeplehall_moves_total", game="yaxha", mover="person")
             - value(before, "meeplehall_moves_total", game="yaxha", mover="person"))
    timed = (value(after, "meeplehall_move_seconds_count", game="yaxha")
             - value(before, "meeplehall_move_seconds_count", game="yaxha"))
    assert moved == timed == public


async def _bots_to_the_end(hall: InProcessServer) -> tuple[int, int, int]:
    host = Player(hall.base, hall.ws_base).guest("host")
    table = host.create(game="yaxha", players=2, seat=None,
                        bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}])
    watcher = await Player(hall.base, hall.ws_base).socket(table["id"])
    await watcher.expect("welcome")
    host.start(table["id"])
    message = await watcher.expect("sync")
    while message["status"] != "finished":
        message = await watcher.expect("update", timeout=120)
    seen = counts(hall, table["id"])  # while the watcher keeps the table in memory
    await watcher.close()
    host.close()
    return seen


def test_bots_secret_moves_are_not_counted(hall: InProcessServer) -> None:
    before = scrape(hall.base)
    total, public, by_bots = asyncio.run(_bots_to_the_end(hall))
    after = scrape(hall.base)
    assert total > public == by_bots > 0  # bots alone, and some of their steps were secret
    moved = (value(after, "meeplehall_moves_total", game="yaxha", mover="bot")
             - value(before, "meeplehall_moves_total", game="yaxha", mover="bot"))
    decided = (value(after, "meeplehall_bot_decisions_total", game="yaxha")
               - value(before, "meeplehall_bot_decisions_total", game="yaxha"))
    assert moved == decided == public
