"""A session that ends takes its sockets with it: after a logout (that session's sockets only), a
password change (every other session's), an admin's password reset (all of the user's), a
registration replacing a guest's token (that token's), the table socket and the per-user socket
opened with an ended session are closed with 4401 "signed out" and nothing sent through them is
done; a ban closes them with 4403. Sessions the server is not told of (expired, or
ended by ``meeplehall admin`` beside the running server) are found by the periodic check."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from meeplehall.cli import app
from meeplehall.server.accounts.sessions import token_hash
from tests.live_server import ServerProcess
from tests.people import PASSWORD, registered
from tests.server.client import Player, Socket


def _serving(database_factory: Any, server_env: dict[str, str],
             *extra: str) -> Iterator[ServerProcess]:
    url, data_dir = database_factory("sqlite")
    process = ServerProcess(data_dir, url, server_env, extra=list(extra))
    process.start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def hall(database_factory: Any, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """No periodic check: only the server's own telling closes sockets here."""
    yield from _serving(database_factory, server_env, "--session-check-seconds", "0")


@pytest.fixture(scope="module")
def checked_hall(database_factory: Any, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    """The sessions of open sockets are checked against the database every 0.2 seconds."""
    yield from _serving(database_factory, server_env, "--session-check-seconds", "0.2")


def logged_in_again(server: ServerProcess, player: Player) -> Player:
    """The same user in another browser: a second session."""
    other = Player(server.base, server.ws_base)
    answer = other.http.post("/api/auth/login",
                             json={"name": player.user["name"], "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    other.user = answer.json()
    return other


async def channel(player: Player) -> ClientConnection:
    """The player's per-user socket, once its hello has come."""
    cookie = player.http.cookies.get("mh_session")
    socket = await connect(f"{player.ws_base}/ws/me",
                           additional_headers={"Cookie": f"mh_session={cookie}"})
    await next_of_kind(socket, "hello")
    return socket


async def next_of_kind(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), 20))
        if message["type"] == kind:
            return message


async def table_socket(player: Player, table_id: int) -> Socket:
    socket = await player.socket(table_id)
    await socket.expect("welcome")
    return socket


def started_table(owner: Player, server: ServerProcess) -> tuple[int, Player]:
    """A yaxha table in play: ``owner`` at seat 0, a guest at seat 1."""
    table = owner.create(game="yaxha", players=2, seat=0)
    guest = Player(server.base, server.ws_base).guest("seat one")
    assert guest.join(table["id"], seat=1).status_code == 200
    owner.start(table["id"])
    return int(table["id"]), guest


async def closing(connection: ClientConnection) -> tuple[int, str]:
    """Read until the server closes the socket; its close code and reason."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(connection.recv(), 20)
    frame = closed.value.rcvd
    assert frame is not None, "closed without a close frame"
    return frame.code, frame.reason


async def still_open(connection: ClientConnection) -> None:
    """The server still answers this socket (a ping's pong comes back)."""
    await connection.send('{"type": "ping"}')
    await next_of_kind(connection, "pong")


async def first_update(socket: Socket) -> dict[str, Any]:
    """The socket's newest sync or update (it shows seat 0, which is to move)."""
    latest = None
    for message in await socket.settle():
        if message["type"] in ("update", "sync"):
            latest = message
    assert latest is not None and 0 in latest["to_move"], latest
    return latest


async def act_refused_or_dropped(socket: Socket, latest: dict[str, Any]) -> None:
    """Send a move through a socket whose session ended: the send fails, or the server drops it."""
    try:
        await socket.send({"type": "act", "seq": latest["seq"], "action": latest["legal"][0]})
    except ConnectionClosed:
        return


async def plays(socket: Socket, latest: dict[str, Any]) -> None:
    """A move through ``socket`` is applied (its update comes back)."""
    await socket.send({"type": "act", "seq": latest["seq"], "action": latest["legal"][0]})
    update = await socket.expect("update")
    assert update["last"]["seat"] == 0 and update["seq"] == latest["seq"] + 1


# -- told by the server: logout, password change, admin reset ------------------------------------


async def _logout(server: ServerProcess) -> None:
    here = registered(server)
    there = logged_in_again(server, here)
    table_id, guest = started_table(here, server)
    here_table, here_me = await table_socket(here, table_id), await channel(here)
    there_table, there_me = await table_socket(there, table_id), await channel(there)
    guest_table = await table_socket(guest, table_id)
    latest = await first_update(here_table)
    await first_update(there_table)
    # Someone else logging out (or a visitor) ends nothing of this user.
    assert guest.http.post("/api/auth/logout").status_code == 204
    assert Player(server.base, server.ws_base).http.post("/api/auth/logout").status_code == 204
    await still_open(here_me)
    assert (await here_table.settle()) == []

    assert here.http.post("/api/auth/logout").status_code == 204
    # A move sent at once through the ended session's socket is not played.
    await act_refused_or_dropped(here_table, latest)
    assert await closing(here_table.connection) == (4401, "signed out")
    assert await closing(here_me) == (4401, "signed out")
    with pytest.raises(ConnectionClosed):
        await here_table.send({"type": "ping"})
    # The same user's other session keeps its sockets; it saw no move of seat 0.
    assert [m for m in await there_table.settle() if m["type"] == "update"] == []
    await still_open(there_me)
    await plays(there_table, latest)
    assert there.http.get("/api/me").status_code == 200
    await guest_table.close()
    for player in (here, there, guest):
        player.close()


def test_a_logout_closes_the_sockets_of_that_session_and_no_other(hall: ServerProcess) -> None:
    asyncio.run(_logout(hall))


async def _password_change(server: ServerProcess) -> None:
    here = registered(server)
    there = logged_in_again(server, here)
    table_id, guest = started_table(here, server)
    here_table, here_me = await table_socket(here, table_id), await channel(here)
    there_table, there_me = await table_socket(there, table_id), await channel(there)
    latest = await first_update(there_table)
    await first_update(here_table)
    # A wrong current password changes nothing and closes nothing.
    wrong = here.http.post("/api/me/password",
                           json={"old_password": "not it", "new_password": "a better one"})
    assert wrong.status_code == 401
    await still_open(there_me)

    changed = here.http.post("/api/me/password",
                             json={"old_password": PASSWORD, "new_password": "a better one"})
    assert changed.status_code == 204, changed.text
    await act_refused_or_dropped(there_table, latest)
    assert await closing(there_table.connection) == (4401, "signed out")
    assert await closing(there_me) == (4401, "signed out")
    assert there.http.get("/api/me").status_code == 401
    # The session that changed it goes on, sockets and all.
    assert [m for m in await here_table.settle() if m["type"] == "update"] == []
    await still_open(here_me)
    await plays(here_table, latest)
    for player in (here, there, guest):
        player.close()


def test_a_password_change_closes_the_sockets_of_the_other_sessions(hall: ServerProcess) -> None:
    asyncio.run(_password_change(hall))


def make_admin(server: ServerProcess, player: Player) -> None:
    result = CliRunner().invoke(app, ["admin", "make-admin", f"id:{player.user['id']}",
                                      "--database-url", str(server.database_url)])
    assert result.exit_code == 0, result.output


async def _admin_reset(server: ServerProcess) -> None:
    admin = registered(server)
    make_admin(server, admin)
    here = registered(server)
    there = logged_in_again(server, here)
    table_id, guest = started_table(here, server)
    sockets = [await table_socket(here, table_id), await table_socket(there, table_id)]
    channels = [await channel(here), await channel(there)]
    latest = await first_update(sockets[0])
    await first_update(sockets[1])
    user_id = here.user["id"]
    # Not an admin: refused, and every socket stays open.
    for who in (guest, here):
        refused = who.http.post(f"/api/admin/users/{user_id}/password")
        assert refused.status_code == 403 and refused.json()["code"] == "not_admin"
    for connection in channels:
        await still_open(connection)

    reset = admin.http.post(f"/api/admin/users/{user_id}/password")
    assert reset.status_code == 200, reset.text
    await act_refused_or_dropped(sockets[0], latest)
    for socket in sockets:
        assert await closing(socket.connection) == (4401, "signed out")
    for connection in channels:
        assert await closing(connection) == (4401, "signed out")
    # Nothing was played for seat 0: a fresh socket of the new session starts where it was.
    given = CliRunner().invoke(app, ["admin", "reset-password", f"id:{user_id}", "--password-stdin",
                                     "--database-url", str(server.database_url)],
                               input="given by the admin\n")
    assert given.exit_code == 0, given.output
    again = logged_in_again_with(server, here, "given by the admin")
    fresh = await table_socket(again, table_id)
    assert (await first_update(fresh))["seq"] == latest["seq"]
    await fresh.close()
    for player in (admin, here, there, guest, again):
        player.close()


def logged_in_again_with(server: ServerProcess, player: Player, password: str) -> Player:
    other = Player(server.base, server.ws_base)
    answer = other.http.post("/api/auth/login",
                             json={"name": player.user["name"], "password": password})
    assert answer.status_code == 200, answer.text
    return other


def test_an_admin_password_reset_closes_every_socket_of_the_user(hall: ServerProcess) -> None:
    asyncio.run(_admin_reset(hall))


async def _ban(server: ServerProcess) -> None:
    admin = registered(server)
    make_admin(server, admin)
    here = registered(server)
    there = logged_in_again(server, here)
    table_id, guest = started_table(here, server)
    sockets = [(await table_socket(here, table_id)).connection,
               (await table_socket(there, table_id)).connection,
               await channel(here), await channel(there)]
    refused = guest.http.post(f"/api/admin/users/{here.user['id']}/ban", json={})
    assert refused.status_code == 403 and refused.json()["code"] == "not_admin"
    for connection in sockets:
        await still_open(connection)
    banned = admin.http.post(f"/api/admin/users/{here.user['id']}/ban", json={"reason": "x"})
    assert banned.status_code == 200, banned.text
    for connection in sockets:
        assert await closing(connection) == (4403, "banned")
    for player in (admin, here, there, guest):
        player.close()


def test_a_ban_closes_every_socket_of_the_user_with_4403(hall: ServerProcess) -> None:
    asyncio.run(_ban(hall))


async def _replaced_token(server: ServerProcess) -> None:
    person = Player(server.base, server.ws_base).guest("soon registered")
    table_id, other = started_table(person, server)
    old_table, old_me = await table_socket(person, table_id), await channel(person)
    other_table = await table_socket(other, table_id)
    latest = await first_update(old_table)
    answer = person.http.post("/api/auth/register",
                              json={"name": f"r{secrets.token_hex(4)}", "password": PASSWORD})
    assert answer.status_code == 201 and answer.json()["id"] == person.user["id"]
    # The guest's token is gone, and the sockets opened with it with it; the new one works.
    await act_refused_or_dropped(old_table, latest)
    assert await closing(old_table.connection) == (4401, "signed out")
    assert await closing(old_me) == (4401, "signed out")
    await still_open(other_table.connection)
    fresh = await table_socket(person, table_id)
    await plays(fresh, await first_update(fresh))
    for each in (fresh, other_table):
        await each.close()
    for player in (person, other):
        player.close()


def test_a_token_replaced_by_a_registration_loses_its_sockets(hall: ServerProcess) -> None:
    asyncio.run(_replaced_token(hall))


# -- found by the periodic check: expiry, and sessions ended beside the server -------------------


def _sessions_table(server: ServerProcess) -> sa.Engine:
    return sa.create_engine(str(server.database_url))


def expire(server: ServerProcess, player: Player) -> None:
    """Let the player's session expire (as the passing of its lifetime would)."""
    hashed = token_hash(player.http.cookies["mh_session"])
    with _sessions_table(server).begin() as connection:
        changed = connection.execute(
            sa.text("UPDATE sessions SET expires_at = :past WHERE token_hash = :hash"),
            {"past": time.time() - 1, "hash": hashed})
        assert changed.rowcount == 1


async def _expiry(server: ServerProcess) -> None:
    here = registered(server)
    table_id, guest = started_table(here, server)
    here_table, here_me = await table_socket(here, table_id), await channel(here)
    guest_table = await table_socket(guest, table_id)
    expire(server, here)
    # Nothing needs to be sent: the check closes them.
    assert await closing(here_table.connection) == (4401, "session ended")
    assert await closing(here_me) == (4401, "session ended")
    assert here.http.get("/api/me").status_code == 401
    await guest_table.settle()  # another user's socket is untouched
    await guest_table.close()
    for player in (here, guest):
        player.close()


def test_a_socket_does_not_outlive_its_sessions_expiry(checked_hall: ServerProcess) -> None:
    asyncio.run(_expiry(checked_hall))


async def _ended_beside_the_server(server: ServerProcess) -> None:
    here = registered(server)
    table_id, guest = started_table(here, server)
    here_table, here_me = await table_socket(here, table_id), await channel(here)
    result = CliRunner().invoke(app, ["admin", "reset-password", f"id:{here.user['id']}",
                                      "--database-url", str(server.database_url)])
    assert result.exit_code == 0, result.output
    assert await closing(here_table.connection) == (4401, "session ended")
    assert await closing(here_me) == (4401, "session ended")
    for player in (here, guest):
        player.close()


def test_sessions_ended_by_the_admin_command_close_their_sockets(
        checked_hall: ServerProcess) -> None:
    asyncio.run(_ended_beside_the_server(checked_hall))


async def _changed_and_checked(server: ServerProcess) -> None:
    here = registered(server)
    table_id, guest = started_table(here, server)
    here_table, here_me = await table_socket(here, table_id), await channel(here)
    latest = await first_update(here_table)
    changed = here.http.post("/api/me/password",
                             json={"old_password": PASSWORD, "new_password": "a better one"})
    assert changed.status_code == 204
    # A check has run since once the marker's expired session closed its socket; the changing
    # session's sockets (now under its new token) went through that same check.
    marker = registered(server)
    marker_me = await channel(marker)
    expire(server, marker)
    assert await closing(marker_me) == (4401, "session ended")
    await still_open(here_me)
    await plays(here_table, latest)
    for player in (here, guest, marker):
        player.close()


def test_the_session_that_changed_its_password_keeps_its_sockets_through_the_checks(
        checked_hall: ServerProcess) -> None:
    asyncio.run(_changed_and_checked(checked_hall))
