"""Whole games of every registered game, played by real WebSocket clients through the protocol;
every message is checked against a local replay: each seat gets exactly its own view, legal
actions and events, and spectators the public view (so no secret reaches another seat)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest

from meeplehall.core import Seed, events_for, replay_steps
from meeplehall.core.registry import all_games, get_game
from tests.server.client import Player, Socket, play_seat
from tests.server.conftest import ServerProcess


def catalog(server: ServerProcess) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = httpx.get(f"{server.base}/api/games").json()
    assert games, "no game is registered"
    return games


def normal(data: Any) -> Any:
    """What JSON makes of a value (tuples become lists, int keys become strings)."""
    return json.loads(json.dumps(data))


def fragments(view: dict[str, Any], public: dict[str, Any]) -> set[str]:
    """JSON texts of what a seat's view holds beyond the public view: each differing field,
    and its items one level down (containers and strings only, as the server writes them)."""
    found: set[str] = set()

    def telling(value: Any) -> None:
        text = json.dumps(value)
        if (isinstance(value, (dict, list)) and len(text) >= 8) or (
            isinstance(value, str) and len(value) >= 3
        ):
            found.add(text)

    for key, value in view.items():
        if public.get(key) == value:
            continue
        telling(value)
        items = value.values() if isinstance(value, dict) else value
        if isinstance(value, (dict, list)):
            for item in items:
                telling(item)
    return found


Step = tuple[Any, list[Any], list[Any], list[Any]]


def replayed(replay: dict[str, Any], players: int) -> list[Step]:
    """(public view, each seat's view, each seat's legal actions, events) after every step,
    as JSON would carry them."""
    game = get_game(replay["game"])
    return [
        (normal(state.view(None)), [normal(state.view(s)) for s in range(players)],
         [normal([a.to_json() for a in state.legal_actions(s)]) for s in range(players)],
         events)
        for state, events in replay_steps(game, replay["players"], replay["options"],
                                          Seed.from_hex(replay["seed"], replay["generator"]),
                                          replay["actions"])
    ]


def seen_steps(replay: dict[str, Any], steps: list[Step], audience: int | None) -> list[int]:
    """Which step of the log each of ``audience``'s seq numbers stands for: seq n is the n-th
    step it saw, a step being seen by its mover and by whoever may see one of its events."""
    seen = [0]
    for index, ((seat, _action), step) in enumerate(
        zip(replay["actions"], steps[1:], strict=True), start=1
    ):
        if seat == audience or events_for(step[3], audience):
            seen.append(index)
    return seen


def check_hidden_values_never_sent(replay: dict[str, Any], sockets: dict[int | None, Socket],
                                   players: int, steps: list[Step] | None = None) -> int:
    """What a seat's view holds that neither the public view nor another seat's own view
    holds is that seat's secret: search for it in the raw text of every message the other
    connections received at that step."""
    secrets_at: list[dict[int | None, set[str]]] = []
    steps = steps or replayed(replay, players)
    for public_view, views, _legal, _events in steps:
        public = json.dumps(public_view)
        own = {s: fragments(views[s], public_view) for s in range(players)}
        texts = {s: json.dumps(views[s]) for s in range(players)}
        per_viewer: dict[int | None, set[str]] = {}
        for viewer in [None, *range(players)]:
            seen = public if viewer is None else texts[viewer]
            per_viewer[viewer] = {
                fragment for s in range(players) if s != viewer for fragment in own[s]
                if fragment not in seen and fragment not in public
            }
        secrets_at.append(per_viewer)
    searched = 0
    for viewer, socket in sockets.items():
        step_of = seen_steps(replay, steps, viewer)
        for raw, message in zip(socket.raw, socket.received, strict=True):
            if message["type"] not in ("update", "sync"):
                continue
            for secret in secrets_at[step_of[message["seq"]]][viewer]:
                assert secret not in raw, f"seat {viewer} was sent another seat's {secret}"
                searched += 1
    has_secrets = any(fragments for step in secrets_at for fragments in step.values())
    assert searched > 0 or not has_secrets
    return searched


def check_messages_against_replay(table: dict[str, Any], replay: dict[str, Any],
                                  sockets: dict[int | None, Socket],
                                  steps: list[Step] | None = None) -> None:
    states = steps or replayed(replay, table["players"])
    for seat, socket in sockets.items():
        checked = 0
        step_of = seen_steps(replay, states, seat)
        for message in socket.received:
            if message["type"] not in ("update", "sync"):
                continue
            public, views, legal, events = states[step_of[message["seq"]]]
            expected_view = public if seat is None else views[seat]
            assert message["view"] == expected_view, f"seat {seat} got a view not its own"
            if message["type"] == "update":
                assert message["events"] == normal(events_for(events, seat))
            if seat is not None and message["status"] == "playing":
                assert message["legal"] == legal[seat]
            if seat is None:
                assert message["legal"] == []
            checked += 1
        assert checked > 0


async def play_full_table(server: ServerProcess, game: dict[str, Any], players: int,
                          seed: int) -> None:
    people = [Player(server.base, server.ws_base).guest(f"seat{i}") for i in range(players)]
    table = people[0].create(game=game["name"], players=players, seat=0)
    for index, person in enumerate(people[1:], start=1):
        assert person.join(table["id"], seat=index).status_code == 200
    watcher = Player(server.base, server.ws_base)
    sockets: dict[int | None, Socket] = {}
    for index, person in enumerate(people):
        sockets[index] = await person.socket(table["id"])
        welcome = await sockets[index].expect("welcome")
        assert welcome["seat"] == index
    sockets[None] = await watcher.socket(table["id"])
    await sockets[None].expect("welcome")
    people[0].start(table["id"])
    rng = random.Random(seed)
    errors: list[dict[str, Any]] = []
    finals = await asyncio.gather(
        *(play_seat(sockets[i], random.Random(rng.random()), errors) for i in range(players))
    )
    assert errors == []
    watched = await sockets[None].expect("update", status="finished")
    result = people[0].http.get(f"/api/tables/{table['id']}/result").json()
    for final in [*finals, watched]:
        assert final["result"]["scores"] == result["scores"]
    replay = people[0].http.get(f"/api/tables/{table['id']}/replay").json()
    steps = replayed(replay, players)
    for audience, final in [*enumerate(finals), (None, watched)]:
        # Each connection counted exactly the steps it was shown, the last one the end.
        step_of = seen_steps(replay, steps, audience)
        assert final["seq"] == len(step_of) - 1 and step_of[-1] == len(replay["actions"])
    check_messages_against_replay(table, replay, sockets, steps)
    check_hidden_values_never_sent(replay, sockets, players, steps)
    for socket in sockets.values():
        await socket.close()
    for person in [*people, watcher]:
        person.close()


GAMES = [game.name for game in all_games()]


@pytest.mark.parametrize("game_name", GAMES)
def test_every_registered_game_plays_to_the_end_and_each_seat_sees_only_its_own_view(
    server: ServerProcess, game_name: str
) -> None:
    game = next(g for g in catalog(server) if g["name"] == game_name)
    counts = sorted({max(2, game["min_players"]), game["max_players"]})
    if "postgresql" in server.database_url:
        # Two-player games on PostgreSQL are played by the scale-out test.
        counts = [game["max_players"]]
    for players in counts:
        asyncio.run(play_full_table(server, game, players, seed=players))


async def watch_bots(server: ServerProcess, game: dict[str, Any]) -> dict[str, Any]:
    owner = Player(server.base, server.ws_base).guest("owner")
    players = max(2, game["min_players"])
    table = owner.create(game=game["name"], players=players, seat=None,
                         bots=[{"seat": s, "level": 1} for s in range(players)])
    socket = await owner.socket(table["id"])
    await socket.expect("welcome")
    owner.start(table["id"])
    final = await socket.expect("update", timeout=60, status="finished")
    assert all(m["last"]["bot"] for m in socket.received if m["type"] == "update")
    await socket.close()
    owner.close()
    return final


def test_bot_seats_play_whole_games_of_every_game_by_themselves(server: ServerProcess) -> None:
    for game in catalog(server):
        final = asyncio.run(watch_bots(server, game))
        assert final["result"] is not None and final["seat"] is None
