"""What a seat may know by the rules, checked in every frame and page the others received.

The private facts are not taken from the views under test: after the game, the published seed
and log are replayed locally and the raw state after each step says what each seat holds that
the others may not see, and what nobody may see. The game is played one step at a time, each
followed by a ping barrier on every connection, so each frame is known to follow a given step
of the log; the lobby's, the table's and the users' JSON are read after every step too.

Every registered game is played: what its rules keep from whom is declared with the game's own
tests, in ``tests/games/<game>/secrecy.py`` (``tests/games/secrecy.py`` says how). Nobody sees
the seed before the end.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from meeplehall.core import Game, Seed, State, replay
from meeplehall.core.registry import get_game
from tests.games.secrecy import Leaks, secrecy_of
from tests.registry_games import game_names
from tests.server.client import Player, Socket, TableSession, open_table
from tests.server.conftest import ServerProcess


def pages(session: TableSession, watcher: Player) -> list[tuple[int | None, str]]:
    """The HTTP JSON anyone may read while the table plays: as seat 0's person, and as a
    spectator (the lobby, the table, the players' profiles and their histories)."""
    seat0, table = session.people[0].http, f"/api/tables/{session.id}"
    read = [(0, seat0.get(table)), (0, seat0.get("/api/my/tables")),
            (None, watcher.http.get(table)),
            (None, watcher.http.get("/api/tables", params={"status": "playing"}))]
    for person in session.people:
        player = person.user["profile"]
        if player is not None:  # a guest's profile is not public
            read += [(None, watcher.http.get(f"/api/players/{player}")),
                     (None, watcher.http.get(f"/api/players/{player}/history"))]
    for _, response in read:
        assert response.status_code == 200, response.text
    return [(viewer, response.text) for viewer, response in read]


async def play_step_by_step(
    session: TableSession, spectator: Socket, watcher: Player, rng: random.Random
) -> tuple[list[list[list[dict[str, Any]]]], list[list[tuple[int | None, str]]]]:
    """Random legal moves, one at a time; per step, the frames each connection received after
    it (seats, then the spectator) and the pages read then. Step 0 is before the first move."""
    connections = [*session.sockets, spectator]
    frames: list[list[list[dict[str, Any]]]] = [[list(s.received) for s in connections]]
    read = [pages(session, watcher)]
    while True:
        movers = session.movers()
        if not movers or session.latest[0]["status"] != "playing":
            return frames, read
        seat = rng.choice(movers)
        await session.act(seat, rng.choice(session.latest[seat]["legal"]))
        await session.acknowledged(seat)
        after = [[m for m in session.sockets[seat].received
                  if m["type"] == "update" and m["last"]["seat"] == seat][-1:]]
        step: list[list[dict[str, Any]]] = []
        for index, socket in enumerate(connections):
            arrived = await socket.settle()
            if index == seat:
                arrived = after[0] + arrived
            for message in arrived:
                if index < len(session.sockets) and message["type"] in ("update", "sync"):
                    session.latest[index] = message
            step.append(arrived)
        frames.append(step)
        read.append(pages(session, watcher))


async def checked_game(server: ServerProcess, game: Game, players: int, options: dict[str, Any],
                       seed: int, leaks: Leaks, per_seat_secrets: bool = True) -> int:
    """Play a whole game and search everything the others received; returns its length.
    ``per_seat_secrets``: the game hides something from the others a seat itself sees."""
    # Registered people, so their public profiles are searched too.
    session = await open_table(server.base, server.ws_base, game.name, players, options=options,
                               registered=True)
    watcher = Player(server.base, server.ws_base)
    spectator = await watcher.socket(session.id)
    await spectator.expect("welcome")
    await spectator.expect("sync")
    frames, read = await play_step_by_step(session, spectator, watcher, random.Random(seed))
    published = session.people[0].http.get(f"/api/tables/{session.id}/replay").json()
    actions = published["actions"]
    assert len(frames) == len(read) == len(actions) + 1
    # The truth, from the published seed and log, replayed here.
    full = Seed(int(published["seed"], 16), published["generator"])
    secret_seed = (published["seed"], str(full.value))
    viewers: list[int | None] = [*range(players), None]
    own_secrets_found = False
    for k in range(len(actions) + 1):
        state: State = replay(game, players, published["options"], full, actions[:k])
        if state.is_over():
            break  # everything is revealed at the end, the seed too
        received = [(viewer, frame) for viewer, seen in zip(viewers, frames[k], strict=True)
                    for frame in seen]
        # The search is not blind: a seat's own frames, as if the spectator had them, show
        # the seat's secrets.
        if not own_secrets_found:
            own_secrets_found = any(leaks(frame, None, state)
                                    for seen in frames[k][:players] for frame in seen)
        received += [(viewer, json.loads(text)) for viewer, text in read[k]]
        for viewer, frame in received:
            assert leaks(frame, viewer, state) == [], (k, viewer, frame)
            text = json.dumps(frame)
            assert not any(secret in text for secret in secret_seed), (k, viewer)
    assert own_secrets_found or not per_seat_secrets
    await spectator.close()
    watcher.close()
    await session.close()
    return len(actions)


@pytest.mark.parametrize("name", game_names())
def test_no_frame_shows_a_seat_what_the_rules_keep_from_it(server: ServerProcess,
                                                           name: str) -> None:
    secrecy = secrecy_of(name)
    for players, options, seed in secrecy.tables:
        asyncio.run(checked_game(server, get_game(name), players, options, seed, secrecy.leaks,
                                 per_seat_secrets=secrecy.per_seat_secrets))
