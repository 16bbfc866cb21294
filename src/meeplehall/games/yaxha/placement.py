"""Where a cube may go: legal cells per colour, with the readable reason when a cell is refused.

Works on one pyramid (a tuple of colour masks and its occupancy) in its current normalised frame.
Place actions are made once and shared, so listing legal moves allocates almost nothing.
"""

from __future__ import annotations

from meeplehall.core import IllegalAction
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


def refusal(
    pyramid: tuple[int, ...], occupied: int, colour: int, z: int, x: int, y: int
) -> IllegalAction:
    """Why a cube of ``colour`` may not go to (z, x, y); called only for a refused placement.

    The English reason names the spot; the rule's params never do (a reader sees the spot on the
    board, not as coordinates), only the level as the board counts it (from 1).
    """
    name = COLOUR_NAMES[colour]
    where = f"level {z + 1} at x={x}, y={y}"
    level = {"level": z + 1}
    if not 0 <= z <= 3:
        return IllegalAction(
            f"there is no level {z + 1}: levels are 1 to 4 (level field 0 to 3)",
            rule="no_such_level",
        )
    if z == 0:
        if not -COORD_LIMIT <= x <= COORD_LIMIT or not -COORD_LIMIT <= y <= COORD_LIMIT:
            return IllegalAction(f"{where} is outside the 4x4 base", rule="outside_base")
        if 0 <= x <= 3 and 0 <= y <= 3 and (occupied >> bit_of(0, x, y)) & 1:
            return IllegalAction(f"{where} is already occupied", rule="spot_taken", params=level)
        if not occupied:
            return IllegalAction(
                "the first cube of a pyramid goes on level 1 at x=0, y=0", rule="first_cube"
            )
        base = occupied & BASE
        cells = [CELL_OF_BIT[b][1:] for b in range(16) if (base >> b) & 1]
        if not any(abs(x - bx) + abs(y - by) == 1 for bx, by in cells):
            return IllegalAction(
                f"{where} does not touch a level-1 cube orthogonally", rule="base_not_touching"
            )
        return IllegalAction(f"{where} would make the base wider than 4x4", rule="base_too_wide")
    if not in_frame(z, x, y):
        return IllegalAction(
            f"{where} is outside the pyramid (level {z + 1} has x, y from 0 to {3 - z})",
            rule="outside_level",
            params={**level, "size": 4 - z},
        )
    bit = bit_of(z, x, y)
    if (occupied >> bit) & 1:
        return IllegalAction(f"{where} is already occupied", rule="spot_taken", params=level)
    if occupied & SUPPORTS[bit] != SUPPORTS[bit]:
        return IllegalAction(
            f"{where} does not rest on four cubes", rule="no_support", params=level
        )
    return IllegalAction(
        f"a {name} cube on {where} must rest on a {name} cube or sit next to one on its level",
        rule="colour_not_touching",
        params=level,
    )
