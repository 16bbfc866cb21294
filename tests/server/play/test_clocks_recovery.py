"""Clocks hand a seat to a bot when they run out; a SIGKILLed server loses no acknowledged move
and every game is playable to the end after the restart."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx

from tests.server.client import Player, Socket, advance, open_table, play_seat
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


async def run_out(server: ServerProcess, **clock: Any) -> None:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2, **clock)
    mover = session.latest[0]["to_move"][0]
    clocks = session.latest[0]["clocks"]
    assert clocks[mover]["running"] and clocks[mover]["deadline"] is not None
    # Nobody moves: the clock of every seat to move runs out and a bot takes over.
    socket = session.sockets[mover]
    table = await socket.expect("table", timeout=15)
    while table["table"]["seats"][mover]["replaced"] != "timeout":
        table = await socket.expect("table", timeout=15)
    update = await socket.expect("update", timeout=15)
    assert update["last"]["bot"] is True
    assert update["replaced"][mover] == "timeout"
    await socket.send({"type": "act", "seq": update["seq"], "seat": mover, "action": {}})
    error = await socket.expect("error")
    assert error["code"] in ("replaced", "not_your_turn")
    await session.close()


def test_a_live_clock_running_out_hands_the_seat_to_a_bot(server: ServerProcess) -> None:
    asyncio.run(run_out(server, mode="live", initial_seconds=1, increment_seconds=0))


def test_a_turn_deadline_passing_hands_the_seat_to_a_bot(server: ServerProcess) -> None:
    asyncio.run(run_out(server, mode="turn", move_deadline_hours=1 / 3600))


async def increment(server: ServerProcess) -> None:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2, mode="live",
                               initial_seconds=100, increment_seconds=5)
    mover = session.latest[0]["to_move"][0]
    before = session.latest[mover]["clocks"][mover]["remaining_ms"]
    await session.act(mover)
    update = await session.sockets[mover].expect("update")
    after = update["clocks"][mover]["remaining_ms"]
    assert before < after <= before + 5000  # the increment, minus the think time
    await session.close()


def test_a_live_move_adds_the_increment_to_the_time_bank(server: ServerProcess) -> None:
    asyncio.run(increment(server))


async def start_tables(server: ServerProcess) -> list[dict[str, Any]]:
    """Several tables of every game mid-game; returns what each seat had acknowledged."""
    rng = random.Random(21)
    tables = []
    for game in catalog(server):
        for players in (max(2, game["min_players"]),):
            session = await open_table(server.base, server.ws_base, game["name"], players,
                                       mode="live", initial_seconds=600)
            await advance(session, rng, 4)
            # Fire more moves and kill right away: some may be acknowledged, some not.
            seq = session.latest[0]["seq"]
            movers = session.movers()
            for seat in movers:
                await session.act(seat, rng.choice(session.latest[seat]["legal"]))
            tables.append({"session": session, "acked_before_burst": seq, "players": players})
        owner = Player(server.base, server.ws_base).guest("bots")
        bot_table = owner.create(game=game["name"], players=max(2, game["min_players"]),
                                 seat=None, bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}])
        owner.start(bot_table["id"])
        tables.append({"bots": bot_table["id"], "owner": owner})
    # Read whatever acknowledgements of the burst arrived before the kill: those moves were
    # acknowledged, so the restarted server must have them.
    for entry in tables:
        if "session" in entry:
            for socket in entry["session"].sockets:
                await arrived(socket)
    burst = [entry for entry in tables if "session" in entry
             and acknowledged(entry["session"].sockets[0]) > entry["acked_before_burst"]]
    assert burst, "no acknowledgement of the burst was read before the kill"
    return tables


async def arrived(socket: Socket, quiet: float = 0.3) -> None:
    """Read until nothing more comes for ``quiet`` seconds (cancelling a read loses nothing)."""
    try:
        while True:
            await socket.recv(timeout=quiet)
    except TimeoutError:
        pass


def acknowledged(socket: Socket) -> int:
    seqs = [m["seq"] for m in socket.received if m["type"] in ("update", "sync")]
    return max(seqs, default=0)


async def after_restart(server: ServerProcess, tables: list[dict[str, Any]]) -> None:
    for entry in tables:
        if "bots" in entry:
            owner: Player = entry["owner"]
            socket = await owner.socket(entry["bots"])
            await socket.expect("welcome")
            sync = await socket.expect("sync")
            if sync["status"] != "finished":
                await socket.expect("update", timeout=60, status="finished")
            await socket.close()
            owner.close()
            continue
        session = entry["session"]
        # Each seat counts the steps it sees: what each had acknowledged, in its own count.
        acked = [acknowledged(s) for s in session.sockets]
        assert acked[0] >= entry["acked_before_burst"]
        sockets = []
        for person in session.people:
            socket = await person.socket(session.id)
            await socket.expect("welcome")
            socket.received.clear()
            sockets.append(socket)
        errors: list[dict[str, Any]] = []
        finals = await asyncio.gather(*(
            play_seat(s, random.Random(i), errors) for i, s in enumerate(sockets)
        ))
        assert errors == []
        for seat, socket in enumerate(sockets):
            sync = socket.received[0]
            assert sync["type"] == "sync"
            # Every acknowledged move is there (unacknowledged ones may or may not be).
            assert sync["seq"] >= acked[seat]
            assert sync["clocks"][seat]["remaining_ms"] is not None
        assert all(f["status"] == "finished" for f in finals)
        for socket in sockets:
            await socket.close()
        for person in session.people:
            person.close()


def test_sigkill_mid_game_loses_no_acknowledged_move_and_games_finish_after_restart(
    fresh_server: ServerProcess,
) -> None:
    tables = asyncio.run(start_tables(fresh_server))
    fresh_server.kill()
    fresh_server.start()
    assert httpx.get(f"{fresh_server.base}/api/bots").status_code == 200
    asyncio.run(after_restart(fresh_server, tables))


async def clocks_before_kill(server: ServerProcess) -> dict[str, Any]:
    game = catalog(server)[0]
    live = await open_table(server.base, server.ws_base, game["name"], 2, mode="live",
                            initial_seconds=300, increment_seconds=7)
    mover = live.movers()[0]
    await live.act(mover)
    update = await live.sockets[mover].expect("update")
    while mover in update["to_move"] and update["status"] == "playing":
        live.latest[mover] = update
        await live.act(mover)
        update = await live.sockets[mover].expect("update")
    turn = await open_table(server.base, server.ws_base, game["name"], 2, mode="turn",
                            move_deadline_hours=5 / 3600)
    return {"live": live, "mover": mover, "bank": update["clocks"][mover]["remaining_ms"],
            "turn": turn, "waiting": turn.movers()}


async def clocks_after_restart(server: ServerProcess, before: dict[str, Any]) -> None:
    live, mover = before["live"], before["mover"]
    socket = await live.people[mover].socket(live.id)
    await socket.expect("welcome")
    sync = await socket.expect("sync")
    # A stopped clock comes back exactly as it was stored with the last move.
    assert not sync["clocks"][mover]["running"]
    assert sync["clocks"][mover]["remaining_ms"] == before["bank"]
    await socket.close()
    # The turn deadline passed while the server was down: the seat goes to a bot at once.
    turn = before["turn"]
    seat = before["waiting"][0]
    socket = await turn.people[seat].socket(turn.id)
    # The hand-over may come before the socket does (the welcome then shows it) or after.
    table = await socket.expect("welcome")
    while table["table"]["seats"][seat]["replaced"] != "timeout":
        table = await socket.expect("table", timeout=15)
    await socket.close()


def test_clocks_are_stored_with_each_move_and_survive_a_restart(
    fresh_server: ServerProcess,
) -> None:
    before = asyncio.run(clocks_before_kill(fresh_server))
    seats = httpx.get(f"{fresh_server.base}/api/tables/{before['turn'].id}").json()["seats"]
    fresh_server.kill()
    assert seats[before["waiting"][0]]["replaced"] is None, "the deadline passed before the kill"
    time.sleep(5)
    fresh_server.start()
    asyncio.run(clocks_after_restart(fresh_server, before))
