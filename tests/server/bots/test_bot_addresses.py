"""Bot work is shared by client address first: ten guests of one address get one address's
turn, so a person at another address does not wait behind all ten.

The order shows who was served first (the lane's record of jobs handed to workers, or the action
log's row ids, global across tables); no assertion depends on how long anything takes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, select

from meeplehall.core import Seed
from meeplehall.core.registry import get_game
from meeplehall.server.bots.pool import BotPool, Decision
from meeplehall.server.db.models import Table
from tests.live_server import ServerProcess
from tests.people import guest
from tests.server.bots.test_bot_fairness import _ids, _wait_for
from tests.server.client import Player

#: Guests of the crowding address, each with one level-3 bots-only table (as in the finding).
GUESTS = 10
LEVEL3 = [{"seat": 0, "level": 3}, {"seat": 1, "level": 3}]
#: Every loopback address reaches the test server; the second stands for another household.
CROWDED, OTHER = "127.0.0.1", "127.0.0.2"


def _opening(table_id: int) -> Decision:
    game = get_game("pyramido")
    state = game.new_state(2, {}, Seed(table_id))
    return Decision(table_id=table_id, game="pyramido", players=2, options={},
                    seed=Seed(table_id), actions=[], seat=min(state.to_move()), level=3,
                    bot_seed=table_id)


def test_the_pool_serves_another_address_before_ten_owners_of_one() -> None:
    async def scenario() -> list[tuple[Any, Any]]:
        pool = BotPool(workers=1)
        pool.start()
        try:
            # Pushed in one go, before the worker can answer: the first goes to the worker,
            # the rest wait in the search lane's fair queue.
            jobs = [pool.decide(_opening(owner), owner=owner, address=CROWDED)
                    for owner in range(1, GUESTS + 1)]
            jobs.append(pool.decide(_opening(99), owner=99, address=OTHER))
            answers = await asyncio.gather(*jobs)
            assert all(isinstance(answer, dict) for answer in answers)
            return [(s.share.address, s.share.owner) for s in pool.search.served]
        finally:
            pool.stop()

    served = asyncio.run(scenario())
    assert len(served) == GUESTS + 1
    # The decision under way and one turn of the crowded address, then the other address:
    # served by owner alone, it would come eleventh.
    assert served[:3] == [(CROWDED, 1), (CROWDED, 2), (OTHER, 99)]
    # Within the crowded address its owners still take turns.
    assert [owner for _, owner in served[3:]] == list(range(3, GUESTS + 1))


def test_without_an_address_a_decision_counts_under_its_owner() -> None:
    async def scenario() -> list[Any]:
        pool = BotPool(workers=1)
        pool.start()
        try:
            jobs = [pool.decide(_opening(owner), owner=owner) for owner in (1, 2, 3)]
            await asyncio.gather(*jobs)
            return [s.share.address for s in pool.search.served]
        finally:
            pool.stop()

    # A table from before addresses were kept: each owner is an address of its own.
    assert asyncio.run(scenario()) == [("owner", 1), ("owner", 2), ("owner", 3)]


@pytest.fixture
def crowded_server(database_factory: Any, server_env: dict[str, str]) -> Iterator[
    tuple[ServerProcess, Engine]
]:
    """A server with the default bot workers, on SQLite."""
    url, data_dir = database_factory("sqlite")
    process = ServerProcess(Path(data_dir), url, server_env)
    process.start()
    engine = create_engine(url)
    try:
        yield process, engine
    finally:
        process.stop()
        engine.dispose()


def _addresses(engine: Engine, tables: list[int]) -> dict[int, str | None]:
    with engine.connect() as connection:
        rows = connection.execute(
            select(Table.id, Table.owner_address).where(Table.id.in_(tables))).all()
    return {row.id: row.owner_address for row in rows}


def test_ten_guests_of_one_address_do_not_hold_up_another_address(
    crowded_server: tuple[ServerProcess, Engine],
) -> None:
    server, engine = crowded_server
    guests = [guest(server, address=CROWDED, name=f"guest {n}") for n in range(GUESTS)]
    crowd_ids = []
    for crowd in guests:
        table = crowd.create(game="pyramido", players=2, seat=None, bots=LEVEL3)
        crowd.start(table["id"])
        crowd_ids.append(table["id"])
    # Every crowding table has made a move, so each has its next decision queued or under way.
    _wait_for(lambda: len({i for i in crowd_ids if _ids(engine, [i])}) == GUESTS,
              "a move at every crowding table")
    other = guest(server, address=OTHER, name="other")
    table = other.create(game="pyramido", players=2, seat=None, bots=LEVEL3)
    assert _addresses(engine, [table["id"], crowd_ids[0]]) == {
        table["id"]: OTHER, crowd_ids[0]: CROWDED}
    before = max(_ids(engine, crowd_ids))
    other.start(table["id"])
    _wait_for(lambda: _ids(engine, [table["id"]]), "the other table's first move")
    first = _ids(engine, [table["id"]])[0]
    crowd_between = [i for i in _ids(engine, crowd_ids) if before < i < first]
    # The decision under way, one turn of the crowded address, and one more that may have
    # been committed between reading ``before`` and the start. Served by owner alone, the
    # other table would wait for each guest's queued decision (about GUESTS of them).
    assert len(crowd_between) <= 3, crowd_between
    for player in [*guests, other]:
        player.close()


def test_a_finished_table_keeps_no_address(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("forgotten")
    bots = [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]
    table = owner.create(game="pyramido", players=2, seat=None, bots=bots)

    async def watch() -> None:
        socket = await owner.socket(table["id"])
        await socket.expect("welcome")
        owner.start(table["id"])
        await socket.expect("update", timeout=180, status="finished")
        await socket.close()

    engine = create_engine(server.database_url or "")
    try:
        assert _addresses(engine, [table["id"]]) == {table["id"]: "127.0.0.1"}
        asyncio.run(watch())
        assert _addresses(engine, [table["id"]]) == {table["id"]: None}
    finally:
        engine.dispose()
        owner.close()
