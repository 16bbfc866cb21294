"""E-mail through a real SMTP server on loopback: the address is confirmed by its link; a
turn-based table mails the away player once per table within the window, in their language,
with the table's link at their seat and an unsubscribe link that works without a login (and
only with its own signature). (A server without ``--smtp-url``: test_friends.py.)"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.live_server import ServerProcess
from tests.mailbox import (
    PUBLIC,
    Mailbox,
    body_of,
    confirm_address,
    link_in,
    play_one,
    smtp_server,
    turn_of,
)
from tests.people import registered
from tests.server.client import Player
from tests.server.inprocess import InProcessServer


@pytest.fixture(scope="module")
def mailed(database_factory: Any,
           server_env: dict[str, str]) -> Iterator[tuple[ServerProcess, Mailbox]]:
    url, data_dir = database_factory("sqlite")
    with smtp_server() as (mailbox, smtp_url):
        process = ServerProcess(data_dir, url, server_env)
        process.extra = ["--smtp-url", smtp_url, "--away-minutes", "0",
                         "--public-url", "http://arena.test"]
        process.start()
        yield process, mailbox
        process.stop()


def wait_offline(watcher: Player, friend_id: int) -> None:
    """Until the server counts ``friend_id`` offline (it reads a closed socket a moment after
    the client closed it)."""
    for _ in range(400):
        friends = watcher.http.get("/api/friends").json()["friends"]
        if not next(f for f in friends if f["id"] == friend_id)["online"]:
            return
        asyncio.run(asyncio.sleep(0.05))
    raise AssertionError("still online")


def test_an_away_player_gets_one_turn_email_per_table_in_their_language_and_can_unsubscribe(
    mailed: tuple[ServerProcess, Mailbox],
) -> None:
    server, mailbox = mailed
    alice, bob = registered(server), registered(server)
    seen = confirm_address(bob, "bob@example.org", mailbox, len(mailbox.messages), "ko")
    assert mailbox.messages[seen - 1]["Subject"] == "이메일 주소 확인"
    # Friends, so that Alice's list tells when the server has seen Bob leave.
    alice.http.post("/api/friends/requests", json={"name": bob.user["name"]})
    (request,) = bob.http.get("/api/friends").json()["incoming"]
    bob.http.post(f"/api/friends/requests/{request['id']}/accept")
    befriended = mailbox.wait_for(seen + 1)[seen]
    seen += 1
    assert befriended["Subject"] == "Meeple Hall에서 친구 요청이 왔습니다"
    assert alice.user["name"] in body_of(befriended)
    assert link_in(body_of(befriended), "/") == "/#friends"
    table = alice.create(game="pyramido", players=2, mode="turn", seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    alice.start(table["id"])
    # Whoever starts, play until it is Bob's turn (Alice plays from her socket, then leaves).
    while not turn_of(bob, table["id"]):
        asyncio.run(play_one(alice, table["id"]))
    turn = mailbox.wait_for(seen + 1)[seen]
    seen += 1
    assert turn["To"] == "bob@example.org"
    assert turn["Subject"] == "당신의 차례입니다 - Pyramido: Forgotten Treasures"
    assert turn["Content-Language"] == "ko"
    text = body_of(turn)
    assert "테이블" in text
    assert link_in(text, "/tables/") == f"/tables/{table['id']}?seat=1"
    unsubscribe = link_in(text, "/unsubscribe")
    assert turn["List-Unsubscribe"] == f"<http://arena.test{unsubscribe}>"
    # Bob plays his turn and leaves; when his turn comes again he is away again, but one
    # e-mail per table per window is all he gets.
    while turn_of(bob, table["id"]):
        asyncio.run(play_one(bob, table["id"]))
    wait_offline(alice, bob.user["id"])
    while not turn_of(bob, table["id"]):
        asyncio.run(play_one(alice, table["id"]))
    # Every e-mail goes through one queue in order: a friend request mailed after the turn
    # came back arrives after any second turn e-mail would have.
    carol = registered(server)
    assert carol.http.post("/api/friends/requests",
                           json={"name": bob.user["name"]}).status_code == 202
    arrived = mailbox.wait_for(seen + 1)[seen:]
    assert [carol.user["name"] in body_of(m) for m in arrived] == [True]
    seen += 1
    # Unsubscribing needs no login, asks first, and only a true signature works.
    anonymous = httpx.Client(base_url=server.base)
    page = anonymous.get(unsubscribe)
    assert page.status_code == 200 and 'id="unsubscribe"' in page.text
    assert bob.http.get("/api/me/contact").json()["opt_in"] is True
    forged = unsubscribe[:-3] + ("AAA" if not unsubscribe.endswith("AAA") else "BBB")
    assert anonymous.post(forged).status_code == 400
    assert bob.http.get("/api/me/contact").json()["opt_in"] is True
    done = anonymous.post(unsubscribe)
    assert done.status_code == 200 and "이메일을 보내지 않습니다" in done.text
    assert bob.http.get("/api/me/contact").json()["opt_in"] is False


def test_a_confirmation_link_for_another_address_or_forged_confirms_nothing(
    mailed: tuple[ServerProcess, Mailbox],
) -> None:
    server, mailbox = mailed
    dave = registered(server)
    seen = len(mailbox.messages)
    assert dave.http.put("/api/me/contact", json={"email": "old@example.org"}).status_code == 200
    old_link = link_in(body_of(mailbox.wait_for(seen + 1)[seen]), "/verify-email")
    again = dave.http.put("/api/me/contact", json={"email": "new@example.org"})
    assert (again.status_code, again.json()["code"]) == (429, "too_many_mails")
    assert dave.http.get("/api/me/contact").json()["email"] == "old@example.org"
    assert dave.http.get(old_link[:-2] + "xx").status_code == 400
    assert dave.http.get("/api/me/contact").json()["verified"] is False
    bad = dave.http.put("/api/me/contact", json={"email": "not an address"})
    assert (bad.status_code, bad.json()["code"]) == (422, "bad_email")
    assert dave.http.get("/api/me/contact").json()["email"] == "old@example.org"


@pytest.fixture
def mailed_here(tmp_path: Path) -> Iterator[tuple[InProcessServer, Mailbox]]:
    """A server in this process (it starts quickly however busy the machine is)."""
    with smtp_server() as (mailbox, smtp_url):
        server = InProcessServer(tmp_path, smtp_url=smtp_url, away_minutes=0.0,
                                 public_url=PUBLIC)
        server.start()
        yield server, mailbox
        server.stop()


def test_a_notification_is_mailed_only_to_someone_away(
    mailed_here: tuple[InProcessServer, Mailbox],
) -> None:
    """A friend request to someone online reaches their channel and no mailbox; once they are
    away, the next one is mailed."""
    server, mailbox = mailed_here
    bob, carol, dave = registered(server), registered(server), registered(server)
    seen = confirm_address(bob, "online@example.org", mailbox, len(mailbox.messages), "en")

    async def online_request() -> None:
        cookie = bob.http.cookies.get("mh_session")
        async with connect(f"{server.ws_base}/ws/me",
                           additional_headers={"Cookie": f"mh_session={cookie}"}) as channel:
            assert json.loads(await channel.recv())["type"] == "hello"
            assert carol.http.post("/api/friends/requests",
                                   json={"name": bob.user["name"]}).status_code == 202
            while json.loads(await asyncio.wait_for(channel.recv(), 20))["type"] != "notification":
                pass
            # Friends, so that Carol's list tells when the server has seen Bob leave.
            (request,) = bob.http.get("/api/friends").json()["incoming"]
            accepted = bob.http.post(f"/api/friends/requests/{request['id']}/accept")
            assert accepted.status_code == 200

    asyncio.run(online_request())
    wait_offline(carol, bob.user["id"])
    assert dave.http.post("/api/friends/requests",
                          json={"name": bob.user["name"]}).status_code == 202
    # E-mail goes out in order: Carol's request, had it been mailed, would come first.
    first = mailbox.wait_for(seen + 1)[seen]
    assert first["To"] == "online@example.org"
    assert dave.user["name"] in body_of(first) and carol.user["name"] not in body_of(first)
