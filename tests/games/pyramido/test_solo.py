"""Solo against the Legendary Explorer (rules, section 7)."""

import random

import pytest

from meeplehall.core import IllegalAction, SplitMix64
from meeplehall.games.pyramido import GAME
from meeplehall.games.pyramido.actions import Finish, Place
from meeplehall.games.pyramido.exploration import Exploration
from meeplehall.games.pyramido.legend import Explorer, score_stage, stage_start, take_turn
from meeplehall.games.pyramido.scoring import solo_result

from .helpers import STUCK_BASE, build, domino_set, gems, new_state

# d1 red/blue (the Explorer's top), d2 red/red, d3 green/purple; every other domino orange.
SET = domino_set(d1=("red", [], "blue", []), d2=("red", [], "red", []),
                 d3=("green", [], "purple", []))


def exploration(spaces, piles=None, bag=None, discard=None):
    piles = piles or [[10 + 5 * p, 11 + 5 * p, 12 + 5 * p] for p in range(5)]
    area = Exploration([p[:] for p in piles], bag or gems(orange=9), SplitMix64(7))
    area.face_up = [True, False, True, False, True]
    area.spaces = [s[:] for s in spaces]
    area.discard = discard or gems()
    return area


def explorer(top=1):
    le = Explorer(99)
    le.pile = [top]
    return le


def turn(le, area):
    events = []
    take_turn(le, area, SET, events)
    return events


def test_explorer_takes_one_gem_per_wanted_colour_left_to_right_and_the_last_gems_domino():
    area = exploration([gems(blue=1, green=2), gems(), gems(red=2, mythical=1), gems(),
                        gems(red=1)])
    le = explorer()
    top_of_3 = area.piles[2][-1]
    events = turn(le, area)
    assert le.gems == gems(red=1, blue=1)
    assert le.pile[-1] == top_of_3
    took = events[0]
    assert took["type"] == "explorer_took" and took["space"] == 3
    assert took["gems"] == [[1, "blue"], [3, "red"]]
    assert area.spaces[0] == gems(green=2) and area.spaces[2] == gems(red=1, mythical=1)
    assert area.spaces[4] == gems(red=1)


def test_explorer_may_take_two_gems_from_one_space_and_refills_what_it_emptied():
    area = exploration([gems(red=2), gems(), gems(red=1), gems(), gems()])
    le = explorer(top=2)  # wants red, red
    turn(le, area)
    assert le.gems == gems(red=2)
    assert le.pile[-1] == 12  # space 1's top (the pile was [10, 11, 12])
    assert sum(area.spaces[0]) == 3  # emptied, then refilled from the bag
    assert area.spaces[2] == gems(red=1)


def test_explorer_falls_back_on_a_mythical_gem_per_missing_colour_and_it_decides_the_space():
    area = exploration([gems(red=1, green=2), gems(), gems(green=3), gems(),
                        gems(mythical=1, green=2)])
    le = explorer()  # wants red, blue: no blue anywhere
    events = turn(le, area)
    assert le.gems == gems(red=1, mythical=1)
    assert events[0]["space"] == 5
    assert le.pile[-1] == 32  # space 5's top


def test_explorer_with_no_gem_to_take_takes_the_leftmost_domino_and_draws_from_the_bag():
    area = exploration([gems(green=3), gems(), gems(purple=3), gems(), gems(orange=3)],
                       bag=gems(orange=4))
    le = explorer()
    events = turn(le, area)
    assert le.gems == gems(orange=1)
    assert events[0]["space"] == 1 and events[0]["drawn"] == "orange"
    assert sum(area.bag) == 3


def test_explorer_bag_draw_refills_the_bag_from_the_discard_first():
    area = exploration([gems(green=3), gems(), gems(purple=3), gems(), gems(orange=3)],
                       bag=gems(), discard=gems(mythical=2))
    le = explorer()
    events = turn(le, area)
    assert le.gems == gems(mythical=1)
    assert any(e["type"] == "bag_refilled" for e in events)
    assert area.bag == gems(mythical=1) and area.discard == gems()


def test_explorer_splits_the_largest_pile_ties_leftmost_and_reveals_the_leftmost():
    piles = [[10], [20, 21, 22, 23], [30, 31], [40, 41, 42, 43], [50]]
    area = exploration([gems(red=1, blue=1), gems(), gems(), gems(), gems()], piles=piles)
    le = explorer()
    events = turn(le, area)
    assert le.pile[-1] == 10
    split = next(e for e in events if e["type"] == "pile_split")
    assert (split["into"], split["from"], split["moved"]) == (1, 2, 2)
    assert area.piles[0] == [20, 21] and area.piles[1] == [22, 23]
    revealed = next(e for e in events if e["type"] == "revealed")
    assert revealed["pile"] == 1 and area.face_up[0]


def test_explorer_stage_scoring_counts_coloured_gems_by_stage_and_keeps_mythical_ones():
    area = exploration([gems()] * 5)
    le = explorer()
    le.gems = gems(red=2, blue=1, mythical=3)
    assert score_stage(le, area, 3, []) == 3 * 3 + 2 * 3
    assert le.gems == gems(mythical=3)
    assert area.discard == gems(red=2, blue=1)
    assert score_stage(le, area, 4, []) == 6  # mythical gems score again
    assert le.stage_scores == [15, 6]


def test_become_the_legend_draws_a_gem_at_a_stage_start_with_seven_mythical():
    area = exploration([gems()] * 5, bag=gems(blue=5))
    le = explorer()
    le.gems = gems(mythical=7)
    stage_start(le, area, "a_legend", [])
    assert le.gems == gems(mythical=7)
    events: list = []
    stage_start(le, area, "the_legend", events)
    assert le.gems == gems(blue=1, mythical=7)
    assert events[-1] == {"type": "explorer_bonus_gem", "gem": "blue"}
    six = explorer()
    six.gems = gems(mythical=6)
    stage_start(six, area, "the_legend", [])
    assert six.gems == gems(mythical=6)


def test_solo_setup_gives_the_explorer_a_face_up_domino_and_piles_of_18_18_18_18_17():
    state = new_state(1, seed=4)
    assert state.explorer is not None and len(state.explorer.pile) == 1
    assert sorted(len(p) for p in state.area.piles) == [17, 18, 18, 18, 18]
    assert state.view(0)["explorer"]["top"]["id"] == state.explorer.pile[0]


def test_explorer_plays_after_each_human_turn_inside_apply_even_after_a_lost_turn():
    state = new_state(1, seed=2)
    state.pyramids[0] = build(1, STUCK_BASE[:8])
    state.apply(0, state.legal_actions(0)[0])
    state.apply(0, state.legal_actions(0)[0])
    i, j, rotation = STUCK_BASE[8]
    events = state.apply(0, Place(i, j, rotation))
    kinds = [e["type"] for e in events if e["type"] in ("explorer_took", "turn_lost")]
    # the base is stuck: the nine remaining stage-1 turns are lost, the Explorer still plays
    assert kinds == ["explorer_took"] + ["turn_lost", "explorer_took"] * 9
    assert len(state.explorer.pile) == 1 + 10
    assert state.explorer.stage_scores  # stage 1 was scored


def test_human_starts_every_stage_in_solo():
    state = GAME.new_state(1, {"legend": "the_legend"}, seed=9)
    rng = random.Random(3)
    starts = []
    while not state.is_over():
        events = state.apply(0, rng.choice(state.legal_actions(0)))
        starts += [e["start_player"] for e in events if e["type"] == "stage_started"]
    assert starts == [0, 0, 0]
    assert len(state.explorer.stage_scores) == 4


def test_solo_player_wins_only_with_strictly_more_points():
    tie = solo_result(50, 2, [10, 20, 10, 10], 50, [10, 10, 10, 20])
    assert tie.winners == frozenset() and tie.ranks == (2,)
    win = solo_result(51, 0, [11, 20, 10, 10], 50, [10, 10, 10, 20])
    assert win.winners == frozenset({0})
    assert win.breakdown[0]["explorer"]["total"] == 50


def test_the_legend_option_draws_the_stage_start_gem_inside_the_game_but_a_legend_does_not():
    for legend, bonus in (("the_legend", 1), ("a_legend", 0)):
        state = GAME.new_state(1, {"legend": legend}, seed=11)
        # Hand the Explorer seven mythical gems from the bag before stage 1 ends.
        state.area.bag[5] -= 7
        state.explorer.gems[5] += 7
        rng = random.Random(5)
        events = []
        while state.stage == 1:
            events += state.apply(0, rng.choice(state.legal_actions(0)))
        (scored,) = [e for e in events if e["type"] == "explorer_scored"]
        assert scored["mythical"] >= 7
        bonus_events = [e for e in events if e["type"] == "explorer_bonus_gem"]
        assert len(bonus_events) == bonus
        # coloured gems left at stage scoring; mythical ones stayed; the bonus came on top
        assert sum(state.explorer.gems) == scored["mythical"] + bonus


def test_a_finished_game_refuses_every_action_and_the_heuristic_is_the_margin():
    state = GAME.new_state(1, seed=6)
    rng = random.Random(6)
    while not state.is_over():
        state.apply(0, rng.choice(state.legal_actions(0)))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(0, Finish())
    assert state.to_move() == frozenset() and state.legal_actions(0) == []
    assert state.heuristic(0) == state.result().scores[0] - state.explorer.total


def test_solo_heuristic_counts_what_the_explorers_gems_will_score_this_stage():
    state = new_state(1, seed=3)
    state.explorer.gems = gems(red=2, mythical=1)  # stage 1: 2 x 1 + 1 x 2
    mine = state.heuristic(0)
    state.explorer.gems = gems()
    assert state.heuristic(0) == mine + 4
