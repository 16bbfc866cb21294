"""A table's seed is a secret until the table is finished, then published with its generator.

Whoever knew the seed of a match in progress would know every draw to come, so the test reads
the seed from the database and looks for it, in every form it could take, in everything a
player or a spectator receives before the end: table JSON, lobby listings, histories, every
WebSocket frame (welcome, sync, update). Once the table is finished, its replay publishes the
seed as hex beside the generator's name, and that rebuilds the match exactly.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import sqlalchemy as sa

from meeplehall.core import Seed, replay
from meeplehall.core.registry import get_game
from meeplehall.core.rng import KEYED, SECRET_BITS
from meeplehall.server.db.engine import make_engine
from meeplehall.server.db.models import Table
from meeplehall.server.play.match import result_json
from tests.live_server import ServerProcess
from tests.server.client import Player, Socket, play_seat


def _stored_seed(server: ServerProcess, table_id: int) -> Seed:
    assert server.database_url is not None
    engine = make_engine(server.database_url)
    try:
        with engine.connect() as connection:
            row = connection.execute(
                sa.select(Table.seed_hex, Table.generator).where(Table.id == table_id)
            ).one()
    finally:
        engine.dispose()
    return Seed.from_hex(row.seed_hex, row.generator)


def _forms(seed: Seed) -> list[str]:
    """The ways a seed could be written out: hex in either case, padded or not, decimal."""
    digits = seed.hex()
    return [digits, digits.upper(), digits.lstrip("0"), digits.lstrip("0").upper(),
            str(seed.value)]


def _http_texts(people: list[Player], table_id: int) -> list[str]:
    texts = []
    for person in people:
        for path in (f"/api/tables/{table_id}", "/api/tables?status=playing",
                     "/api/tables?status=waiting", "/api/my/tables",
                     "/api/my/tables?status=finished",
                     f"/api/tables/{table_id}/replay", f"/api/tables/{table_id}/result"):
            texts.append(person.http.get(path).text)
    return texts


async def _scenario(server: ServerProcess) -> None:
    people = [Player(server.base, server.ws_base).guest(f"p{i}") for i in range(2)]
    watcher = Player(server.base, server.ws_base).guest("watcher")
    # A bot sits too: its decisions are made from the seed's table, and must not leak it.
    table = people[0].create(game="monsterhex", players=3, seat=0,
                             bots=[{"seat": 2, "level": 2}])
    assert people[1].join(table["id"], seat=1).status_code == 200
    sockets: list[Socket] = [await person.socket(table["id"]) for person in people]
    spectator = await watcher.socket(table["id"])
    for socket in (*sockets, spectator):
        await socket.expect("welcome")
    started = people[0].start(table["id"])
    seed = _stored_seed(server, table["id"])
    assert seed.generator == KEYED
    assert len(seed.hex()) * 4 >= SECRET_BITS
    forms = _forms(seed)
    texts: list[str] = [str(table), str(started)]

    # Halfway: play a few moves, then look at everything anyone can fetch or receive.
    errors: list[dict[str, Any]] = []
    rng = random.Random(4)
    firsts = [await socket.expect("sync") for socket in sockets]
    halfway = await asyncio.gather(*(
        play_seat(socket, rng, errors, stop_after=6, first=first)
        for socket, first in zip(sockets, firsts, strict=True)
    ))
    assert all(message["status"] == "playing" for message in halfway)
    late = await watcher.socket(table["id"])  # a late spectator gets welcome and sync
    await late.expect("sync")
    texts += _http_texts([*people, watcher], table["id"])
    assert '"not_finished"' in texts[-1]  # the result (and replay) wait for the end

    # To the end: no frame, up to and including the last, carries the seed.
    finals = await asyncio.gather(*(
        play_seat(socket, rng, errors, first=last)
        for socket, last in zip(sockets, halfway, strict=True)
    ))
    assert all(message["status"] == "finished" for message in finals), errors
    for socket in (*sockets, spectator, late):
        await socket.close()
        texts += socket.raw
    leaks = [(form, text[:200]) for text in texts for form in forms if form in text]
    assert leaks == []

    # Finished: the replay publishes the seed, and it rebuilds the match exactly.
    published = people[0].http.get(f"/api/tables/{table['id']}/replay").json()
    assert published["seed"] == seed.hex()
    assert published["generator"] == KEYED
    rebuilt = replay(get_game("monsterhex"), 3, published["options"],
                     Seed.from_hex(published["seed"], published["generator"]),
                     published["actions"])
    assert rebuilt.is_over()
    assert rebuilt.view(None) == published["final_view"]
    assert result_json(get_game("monsterhex"), rebuilt.result()) == published["result"]
    for person in (*people, watcher):
        person.close()


def test_the_seed_stays_secret_until_the_end_then_rebuilds_the_match(
    server: ServerProcess,
) -> None:
    asyncio.run(_scenario(server))
