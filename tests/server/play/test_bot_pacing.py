"""Bot moves reach people at a human pace (``serve --bot-move-delay``), and nothing else waits.

Every timing assertion is a lower bound the server guarantees: a bot's move is applied no
sooner than the delay after it became due (the move before it went out), and that move went out
after this client asked for it (its own act, or the start). Transit can only make frames later.
The bots-only tables and the person's move during a bot's wait would never end (or time out
the client) if they waited; no assertion depends on how fast anything is.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeplehall.cli import app
from tests.live_server import ServerProcess
from tests.server.client import Player, Socket
from tests.server.conftest import two_server_processes

#: The delay the pacing tests ask for, and the one no test could sit through move by move.
DELAY = 0.4
LONG_DELAY = 30.0
#: Seconds a bots-only game of level-1 bots gets to finish (the suite's usual bound).
GAME_WAIT = 180.0

ServerFactory = Callable[[float], ServerProcess]


@pytest.fixture
def paced_server(database_factory: Any, server_env: dict[str, str]) -> Iterator[ServerFactory]:
    """Starts a server of its own on SQLite with the given ``--bot-move-delay``."""
    started: list[ServerProcess] = []

    def start(delay: float) -> ServerProcess:
        url, data_dir = database_factory("sqlite")
        process = ServerProcess(Path(data_dir), url, server_env, bot_move_delay=delay)
        process.start()
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()


async def _frames_after(socket: Socket, anchor: float, person: int,
                        gaps: list[float]) -> tuple[dict[str, Any], int]:
    """Read the bots' moves until the person is to move (or the game ends), checking that the
    k-th bot frame since ``anchor`` (the moment the client caused the last move it saw)
    arrived at least k delays after it; returns the last frame and how many bot frames came."""
    count = 0
    previous = anchor
    while True:
        message = await socket.recv()
        if message["type"] not in ("update", "sync"):
            continue
        arrived = time.monotonic()
        if message["type"] == "update" and message["last"]["bot"]:
            count += 1
            assert arrived - anchor >= count * DELAY, (count, arrived - anchor)
            gaps.append(arrived - previous)
        previous = arrived
        if message["status"] != "playing" or (
            person in message["to_move"] and message["legal"]
        ):
            return message, count


async def _play_with_bots(server: ServerProcess) -> list[float]:
    person = Player(server.base, server.ws_base).guest("person")
    bots = [{"seat": seat, "level": 1} for seat in (1, 2, 3)]
    table = person.create(game="pyramido", players=4, seat=0, bots=bots)
    socket = await person.socket(table["id"])
    await socket.expect("welcome")
    gaps: list[float] = []
    bot_frames = 0
    anchor = time.monotonic()
    person.start(table["id"])
    message, count = await _frames_after(socket, anchor, 0, gaps)
    bot_frames += count
    while bot_frames < 12 and message["status"] == "playing":
        anchor = time.monotonic()
        await socket.send({"type": "act", "seq": message["seq"], "action": message["legal"][0]})
        message, count = await _frames_after(socket, anchor, 0, gaps)
        bot_frames += count
    await socket.close()
    person.close()
    assert bot_frames >= 12
    return gaps


def test_bot_moves_at_a_table_with_a_person_arrive_at_least_the_delay_apart(
    paced_server: ServerFactory,
) -> None:
    gaps = asyncio.run(_play_with_bots(paced_server(DELAY)))
    print(f"gaps before bot frames (s): median {statistics.median(gaps):.3f}, "
          f"min {min(gaps):.3f}, max {max(gaps):.3f}, n {len(gaps)}")


async def _watch_to_the_end(socket: Socket) -> dict[str, Any]:
    async with asyncio.timeout(GAME_WAIT):  # the whole game, not each move
        while True:
            message = await socket.recv(timeout=GAME_WAIT)
            if message["type"] in ("update", "sync") and message["status"] == "finished":
                return message


async def _finished(person: Player, table_id: int) -> dict[str, Any]:
    """The table once finished, read through the HTTP API (no connection to it)."""
    async with asyncio.timeout(GAME_WAIT):
        while (table := person.http.get(f"/api/tables/{table_id}").json())["status"] != "finished":
            await asyncio.sleep(0.2)
    return dict(table)


async def _bots_only_unwatched(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("owner")
    bots = [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]
    table = owner.create(game="pyramido", players=2, seat=None, bots=bots)
    owner.start(table["id"])
    # Nobody connects to the table: it plays at full speed (a wait would be 30 s a move).
    await _finished(owner, table["id"])
    owner.close()


def test_a_bots_only_table_nobody_watches_never_waits(paced_server: ServerFactory) -> None:
    asyncio.run(_bots_only_unwatched(paced_server(LONG_DELAY)))


async def _bots_only_watched(server: ServerProcess) -> None:
    owner = Player(server.base, server.ws_base).guest("watcher")
    bots = [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]
    table = owner.create(game="pyramido", players=2, seat=None, bots=bots)
    socket = await owner.socket(table["id"])
    await socket.expect("welcome")
    started = time.monotonic()
    owner.start(table["id"])
    # Someone watches: the k-th bot move comes at least k delays after the start.
    count = 0
    while count < 6:
        message = await socket.recv()
        if message["type"] == "update" and message["last"]["bot"]:
            count += 1
            assert time.monotonic() - started >= count * DELAY, count
    await socket.close()
    owner.close()


def test_a_bots_only_table_someone_watches_plays_at_a_pace_to_follow(
    paced_server: ServerFactory,
) -> None:
    asyncio.run(_bots_only_watched(paced_server(DELAY)))


async def _last_person_leaves(server: ServerProcess) -> None:
    person = Player(server.base, server.ws_base).guest("leaver")
    table = person.create(game="pyramido", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
    socket = await person.socket(table["id"])
    await socket.expect("welcome")
    person.start(table["id"])
    await socket.expect("sync")
    response = person.http.post(f"/api/tables/{table['id']}/leave", json={})
    assert response.status_code == 200, response.text
    # The seat is a bot's now, so no person sits here, and once nobody watches either the bots
    # play on at full speed (a pace of 30 s a move would not finish within the wait).
    await socket.close()
    final = await _finished(person, table["id"])
    assert final["status"] == "finished"
    person.close()


def test_a_table_whose_last_person_left_plays_without_waiting(
    paced_server: ServerFactory,
) -> None:
    asyncio.run(_last_person_leaves(paced_server(LONG_DELAY)))


async def _choose_first(server: ServerProcess) -> tuple[Player, Socket, int, dict[str, Any]]:
    """A Yaxha table, a person at seat 0 and two bots; the person makes the secret market
    choice while the bots' choices wait out their pace."""
    person = Player(server.base, server.ws_base).guest("chooser")
    bots = [{"seat": 1, "level": 1}, {"seat": 2, "level": 1}]
    table = person.create(game="yaxha", players=3, seat=0, bots=bots)
    socket = await person.socket(table["id"])
    await socket.expect("welcome")
    person.start(table["id"])
    sync = await socket.expect("sync")
    assert sorted(sync["to_move"]) == [0, 1, 2]
    await socket.send({"type": "act", "seq": sync["seq"], "action": sync["legal"][0]})
    ack = await socket.expect("update")
    assert ack["last"]["seat"] == 0
    return person, socket, table["id"], ack


async def _act_during_the_wait(server: ServerProcess) -> None:
    person, socket, table_id, ack = await _choose_first(server)
    # Applied and acknowledged while both bots' choices are still pending.
    assert 1 in ack["to_move"] and 2 in ack["to_move"]
    # The table is not locked meanwhile: a resync and a spectator are served at once.
    await socket.send({"type": "sync", "seq": 0})
    resync = await socket.expect("sync")
    assert resync["seq"] == ack["seq"] and 1 in resync["to_move"]
    spectator = Player(server.base, server.ws_base).guest("spectator")
    watching = await spectator.socket(table_id)
    await watching.expect("welcome")
    assert (await watching.expect("sync"))["status"] == "playing"
    await watching.close()
    spectator.close()
    await socket.close()
    person.close()


def test_a_persons_move_during_a_bots_wait_is_applied_at_once(
    paced_server: ServerFactory,
) -> None:
    asyncio.run(_act_during_the_wait(paced_server(LONG_DELAY)))


async def _after_restart(server: ServerProcess, person: Player, table_id: int,
                         acked_seq: int) -> None:
    socket = await person.socket(table_id)
    await socket.expect("welcome")
    sync = await socket.expect("sync")
    assert sync["seq"] >= acked_seq  # the acknowledged choice survived
    # The bots choose again after the restart, which reveals the market: a step this seat
    # sees, already in the sync or in an update to come.
    message = sync
    while message["seq"] == acked_seq:
        message = await socket.expect("update")
        assert message["last"]["bot"]
    await socket.close()
    person.close()


def test_a_crash_during_a_bots_wait_loses_no_acknowledged_move(
    paced_server: ServerFactory,
) -> None:
    server = paced_server(LONG_DELAY)
    person, _, table_id, ack = asyncio.run(_choose_first(server))  # its socket dies with the server
    server.kill()
    server.bot_move_delay = 0.0
    server.start()
    asyncio.run(_after_restart(server, person, table_id, ack["seq"]))


#: How often the person changes a secret choice (well inside the socket's rate and the pace),
#: and how many changes the bot gets to move during (it needs about two).
CHANGE_EVERY = 0.25
CHANGES = 120
#: The pace of the finding: a change every CHANGE_EVERY restarted it for good.
FINDING_DELAY = 0.6


async def _change_until_the_bot_moves(lobby: ServerProcess, play: ServerProcess) -> list[str]:
    """A person (lobby requests to ``lobby``, the table's socket on ``play``) at a Yaxha table
    with one bot makes the secret market choice, then keeps changing it; returns what happened
    in order: "change" for each change acknowledged, "bot" for the bot's move."""
    person = Player(lobby.base, play.ws_base).guest("fickle")
    table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
    socket = await person.socket(table["id"])
    await socket.expect("welcome")
    person.start(table["id"])
    message = await socket.expect("sync")
    assert sorted(message["to_move"]) == [0, 1]
    events: list[str] = []
    for change in range(CHANGES):
        legal = message["legal"]
        await socket.send({"type": "act", "seq": message["seq"],
                           "action": legal[change % len(legal)]})
        while True:
            reply = await socket.recv()
            if reply["type"] == "error":
                # Only a change that crossed the bot's move is refused (the market is gone).
                assert events[-1:] == ["bot"], reply
                break
            if reply["type"] != "update":
                continue
            if reply["last"]["seat"] == 1:
                events.append("bot")
                continue  # our change is still to be answered (applied or refused)
            events.append("change")
            message = reply
            break
        if "bot" in events:
            break
        await asyncio.sleep(CHANGE_EVERY)
    await socket.close()
    person.close()
    return events


def _moved_amid_changes(events: list[str]) -> None:
    assert "bot" in events, f"the bot never moved during {len(events)} changes"
    # The changes went on until the bot moved: the first one, then more while it was due.
    assert events[0] == "change" and events.index("bot") >= 1, events


def test_a_persons_secret_changes_do_not_hold_the_bot_back(
    paced_server: ServerFactory,
) -> None:
    server = paced_server(FINDING_DELAY)
    _moved_amid_changes(asyncio.run(_change_until_the_bot_moves(server, server)))


def test_secret_changes_at_another_process_do_not_hold_the_bot_back(
    database_factory: Any, server_env: dict[str, str],
) -> None:
    with two_server_processes(database_factory, server_env,
                              bot_move_delay=FINDING_DELAY) as (first, second):
        # The start goes to the first process, which drives the table; the changes reach it
        # from the second through the database and Redis.
        _moved_amid_changes(asyncio.run(_change_until_the_bot_moves(first, second)))


def test_serve_parses_the_delay_and_refuses_a_negative_one() -> None:
    runner = CliRunner()
    refused = runner.invoke(app, ["serve", "--bot-move-delay", "-1"])
    assert refused.exit_code == 2, refused.output
    assert "--bot-move-delay" in refused.output
    assert "greater than or equal to 0" in refused.output
    assert runner.invoke(app, ["serve", "--bot-move-delay", "soon"]).exit_code == 2
    assert runner.invoke(app, ["serve", "--bot-move-delay", "61"]).exit_code == 2
    shown = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert "--bot-move-delay" in shown.output and "0.6" in shown.output
    assert "--bot-max-wait" in shown.output
    for bad in ("-1", "601", "soon"):
        refused = runner.invoke(app, ["serve", "--bot-max-wait", bad])
        assert refused.exit_code == 2 and "--bot-max-wait" in refused.output, refused.output
