"""Pyramido's observation tensor straight from the state: ``layout.observe(view(seat))`` as
float32 bytes, without drawing the view.

It reads what :func:`views.build_view` shows, by the same rules: a face-down top only as its
back (its colours and icon counts, which is all the tensor keeps of any domino), never the
pile order or the bag's draws (only the bag's size). Each pyramid's packed top is kept on the
pyramid until it changes, and rows that depend on a few small values (a domino, a gem count, a
space) are packed once and kept. ``tests/games/pyramido/test_encode.py`` holds it equal to the
view-built tensor for every seat at every step of many random matches.
"""

from __future__ import annotations

import struct
from functools import lru_cache

from meeplehall.core.research import float32_bytes
from meeplehall.games.pyramido.components import COLOURS, GEM_KINDS, Domino, DominoSet
from meeplehall.games.pyramido.geometry import STAGES
from meeplehall.games.pyramido.phases import SCORE
from meeplehall.games.pyramido.research.layout import DOMINO, GRID, MAX_AREAS, PHASES, QUARTER
from meeplehall.games.pyramido.state import PyramidoState
from meeplehall.games.pyramido.topview import Area, QuarterGrid

PLANE = GRID * GRID
#: stage / 4, packed, by stage.
STAGE_VALUES = tuple(float32_bytes((stage / STAGES,)) for stage in range(STAGES + 1))
NO_DOMINO = bytes(DOMINO * 4)
NO_AREAS = bytes(MAX_AREAS * (len(COLOURS) + 2) * 4)
NO_EXPLORER = bytes((DOMINO + len(GEM_KINDS) + 2) * 4)
PHASE_ROWS = {phase: float32_bytes(float(p == phase) for p in PHASES) for phase in PHASES}
#: A seat's row: stage scores/100, frame fixed, then while scoring its status (one-hot) and
#: stage points/50, zeros otherwise.
_SEAT_SCORING = struct.Struct("6f")
_SEAT_PLAYING = struct.Struct("2f16x")
_AREA_BYTES = (len(COLOURS) + 2) * 4
#: The stage (1 to 4) one-hot, by stage (0 = none).
STAGE_ROWS = tuple(float32_bytes(float(stage == k) for k in range(1, STAGES + 1))
                   for stage in range(STAGES + 1))
#: Per table size and seat, the seats in the tensor's order (the seat first).
ORDERS = {n: tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
          for n in range(1, 5)}
_TWO = struct.Struct("2f")
_PROGRESS = struct.Struct("4f")


#: ROW[bits]: ten packed floats, 1.0 where ``bits`` (one grid row, lowest bit first) is set.
ROW = tuple(float32_bytes(float(bits >> x & 1) for x in range(GRID)) for bits in range(1 << GRID))
#: stage / 4 as float32 is 00 00 hi lo (little-endian): its two high bytes by stage.
_STAGE_HI = bytes(STAGE_VALUES[k][2] if k <= STAGES else 0 for k in range(256))
_STAGE_LO = bytes(STAGE_VALUES[k][3] if k <= STAGES else 0 for k in range(256))


def pack_top(grid: QuarterGrid) -> bytes:
    """One seat's ``tops`` rows: the painted quarters shifted so the top-left one is at (0, 0).

    Read straight off the grid's masks, one window row (ten quarters) at a time: every painted
    quarter shows (a higher block repaints what it covers), which is what ``top_cells`` lists.
    """
    covered = grid.covered
    if not covered:
        return bytes(QUARTER * PLANE * 4)
    width = grid.width
    first_row = ((covered & -covered).bit_length() - 1) // width
    columns = 0
    rest = covered >> (first_row * width)
    while rest:
        columns |= rest & ((1 << width) - 1)
        rest >>= width
    first_column = (columns & -columns).bit_length() - 1
    starts = [(first_row + r) * width + first_column for r in range(GRID)]
    mask = (1 << GRID) - 1
    planes = [
        b"".join([ROW[plane >> start & mask] for start in starts])
        for plane in (*grid.colours, grid.icons)
    ]
    stages = grid.stage
    cells = b"".join([stages[start : start + GRID].ljust(GRID, b"\0") for start in starts])
    staged = bytearray(PLANE * 4)
    staged[2::4] = cells.translate(_STAGE_HI)
    staged[3::4] = cells.translate(_STAGE_LO)
    return b"".join((*planes, staged))


@lru_cache(maxsize=4096)
def gem_row(gems: tuple[int, ...]) -> bytes:
    return float32_bytes(float(count) for count in gems)


def _domino(domino: Domino) -> bytes:
    """A face and a back give the same row: colours and icon counts, then 1 for known."""
    return float32_bytes((
        *(float(domino.a_colour == c) for c in range(len(COLOURS))),
        float(domino.a_icons.bit_count()),
        *(float(domino.b_colour == c) for c in range(len(COLOURS))),
        float(domino.b_icons.bit_count()),
        1.0,
    ))


#: Per domino set (by identity, the set kept alive alongside): each domino's row by id.
_DOMINO_ROWS: dict[int, tuple[DominoSet, tuple[bytes, ...]]] = {}


def domino_rows(dominoes: DominoSet) -> tuple[bytes, ...]:
    known = _DOMINO_ROWS.get(id(dominoes))
    if known is None or known[0] is not dominoes:
        known = _DOMINO_ROWS[id(dominoes)] = (
            dominoes, (NO_DOMINO, *(_domino(d) for d in dominoes.dominoes))
        )
    return known[1]


@lru_cache(maxsize=4096)
def space_row(domino: bytes, face_up: bool, size: int, gems: tuple[int, ...]) -> bytes:
    return domino + _TWO.pack(float(face_up), size / 20) + gem_row(gems)


@lru_cache(maxsize=4096)
def area_row(colour: int, icons: int, active: bool) -> bytes:
    """One area of the seat scoring: its colour (one-hot), icons/10, whether activated."""
    return float32_bytes((*(float(colour == c) for c in range(len(COLOURS))), icons / 10,
                          float(active)))


def area_rows(areas: list[Area], activated: int) -> bytes:
    rows = [area_row(area.colour, area.icons, bool(activated >> index & 1))
            for index, area in enumerate(areas[:MAX_AREAS])]
    return b"".join(rows) + NO_AREAS[len(rows) * _AREA_BYTES :]


def encode(state: PyramidoState, seat: int) -> bytes:
    n = state.players
    order = ORDERS[n][seat]
    scoring = state.phase == SCORE
    rows = domino_rows(state.dominoes)
    pyramids, gems = state.pyramids, state.gems
    parts = [pyramids[s].packed_top(pack_top) for s in order]
    parts += [gem_row(tuple(gems[s])) for s in order]
    stage_scores = state.stage_scores
    if scoring:
        status, points = state.status, state.stage_points
        parts += [
            _SEAT_SCORING.pack(sum(stage_scores[s]) / 100, pyramids[s].frame is not None,
                               status[s] == 0, status[s] == 1, status[s] == 2, points[s] / 50)
            for s in order
        ]
        parts.append(area_rows(state.areas[seat], state.activated[seat]))
    else:
        parts += [
            _SEAT_PLAYING.pack(sum(stage_scores[s]) / 100, pyramids[s].frame is not None)
            for s in order
        ]
        parts.append(NO_AREAS)
    area = state.area
    face_up, spaces = area.face_up, area.spaces
    for p, pile in enumerate(area.piles):
        if pile:
            parts.append(space_row(rows[pile[-1]], face_up[p], len(pile), tuple(spaces[p])))
        else:
            parts.append(space_row(NO_DOMINO, False, 0, tuple(spaces[p])))
    parts.append(rows[state.held] if state.held else NO_DOMINO)
    explorer = state.explorer
    if explorer is not None:
        parts += (rows[explorer.pile[-1]], gem_row(tuple(explorer.gems)),
                  _TWO.pack(explorer.total / 100, len(explorer.pile) / 20))
    else:
        parts.append(NO_EXPLORER)
    parts += (
        PHASE_ROWS[state.phase],
        STAGE_ROWS[min(state.stage, STAGES)],
        _PROGRESS.pack(state.turn / 10, state.active == seat,
                       (state.emptied + 1 if state.emptied >= 0 else 0) / 5,
                       sum(area.bag) / 63),
    )
    return b"".join(parts)
