"""An invitation offers a seat at a waiting table; once the table starts, or is removed as
idle, it offers nothing: it is marked read and the invited person's open pages are told to drop
it (``notification_closed``), so it neither lingers with a "Join" nor comes back with the next
hello. Both databases, since the invitations are found by the table inside their JSON data."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from tests.live_server import ServerProcess
from tests.people import registered
from tests.server.social.test_friends import befriend, channel, next_of


def _invited_then_closed(host: ServerProcess, start: bool) -> tuple[dict[str, Any], ...]:
    """Alice invites Bob (whose lobby is open) to a two-seat table with a bot; the table
    starts (``start``) or is left to be removed; Bob's channel, then a fresh hello."""
    alice, bob = registered(host), registered(host)
    befriend(alice, bob)

    async def run() -> tuple[dict[str, Any], ...]:
        socket = await channel(bob)
        await next_of(socket, "hello")
        table = alice.create(game="yaxha", players=2, invite=[bob.user["id"]],
                             bots=[] if not start else [{"seat": 1, "level": 1}])
        notice = (await next_of(socket, "notification"))["notification"]
        if start:
            alice.start(table["id"])
        closed = await next_of(socket, "notification_closed")
        await socket.close()
        again = await channel(bob)
        hello = await next_of(again, "hello")
        await again.close()
        return table, notice, closed, hello

    return asyncio.run(run())


def test_an_invitation_is_withdrawn_once_its_table_starts(server: ServerProcess) -> None:
    table, notice, closed, hello = _invited_then_closed(server, start=True)
    assert notice["kind"] == "invite" and notice["data"]["table"] == table["id"]
    assert closed == {"type": "notification_closed", "id": notice["id"]}
    # Bob still has the friend request (accepted, never dismissed), not the invitation.
    assert [n["kind"] for n in hello["notifications"]] == ["friend_request"]


def test_an_invitation_to_another_table_stays_when_one_starts(server: ServerProcess) -> None:
    alice, bob = registered(server), registered(server)
    befriend(alice, bob)

    async def hello_after_start() -> tuple[dict[str, Any], dict[str, Any]]:
        socket = await channel(bob)
        await next_of(socket, "hello")
        started = alice.create(game="yaxha", players=2, invite=[bob.user["id"]],
                               bots=[{"seat": 1, "level": 1}])
        waiting = alice.create(game="pyramido", players=2, invite=[bob.user["id"]])
        for _ in range(2):
            await next_of(socket, "notification")
        alice.start(started["id"])
        await next_of(socket, "notification_closed")
        await socket.close()
        again = await channel(bob)
        hello: dict[str, Any] = await next_of(again, "hello")
        await again.close()
        return waiting, hello

    waiting, hello = asyncio.run(hello_after_start())
    invites = [n["data"]["table"] for n in hello["notifications"] if n["kind"] == "invite"]
    assert invites == [waiting["id"]]


@pytest.fixture
def sweeping(database_factory: Any, server_env: dict[str, str]) -> Iterator[ServerProcess]:
    url, data_dir = database_factory("sqlite")
    # Three seconds: far longer than storing the invitation takes, so it is there to close.
    process = ServerProcess(data_dir, url, server_env, extra=["--idle-table-minutes", "0.05"])
    process.start()
    yield process
    process.stop()


def test_an_invitation_is_withdrawn_when_its_idle_table_is_removed(
    sweeping: ServerProcess,
) -> None:
    table, notice, closed, hello = _invited_then_closed(sweeping, start=False)
    assert notice["data"]["table"] == table["id"]
    assert closed == {"type": "notification_closed", "id": notice["id"]}
    assert [n["kind"] for n in hello["notifications"]] == ["friend_request"]
