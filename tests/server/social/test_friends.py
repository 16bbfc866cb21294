"""Friends: a request never tells whether a name exists, lists are their owner's alone, online
means a socket open now, invitations carry the table's link, requests are rate limited; the
per-user channel counts the tables waiting for my move as they change, also across two server
processes; a server without SMTP says e-mail is off."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tests.live_server import ServerProcess
from tests.people import registered
from tests.server.client import Player


@pytest.fixture(scope="module")
def hall(database_factory: Any, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    url, data_dir = database_factory("sqlite")
    process = ServerProcess(data_dir, url, server_env)
    process.start()
    yield process
    process.stop()


async def channel(player: Player) -> Any:
    cookie = player.http.cookies.get("mh_session")
    return await connect(f"{player.ws_base}/ws/me",
                         additional_headers={"Cookie": f"mh_session={cookie}"})


async def next_of(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 20))
        if message["type"] == kind:
            return message


def befriend(one: Player, other: Player) -> None:
    assert one.http.post("/api/friends/requests",
                         json={"name": other.user["name"]}).status_code == 202
    incoming = other.http.get("/api/friends").json()["incoming"]
    (request,) = [r for r in incoming if r["from"]["id"] == one.user["id"]]
    assert other.http.post(f"/api/friends/requests/{request['id']}/accept").status_code == 200


def test_a_request_to_a_name_nobody_has_is_answered_and_listed_like_one_to_a_real_name(
    hall: ServerProcess,
) -> None:
    alice, bob, carol = registered(hall), registered(hall), registered(hall)
    nobody = f"nobody{secrets.token_hex(4)}"
    real = alice.http.post("/api/friends/requests", json={"name": bob.user["name"]})
    fake = alice.http.post("/api/friends/requests", json={"name": nobody})
    assert real.status_code == fake.status_code == 202
    assert real.headers.keys() == fake.headers.keys()
    assert real.json() == {"sent": True, "name": bob.user["name"]}
    assert fake.json() == {"sent": True, "name": nobody}
    outgoing = [r["name"] for r in alice.http.get("/api/friends").json()["outgoing"]]
    assert outgoing == [bob.user["name"], nobody]
    # Only the addressee sees the request; a decline leaves the sender's list as it was.
    assert carol.http.get("/api/friends").json()["incoming"] == []
    (request,) = bob.http.get("/api/friends").json()["incoming"]
    assert request["from"]["name"] == alice.user["name"]
    assert bob.http.post(f"/api/friends/requests/{request['id']}/decline").status_code == 204
    assert bob.http.get("/api/friends").json()["incoming"] == []
    after = [r["name"] for r in alice.http.get("/api/friends").json()["outgoing"]]
    assert after == outgoing
    # Someone else's request cannot be answered by guessing its number.
    assert carol.http.post(f"/api/friends/requests/{request['id']}/accept").status_code == 404


def test_friends_see_each_other_online_and_their_open_tables_and_nobody_else_does(
    hall: ServerProcess,
) -> None:
    alice, bob = registered(hall), registered(hall)
    befriend(alice, bob)
    (friend,) = alice.http.get("/api/friends").json()["friends"]
    assert (friend["id"], friend["online"], friend["tables"]) == (bob.user["id"], False, [])
    table = bob.create(game="yaxha", players=2)

    async def online_while_connected() -> tuple[bool, bool]:
        socket = await channel(bob)
        await next_of(socket, "hello")
        during = alice.http.get("/api/friends").json()["friends"][0]["online"]
        await socket.close()
        # The server counts the socket closed once it has read the close: poll its answer.
        for _ in range(200):
            if not alice.http.get("/api/friends").json()["friends"][0]["online"]:
                return during, False
            await asyncio.sleep(0.05)
        return during, True

    assert asyncio.run(online_while_connected()) == (True, False)
    (friend,) = alice.http.get("/api/friends").json()["friends"]
    assert [t["id"] for t in friend["tables"]] == [table["id"]]
    guest = Player(hall.base, hall.ws_base).guest("visitor")
    refused = guest.http.get("/api/friends")
    assert (refused.status_code, refused.json()["code"]) == (403, "register_first")
    assert alice.http.delete(f"/api/friends/{bob.user['id']}").status_code == 204
    assert alice.http.get("/api/friends").json()["friends"] == []
    assert bob.http.get("/api/friends").json()["friends"] == []


def test_an_invited_friend_is_notified_with_the_private_link_and_a_stranger_cannot_be(
    hall: ServerProcess,
) -> None:
    alice, bob, stranger = registered(hall), registered(hall), registered(hall)
    befriend(alice, bob)
    before = alice.http.get("/api/my/tables").json()
    refused = alice.http.post("/api/tables", json={
        "game": "yaxha", "players": 2, "visibility": "private",
        "invite": [bob.user["id"], stranger.user["id"]]})
    assert (refused.status_code, refused.json()["code"]) == (400, "not_friend")
    assert alice.http.get("/api/my/tables").json() == before  # nothing was created

    async def invited() -> dict[str, Any]:
        socket = await channel(bob)
        await next_of(socket, "hello")
        table = alice.create(game="yaxha", players=2, visibility="private",
                             invite=[bob.user["id"]])
        message = await next_of(socket, "notification")
        await socket.close()
        return {"table": table, "notification": message["notification"]}

    got = asyncio.run(invited())
    table, notification = got["table"], got["notification"]
    assert notification["kind"] == "invite"
    assert notification["data"]["from"]["name"] == alice.user["name"]
    link = notification["data"]["link"]
    assert link == f"/tables/{table['id']}?invite={table['invite_token']}"
    assert stranger.join(table["id"]).status_code == 404  # private: needs the link
    invite = link.split("invite=")[1]
    assert bob.join(table["id"], invite=invite).status_code == 200
    # Unread notifications come again with the next hello; one marked read does not.

    async def unread_after_reading(notification_id: int) -> tuple[list[str], list[str]]:
        socket = await channel(bob)
        hello = await next_of(socket, "hello")
        await socket.send(json.dumps({"type": "read", "id": notification_id}))
        await socket.send(json.dumps({"type": "ping"}))
        await next_of(socket, "pong")  # answered after the read was stored
        await socket.close()
        socket = await channel(bob)
        again = await next_of(socket, "hello")
        await socket.close()
        return ([n["kind"] for n in hello["notifications"]],
                [n["kind"] for n in again["notifications"]])

    assert asyncio.run(unread_after_reading(notification["id"])) == (
        ["friend_request", "invite"], ["friend_request"])


def test_friend_requests_are_rate_limited_whatever_the_names(hall: ServerProcess) -> None:
    alice = registered(hall)
    answers = [
        alice.http.post("/api/friends/requests", json={"name": f"n{index}{secrets.token_hex(3)}"})
        for index in range(31)
    ]
    assert [a.status_code for a in answers] == [202] * 30 + [429]
    assert answers[-1].json()["code"] == "too_many_requests"
    assert len(alice.http.get("/api/friends").json()["outgoing"]) == 30


def test_the_channel_counts_tables_waiting_for_my_move_as_they_change(
    hall: ServerProcess,
) -> None:
    alice, bob = registered(hall), registered(hall)
    table = alice.create(game="yaxha", players=2, mode="turn")
    assert bob.join(table["id"]).status_code == 200

    async def count_changes() -> list[tuple[int, list[int]]]:
        socket = await channel(bob)
        seen = [await next_of(socket, "waiting")]
        alice.start(table["id"])
        seen.append(await next_of(socket, "waiting"))
        play = await bob.socket(table["id"])
        sync = await play.expect("sync")
        await play.send({"type": "act", "seq": sync["seq"], "action": sync["legal"][0]})
        seen.append(await next_of(socket, "waiting"))
        await play.close()
        await socket.close()
        return [(m["count"], m["tables"]) for m in seen]

    assert asyncio.run(count_changes()) == [(0, []), (1, [table["id"]]), (0, [])]


def test_without_smtp_the_server_says_email_is_off_and_keeps_no_address(
    hall: ServerProcess,
) -> None:
    erin = registered(hall)
    assert erin.http.get("/api/me/contact").json()["mail_enabled"] is False
    refused = erin.http.put("/api/me/contact", json={"email": "erin@example.org"})
    assert (refused.status_code, refused.json()["code"]) == (409, "mail_off")
    assert erin.http.get("/api/me/contact").json()["email"] is None


def test_across_two_processes_presence_notifications_and_waiting_counts_reach_the_user(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers
    alice, bob = registered(a), registered(b)  # Alice's requests go to a, Bob's socket to b
    befriend(alice, bob)

    async def across() -> tuple[bool, dict[str, Any], dict[str, Any]]:
        socket = await channel(bob)
        await next_of(socket, "hello")
        await next_of(socket, "waiting")
        online = alice.http.get("/api/friends").json()["friends"][0]["online"]
        table = alice.create(game="yaxha", players=2, mode="turn", invite=[bob.user["id"]])
        invited = await next_of(socket, "notification")
        assert bob.join(table["id"]).status_code == 200
        alice.start(table["id"])
        waiting = await next_of(socket, "waiting")
        await socket.close()
        return online, invited["notification"], waiting

    online, invited, waiting = asyncio.run(across())
    assert online is True
    assert invited["kind"] == "invite"
    assert (waiting["count"], len(waiting["tables"])) == (1, 1)
