"""Placement rules: first move, edge matching, fallback, and rejected input."""

from __future__ import annotations

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.monsterhex.actions import Place

from .helpers import fingerprint, new, play, put, set_hand, set_turn


def _rejected(state, seat, data, words):
    before = fingerprint(state)
    with pytest.raises(IllegalAction) as error:
        play(state, seat, data)
    assert words in error.value.reason
    assert fingerprint(state) == before


def _place(unit, q, r, rotation=0):
    return {"type": "place", "unit": unit, "q": q, "r": r, "rotation": rotation}


def test_first_unit_must_go_on_a_start_cell_with_any_rotation():
    state = new(4)
    set_turn(state, 0)
    set_hand(state, 0, ["A1", "B2", "C3", "S"])
    _rejected(state, 0, _place("A1", 0, -1), "start cell")
    legal = state.legal_actions(0)
    assert {(a.q, a.r) for a in legal} == {(1, -1), (-1, 0)}
    assert {a.rotation for a in legal} == set(range(6))
    play(state, 0, _place("A1", -1, 0, 4))
    assert state.owner[state.cell_of(-1, 0)] == 0


def _one_unit_board():
    state = new(4)
    put(state, 1, "A1", 1, -1, 0)  # shows 2 towards the west cell (0,-1)
    set_turn(state, 0)
    set_hand(state, 0, ["C2", "C3", "B2", "A3"])
    return state


def test_a_unit_needs_one_equal_facing_edge_with_a_touching_unit():
    state = _one_unit_board()
    # C2 at rotation 0 shows 2 east, against A1's 2: legal.
    assert Place("C2", 0, -1, 0) in state.legal_actions(0)
    # C3 at rotation 0 shows 1 east: no matching edge, and legal placements exist.
    _rejected(state, 0, _place("C3", 0, -1, 0), "no power equal")
    play(state, 0, _place("C2", 0, -1, 0))
    assert state.unit[state.cell_of(0, -1)] == state.cfg.comp.unit_index["C2"]


def test_every_legal_placement_touches_a_unit_with_an_equal_edge():
    state = _one_unit_board()
    comp = state.cfg.comp
    for action in state.legal_actions(0):
        cell = state.cell_of(action.q, action.r)
        powers = comp.facing[comp.unit_index[action.unit]][action.rotation]
        assert any(
            n >= 0 and state.owner[n] >= 0 and state.power(n, (d + 3) % 6) == powers[d]
            for d, n in enumerate(state.cfg.board.neighbours[cell])
        )


def test_bad_placements_get_a_reason_and_change_nothing():
    state = _one_unit_board()
    _rejected(state, 0, _place("C2", 1, -1), "already holds a unit")
    _rejected(state, 0, _place("C2", 0, 0), "gem site")
    _rejected(state, 0, _place("C2", 9, 9), "not a cell")
    _rejected(state, 0, _place("S", 0, -1), "not in the hand")
    _rejected(state, 0, _place("Z9", 0, -1), "no unit called")
    _rejected(state, 0, _place("C2", 3, -3), "touches no unit")
    _rejected(state, 1, _place("C2", 0, -1), "seat 0's turn")
    _rejected(state, 0, {"type": "take_slot", "slot": 0}, "place a unit")
    _rejected(state, 0, {"type": "target", "q": 1, "r": -1}, "place a unit")


def _sealed_start(state, q, r):
    # S at rotation 1 shows 1 and 3 towards the two gems beside a start cell and 4-5 elsewhere.
    put(state, 1, "S", q, r, 1)


def test_fallback_uses_a_free_start_cell_when_nothing_matches():
    state = new(4)
    _sealed_start(state, 1, -1)
    set_turn(state, 0)
    set_hand(state, 0, ["C1"])  # C1 shows only 1, 2 and 3
    legal = state.legal_actions(0)
    assert {(a.q, a.r) for a in legal} == {(-1, 0)}
    assert len(legal) == 6
    _rejected(state, 0, _place("C1", 0, -1, 0), "no power equal")
    play(state, 0, _place("C1", -1, 0, 2))


def test_fallback_goes_anywhere_when_both_start_cells_are_taken():
    state = new(4)
    _sealed_start(state, 1, -1)
    _sealed_start(state, -1, 0)
    set_turn(state, 0)
    set_hand(state, 0, ["C1"])
    cells = {(a.q, a.r) for a in state.legal_actions(0)}
    assert len(cells) == 30
    assert (3, -3) in cells  # far from every unit
    play(state, 0, _place("C1", 3, -3, 0))


def test_no_fallback_while_a_matching_placement_exists():
    state = new(4)
    _sealed_start(state, 1, -1)
    set_turn(state, 0)
    set_hand(state, 0, ["C1", "A1"])  # A1 shows a 5 and a 4
    legal = state.legal_actions(0)
    assert all(a.unit == "A1" for a in legal)
    assert (-1, 0) not in {(a.q, a.r) for a in legal}
    _rejected(state, 0, _place("C1", -1, 0, 0), "touches no unit")
