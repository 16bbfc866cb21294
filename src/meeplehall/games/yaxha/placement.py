"""Where a cube may go: legal cells per colour, with the readable reason when a cell is refused.

Works on one pyramid (a tuple of colour masks and its occupancy) in its current normalised frame.
Place actions are made once and shared, so listing legal moves allocates almost nothing.
"""

from __future__ import annotations

from meeplehall.games.yaxha.actions import COORD_LIMIT, Place
from meeplehall.games.yaxha.components import COLOUR_NAMES, NUM_COLOURS
from meeplehall.games.yaxha.geometry import (
    BASE,
    CELL_OF_BIT,
    SUPPORTS,
    UPPER,
    base_cells,
    bit_of,
    colour_touch,
    in_frame,
    upper_free,
)

#: PLACE_UP[colour][bit]: the shared Place action for an upper cell (None elsewhere).
PLACE_UP: tuple[tuple[Place | None, ...], ...] = tuple(
    tuple(Place(COLOUR_NAMES[c], *CELL_OF_BIT[b]) if (UPPER >> b) & 1 else None for b in range(64))
    for c in range(NUM_COLOURS)
)

#: The shared Place actions for base cells, relative coordinates included.
_PLACE_BASE: dict[tuple[int, int, int], Place] = {
    (c, x, y): Place(COLOUR_NAMES[c], 0, x, y)
    for c in range(NUM_COLOURS)
    for x in range(-COORD_LIMIT, COORD_LIMIT + 1)
    for y in range(-COORD_LIMIT, COORD_LIMIT + 1)
}

BASE_MOVES_CACHE: dict[int, tuple[frozenset[tuple[int, int]], tuple[tuple[Place, ...], ...]]] = {}


def base_moves(base: int) -> tuple[frozenset[tuple[int, int]], tuple[tuple[Place, ...], ...]]:
    """For a normalised base footprint: the legal base cells, and per colour their actions."""
    found = BASE_MOVES_CACHE.get(base)
    if found is None:
        cells = base_cells(base)
        found = (
            frozenset(cells),
            tuple(tuple(_PLACE_BASE[c, x, y] for x, y in cells) for c in range(NUM_COLOURS)),
        )
        BASE_MOVES_CACHE[base] = found
    return found


def upper_legal(pyramid: tuple[int, ...], occupied: int, colour: int) -> int:
    """Mask of upper cells where a cube of ``colour`` may go now."""
    return upper_free(occupied) & colour_touch(pyramid[colour])


def can_place_any(pyramid: tuple[int, ...], occupied: int, hand: tuple[int, ...]) -> bool:
    """Whether some cube in ``hand`` has a legal cell (the forced-placement test)."""
    if not any(hand):
        return False
    if occupied & BASE != BASE:
        return True  # a base that is not full always has a free cell next to it
    free = upper_free(occupied)
    if not free:
        return False
    return any(count and free & colour_touch(pyramid[c]) for c, count in enumerate(hand))


def is_legal(pyramid: tuple[int, ...], occupied: int, colour: int, z: int, x: int, y: int) -> bool:
    if z == 0:
        return (x, y) in base_moves(occupied & BASE)[0]
    if not in_frame(z, x, y):
        return False
    return bool((upper_legal(pyramid, occupied, colour) >> bit_of(z, x, y)) & 1)


def refusal(pyramid: tuple[int, ...], occupied: int, colour: int, z: int, x: int, y: int) -> str:
    """Why a cube of ``colour`` may not go to (z, x, y); called only for a refused placement."""
    name = COLOUR_NAMES[colour]
    where = f"level {z + 1} at x={x}, y={y}"
    if not 0 <= z <= 3:
        return f"there is no level {z + 1}: levels are 1 to 4 (level field 0 to 3)"
    if z == 0:
        if not -COORD_LIMIT <= x <= COORD_LIMIT or not -COORD_LIMIT <= y <= COORD_LIMIT:
            return f"{where} is outside the 4x4 base"
        if 0 <= x <= 3 and 0 <= y <= 3 and (occupied >> bit_of(0, x, y)) & 1:
            return f"{where} is already occupied"
        if not occupied:
            return "the first cube of a pyramid goes on level 1 at x=0, y=0"
        base = occupied & BASE
        cells = [CELL_OF_BIT[b][1:] for b in range(16) if (base >> b) & 1]
        if not any(abs(x - bx) + abs(y - by) == 1 for bx, by in cells):
            return f"{where} does not touch a level-1 cube orthogonally"
        return f"{where} would make the base wider than 4x4"
    if not in_frame(z, x, y):
        return f"{where} is outside the pyramid (level {z + 1} has x, y from 0 to {3 - z})"
    bit = bit_of(z, x, y)
    if (occupied >> bit) & 1:
        return f"{where} is already occupied"
    if occupied & SUPPORTS[bit] != SUPPORTS[bit]:
        return f"{where} does not rest on four cubes"
    return f"a {name} cube on {where} must rest on a {name} cube or sit next to one on its level"
