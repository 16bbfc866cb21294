"""Building: the floating base, upper-level supports and the colour rule, forced placement and
discards, undo, and hiding this round's placements from the other seats."""

from __future__ import annotations

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.yaxha.actions import Confirm, Place, Undo
from tests.games.yaxha.helpers import (
    FULL_BASE,
    act,
    cells,
    new,
    place,
    set_pyramid,
    start_building,
)


def cubes(state, seat: int, viewer: int | str | None = "own") -> dict[tuple[int, int, int], str]:
    view = state.view(seat if viewer == "own" else viewer)
    return {(c["level"], c["x"], c["y"]): c["colour"] for c in view["seats"][seat]["pyramid"]}


def places(state, seat: int) -> set[tuple[str, int, int, int]]:
    return {
        (a.colour, a.level, a.x, a.y) for a in state.legal_actions(seat) if isinstance(a, Place)
    }


def test_first_cube_goes_to_the_base_origin_only():
    state = new()
    start_building(state, {0: "OY", 1: "B"})
    assert places(state, 0) == {("orange", 0, 0, 0), ("yellow", 0, 0, 0)}
    with pytest.raises(IllegalAction, match="first cube"):
        act(state, 0, place("orange", 0, 1, 0))
    act(state, 0, place("orange", 0, 0, 0))
    assert cubes(state, 0) == {(0, 0, 0): "orange"}


def test_base_floats_and_is_renormalised_after_a_placement_at_negative_coordinates():
    state = new()
    set_pyramid(state, 0, cells("O"))
    start_building(state, {0: "YB"})
    assert ("yellow", 0, -1, 0) in places(state, 0)
    act(state, 0, place("yellow", 0, -1, 0))
    assert cubes(state, 0) == {(0, 0, 0): "yellow", (0, 1, 0): "orange"}
    act(state, 0, place("blue", 0, 0, -1))
    assert cubes(state, 0) == {(0, 0, 1): "yellow", (0, 1, 1): "orange", (0, 0, 0): "blue"}


def test_base_cube_must_touch_orthogonally_and_keep_the_base_within_4x4():
    state = new()
    set_pyramid(state, 0, cells("OYBG"))
    start_building(state, {0: "W"})
    legal = {(x, y) for (_c, z, x, y) in places(state, 0)}
    assert legal == {(x, y) for x in range(4) for y in (-1, 1)}
    with pytest.raises(IllegalAction, match="wider than 4x4"):
        act(state, 0, place("white", 0, -1, 0))
    with pytest.raises(IllegalAction, match="outside the 4x4 base"):
        act(state, 0, place("white", 0, 4, 0))
    with pytest.raises(IllegalAction, match="does not touch"):
        act(state, 0, place("white", 0, 1, 2))
    with pytest.raises(IllegalAction, match="already occupied"):
        act(state, 0, place("white", 0, 1, 0))


def test_upper_cube_needs_four_supports():
    state = new()
    set_pyramid(state, 0, cells("OO/O."))
    start_building(state, {0: "OO"})
    assert all(z == 0 for (_c, z, _x, _y) in places(state, 0))
    with pytest.raises(IllegalAction, match="does not rest on four cubes"):
        act(state, 0, place("orange", 1, 0, 0))
    act(state, 0, place("orange", 0, 1, 1))
    assert ("orange", 1, 0, 0) in places(state, 0)


def test_upper_cube_colour_must_match_a_support():
    state = new()
    set_pyramid(state, 0, cells("OY/YY"))
    start_building(state, {0: "OB"})
    assert {(c, z) for (c, z, _x, _y) in places(state, 0) if z > 0} == {("orange", 1)}
    with pytest.raises(IllegalAction, match="must rest on a blue cube or sit next to one"):
        act(state, 0, place("blue", 1, 0, 0))
    act(state, 0, place("orange", 1, 0, 0))


def test_upper_cube_colour_may_match_an_orthogonal_neighbour_on_its_level():
    state = new()
    # Level 2 cell (1,1,0) rests on Y Y / Y Y but sits next to the blue cube at (1,0,0).
    set_pyramid(state, 0, cells("BYY/YYY", "B"))
    start_building(state, {0: "B"})
    assert ("blue", 1, 1, 0) in places(state, 0)


def test_diagonal_same_level_neighbour_does_not_satisfy_the_colour_rule():
    state = new()
    # (1,1,1) touches blue (1,0,0) only diagonally and rests on no blue cube.
    set_pyramid(state, 0, cells("BYY/YYY/YYY", "B../.Y."))
    start_building(state, {0: "B"})
    assert ("blue", 1, 1, 1) not in places(state, 0)
    assert ("blue", 1, 1, 0) in places(state, 0)


def test_a_higher_level_may_start_before_the_lower_one_is_complete():
    state = new()
    set_pyramid(state, 0, cells("OOO/OOO/OOO", "OO/OO"))
    start_building(state, {0: "O"})
    assert ("orange", 2, 0, 0) in places(state, 0)


def test_confirm_is_refused_while_a_cube_still_fits():
    state = new()
    set_pyramid(state, 0, cells("OY"))
    start_building(state, {0: "B"})
    assert Confirm() not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="must place your cubes"):
        act(state, 0, {"type": "confirm"})


def test_cubes_that_fit_nowhere_are_discarded_on_confirm():
    state = new()
    full = cells(FULL_BASE, "YYY/YYY/YYY")
    set_pyramid(state, 0, full)
    set_pyramid(state, 1, cells("O"))
    start_building(state, {0: "YOB", 1: ""})
    # Only yellow fits (level 3 rests on yellow); after it, orange and blue fit nowhere.
    assert places(state, 0) == {("yellow", 2, x, y) for x in range(2) for y in range(2)}
    act(state, 0, place("yellow", 2, 0, 0))
    assert state.legal_actions(0) == [Confirm(), Undo()]
    act(state, 0, {"type": "confirm"})
    assert state.view(0)["seats"][0]["discarded"] == 2
    assert state.view(1)["seats"][0]["discarded"] == 0  # secret until everyone confirmed
    act(state, 1, {"type": "confirm"})
    assert state.view(1)["seats"][0]["discarded"] == 2
    assert sum(state.discarded[0]) == 2


def test_discarding_is_impossible_while_the_base_is_not_full():
    state = new()
    set_pyramid(state, 0, cells("YYYY/YYYY/YYYY/YYY."))
    start_building(state, {0: "OOO"})
    assert Confirm() not in state.legal_actions(0)
    assert places(state, 0) == {("orange", 0, 3, 3)}


def test_order_of_placement_is_free_even_if_it_forces_a_discard():
    state = new()
    set_pyramid(state, 0, cells("OOOO/OOOO/OOOO/OOO."))
    start_building(state, {0: "YB"})
    # Yellow may take the last base cell; then blue fits nowhere and is discarded.
    act(state, 0, place("yellow", 0, 3, 3))
    assert state.legal_actions(0) == [Confirm(), Undo()]


def test_undo_takes_back_the_last_placement_including_a_base_shift():
    state = new()
    set_pyramid(state, 0, cells("O"))
    start_building(state, {0: "YB"})
    before = state.view(0)
    act(state, 0, place("yellow", 0, -1, 0))
    act(state, 0, {"type": "undo"})
    assert state.view(0) == before
    with pytest.raises(IllegalAction, match="no placement of this round to undo"):
        act(state, 0, {"type": "undo"})


def test_no_undo_after_confirming():
    state = new()
    set_pyramid(state, 0, cells("O"))
    start_building(state, {0: "Y"})
    act(state, 0, place("yellow", 0, 1, 0))
    act(state, 0, {"type": "confirm"})
    with pytest.raises(IllegalAction, match="already confirmed"):
        act(state, 0, {"type": "undo"})


def test_own_view_offers_undo_only_until_the_seat_confirms():
    state = new()
    set_pyramid(state, 0, cells("O"))
    start_building(state, {0: "Y", 1: "W"})
    act(state, 0, place("yellow", 0, 1, 0))
    assert state.view(0)["seats"][0]["can_undo"] is True
    act(state, 0, {"type": "confirm"})
    # Seat 1 still builds, so the round is open, but seat 0's placements are final.
    assert not state.is_over() and state.view(0)["seats"][0]["confirmed"]
    assert state.view(0)["phase"] == "build"
    assert state.view(0)["seats"][0]["can_undo"] is False
    assert Undo() not in state.legal_actions(0)


def test_this_rounds_placements_stay_hidden_from_other_seats_until_all_confirm():
    state = new()
    set_pyramid(state, 0, cells("O"))
    set_pyramid(state, 1, cells("B"))
    start_building(state, {0: "Y", 1: "W"})
    act(state, 0, place("yellow", 0, 1, 0))
    assert cubes(state, 0, viewer=1) == {(0, 0, 0): "orange"}
    assert cubes(state, 0, viewer=None) == {(0, 0, 0): "orange"}
    assert cubes(state, 0) == {(0, 0, 0): "orange", (0, 1, 0): "yellow"}
    act(state, 0, {"type": "confirm"})
    assert cubes(state, 0, viewer=1) == {(0, 0, 0): "orange"}
    assert state.view(1)["seats"][0]["confirmed"] is True
    act(state, 1, place("white", 0, 0, 1))
    act(state, 1, {"type": "confirm"})
    assert cubes(state, 0, viewer=1) == {(0, 0, 0): "orange", (0, 1, 0): "yellow"}
    assert state.phase_name() == "select" and state.round == 2


def test_building_is_simultaneous_in_any_order():
    state = new(3)
    start_building(state, {0: "O", 1: "Y", 2: "B"})
    assert state.to_move() == frozenset({0, 1, 2})
    act(state, 2, place("blue", 0, 0, 0))
    act(state, 2, {"type": "confirm"})
    act(state, 0, place("orange", 0, 0, 0))
    assert state.to_move() == frozenset({0, 1})
