"""The score a seat would have if the game ended now (``view["score_now"]``), and the rule ids of
the engine's refusals: the live score is the final scoring of what that seat may see, and it
tells nothing another seat keeps secret."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from meeplehall.core import IllegalAction
from meeplehall.core.playout import random_playout
from meeplehall.games.yaxha import score
from meeplehall.games.yaxha.scoring import cells_of
from tests.games.yaxha.helpers import (
    FULL_BASE,
    act,
    cells,
    new,
    place,
    set_pyramid,
    start_building,
)

ENGINE = Path(__file__).resolve().parents[3] / "src" / "meeplehall" / "games" / "yaxha"


def test_score_now_is_the_final_scoring_of_the_pyramids_as_they_stand() -> None:
    state = new(2, seed=3, bonus_cards=[0, 10, 16])
    set_pyramid(state, 0, cells("OOO./B.../..../...."))
    set_pyramid(state, 1, cells("OO../W.../..../...."))
    live = state.view(0)["score_now"]
    final = score([cells_of(state.pyramid[0]), cells_of(state.pyramid[1])], [0, 10, 16])[0]
    assert live["score"] == final["total"] == 4 + 1 + 5 + 5
    assert live["breakdown"]["colours"]["orange"] == {"size": 3, "points": 4}
    assert live["breakdown"]["bonus"]["0"] == {
        "name": "Largest orange group",
        "met": True,
        "points": 5,
    }
    assert live["breakdown"]["bonus"]["16"]["met"] is False
    assert live["breakdown"]["colour_points"] + live["breakdown"]["bonus_points"] == live["score"]
    assert state.view(1)["score_now"]["score"] == 2 + 1 + 0 + 0


def test_score_now_counts_my_cubes_of_this_round_but_not_another_seats_secret_ones() -> None:
    state = new(2, seed=1, bonus_cards=[0, 10, 11])
    set_pyramid(state, 0, cells("OO"))
    set_pyramid(state, 1, cells("OO"))
    start_building(state, {0: "OOO", 1: "OOO"})
    before = state.view(0)["score_now"]
    # Seat 1 builds in secret: seat 0's live score must not move (nor show its cards lost).
    for x in (2, 3):
        act(state, 1, place("orange", 0, x, 0))
    assert state.view(0)["score_now"] == before
    assert before["breakdown"]["bonus"]["0"]["met"] is True
    # Seat 0's own cubes count at once, in its own view only.
    act(state, 0, place("orange", 0, 2, 0))
    mine = state.view(0)["score_now"]
    assert mine["breakdown"]["colours"]["orange"]["size"] == 3
    assert state.view(1)["score_now"]["breakdown"]["bonus"]["0"]["met"] is True  # 4 against 2


def test_score_now_is_the_seats_own_and_nobody_elses() -> None:
    state = new(3, seed=5)
    assert "score_now" in state.view(2)
    assert "score_now" not in state.view(None)
    assert all("score_now" not in entry for entry in state.view(0)["seats"])


def test_a_secret_market_choice_leaves_the_others_live_score_unchanged() -> None:
    state = new(3, seed=7)
    set_pyramid(state, 1, cells(FULL_BASE))
    before = state.view(0)["score_now"]
    act(state, 1, {"type": "tile", "tile": 2})
    act(state, 1, {"type": "tile", "tile": 0})
    assert state.view(0)["score_now"] == before


def test_a_finished_game_shows_its_result_instead_of_a_live_score() -> None:
    state = new(2, seed=4)
    random_playout(state, random.Random(4))
    view = state.view(0)
    assert "score_now" not in view and view["result"]["scores"]


def raised_rules() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.glob("*.py"):
        found |= set(re.findall(r'rule="(\w+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_refusal_of_a_legal_shaped_action_names_its_rule() -> None:
    state = new(2, seed=2)
    set_pyramid(state, 0, cells(FULL_BASE))
    start_building(state, {0: "OB"})
    cases = {
        "colour_not_in_hand": place("white", 1, 0, 0),
        "spot_taken": place("orange", 0, 0, 0),
        "outside_level": place("orange", 2, 2, 2),
        "colour_not_touching": place("blue", 1, 2, 2),
        "nothing_to_undo": {"type": "undo"},
        "must_place": {"type": "confirm"},
        "no_tile_now": {"type": "tile", "tile": 0},
    }
    for rule, action in cases.items():
        with pytest.raises(IllegalAction) as refused:
            act(state, 0, action)
        assert refused.value.rule == rule, (rule, refused.value.reason)
    assert set(cases) <= raised_rules()
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, place("orange", 1, 0, 0) | {"x": "a"})
    assert refused.value.rule == "malformed_action"
