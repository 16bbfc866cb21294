"""Yaxha's observation tensor as compiled code: :func:`fill` writes it from packed integers.

A research step reads a tensor at every step, and about half the steps place a cube, so most
tensors show a pyramid never scored before: its visible cubes, colour groups, colour points and
bonus-card measures. In Python that costs more than the move itself; compiled (numba, kept on
disk once built) it is a small part of it. :mod:`encode` packs what the seat sees of the state
into int64 bytes (layout below) and gives the game's and the match's numbers (points table,
masks of the layout, scoring options, bonus cards) as a constants array (the ``C_`` places),
passed in rather than read as globals, so that the compiled code kept on disk never holds a
stale copy of the components' data.

Packed state, all int64, in this order (``n`` seats, seat order, not turned):

- ``n, seat, phase, round``;
- per seat, the five colour masks of its pyramid as ``seat`` sees it;
- per seat, its initiative, market choice (-1: none) and confirmed flag, and the cubes it
  discarded in completed rounds; then the cubes ``seat`` discards this round;
- ``seat``'s hand (cubes per colour);
- per seat, how many cubes it collected this round; then all their colours, seat after seat;
- how many market tiles; per tile who took it (-1: nobody); per tile how many cubes; then all
  their colours, tile after tile.

The tensor laid out as :mod:`layout` documents it; ``tests/games/test_research_encode.py``
holds it equal to the one built from the view.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

#: Bonus-card kinds, by the code the constants give them.
KIND_CODES = {
    "most_colour": 0,
    "neighbour_colour": 1,
    "most_any_group": 2,
    "most_level1_group": 3,
    "most_levels_spanned": 4,
    "second_largest": 5,
    "colours_on_level": 6,
    "single_colour_side": 7,
    "exact_colours": 8,
}
_MOST_COLOUR, _NEIGHBOUR, _MOST_ANY, _MOST_LEVEL1, _MOST_SPAN = 0, 1, 2, 3, 4
_SECOND, _ON_LEVEL, _SIDE, _EXACT = 5, 6, 7, 8

# Places in the constants array.
C_COLOURS = 0  # colours in the game
C_CARDS = 1  # bonus cards in the game (the tensor's card section)
C_ROUNDS = 2
C_BONUS_POINTS = 3
C_Y_UP, C_Y_DOWN, C_X_UP, C_X_DOWN = 4, 5, 6, 7  # cells a shift along y or x keeps in line
C_UPPER = 8  # every cell above the base
C_HIDEABLE = 9  # the cells whose cube can be covered
C_BASE = 10
C_LEVELS = 11  # four level masks
C_SIDES = 15  # per side (west, east, south, north), three (left, right, lands) shifts
C_TIES = 51  # whether a tie meets the neighbour card
C_RUNNER_UP = 52  # whether the second-largest card goes to the runner-up seat
C_TOP_SIZE = 53  # the largest group size the points table names
C_POINTS = 54  # the points table, from size 0; then the match's bonus cards

# Columns of a seat's row of what scoring reads: colour points, the sizes of every group (bit k:
# a group of k), the most base cubes and levels of one group, how many colours are visible, the
# single-colour side, colours visible per level (four), the largest group per colour.
M_POINTS, M_SIZES, M_LEVEL1, M_SPAN, M_COLOURS, M_SIDE = 0, 1, 2, 3, 4, 5
M_ON_LEVEL, M_LARGEST = 6, 10

# The tensor's fixed sizes (layout.py's sections), written here rather than imported: numba
# keeps compiled code until this file changes, so what it compiles in must live in this file.
_PLANE = 64  # a level, y, x plane of four 4x4 levels
_MAX_TILES = 4
_PHASES = 4
_SEAT_FIELDS = 7


@numba.njit(cache=True, inline="always")
def _bits(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@numba.njit(cache=True, inline="always")
def _length(x: int) -> int:
    """int.bit_length of a non-negative number."""
    length = 0
    while x:
        x >>= 1
        length += 1
    return length


@numba.njit(cache=True, inline="always")
def _plane(mask: int, at: int, out: Any) -> None:
    """1.0 in the (level, y, x) plane at ``at`` for each cell of ``mask`` (bits z*16 + x*4 + y)."""
    bit = 0
    while mask:
        if mask & 1:
            out[at + (bit >> 4) * 16 + (bit & 3) * 4 + ((bit >> 2) & 3)] = 1.0
        mask >>= 1
        bit += 1


@numba.njit(cache=True, inline="always")
def _visible(occupied: int, consts: Any) -> int:
    """The cubes seen from above: all but those whose four covering cells are occupied
    (geometry.visible_mask)."""
    o = occupied
    return o & ~(o & (o >> 16) & (o >> 15) & (o >> 12) & (o >> 11) & consts[C_HIDEABLE])


@numba.njit(cache=True, inline="always")
def _reach(cubes: int, consts: Any) -> int:
    """Every cell beside, under or resting on one of ``cubes``: one ring of a group's growth
    (the neighbours of geometry.GROUP_NEIGHBOURS, by whole-mask shifts)."""
    side = (((cubes & consts[C_Y_UP]) << 1) | ((cubes & consts[C_Y_DOWN]) >> 1)
            | ((cubes & consts[C_X_UP]) << 4) | ((cubes & consts[C_X_DOWN]) >> 4))
    upper = cubes & consts[C_UPPER]
    below = (upper >> 16) | (upper >> 15) | (upper >> 12) | (upper >> 11)
    above = (cubes | (cubes >> 1) | (cubes >> 4) | (cubes >> 5)) << 16
    return side | below | above


@numba.njit(cache=True)
def _single_colour_side(masks: Any, first: int, colours: int, visible: int,
                        consts: Any) -> bool:
    """Whether some side's face (the visible cubes with no visible cube further out on their
    level and line) is one colour."""
    for side in range(4):
        outside = 0
        for k in range(3):
            at = C_SIDES + (side * 3 + k) * 3
            outside |= ((visible << consts[at]) >> consts[at + 1]) & consts[at + 2]
        face = visible & ~outside
        if face:
            for c in range(colours):
                if face & masks[first + c] == face:
                    return True
    return False


@numba.njit(cache=True)
def fill(packed: Any, consts: Any, tensor: Any) -> None:
    """Write the tensor of the ``packed`` state (int64 bytes) into ``tensor`` (a zeroed
    bytearray of float32), ``consts`` being the match's (see :func:`encode.rules`)."""
    ints = np.frombuffer(packed, np.int64)
    out = np.frombuffer(tensor, np.float32)
    colours = consts[C_COLOURS]
    n, seat, phase, round_ = ints[0], ints[1], ints[2], ints[3]
    ties, runner_up = consts[C_TIES], consts[C_RUNNER_UP]
    masks_at = 4
    seats_at = masks_at + n * colours
    hand_at = seats_at + n * 4 + 1
    at = hand_at + colours
    cards_at = C_POINTS + consts[C_TOP_SIZE] + 1
    cards = consts[cards_at]
    cards_at += 1

    vis_off = n * colours * _PLANE
    hand_off = vis_off + n * _PLANE
    collected_off = hand_off + colours
    row = colours + 1 + n
    market_off = collected_off + n * colours
    choice_off = market_off + _MAX_TILES * row
    seats_off = choice_off + _MAX_TILES
    cards_off = seats_off + n * _SEAT_FIELDS
    phase_off = cards_off + consts[C_CARDS]
    round_off = phase_off + _PHASES

    # Per seat (seat order), what scoring reads of its pyramid (the M_ columns).
    seen = np.zeros((n, M_LARGEST + colours), np.int64)
    top = consts[C_TOP_SIZE]
    base_mask = consts[C_BASE]
    for k in range(n):
        s = (seat + k) % n
        first = masks_at + s * colours
        occupied = 0
        for c in range(colours):
            mask = ints[first + c]
            occupied |= mask
            _plane(mask, (k * colours + c) * _PLANE, out)
        visible = _visible(occupied, consts)
        _plane(visible, vis_off + k * _PLANE, out)
        for c in range(colours):
            cubes = ints[first + c] & visible
            if cubes:
                seen[s, M_COLOURS] += 1
                for z in range(4):
                    if cubes & consts[C_LEVELS + z]:
                        seen[s, M_ON_LEVEL + z] += 1
            while cubes:
                group = cubes & -cubes
                while True:
                    grown = (group | _reach(group, consts)) & cubes
                    if grown == group:
                        break
                    group = grown
                size = _bits(group)
                seen[s, M_SIZES] |= 1 << size
                seen[s, M_LARGEST + c] = max(seen[s, M_LARGEST + c], size)
                seen[s, M_LEVEL1] = max(seen[s, M_LEVEL1], _bits(group & base_mask))
                levels = 0
                for z in range(4):
                    if group & consts[C_LEVELS + z]:
                        levels += 1
                seen[s, M_SPAN] = max(seen[s, M_SPAN], levels)
                cubes &= ~group
            seen[s, M_POINTS] += consts[C_POINTS + min(seen[s, M_LARGEST + c], top)]
        seen[s, M_SIDE] = _single_colour_side(ints, first, colours, visible, consts)
        # The seat's row: initiative, chosen, confirmed, discarded, points, base size.
        base = occupied & base_mask
        folded = (base | (base >> 4) | (base >> 8) | (base >> 12)) & 0xF
        field = seats_off + k * _SEAT_FIELDS
        out[field] = ints[seats_at + s] / n
        out[field + 1] = 1.0 if phase == 0 and ints[seats_at + n + s] >= 0 else 0.0
        out[field + 2] = 1.0 if phase == 2 and ints[seats_at + 2 * n + s] else 0.0
        discarded = ints[seats_at + 3 * n + s]
        if s == seat:
            discarded += ints[seats_at + 4 * n]
        out[field + 3] = discarded / 10
        out[field + 4] = seen[s, M_POINTS] / 50
        out[field + 5] = ((_length(base) + 3) // 4) / 4
        out[field + 6] = _length(folded) / 4

    for c in range(colours):
        out[hand_off + c] = ints[hand_at + c]
    # Collected cubes, per seat (seat order in the packing, turned in the tensor).
    cubes_at = at + n
    for s in range(n):
        seat_off = collected_off + (s - seat) % n * colours
        for _ in range(ints[at + s]):
            out[seat_off + ints[cubes_at]] += 1.0
            cubes_at += 1
    at = cubes_at
    tiles = ints[at]
    cubes_at = at + 1 + 2 * tiles
    for t in range(tiles):
        taker = ints[at + 1 + t]
        tile = market_off + t * row
        for _ in range(ints[at + 1 + tiles + t]):
            out[tile + ints[cubes_at]] += 1.0
            cubes_at += 1
        out[tile + colours] = 1.0
        if taker >= 0:
            out[tile + colours + 1 + (taker - seat) % n] = 1.0
    choice = ints[seats_at + n + seat]
    if phase == 0 and choice >= 0:
        out[choice_off + choice] = 1.0
    for i in range(cards):
        out[cards_off + consts[cards_at + i * 5]] = 1.0
    out[phase_off + phase] = 1.0
    out[round_off] = round_ / consts[C_ROUNDS]
    if phase != 3:
        out[round_off + 1] = _score_now(cards_at, cards, seat, n, ties, runner_up, seen,
                                        consts) / 100


@numba.njit(cache=True)
def _score_now(cards_at: int, cards: int, seat: int, n: int, ties: int, runner_up: int,
               seen: Any, consts: Any) -> int:
    """``seat``'s colour points plus the bonus cards it meets (scoring.card_results), every
    pyramid being as ``seat`` sees it."""
    met = 0
    for i in range(cards):
        card = cards_at + i * 5
        kind, colour = consts[card + 1], consts[card + 2]
        level, count = consts[card + 3], consts[card + 4]
        if kind <= _MOST_SPAN and kind != _NEIGHBOUR:
            best = True
            mine = _measure(kind, colour, seen[seat])
            for other in range(n):
                if _measure(kind, colour, seen[other]) > mine:
                    best = False
            met += best
        elif kind == _NEIGHBOUR:
            mine = seen[seat, M_LARGEST + colour]
            after = seen[(seat + 1) % n, M_LARGEST + colour]
            met += mine >= after if ties else mine > after
        elif kind == _SECOND and runner_up:
            # The second highest of the seats' largest groups, distinct values.
            first = second = -1
            for other in range(n):
                value = _measure(_MOST_ANY, 0, seen[other])
                if value > first:
                    first, second = value, first
                elif first > value > second:
                    second = value
            met += second >= 0 and _measure(_MOST_ANY, 0, seen[seat]) == second
        elif kind == _SECOND:
            every = 0
            for other in range(n):
                every |= seen[other, M_SIZES]
            rest = every & ~(1 << (_length(every) - 1)) if every else 0
            met += rest != 0 and (seen[seat, M_SIZES] >> (_length(rest) - 1)) & 1 == 1
        elif kind == _ON_LEVEL:
            met += seen[seat, M_ON_LEVEL + level] >= count
        elif kind == _SIDE:
            met += seen[seat, M_SIDE]
        elif kind == _EXACT:
            met += seen[seat, M_COLOURS] == count
    return seen[seat, M_POINTS] + consts[C_BONUS_POINTS] * met


@numba.njit(cache=True, inline="always")
def _measure(kind: int, colour: int, seen: Any) -> int:
    """What a "most" card compares across seats, of one seat's ``seen`` row."""
    if kind == _MOST_COLOUR:
        return seen[M_LARGEST + colour]
    if kind == _MOST_ANY:
        return seen[M_LARGEST:].max()
    if kind == _MOST_LEVEL1:
        return seen[M_LEVEL1]
    return seen[M_SPAN]
