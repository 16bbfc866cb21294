"""The agents' ladder: a finished table of an agent against a bot moves the game's ladder (the
agent and the bot level, each one game more) and nobody's people's rating; a table where a
person sat moves no ladder."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from meeplehall.server.db.models import Rating, RatingChange
from tests.server.client import Player
from tests.server.inprocess import InProcessServer


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    server = InProcessServer(Path(tmp_path_factory.mktemp("ladder")), creation_limits=False)
    server.start()
    yield server
    server.stop()


def _finished(client: httpx.Client, table: dict[str, Any]) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while (now := client.get(f"/api/tables/{table['id']}").json())["status"] != "finished":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.1)
    return now


def _left_to_bots(client: httpx.Client, seat_me: bool) -> dict[str, Any]:
    """A Monster Hex table (twenty steps): the caller at seat 0 playing as a level-1 bot after
    leaving at once, or seated nowhere; a level-1 bot at seat 1."""
    table = client.post("/api/tables", json={
        "game": "monsterhex", "players": 2, "mode": "none",
        "seat": 0 if seat_me else None,
        "bots": [{"seat": 1, "level": 1}] + ([] if seat_me else [{"seat": 0, "level": 2}])})
    assert table.status_code == 201, table.text
    client.post(f"/api/tables/{table.json()['id']}/start").raise_for_status()
    if seat_me:  # a bot takes the seat over for good: the game plays itself out
        client.post(f"/api/tables/{table.json()['id']}/leave", json={}).raise_for_status()
    return dict(table.json())


def _people_ratings(hall: InProcessServer) -> tuple[int, int]:
    with hall.app.state.hall.reading() as session:
        return (session.scalar(select(func.count()).select_from(Rating)) or 0,
                session.scalar(select(func.count()).select_from(RatingChange)) or 0)


def test_an_agents_table_against_a_bot_moves_the_ladder_and_no_peoples_rating(
        hall: InProcessServer) -> None:
    owner = Player(hall.base, hall.ws_base).register()
    agent = owner.http.post("/api/agents", json={"name": "ladder climber"}).json()
    token = owner.http.post(f"/api/agents/{agent['id']}/token").json()["token"]
    assert owner.http.get("/api/ladder/monsterhex").json() == []
    before = _people_ratings(hall)
    with httpx.Client(base_url=hall.base, timeout=30,
                      headers={"Authorization": f"Bearer {token}"}) as client:
        finished = _finished(client, _left_to_bots(client, seat_me=True))
    ladder = httpx.get(f"{hall.base}/api/ladder/monsterhex").json()
    entrants = {entry["entrant"]: entry for entry in ladder}
    assert set(entrants) == {f"agent:{agent['id']}", "level:1"}
    mine, bot = entrants[f"agent:{agent['id']}"], entrants["level:1"]
    assert mine["games"] == bot["games"] == 1
    assert mine["user"]["kind"] == "agent" and mine["user"]["owner"] == owner.user["name"]
    assert bot["kind"] == "bot" and bot["bot_level"] == 1 and bot["user"] is None
    # The winner's rating went up, the loser's down, from the same start.
    winner = finished["result"]["winners"][0]
    up, down = (mine, bot) if winner == 0 else (bot, mine)
    assert up["mu"] > 25 > down["mu"]
    assert [entry["ordinal"] for entry in ladder] == sorted(
        (entry["ordinal"] for entry in ladder), reverse=True)
    assert _people_ratings(hall) == before
    # Nor does the agent show on people's leaderboard.
    assert httpx.get(f"{hall.base}/api/leaderboard/monsterhex").json() == []


def test_tables_without_an_agent_move_no_ladder(hall: InProcessServer) -> None:
    person = Player(hall.base, hall.ws_base).register()
    before = httpx.get(f"{hall.base}/api/ladder/yaxha").json()
    # A person's table against a bot, and a table of bots alone, both finished.
    for seat_me in (True, False):
        table = person.http.post("/api/tables", json={
            "game": "yaxha", "players": 2, "mode": "none", "seat": 0 if seat_me else None,
            "bots": [{"seat": 1, "level": 1}] + ([] if seat_me else [{"seat": 0, "level": 1}])})
        assert table.status_code == 201, table.text
        person.http.post(f"/api/tables/{table.json()['id']}/start").raise_for_status()
        if seat_me:
            person.http.post(f"/api/tables/{table.json()['id']}/leave",
                             json={}).raise_for_status()
        _finished(person.http, table.json())
    assert httpx.get(f"{hall.base}/api/ladder/yaxha").json() == before == []
    assert httpx.get(f"{hall.base}/api/ladder/nogame").json()["code"] == "unknown_game"
