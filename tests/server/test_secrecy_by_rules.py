"""What a seat may know by the rules, checked in every frame the others received.

The private facts are not taken from the views under test: after the game, the published seed
and log are replayed locally and the raw state after each step says what each seat holds that
the others may not see. The game is played one step at a time, each followed by a ping barrier
on every connection, so each frame is known to follow a given step of the log.

Yaxha's rules hide: a seat's market choice until the reveal, and its placements of the round
(and the undos) until every seat has confirmed; others see the pyramid as it was when the round
began. Nobody sees the seed before the end.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

from meeplehall.core import Seed, replay
from meeplehall.games.yaxha import GAME as YAXHA
from meeplehall.games.yaxha.state import BUILD, SELECT, YaxhaState

from .client import Player, Socket, TableSession, open_table
from .conftest import ServerProcess

#: Keys that only the seat itself may see about its own seat entry.
OWN_KEYS = {"hand", "choice", "placed_this_round", "can_undo"}
#: Events about a seat that only that seat may receive.
SECRET_EVENTS = {"tile_chosen", "cube_placed", "placement_undone"}


def dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object inside ``value``, however deep."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from dicts(item)


def cubes_shown(frame: dict[str, Any], seat: int) -> int | None:
    """How many cubes of ``seat``'s pyramid a frame shows (None if it shows no pyramid)."""
    view = frame.get("view")
    if not isinstance(view, dict):
        return None
    for entry in view.get("seats", []):
        if entry.get("seat") == seat and "pyramid" in entry:
            return len(entry["pyramid"])
    return None


def leaks(frame: dict[str, Any], viewer: int | None, state: YaxhaState) -> list[str]:
    """What ``frame``, received by ``viewer`` with the raw ``state`` current, shows that the
    rules keep from it."""
    found = []
    for seat in range(state.n):
        if seat == viewer:
            continue
        for item in dicts(frame):
            if item.get("seat") != seat:
                continue
            if OWN_KEYS & item.keys():
                found.append(f"seat {seat}'s own fields {sorted(OWN_KEYS & item.keys())}")
            if item.get("type") in SECRET_EVENTS:
                found.append(f"seat {seat}'s secret event {item['type']}")
        view = frame.get("view") or {}
        if state.phase == SELECT and state.choice[seat] >= 0 and view.get("choices") is not None:
            found.append("the choices before the reveal")
        if state.phase == BUILD:
            # Only the cubes of completed rounds: this round's placements are the seat's.
            confirmed = sum(bin(mask).count("1") for mask in state.confirmed_pyramid[seat])
            shown = cubes_shown(frame, seat)
            if shown is not None and shown != confirmed:
                found.append(f"seat {seat}'s pyramid with {shown} cubes, not {confirmed}")
    return found


async def play_step_by_step(session: TableSession, spectator: Socket,
                            rng: random.Random) -> list[list[list[dict[str, Any]]]]:
    """Random legal moves, one at a time; per step, the frames each connection received after
    it (seats, then the spectator). Frames before the first step are step 0's."""
    connections = [*session.sockets, spectator]
    frames: list[list[list[dict[str, Any]]]] = [[list(s.received) for s in connections]]
    while True:
        movers = session.movers()
        if not movers or session.latest[0]["status"] != "playing":
            return frames
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


async def yaxha_game(server: ServerProcess, players: int, seed: int) -> None:
    session = await open_table(server.base, server.ws_base, "yaxha", players)
    watcher = Player(server.base, server.ws_base)
    spectator = await watcher.socket(session.id)
    await spectator.expect("welcome")
    await spectator.expect("sync")
    public = [session.people[0].http.get(f"/api/tables/{session.id}").text,
              session.people[0].http.get("/api/tables").text]
    frames = await play_step_by_step(session, spectator, random.Random(seed))
    public.append(session.people[0].http.get(f"/api/tables/{session.id}").text)
    published = session.people[0].http.get(f"/api/tables/{session.id}/replay").json()
    actions = published["actions"]
    assert len(frames) == len(actions) + 1
    # The truth, from the published seed and log, replayed here.
    full = Seed(int(published["seed"], 16), published["generator"])
    viewers: list[int | None] = [*range(players), None]
    for k in range(len(actions) + 1):
        state = replay(YAXHA, players, published["options"], full, actions[:k])
        assert isinstance(state, YaxhaState)
        if state.is_over():
            break  # everything is revealed at the end, the seed too
        for viewer, received in zip(viewers, frames[k], strict=True):
            for frame in received:
                assert leaks(frame, viewer, state) == [], (k, viewer, frame)
                assert published["seed"] not in json.dumps(frame), (k, viewer)
    for text in public:
        assert published["seed"] not in text
    await spectator.close()
    watcher.close()
    await session.close()


def test_no_frame_shows_a_yaxha_seat_what_the_rules_keep_from_it(server: ServerProcess) -> None:
    for players, seed in ((2, 1), (3, 2)):
        asyncio.run(yaxha_game(server, players, seed))
