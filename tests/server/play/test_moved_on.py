"""A move chosen in a view the table has left behind is answered as "the table moved on"
(``stale_seq``, then a sync), not as a move against the rules: a page that still shows the board
before its own last move (an animation playing, an update queued) sends the seq of that board.
The same move sent with the current seq is still refused by the rules."""

from __future__ import annotations

import asyncio
import random

from tests.server.api.test_bad_input import assert_unchanged_and_playable, expect_error
from tests.server.client import open_table
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


async def stale_click(server: ServerProcess) -> None:
    rng = random.Random(3)
    for game in catalog(server):
        session = await open_table(server.base, server.ws_base, game["name"], 2)
        for _ in range(150):
            movers = session.movers()
            if not movers:
                break
            seat = rng.choice(movers)
            before = session.latest[seat]
            await session.act(seat, rng.choice(before["legal"]))
            await session.acknowledged(seat)
            await session.settle()
            after = session.latest[seat]
            gone = [a for a in before["legal"] if a not in after["legal"]]
            if seat not in session.movers() or not gone:
                continue
            # The seat is still to move, and a choice of the board it saw before is no longer legal.
            await session.act(seat, gone[0], seq=before["seq"])
            error = await expect_error(session.sockets[seat], "stale_seq")
            assert "moved on" in error["reason"]
            sync = await session.sockets[seat].expect("sync")
            assert sync["seq"] == after["seq"] and sync["legal"] == after["legal"]
            # Who may not: the same move from the current board is against the rules.
            await session.act(seat, gone[0])
            await expect_error(session.sockets[seat], "illegal_action")
            await assert_unchanged_and_playable(session, session.latest[0]["seq"])
            await session.close()
            return
        await session.close()
    raise AssertionError("no game let a seat move twice in a row with a choice gone")


def test_a_move_from_a_board_left_behind_is_answered_as_the_table_moved_on(
    server: ServerProcess,
) -> None:
    asyncio.run(stale_click(server))
