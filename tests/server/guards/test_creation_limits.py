"""Creating guests, accounts and tables is limited per address and per user, idle waiting
tables go away, and one owner's many tables do not push the others' off the lobby.

Each test speaks from addresses of its own: the server trusts ``X-Forwarded-For`` from
127.0.0.1 (uvicorn's default for a local proxy), so these stand for different clients.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.live_server import ServerProcess
from tests.server.api.test_api_errors import refusal
from tests.server.play.test_play import catalog


def _start(database_factory: object, server_env: dict[str, str],
           extra: list[str]) -> ServerProcess:
    url, data_dir = database_factory("sqlite")  # type: ignore[operator]
    process = ServerProcess(data_dir, url, server_env, extra=extra, creation_limits=True)
    process.start()
    return process


@pytest.fixture(scope="module")
def limited(database_factory: object, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    process = _start(database_factory, server_env, [])
    yield process
    process.stop()


def _address() -> dict[str, str]:
    return {"X-Forwarded-For": f"10.{secrets.randbelow(250)}.{secrets.randbelow(250)}."
                               f"{secrets.randbelow(250) + 1}"}


def _guest(server: ServerProcess, address: dict[str, str], name: str = "g") -> httpx.Client:
    client = httpx.Client(base_url=server.base, headers=address)
    answer = client.post("/api/auth/guest", json={"name": name})
    assert answer.status_code == 200, answer.text
    return client


def test_guests_from_one_address_are_limited_and_others_are_not(limited: ServerProcess) -> None:
    here, there = _address(), _address()
    for number in range(20):
        _guest(limited, here, f"g{number}")
    answer = httpx.post(f"{limited.base}/api/auth/guest", json={"name": "one more"},
                        headers=here)
    body = refusal(answer, 429, "too_many_guests")
    assert answer.headers["Retry-After"] == str(body["params"]["seconds"])
    assert 0 < body["params"]["seconds"] <= 3600
    _guest(limited, there)


def test_guests_from_one_ipv6_slash_64_share_one_budget(limited: ServerProcess) -> None:
    block = ":".join(f"{secrets.randbelow(0xffff):x}" for _ in range(4))
    for number in range(20):
        _guest(limited, {"X-Forwarded-For": f"{block}::{number + 1:x}"}, f"v6-{number}")
    answer = httpx.post(f"{limited.base}/api/auth/guest", json={"name": "one more"},
                        headers={"X-Forwarded-For": f"{block}:1:2:3:4"})
    refusal(answer, 429, "too_many_guests")


def test_registrations_are_limited_taken_names_included(limited: ServerProcess) -> None:
    here = _address()
    taken = f"Taken{secrets.token_hex(3)}"
    first = httpx.post(f"{limited.base}/api/auth/register", headers=here,
                       json={"name": taken, "password": "long enough"})
    assert first.status_code == 201
    for _ in range(4):  # trying names that exist counts too
        again = httpx.post(f"{limited.base}/api/auth/register", headers=here,
                           json={"name": taken, "password": "long enough"})
        refusal(again, 409, "name_taken")
    sixth = httpx.post(f"{limited.base}/api/auth/register", headers=here,
                       json={"name": f"N{secrets.token_hex(3)}", "password": "long enough"})
    refusal(sixth, 429, "too_many_registrations")


def _table(client: httpx.Client, game: str, **headers: str) -> httpx.Response:
    return client.post("/api/tables", json={"game": game, "players": 2}, headers=headers)


def test_a_user_has_at_most_five_waiting_tables(limited: ServerProcess) -> None:
    game = catalog(limited)[0]["name"]
    owner = _guest(limited, _address())
    for _ in range(5):
        assert _table(owner, game).status_code == 201
    body = refusal(_table(owner, game), 409, "too_many_waiting_tables")
    assert body["params"] == {"limit": 5}


def test_tables_from_one_address_are_limited(limited: ServerProcess) -> None:
    game = catalog(limited)[0]["name"]
    address = _address()
    owners = [_guest(limited, _address()) for _ in range(7)]
    created = refused = 0
    for owner in owners:
        for _ in range(5):
            answer = _table(owner, game, **address)
            if answer.status_code == 201:
                created += 1
            else:
                refusal(answer, 429, "too_many_tables")
                refused += 1
    assert created == 30 and refused == 5


def test_the_lobby_shows_a_few_tables_per_owner(limited: ServerProcess) -> None:
    game = catalog(limited)[0]["name"]
    spammer = _guest(limited, _address(), "spammer")
    spam = [_table(spammer, game).json()["id"] for _ in range(5)]
    real = _guest(limited, _address(), "real")
    real_table = _table(real, game).json()["id"]
    listed = [t["id"] for t in httpx.get(f"{limited.base}/api/tables").json()]
    assert real_table in listed
    assert [t for t in spam if t in listed] == spam[-3:]  # the spammer's newest three
    # Each of the spammer's tables is still reachable by its link.
    for table_id in spam:
        assert httpx.get(f"{limited.base}/api/tables/{table_id}").status_code == 200


@pytest.fixture
def sweeping(database_factory: object, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    process = _start(database_factory, server_env, ["--idle-table-minutes", "0.02"])
    yield process
    process.stop()


def test_a_waiting_table_nobody_touches_is_removed(sweeping: ServerProcess) -> None:
    game = catalog(sweeping)[0]["name"]
    owner = _guest(sweeping, _address())
    table_id = _table(owner, game).json()["id"]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        answer = owner.get(f"/api/tables/{table_id}")
        if answer.status_code == 404:
            break
        time.sleep(0.2)
    refusal(owner.get(f"/api/tables/{table_id}"), 404, "no_table")
    assert table_id not in [t["id"] for t in owner.get("/api/my/tables").json()]
    # Its owner may open another one.
    assert _table(owner, game).status_code == 201
