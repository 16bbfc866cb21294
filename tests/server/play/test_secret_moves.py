"""The ``last`` field of an update never gives another seat's secret move away, and hides
nothing the seat may see anyway; a move nobody else may see anything of reaches nobody else."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.server.client import open_table
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


def _carries(event: dict[str, Any], action: dict[str, Any]) -> bool:
    return all(event.get(key) == value for key, value in action.items() if key != "type")


async def play_and_compare_last(server: ServerProcess) -> tuple[int, int, int]:
    """Random two-seat games of every game, a step at a time; returns the (secret, silent,
    open) moves checked: a silent one reaches its mover alone."""
    secret_moves = silent_moves = open_moves = 0
    rng = random.Random(11)
    for game in catalog(server):
        session = await open_table(server.base, server.ws_base, game["name"], 2)
        for _ in range(40):
            movers = session.movers()
            if not movers:
                break
            mover = rng.choice(movers)
            other = 1 - mover
            await session.act(mover, rng.choice(session.latest[mover]["legal"]))
            mine = await session.acknowledged(mover)
            told = [m for m in await session.sockets[other].settle() if m["type"] == "update"]
            await session.settle()
            action = mine["last"]["action"]
            assert action is not None
            # The mover's update lists every event of the step (without the private
            # marker): those missing from the other seat's update were private to the mover.
            theirs = told[0] if told else {"events": []}
            carried_privately = any(
                event not in theirs["events"] and _carries(event, action)
                for event in mine["events"]
            )
            if not told:
                silent_moves += 1
                assert carried_privately, "an open move was not sent to the other seat"
                continue
            assert len(told) == 1 and theirs["last"]["seat"] == mover
            carried_openly = any(_carries(event, action) for event in theirs["events"])
            if carried_privately and not carried_openly:
                secret_moves += 1
                assert theirs["last"]["action"] is None
                assert theirs["last"]["label"] == "a hidden move"
            else:
                open_moves += 1
                assert theirs["last"] == mine["last"]
        await session.close()
    return secret_moves, silent_moves, open_moves


def test_a_secret_move_reaches_other_seats_without_its_action_or_label(
    server: ServerProcess,
) -> None:
    secret_moves, silent_moves, open_moves = asyncio.run(play_and_compare_last(server))
    assert secret_moves > 0, "no registered game made a secret move in 40 steps"
    assert silent_moves > 0, "no registered game made a move nobody else sees in 40 steps"
    assert open_moves > 0
