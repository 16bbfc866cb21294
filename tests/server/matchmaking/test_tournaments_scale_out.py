"""A Swiss tournament on two server processes over one PostgreSQL database (Redis between them):
both run the tournament pass every second, yet each round is paired once; guests register
through either process, each round's tables are played through table sockets on either process
while the other seat never shows (its clock runs out and a bot plays on), and both processes
show the same standings at the end. Then, with the processes stopped, two passes meet head on
in the database: the second, run while the first holds an unpaired round, pairs nothing."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, text

from meeplehall.server.db.engine import make_engine, make_sessionmaker
from meeplehall.server.db.models import Table, TournamentRound
from meeplehall.server.matchmaking.tournaments import advance_pass, start
from tests.live_server import ServerProcess
from tests.server.client import Player, play_seat
from tests.server.conftest import two_server_processes
from tests.server.matchmaking.helpers import create, look, wait_until

ENTRANTS = 5  # two tables and a bye each round
ROUNDS = 2


def check_round(round_: dict[str, Any], everyone: set[int]) -> list[dict[str, Any]]:
    """Each entrant at exactly one table of the round, or the bye; the round's tables."""
    tables = [t for t in round_["tables"] if "table" in t]
    byes = [t["bye"]["id"] for t in round_["tables"] if "bye" in t]
    assert len(tables) == 2 and len(byes) == 1, round_
    seated = [p["id"] for t in tables for p in t["people"]] + byes
    assert sorted(seated) == sorted(everyone), round_
    return tables


async def play_one_seat_each(tables: list[dict[str, Any]], people: dict[int, Player],
                             servers: tuple[ServerProcess, ServerProcess]) -> list[str]:
    """The first person of each table plays through a socket on one process (the first table
    on a, the second on b); the second person never shows."""

    async def play(index: int, table: dict[str, Any]) -> str:
        person = people[table["people"][0]["id"]]
        person.ws_base = servers[index % 2].ws_base
        socket = await person.socket(table["table"])
        try:
            last = await play_seat(socket, random.Random(index), [])
        finally:
            await socket.close()
        return str(last["status"])

    return list(await asyncio.gather(*(play(i, t) for i, t in enumerate(tables))))


def count(url: str, query: Any) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.scalar(query) or 0)
    finally:
        engine.dispose()


def rounds_of(tournament_id: int) -> Any:
    return select(func.count()).select_from(TournamentRound).where(
        TournamentRound.tournament_id == tournament_id)


def two_passes_head_on(url: str, tournament_id: int, owner_id: int) -> None:
    """Two processes' passes at the same moment, made certain rather than left to timing: the
    second runs while the first has paired round 1 and not yet committed."""
    engine = make_engine(url)
    sessions = make_sessionmaker(engine)
    try:
        with sessions() as first, sessions() as second:
            with first.begin():
                start(first, tournament_id, owner_id, time.time())
            paired = advance_pass(first, time.time())
            # The second pass skips the held tournament rather than waiting on it (a wait
            # here would never end: the first commits only after it).
            second.execute(text("SET LOCAL lock_timeout = '2s'"))
            again = advance_pass(second, time.time())
            second.commit()
            first.commit()
    finally:
        engine.dispose()
    assert (len(paired), again) == (2, [])
    assert count(url, rounds_of(tournament_id)) == 2  # two tables of two, no bye


def test_two_processes_pair_each_round_once_and_agree_on_the_standings(
    database_factory: Callable[[str], tuple[str, Path]], server_env: dict[str, str],
) -> None:
    with two_server_processes(database_factory, server_env) as (a, b):
        owner = Player(a.base, a.ws_base).register()
        cup = create(owner, capacity=ENTRANTS, rounds=ROUNDS, initial_seconds=0.5,
                     increment_seconds=0)
        people = [Player((a, b)[i % 2].base, (a, b)[i % 2].ws_base).guest(f"t{i}")
                  for i in range(ENTRANTS)]
        for player in people:
            answer = player.http.post(f"/api/tournaments/{cup['id']}/register")
            assert answer.status_code == 200, answer.text
        owner.http.base_url = b.base  # registered on a, started on b
        assert owner.http.post(f"/api/tournaments/{cup['id']}/start").status_code == 200
        by_id = {p.user["id"]: p for p in people}
        for number in range(1, ROUNDS + 1):
            seen = wait_until(lambda n=number: (t := look(owner, cup["id"]))["round"] == n and t,
                              what=f"round {number} to be paired")
            tables = check_round(seen["schedule"][number - 1], set(by_id))
            assert asyncio.run(play_one_seat_each(tables, by_id, (a, b))) == ["finished"] * 2
        done = wait_until(lambda: (t := look(owner, cup["id"]))["status"] == "finished" and t,
                          what="the tournament to finish")
        # A round paired twice would show as more tables or rows than the schedule's.
        assert [r["round"] for r in done["schedule"]] == list(range(1, ROUNDS + 1))
        met: set[frozenset[int]] = set()
        for played in done["schedule"]:
            for table in check_round(played, set(by_id)):
                assert table["status"] == "finished"
                pair = frozenset(p["id"] for p in table["people"])
                assert pair not in met
                met.add(pair)
        url = a.database_url
        assert url is not None
        assert count(url, rounds_of(cup["id"])) == ROUNDS * 3
        assert count(url, select(func.count()).select_from(Table)
                     .where(Table.owner_id == owner.user["id"])) == ROUNDS * 2
        # Both processes tell the same story.
        owner.http.base_url = a.base
        on_a = look(owner, cup["id"])
        owner.http.base_url = b.base
        on_b = look(owner, cup["id"])
        assert on_a["standings"] == on_b["standings"] == done["standings"]
        assert on_a["schedule"] == on_b["schedule"]
        assert sum(row["points"] for row in done["standings"]) == ROUNDS * (2 + 1)
        # A second tournament of four, registered while the processes run and started once
        # they are stopped, so that only the two passes below touch it.
        second = create(owner, capacity=4, rounds=1)
        for player in people[:4]:
            assert player.http.post(f"/api/tournaments/{second['id']}/register").status_code == 200
        a.stop()
        b.stop()
    two_passes_head_on(url, second["id"], owner.user["id"])
    for player in (owner, *people):
        player.close()
