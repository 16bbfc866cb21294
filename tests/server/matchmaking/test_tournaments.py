"""Tournaments end to end through real sockets: a Swiss tournament of guests where one plays
through the table socket and the others never show (their clocks run out and a bot plays on,
as at any table) is paired, played, scored and finished by the hall; a tournament nobody
starts is cancelled; and who may not do what is refused."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from meeplehall.server.db.models import Tournament
from tests.server.client import Player, play_seat
from tests.server.inprocess import InProcessServer
from tests.server.matchmaking.helpers import GAME, create, look, wait_until


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    server = InProcessServer(tmp_path_factory.mktemp("tournaments"), min_clock_seconds=0.1,
                             creation_limits=False)
    server.start()
    yield server
    server.stop()


def test_a_swiss_tournament_with_a_no_show_is_paired_played_and_finished_across_a_restart(
    tmp_path: Path,
) -> None:
    hall = InProcessServer(tmp_path, min_clock_seconds=0.1, creation_limits=False)
    hall.start()
    try:
        owner = Player(hall.base, hall.ws_base).register()
        cup = create(owner, capacity=5, rounds=2, initial_seconds=0.5, increment_seconds=0)
        people = [Player(hall.base, hall.ws_base).guest(f"t{index}") for index in range(5)]
        for player in people:
            assert player.http.post(f"/api/tournaments/{cup['id']}/register").status_code == 200
        early = people[0].http.post(f"/api/tournaments/{cup['id']}/start")
        assert early.status_code == 403 and early.json()["code"] == "not_tournament_owner"
        assert owner.http.post(f"/api/tournaments/{cup['id']}/start").status_code == 200
        late = Player(hall.base, hall.ws_base).guest("late")
        closed = late.http.post(f"/api/tournaments/{cup['id']}/register")
        assert closed.status_code == 409 and closed.json()["code"] == "registration_closed"

        first = wait_until(lambda: (t := look(owner, cup["id"]))["round"] == 1 and t)
        (round_one,) = first["schedule"]
        tables = [t for t in round_one["tables"] if "table" in t]
        (bye,) = [t["bye"]["id"] for t in round_one["tables"] if "bye" in t]
        assert len(tables) == 2
        # The lowest placed (all level: the last registered) sits out the first round.
        assert bye == people[-1].user["id"]
        # people[0] plays their table through the socket; the others never come.
        (mine,) = [t["table"] for t in tables
                   if people[0].user["id"] in [p["id"] for p in t["people"]]]

        async def play() -> dict[str, Any]:
            socket = await people[0].socket(mine)
            errors: list[dict[str, Any]] = []
            try:
                return await play_seat(socket, random.Random(5), errors)
            finally:
                await socket.close()

        assert asyncio.run(play())["status"] == "finished"
    finally:
        # The hall stops in the middle of the tournament (or the test failed).
        hall.stop()
    # It starts again on the same database and carries the tournament on.
    hall = InProcessServer(tmp_path, min_clock_seconds=0.1, creation_limits=False)
    hall.start()
    owner.http.base_url = hall.base
    try:
        done = wait_until(lambda: (t := look(owner, cup["id"]))["status"] == "finished" and t,
                          seconds=120, what="the tournament to finish")
        assert [r["round"] for r in done["schedule"]] == [1, 2]
        met = set()
        for number, played in enumerate(done["schedule"], start=1):
            for table in played["tables"]:
                if "bye" in table:
                    continue
                assert table["status"] == "finished"
                pair = frozenset(p["id"] for p in table["people"])
                assert pair not in met, f"a rematch in round {number}"
                met.add(pair)
        # Two rounds of two tables give 4 points, plus a bye (1 point) each round.
        points = [row["points"] for row in done["standings"]]
        assert sum(points) == 6.0
        assert points == sorted(points, reverse=True)
        second_byes = [t["bye"]["id"] for t in done["schedule"][1]["tables"] if "bye" in t]
        assert second_byes and second_byes[0] != bye  # no second bye while avoidable
    finally:
        hall.stop()


def test_a_tournament_its_owner_never_starts_is_cancelled(hall: InProcessServer) -> None:
    owner = Player(hall.base, hall.ws_base).register()
    idle = create(owner, capacity=4)
    assert idle["start_by"] - idle["created_at"] == pytest.approx(72 * 3600)
    # Its start-by time passes (written as if 72 hours went by).
    with hall.app.state.hall.db() as session:
        session.execute(update(Tournament).where(Tournament.id == idle["id"])
                        .values(start_by=time.time() - 1))
    gone = wait_until(lambda: (t := look(owner, idle["id"]))["status"] == "cancelled" and t,
                      what="the tournament to be cancelled")
    assert gone["round"] == 0 and gone["schedule"] == []
    entrant = Player(hall.base, hall.ws_base).guest("after")
    refused = entrant.http.post(f"/api/tournaments/{idle['id']}/register")
    assert refused.status_code == 409 and refused.json()["code"] == "registration_closed"
    listed = owner.http.get("/api/tournaments", params={"status": "cancelled"}).json()
    assert idle["id"] in [t["id"] for t in listed]


def test_who_may_not_organise_register_or_start(hall: InProcessServer) -> None:
    owner = Player(hall.base, hall.ws_base).register()
    visitor = Player(hall.base, hall.ws_base).guest("visitor")
    no_guest = visitor.http.post("/api/tournaments", json={"name": "x", "game": GAME})
    assert no_guest.status_code == 403 and no_guest.json()["code"] == "register_first"
    for body, status, code in (
        ({"capacity": 3}, 422, None),
        ({"capacity": 65}, 422, None),
        ({"table_size": 5}, 400, "player_count"),
        ({"system": "round_robin", "table_size": 3}, 400, "round_robin_pairs"),
        ({"system": "round_robin", "rounds": 3}, 400, "round_robin_rounds"),
        ({"initial_seconds": 0.01}, 400, "clock_out_of_range"),
        ({"game": "chess"}, 400, "unknown_game"),
    ):
        answer = owner.http.post("/api/tournaments", json={"name": "x", "game": GAME, **body})
        assert answer.status_code == status, (body, answer.text)
        if code is not None:
            assert answer.json()["code"] == code
    rated = create(owner, capacity=4, rated=True)
    guest_rated = visitor.http.post(f"/api/tournaments/{rated['id']}/register")
    assert guest_rated.status_code == 403
    assert guest_rated.json()["code"] == "guest_cannot_play_rated"
    small = create(owner, capacity=4)
    assert visitor.http.post(f"/api/tournaments/{small['id']}/register").status_code == 200
    twice = visitor.http.post(f"/api/tournaments/{small['id']}/register")
    assert twice.status_code == 409 and twice.json()["code"] == "already_entered"
    few = owner.http.post(f"/api/tournaments/{small['id']}/start")
    assert few.status_code == 409 and few.json()["code"] == "too_few_entrants"
    more = create(owner, capacity=4)
    assert more["status"] == "registering"
    limit = owner.http.post("/api/tournaments", json={"name": "x", "game": GAME})
    assert limit.status_code == 409 and limit.json()["code"] == "too_many_tournaments"
    for _ in range(3):
        Player(hall.base, hall.ws_base).guest("f").http.post(
            f"/api/tournaments/{small['id']}/register")
    full = Player(hall.base, hall.ws_base).guest("full").http.post(
        f"/api/tournaments/{small['id']}/register")
    assert full.status_code == 409 and full.json()["code"] == "tournament_full"
    assert visitor.http.post(f"/api/tournaments/{small['id']}/unregister").status_code == 200
    assert look(visitor, small["id"])["entrants"] == 3
    nobody = owner.http.get("/api/tournaments/999999")
    assert nobody.status_code == 404 and nobody.json()["code"] == "no_tournament"
