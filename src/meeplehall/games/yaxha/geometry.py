"""Pyramid geometry on bitmasks.

A pyramid is five ints, one mask per colour. Cell (z, x, y) is bit ``z*16 + x*4 + y``: every level
uses a 4x4 stride, so "one step in x" is a shift by 4 and "one step in y" a shift by 1 on every
level at once, and "the level above" is a shift by 16. Only 30 of the 64 bits are real cells
(level z holds x, y in 0..3-z); masks are always cut back to those.

The level-1 footprint floats while it is built: coordinates are kept normalised (min x = min y = 0
over the base cubes), a base cube may be placed at x or y = -1..-3, and the whole pyramid is then
shifted back, which on this layout is one left shift of every mask.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

LEVELS = 4
STRIDE_X = 4
STRIDE_Z = 16


def bit_of(z: int, x: int, y: int) -> int:
    return z * STRIDE_Z + x * STRIDE_X + y


def in_frame(z: int, x: int, y: int) -> bool:
    """Whether (z, x, y) is a cell of the final 4-3-2-1 pyramid."""
    return 0 <= z < LEVELS and 0 <= x <= 3 - z and 0 <= y <= 3 - z


#: Every cell of the final pyramid, level by level, as (z, x, y).
CELLS: tuple[tuple[int, int, int], ...] = tuple(
    (z, x, y) for z in range(LEVELS) for x in range(4 - z) for y in range(4 - z)
)
CELL_OF_BIT: dict[int, tuple[int, int, int]] = {bit_of(*cell): cell for cell in CELLS}
FRAME = sum(1 << bit_of(*cell) for cell in CELLS)
LEVEL_MASK: tuple[int, ...] = tuple(
    sum(1 << bit_of(*cell) for cell in CELLS if cell[0] == z) for z in range(LEVELS)
)
BASE = LEVEL_MASK[0]
UPPER = FRAME & ~BASE
FULL_CELLS = len(CELLS)


def _mask(cells: list[tuple[int, int, int]]) -> int:
    return sum(1 << bit_of(*cell) for cell in cells if in_frame(*cell))


def _supports(z: int, x: int, y: int) -> list[tuple[int, int, int]]:
    return [(z - 1, x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)] if z else []


def _covers(z: int, x: int, y: int) -> list[tuple[int, int, int]]:
    return [(z + 1, x - dx, y - dy) for dx in (0, 1) for dy in (0, 1)]


def _side(z: int, x: int, y: int) -> list[tuple[int, int, int]]:
    return [(z, x + 1, y), (z, x - 1, y), (z, x, y + 1), (z, x, y - 1)]


#: Per bit: the cells a cube there rests on, the cells above that would cover it (only when all
#: four exist in the frame, so edge cubes can never be hidden), and its group neighbours
#: (orthogonal on its level, its supports, and the cubes resting on it).
SUPPORTS: dict[int, int] = {bit_of(*c): _mask(_supports(*c)) for c in CELLS}
HIDING_COVER: dict[int, int] = {
    bit_of(*c): (_mask(_covers(*c)) if all(in_frame(*a) for a in _covers(*c)) else 0) for c in CELLS
}
GROUP_NEIGHBOURS: dict[int, int] = {
    bit_of(*c): _mask(_side(*c) + _supports(*c) + _covers(*c)) for c in CELLS
}
#: The bits whose cube can be hidden, with their covering masks (only 5 cells in the frame).
HIDEABLE: tuple[tuple[int, int], ...] = tuple(
    (1 << bit, cover) for bit, cover in HIDING_COVER.items() if cover
)


def _cells_where(test: Callable[[int, int, int], bool]) -> int:
    return sum(1 << bit_of(*cell) for cell in CELLS if test(*cell))


# Cells whose shift by one step in y or x would not wrap onto another line or level of the
# layout.
Y_UP = FRAME & ~_cells_where(lambda z, x, y: y == 3)
Y_DOWN = FRAME & ~_cells_where(lambda z, x, y: y == 0)
X_UP = FRAME & ~_cells_where(lambda z, x, y: x == 3)
X_DOWN = FRAME & ~_cells_where(lambda z, x, y: x == 0)


def bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def upper_free(occupied: int) -> int:
    """Empty cells above level 1 that rest on four cubes."""
    o = occupied
    return ((o & (o >> 1) & (o >> 4) & (o >> 5)) << STRIDE_Z) & UPPER & ~o


def colour_touch(colour_mask: int) -> int:
    """Upper cells a cube of this colour would satisfy the colour rule in: one of its supports,
    or an orthogonal neighbour on its own (upper) level, has the colour."""
    c = colour_mask
    below = (c | (c >> 1) | (c >> 4) | (c >> 5)) << STRIDE_Z
    u = c & UPPER
    beside = (u << 1) | (u >> 1) | (u << 4) | (u >> 4)
    return (below | beside) & UPPER


#: The cells a cube can be hidden at (those of HIDEABLE), as one mask.
HIDEABLE_CELLS = sum(bit for bit, _cover in HIDEABLE)


def visible_mask(occupied: int) -> int:
    """The cubes seen from above: all but those with all four covering cells occupied.

    A cell's covers are the cells 16, 15, 12 and 11 bits up (the level above at x, y; x, y-1;
    x-1, y; x-1, y-1), so one shift each tests them for every cell at once; only the
    HIDEABLE cells have all four in the frame."""
    o = occupied
    return o & ~(o & (o >> 16) & (o >> 15) & (o >> 12) & (o >> 11) & HIDEABLE_CELLS)


# --- The floating base -------------------------------------------------------------------------

_base_cache: dict[int, tuple[tuple[int, int], ...]] = {}


def base_cells(base: int) -> tuple[tuple[int, int], ...]:
    """Legal base cells (x, y) for the next cube, given the normalised base mask (level 1 only).

    Empty pyramid: only (0, 0), the canonical first cube. Otherwise an empty cell orthogonally
    next to a base cube, keeping the base's bounding box within 4x4. Cached per footprint.
    """
    cached = _base_cache.get(base)
    if cached is not None:
        return cached
    if not base:
        cells: tuple[tuple[int, int], ...] = ((0, 0),)
    else:
        taken = {(x, y) for (_z, x, y) in (CELL_OF_BIT[b] for b in bits(base))}
        width = max(x for x, _ in taken) + 1
        height = max(y for _, y in taken) + 1
        found = set()
        for x, y in taken:
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if (nx, ny) in taken:
                    continue
                if max(width - 1, nx) - min(0, nx) <= 3 and max(height - 1, ny) - min(0, ny) <= 3:
                    found.add((nx, ny))
        cells = tuple(sorted(found))
    _base_cache[base] = cells
    return cells


def base_shift(x: int, y: int) -> int:
    """How far to shift every mask left after placing a base cube at (x, y) to re-normalise."""
    return (-x if x < 0 else 0) * STRIDE_X + (-y if y < 0 else 0)
