"""An update built with its shared parts encoded once reads, for every audience and at every
step of a random game, exactly as the same update encoded whole by the standard library."""

from __future__ import annotations

import json
import random

import orjson

from meeplehall.core import Seed, events_for
from meeplehall.core.registry import get_game
from meeplehall.core.visibility import move_for, visible_indexes
from meeplehall.server.play.clocks import ClockRules, SeatState
from meeplehall.server.play.encoding import encode, fragment
from meeplehall.server.play.room import Room
from meeplehall.server.play.store import TableRecord
from tests.registry_games import per_game


def _room(game: str, players: int, seed: int) -> Room:
    record = TableRecord(
        id=1, game=game, options={}, players=players, seed=Seed(seed), status="playing",
        rules=ClockRules("live", 600_000, 5_000, None), hints=False, rated=False,
        visibility="public", invite_token=None,
        seats=[SeatState(index + 1, None, None, 600_000 - index, None)
               for index in range(players)],
        actions=[],
    )
    room = Room(record, get_game(game))
    room.build_match()
    return room


def test_updates_with_parts_encoded_once_read_as_updates_encoded_whole() -> None:
    for game, players in per_game({"yaxha": [(4,)], "pyramido": [(3,)], "monsterhex": [(2,)]},
                                  lambda game: [(game.max_players,)]):
        room = _room(game, players, 11)
        match = room.match
        assert match is not None
        rng = random.Random(5)
        while not match.state.is_over():
            seat = rng.choice(sorted(match.state.to_move()))
            step = match.apply(seat, rng.choice(match.state.legal_actions(seat)), False)
            if match.state.is_over():
                room.record.status = "finished"
            elif match.seq % 4:
                continue  # every fourth step and the last: enough kinds of steps, quickly
            last = room.describe_step(step)
            shared = {key: fragment(value) for key, value in room.shared_parts().items()}
            for audience in [*range(players), None]:
                shown = move_for(room.game, last, step.events, audience)
                events = events_for(step.events, audience)
                whole = json.dumps(room.message("update", audience, events, last=shown))
                parts = encode(room.message(
                    "update", audience, fragment(events), last=shown, shared=shared))
                assert json.loads(parts) == json.loads(whole)
                assert [step.events[i] for i in visible_indexes(step.events, audience)] == [
                    event for event in step.events
                    if "private" not in event or audience in event["private"]]


def test_a_value_orjson_cannot_encode_is_encoded_the_slow_way() -> None:
    value = {"big": 2**70, 3: "a key that is no string"}
    assert json.loads(orjson.dumps({"v": fragment(value)})) == {"v": json.loads(json.dumps(value))}
