"""Placement legality on each stage (rules 4.4-4.6)."""

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.pyramido.actions import Place
from meeplehall.games.pyramido.pyramid import Pyramid

from .helpers import FULL_BASE, STUCK_BASE, build


def legal(pyramid: Pyramid, stage: int) -> set[tuple[int, int, int]]:
    return {(p.i, p.j, p.rotation) for p in pyramid.legal_places(stage)}


def cells(i: int, j: int, rotation: int) -> set[tuple[int, int]]:
    di, dj = ((1, 0), (0, 1), (-1, 0), (0, -1))[rotation]
    return {(i, j), (i + di, j + dj)}


def test_first_domino_goes_at_the_origin_in_any_of_four_rotations():
    assert legal(Pyramid(), 1) == {(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3)}


@pytest.mark.parametrize(("rotation", "b_cell"), [(0, (1, 0)), (1, (0, 1)), (2, (-1, 0)),
                                                  (3, (0, -1))])
def test_each_rotation_puts_block_b_on_its_side(rotation, b_cell):
    pyramid = build(1, [(0, 0, rotation)])
    occupied = {(x - 4, y - 4) for _d, _s, x, y, _r in pyramid.placements}
    assert occupied == {(0, 0)}
    box = pyramid.box
    assert box is not None
    bx, by = b_cell
    assert (box[0] - 4, box[1] - 4) == (min(0, bx), max(0, bx))
    assert (box[2] - 4, box[3] - 4) == (min(0, by), max(0, by))


def test_stage1_domino_must_touch_one_already_placed():
    pyramid = build(1, [(0, 0, 0)])
    options = legal(pyramid, 1)
    assert (0, 1, 0) in options  # right below
    assert (2, 0, 0) in options  # to the right, touching B
    assert (0, 2, 0) not in options  # a row gap
    with pytest.raises(IllegalAction, match="must touch a domino already placed"):
        pyramid.check_place(1, Place(0, 2, 0))


def test_every_stage1_option_touches_and_never_overlaps():
    pyramid = build(1, [(0, 0, 0), (0, 1, 1)])
    taken = {(0, 0), (1, 0), (0, 1), (0, 2)}
    for i, j, rotation in legal(pyramid, 1):
        new = cells(i, j, rotation)
        assert not new & taken
        assert any(abs(x - a) + abs(y - b) == 1 for x, y in new for a, b in taken)


def test_stage1_cannot_cover_a_placed_block():
    pyramid = build(1, [(0, 0, 0)])
    with pytest.raises(IllegalAction, match=r"block \(1, 0\) of stage 1 is already taken"):
        pyramid.check_place(1, Place(1, 0, 1))


def test_stage1_bounding_box_may_reach_5x4_but_not_6_wide():
    pyramid = build(1, [(0, 0, 0), (2, 0, 0)])  # a row of 4 blocks
    assert (4, 0, 1) in legal(pyramid, 1)  # a fifth column
    pyramid = build(1, [(4, 0, 1)], pyramid)
    with pytest.raises(IllegalAction, match="fit within 5x4 or 4x5"):
        pyramid.check_place(1, Place(5, 0, 1))
    with pytest.raises(IllegalAction, match="fit within 5x4 or 4x5"):
        pyramid.check_place(1, Place(-1, 0, 3))


def test_stage1_box_of_five_columns_cannot_grow_to_five_rows():
    # 5 wide x 4 tall already: a fifth row would make 5x5.
    pyramid = build(1, [(0, 0, 0), (2, 0, 0), (4, 0, 1), (0, 1, 1), (0, 3, 0)])
    assert pyramid.box is not None
    assert not any(j in (-1, 4) for _i, j, _r in legal(pyramid, 1))
    with pytest.raises(IllegalAction, match="fit within 5x4 or 4x5"):
        pyramid.check_place(1, Place(0, 4, 0))


def test_stage1_tall_box_may_still_choose_portrait():
    pyramid = build(1, [(0, 0, 1), (0, 2, 1)])  # a column of 4 blocks
    assert (0, 4, 0) in legal(pyramid, 1)
    pyramid = build(1, [(0, 4, 0)], pyramid)  # 2 wide x 5 tall: portrait only now
    assert all(i in range(-2, 4) for i, _j, _r in legal(pyramid, 1))
    with pytest.raises(IllegalAction):
        pyramid.check_place(1, Place(3, 0, 0))  # would make 5 wide with 5 rows


def test_full_base_fixes_a_4x5_frame_at_its_corner():
    pyramid = build(1, FULL_BASE)
    assert not pyramid.can_place(1)
    assert pyramid.fix_frame() == (4, 5)
    assert pyramid.frame_placements()[0] == (1, 1, 0, 0, 0)


def test_stage1_turn_is_lost_when_only_isolated_holes_remain():
    pyramid = build(1, STUCK_BASE)
    assert len(pyramid.placements) == 9
    assert pyramid.legal_places(1) == []
    assert pyramid.fix_frame() == (4, 5)


def framed(base=FULL_BASE) -> Pyramid:
    pyramid = build(1, base)
    pyramid.fix_frame()
    return pyramid


def test_stage2_needs_no_adjacency_only_the_inset_frame():
    pyramid = framed()  # 4x5 frame: stage 2 is 3x4
    pyramid = build(2, [(0, 0, 0)], pyramid)
    options = legal(pyramid, 2)
    assert (0, 3, 0) in options  # far from the first stage-2 domino
    assert all(0 <= x < 3 and 0 <= y < 4 for i, j, r in options for x, y in cells(i, j, r))
    # 3x4 grid: 17 free pairs -> 34 placements; two cells taken remove some
    assert len(legal(framed(), 2)) == 2 * (2 * 4 + 3 * 3)


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_stage2_rejects_a_block_outside_its_frame_in_every_rotation(rotation):
    pyramid = framed()
    i, j = {0: (2, 0), 1: (0, 3), 2: (0, 0), 3: (0, 0)}[rotation]
    with pytest.raises(IllegalAction, match="outside the stage-2 frame of 3x4 blocks"):
        pyramid.check_place(2, Place(i, j, rotation))


def test_stage2_cannot_overlap_its_own_blocks():
    pyramid = build(2, [(1, 1, 1)], framed())
    with pytest.raises(IllegalAction, match=r"block \(1, 2\) of stage 2 is already taken"):
        pyramid.check_place(2, Place(0, 2, 0))


def test_stage3_turn_is_lost_when_the_free_cells_are_isolated():
    pyramid = framed()  # stage 3 of a 4x5 frame is 2x3
    pyramid = build(3, [(0, 0, 0), (1, 1, 1)], pyramid)  # free: (0, 1) and (0, 2)
    assert legal(pyramid, 3) == {(0, 1, 1), (0, 2, 3)}
    pyramid = build(3, [(0, 1, 1)], pyramid)
    assert not pyramid.can_place(3)


def test_stage4_has_exactly_one_position_in_two_rotations():
    assert legal(framed(), 4) == {(0, 0, 1), (0, 1, 3)}  # 1x2 frame of a portrait pyramid
    landscape = Pyramid()
    landscape = build(1, [(i, j, 0) for j in range(4) for i in (0, 2)], landscape)
    landscape = build(1, [(4, 0, 1), (4, 2, 1)], landscape)
    assert landscape.fix_frame() == (5, 4)
    assert legal(landscape, 4) == {(0, 0, 0), (1, 0, 2)}
