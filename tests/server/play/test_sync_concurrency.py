"""Reconnect and resync, simultaneous moves sent at the same instant, duplicate sends, hot-seat."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from tests.server.client import Player, advance, open_table, play_seat
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


async def reconnect(server: ServerProcess) -> None:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2)
    rng = random.Random(3)
    before = await advance(session, rng, 2)
    await session.sockets[1].close()
    # Seat 0 may keep playing while seat 1 is away (if the game lets it).
    after = await advance_without(session, rng, absent=1, steps=3)
    socket = await session.people[1].socket(session.id, since=before)
    await socket.expect("welcome")
    sync = await socket.expect("sync")
    assert sync["seq"] == after and sync["since"] == before
    missed = [m for m in session.sockets[0].received if m["type"] == "update"
              and m["seq"] > before]
    assert len(missed) == after - before
    # A mid-connection sync request answers the same way.
    await socket.send({"type": "sync", "seq": 0})
    full = await socket.expect("sync")
    assert full["seq"] == after and full["since"] == 0 and full["view"] == sync["view"]
    assert len(full["events"]) >= len(sync["events"])
    session.sockets[1] = socket
    session.latest[1] = sync
    if 1 in sync["to_move"]:
        await session.act(1)
        assert (await socket.expect("update"))["seq"] == after + 1
    await session.close()


async def advance_without(session: Any, rng: random.Random, absent: int, steps: int) -> int:
    seq: int = session.latest[0]["seq"]
    for _ in range(steps):
        if 0 not in session.movers():
            break
        await session.act(0, rng.choice(session.latest[0]["legal"]))
        seq += 1
        while session.latest[0]["seq"] < seq:
            await session.drain(0)
    return seq


def test_a_reconnecting_client_gets_a_full_sync_with_the_events_it_missed(
    server: ServerProcess,
) -> None:
    asyncio.run(reconnect(server))


def simultaneous_games(server: ServerProcess) -> list[dict[str, Any]]:
    """Games whose opening position asks several seats to move at once."""
    return [g for g in catalog(server) if g["max_players"] >= 2]


async def simultaneous(server: ServerProcess) -> dict[str, int]:
    """Per game, how many simultaneous steps were played with every mover sending at once."""
    found: dict[str, int] = {}
    for game in simultaneous_games(server):
        players = min(4, game["max_players"])
        session = await open_table(server.base, server.ws_base, game["name"], players)
        rng = random.Random(11)
        rounds = 0
        for _ in range(60):
            movers = session.movers()
            if session.latest[0]["status"] != "playing":
                break
            if len(movers) > 1:
                # Every mover sends from the same seq at the same instant.
                await asyncio.gather(*(
                    session.act(s, rng.choice(session.latest[s]["legal"])) for s in movers
                ))
                for seat in movers:
                    await session.acknowledged(seat)
                await session.settle()
                errors = [m for s in session.sockets for m in s.received if m["type"] == "error"]
                assert errors == []
                rounds += 1
            else:
                await advance(session, rng, 1)
        # The table's seq is the public count, as a spectator arriving now is told.
        history = session.people[0].http.get(f"/api/tables/{session.id}").json()
        watcher = Player(server.base, server.ws_base)
        spectator = await watcher.socket(session.id)
        await spectator.expect("welcome")
        assert history["seq"] == (await spectator.expect("sync"))["seq"]
        await spectator.close()
        watcher.close()
        found[game["name"]] = rounds
        await session.close()
    return found


def test_simultaneous_moves_sent_at_the_same_moment_are_all_applied_in_one_order(
    server: ServerProcess,
) -> None:
    rounds = asyncio.run(simultaneous(server))
    # Yaxha opens with every seat choosing a secret tile at once: the test must have raced it.
    assert rounds.get("yaxha", 0) > 0, rounds


async def duplicate(server: ServerProcess) -> None:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2)
    seq = session.latest[0]["seq"]
    mover = session.latest[0]["to_move"][0]
    action = session.latest[mover]["legal"][0]
    # The same act twice at once (a double click): exactly one is applied.
    await asyncio.gather(session.act(mover, action), session.act(mover, action))
    update = await session.sockets[mover].expect("update")
    assert update["seq"] == seq + 1
    error = await session.sockets[mover].expect("error")
    assert error["code"] in ("not_your_turn", "stale_seq", "illegal_action")
    await session.sockets[mover].send({"type": "sync", "seq": seq})
    assert (await session.sockets[mover].expect("sync"))["seq"] == seq + 1
    await session.close()


def test_the_same_move_sent_twice_at_once_is_applied_once(server: ServerProcess) -> None:
    asyncio.run(duplicate(server))


async def hot_seat(server: ServerProcess) -> None:
    game = catalog(server)[0]
    couch = Player(server.base, server.ws_base).guest("couch")
    other = Player(server.base, server.ws_base).guest("other")
    players = 3 if game["max_players"] >= 3 else 2
    table = couch.create(game=game["name"], players=players, seat=0)
    assert couch.join(table["id"], seat=1).status_code == 200
    for seat in range(2, players):
        assert other.join(table["id"], seat=seat).status_code == 200
    socket = await couch.socket(table["id"])
    welcome = await socket.expect("welcome")
    assert welcome["seats"] == [0, 1] and welcome["seat"] == 0
    others = await other.socket(table["id"]) if players > 2 else None
    couch.start(table["id"])
    sync = await socket.expect("sync")
    background = None
    if others is not None:
        await others.expect("welcome")
        background = asyncio.create_task(play_seat(others, random.Random(9), []))
    rng = random.Random(2)
    acted: set[int] = set()
    while sync["status"] == "playing" and acted != {0, 1}:
        mine = [s for s in sync["to_move"] if s in (0, 1)]
        if not mine:
            sync = await socket.expect("update")
            continue
        seat = mine[0]
        if seat != sync["seat"]:
            await socket.send({"type": "watch", "seat": seat})
            sync = await socket.expect("sync", seat=seat)
        await socket.send({"type": "act", "seq": sync["seq"], "seat": seat,
                           "action": rng.choice(sync["legal"])})
        while True:
            sync = await socket.expect("update")
            if sync["last"]["seat"] == seat:
                break
        acted.add(seat)
    assert acted == {0, 1}
    if players >= 3:
        await socket.send({"type": "act", "seq": sync["seq"], "seat": 2, "action": {}})
        assert (await socket.expect("error"))["code"] == "not_your_seat"
        await socket.send({"type": "watch", "seat": 2})
        assert (await socket.expect("error"))["code"] == "not_your_seat"
    if background is not None:
        background.cancel()
    await socket.close()
    couch.close()
    other.close()


def test_hot_seat_one_user_acts_for_each_of_their_seats_and_only_those(
    server: ServerProcess,
) -> None:
    asyncio.run(hot_seat(server))


async def change_of_mind(server: ServerProcess) -> None:
    """Yaxha's secret market choice may be changed until everyone has chosen."""
    session = await open_table(server.base, server.ws_base, "yaxha", 2)
    first, second = session.latest[0]["legal"][0], session.latest[0]["legal"][1]
    await session.act(0, first)
    await session.acknowledged(0)
    await session.settle()
    chosen = session.latest[0]
    assert 0 not in chosen["to_move"], "the table no longer waits for seat 0"
    assert second in chosen["legal"] and first not in chosen["legal"]
    assert session.latest[1]["legal"], "seat 1 still has to choose"
    # Sent from an older seq, an optional move is stale: the table may have moved on.
    await session.act(0, second, seq=0)
    error = await session.sockets[0].expect("error")
    assert error["code"] == "stale_seq"
    await session.act(0, second, seq=1)
    changed = await session.sockets[0].expect("update", seq=2)
    assert changed["last"]["action"] == second
    # Seat 1 learns nothing of it, not even that something happened.
    assert [m for m in await session.sockets[1].settle() if m["type"] == "update"] == []
    assert session.latest[1]["seq"] == 1
    # Once seat 1 chooses, the reveal shows seat 0's changed choice.
    await session.act(1, session.latest[1]["legal"][0], seq=1)
    revealed = await session.sockets[1].expect("update", seq=2)
    reveal = next(e for e in revealed["events"] if e["type"] == "choices_revealed")
    assert reveal["choices"][0] == second["tile"]
    await session.close()


def test_a_seat_may_change_a_secret_choice_until_everyone_has_chosen(
    server: ServerProcess,
) -> None:
    asyncio.run(change_of_mind(server))
