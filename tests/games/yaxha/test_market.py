"""The secret market choice, tie resolution with pending picks, and initiative swaps."""

from __future__ import annotations

import pytest

from meeplehall.core import IllegalAction, events_for
from tests.games.yaxha.helpers import new


def choose(state, seat: int, tile: int):
    from meeplehall.games.yaxha import GAME

    return state.apply(seat, GAME.parse_action({"type": "tile", "tile": tile}))


def with_initiative(players: int, initiative: list[int]):
    state = new(players)
    state.initiative = list(initiative)
    return state


def test_every_seat_chooses_at_once_and_nothing_is_revealed_before_the_last_choice():
    state = with_initiative(3, [1, 2, 3])
    assert state.to_move() == frozenset({0, 1, 2})
    events = choose(state, 0, 2)
    assert state.phase_name() == "select"
    assert state.to_move() == frozenset({1, 2})
    public = events_for(events, 1)
    assert public == [{"type": "seat_has_chosen", "seat": 0}]
    assert events_for(events, 0)[0] == {"type": "tile_chosen", "seat": 0, "tile": 2}


def test_other_views_show_only_that_a_seat_has_chosen():
    state = with_initiative(3, [1, 2, 3])
    before = state.view(1)
    choose(state, 0, 2)
    after = state.view(1)
    assert after["seats"][0]["chosen"] is True
    assert "choice" not in after["seats"][0]
    other = new(3)
    other.initiative = [1, 2, 3]
    choose(other, 0, 1)
    assert other.view(1) == after  # the view does not depend on which tile seat 0 took
    assert before["seats"][0]["chosen"] is False
    assert state.view(0)["seats"][0]["choice"] == 2


def test_a_seat_may_change_its_choice_until_everyone_has_chosen():
    state = with_initiative(2, [1, 2])
    choose(state, 0, 0)
    assert [a.tile for a in state.legal_actions(0)] == [1]
    choose(state, 0, 1)
    with pytest.raises(IllegalAction, match="already chosen tile 1"):
        choose(state, 0, 1)
    choose(state, 1, 0)
    assert state.last_choices == (1, 0)
    assert state.taken_by == [1, 0]
    assert state.initiative == [1, 2]  # no tie, no swap
    assert state.phase_name() == "build"


def test_two_way_tie_lower_initiative_collects_other_gets_last_tile_and_they_swap():
    state = with_initiative(2, [2, 1])
    choose(state, 0, 1)
    choose(state, 1, 1)
    assert state.taken_by == [0, 1]  # seat 1 (initiative 1) took tile 1; seat 0 got tile 0
    assert state.initiative == [1, 2]
    assert state.phase_name() == "build"


def test_two_way_tie_in_three_players_leaves_the_untied_seat_alone():
    state = with_initiative(3, [3, 1, 2])
    choose(state, 0, 0)  # alone on tile 0
    choose(state, 1, 2)
    choose(state, 2, 2)
    assert state.taken_by == [0, 2, 1]  # seat 1 (init 1) wins tile 2; seat 2 gets tile 1
    assert state.initiative == [3, 2, 1]


def test_two_ties_in_one_round_resolve_independently_spec_example():
    # A(1) and B(3) choose X; C(2) and D(4) choose Y.
    a, b, c, d = range(4)
    state = with_initiative(4, [1, 3, 2, 4])
    x, y = 0, 1
    choose(state, a, x)
    choose(state, b, x)
    choose(state, c, y)
    choose(state, d, y)
    assert state.taken_by[x] == a and state.taken_by[y] == c
    assert state.phase_name() == "pick"
    assert state.to_move() == frozenset({b})  # pending B(3) before D(4)
    assert sorted(a.tile for a in state.legal_actions(b)) == [2, 3]
    assert state.legal_actions(d) == []
    choose(state, b, 3)
    assert state.taken_by == [a, c, d, b]  # D gets the last tile automatically
    assert state.initiative == [3, 1, 4, 2]  # A<->B, C<->D
    assert state.phase_name() == "build"


def test_pending_picks_follow_initiative_across_all_ties():
    # A(1), B(4) on tile 0; C(2), D(3) on tile 1: pending D(3) picks before B(4).
    state = with_initiative(4, [1, 4, 2, 3])
    for seat, tile in ((0, 0), (1, 0), (2, 1), (3, 1)):
        choose(state, seat, tile)
    assert state.to_move() == frozenset({3})
    with pytest.raises(IllegalAction, match="seat 3's pick"):
        choose(state, 1, 2)
    choose(state, 3, 2)
    assert state.taken_by == [0, 2, 3, 1]
    assert state.initiative == [4, 1, 3, 2]


def test_three_of_four_tied_swap_first_and_last_spec_example():
    # A(1), B(2) and D(4) choose X; C(3) chooses Y.
    a, b, c, d = range(4)
    state = with_initiative(4, [1, 2, 3, 4])
    for seat, tile in ((a, 0), (b, 0), (d, 0), (c, 1)):
        choose(state, seat, tile)
    assert state.to_move() == frozenset({b})
    choose(state, b, 2)
    assert state.taken_by == [a, c, b, d]
    assert state.initiative == [4, 2, 3, 1]  # A<->D, B keeps 2


def test_four_way_tie_swaps_first_with_fourth_and_second_with_third():
    state = with_initiative(4, [1, 2, 3, 4])
    for seat in range(4):
        choose(state, seat, 2)
    assert state.taken_by[2] == 0
    assert state.to_move() == frozenset({1})
    choose(state, 1, 0)
    assert state.to_move() == frozenset({2})
    choose(state, 2, 3)
    assert state.taken_by == [1, 3, 0, 2]
    assert state.initiative == [4, 3, 2, 1]


def test_pending_player_cannot_take_a_collected_tile():
    state = with_initiative(3, [1, 2, 3])
    for seat in range(3):
        choose(state, seat, 0)
    assert state.to_move() == frozenset({1})
    with pytest.raises(IllegalAction, match="already collected by seat 0"):
        choose(state, 1, 0)
    assert state.to_move() == frozenset({1})


def test_collected_cubes_go_to_the_hand_and_the_market_refills_next_round():
    state = with_initiative(2, [1, 2])
    tiles = list(state.market)
    choose(state, 0, 1)
    choose(state, 1, 0)
    assert state.view(0)["seats"][0]["hand"] == sorted(
        state.view(0)["seats"][0]["collected"],
        key=["orange", "yellow", "blue", "green", "white"].index,
    )
    assert state.collected == [tiles[1], tiles[0]]
    assert state.bag_pos == 6
