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


#: ROTATED[mask][r]: a block's icon mask after r quarter-turns clockwise.
ROTATED: tuple[tuple[int, int, int, int], ...] = tuple(_rotations(m) for m in range(16))


class Area(NamedTuple):
    """A maximal 4-connected set of quarter cells of one visible colour; value = its icons."""

    colour: int
    cells: tuple[int, ...]  # grid indices
    icons: int


class QuarterGrid:
    """A top view: per quarter cell the visible colour (+1; 0 = empty), icon, stage and domino.

    Cell (x, y) lives at index (y + 1) * width + (x + 1): a one-cell empty margin all round means
    neighbour lookups never fall off the grid.
    """

    __slots__ = ("colour", "domino", "height", "icon", "painted", "stage", "width")

    def __init__(self, width: int, height: int) -> None:
        self.width = width + 2
        self.height = height + 2
        size = self.width * self.height
        self.colour = bytearray(size)
        self.icon = bytearray(size)
        self.stage = bytearray(size)
        self.domino = bytearray(size)
        #: (x0, x1, y0, y1) of the painted quarters, so area scans skip the empty table
        self.painted: tuple[int, int, int, int] | None = None

    def copy(self) -> QuarterGrid:
        twin = QuarterGrid.__new__(QuarterGrid)
        twin.width = self.width
        twin.height = self.height
        twin.painted = self.painted
        twin.colour = self.colour[:]
        twin.icon = self.icon[:]
        twin.stage = self.stage[:]
        twin.domino = self.domino[:]
        return twin

    def index(self, x: int, y: int) -> int:
        return (y + 1) * self.width + x + 1

    def cell(self, index: int) -> tuple[int, int]:
        y, x = divmod(index, self.width)
        return x - 1, y - 1

    def paint(self, domino: Domino, stage: int, ax: int, ay: int, rotation: int) -> None:
        """Paint a domino whose block A has its top-left quarter at (ax, ay)."""
        dx, dy = DIRECTIONS[rotation]
        bx, by = ax + 2 * dx, ay + 2 * dy
        x0, x1 = min(ax, bx), max(ax, bx) + 1
        y0, y1 = min(ay, by), max(ay, by) + 1
        if self.painted is not None:
            px0, px1, py0, py1 = self.painted
            x0, x1, y0, y1 = min(x0, px0), max(x1, px1), min(y0, py0), max(y1, py1)
        self.painted = (x0, x1, y0, y1)
        for bx, by, colour, icons in (
            (ax, ay, domino.a_colour, domino.a_icons),
            (bx, by, domino.b_colour, domino.b_icons),
        ):
            turned = ROTATED[icons][rotation]
            base = self.index(bx, by)
            for quarter, index in enumerate((base, base + 1, base + self.width,
                                             base + self.width + 1)):
                self.colour[index] = colour + 1
                self.icon[index] = turned >> quarter & 1
                self.stage[index] = stage
                self.domino[index] = domino.id

    def areas(self) -> list[Area]:
        """Every area, ordered by its first cell in reading order."""
        colour = self.colour
        icon = self.icon
        width = self.width
        seen = bytearray(len(colour))
        found: list[Area] = []
        if self.painted is None:
            return found
        x0, x1, y0, y1 = self.painted
        candidates = [
            index
            for y in range(y0, y1 + 1)
            for index in range(self.index(x0, y), self.index(x1, y) + 1)
        ]
        for index in candidates:
            shade = colour[index]
            if not shade or seen[index]:
                continue
            seen[index] = 1
            stack = [index]
            cells = []
            icons = 0
            while stack:
                here = stack.pop()
                cells.append(here)
                icons += icon[here]
                for there in (here - 1, here + 1, here - width, here + width):
                    if colour[there] == shade and not seen[there]:
                        seen[there] = 1
                        stack.append(there)
            cells.sort()
            found.append(Area(shade - 1, tuple(cells), icons))
        return found


Placement = tuple[int, int, int, int, int]  # (domino_id, stage, i, j, rotation)


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
    for index, shade in enumerate(grid.colour):
        if shade:
            x, y = grid.cell(index)
            view[(x + left, y + top)] = {
                "colour": COLOURS[shade - 1],
                "icon": bool(grid.icon[index]),
                "stage": grid.stage[index],
                "domino": grid.domino[index],
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
