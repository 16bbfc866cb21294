"""Wrong current passwords on the password-change route count as failed logins of that name
from that address: after 5 the route, and logging in with the right password, wait (429), while
the owner at another address still logs in; a right current password gives its attempt back."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.inprocess import InProcessServer

PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    server = InProcessServer(tmp_path_factory.mktemp("lockout"))
    server.start()
    yield server
    server.stop()


def _client(hall: InProcessServer, address: str) -> httpx.Client:
    return httpx.Client(base_url=hall.base, timeout=30,
                        transport=httpx.HTTPTransport(local_address=address))


def _change(client: httpx.Client, old: str, new: str = "a new password") -> str:
    answer = client.post("/api/me/password", json={"old_password": old, "new_password": new})
    return str(answer.status_code) if answer.status_code == 204 else answer.json()["code"]


def test_wrong_current_passwords_count_as_failed_logins(hall: InProcessServer) -> None:
    with _client(hall, "127.0.0.2") as here, _client(hall, "127.0.0.3") as elsewhere:
        assert here.post("/api/auth/register",
                         json={"name": "changer", "password": PASSWORD}).status_code == 201
        codes = [_change(here, "a wrong guess") for _ in range(4)]
        # A right current password gives its attempt back: still four failures after it.
        codes.append(_change(here, PASSWORD, "second password"))
        codes += [_change(here, "a wrong guess") for _ in range(2)]
        assert codes == ["wrong_password"] * 4 + ["204", "wrong_password", "too_many_logins"]
        # Locked at this address for this name: the right password waits too...
        assert _change(here, "second password") == "too_many_logins"
        login = here.post("/api/auth/login",
                          json={"name": "changer", "password": "second password"})
        assert login.status_code == 429 and login.json()["code"] == "too_many_logins"
        # ...and the owner at another address logs in.
        mine = elsewhere.post("/api/auth/login",
                              json={"name": "changer", "password": "second password"})
        assert mine.status_code == 200, mine.text
