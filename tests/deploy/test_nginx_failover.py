"""A server process killed mid-game behind nginx: the people whose sockets it held reconnect
through nginx, which sends them to the other process; they resync from the last seq they saw
and finish their games. Every move a client was told was applied is in the final log, each
message every connection got matches a replay of that log, and the log is a legal, finished
game whose result is the one the server announced.

Whole games of every game, two people a table, all through nginx (the shipped files installed
as the doc says, tests/nginx_proxy.py, the site on a port other than 80, which sends each
table's requests to one process while all are up); then the killed process restarts and a
person plays against a bot in Chromium through nginx while the process holding the table is
killed in turn. Before the games, the front door: a browser's POST from the site's own origin
(its port included) is taken, another origin's refused, and the TLS site with a self-signed
certificate serves the same processes with Secure cookies. Then a game of a person against a
bot under the sub-path /games/, whose process dies in the same way."""

from __future__ import annotations

import asyncio
import random
from collections import Counter, deque
from pathlib import Path
from typing import Any

import httpx

from meeplehall.core import Seed, replay_steps
from meeplehall.core.registry import get_game
from meeplehall.server.play.match import result_json
from tests.deploy.conftest import ProxiedHall
from tests.deploy.test_shipped_files import self_signed
from tests.nginx_proxy import UPSTREAM_HEADER, NginxProcess
from tests.server.client import Player, TableSession, open_table
from tests.server.play.test_play import (
    check_hidden_values_never_sent,
    check_messages_against_replay,
    normal,
    replayed,
    seen_steps,
)
from tests.services import require
from tests.web.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    Pages,
    create_table,
    frames,
    login_guest,
    play_to_end,
    table_url,
    wait_for_game,
)

from .reconnecting import ReconnectingSeat, upstream_of

#: Each seat plays until it has seen this many steps, then waits for the kill: so every table
#: is in mid-game when it comes, with the moves of the seats still playing in flight.
PAUSE_AT = 4
#: Longest wait for every table to reach PAUSE_AT.
SETUP_SECONDS = 60


def rules_result(replay: dict[str, Any]) -> Any:
    """The result the rules give the logged game, checking each logged move was legal."""
    steps = replay_steps(get_game(replay["game"]), replay["players"], replay["options"],
                         Seed.from_hex(replay["seed"], replay["generator"]), replay["actions"])
    state, _events = deque(steps, maxlen=1)[0]  # the one state, after the last move
    assert state.is_over(), "the log is not a finished game"
    return normal(result_json(get_game(replay["game"]), state.result()))


def check_finished_game(http: httpx.Client, table_id: int,
                        seats: dict[int, ReconnectingSeat],
                        finals: dict[int, dict[str, Any]]) -> Counter[str]:
    """Every check of one finished table; returns how many acknowledged moves each process
    (127.0.0.1:PORT) carried."""
    replay = http.get(f"/api/tables/{table_id}/replay").json()
    steps = replayed(replay, replay["players"])
    assert rules_result(replay) == replay["result"]
    carried: Counter[str] = Counter()
    for seat, client in seats.items():
        final = finals[seat]
        assert final["status"] == "finished" and final["result"] == replay["result"]
        seen = seen_steps(replay, steps, seat)
        assert final["seq"] == len(seen) - 1
        for seq, action, upstream in client.acknowledged(seat):
            assert replay["actions"][seen[seq] - 1] == [seat, action], (
                f"table {table_id}: seat {seat}'s move at its seq {seq} was acknowledged "
                "but is not in the log"
            )
            carried[upstream] += 1
    sockets = {seat: client.socket for seat, client in seats.items()}
    table = {"players": replay["players"]}
    check_messages_against_replay(table, replay, dict(sockets), steps)
    check_hidden_values_never_sent(replay, dict(sockets), replay["players"], steps)
    return carried


async def wait_for_pause(reached: list[asyncio.Event], playing: list[asyncio.Task[Any]]) -> None:
    """Until every table has reached PAUSE_AT; a seat that fails meanwhile fails the test."""
    waiting = asyncio.ensure_future(asyncio.gather(*(event.wait() for event in reached)))
    done, _ = await asyncio.wait([waiting, *playing], timeout=SETUP_SECONDS,
                                 return_when=asyncio.FIRST_COMPLETED)
    for task in done:
        task.result()
    assert waiting.done(), f"not every table reached step {PAUSE_AT} in {SETUP_SECONDS} s"


async def seat_through_kill(client: ReconnectingSeat, first: dict[str, Any],
                            reached: asyncio.Event, killed: asyncio.Event,
                            paused: list[dict[str, Any]]) -> dict[str, Any]:
    message = await client.play(stop_after=PAUSE_AT, first=first)
    paused.append(message)
    reached.set()
    await killed.wait()
    return await client.play(first=message)


async def games_through_failover(hall: ProxiedHall) -> None:
    base, ws_base = hall.nginx.base, hall.nginx.ws_base
    games = httpx.get(f"{base}/api/games").json()
    sessions: list[TableSession] = [await open_table(base, ws_base, game["name"], 2)
                                    for game in games]
    clients = [
        {seat: ReconnectingSeat(session.people[seat], session.id, session.sockets[seat],
                                random.Random(f"{session.id}/{seat}"))
         for seat in range(2)}
        for session in sessions
    ]
    for table in clients:
        # While every process is up, the shipped upstream sends a table's sockets to one.
        assert len({client.upstreams[0] for client in table.values()}) == 1
    # The process holding the most tables dies (all of them, if the hash put them together).
    held = Counter(next(iter(table.values())).upstreams[0] for table in clients)
    victim = hall.server_at(held.most_common(1)[0][0])
    [survivor] = [server for server in hall.servers if server is not victim]
    reached = [asyncio.Event() for _ in sessions]
    killed = asyncio.Event()
    paused: list[dict[str, Any]] = []
    playing = [
        asyncio.create_task(seat_through_kill(client, session.latest[seat], reached[index],
                                              killed, paused))
        for index, (session, table) in enumerate(zip(sessions, clients, strict=True))
        for seat, client in table.items()
    ]
    await wait_for_pause(reached, playing)
    assert all(message["status"] == "playing" for message in paused)
    victim.kill()
    killed.set()
    results = iter(await asyncio.gather(*playing))
    carried: Counter[str] = Counter()
    for session, table in zip(sessions, clients, strict=True):
        finals = {seat: next(results) for seat in table}
        carried += check_finished_game(session.people[0].http, session.id, table, finals)
        for client in table.values():
            if client.upstreams[0] == hall.address(victim):
                # Dropped once, and back through nginx on the process still up.
                assert client.upstreams[1:] == [hall.address(survivor)]
            else:
                assert client.upstreams == [hall.address(survivor)]
            before, after = client.refusals()
            assert before == []
            # A process killed between committing a move and telling anyone leaves its player
            # to send a move again on the other process, which then finds the first one in the
            # log: stale_seq and a sync (protocol.md). Nothing else is refused.
            assert set(after) <= {"stale_seq"}, after
    # The process that died had acknowledged moves too: they are in the log like the others.
    assert carried[hall.address(victim)] > 0 and carried[hall.address(survivor)] > 0
    for session in sessions:
        await session.close()


def check_the_front_door(hall: ProxiedHall, folder: Path) -> None:
    """Origins through the HTTP site on its non-default port, and the TLS site."""
    own = f"http://127.0.0.1:{hall.nginx.port}"
    guest = {"name": "at the door"}
    taken = httpx.post(f"{hall.nginx.base}/api/auth/guest", json=guest, headers={"Origin": own})
    assert taken.status_code == 200, taken.text
    for foreign in ("http://127.0.0.1", "http://games.example.org:" + str(hall.nginx.port)):
        refused = httpx.post(f"{hall.nginx.base}/api/auth/guest", json=guest,
                             headers={"Origin": foreign})
        assert refused.status_code == 403 and refused.json()["code"] == "foreign_origin"
    tls = NginxProcess(folder / "tls", [server.port for server in hall.servers],
                       certificate=self_signed(folder))
    tls.start()
    try:
        secure = f"https://127.0.0.1:{tls.port}"
        with httpx.Client(base_url=secure, verify=False) as client:
            taken = client.post("/api/auth/guest", json=guest, headers={"Origin": secure})
            assert taken.status_code == 200, taken.text
            assert "secure" in taken.headers["set-cookie"].lower()
            assert taken.headers["strict-transport-security"] == "max-age=31536000"
            refused = client.post("/api/auth/guest", json=guest, headers={"Origin": own})
            assert refused.status_code == 403
        moved = httpx.get(f"http://127.0.0.1:{tls.redirect_port}/lobby?x=1")
        assert moved.status_code == 301
        assert moved.headers["location"] == "https://127.0.0.1/lobby?x=1"
    finally:
        tls.stop()


def browser_game_through_a_kill(hall: ProxiedHall) -> None:
    """A person in Chromium plays Yaxha against a bot through nginx; the process holding the
    table is killed after a few clicks; the page reconnects and the game ends."""
    if not CHROMIUM.exists():
        require(False, "Chromium", f"{CHROMIUM} is not installed: no browser game")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=CHROMIUM_ARGS, headless=True)
        pages = Pages(browser, hall.nginx.base)
        try:
            page = pages.new()
            login_guest(page, "Ana")  # the browser's own POSTs, Origin with the port
            table = create_table(page, "yaxha", players=2, seat=0, start=True,
                                 bots=[{"seat": 1, "level": 1}])
            holder = page.request.get(f"/api/tables/{table['id']}").headers[
                UPSTREAM_HEADER.lower()].split(", ")[-1]
            page.goto(table_url(table))
            wait_for_game(page)
            killed: list[str] = []

            def kill_after_three(clicks: int, _kind: str) -> None:
                if clicks == 3:
                    hall.server_at(holder).kill()
                    killed.append(holder)

            play_to_end(page, seed=3, on_click=kill_after_three)
            assert killed == [holder]
            sockets = frames(page).urls
            assert len(sockets) >= 2, "the page never reconnected"
            # What the kill may show in the console: the dropped socket, a request that failed.
            unexpected = [error for error in pages.errors()
                          if "uncaught exception" in error or not any(
                              sign in error for sign in ("WebSocket", "502", "ERR_"))]
            assert unexpected == []
        finally:
            pages.close()
            browser.close()


def check_logs(hall: ProxiedHall) -> None:
    """The shipped log format names the process that served each request; each process said
    at start what it uses."""
    lines = hall.nginx.access_log.read_text().splitlines()
    for server in hall.servers:
        assert any(f"upstream={hall.address(server)} " in line for line in lines)
        started = (server.data_dir / "server.log").read_text()
        assert "redis: redis://127.0.0.1:6379/0" in started and "mail: off" in started
    assert any('"GET /ws/tables/' in line and " 101 " in line for line in lines)


def test_games_of_every_game_survive_a_killed_process_behind_nginx(
    proxied_hall: ProxiedHall, tmp_path: Path,
) -> None:
    check_the_front_door(proxied_hall, tmp_path)
    asyncio.run(games_through_failover(proxied_hall))
    for server in proxied_hall.servers:
        if server.process is None:
            server.start()  # as systemd restarts it
    browser_game_through_a_kill(proxied_hall)
    check_logs(proxied_hall)


def bot_to_move_after_the_person(message: dict[str, Any]) -> bool:
    """The person's move has just gone out and the bot alone is to move: its move waits out
    the hall's bot delay, not yet decided or not yet stored."""
    return (message["seq"] >= PAUSE_AT and message.get("last", {}).get("seat") == 0
            and message["to_move"] == [1])


async def bot_game_through_failover(hall: ProxiedHall) -> None:
    # Under the sub-path: nginx strips /games before it picks the table's process.
    person = Player(f"{hall.nginx.base}/games", f"{hall.nginx.ws_base}/games").guest("against")
    table = person.create(game="yaxha", players=2, seat=0, bots=[{"seat": 1, "level": 1}])
    socket = await person.socket(table["id"])
    await socket.expect("welcome")
    client = ReconnectingSeat(person, table["id"], socket, random.Random(7))
    # The table's requests go to the process of its socket, which is started there: that
    # process alone holds the table and plays its bot; the other one has never loaded it.
    started = person.http.post(f"/api/tables/{table['id']}/start")
    assert started.status_code == 200, started.text
    assert started.headers[UPSTREAM_HEADER] == client.upstreams[0]
    victim = hall.server_at(upstream_of(socket))
    paused = await client.play(first=await socket.expect("sync"),
                               until=bot_to_move_after_the_person)
    assert paused["status"] == "playing"
    victim.kill()
    final = await client.play(first=paused)
    assert client.errors == []
    # Dropped once, then on the other process, where the bot went on playing.
    assert client.upstreams == [hall.address(victim), *hall.others(victim)]
    after = client.socket.received[client.reopened_at[0]:]
    assert any(m["type"] == "update" and m["last"]["bot"] for m in after)
    check_finished_game(person.http, table["id"], {0: client}, {0: final})
    await socket.close()
    person.close()


def test_a_bot_game_goes_on_when_the_process_playing_its_bot_is_killed_behind_nginx(
    paced_hall: ProxiedHall,
) -> None:
    asyncio.run(bot_game_through_failover(paced_hall))
