"""Logins and sessions under attack: concurrent guesses, session fixation, registration order."""

from __future__ import annotations

import asyncio
import secrets

import httpx

from tests.server.api.test_api_errors import refusal
from tests.server.conftest import ServerProcess


async def _guess_all_at_once(base: str, name: str, count: int) -> list[httpx.Response]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        return list(await asyncio.gather(*(
            client.post("/api/auth/login", json={"name": name, "password": f"guess {n:04}"})
            for n in range(count)
        )))


def test_concurrent_wrong_logins_reach_the_password_check_at_most_the_limit(
        fresh_server: ServerProcess) -> None:
    name = f"victim{secrets.token_hex(3)}"
    httpx.post(f"{fresh_server.base}/api/auth/register",
               json={"name": name, "password": "the real password"}).raise_for_status()
    answers = asyncio.run(_guess_all_at_once(fresh_server.base, name, 40))
    checked = [a for a in answers if a.status_code == 401]
    refused = [a for a in answers if a.status_code == 429]
    assert len(checked) + len(refused) == 40, [a.status_code for a in answers]
    assert 1 <= len(checked) <= 5, len(checked)
    for answer in refused:
        body = refusal(answer, 429, "too_many_logins")
        assert answer.headers["Retry-After"] == str(body["params"]["seconds"])
    # The right password is refused too while the name is locked, and not counted as a success.
    right = httpx.post(f"{fresh_server.base}/api/auth/login",
                       json={"name": name, "password": "the real password"})
    refusal(right, 429, "too_many_logins")


def test_a_successful_login_gives_back_its_reserved_attempt(fresh_server: ServerProcess) -> None:
    name = f"often{secrets.token_hex(3)}"
    client = httpx.Client(base_url=fresh_server.base)
    client.post("/api/auth/register", json={"name": name, "password": "right password"})
    for _ in range(12):  # more than the limit of failures, all successes
        answer = client.post("/api/auth/login", json={"name": name, "password": "right password"})
        assert answer.status_code == 200, answer.text


def test_login_gives_a_new_session_and_the_old_token_stops_working(server: ServerProcess) -> None:
    client = httpx.Client(base_url=server.base)
    name = f"rot{secrets.token_hex(3)}"
    client.post("/api/auth/register", json={"name": name, "password": "right password"})
    first = client.cookies["mh_session"]
    answer = client.post("/api/auth/login", json={"name": name, "password": "right password"})
    assert answer.status_code == 200
    second = client.cookies["mh_session"]
    assert second != first
    old = httpx.get(f"{server.base}/api/me", cookies={"mh_session": first})
    refusal(old, 401, "not_logged_in")
    assert httpx.get(f"{server.base}/api/me", cookies={"mh_session": second}).status_code == 200


def test_a_token_planted_before_login_is_dead_after_it(server: ServerProcess) -> None:
    """Session fixation: a token an attacker gave the victim must not become the victim's."""
    attacker = httpx.Client(base_url=server.base)
    attacker.post("/api/auth/guest", json={"name": "planter"})
    planted = attacker.cookies["mh_session"]
    name = f"fix{secrets.token_hex(3)}"
    httpx.post(f"{server.base}/api/auth/register", json={"name": name, "password": "pw of hers"})
    answer = httpx.post(f"{server.base}/api/auth/login", cookies={"mh_session": planted},
                        json={"name": name, "password": "pw of hers"})
    assert answer.status_code == 200
    assert answer.cookies["mh_session"] != planted
    assert attacker.get("/api/me").status_code == 401


def test_a_guest_who_registers_gets_a_new_token_and_keeps_the_id(server: ServerProcess) -> None:
    client = httpx.Client(base_url=server.base)
    guest = client.post("/api/auth/guest", json={"name": "soon real"}).json()
    before = client.cookies["mh_session"]
    name = f"reg{secrets.token_hex(3)}"
    registered = client.post("/api/auth/register", json={"name": name, "password": "new password"})
    assert registered.status_code == 201 and registered.json()["id"] == guest["id"]
    assert client.cookies["mh_session"] != before
    assert client.get("/api/me").json()["id"] == guest["id"]
    stale = httpx.get(f"{server.base}/api/me", cookies={"mh_session": before})
    refusal(stale, 401, "not_logged_in")
