"""Fresh guests cannot crowd the lobby: four addresses opening guests and tables as fast as the
creation limits allow push a registered user's table off no page. Each address's newest few
come first, registered and older owners' tables ahead of brand-new guests', and the rest
follow on later pages (``?page=``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import update

from meeplehall.server.db.models import Table, User
from tests.people import client
from tests.server.inprocess import InProcessServer

PER_ADDRESS = 10
PAGE = 100
CROWD = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")


@pytest.fixture(params=["sqlite", "postgresql"])
def hall(request: pytest.FixtureRequest,
         database_factory: Callable[[str], tuple[str, Path]]) -> Iterator[InProcessServer]:
    url, data_dir = database_factory(request.param)
    # The creation limits on: the crowd opens what one address may, no more.
    server = InProcessServer(data_dir, database_url=url, creation_limits=True,
                             lobby_tables_per_address=PER_ADDRESS, lobby_page_size=PAGE)
    server.start()
    yield server
    server.stop()


def guest_tables(hall: InProcessServer, address: str, guests: int,
                 tables: int) -> list[tuple[int, int]]:
    """``guests`` new guests from ``address`` open ``tables`` waiting tables each: (table,
    owner) pairs."""
    opened = []
    for number in range(guests):
        with client(hall, address) as http:
            owner = http.post("/api/auth/guest", json={"name": f"crowd{number}"})
            assert owner.status_code == 200, owner.text
            for _ in range(tables):
                table = http.post("/api/tables", json={"game": "yaxha", "players": 4})
                assert table.status_code == 201, table.text
                opened.append((table.json()["id"], owner.json()["id"]))
    return opened


def waiting(client: httpx.Client, page: int) -> list[dict[str, object]]:
    answer = client.get("/api/tables", params={"status": "waiting", "page": page})
    assert answer.status_code == 200, answer.text
    listed: list[dict[str, object]] = answer.json()
    return listed


def test_four_addresses_of_fresh_guests_do_not_push_a_registered_table_off_the_lobby(
    hall: InProcessServer,
) -> None:
    with client(hall, "127.0.0.1") as owner:
        owner.post("/api/auth/register", json={"name": "steady", "password": "long enough"})
        mine = owner.post("/api/tables", json={"game": "yaxha", "players": 2}).json()["id"]
    # A guest who has been around for a while (two hours, written where the server keeps it).
    with client(hall, "127.0.0.6") as old:
        old_user = old.post("/api/auth/guest", json={"name": "regular"}).json()["id"]
        old_table = old.post("/api/tables", json={"game": "yaxha", "players": 2}).json()["id"]
    with hall.app.state.hall.db() as session:
        session.execute(update(User).where(User.id == old_user)
                        .values(created_at=time.time() - 2 * 3600))
    crowd = {address: guest_tables(hall, address, guests=10, tables=3) for address in CROWD}
    visitor = httpx.Client(base_url=hall.base)
    first, second, third = (waiting(visitor, page) for page in (1, 2, 3))
    assert len(first) == PAGE and third == []
    ids = [table["id"] for table in first]
    # The registered owner's table and the older guest's (newest first), then each address's
    # newest ten.
    assert ids[:2] == [old_table, mine]
    by_address = {address: {table for table, _owner in opened} for address, opened in crowd.items()}
    fresh_first = ids[2:2 + PER_ADDRESS * len(CROWD)]
    for address, tables in by_address.items():
        newest = sorted(tables, reverse=True)[:PER_ADDRESS]
        assert sorted(set(fresh_first) & tables, reverse=True) == newest, address
    # Nobody is lost: every table is on exactly one page.
    everything = ids + [table["id"] for table in second]
    assert len(everything) == len(set(everything))
    assert set(everything) == {mine, old_table}.union(*by_address.values())
    # A page number that is no whole number of at least 1 is refused.
    for bad in ("0", "-1", "x", "1.5"):
        answer = visitor.get("/api/tables", params={"status": "waiting", "page": bad})
        assert answer.status_code == 422, bad


def test_a_tables_address_is_kept_while_it_is_unfinished_and_erased_when_it_is_aborted(
    hall: InProcessServer,
) -> None:
    with client(hall, "127.0.0.7") as owner:
        owner.post("/api/auth/register", json={"name": "boss", "password": "long enough"})
        bots = [{"seat": 1, "level": 1}]
        started = owner.post("/api/tables", json={"game": "yaxha", "players": 2, "bots": bots})
        aborted = owner.post("/api/tables", json={"game": "yaxha", "players": 2}).json()["id"]
        started_id = started.json()["id"]

        def address(table_id: int) -> str | None:
            with hall.app.state.hall.db() as session:
                table = session.get(Table, table_id)
                assert table is not None
                return table.owner_address

        assert address(started_id) == address(aborted) == "127.0.0.7"
        assert owner.post(f"/api/tables/{started_id}/start").status_code == 200
        assert address(started_id) == "127.0.0.7"  # its bot's turn in the queue needs it
        with hall.app.state.hall.db() as session:
            session.execute(update(User).where(User.login == "boss").values(is_admin=True))
        assert owner.post(f"/api/admin/tables/{aborted}/abort").status_code == 200
        assert address(aborted) is None
