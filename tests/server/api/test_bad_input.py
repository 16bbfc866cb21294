"""Every bad input gets a clear error, to the sender only; nothing changes and the connection
stays up (the same table then plays on normally)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.client import Player, Socket, TableSession, advance, open_table
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


def first_game(server: ServerProcess) -> dict[str, Any]:
    return catalog(server)[0]


async def expect_error(socket: Socket, code: str) -> dict[str, Any]:
    message = await socket.expect("error")
    assert message["code"] == code, message
    assert message["reason"]
    return message


async def assert_unchanged_and_playable(session: TableSession, seq: int) -> None:
    """No other socket saw anything; the table is still where seat 0 saw it at ``seq`` (and
    every other seat at its latest seq), and it accepts a legal move."""
    await session.sockets[0].send({"type": "sync", "seq": seq})
    sync = await session.sockets[0].expect("sync")
    assert sync["seq"] == seq
    mover = next(s for s in sync["to_move"])
    mine = session.latest[mover]["seq"] if mover else seq
    await session.sockets[mover].send({"type": "sync", "seq": mine})
    session.latest[mover] = await session.sockets[mover].expect("sync")
    assert session.latest[mover]["seq"] == mine
    await session.act(mover)
    update = await session.sockets[mover].expect("update")
    assert update["seq"] == mine + 1


async def bad_messages(server: ServerProcess) -> None:
    game = first_game(server)
    session = await open_table(server.base, server.ws_base, game["name"], 2)
    seq = session.latest[0]["seq"]
    mover = session.latest[0]["to_move"][0]
    socket = session.sockets[mover]
    await socket.send("{not json")
    await expect_error(socket, "bad_json")
    await socket.send("[1, 2]")
    await expect_error(socket, "bad_json")
    await socket.send({"type": "dance"})
    await expect_error(socket, "unknown_type")
    await socket.send({"seq": 0})
    await expect_error(socket, "unknown_type")
    await socket.send({"type": "act", "seq": "zero", "action": {}})
    await expect_error(socket, "bad_message")
    await socket.send({"type": "act", "seq": seq})
    await expect_error(socket, "bad_message")
    await socket.send({"type": "act", "seq": seq, "action": {"x": "y" * 20000}})
    await expect_error(socket, "too_large")
    await socket.send({"type": "act", "seq": seq + 5, "action": session.latest[mover]["legal"][0]})
    await expect_error(socket, "future_seq")
    await session.sockets[mover].send({"type": "act", "seq": seq, "action": {"nonsense": True}})
    refused = await expect_error(session.sockets[mover], "illegal_action")
    # The rule broken is named by an id a client translates (the reason is English).
    assert refused["rule"] == "malformed_action" and refused["params"] == {}
    other = 1 - mover
    await session.sockets[mover].send(
        {"type": "act", "seq": seq, "seat": other, "action": session.latest[mover]["legal"][0]}
    )
    await expect_error(session.sockets[mover], "not_your_seat")
    await socket.send({"type": "hint"})
    await expect_error(socket, "hints_off")
    # The other seat's socket got nothing of all this.
    bystander = session.sockets[other]
    with pytest.raises(TimeoutError):
        while True:
            message = await bystander.recv(timeout=0.3)
            assert message["type"] == "table", message
    await assert_unchanged_and_playable(session, seq)
    await session.close()


def test_malformed_oversized_unknown_and_illegal_messages_get_errors_and_change_nothing(
    server: ServerProcess,
) -> None:
    asyncio.run(bad_messages(server))


async def huge_message(server: ServerProcess) -> None:
    session = await open_table(server.base, server.ws_base, first_game(server)["name"], 2)
    # The server may close the connection while the message is still being sent.
    with pytest.raises(ConnectionClosed) as closed:
        await session.sockets[0].send("x" * (2 * 1024 * 1024))
        while True:
            message = await session.sockets[0].recv(timeout=5)
            assert message["type"] != "error", message
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    await session.sockets[1].send({"type": "ping"})
    assert (await session.sockets[1].expect("pong"))["type"] == "pong"
    await session.close()


def test_a_message_over_a_mebibyte_closes_only_that_connection(server: ServerProcess) -> None:
    asyncio.run(huge_message(server))


async def turn_and_seq_errors(server: ServerProcess) -> None:
    """Not your turn, and a stale seq after the seat stopped being to move."""
    rng = random.Random(5)
    for game in catalog(server):
        session = await open_table(server.base, server.ws_base, game["name"], 2)
        # After each step: who was to move, and each seat's own seq (seats count apart).
        history: list[tuple[list[int], list[int]]] = []
        found = None
        for _ in range(200):
            history.append((session.latest[0]["to_move"], [m["seq"] for m in session.latest]))
            seq = await advance(session, rng, 1)
            now = set(session.latest[0]["to_move"])
            # An idle seat with no optional move either (a change of mind, say).
            idle = [s for s in (0, 1) if s not in now and not session.latest[s]["legal"]]
            stale = [(s, seqs[s]) for s in now for to_move, seqs in history if s not in to_move]
            if idle and stale:
                found = (idle[0], stale[0], seq)
                break
        if found is None:
            await session.close()
            continue
        idle_seat, (stale_seat, stale_seq), seq = found
        await session.sockets[idle_seat].send({
            "type": "act", "seq": session.latest[idle_seat]["seq"],
            "action": session.latest[stale_seat]["legal"][0],
        })
        await expect_error(session.sockets[idle_seat], "not_your_turn")
        await session.act(stale_seat, seq=stale_seq)
        await expect_error(session.sockets[stale_seat], "stale_seq")
        sync = await session.sockets[stale_seat].expect("sync")
        assert sync["seq"] == session.latest[stale_seat]["seq"] and sync["legal"]
        await assert_unchanged_and_playable(session, seq)
        await session.close()
        return
    pytest.fail("no registered game reached a position with a seat not to move")


def test_not_your_turn_and_stale_seq_are_refused_with_a_resync(server: ServerProcess) -> None:
    asyncio.run(turn_and_seq_errors(server))


async def spectator_and_unknown(server: ServerProcess) -> None:
    session = await open_table(server.base, server.ws_base, first_game(server)["name"], 2)
    watcher = Player(server.base, server.ws_base).guest("watcher")
    socket = await watcher.socket(session.id)
    welcome = await socket.expect("welcome")
    assert welcome["seat"] is None and welcome["seats"] == []
    sync = await socket.expect("sync")
    assert sync["legal"] == []
    mover = sync["to_move"][0]
    await socket.send(
        {"type": "act", "seq": sync["seq"], "action": session.latest[mover]["legal"][0]}
    )
    await expect_error(socket, "spectator")
    bad_seat = await watcher.socket(session.id, seat=0)
    with pytest.raises(ConnectionClosed) as closed:
        await bad_seat.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    unknown = await watcher.socket(999999)
    with pytest.raises(ConnectionClosed) as closed:
        await unknown.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    assert watcher.http.get("/api/tables/999999").status_code == 404
    await socket.close()
    watcher.close()
    await assert_unchanged_and_playable(session, sync["seq"])
    await session.close()


def test_spectators_cannot_act_and_unknown_tables_or_seats_are_refused(
    server: ServerProcess,
) -> None:
    asyncio.run(spectator_and_unknown(server))


def test_table_creation_rejects_bad_options_counts_bots_and_seats(server: ServerProcess) -> None:
    person = Player(server.base, server.ws_base).guest("maker")
    game = first_game(server)
    name, low, high = game["name"], game["min_players"], game["max_players"]

    def create(**body: Any) -> httpx.Response:
        return person.http.post("/api/tables", json={"game": name, "players": low, **body})

    cases = {
        "unknown option": create(options={"no_such_option": 1}),
        "too many players": create(players=high + 1),
        "unknown bot level": create(bots=[{"seat": 1, "level": 99}]),
        "bot seat outside": create(bots=[{"seat": high + 3, "level": 1}]),
        "my seat outside": create(seat=high + 3),
        "my seat is a bot's": create(seat=1, bots=[{"seat": 1, "level": 1}]),
        "rated with bots": create(rated=True, bots=[{"seat": 1, "level": 1}]),
        "unknown game": person.http.post("/api/tables", json={"game": "nope", "players": 2}),
    }
    for spec in game["options"]:
        wrong = "text" if spec["kind"] in ("int", "bool") else 12345
        cases[f"bad {spec['key']}"] = create(options={spec["key"]: wrong})
    for case, response in cases.items():
        assert response.status_code == 400, (case, response.text)
        assert isinstance(response.json()["detail"], str) and response.json()["detail"], case
    malformed = person.http.post("/api/tables", json={"game": name})
    assert malformed.status_code == 422
    assert person.http.get("/api/my/tables").json() == []
    anonymous = httpx.post(f"{server.base}/api/tables", json={"game": name, "players": low})
    assert anonymous.status_code == 401
    person.close()


def test_joining_a_full_or_started_table_or_a_taken_seat_is_refused(
    server: ServerProcess,
) -> None:
    game = first_game(server)
    owner = Player(server.base, server.ws_base).guest("owner")
    table = owner.create(game=game["name"], players=2, seat=0)
    second = Player(server.base, server.ws_base).guest("second")
    third = Player(server.base, server.ws_base).guest("third")
    assert second.join(table["id"], seat=0).status_code == 409  # taken
    assert second.join(table["id"], seat=7).status_code == 400
    assert second.join(table["id"]).status_code == 200
    full = third.join(table["id"])
    assert full.status_code == 409 and "full" in full.json()["detail"]
    assert second.http.post(f"/api/tables/{table['id']}/start").status_code == 403
    owner.start(table["id"])
    assert owner.http.post(f"/api/tables/{table['id']}/start").status_code == 409
    assert third.join(table["id"]).status_code == 409
    seats = owner.http.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [s["user"]["name"] for s in seats] == ["owner", "second"]
    for person in (owner, second, third):
        person.close()


def test_starting_with_free_seats_is_refused(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("owner")
    table = owner.create(game=first_game(server)["name"], players=2, seat=0)
    response = owner.http.post(f"/api/tables/{table['id']}/start")
    assert response.status_code == 409 and "free" in response.json()["detail"]
    owner.close()


