"""Yaxha's two evaluations: the greedy bot's heuristic charges the evaluated seat's cubes still
to place; the one a search judges its leaves by does not, so a playout cut in the middle of a
build is judged alike from either seat's side."""

from __future__ import annotations

import random

from meeplehall.ai.greedy import value_after
from meeplehall.ai.keys import bot_actions
from meeplehall.ai.mcts import MctsBot
from meeplehall.games.yaxha.heuristic import UNPLACED_PENALTY
from tests.games.yaxha.helpers import new, start_building


def _mid_build():
    state = new(2, seed=4)
    start_building(state, {0: "OOB", 1: "YG"})
    return state


def test_the_greedy_heuristic_still_charges_the_seats_own_cubes_in_hand() -> None:
    state = _mid_build()
    assert state.heuristic(0) == state.search_heuristic(0) - 3 * UNPLACED_PENALTY
    assert state.heuristic(1) == state.search_heuristic(1) - 2 * UNPLACED_PENALTY
    # Greedy's one-ply values are the charged heuristic's: its choices are those of before.
    rng = random.Random(0)
    for action in bot_actions(state, 0)[:5]:
        child = state.clone()
        child.apply(0, action)
        assert value_after(state, 0, action, rng) == child.heuristic(0)
        assert value_after(state, 0, action, rng, search=True) == child.search_heuristic(0)


def test_a_search_leaf_mid_build_is_judged_alike_from_both_sides() -> None:
    state = _mid_build()
    assert state.search_heuristic(0) == -state.search_heuristic(1)
    # A playout of no actions stops right here, with both seats holding cubes that fit.
    bot = MctsBot(seed=1, seconds=None, iterations=1, playout_depth=0)
    rewards, leads = bot._evaluate_after_playout(state.clone(), (0, 1))
    assert leads[0] == -leads[1] == state.search_heuristic(0)
    assert abs(rewards[0] + rewards[1] - 1.0) < 1e-9
    # Neither side reads the position as hopeless merely for holding cubes.
    assert min(rewards.values()) > 0.05
