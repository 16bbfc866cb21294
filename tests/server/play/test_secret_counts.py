"""Secret moves stay uncountable: a hidden Yaxha placement or undo, or a changed secret market
choice, reaches its mover alone; the others' messages and seq numbers do not move, and their
acts from the seq they hold are still taken."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.client import Player, Socket, open_table
from tests.server.conftest import ServerProcess


def updates(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] in ("update", "sync", "error")]


async def act(socket: Socket, seq: int, action: dict[str, Any]) -> dict[str, Any]:
    await socket.send({"type": "act", "seq": seq, "action": action})
    return await socket.expect("update")


async def nothing_reached(*sockets: Socket) -> None:
    for socket in sockets:
        assert updates(await socket.settle()) == []


async def secret_counts(server: ServerProcess) -> None:
    session = await open_table(server.base, server.ws_base, "yaxha", 2)
    mover, other = session.sockets
    watcher = Player(server.base, server.ws_base)
    spectator = await watcher.socket(session.id)
    await spectator.expect("welcome")
    seen = await spectator.expect("sync")

    first = await act(mover, session.latest[0]["seq"], {"type": "tile", "tile": 0})
    told = await other.expect("update")
    assert told["last"]["action"] is None and told["seq"] == session.latest[1]["seq"] + 1
    assert (await spectator.expect("update"))["seq"] == seen["seq"] + 1
    # A change of mind: the mover hears of it, nobody else does.
    changed = await act(mover, first["seq"], {"type": "tile", "tile": 1})
    assert changed["seq"] == first["seq"] + 1
    await nothing_reached(other, spectator)

    # The other seat acts from the seq it holds: nothing it could see changed.
    revealed = await act(other, told["seq"], {"type": "tile", "tile": 0})
    assert revealed["view"]["phase"] == "build"
    built = await mover.expect("update")
    watched = await spectator.expect("update")

    # Hidden placements and an undo: three steps for the mover, none for the others.
    seq = built["seq"]
    for _ in range(2):
        seq = (await act(mover, seq, built["legal"][0]))["seq"]
        undone = await act(mover, seq, {"type": "undo"})
        seq = undone["seq"]
    placed = await act(mover, seq, undone["legal"][0])
    assert placed["seq"] == built["seq"] + 5
    await nothing_reached(other, spectator)

    # The other seat builds from its own seq too, and its placements are as silent.
    mine = await act(other, revealed["seq"], revealed["legal"][0])
    assert mine["seq"] == revealed["seq"] + 1
    await nothing_reached(mover, spectator)

    # A confirmation is public: one more step for everyone, whatever was done in secret.
    latest = placed
    while not any(action["type"] == "confirm" for action in latest["legal"]):
        latest = await act(mover, latest["seq"], latest["legal"][0])
    await nothing_reached(other, spectator)
    await act(mover, latest["seq"], {"type": "confirm"})
    assert (await other.expect("update"))["seq"] == mine["seq"] + 1
    assert (await spectator.expect("update"))["seq"] == watched["seq"] + 1

    await spectator.close()
    watcher.close()
    await session.close()


def test_secret_moves_reach_no_one_but_their_mover_and_move_no_other_seq(
    server: ServerProcess,
) -> None:
    asyncio.run(secret_counts(server))
