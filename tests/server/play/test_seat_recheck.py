"""A socket shows a seat only while its user holds it: whoever gives a seat up stops seeing it
at once, whatever socket they opened on it, and never sees what its next holder does.

The attack: open a socket on seat 1, leave seat 1 (and sit elsewhere), let someone else take
it, and read their secret choices (Yaxha's market tiles are chosen in secret) on the old socket.
"""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.client import Player, Socket
from tests.server.conftest import ServerProcess


async def read_until(socket: Socket, done: Any, timeout: float = 20.0) -> dict[str, Any]:
    async with asyncio.timeout(timeout):
        while True:
            message = await socket.recv()
            if done(message):
                return message


def secret_choices(messages: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    return [
        event for message in messages for event in message.get("events", [])
        if event.get("type") == "tile_chosen" and event.get("seat") == seat
    ]


async def flush(socket: Socket) -> None:
    """Read what the socket was sent so far: a step's updates are all queued before its mover
    hears of it, and a pong comes after whatever was queued before it."""
    await socket.send({"type": "ping"})
    await socket.expect("pong")


def after_welcome_to(socket: Socket, seat: int | None) -> list[dict[str, Any]]:
    """What the socket got after the (last) welcome that moved it to ``seat``."""
    moved = max(
        index for index, message in enumerate(socket.received)
        if message["type"] == "welcome" and message["seat"] == seat
    )
    return socket.received[moved + 1:]


async def left_before_the_start(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("owner")
    ursula = Player(server.base, server.ws_base).guest("ursula")
    victor = Player(server.base, server.ws_base).guest("victor")
    table = owner.create(game="yaxha", players=3, seat=0)
    table_id = table["id"]
    assert ursula.join(table_id, seat=1).status_code == 200
    old = await ursula.socket(table_id)
    welcome = await old.expect("welcome")
    assert welcome["seat"] == 1

    assert ursula.http.post(f"/api/tables/{table_id}/leave", json={"seat": 1}).status_code == 200
    assert ursula.join(table_id, seat=2).status_code == 200
    assert victor.join(table_id, seat=1).status_code == 200
    # The seat was taken back before anything else reached the socket.
    demoted = await old.expect("welcome")
    assert demoted["seat"] is None and demoted["seats"] == []

    victors = await victor.socket(table_id)
    await victors.expect("welcome", seat=1)
    owner.start(table_id)
    start = await victors.expect("sync")
    # Victor chooses his market tile in secret.
    await victors.send({"type": "act", "seq": start["seq"], "action": start["legal"][0]})
    chosen = await read_until(victors, lambda m: m["type"] == "update" and m["last"]["seat"] == 1)
    assert secret_choices([chosen], 1), "the choice is a private event of seat 1"
    await flush(old)
    later = after_welcome_to(old, None)
    assert all(m.get("seat") is None for m in later), later
    assert not secret_choices(old.received, 1)
    for socket in (old, victors):
        await socket.close()
    for person in (owner, ursula, victor):
        person.close()


async def left_during_the_game(server: ServerProcess) -> None:
    """At a table in play a bot takes the seat over: the one who left does not watch it play."""
    owner = Player(server.base, server.ws_base).guest("owner")
    ursula = Player(server.base, server.ws_base).guest("ursula")
    table = owner.create(game="yaxha", players=3, seat=0, bots=[{"seat": 2, "level": 1}])
    table_id = table["id"]
    assert ursula.join(table_id, seat=1).status_code == 200
    old = await ursula.socket(table_id)
    await old.expect("welcome", seat=1)
    watcher = await owner.socket(table_id)
    await watcher.expect("welcome", seat=0)
    owner.start(table_id)
    await old.expect("sync")
    await watcher.expect("sync")

    assert ursula.http.post(f"/api/tables/{table_id}/leave", json={"seat": 1}).status_code == 200
    await old.expect("welcome", seat=None)
    # The bot that took seat 1 over chooses its tile; the owner then chooses theirs, which
    # ends the round's choices, so the old socket has had its chance to see seat 1's choice.
    latest = await read_until(watcher, lambda m: m["type"] in ("update", "sync")
                              and 0 in m["to_move"] and bool(m["legal"]), timeout=60)
    await watcher.send({"type": "act", "seq": latest["seq"], "action": latest["legal"][0]})
    mine = await read_until(watcher, lambda m: m["type"] == "update" and m["last"]["seat"] == 0)
    assert mine["seat"] == 0
    await flush(old)
    later = after_welcome_to(old, None)
    assert all(m.get("seat") is None for m in later), later
    assert not secret_choices(later, 1)
    # Seat 1 is not Ursula's any more: she cannot watch it on a new socket either.
    await old.send({"type": "watch", "seat": 1})
    refused = await old.expect("error")
    assert refused["code"] == "not_your_seat"
    for socket in (old, watcher):
        await socket.close()
    for person in (owner, ursula):
        person.close()


def test_a_socket_on_a_seat_given_up_before_the_start_never_sees_its_next_holder(
    server: ServerProcess,
) -> None:
    asyncio.run(left_before_the_start(server))


def test_a_socket_on_a_seat_left_during_the_game_stops_showing_it_to_the_leaver(
    server: ServerProcess,
) -> None:
    asyncio.run(left_during_the_game(server))


async def timed_out(server: ServerProcess) -> None:
    """A seat whose clock ran out is played by a bot, and its player still watches it."""
    owner = Player(server.base, server.ws_base).guest("slow")
    table = owner.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}],
                         mode="live", initial_seconds=0.5, increment_seconds=0)
    ws = await owner.socket(table["id"])
    await ws.expect("welcome", seat=0)
    owner.start(table["id"])
    await ws.expect("sync")
    # Nobody moves for seat 0: its clock runs out and a bot plays it from then on.
    await read_until(ws, lambda m: m["type"] == "table"
                     and m["table"]["seats"][0]["replaced"] == "timeout")
    await read_until(ws, lambda m: m["type"] == "update" and m["last"]["seat"] == 0)
    await flush(ws)
    assert not [m for m in ws.received if m["type"] == "welcome" and m["seat"] != 0]
    later = [m for m in ws.received if m["type"] in ("update", "sync")]
    assert all(m["seat"] == 0 for m in later)
    await ws.send({"type": "watch", "seat": 0})
    assert (await ws.expect("sync"))["seat"] == 0
    await ws.close()
    owner.close()


def test_a_player_whose_clock_ran_out_still_watches_their_seat(server: ServerProcess) -> None:
    asyncio.run(timed_out(server))
