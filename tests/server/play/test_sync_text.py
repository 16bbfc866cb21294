"""The sync replies the server sends from its cache are the syncs it would build afresh, for
every audience and every ``since``, as the game goes on and after it ends."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from meeplehall.core import events_for
from meeplehall.server.play.room import Room
from tests.server.client import Player
from tests.server.inprocess import InProcessServer


def fresh_sync(room: Room, audience: int | None, since: int) -> dict[str, Any]:
    """The sync built afresh: every event the audience saw after its ``since``-th step."""
    match = room.match
    assert match is not None
    since = max(0, min(since, match.seq_for(audience)))
    events = events_for(match.events_since(match.table_seq(audience, since)), audience)
    return room.message("sync", audience, events, since)


def compare(room: Room, recent: int | None = None) -> int:
    """Every audience's sync from every since (or, given ``recent``, from the start and from the
    last ``recent`` steps only), cached (twice) and afresh; how many compared."""
    match = room.match
    assert match is not None
    compared = 0
    for audience in [None, *range(room.record.players)]:
        last = match.seq_for(audience)
        sinces = range(-1, last + 2)
        if recent is not None:
            sinces = sorted({-1, 0, *range(max(-1, last - recent), last + 2)})
        for since in sinces:
            fresh = fresh_sync(room, audience, since)
            for _ in range(2):
                assert json.loads(room.sync_text(audience, since)) == fresh, (audience, since)
            compared += 1
    return compared


def test_cached_syncs_equal_fresh_ones_through_a_whole_game(tmp_path: Path) -> None:
    server = InProcessServer(tmp_path)
    server.start()
    try:
        owner = Player(server.base, server.ws_base).guest("owner")
        table = owner.create(game="pyramido", players=3, seat=None,
                             bots=[{"seat": seat, "level": 1} for seat in range(3)])
        owner.start(table["id"])
        # The room as the server keeps it (it stays valid after a finished table is let go).
        room = server.call_async(lambda: server.manager.room(table["id"]))
        assert room is not None
        compared = 0
        finished = False
        polls = 0
        while not finished:
            # Compared on the server's loop, between two steps of the bots: every since now and
            # then, the steps just played (where the cache grows) every time. Comparing every
            # since every time would hold the bots up quadratically long.
            recent = None if polls % 10 == 0 else 3
            compared += server.call(lambda recent=recent: compare(room, recent))
            finished = server.call(lambda: room.record.status == "finished")
            polls += 1
            time.sleep(0.05)
        compared += server.call(lambda: compare(room))
        assert compared > 100
        owner.close()
    finally:
        server.stop()
