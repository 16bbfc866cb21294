"""Malformed and illegal actions: each raises IllegalAction with a readable reason and leaves
the state exactly as it was (every view and every internal field)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from meeplehall.core import IllegalAction
from meeplehall.core.playout import random_playout
from meeplehall.games.yaxha import GAME, YaxhaState
from meeplehall.games.yaxha.actions import ChooseTile, Place
from tests.games.yaxha.helpers import cells, new, place, set_pyramid, start_building


def snapshot(state: YaxhaState) -> str:
    views = [state.view(seat) for seat in [None, *range(state.n)]]
    fields = {name: repr(getattr(state, name)) for name in YaxhaState.__slots__}
    return json.dumps([views, fields], sort_keys=True, default=str)


def assert_refused(state: YaxhaState, seat: Any, data: Any, words: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, GAME.parse_action(data))
    assert words in caught.value.reason, caught.value.reason
    assert snapshot(state) == before


GARBAGE = [
    (None, "a JSON object"),
    (3, "a JSON object"),
    ("tile", "a JSON object"),
    ([], "a JSON object"),
    ({}, "unknown action type None"),
    ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "tile"}, "needs a 'tile' field"),
    ({"type": "tile", "tile": "0"}, "whole number"),
    ({"type": "tile", "tile": True}, "whole number"),
    ({"type": "tile", "tile": 1.0}, "whole number"),
    ({"type": "tile", "tile": 0, "cubes": 3}, "no field 'cubes'"),
    ({"type": "place", "colour": "purple", "level": 0, "x": 0, "y": 0}, "unknown cube colour"),
    ({"type": "place", "colour": None, "level": 0, "x": 0, "y": 0}, "unknown cube colour"),
    ({"type": "place", "colour": "orange", "level": 0, "x": 0}, "needs a 'y' field"),
    ({"type": "place", "colour": "orange", "level": "1", "x": 0, "y": 0}, "whole number"),
    ({"type": "undo", "seat": 1}, "no field 'seat'"),
]


@pytest.mark.parametrize(("data", "words"), GARBAGE)
def test_malformed_json_is_refused_by_parse_action(data: Any, words: str):
    state = new(3)
    assert_refused(state, 0, data, words)


def test_parse_action_round_trips_every_legal_action():
    state = new(3, seed=4)
    rng = random.Random(4)
    for _ in range(120):
        seat = sorted(state.to_move())[0]
        for action in state.legal_actions(seat):
            assert GAME.parse_action(json.loads(json.dumps(action.to_json()))) == action
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(
    ("seat", "data", "words"),
    [
        (5, {"type": "tile", "tile": 0}, "no seat 5"),
        (-1, {"type": "tile", "tile": 0}, "no seat -1"),
        ("0", {"type": "tile", "tile": 0}, "no seat '0'"),
        (0, {"type": "tile", "tile": 3}, "no market tile 3"),
        (0, {"type": "tile", "tile": -1}, "no market tile -1"),
        (0, place("orange", 0, 0, 0), "cannot build now: this is the select phase"),
        (0, {"type": "undo"}, "cannot build now"),
        (0, {"type": "confirm"}, "cannot build now"),
    ],
)
def test_wrong_phase_and_out_of_range_actions_in_the_market_choice(
    seat: Any, data: Any, words: str
):
    assert_refused(new(3), seat, data, words)


def test_choosing_the_same_tile_again_is_refused():
    state = new(3)
    state.apply(0, GAME.parse_action({"type": "tile", "tile": 1}))
    assert_refused(state, 0, {"type": "tile", "tile": 1}, "already chosen tile 1")


def tie_state() -> YaxhaState:
    state = new(3)
    state.initiative = [1, 2, 3]
    for seat in range(3):
        state.apply(seat, GAME.parse_action({"type": "tile", "tile": 0}))
    return state


@pytest.mark.parametrize(
    ("seat", "data", "words"),
    [
        (2, {"type": "tile", "tile": 1}, "seat 1's pick"),
        (0, {"type": "tile", "tile": 1}, "seat 1's pick"),
        (1, {"type": "tile", "tile": 0}, "already collected by seat 0"),
        (1, {"type": "tile", "tile": 7}, "no market tile 7"),
        (1, place("orange", 0, 0, 0), "cannot build now: this is the pick phase"),
    ],
)
def test_illegal_actions_during_pending_picks(seat: int, data: Any, words: str):
    assert_refused(tie_state(), seat, data, words)


def build_state() -> YaxhaState:
    state = new(2)
    set_pyramid(state, 0, cells("OOOY/OYYY/BBBW/GGWW", "OY./..."))
    set_pyramid(state, 1, cells("O"))
    start_building(state, {0: "OYB", 1: "W"})
    state.apply(1, GAME.parse_action(place("white", 0, 1, 0)))
    state.apply(1, GAME.parse_action({"type": "confirm"}))
    return state


@pytest.mark.parametrize(
    ("seat", "data", "words"),
    [
        (0, place("white", 1, 2, 2), "no white cube in hand"),
        (0, place("orange", 0, 0, 0), "already occupied"),
        (0, place("orange", 1, 0, 0), "already occupied"),
        (0, place("orange", 2, 0, 0), "does not rest on four cubes"),
        (0, place("orange", 1, 3, 0), "outside the pyramid"),
        (0, place("orange", 4, 0, 0), "there is no level 5"),
        (0, place("orange", -1, 0, 0), "there is no level 0"),
        (0, place("orange", 0, 9, 0), "outside the 4x4 base"),
        (0, place("blue", 1, 2, 0), "must rest on a blue cube or sit next to one"),
        (0, {"type": "confirm"}, "must place your cubes"),
        (0, {"type": "undo"}, "no placement of this round to undo"),
        (0, {"type": "tile", "tile": 0}, "no market tile can be taken now"),
        (1, place("white", 0, 2, 0), "already confirmed"),
        (1, {"type": "undo"}, "already confirmed"),
    ],
)
def test_illegal_building_actions(seat: int, data: Any, words: str):
    assert_refused(build_state(), seat, data, words)


def test_every_action_is_refused_once_the_match_is_over():
    state = new(2, seed=3)
    random_playout(state, random.Random(3))
    assert state.is_over() and state.to_move() == frozenset()
    assert state.legal_actions(0) == []
    assert_refused(state, 0, {"type": "tile", "tile": 0}, "over phase")
    assert_refused(state, 1, {"type": "confirm"}, "over phase")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Place("purple", 0, 0, 0), "unknown cube colour 'purple'"),
        (Place("orange", "0", 0, 0), "whole numbers"),  # type: ignore[arg-type]
        (Place("orange", 0, 0.0, 0), "whole numbers"),  # type: ignore[arg-type]
        (ChooseTile("1"), "whole number"),  # type: ignore[arg-type]
    ],
)
def test_hand_made_action_objects_with_bad_fields_are_refused(action: Any, words: str):
    state = new(2)
    start_building(state, {0: "O"})
    if isinstance(action, ChooseTile):
        state = new(2)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=words):
        state.apply(0, action)
    assert snapshot(state) == before


def test_an_object_that_is_not_a_yaxha_action_is_refused():
    state = new(2)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not a Yaxha action"):
        state.apply(0, ("tile", 0))
    assert snapshot(state) == before
