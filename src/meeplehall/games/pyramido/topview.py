"""The pyramid seen from above, on the quarter grid, and its areas (rules 6.1-6.2).

Each block covers 2x2 quarter cells; a placed block paints its quarters (colour, icon, stage,
domino). Dominoes are painted in stage order, so a higher block simply overwrites what it
covers and the grid always holds the top view. Areas are 4-connected runs of one visible colour.

The engine keeps one :class:`QuarterGrid` per pyramid; the public helpers :func:`top_view` and
:func:`areas` paint a fresh grid from a list of placements and read it with the same code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from meeplehall.games.pyramido.components import COLOURS, DEFAULT_DOMINOES, Domino, DominoSet
from meeplehall.games.pyramido.geometry import DIRECTIONS


def _rotate_mask(mask: int) -> int:
    """An icon mask turned a quarter clockwise: (qx, qy) -> (1 - qy, qx)."""
    turned = 0
    for bit in range(4):
        if mask >> bit & 1:
            qx, qy = bit & 1, bit >> 1
            turned |= 1 << ((1 - qy) + 2 * qx)
    return turned


def _rotations(mask: int) -> tuple[int, int, int, int]:
    one = _rotate_mask(mask)
    two = _rotate_mask(one)
    return (mask, one, two, _rotate_mask(two))


#: PAIRS[v]: the two bytes (v, v), for painting a block row's stage and domino.
PAIRS = tuple(bytes((value, value)) for value in range(256))

#: ROTATED[mask][r]: a block's icon mask after r quarter-turns clockwise.
ROTATED: tuple[tuple[int, int, int, int], ...] = tuple(_rotations(m) for m in range(16))


class Area(NamedTuple):
    """A maximal 4-connected set of quarter cells of one visible colour; value = its icons."""

    colour: int
    mask: int  # one bit per grid index
    icons: int

    @property
    def cells(self) -> list[int]:
        """The grid indices of the area, in reading order."""
        found = []
        mask = self.mask
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        return found


class QuarterGrid:
    """A top view: one bitmask of quarter cells per colour and one of icons, plus the stage and
    domino of each cell (for views).

    Cell (x, y) has index (y + 1) * width + (x + 1): a one-cell empty margin all round means
    a shift by one never carries a cell onto another row's cell of the same colour.
    """

    __slots__ = ("colours", "covered", "domino", "height", "icons", "quad", "stage", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width = width + 2
        self.height = height + 2
        size = self.width * self.height
        self.stage = bytearray(size)
        self.domino = bytearray(size)
        self.colours = [0] * len(COLOURS)
        self.covered = 0  # every painted quarter, whatever its colour
        self.icons = 0
        self.quad = 3 | 3 << self.width  # a block's 2x2 quarters at index 0

    def copy(self) -> QuarterGrid:
        twin = QuarterGrid.__new__(QuarterGrid)
        twin.width = self.width
        twin.height = self.height
        twin.stage = self.stage[:]
        twin.domino = self.domino[:]
        twin.colours = self.colours[:]
        twin.covered = self.covered
        twin.icons = self.icons
        twin.quad = self.quad
        return twin

    def index(self, x: int, y: int) -> int:
        return (y + 1) * self.width + x + 1

    def cell(self, index: int) -> tuple[int, int]:
        y, x = divmod(index, self.width)
        return x - 1, y - 1

    def paint(self, domino: Domino, stage: int, ax: int, ay: int, rotation: int) -> None:
        """Paint a domino whose block A has its top-left quarter at (ax, ay)."""
        dx, dy = DIRECTIONS[rotation]
        width = self.width
        colours = self.colours
        stages = PAIRS[stage]
        ids = PAIRS[domino.id]
        for bx, by, colour, icons in (
            (ax, ay, domino.a_colour, domino.a_icons),
            (ax + 2 * dx, ay + 2 * dy, domino.b_colour, domino.b_icons),
        ):
            turned = ROTATED[icons][rotation]
            base = (by + 1) * width + bx + 1
            below = base + width
            block = self.quad << base
            if self.covered & block:  # only a higher stage covers quarters already painted
                for shade, mask in enumerate(colours):
                    if mask & block:
                        colours[shade] = mask & ~block
            self.covered |= block
            colours[colour] |= block
            # Icon bits: TL, TR on the block's top row; BL, BR on the row below.
            self.icons = (self.icons & ~block) | (turned & 3) << base | (turned >> 2) << below
            self.stage[base : base + 2] = stages
            self.stage[below : below + 2] = stages
            self.domino[base : base + 2] = ids
            self.domino[below : below + 2] = ids

    def visible(self) -> list[tuple[int, int, bool, int, int]]:
        """(index, colour, icon, stage, domino) of every painted quarter, in reading order."""
        cells = []
        for colour, mask in enumerate(self.colours):
            while mask:
                low = mask & -mask
                index = low.bit_length() - 1
                cells.append((index, colour, bool(self.icons & low), self.stage[index],
                              self.domino[index]))
                mask ^= low
        cells.sort()
        return cells

    def areas(self) -> list[Area]:
        """Every area, ordered by its first cell in reading order.

        Each area grows from one cell by shifting its bitmask one step in the four directions
        and keeping the cells of its colour, until it stops growing.
        """
        width = self.width
        icons = self.icons
        found: list[Area] = []
        for colour, remaining in enumerate(self.colours):
            while remaining:
                area = remaining & -remaining
                while True:
                    grown = (
                        area | area << 1 | area >> 1 | area << width | area >> width
                    ) & remaining
                    if grown == area:
                        break
                    area = grown
                remaining ^= area
                found.append(Area(colour, area, (area & icons).bit_count()))
        found.sort(key=lambda a: a.mask & -a.mask)
        return found


def quarter_anchor(stage: int, i: int, j: int) -> tuple[int, int]:
    """Top-left quarter of block (i, j) of a stage, in stage-1 frame quarter coordinates."""
    return 2 * i + stage - 1, 2 * j + stage - 1


def _grid_from(placements: Iterable[Sequence[int]], dominoes: DominoSet) -> tuple[QuarterGrid,
                                                                                  int, int]:
    """Paint placements given in frame block coordinates; returns the grid and its offset."""
    poses = []
    for entry in placements:
        domino_id, stage, i, j, rotation = (int(v) for v in entry)
        if not 1 <= stage <= 4:
            raise ValueError(f"placement {tuple(entry)}: stage must be 1 to 4")
        if not 0 <= rotation <= 3:
            raise ValueError(f"placement {tuple(entry)}: rotation must be 0 to 3")
        if not 1 <= domino_id <= len(dominoes.dominoes):
            raise ValueError(f"placement {tuple(entry)}: no domino {domino_id}")
        ax, ay = quarter_anchor(stage, i, j)
        dx, dy = DIRECTIONS[rotation]
        poses.append((stage, domino_id, ax, ay, rotation, ax + 2 * dx, ay + 2 * dy))
    xs = [x for p in poses for x in (p[2], p[5])] or [0]
    ys = [y for p in poses for y in (p[3], p[6])] or [0]
    left, top = min(xs), min(ys)
    grid = QuarterGrid(max(xs) - left + 2, max(ys) - top + 2)
    occupied: set[tuple[int, int, int]] = set()
    for stage, domino_id, ax, ay, rotation, bx, by in sorted(poses, key=lambda p: p[0]):
        for cell in ((stage, ax, ay), (stage, bx, by)):
            if cell in occupied:
                raise ValueError(f"two stage-{stage} blocks at quarter {cell[1:]}")
            occupied.add(cell)
        grid.paint(dominoes[domino_id], stage, ax - left, ay - top, rotation)
    return grid, left, top


def top_view(
    placements: Iterable[Sequence[int]], dominoes: DominoSet = DEFAULT_DOMINOES
) -> dict[tuple[int, int], dict[str, Any]]:
    """The visible quarter cells of a pyramid: (x, y) -> colour, icon, stage, domino.

    ``placements`` are (domino_id, stage, i, j, rotation) in the rules' block coordinates
    (sections 4.2-4.3, stage 1 in its frame); the highest block covering a quarter shows.
    """
    grid, left, top = _grid_from(placements, dominoes)
    view: dict[tuple[int, int], dict[str, Any]] = {}
    for index, colour, icon, stage, domino in grid.visible():
        x, y = grid.cell(index)
        view[(x + left, y + top)] = {
            "colour": COLOURS[colour],
            "icon": icon,
            "stage": stage,
            "domino": domino,
        }
    return view


def areas(
    placements: Iterable[Sequence[int]], dominoes: DominoSet = DEFAULT_DOMINOES
) -> list[dict[str, Any]]:
    """The areas of a pyramid: colour, quarter cells (x, y) and visible icons (its value)."""
    grid, left, top = _grid_from(placements, dominoes)
    result = []
    for area in grid.areas():
        cells = [grid.cell(index) for index in area.cells]
        result.append(
            {
                "colour": COLOURS[area.colour],
                "cells": sorted(
                    ((x + left, y + top) for x, y in cells), key=lambda c: (c[1], c[0])
                ),
                "icons": area.icons,
            }
        )
    return result
