"""Match records (``play --save`` files, arena records) say which generator dealt them."""

from __future__ import annotations

import json
import random

import pytest

from meeplehall.core import Seed
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import get_game
from meeplehall.core.rng import KEYED, LEGACY


def _played(name: str, players: int, seed: int | Seed) -> tuple[list[tuple[int, object]], dict]:
    game = get_game(name)
    state = game.new_state(players, None, seed)
    rng = random.Random(3)
    log: list[tuple[int, object]] = []
    while not state.is_over():
        seat = min(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        log.append((seat, action.to_json()))
    return log, state.view(None)


def test_a_new_record_names_the_keyed_generator_and_replays_through_json():
    log, final = _played("pyramido", 2, 11)
    record = MatchRecord("pyramido", 2, 11, {}, log)
    data = json.loads(json.dumps(record.to_json()))
    assert data["generator"] == KEYED
    assert MatchRecord.from_json(data).replay().view(None) == final


def test_a_record_without_a_generator_was_written_before_it_and_replays_as_legacy():
    log, final = _played("pyramido", 2, Seed(11, LEGACY))
    old_file = {"game": "pyramido", "players": 2, "seed": 11, "options": {},
                "actions": [[seat, action] for seat, action in log]}
    record = MatchRecord.from_json(old_file)
    assert record.generator == LEGACY
    assert record.replay().view(None) == final
    assert record.to_json()["generator"] == LEGACY  # saved again, it stays legacy


def test_a_record_with_an_unknown_generator_is_refused():
    with pytest.raises(ValueError, match="not a valid match record"):
        MatchRecord.from_json({"game": "yaxha", "players": 2, "seed": 1, "generator": "mt"})
