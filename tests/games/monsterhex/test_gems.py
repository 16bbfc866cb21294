"""Gem resolution: big-gem ranking and tie cases, slot choice, bonuses, small gems, tie-break."""

from __future__ import annotations

import pytest

from meeplehall.core import IllegalAction

from .helpers import fingerprint, new, play, put, rotation_facing, set_turn

# Neighbours of the 4p centre gem (0,0) and the direction from each towards the gem.
CENTRE_RING = [((1, 0), 3), ((1, -1), 4), ((0, -1), 5), ((-1, 0), 0), ((-1, 1), 1), ((0, 1), 2)]


def surround(state, owners_powers, ring=CENTRE_RING, unit="A1"):
    """Put units of the given (owner, power towards the gem) around a gem; resolve it."""
    for ((q, r), d), (owner, power) in zip(ring, owners_powers, strict=True):
        put(state, owner, unit, q, r, rotation_facing(state, unit, d, power))
    state.last_cells = [state.cell_of(q, r) for (q, r), _d in ring]
    events = []
    state._after_placements(events)
    return events


def four_player():
    state = new(4, colours="seat")  # P0 red, P1 blue, P2 yellow, P3 green
    set_turn(state, 0)
    return state


def test_unique_first_chooses_a_slot_and_unique_second_gets_the_other():
    state = four_player()
    surround(state, [(0, 5), (0, 5), (1, 3), (1, 3), (2, 1), (2, 1)])
    assert state.to_move() == {0} and state.phase == "slot"
    play(state, 0, {"type": "take_slot", "slot": 1})  # the low 3 (green)
    assert state.scores[:3] == [3, 7, 0]  # P1 blue gets the red 7: no colour bonus


def test_taking_a_slot_of_your_colour_adds_two():
    state = four_player()
    events = surround(state, [(0, 5), (0, 5), (1, 3), (1, 3), (2, 1), (2, 1)])
    events = play(state, 0, {"type": "take_slot", "slot": 0})
    assert state.scores[:2] == [9, 3]
    assert {"type": "award", "seat": 0, "points": 2, "reason": "colour bonus", "site": [0, 0],
            "slot": 0} in events
    assert state.breakdown[0][1] == 2


def test_green_second_place_gets_the_colour_bonus_on_the_green_three():
    state = four_player()
    surround(state, [(0, 5), (0, 5), (3, 3), (3, 3), (2, 1), (2, 1)])
    play(state, 0, {"type": "take_slot", "slot": 0})
    assert state.scores == [9, 0, 0, 5]


def test_tied_first_places_get_nothing_and_second_place_chooses_one_slot():
    state = four_player()
    surround(state, [(0, 4), (0, 4), (1, 4), (1, 4), (2, 1), (2, 1)])
    assert state.to_move() == {2}
    play(state, 2, {"type": "take_slot", "slot": 0})
    assert state.scores == [0, 0, 7, 0]
    assert state.phase == "place"


def test_tied_second_places_get_nothing_and_first_takes_one_slot():
    state = four_player()
    surround(state, [(0, 5), (0, 5), (1, 2), (1, 1), (2, 2), (2, 1)])
    play(state, 0, {"type": "take_slot", "slot": 0})
    assert state.scores == [9, 0, 0, 0]


def test_three_tied_leaders_leave_the_choice_to_the_fourth_player():
    state = four_player()
    surround(state, [(0, 5), (1, 5), (2, 5), (3, 1), (3, 1), (3, 2)])
    assert state.to_move() == {3}
    play(state, 3, {"type": "take_slot", "slot": 1})
    assert state.scores == [0, 0, 0, 5]  # green 3 + colour bonus


def test_all_tied_means_nobody_scores_and_no_choice_is_asked():
    state = four_player()
    surround(state, [(0, 3), (1, 3), (2, 3), (3, 3), (0, 3), (1, 3)])
    assert state.phase == "place" and state.scores == [0, 0, 0, 0]


def test_a_lone_participant_takes_one_slot_and_the_other_is_lost():
    state = four_player()
    surround(state, [(1, 1)] * 6)
    play(state, 1, {"type": "take_slot", "slot": 0})
    assert state.scores == [0, 7, 0, 0]


def test_only_the_winner_may_choose_the_slot():
    state = four_player()
    surround(state, [(0, 5), (0, 5), (1, 3), (1, 3), (2, 1), (2, 1)])
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        play(state, 1, {"type": "take_slot", "slot": 0})
    with pytest.raises(IllegalAction, match="take one slot"):
        play(state, 0, {"type": "place", "unit": "S", "q": 3, "r": -3, "rotation": 0})
    assert fingerprint(state) == before


def test_counters_change_powers_at_resolution():
    state = four_player()
    cells = [(1, 0), (1, -1)]
    for (q, r), d in CENTRE_RING[:2]:
        put(state, 1, "A1", q, r, rotation_facing(state, "A1", d, 5))
    state.black[state.cell_of(*cells[0])] = 9  # floor at 0: 5 - 9 -> 0
    state.black[state.cell_of(*cells[1])] = 9
    surround_rest = [(0, 1), (0, 1), (2, 1), (3, 1)]
    for ((q, r), d), (owner, power) in zip(CENTRE_RING[2:], surround_rest, strict=True):
        put(state, owner, "A1", q, r, rotation_facing(state, "A1", d, power))
    state.last_cells = [state.cell_of(0, 1)]
    events = []
    state._after_placements(events)
    resolved = next(e for e in events if e["type"] == "gem_resolved")
    assert resolved["totals"] == {"0": 2, "1": 0, "2": 1, "3": 1}
    assert state.to_move() == {0}


# 2p board: the 7 stone at (0,2).
RING_2P = [((1, 2), 3), ((1, 1), 4), ((0, 1), 5), ((-1, 2), 0), ((-1, 3), 1), ((0, 3), 2)]


def test_two_player_overwhelming_lead_takes_both_slots():
    state = new(2, colours="seat")
    set_turn(state, 0)
    # 5+5+5+5+5 = 25 against 1: the lead 24 is at least twice the 7.
    surround(state, [(0, 5)] * 5 + [(1, 1)], ring=RING_2P)
    assert state.phase == "place"
    assert state.scores == [7 + 2 + 3, 0]


def test_two_player_lead_short_of_twice_the_value_is_a_normal_resolution():
    state = new(2, colours="seat")
    set_turn(state, 0)
    # 5+5+4+1+1 = 16 against 3: lead 13 < 14.
    surround(state, [(0, 5), (0, 5), (0, 4), (0, 1), (0, 1), (1, 3)], ring=RING_2P)
    assert state.to_move() == {0}
    play(state, 0, {"type": "take_slot", "slot": 0})
    assert state.scores == [9, 3]


def test_overwhelming_bonus_is_only_for_two_player_games():
    state = four_player()
    surround(state, [(0, 5)] * 5 + [(1, 1)])
    assert state.to_move() == {0}


# Small gem (3,-4) on the 4p board: cells (2,-3) facing NE and (3,-3) facing NW.
def _small(state, a, b):
    (owner_a, unit_a, power_a), (owner_b, unit_b, power_b) = a, b
    put(state, owner_a, unit_a, 2, -3, rotation_facing(state, unit_a, 1, power_a))
    put(state, owner_b, unit_b, 3, -3, rotation_facing(state, unit_b, 2, power_b))
    state.last_cells = [state.cell_of(3, -3)]
    events = []
    state._after_placements(events)
    return events


def test_small_gem_goes_to_the_higher_facing_power():
    state = four_player()
    _small(state, (0, "C1", 3), (1, "S", 1))
    assert state.scores == [1, 0, 0, 0]


def test_small_gem_power_tie_goes_to_the_higher_rank():
    state = four_player()
    _small(state, (0, "C1", 3), (1, "B2", 3))
    assert state.scores == [0, 1, 0, 0]


def test_small_gem_with_equal_power_and_rank_goes_to_nobody():
    state = four_player()
    events = _small(state, (0, "B1", 3), (1, "B2", 3))
    assert state.scores == [0, 0, 0, 0]
    assert any(e["type"] == "gem_resolved" and e["winner"] == -1 for e in events)


def test_small_gem_with_both_units_of_one_owner_goes_to_that_owner():
    state = four_player()
    _small(state, (2, "B1", 1), (2, "B2", 3))
    assert state.scores == [0, 0, 1, 0]


def test_score_tie_is_broken_by_the_seven_point_stone_else_shared():
    state = four_player()
    state.scores = [10, 10, 10, 4]
    state.holds_seven = [False, True, False, False]
    result = state.result()
    assert result.winners == {1}
    state.holds_seven = [False, False, False, True]
    result = state.result()
    assert result.winners == {0, 1, 2}
    assert result.ranks == (1, 1, 1, 4)


def test_taking_the_seven_slot_is_recorded_for_the_tie_break():
    state = four_player()
    surround(state, [(0, 5), (0, 5), (1, 3), (1, 3), (2, 1), (2, 1)])
    play(state, 0, {"type": "take_slot", "slot": 1})
    assert state.holds_seven == [False, True, False, False]


def test_view_shows_who_won_each_gem_and_slot():
    state = four_player()
    _small(state, (0, "C1", 3), (1, "S", 1))
    view = state.view(None)
    small = next(g for g in view["gems"] if (g["q"], g["r"]) == (3, -4))
    assert small["won_by"] == 0 and small["resolved"]
    assert all(s["taken_by"] is None for g in view["gems"] if g["kind"] == "big"
               for s in g["slots"])
    surround(state, [(0, 5), (0, 5), (1, 3), (1, 3), (2, 1), (2, 1)])
    play(state, 0, {"type": "take_slot", "slot": 1})
    centre = next(g for g in state.view(2)["gems"] if (g["q"], g["r"]) == (0, 0))
    assert [s["taken_by"] for s in centre["slots"]] == [1, 0]
    assert centre["slots"][0] == {"value": 7, "colour": "red", "taken_by": 1}
