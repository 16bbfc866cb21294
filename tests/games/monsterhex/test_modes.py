"""Shared faction for two players, solo play, setup per player count, options."""

from __future__ import annotations

import random

import pytest

from meeplehall.core import InvalidOption

from .helpers import new


def _play_any(state, rng):
    (seat,) = state.to_move()
    action = rng.choice(state.legal_actions(seat))
    state.apply(seat, action)
    return seat, action


def test_board_and_hand_size_follow_the_player_count():
    assert (new(4).cfg.board.key, len(new(4).hands[0])) == ("4p", 4)
    assert (new(3).cfg.board.key, len(new(3).hands[0])) == ("3p", 3)
    assert (new(2).cfg.board.key, len(new(2).hands[0])) == ("2p", 3)
    assert new(2, shared_faction=True).cfg.board.key == "3p"
    assert new(1).cfg.board.key == "2p"


def test_shared_faction_round_is_first_own_second_own_then_first_shared():
    state = new(2, seed=3, shared_faction=True)
    first = state.first
    second = 1 - first
    assert (len(state.hands[first]), len(state.shared_hands[first])) == (2, 1)
    assert (len(state.hands[second]), len(state.shared_hands[second])) == (3, 0)
    rng = random.Random(1)
    order = []
    while len(order) < 6:
        if state.phase == "place":
            order.append((next(iter(state.to_move())), state.view(None)["turn_kind"]))
        _play_any(state, rng)
    assert order == [
        (first, "own"), (second, "own"), (first, "shared"),
        (second, "own"), (first, "own"), (second, "shared"),
    ]


def test_shared_units_belong_to_nobody_and_their_prizes_are_discarded():
    state = new(2, seed=4, shared_faction=True)
    rng = random.Random(2)
    discarded = 0
    while not state.is_over():
        (seat,) = state.to_move()
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            if event["type"] == "discarded":
                discarded += event["points"]
                assert event["owner"] == 2
    assert sum(1 for o in state.owner if o == 2) == 10
    view = state.view(None)
    shared_cells = [c for c in view["cells"] if c["unit"]["shared"]]
    assert len(shared_cells) == 10 and all(c["unit"]["owner"] is None for c in shared_cells)
    assert view["shared_colour"] not in {p["colour"] for p in view["players"]}


def test_solo_alternates_own_and_shared_units_and_keeps_two_plus_one_in_hand():
    state = new(1, seed=2)
    rng = random.Random(3)
    kinds = []
    while not state.is_over():
        if state.phase == "place":
            kinds.append(state.view(0)["turn_kind"])
            if kinds[-1] == "own":
                assert (len(state.hands[0]), len(state.shared_hands[0])) == (2, 1)
        _play_any(state, rng)
    assert kinds == ["own", "shared"] * 9
    assert len(state.hands[0]) == 1


@pytest.mark.parametrize("target", [0, 200])
def test_solo_target_decides_win_or_loss(target):
    state = new(1, seed=5, solo_target=target)
    rng = random.Random(5)
    while not state.is_over():
        _play_any(state, rng)
    result = state.result()
    assert result.winners == ({0} if target == 0 else set())
    assert result.breakdown[0]["target"] == target


def test_bad_options_and_player_counts_are_refused_with_a_reason():
    with pytest.raises(InvalidOption, match="1 to 4 players"):
        new(5)
    with pytest.raises(InvalidOption, match="2-player variant"):
        new(3, shared_faction=True)
    with pytest.raises(InvalidOption, match="abilities"):
        new(3, abilities="sometimes")
    with pytest.raises(InvalidOption, match="unknown option"):
        new(3, colour="red")


def test_random_gem_placement_keeps_the_centre_seven_and_moves_the_others():
    layouts = {new(4, seed=s, random_gems=True).site_tile for s in range(30)}
    assert all(layout[0] == "T7" for layout in layouts)
    assert len(layouts) > 1
    assert {new(2, seed=s, random_gems=True).site_tile[1] for s in range(30)} != {"T7"}
    assert new(4, seed=1).site_tile == new(4, seed=2).site_tile


def test_start_player_does_not_rotate_in_the_base_game():
    state = new(3, seed=9)
    start = state.first
    rng = random.Random(0)
    firsts = []
    while state.round <= 3:
        if state.phase == "place" and state.step == 0:
            firsts.append(next(iter(state.to_move())))
        _play_any(state, rng)
    assert set(firsts) == {start}
