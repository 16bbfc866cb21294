"""Bot work is shared fairly: one user's many bot tables do not hold up another user's bots.

The order in which moves are committed (the action log's row ids, global across tables) shows
whose decisions the workers served first; no assertion depends on how long anything takes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, func, select

from meeplehall.server.bots.fairqueue import FairQueue
from meeplehall.server.bots.lane import Lane, Share
from meeplehall.server.db.models import ActionRow
from tests.live_server import ServerProcess
from tests.server.client import Player

#: Bots-only tables the crowding user runs at once: more than the nine tables of the finding.
CROWD = 12
LEVEL3 = [{"seat": 0, "level": 3}, {"seat": 1, "level": 3}]
LEVEL1 = [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]


def test_the_fair_queue_serves_owners_then_tables_in_turn() -> None:
    queue: FairQueue[str] = FairQueue()
    for table in range(100):
        queue.push(("a", "crowd", table), f"crowd-{table}")
    queue.push(("a", "crowd", 0), "crowd-0-again")
    queue.pop()
    queue.push(("a", "other", 500), "other")
    served = [queue.pop()[1] for _ in range(3)]
    assert served == ["crowd-1", "other", "crowd-2"]
    # Within one owner, tables take turns: table 0's second item waits for every other table.
    rest = [queue.pop()[1] for _ in range(len(queue))]
    assert rest[-1] == "crowd-0-again"
    assert queue.waiting() == {}


def test_the_fair_queue_serves_addresses_before_owners() -> None:
    queue: FairQueue[str] = FairQueue()
    for owner in range(10):
        queue.push(("crowded address", owner, owner), f"guest-{owner}")
    queue.push(("crowded address", 0, 0), "guest-0-again")
    queue.push(("other address", "other", 99), "other")
    served = [queue.pop() for _ in range(len(queue))]
    assert served[0] == (("crowded address", 0, 0), "guest-0")
    assert served[1] == (("other address", "other", 99), "other")
    # Within the crowded address its owners take turns: guest 0's second item comes last.
    assert [item for _, item in served[2:]] == [f"guest-{n}" for n in range(1, 10)] + [
        "guest-0-again"]
    assert queue.waiting() == {}
    with pytest.raises(IndexError):
        queue.pop()


def test_the_fair_queue_counts_waiting_items_by_address_and_wants_whole_paths() -> None:
    queue: FairQueue[int] = FairQueue()
    queue.push(("a", 1, 1), 1)
    queue.push(("a", 2, 2), 2)
    queue.push(("b", 3, 3), 3)
    assert queue.waiting() == {"a": 2, "b": 1}
    with pytest.raises(ValueError, match="3 keys"):
        queue.push(("a", 1), 4)
    assert len(queue) == 3


def _worker_ready(parent: int) -> None:
    """A lane's worker initializer (it gets the server's pid)."""


def test_a_lane_hands_workers_the_fair_queues_order() -> None:
    async def scenario() -> list[str]:
        lane = Lane("search", 1, _worker_ready)
        lane.start()
        try:
            # Pushed in one go, before any worker can answer: the first goes to the worker,
            # the rest wait in the lane's queue.
            jobs = [lane.run(Share("a", "crowd", table), 3, abs, -table) for table in range(10)]
            jobs.append(lane.run(Share("a", "other", 99), 1, abs, -99))
            results = await asyncio.gather(*jobs)
            assert results == [*range(10), 99]
            return [f"{s.share.owner}-{s.share.table}" for s in lane.served]
        finally:
            lane.stop()

    served = asyncio.run(scenario())
    assert served[:3] == ["crowd-0", "crowd-1", "other-99"]
    assert len(served) == 11


@pytest.fixture
def crowded_server(database_factory: Any, server_env: dict[str, str]) -> Iterator[
    tuple[ServerProcess, Engine]
]:
    """A server with the default workers whose limits let one user run CROWD search tables."""
    url, data_dir = database_factory("sqlite")
    process = ServerProcess(Path(data_dir), url, server_env, extra=[
        "--max-bot-only-tables", str(CROWD + 2), "--max-strong-bot-tables", str(CROWD + 2),
    ])
    process.start()
    engine = create_engine(url)
    try:
        yield process, engine
    finally:
        process.stop()
        engine.dispose()


def _crowd(server: ServerProcess) -> tuple[Player, list[int]]:
    crowd = Player(server.base, server.ws_base).guest("crowd")
    ids = []
    for _ in range(CROWD):
        table = crowd.create(game="pyramido", players=2, seat=None, bots=LEVEL3)
        crowd.start(table["id"])
        ids.append(table["id"])
    return crowd, ids


def _last_id(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.scalar(select(func.coalesce(func.max(ActionRow.id), 0))) or 0)


def _ids(engine: Engine, tables: list[int]) -> list[int]:
    with engine.connect() as connection:
        return sorted(connection.scalars(
            select(ActionRow.id).where(ActionRow.table_id.in_(tables))
        ).all())


def _wait_for(condition: Any, what: str, limit: float = 180) -> None:
    """Poll until ``condition()``; the bound only keeps a broken server from hanging the run."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def test_another_owners_search_is_served_before_the_crowds_queue(
    crowded_server: tuple[ServerProcess, Engine],
) -> None:
    server, engine = crowded_server
    crowd, crowd_ids = _crowd(server)
    _wait_for(lambda: _ids(engine, crowd_ids), "the crowd's first move")
    other = Player(server.base, server.ws_base).guest("other")
    table = other.create(game="pyramido", players=2, seat=None, bots=LEVEL3)
    before = _last_id(engine)
    other.start(table["id"])
    _wait_for(lambda: _ids(engine, [table["id"]]), "the other table's first move")
    first = _ids(engine, [table["id"]])[0]
    crowd_between = [i for i in _ids(engine, crowd_ids) if before < i < first]
    # The decision under way, one turn of the crowd's in the rotation, and one more that may
    # have been committed between reading ``before`` and the start; served first come first
    # served, the other table would wait for all the crowd's queued decisions (about CROWD).
    assert len(crowd_between) <= 3, crowd_between
    crowd.close()
    other.close()


async def _watch_to_the_end(player: Player, table_id: int) -> None:
    socket = await player.socket(table_id)
    await socket.expect("welcome")
    player.start(table_id)
    await socket.expect("update", timeout=180, status="finished")
    await socket.close()


def test_cheap_bots_do_not_wait_behind_the_crowds_searches(
    crowded_server: tuple[ServerProcess, Engine],
) -> None:
    server, engine = crowded_server
    crowd, crowd_ids = _crowd(server)
    _wait_for(lambda: _ids(engine, crowd_ids), "the crowd's first move")
    other = Player(server.base, server.ws_base).guest("other")
    table = other.create(game="pyramido", players=2, seat=None, bots=LEVEL1)
    asyncio.run(_watch_to_the_end(other, table["id"]))
    moves = _ids(engine, [table["id"]])
    crowd_during = [i for i in _ids(engine, crowd_ids) if moves[0] < i < moves[-1]]
    # Behind the searches, each of the level-1 moves would wait for about CROWD of them.
    assert len(crowd_during) < len(moves), (len(crowd_during), len(moves))
    crowd.close()
    other.close()


def _refusal(player: Player, body: dict[str, Any]) -> dict[str, Any]:
    response = player.http.post("/api/tables", json=body)
    assert response.status_code == 409, response.text
    refusal: dict[str, Any] = response.json()
    return refusal


def test_the_lobby_caps_bots_only_and_level3_tables_per_user(server: ServerProcess) -> None:
    player = Player(server.base, server.ws_base).guest("many bots")
    bots_only = {"game": "pyramido", "players": 2, "seat": None, "bots": LEVEL1}
    first = player.create(**bots_only)
    player.create(**bots_only)
    refusal = _refusal(player, bots_only)
    assert refusal["code"] == "too_many_bot_tables" and refusal["params"] == {"limit": 2}
    # A table people can still join does not count, nor does a finished one.
    player.create(game="pyramido", players=2, seat=None, bots=LEVEL1[:1])
    asyncio.run(_watch_to_the_end(player, first["id"]))
    player.create(**bots_only)

    strong = {"game": "pyramido", "players": 2, "seat": 0, "bots": [{"seat": 1, "level": 3}]}
    for _ in range(4):
        player.create(**strong)
    refusal = _refusal(player, strong)
    assert refusal["code"] == "too_many_strong_bot_tables"
    assert refusal["params"] == {"limit": 4, "level": 3}
    # Weaker bots are still allowed, and the caps are per user.
    player.create(game="pyramido", players=2, seat=0, bots=[{"seat": 1, "level": 2}])
    someone = Player(server.base, server.ws_base).guest("someone else")
    someone.create(**strong)
    player.close()
    someone.close()
