""""Play now" through real sockets: people queue with overlapping settings, each is seated
exactly once at a full table that has started, close ratings sit together when there are
enough people, the queue survives a restart, and the attacks (joining twice, flooding, a guest
asking for rated play) get their answers."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from websockets.asyncio.client import connect

from meeplehall.server.db.models import QueueEntry, Rating
from meeplehall.server.history.ratings import MODEL
from meeplehall.server.matchmaking.matching import Waiting, Window, match
from tests.people import guest
from tests.server.client import Player
from tests.server.inprocess import InProcessServer
from tests.server.matchmaking.helpers import place, queue, seated_at, wait_until


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    server = InProcessServer(tmp_path_factory.mktemp("playnow"), playnow_window_per_second=0.1,
                             playnow_absent_seconds=2.0)
    server.start()
    yield server
    server.stop()


def table_of(player: Player, table_id: int) -> dict[str, Any]:
    answer = player.http.get(f"/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


async def found_on_channel(player: Player, opened: threading.Event) -> dict[str, Any]:
    """The first ``table_found`` on the person's per-user socket (``opened`` once it is open)."""
    cookie = player.http.cookies.get("mh_session")
    async with connect(f"{player.ws_base}/ws/me",
                       additional_headers={"Cookie": f"mh_session={cookie}"}) as socket:
        opened.set()
        while True:
            message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 60))
            if message["type"] == "table_found":
                return message


def test_guests_with_overlapping_settings_are_each_seated_once_at_full_started_tables(
    hall: InProcessServer,
) -> None:
    wishes: list[int | None] = [2, None, 3, 2, None, 3, 2, 3, 4, None, 2]
    people = [guest(hall, f"pn{index}") for index in range(len(wishes))]
    # One of them listens on their per-user socket, as the lobby page does (on a loop of its
    # own, so the socket is served while the test waits on HTTP).
    listening = asyncio.new_event_loop()
    threading.Thread(target=listening.run_forever, daemon=True).start()
    opened = threading.Event()
    found = asyncio.run_coroutine_threadsafe(found_on_channel(people[0], opened), listening)
    assert opened.wait(30)
    for player, players in zip(people, wishes, strict=True):
        assert queue(player, players=players)["state"] in ("waiting", "seated")
    # Settled: two passes in a row seat nobody new.
    seen: list[dict[int, int | None]] = []

    def settled() -> bool:
        seen.append({p.user["id"]: seated_at(p) for p in people})
        return len(seen) > 20 and seen[-1] == seen[-21]

    wait_until(settled, what="the queue to settle")
    seats = seen[-1]
    tables: dict[int, list[int]] = {}
    for player in people:
        table_id = seats[player.user["id"]]
        if table_id is not None:
            tables.setdefault(table_id, []).append(player.user["id"])
    for table_id, sitters in tables.items():
        table = table_of(people[0], table_id)
        people_there = [s["user"]["id"] for s in table["seats"] if s.get("user")]
        assert table["status"] == "playing"
        assert sorted(people_there) == sorted(sitters)  # full, and only these people
        assert len(people_there) == table["players"]
        wished = [wishes[[p.user["id"] for p in people].index(u)] for u in sitters]
        assert all(w in (None, table["players"]) for w in wished)
    # Nobody twice: each person's one place is the one table they sit at.
    all_sitters = [u for sitters in tables.values() for u in sitters]
    assert len(all_sitters) == len(set(all_sitters))
    # Whoever still waits could not have filled a table among themselves.
    left = [Waiting(i, p.user["id"], "yaxha", (w,) if w else (2, 3, 4), "live", False, 0.0, 0.0)
            for i, (p, w) in enumerate(zip(people, wishes, strict=True))
            if seats[p.user["id"]] is None]
    assert match(left, 0.0, Window()) == []
    assert len(all_sitters) >= 8
    if seats[people[0].user["id"]] is not None:
        assert found.result(30)["table"] == seats[people[0].user["id"]]
    else:
        found.cancel()
    listening.call_soon_threadsafe(listening.stop)


def rate(hall: InProcessServer, player: Player, ordinal_points: float) -> None:
    """Give a registered person an OpenSkill rating whose ordinal is ``ordinal_points``."""
    sigma = MODEL.rating().sigma
    with hall.app.state.hall.db() as session:
        session.merge(Rating(user_id=player.user["id"], game="yaxha",
                             mu=ordinal_points + 3 * sigma, sigma=sigma, games=5))


def test_close_ratings_sit_together_when_there_are_enough_people(hall: InProcessServer) -> None:
    people = [Player(hall.base, hall.ws_base).register() for _ in range(4)]
    for player, points in zip(people, (0.0, 12.0, 0.8, 12.5), strict=True):
        rate(hall, player, points)
    for player in people:
        queue(player, players=2, rated=True)
    tables = [wait_until(lambda p=p: seated_at(p)) for p in people]
    assert tables[0] == tables[2] and tables[1] == tables[3] and tables[0] != tables[1]
    assert table_of(people[0], tables[0])["rated"] is True


def test_joining_twice_leaving_and_the_refusals(hall: InProcessServer) -> None:
    ann = guest(hall, "ann")
    waiting = queue(ann, players=4, mode="turn")
    assert waiting["state"] == "waiting" and waiting["sizes"] == [4]
    again = ann.http.post("/api/playnow", json={"game": "yaxha"})
    assert again.status_code == 409 and again.json()["code"] == "already_queued"
    assert place(ann)["sizes"] == [4]  # the first wish stands
    assert ann.http.delete("/api/playnow").json() == {"state": "none"}
    assert place(ann) == {"state": "none"}
    gone = ann.http.delete("/api/playnow")
    assert gone.status_code == 409 and gone.json()["code"] == "not_queued"
    for body, status, code in (
        ({"game": "chess"}, 400, "unknown_game"),
        ({"game": "yaxha", "players": 5}, 400, "player_count"),
        ({"game": "pyramido", "players": 1}, 400, "player_count"),
        ({"game": "yaxha", "rated": True}, 403, "guest_cannot_play_rated"),
        ({"game": "yaxha", "bots": {"level": 9}}, 400, "no_bot_level"),
        ({"game": "yaxha", "bots": {"level": 1, "after_seconds": 9999}}, 422, None),
    ):
        refused = ann.http.post("/api/playnow", json=body)
        assert refused.status_code == status, (body, refused.text)
        if code is not None:
            assert refused.json()["code"] == code
        assert place(ann) == {"state": "none"}  # refused: nothing changed
    nobody = Player(hall.base, hall.ws_base).http.post("/api/playnow", json={"game": "yaxha"})
    assert nobody.status_code == 401


def test_a_seated_person_cannot_leave_and_bots_fill_after_the_chosen_wait(
    hall: InProcessServer,
) -> None:
    bea = guest(hall, "bea")
    queue(bea, game="pyramido", players=2, mode="turn",
          bots={"level": 1, "after_seconds": 0.5})
    table_id = wait_until(lambda: seated_at(bea))
    table = table_of(bea, table_id)
    assert table["status"] == "playing"
    assert sorted(s["bot_level"] or 0 for s in table["seats"]) == [0, 1]
    late = bea.http.delete("/api/playnow")
    assert late.status_code == 409 and late.json()["code"] == "already_seated"
    assert late.json()["params"]["table"] == table_id
    # Queuing again forgets the seat found before.
    assert queue(bea, players=3, mode="turn")["state"] == "waiting"
    assert bea.http.delete("/api/playnow").status_code == 200


def test_a_live_wait_ends_when_its_page_is_gone_and_a_turn_based_one_stays(
    hall: InProcessServer,
) -> None:
    cid, dee = guest(hall, "cid"), guest(hall, "dee")
    queue(cid, game="monsterhex", players=4)
    queue(dee, game="monsterhex", players=4, mode="turn")
    # Nobody asks for a while (the hall forgets live waits after 2 s here).
    rows = hall.app.state.hall.reading

    def queued() -> set[int]:
        with rows() as session:
            return set(session.scalars(select(QueueEntry.user_id)))

    wait_until(lambda: cid.user["id"] not in queued(), what="the absent wait to end")
    assert dee.user["id"] in queued()
    assert dee.http.delete("/api/playnow").status_code == 200


def test_joining_again_and_again_is_bounded_like_opening_tables(hall: InProcessServer) -> None:
    gil = guest(hall, "gil")
    codes = []
    for _ in range(12):
        answer = gil.http.post("/api/playnow", json={"game": "monsterhex", "players": 4})
        codes.append(answer.status_code)
        if answer.status_code != 201:
            assert answer.json()["code"] == "too_many_tables"
            break
        assert gil.http.delete("/api/playnow").status_code == 200
    # The person's budget (10 at once) or, before it, the address's (shared with the tests
    # above) runs out.
    assert codes[-1] == 429 and 1 <= codes.count(201) <= 10


def test_the_queue_survives_a_restart_without_losing_or_doubling_anyone(tmp_path: Path) -> None:
    first = InProcessServer(tmp_path)
    first.start()
    eve = Player(first.base, first.ws_base).guest("eve")
    queue(eve, players=2, mode="turn")
    first.stop()
    second = InProcessServer(tmp_path)
    second.start()
    try:
        eve.http.base_url = second.base
        assert place(eve)["state"] == "waiting"
        fay = Player(second.base, second.ws_base).guest("fay")
        queue(fay, players=2, mode="turn")
        table_id = wait_until(lambda: seated_at(eve))
        assert seated_at(fay) == table_id
        seats = table_of(fay, table_id)["seats"]
        assert sorted(s["user"]["id"] for s in seats) == sorted(
            [eve.user["id"], fay.user["id"]])
    finally:
        second.stop()
