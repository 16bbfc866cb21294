"""A friend request to a registered name and one to a name nobody has get the same answer after
the same work: the same database statements, in the same order, and a row stored that the
database checks against nothing (no foreign key on its addressee, whose check would run for a
real user only). The addressee is told after the answer has gone."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event, inspect

from tests.server.client import Player
from tests.server.inprocess import InProcessServer


@pytest.fixture(params=["sqlite", "postgresql"])
def hall(request: pytest.FixtureRequest,
         database_factory: Callable[[str], tuple[str, Path]]) -> Iterator[InProcessServer]:
    url, data_dir = database_factory(request.param)
    server = InProcessServer(data_dir, database_url=url, creation_limits=False)
    server.start()
    yield server
    server.stop()


class Statements:
    """Every SQL statement the server sends, with the thread that sent it."""

    def __init__(self, hall: InProcessServer) -> None:
        self.engine = hall.app.state.hall.database.engine
        self.seen: list[tuple[int, str]] = []
        event.listen(self.engine, "before_cursor_execute", self._record)

    def _record(self, _connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        self.seen.append((threading.get_ident(), statement))

    def of_request(self, send: Callable[[], httpx.Response]) -> tuple[httpx.Response, list[str]]:
        """The answer to ``send()``, and the statements its handler sent: those of the thread
        that stored the request, from its look-up of the name to the row's insert (the handler
        holds its thread from one to the other; other work may run in it before or after)."""
        self.seen.clear()
        answer = send()
        seen = list(self.seen)
        (insert,) = [i for i, (_t, text) in enumerate(seen)
                     if text.startswith("INSERT INTO friend_requests")]
        thread = seen[insert][0]
        mine = [text for t, text in seen[:insert + 1] if t == thread]
        start = max(i for i, text in enumerate(mine) if "users.login =" in text)
        return answer, mine[start:]


def test_a_request_to_a_real_name_and_to_nobody_do_the_same_work_and_get_the_same_answer(
    hall: InProcessServer,
) -> None:
    statements = Statements(hall)
    columns = inspect(statements.engine).get_foreign_keys("friend_requests")
    assert [key for key in columns if "to_id" in key["constrained_columns"]] == []
    alice = Player(hall.base, hall.ws_base).register()
    bob = Player(hall.base, hall.ws_base).register(f"b{secrets.token_hex(6)}")
    nobody = f"b{secrets.token_hex(6)}"  # as long as Bob's name

    def ask(name: str) -> Callable[[], httpx.Response]:
        return lambda: alice.http.post("/api/friends/requests", json={"name": name})

    real, real_work = statements.of_request(ask(bob.user["name"]))
    fake, fake_work = statements.of_request(ask(nobody))
    assert real_work == fake_work and len(real_work) >= 4
    assert real.status_code == fake.status_code == 202
    assert real.content == fake.content.replace(nobody.encode(), bob.user["name"].encode())
    same = {key: value for key, value in real.headers.items() if key != "date"}
    assert same == {key: value for key, value in fake.headers.items() if key != "date"}
    # Bob has the request at once; nobody else has one.
    (incoming,) = bob.http.get("/api/friends").json()["incoming"]
    assert incoming["from"]["id"] == alice.user["id"]
    outgoing = [r["name"] for r in alice.http.get("/api/friends").json()["outgoing"]]
    assert outgoing == [bob.user["name"], nobody]
