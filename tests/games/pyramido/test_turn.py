"""A player's turn: setup, take, the empty-pile split, refill, reveal, place, lost turns."""

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.pyramido.actions import Place, Reveal, Split, Take
from meeplehall.games.pyramido.phases import PLACE, REVEAL, SPLIT, TAKE

from .helpers import STUCK_BASE, build, fingerprint, gem_totals, gems, new_state, set_space


def mover(state) -> int:
    (seat,) = state.to_move()
    return seat


def test_setup_makes_five_piles_of_18_three_gems_per_space_and_piles_1_3_5_face_up():
    state = new_state(3, seed=5)
    assert [len(p) for p in state.area.piles] == [18] * 5
    assert [sum(s) for s in state.area.spaces] == [3] * 5
    assert sum(state.area.bag) == 63 - 15
    assert state.area.face_up == [True, False, True, False, True]
    assert state.phase == TAKE and state.to_move() == frozenset({state.start})


def test_taking_from_a_face_down_space_is_refused_and_changes_nothing():
    state = new_state(2, seed=1)
    set_space(state, 1, gems(red=3))
    gem = "red"
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="space 2's top is face down"):
        state.apply(mover(state), Take(2, gem))
    assert fingerprint(state) == before


def test_taking_a_gem_the_space_does_not_have_is_refused():
    state = new_state(2, seed=1)
    set_space(state, 0, gems(red=3))
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="space 1 has no blue gem"):
        state.apply(mover(state), Take(1, "blue"))
    assert fingerprint(state) == before


def test_take_gives_the_domino_and_the_chosen_gem_and_leaves_a_partial_area_alone():
    state = new_state(2, seed=1)
    seat = mover(state)
    top = state.area.piles[2][-1]
    set_space(state, 2, gems(red=1, mythical=2))
    state.apply(seat, Take(3, "mythical"))
    assert state.held == top
    assert state.gems[seat] == gems(mythical=1)
    assert state.area.spaces[2] == gems(red=1, mythical=1)  # not refilled: not empty
    assert state.area.face_up[2] is False
    assert state.phase == REVEAL


def test_an_emptied_gem_area_is_refilled_with_three_from_the_bag():
    state = new_state(2, seed=1)
    set_space(state, 0, gems(green=1))
    events = state.apply(mover(state), Take(1, "green"))
    assert sum(state.area.spaces[0]) == 3
    assert any(e["type"] == "gems_refilled" and e["space"] == 1 for e in events)
    assert sum(gem_totals(state)) == 63


def test_refill_puts_the_discard_back_into_an_empty_bag_and_continues():
    state = new_state(2, seed=1)
    area = state.area
    # Move everything but one gem of the bag into the discard; space 1 holds one green.
    set_space(state, 0, gems(green=1))
    keep = gems(red=1)
    area.discard = [b - k for b, k in zip(area.bag, keep, strict=True)]
    area.bag = keep
    events = state.apply(mover(state), Take(1, "green"))
    assert sum(area.spaces[0]) == 3
    assert area.spaces[0][4] >= 1  # the last bag gem was drawn first
    assert area.discard == [0] * 6
    assert any(e["type"] == "bag_refilled" for e in events)
    assert sum(gem_totals(state)) == 63


def test_refill_stays_short_when_bag_and_discard_are_both_empty():
    state = new_state(2, seed=1)
    area = state.area
    seat = mover(state)
    set_space(state, 0, gems(green=1))
    # the other seat holds every gem but one blue left in the bag; the discard is empty
    state.gems[1 - seat] = [b - k for b, k in zip(area.bag, gems(blue=1), strict=True)]
    area.bag = gems(blue=1)
    assert sum(gem_totals(state)) == 63
    state.apply(seat, Take(1, "green"))
    assert area.spaces[0] == gems(blue=1)
    assert sum(area.bag) == 0 and sum(area.discard) == 0


def test_taking_from_an_empty_gem_area_takes_just_the_domino():
    state = new_state(2, seed=1)
    set_space(state, 4, gems())
    seat = mover(state)
    assert Take(5, None) in state.legal_actions(seat)
    with pytest.raises(IllegalAction, match="choose one of the gems in space 1"):
        state.apply(seat, Take(1, None))
    state.apply(seat, Take(5, None))
    assert state.gems[seat] == gems()


def test_emptied_pile_takes_the_bottom_half_of_a_chosen_pile_keeping_order():
    state = new_state(2, seed=1)
    area = state.area
    area.piles[1].extend(area.piles[2][:-1])  # space 3 keeps a single domino (face up)
    area.piles[2] = area.piles[2][-1:]
    set_space(state, 2, gems(red=2))
    seat = mover(state)
    state.apply(seat, Take(3, "red"))
    assert state.phase == SPLIT
    assert {a.pile for a in state.legal_actions(seat)} == {1, 2, 4, 5}
    assert area.spaces[2] == gems(red=1)  # the gem area is not touched by the split
    with pytest.raises(IllegalAction, match="pile 3 cannot be split"):
        state.apply(seat, Split(3))
    source = area.piles[3][:]
    state.apply(seat, Split(4))
    assert area.piles[2] == source[:9] and area.piles[3] == source[9:]
    assert area.face_up[2] is False
    assert state.phase == REVEAL
    assert len(area.face_down()) == 3


def test_reveal_turns_up_a_chosen_face_down_pile_then_place():
    state = new_state(2, seed=1)
    seat = mover(state)
    state.apply(seat, state.legal_actions(seat)[0])
    assert {a.pile for a in state.legal_actions(seat)} == set(
        p + 1 for p in state.area.face_down()
    )
    with pytest.raises(IllegalAction, match="pile 5 is not face down"):
        state.apply(seat, Reveal(5))
    target = state.area.face_down()[0]
    events = state.apply(seat, Reveal(target + 1))
    assert state.area.face_up[target]
    assert events[0]["domino"]["id"] == state.area.piles[target][-1]
    assert state.phase == PLACE
    assert state.legal_actions(seat) == [Place(0, 0, r) for r in range(4)]
    state.apply(seat, Place(0, 0, 1))
    assert state.to_move() == frozenset({1 - seat})
    assert state.phase == TAKE


def test_acting_out_of_turn_or_out_of_phase_is_refused_and_changes_nothing():
    state = new_state(2, seed=1)
    seat = mover(state)
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match=f"not seat {1 - seat}'s turn"):
        state.apply(1 - seat, Take(1, None))
    with pytest.raises(IllegalAction, match="must take, not place"):
        state.apply(seat, Place(0, 0, 0))
    with pytest.raises(IllegalAction, match="there is no seat 7"):
        state.apply(7, Take(1, None))
    assert fingerprint(state) == before
    assert state.legal_actions(1 - seat) == []


def test_illegal_placement_is_refused_with_the_rule_and_changes_nothing():
    state = new_state(2, seed=1)
    seat = mover(state)
    state.apply(seat, state.legal_actions(seat)[0])
    state.apply(seat, state.legal_actions(seat)[0])
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="first domino goes at"):
        state.apply(seat, Place(2, 0, 0))
    assert fingerprint(state) == before


def test_a_seat_with_no_legal_placement_loses_its_turn_which_still_counts():
    state = new_state(2, seed=1)
    seat = mover(state)
    stuck = build(1, STUCK_BASE)
    state.pyramids[1 - seat] = stuck
    for _ in range(2):  # take, reveal
        state.apply(seat, state.legal_actions(seat)[0])
    events = state.apply(seat, state.legal_actions(seat)[0])  # place
    assert {"type": "turn_lost", "seat": 1 - seat, "stage": 1} in events
    assert state.turn == 2
    assert state.to_move() == frozenset({seat})
    assert state.held == 0 and len(state.pyramids[seat].placements) == 1


def test_bad_split_reveal_and_hand_made_actions_change_nothing():
    state = new_state(2, seed=1)
    area = state.area
    area.piles[1].extend(area.piles[2][:-1])
    area.piles[2] = area.piles[2][-1:]
    set_space(state, 2, gems(red=2))
    seat = mover(state)
    state.apply(seat, Take(3, "red"))
    before = fingerprint(state)
    for action, reason in (
        (Split(3), "pile 3 cannot be split"),
        (Reveal(1), "must split, not reveal"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            state.apply(seat, action)
        assert fingerprint(state) == before
    state.apply(seat, Split(1))
    before = fingerprint(state)
    assert area.face_up[0]  # the split took pile 1's bottom half: its top still shows
    with pytest.raises(IllegalAction, match="pile 1 is not face down"):
        state.apply(seat, Reveal(1))
    assert fingerprint(state) == before
    state.apply(seat, Reveal(area.face_down()[0] + 1))
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="rotation must be 0 to 3"):
        state.apply(seat, Place(0, 0, 7))
    assert fingerprint(state) == before


def test_an_emptied_space_stays_empty_when_no_other_pile_has_two_dominoes():
    state = new_state(2, seed=1)
    area = state.area
    area.piles = [pile[-1:] for pile in area.piles]  # never happens with 90 dominoes
    seat = mover(state)
    set_space(state, 0, gems(red=1))
    state.apply(seat, Take(1, "red"))
    assert state.phase == REVEAL and area.piles[0] == []
    assert {a.pile for a in state.legal_actions(seat)} == {2, 4}
