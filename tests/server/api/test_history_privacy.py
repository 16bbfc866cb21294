"""A player's history lists their finished private tables only to those who sat at them."""

from __future__ import annotations

import asyncio
import random

import httpx

from tests.server.client import Player, open_table, play_seat
from tests.server.conftest import ServerProcess
from tests.server.play.test_play import catalog


async def _finish(server: ServerProcess, visibility: str) -> tuple[int, list[Player]]:
    game = catalog(server)[0]
    session = await open_table(server.base, server.ws_base, game["name"], 2,
                               visibility=visibility)
    await asyncio.gather(*(play_seat(s, random.Random(i), [], first=session.latest[i])
                           for i, s in enumerate(session.sockets)))
    for socket in session.sockets:
        await socket.close()
    for person in session.people:  # a guest's history is not public: they register
        person.register()
    return session.id, session.people


def test_private_tables_are_in_a_history_only_for_those_who_sat_there(
        server: ServerProcess) -> None:
    private_id, (alice, bob) = asyncio.run(_finish(server, "private"))
    public_id, (carol, _dave) = asyncio.run(_finish(server, "public"))
    alice_id = alice.user["profile"]
    url = f"/api/players/{alice_id}/history"

    def tables(client: httpx.Client, player: str) -> set[int]:
        answer = client.get(f"/api/players/{player}/history")
        assert answer.status_code == 200, answer.text
        return {entry["table"] for entry in answer.json()}

    anonymous = httpx.Client(base_url=server.base)
    stranger = Player(server.base, server.ws_base).guest("stranger").http
    assert private_id not in tables(anonymous, alice_id)
    assert private_id not in tables(stranger, alice_id)
    assert private_id not in tables(carol.http, alice_id)
    assert private_id in tables(alice.http, alice_id)  # hers
    assert private_id in tables(bob.http, alice_id)  # he sat there too
    assert public_id in tables(anonymous, carol.user["profile"])  # public tables stay public
    assert anonymous.get(url).status_code == 200
