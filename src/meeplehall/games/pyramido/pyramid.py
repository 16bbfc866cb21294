"""One player's pyramid: occupied blocks per stage, the frame, and the top view.

Stage 1 is played on the 9x9 block table of :mod:`geometry`; when it ends its bounding box
becomes the frame and later stages are addressed in frame coordinates. The quarter grid spans the
whole table (18x18 quarters): table block (x, y) has its top-left quarter at (2x, 2y), and
stage-k frame block (i, j) at (2(ox + i) + k - 1, 2(oy + j) + k - 1), (ox, oy) being the frame's
table corner.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from meeplehall.core import IllegalAction
from meeplehall.core.untrusted import MALFORMED
from meeplehall.games.pyramido.actions import Place
from meeplehall.games.pyramido.components import COLOURS, Domino
from meeplehall.games.pyramido.geometry import (
    DIRECTIONS,
    TABLE,
    TABLE_ORIGIN,
    TABLE_STRIDE,
    stage1_anchors,
    stage_size,
    upper_anchors,
)
from meeplehall.games.pyramido.topview import Area, QuarterGrid

QUARTERS_ACROSS = 2 * TABLE


@cache
def place_actions(stride: int, shift: int) -> tuple[tuple[Place, ...], ...]:
    """Place actions by rotation and grid bit, for a grid of this stride whose action
    coordinates are the cell's minus ``shift`` (stage 1: relative to the first domino)."""
    size = stride * (stride + 1)
    return tuple(
        tuple(Place(bit % stride - shift, bit // stride - shift, rotation) for bit in range(size))
        for rotation in range(4)
    )


class Pyramid:
    """Blocks placed by one player. Mutated only through :meth:`place` and :meth:`fix_frame`."""

    __slots__ = (
        "_anchors",
        "_areas",
        "_icon_areas",
        "_packed_top",
        "_top",
        "box",
        "frame",
        "grid",
        "occupied",
        "origin",
        "placements",
        "upper",
    )

    def __init__(self) -> None:
        self.occupied = 0  # stage-1 table bits
        self.box: tuple[int, int, int, int] | None = None  # (minx, maxx, miny, maxy), table
        self.frame: tuple[int, int] | None = None  # (W, H) blocks, fixed when stage 1 ends
        self.origin = (0, 0)  # the frame's top-left table cell
        self.upper = [0, 0, 0]  # occupied bits of stages 2, 3, 4 in their frames
        self.grid = QuarterGrid(QUARTERS_ACROSS, QUARTERS_ACROSS)
        #: (domino id, stage, x, y, rotation): stage 1 in table cells, later stages in frame cells
        self.placements: list[tuple[int, int, int, int, int]] = []
        self._areas: list[Area] | None = None
        self._icon_areas: tuple[tuple[int, int], ...] | None = None
        #: The top view's visible quarters as rows for :meth:`top_cells`, until the next change:
        #: every view of every seat draws every pyramid, and at most one changes per move.
        self._top: tuple[tuple[int, int, str, int, int], ...] | None = None
        #: The top view packed for research tensors (:mod:`encode`), until the next change.
        self._packed_top: bytes | None = None
        #: (stage, anchors) of the last anchors asked for, until the next placement: a turn
        #: asks for them at the turn start, for the legal places, and again to check the place.
        self._anchors: tuple[int, tuple[int, ...]] | None = None

    def copy(self) -> Pyramid:
        twin = Pyramid.__new__(Pyramid)
        twin.occupied = self.occupied
        twin.box = self.box
        twin.frame = self.frame
        twin.origin = self.origin
        twin.upper = self.upper[:]
        twin.grid = self.grid.copy()
        twin.placements = self.placements[:]
        twin._areas = self._areas  # never mutated, only replaced
        twin._icon_areas = self._icon_areas
        twin._top = self._top  # a tuple, replaced too
        twin._packed_top = self._packed_top  # bytes, replaced too
        twin._anchors = self._anchors  # a tuple, replaced too
        return twin

    # -- legality ---------------------------------------------------------------------------

    def _stride(self, stage: int) -> tuple[int, int, int]:
        assert self.frame is not None, "stages 2-4 need the frame fixed by stage 1"
        width, height = stage_size(self.frame, stage)
        return width, height, width + 1

    def anchors(self, stage: int) -> tuple[int, ...]:
        """Legal block-A bits per rotation at this stage."""
        cached = self._anchors
        if cached is not None and cached[0] == stage:
            return cached[1]
        if stage == 1:
            found = stage1_anchors(self.occupied, self.box)
        else:
            width, height, _ = self._stride(stage)
            found = upper_anchors(self.upper[stage - 2], width, height)
        self._anchors = (stage, found)
        return found

    def can_place(self, stage: int) -> bool:
        return any(self.anchors(stage))

    def legal_places(self, stage: int) -> list[Place]:
        anchors = self.anchors(stage)
        if stage == 1:
            table = place_actions(TABLE_STRIDE, TABLE_ORIGIN)
        else:
            table = place_actions(self._stride(stage)[2], 0)
        legal: list[Place] = []
        for rotation in range(4):
            row = table[rotation]
            mask = anchors[rotation]
            while mask:
                low = mask & -mask
                legal.append(row[low.bit_length() - 1])
                mask ^= low
        return legal

    def _cell_bit(self, stage: int, place: Place) -> tuple[int, int, int, int] | None:
        """(x, y, bit, stride) of block A in the stage's grid, or None if off the grid."""
        if stage == 1:
            x, y = place.i + TABLE_ORIGIN, place.j + TABLE_ORIGIN
            width = height = TABLE
            stride = TABLE_STRIDE
        else:
            width, height, stride = self._stride(stage)
            x, y = place.i, place.j
        if not (0 <= x < width and 0 <= y < height):
            return None
        return x, y, y * stride + x, stride

    def check_place(self, stage: int, place: Place) -> None:
        """Raise IllegalAction with the broken rule unless the placement is legal."""
        if place.rotation not in (0, 1, 2, 3):
            raise IllegalAction(f"rotation must be 0 to 3, not {place.rotation}", rule=MALFORMED)
        located = self._cell_bit(stage, place)
        if located is not None and self.anchors(stage)[place.rotation] >> located[2] & 1:
            return
        reason, rule, params = self._why_not(stage, place)
        raise IllegalAction(reason, rule=rule, params=params)

    def _why_not(self, stage: int, place: Place) -> tuple[str, str, dict[str, int]]:
        """The broken rule: its English sentence, its id and the params of its text."""
        dx, dy = DIRECTIONS[place.rotation]
        cells = ((place.i, place.j), (place.i + dx, place.j + dy))
        if stage == 1:
            if self.box is None:
                return "the first domino goes at (0, 0), in any rotation", "first_domino", {}
            occupied = self.occupied
            table_cells = [(i + TABLE_ORIGIN, j + TABLE_ORIGIN) for i, j in cells]
            for (i, j), (x, y) in zip(cells, table_cells, strict=True):
                if 0 <= x < TABLE and 0 <= y < TABLE and occupied >> (y * TABLE_STRIDE + x) & 1:
                    taken = f"block ({i}, {j}) of stage 1 is already taken"
                    return taken, "block_taken", {"stage": 1}
            touching = any(
                0 <= x + ex < TABLE and 0 <= y + ey < TABLE
                and occupied >> ((y + ey) * TABLE_STRIDE + x + ex) & 1
                for x, y in table_cells
                for ex, ey in DIRECTIONS
            )
            if not touching:
                return "a stage-1 domino must touch a domino already placed", "must_touch", {}
            return "the base must fit within 5x4 or 4x5 blocks", "base_too_large", {}
        width, height, stride = self._stride(stage)
        for i, j in cells:
            if not (0 <= i < width and 0 <= j < height):
                return (
                    f"block ({i}, {j}) is outside the stage-{stage} frame of {width}x{height} "
                    f"blocks (i 0..{width - 1}, j 0..{height - 1})",
                    "outside_stage", {"stage": stage},
                )
        for i, j in cells:
            if self.upper[stage - 2] >> (j * stride + i) & 1:
                taken = f"block ({i}, {j}) of stage {stage} is already taken"
                return taken, "block_taken", {"stage": stage}
        raise AssertionError("unreachable: a free in-frame pair is legal")

    # -- changes ----------------------------------------------------------------------------

    def place(self, stage: int, place: Place, domino: Domino) -> None:
        """Put a domino down (legality already checked) and paint it on the top view."""
        dx, dy = DIRECTIONS[place.rotation]
        located = self._cell_bit(stage, place)
        assert located is not None
        x, y, bit, stride = located
        other = bit + dx + dy * stride
        if stage == 1:
            self.occupied |= (1 << bit) | (1 << other)
            xs, ys = (x, x + dx), (y, y + dy)
            if self.box is None:
                self.box = (min(xs), max(xs), min(ys), max(ys))
            else:
                minx, maxx, miny, maxy = self.box
                self.box = (min(minx, *xs), max(maxx, *xs), min(miny, *ys), max(maxy, *ys))
            qx, qy = 2 * x, 2 * y
        else:
            self.upper[stage - 2] |= (1 << bit) | (1 << other)
            ox, oy = self.origin
            qx, qy = 2 * (ox + x) + stage - 1, 2 * (oy + y) + stage - 1
        self.placements.append((domino.id, stage, x, y, place.rotation))
        self.grid.paint(domino, stage, qx, qy, place.rotation)
        self._areas = self._icon_areas = None
        self._anchors = self._top = self._packed_top = None

    def fix_frame(self) -> tuple[int, int]:
        """End of stage 1: the bounding box becomes the frame (rules 4.4)."""
        assert self.box is not None, "every player places at least the first domino"
        minx, maxx, miny, maxy = self.box
        width, height = maxx - minx + 1, maxy - miny + 1
        if (width, height) not in ((5, 4), (4, 5)):
            # Never expected (rules 4.4); keep the box's corner and the closest frame.
            width, height = (5, 4) if width >= height else (4, 5)
            minx, miny = min(minx, TABLE - width), min(miny, TABLE - height)
        self.frame = (width, height)
        self.origin = (minx, miny)
        self._anchors = self._top = self._packed_top = None  # frame coordinates start here
        return self.frame

    # -- reading ----------------------------------------------------------------------------

    def areas(self) -> list[Area]:
        """The areas of the current top view (cached until the next placement)."""
        if self._areas is None:
            self._areas = self.grid.areas()
        return self._areas

    def icon_areas(self) -> tuple[tuple[int, int], ...]:
        """(index in :meth:`areas`, colour) of the areas showing an icon: the only ones an
        activation may choose, listed again after every activation of a stage end."""
        if self._icon_areas is None:
            self._icon_areas = tuple(
                (index, found.colour) for index, found in enumerate(self.areas()) if found.icons
            )
        return self._icon_areas

    def frame_placements(self) -> list[tuple[int, int, int, int, int]]:
        """Placements as (domino, stage, i, j, rotation) in the rules' frame coordinates;
        before the frame is fixed, stage 1 is given relative to the first domino."""
        ox, oy = self.origin if self.frame else (TABLE_ORIGIN, TABLE_ORIGIN)
        return [
            (d, s, x - ox, y - oy, r) if s == 1 else (d, s, x, y, r)
            for d, s, x, y, r in self.placements
        ]

    def quarter_offset(self) -> tuple[int, int]:
        """Table quarter of frame quarter (0, 0) (or of the first domino before the frame)."""
        ox, oy = self.origin if self.frame else (TABLE_ORIGIN, TABLE_ORIGIN)
        return 2 * ox, 2 * oy

    def top_cells(self) -> list[dict[str, Any]]:
        """The visible quarters, in frame quarter coordinates, for views (new dicts each time,
        from rows kept until the next change)."""
        if self._top is None:
            grid = self.grid
            left, top = self.quarter_offset()
            rows = []
            for index, colour, icon, stage, _domino in grid.visible():
                x, y = grid.cell(index)
                rows.append((x - left, y - top, COLOURS[colour], icon, stage))
            self._top = tuple(rows)
        return [
            {"x": x, "y": y, "colour": colour, "icon": icon, "stage": stage}
            for x, y, colour, icon, stage in self._top
        ]

    def packed_top(self, pack: Callable[[QuarterGrid], bytes]) -> bytes:
        """``pack(grid)``, kept until the next change (research tensors read it every step)."""
        if self._packed_top is None:
            self._packed_top = pack(self.grid)
        return self._packed_top

    def cells_json(self, area: Area) -> list[list[int]]:
        left, top = self.quarter_offset()
        return [[x - left, y - top] for x, y in map(self.grid.cell, area.cells)]

