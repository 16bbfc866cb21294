"""A lost lease stops driving (play/scheduler.py, ``renew_leases``): once another process holds
a table's lease, this one runs none of its bots, even when a person's move makes a bot due, and
takes the table back (its scheduler) once the lease is free again."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.server.client import Player
from tests.server.inprocess import InProcessServer
from tests.services import REDIS, redis_available, require


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[InProcessServer]:
    require(redis_available(), "Redis on 127.0.0.1:6379",
            "Redis on 127.0.0.1:6379 is not reachable")
    server = InProcessServer(tmp_path, redis_url=REDIS)
    server.start()
    yield server
    server.stop()


def _wait(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


async def _lose_and_regain(hall: InProcessServer) -> None:
    person = Player(hall.base, hall.ws_base).guest("person")
    table = person.create(game="yaxha", players=2, mode="none", bots=[{"seat": 1, "level": 1}])
    socket = await person.socket(table["id"])
    await socket.expect("welcome")
    person.start(table["id"])
    sync = await socket.expect("sync")
    room = hall.manager.rooms[table["id"]]
    _wait(lambda: hall.call(lambda: room.driving), 20, "this process never drove the table")
    # The bot's first choice made and no decision of it under way: one already asked for would
    # still be played, whoever holds the lease when it comes back.
    _wait(lambda: hall.call(lambda: room.match is not None and room.match.seq >= 1
                            and not room.pending_bots), 20, "the bot never chose")
    leases = hall.manager.leases
    assert leases is not None
    key = f"{leases.prefix}drive:{table['id']}"
    store = redis.Redis.from_url(REDIS)
    try:
        # Another process took the lease (this one stalled past its life, say).
        store.set(key, "another process", px=60_000)
        hall.call_async(hall.app.state.hall.scheduler.renew_leases)
        assert hall.call(lambda: (room.driving, room.timer)) == (False, None)
        # The person's move makes the bot due: this process does not run it.
        await socket.send({"type": "act", "seq": sync["seq"], "action": sync["legal"][0]})
        # Its own update (the bot's choice may have sent one before).
        while (await socket.expect("update")).get("last", {}).get("seat") != 0:
            pass
        held = hall.call(lambda: room.match.seq if room.match else None)
        await asyncio.sleep(2.0)
        assert hall.call(lambda: (room.match.seq if room.match else None, room.driving)) == (
            held, False)
        assert store.get(key) == b"another process"
        # The lease is free again: this process takes the table back and the bot moves.
        store.delete(key)
        _wait(lambda: hall.call(lambda: room.match is not None and room.match.seq > held), 20,
              "the bot never moved once the lease was free")
    finally:
        store.close()
        await socket.close()
        person.close()


def test_a_lost_lease_stops_driving_until_the_lease_is_free_again(
        hall: InProcessServer) -> None:
    asyncio.run(_lose_and_regain(hall))
