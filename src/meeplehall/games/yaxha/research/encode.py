"""Yaxha's observation tensor straight from the state: ``layout.observe(view(seat))`` as
float32 bytes, without drawing the view.

It packs exactly what :func:`views.build_view` shows the seat, by the same rules (a rival's
pyramid as of its last confirmed round while the round is built, the seat's own market choice
only, the own hand and this round's own discards; never the bag) into integers, and the
compiled :func:`kernel.fill` scores the pyramids and writes the tensor.
``tests/games/test_research_encode.py`` holds it equal to the view-built tensor for every seat
at every step of many random matches.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from itertools import chain

import numpy as np

from meeplehall.games.yaxha.components import (
    CARDS,
    COMPONENTS,
    GROUP_POINTS,
    NUM_COLOURS,
    ROUNDS,
)
from meeplehall.games.yaxha.geometry import (
    BASE,
    FRAME,
    HIDEABLE_CELLS,
    LEVEL_MASK,
    UPPER,
    X_DOWN,
    X_UP,
    Y_DOWN,
    Y_UP,
    bit_of,
)
from meeplehall.games.yaxha.research import kernel
from meeplehall.games.yaxha.research.layout import sections
from meeplehall.games.yaxha.scoring import score_options
from meeplehall.games.yaxha.state import BUILD, YaxhaState


def _layout_cells(x_from: int, x_to: int, y_from: int, y_to: int) -> int:
    """The pyramid's cells with x and y in those ranges (only those: the kernel's integers
    are 64-bit, and a full 4x4 top level would need bit 63)."""
    return FRAME & sum(
        1 << bit_of(z, x, y)
        for z in range(4) for x in range(x_from, x_to + 1) for y in range(y_from, y_to + 1)
    )


#: Per side, the shifts that look from a cube towards the outside, each with the cells a
#: shifted bit may land on without having wrapped onto another line or level.
_SIDES = (
    *((4 * k, 0, _layout_cells(k, 3, 0, 3)) for k in (1, 2, 3)),  # west: x - k
    *((0, 4 * k, _layout_cells(0, 3 - k, 0, 3)) for k in (1, 2, 3)),  # east: x + k
    *((k, 0, _layout_cells(0, 3, k, 3)) for k in (1, 2, 3)),  # south: y - k
    *((0, k, _layout_cells(0, 3, 0, 3 - k)) for k in (1, 2, 3)),  # north: y + k
)
_CONSTS = [0] * kernel.C_POINTS
_CONSTS[kernel.C_COLOURS] = NUM_COLOURS
_CONSTS[kernel.C_CARDS] = len(CARDS)
_CONSTS[kernel.C_ROUNDS] = ROUNDS
_CONSTS[kernel.C_BONUS_POINTS] = COMPONENTS.bonus_card_points
_CONSTS[kernel.C_Y_UP : kernel.C_X_DOWN + 1] = Y_UP, Y_DOWN, X_UP, X_DOWN
_CONSTS[kernel.C_UPPER] = UPPER
_CONSTS[kernel.C_HIDEABLE] = HIDEABLE_CELLS
_CONSTS[kernel.C_BASE] = BASE
_CONSTS[kernel.C_LEVELS : kernel.C_LEVELS + 4] = LEVEL_MASK
_CONSTS[kernel.C_SIDES : kernel.C_SIDES + 36] = [part for shift in _SIDES for part in shift]
_CONSTS[kernel.C_TOP_SIZE] = len(GROUP_POINTS) - 1
_CONSTS += GROUP_POINTS

#: Float32 values per table size.
SIZES = {n: sum(section.size for section in sections(n)) for n in range(1, 5)}
_flat = chain.from_iterable
#: The packing of the kernel's integers, per count.
_PACKING: dict[int, struct.Struct] = {}


def rules(cards: tuple[int, ...], options: Mapping[str, object]) -> np.ndarray:
    """The kernel's constants for a match: the game's, then its scoring options and its bonus
    cards (how many, then per card its id, kind code, colour, level and count)."""
    ties, mode = score_options(options)
    found = list(_CONSTS)
    found[kernel.C_TIES] = int(ties)
    found[kernel.C_RUNNER_UP] = int(mode == "runner_up_player")
    found.append(len(cards))
    for c in cards:
        card = CARDS[c]
        found += (card.id, kernel.KIND_CODES[card.kind], max(card.colour, 0),
                  max(card.level, 0), card.count)
    return np.array(found, np.int64)


#: The last match's cards, options and rules: a match keeps the same two objects all along
#: (clones share them), and they are kept alive here, so identity tells the same match.
_last: tuple[object, object, np.ndarray] = ((), None, np.zeros(0, np.int64))


def encode(state: YaxhaState, seat: int) -> bytearray:
    global _last
    cards, options, match_rules = _last
    if cards is not state.cards or options is not state.options:
        match_rules = rules(state.cards, state.options)
        _last = (state.cards, state.options, match_rules)
    n = state.n
    shown = state.pyramid
    if state.phase == BUILD:  # a rival's pyramid as of its last confirmed round
        shown = [shown[s] if s == seat else pyramid
                 for s, pyramid in enumerate(state.confirmed_pyramid)]
    collected, market = state.collected, state.market
    ints = [
        n, seat, state.phase, state.round, *_flat(shown),
        *state.initiative, *state.choice, *state.confirmed, *map(sum, state.discarded),
        sum(state.discarding[seat]), *state.hand[seat],
        *map(len, collected), *_flat(collected),
        len(market), *state.taken_by, *map(len, market), *_flat(market),
    ]
    packing = _PACKING.get(len(ints))
    if packing is None:
        packing = _PACKING[len(ints)] = struct.Struct(f"{len(ints)}q")
    out = bytearray(SIZES[n] * 4)
    kernel.fill(packing.pack(*ints), match_rules, out)
    return out
