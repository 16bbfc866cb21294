"""Two server processes over one PostgreSQL database, with table changes fanned out through
Redis: players connected to different processes play whole games together, each connection
getting exactly its seat's view at every step, and simultaneous moves written by both
processes at once are ordered by the unique (table, seq) key; a ban, a logout or a password
change through one process closes the sockets of the sessions it ends on the other."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed

from meeplehall.cli import app
from tests.server.accounts.test_session_sockets import (
    PASSWORD,
    channel,
    closing,
    logged_in_again,
    registered,
    still_open,
)
from tests.server.client import Player, Socket, play_seat
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import (
    catalog,
    check_hidden_values_never_sent,
    check_messages_against_replay,
    replayed,
    seen_steps,
)


async def play_across(a: ServerProcess, b: ServerProcess, game: dict[str, Any]) -> None:
    players = 2
    people = [Player(a.base, a.ws_base).guest("on a"), Player(b.base, b.ws_base).guest("on b")]
    table = people[0].create(game=game["name"], players=players, seat=0)
    assert people[1].join(table["id"], seat=1).status_code == 200
    watcher = Player(b.base, b.ws_base)
    sockets: dict[int | None, Socket] = {
        0: await people[0].socket(table["id"]),
        1: await people[1].socket(table["id"]),
        None: await watcher.socket(table["id"]),
    }
    for socket in sockets.values():
        await socket.expect("welcome")
    people[0].start(table["id"])
    errors: list[dict[str, Any]] = []
    finals = await asyncio.gather(*(play_seat(sockets[s], random.Random(s), errors)
                                    for s in range(players)))
    assert errors == [], (game["name"], errors)
    watched = await sockets[None].expect("update", status="finished")
    replay = people[1].http.get(f"/api/tables/{table['id']}/replay").json()
    steps = replayed(replay, players)
    for audience, final in [*enumerate(finals), (None, watched)]:
        assert final["seq"] == len(seen_steps(replay, steps, audience)) - 1
    check_messages_against_replay(table, replay, sockets, steps)
    check_hidden_values_never_sent(replay, sockets, players, steps)
    for socket in sockets.values():
        await socket.close()
    for person in (*people, watcher):
        person.close()


def test_players_on_two_server_processes_play_every_game_together(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_servers
    for game in catalog(a):
        asyncio.run(play_across(a, b, game))


async def bots_watched_elsewhere(a: ServerProcess, b: ServerProcess) -> None:
    game = catalog(a)[0]
    owner = Player(a.base, a.ws_base).guest("owner")
    table = owner.create(game=game["name"], players=2, seat=None,
                         bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}])
    watcher = Player(b.base, b.ws_base)
    socket = await watcher.socket(table["id"])
    await socket.expect("welcome")
    owner.start(table["id"])
    final = await socket.expect("update", timeout=60, status="finished")
    seqs = [m["seq"] for m in socket.received if m["type"] in ("update", "sync")]
    assert seqs == list(range(seqs[0], final["seq"] + 1))
    await socket.close()
    owner.close()
    watcher.close()


def test_a_spectator_on_another_process_sees_every_step_of_a_bot_game(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    asyncio.run(bots_watched_elsewhere(*two_servers))


async def chat_across(a: ServerProcess, b: ServerProcess) -> None:
    alice = Player(a.base, a.ws_base).guest("alice on a")
    bob = Player(b.base, b.ws_base).guest("bob on b")
    carol = Player(b.base, b.ws_base).guest("carol on b")
    table = alice.create(game="yaxha", players=2, seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    on_a = await alice.socket(table["id"])
    on_b = await bob.socket(table["id"])
    watcher = await carol.socket(table["id"])
    for socket in (on_a, on_b, watcher):
        await socket.expect("chat_log")
    await on_a.send({"type": "chat", "text": "hello from a"})
    for socket in (on_b, watcher):
        assert (await socket.expect("chat"))["message"]["text"] == "hello from a"
    await on_b.send({"type": "chat", "text": "hello from b"})
    assert (await on_a.expect("chat"))["message"]["text"] == "hello from a"  # its own
    assert (await on_a.expect("chat"))["message"]["text"] == "hello from b"
    # The owner's switch, made on a, holds on b.
    answer = alice.http.post(f"/api/tables/{table['id']}/spectator-chat", json={"allowed": False})
    assert answer.status_code == 200
    await watcher.expect("table")
    await watcher.send({"type": "chat", "text": "may I?"})
    assert (await watcher.expect("error"))["code"] == "spectator_chat_off"
    for socket in (on_a, on_b, watcher):
        await socket.close()
    for person in (alice, bob, carol):
        person.close()


def test_chat_and_the_spectator_switch_reach_the_sockets_of_another_process(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    asyncio.run(chat_across(*two_servers))


async def banned_on_the_other_process(a: ServerProcess, b: ServerProcess) -> None:
    boss = Player(a.base, a.ws_base).register()
    made = CliRunner().invoke(app, ["admin", "make-admin", f"id:{boss.user['id']}",
                                    "--database-url", str(a.database_url)])
    assert made.exit_code == 0, made.output
    rude = Player(b.base, b.ws_base).register()
    table = rude.create(game="yaxha", players=2, seat=0)
    socket = await rude.socket(table["id"])
    await socket.expect("welcome")
    answer = boss.http.post(f"/api/admin/users/{rude.user['id']}/ban", json={"reason": "abuse"})
    assert answer.status_code == 200, answer.text
    # Banned through process a, the user's socket on process b closes too.
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await socket.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    boss.close()
    rude.close()


def test_a_ban_through_one_process_closes_the_users_sockets_on_the_others(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    asyncio.run(banned_on_the_other_process(*two_servers))


async def signed_out_on_the_other_process(a: ServerProcess, b: ServerProcess) -> None:
    # Three sessions of one user, whose sockets are all held by process b.
    first = registered(a)
    second, third = logged_in_again(a, first), logged_in_again(a, first)
    table = first.create(game="yaxha", players=2, seat=0)
    sockets = {}
    for name, person in (("first", first), ("second", second), ("third", third)):
        on_b = Player(b.base, b.ws_base)
        on_b.http.cookies.set("mh_session", person.http.cookies["mh_session"])
        table_socket = await on_b.socket(table["id"])
        await table_socket.expect("welcome")
        sockets[name] = (table_socket.connection, await channel(on_b))
        on_b.close()
    # Logged out through process a: that session's sockets on b close, the others stay.
    assert first.http.post("/api/auth/logout").status_code == 204
    for connection in sockets["first"]:
        assert await closing(connection) == (4401, "signed out")
    for connection in (*sockets["second"], *sockets["third"]):
        await still_open(connection)
    # A password changed through a: the changing session's sockets on b go on, the other's close.
    changed = second.http.post("/api/me/password",
                               json={"old_password": PASSWORD, "new_password": "a better one"})
    assert changed.status_code == 204, changed.text
    for connection in sockets["third"]:
        assert await closing(connection) == (4401, "signed out")
    for connection in sockets["second"]:
        await still_open(connection)
    for person in (first, second, third):
        person.close()


def test_a_session_ended_through_one_process_closes_its_sockets_on_the_others(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    asyncio.run(signed_out_on_the_other_process(*two_servers))
