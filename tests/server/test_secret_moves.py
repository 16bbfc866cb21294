"""The ``last`` field of an update never gives another seat's secret move away, and hides
nothing the seat may see anyway."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from .client import advance, open_table
from .conftest import ServerProcess
from .test_play import catalog


def _updates(socket: Any) -> dict[int, dict[str, Any]]:
    return {message["seq"]: message for message in socket.received if message["type"] == "update"}


def _carries(event: dict[str, Any], action: dict[str, Any]) -> bool:
    return all(event.get(key) == value for key, value in action.items() if key != "type")


async def play_and_compare_last(server: ServerProcess) -> tuple[int, int]:
    """Random two-seat games of every game; returns (secret moves, open moves) checked."""
    secret_moves = open_moves = 0
    for game in catalog(server):
        session = await open_table(server.base, server.ws_base, game["name"], 2)
        await advance(session, random.Random(11), 40)
        seen = [_updates(socket) for socket in session.sockets]
        for seq, first in seen[0].items():
            mover = first["last"]["seat"]
            other = 1 - mover
            if seq not in seen[other] or seq not in seen[mover]:
                continue
            mine = seen[mover][seq]
            theirs = seen[other][seq]
            action = mine["last"]["action"]
            assert action is not None and theirs["last"]["seat"] == mover
            # The mover's update lists every event of the step (without the private marker):
            # those missing from the other seat's update were private to the mover.
            carried_privately = any(
                event not in theirs["events"] and _carries(event, action)
                for event in mine["events"]
            )
            carried_openly = any(_carries(event, action) for event in theirs["events"])
            if carried_privately and not carried_openly:
                secret_moves += 1
                assert theirs["last"]["action"] is None
                assert theirs["last"]["label"] == "a hidden move"
            else:
                open_moves += 1
                assert theirs["last"] == mine["last"]
        await session.close()
    return secret_moves, open_moves


def test_a_secret_move_reaches_other_seats_without_its_action_or_label(
    server: ServerProcess,
) -> None:
    secret_moves, open_moves = asyncio.run(play_and_compare_last(server))
    assert secret_moves > 0, "no registered game made a secret move in 40 steps"
    assert open_moves > 0
