"""A negative ``seq`` is refused with ``bad_message`` and changes nothing.

At Yaxha's opening every seat has been to move since seq 0, so a ``seq`` of -1 clamped to 0
would look current: only the guard against negative values refuses it.
"""

from __future__ import annotations

import asyncio
import random

from tests.registry_games import game_names
from tests.server.client import TableSession, advance, open_table
from tests.server.conftest import ServerProcess

NEGATIVE = [-1, -2, -7, -(10**18)]


async def refused_and_unchanged(session: TableSession, seat: int) -> None:
    """Every negative seq from ``seat`` (with a legal action) is refused; nobody sees a step."""
    await session.settle()
    before = [message["seq"] for message in session.latest]
    table_before = session.people[0].http.get(f"/api/tables/{session.id}").json()["seq"]
    action = session.latest[seat]["legal"][0]
    for seq in NEGATIVE:
        await session.act(seat, action, seq=seq)
        reply = await session.sockets[seat].recv()
        assert reply["type"] == "error", reply
        assert reply["code"] == "bad_message", reply
        assert reply["seq"] == before[seat]
    for index, socket in enumerate(session.sockets):
        steps = [m for m in await socket.settle() if m["type"] in ("update", "sync")]
        assert steps == [], (index, steps)
    table_after = session.people[0].http.get(f"/api/tables/{session.id}").json()["seq"]
    assert table_after == table_before
    # The seat may still play that very action from its real seq.
    await session.act(seat, action)
    update = await session.acknowledged(seat)
    assert update["seq"] == before[seat] + 1


async def negative_seqs(server: ServerProcess) -> None:
    session = await open_table(server.base, server.ws_base, "yaxha", 2)
    # The opening: both seats choose at once, and have been to move since seq 0.
    assert session.movers() == [0, 1]
    await refused_and_unchanged(session, 1)
    await session.close()
    # Mid-game, on every game.
    rng = random.Random(5)
    for game in game_names():
        session = await open_table(server.base, server.ws_base, game, 2)
        await advance(session, rng, 3)
        await refused_and_unchanged(session, session.movers()[0])
        await session.close()


def test_a_negative_seq_in_act_is_refused_and_changes_nothing(server: ServerProcess) -> None:
    asyncio.run(negative_seqs(server))


async def negative_sync(server: ServerProcess) -> None:
    session = await open_table(server.base, server.ws_base, "yaxha", 2)
    await advance(session, random.Random(2), 2)
    socket = session.sockets[0]
    await socket.send({"type": "sync", "seq": 0})
    full = await socket.expect("sync")
    # A negative "last seen" is read as nothing seen (a ``since`` out of range is clamped).
    for seq in NEGATIVE:
        await socket.send({"type": "sync", "seq": seq})
        sync = await socket.expect("sync")
        assert sync["since"] == 0 and sync["seq"] == full["seq"]
        assert sync["events"] == full["events"] and sync["view"] == full["view"]
    await session.close()


def test_a_negative_seq_in_sync_reads_as_nothing_seen(server: ServerProcess) -> None:
    asyncio.run(negative_sync(server))
