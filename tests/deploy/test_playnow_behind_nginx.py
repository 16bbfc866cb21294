"""Play now in the deployment of docs/deploy.md: two processes over one PostgreSQL database
behind nginx, both running the matching pass; people queue through nginx and straight at
either process, and each is seated exactly once, two to a table."""

from __future__ import annotations

from tests.deploy.conftest import ProxiedHall
from tests.server.client import Player
from tests.server.matchmaking.helpers import place, queue, seated_at, wait_until

PEOPLE = 10


def test_two_processes_seat_everyone_once_behind_nginx(proxied_hall: ProxiedHall) -> None:
    doors = [proxied_hall.nginx, *proxied_hall.servers]
    people = [Player(doors[index % 3].base, doors[index % 3].ws_base).guest(f"n{index}")
              for index in range(PEOPLE)]
    for player in people:
        queue(player, game="monsterhex", players=2, mode="turn")
    tables = [wait_until(lambda p=p: seated_at(p), what="a seat for everyone") for p in people]
    by_table: dict[int, list[int]] = {}
    for player, table_id in zip(people, tables, strict=True):
        by_table.setdefault(table_id, []).append(player.user["id"])
    assert len(by_table) == PEOPLE // 2
    for table_id, sitters in by_table.items():
        table = people[0].http.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "playing"
        assert sorted(s["user"]["id"] for s in table["seats"]) == sorted(sitters)
    # Seated once: nobody is waiting still, and nobody sits at a second table.
    assert all(place(p)["state"] == "seated" for p in people)
    for player in people:
        mine = player.http.get("/api/my/tables").json()
        assert [t["id"] for t in mine] == [tables[people.index(player)]]
