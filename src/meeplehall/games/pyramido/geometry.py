"""Where a domino may go: the block grids of the four stages as bitmasks (rules, section 4).

A placement is block A's block coordinates (i, j) and a rotation r; block B sits at
(i, j) + DIRECTIONS[r]. Stage 1 is played on a 9x9 "table" of blocks around the first domino
(the lazy 5x4 / 4x5 bounding box never lets a cell lie further than 4 blocks from it); its
block A sits at table cell (4, 4), and the actions name stage-1 cells relative to it. Once
stage 1 ends, its bounding box is the frame, and stages 2-4 use their own frame coordinates.

Every grid is a Python int with one bit per block, ``stride`` bits per row (one padding column,
always clear, so that shifting by one never wraps onto the next row). Legal anchors for all
rotations come out of a handful of shifts and ands instead of a loop over the cells.
"""

from __future__ import annotations

from functools import cache

#: Block B's offset from block A for rotations 0..3 (0 = canonical, each step a quarter-turn
#: clockwise, y pointing down).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))

TABLE = 9  # stage-1 table: 9x9 blocks
TABLE_STRIDE = TABLE + 1
TABLE_ORIGIN = 4  # block A of the first domino sits at table cell (4, 4)
#: Turns per player and the frame inset of each stage.
STAGE_TURNS: tuple[int, ...] = (10, 6, 3, 1)
STAGES = 4


def _rect(x0: int, x1: int, y0: int, y1: int, width: int, height: int, stride: int) -> int:
    """Bits of the cells x0 <= x <= x1, y0 <= y <= y1 clipped to a width x height grid."""
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, width - 1), min(y1, height - 1)
    if x0 > x1 or y0 > y1:
        return 0
    row = ((1 << (x1 - x0 + 1)) - 1) << x0
    mask = 0
    for y in range(y0, y1 + 1):
        mask |= row << (y * stride)
    return mask


TABLE_FULL = _rect(0, TABLE - 1, 0, TABLE - 1, TABLE, TABLE, TABLE_STRIDE)


@cache
def table_window(minx: int, maxx: int, miny: int, maxy: int) -> int:
    """Table cells a new block may use so that the bounding box stays within 5x4 or 4x5.

    The box of S plus a new pair fits w x h iff each new cell fits with S alone (the pair itself
    spans at most 2), so the test is per cell, but both cells must fit the same orientation:
    hence two windows, returned packed as (landscape << 128) | portrait.
    """
    width, height = maxx - minx + 1, maxy - miny + 1
    landscape = portrait = 0
    # A window only exists for an orientation the placed blocks already fit.
    if width <= 5 and height <= 4:
        landscape = _rect(maxx - 4, minx + 4, maxy - 3, miny + 3, TABLE, TABLE, TABLE_STRIDE)
    if width <= 4 and height <= 5:
        portrait = _rect(maxx - 3, minx + 3, maxy - 4, miny + 4, TABLE, TABLE, TABLE_STRIDE)
    return (landscape << 128) | portrait


def _pairs(good: int, stride: int) -> tuple[int, int]:
    """Left cells of free horizontal pairs and top cells of free vertical pairs."""
    return good & (good >> 1), good & (good >> stride)


def anchors_by_rotation(horizontal: int, vertical: int, stride: int) -> tuple[int, ...]:
    """Block-A cells for each rotation from the left/top cells of legal pairs."""
    return (horizontal, vertical, horizontal << 1, vertical << stride)


def stage1_anchors(occupied: int, box: tuple[int, int, int, int] | None) -> tuple[int, ...]:
    """Legal block-A table cells per rotation in stage 1 (rules 4.4)."""
    if box is None:
        origin = 1 << (TABLE_ORIGIN * TABLE_STRIDE + TABLE_ORIGIN)
        return (origin, origin, origin, origin)
    free = TABLE_FULL & ~occupied
    near = (
        (occupied << 1) | (occupied >> 1) | (occupied << TABLE_STRIDE) | (occupied >> TABLE_STRIDE)
    ) & free
    windows = table_window(*box)
    horizontal = vertical = 0
    for window in (windows >> 128, windows & ((1 << 128) - 1)):
        good = free & window
        h, v = _pairs(good, TABLE_STRIDE)
        horizontal |= h & (near | (near >> 1))
        vertical |= v & (near | (near >> TABLE_STRIDE))
    return anchors_by_rotation(horizontal, vertical, TABLE_STRIDE)


def stage_size(frame: tuple[int, int], stage: int) -> tuple[int, int]:
    """Blocks across and down of a stage's frame (stage 1..4)."""
    return frame[0] - stage + 1, frame[1] - stage + 1


@cache
def stage_full(width: int, height: int) -> int:
    return _rect(0, width - 1, 0, height - 1, width, height, width + 1)


def upper_anchors(occupied: int, width: int, height: int) -> tuple[int, ...]:
    """Legal block-A cells per rotation in a stage 2-4 frame: inside it and free (rules 4.5)."""
    stride = width + 1
    free = stage_full(width, height) & ~occupied
    horizontal, vertical = _pairs(free, stride)
    return anchors_by_rotation(horizontal, vertical, stride)

