"""Tables in memory only while needed: a server starts by loading just the tables that need it
(a bot to move, a clock about to run out), loads any other when it is asked for, and drops one
nobody needs; with several processes one process at a time computes a table's bot moves, and
another takes its tables over when it is killed."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeplehall.server.db.engine import make_engine
from tests.server.client import Player, Socket, advance, open_table, play_seat
from tests.server.conftest import ServerProcess
from tests.server.db.migrating import migrate_to
from tests.server.operations.test_operations import scrape, value
from tests.server.play.test_play import catalog

#: Long enough for a lapsed lease (10 s), a scheduler look and a busy machine.
TAKEOVER_SECONDS = 60.0


def eventually(check: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.2)


def live_tables(server: ServerProcess) -> float:
    return value(scrape(server.base), "meeplehall_live_tables", status="playing")


def bot_decisions(server: ServerProcess, game: str) -> float:
    return value(scrape(server.base), "meeplehall_bot_decisions_total", game=game)


@pytest.fixture
def lazy_server(database_factory: Callable[[str], tuple[str, Path]],
                server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """A server of its own on SQLite that drops a table after one idle second; its bots wait
    a minute where a person sits (so one is still to move when the test kills it)."""
    url, data_dir = database_factory("sqlite")
    server = ServerProcess(data_dir, url, server_env, extra=["--table-idle-seconds", "1"],
                           bot_move_delay=60)
    server.start()
    yield server
    server.stop()


async def tables_before_restart(server: ServerProcess) -> dict[str, Any]:
    """Two tables of people mid-game with long clocks, and one where a bot is to move."""
    rng = random.Random(5)
    people = []
    for _ in range(2):
        session = await open_table(server.base, server.ws_base, "pyramido", 2, mode="live",
                                   initial_seconds=600)
        seq = await advance(session, rng, 3)
        people.append({"session": session, "seq": seq})
    owner = Player(server.base, server.ws_base).guest("owner")
    table = owner.create(game="pyramido", players=2, seat=0, bots=[{"seat": 1, "level": 1}],
                         mode="live", initial_seconds=600)
    socket = await owner.socket(table["id"])
    await socket.expect("welcome")
    owner.start(table["id"])
    message = await socket.expect("sync")
    while 0 in message["to_move"]:  # a turn is several actions
        await socket.send({"type": "act", "seq": message["seq"], "action": message["legal"][0]})
        message = await socket.expect("update")
    assert message["to_move"] == [1], "the bot (paced by a minute) is still to move"
    return {"people": people, "owner": owner, "bot_table": table["id"], "bot_seq": message["seq"]}


async def after_restart(server: ServerProcess, before: dict[str, Any]) -> None:
    entry = before["people"][0]
    session = entry["session"]
    sockets: list[Socket] = []
    syncs = []
    for person in session.people:
        socket = await person.socket(session.id)
        await socket.expect("welcome")
        syncs.append(await socket.expect("sync"))
        sockets.append(socket)
    # Asked for, the table is loaded from its log as it was.
    assert live_tables(server) == 1
    assert syncs[0]["status"] == "playing" and syncs[0]["seq"] == entry["seq"]
    errors: list[dict[str, Any]] = []
    playing = zip(sockets, syncs, strict=True)
    finals = await asyncio.gather(*(play_seat(s, random.Random(i), errors, first=sync)
                                    for i, (s, sync) in enumerate(playing)))
    assert errors == []
    assert all(final["status"] == "finished" for final in finals)
    # The bot moved while nobody was connected.
    owner: Player = before["owner"]
    watching = await owner.socket(before["bot_table"])
    await watching.expect("welcome")
    sync = await watching.expect("sync")
    assert sync["seq"] > before["bot_seq"] and sync["to_move"] == [0]
    for socket in [*sockets, watching]:
        await socket.close()


def start_unpaced(server: ServerProcess, loaded: int) -> None:
    """Start the killed server with bots unpaced: the start loads ``loaded`` tables, the bot
    to move moves with nobody connected, then the tables nobody needs leave memory (the
    person's clock has minutes left)."""
    server.bot_move_delay = 0
    server.start()
    ready = re.findall(r"ready; (\d+) tables due loaded",
                       (server.data_dir / "server.log").read_text())
    assert int(ready[-1]) == loaded
    eventually(lambda: value(scrape(server.base), "meeplehall_moves_total", game="pyramido",
                             mover="bot") >= 1, "the bot moves with nobody connected")
    eventually(lambda: live_tables(server) == 0, "idle tables dropped from memory")


def test_a_restart_loads_only_due_tables_and_any_other_when_asked_for(
    lazy_server: ServerProcess,
) -> None:
    before = asyncio.run(tables_before_restart(lazy_server))
    lazy_server.kill()
    # Of the three tables in play only the one with a bot to move is loaded at the start.
    start_unpaced(lazy_server, loaded=1)
    asyncio.run(after_restart(lazy_server, before))


def test_an_upgrade_looks_at_every_table_in_play_once(lazy_server: ServerProcess) -> None:
    """Tables in play before revision 0006 have no time due: the upgrade marks them all due,
    so the first start loads each once."""
    asyncio.run(tables_before_restart(lazy_server))
    lazy_server.kill()
    engine = make_engine(str(lazy_server.database_url))
    migrate_to(engine, "0005", down=True)
    engine.dispose()
    start_unpaced(lazy_server, loaded=3)


async def bots_only_games(a: ServerProcess, b: ServerProcess) -> list[tuple[str, int, int]]:
    """A bots-only table of every game, watched from both processes (so both hold it in
    memory) and started on ``a``; returns (game, table id, steps shown to spectators) once
    every one is finished."""
    owner = Player(a.base, a.ws_base).guest("owner")
    watcher = Player(b.base, b.ws_base).guest("watcher")
    played = []
    for game in catalog(a):
        table = owner.create(game=game["name"], players=2, seat=None,
                             bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}])
        sockets = [await owner.socket(table["id"]), await watcher.socket(table["id"])]
        for socket in sockets:
            await socket.expect("welcome")
        owner.start(table["id"])
        for socket in sockets:
            last = await socket.expect("update", timeout=60, status="finished")
            await socket.close()
        # Neither socket sits at the table: a spectator's seq counts the steps it was shown.
        played.append((game["name"], table["id"], int(last["seq"])))
    return played


def test_bot_moves_are_computed_once_per_step_across_processes(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers
    for game, table_id, shown in asyncio.run(bots_only_games(a, b)):
        replay = httpx.get(f"{a.base}/api/tables/{table_id}/replay").json()
        assert len(replay["actions"]) >= shown > 0
        # One decision per step of the log, whichever process made each (the metric counts
        # the steps spectators are shown: a bot's secret steps are nobody's business).
        assert bot_decisions(a, game) + bot_decisions(b, game) == shown, game


async def start_person_and_bot(a: ServerProcess, b: ServerProcess) -> dict[str, Any]:
    person = Player(a.base, a.ws_base).guest("person")
    table = person.create(game="pyramido", players=2, seat=0, bots=[{"seat": 1, "level": 1}],
                          mode="live", initial_seconds=600)
    on_b = Player(b.base, b.ws_base)
    on_b.http.cookies = person.http.cookies  # the same person, through the other process
    sockets = {"a": await person.socket(table["id"]), "b": await on_b.socket(table["id"])}
    for socket in sockets.values():
        await socket.expect("welcome")
    person.start(table["id"])
    errors: list[dict[str, Any]] = []
    last = await play_seat(sockets["a"], random.Random(1), errors, stop_after=6)
    assert errors == [] and last["status"] == "playing"
    for socket in sockets.values():
        await socket.close()
    return {"table": table["id"], "person": person, "on_b": on_b, "seq": last["seq"]}


async def finish_on(server: ServerProcess, player: Player, table_id: int, seq: int) -> None:
    socket = await player.socket(table_id)
    await socket.expect("welcome")
    sync = await socket.expect("sync")
    assert sync["seq"] >= seq  # every acknowledged move is there
    errors: list[dict[str, Any]] = []
    final = await asyncio.wait_for(play_seat(socket, random.Random(2), errors, first=sync),
                                   TAKEOVER_SECONDS + 60)
    assert errors == [] and final["status"] == "finished"
    await socket.close()


def test_a_killed_process_hands_its_tables_bots_to_another(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers
    started = asyncio.run(start_person_and_bot(a, b))
    decided = {"a": bot_decisions(a, "pyramido"), "b": bot_decisions(b, "pyramido")}
    # One process drove the table's bot; the other computed nothing.
    assert sorted(decided.values())[0] == 0 and sorted(decided.values())[1] > 0
    driver, other = (a, b) if decided["a"] else (b, a)
    driver.kill()
    player = started["person"] if other is a else started["on_b"]
    asyncio.run(finish_on(other, player, started["table"], started["seq"]))
    assert bot_decisions(other, "pyramido") > 0
