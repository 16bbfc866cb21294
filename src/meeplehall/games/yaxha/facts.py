"""What Yaxha's research tensor needs of one pyramid, kept per pyramid and grown a cube at a time.

A research step shows every seat's pyramid, and about half the steps place a cube, which makes
a pyramid never seen before. Its :class:`Facts` (the packed colour and visible planes, the
visible groups per colour with their measures, colour points and base size) are then made from
the facts of the pyramid before the move when they are known (:func:`grown`): one cube sets
one plane cell, may hide one cube below, and joins the groups it touches; a base cube placed
left of or below the others first shifts the whole pyramid, and the parent's facts with it
(:func:`moved`). Otherwise (a pyramid first seen whole, a take-back to one no longer kept) they
are made from scratch (:func:`fresh`). Facts depend on the pyramid alone, whichever way they
were made: ``tests/games/yaxha/test_facts.py`` holds both ways equal, and equal to what
:mod:`scoring` and :mod:`views` compute, since the tensor must equal the one built from the
view.
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from meeplehall.games.yaxha.components import GROUP_POINTS
from meeplehall.games.yaxha.geometry import (
    BASE,
    CELL_OF_BIT,
    GROUP_NEIGHBOURS,
    LEVEL_MASK,
    bits,
    visible_mask,
)
from meeplehall.games.yaxha.scoring import Pyramid, groups_of

if TYPE_CHECKING:
    from meeplehall.games.yaxha.bonus import Row

ONE = struct.pack("f", 1.0)
ZERO = bytes(4)
#: Bytes of one (level, y, x) plane of 4 levels of 4x4 float32 cells.
PLANE_BYTES = 4 * 16 * 4
_TOP_SIZE = len(GROUP_POINTS) - 1
#: scoring.group_points for every size a group can have (30 cells at most).
_POINTS = tuple(GROUP_POINTS[min(size, _TOP_SIZE)] for size in range(31))
_TAIL = struct.Struct("3f")
#: Pyramids whose facts are kept: a few live games' worth; past it the store starts afresh.
FACTS_KEPT = 8192


def _offset(bit: int) -> int:
    """The byte offset in a plane of a layout bit: planes are (level, y, x), bits (z, x, y)."""
    z, x, y = CELL_OF_BIT[bit]
    return (z * 16 + y * 4 + x) * 4


OFFSET = {1 << bit: _offset(bit) for bit in CELL_OF_BIT}
#: Per single-bit mask, its group neighbours (as GROUP_NEIGHBOURS, keyed by the mask).
NEIGHBOURS = {1 << bit: mask for bit, mask in GROUP_NEIGHBOURS.items()}


def plane(mask: int) -> bytearray:
    """One (level, y, x) plane with 1.0 at the cells of ``mask``."""
    block = bytearray(PLANE_BYTES)
    for bit in bits(mask):
        at = OFFSET[1 << bit]
        block[at : at + 4] = ONE
    return block


_L0, _L1, _L2, _L3 = LEVEL_MASK


def _levels(group: int) -> int:
    return bool(group & _L0) + bool(group & _L1) + bool(group & _L2) + bool(group & _L3)


class Groups:
    """The visible groups of one colour, with the measures the tensor and bonus cards read:
    the largest size, the most base cubes and the most levels of one group (and every size,
    :attr:`sizes`, for the one card that asks)."""

    __slots__ = ("groups", "largest", "level1", "span")

    def __init__(self, groups: tuple[int, ...], largest: int, level1: int, span: int) -> None:
        self.groups = groups
        self.largest = largest
        self.level1 = level1
        self.span = span

    @classmethod
    def of(cls, groups: tuple[int, ...]) -> Groups:
        return cls(groups, max((group.bit_count() for group in groups), default=0),
                   max(((group & BASE).bit_count() for group in groups), default=0),
                   max((_levels(group) for group in groups), default=0))

    @property
    def sizes(self) -> frozenset[int]:
        return frozenset(group.bit_count() for group in self.groups)

    def with_cube(self, cube: int) -> Groups:
        """The groups once ``cube`` (one bit, not yet among them) is added: it joins every
        group it touches. The joined group holds each group it absorbs, so it measures at
        least as much as any of them: each measure is the larger of the old one and its."""
        reach = NEIGHBOURS[cube]
        joined = cube
        kept = []
        for group in self.groups:
            if group & reach:
                joined |= group
            else:
                kept.append(group)
        kept.append(joined)
        return Groups(tuple(kept), max(self.largest, joined.bit_count()),
                      max(self.level1, (joined & BASE).bit_count()),
                      max(self.span, _levels(joined)))


_GROUPS: dict[int, Groups] = {}


def groups(cubes: int) -> Groups:
    """The groups of a colour's visible cubes from scratch, kept per mask (a move changes one
    or two colours of a pyramid: the others are found here)."""
    known = _GROUPS.get(cubes)
    if known is None:
        if len(_GROUPS) >= FACTS_KEPT * 4:
            _GROUPS.clear()
        known = _GROUPS[cubes] = Groups.of(tuple(groups_of(cubes)))
    return known


def base_size(occupied: int) -> tuple[int, int]:
    """Width and height of the base footprint, as ``views.base_extent``: the highest x is the
    highest bit's (bits are x*4 + y), the highest y that of the base's lines folded onto one."""
    base = occupied & BASE
    folded = (base | base >> 4 | base >> 8 | base >> 12) & 0xF
    return (base.bit_length() + 3) // 4, folded.bit_length()


class Facts:
    """One pyramid as the tensor shows it: ``cubes`` (its five colour planes, each its own
    bytes, so that a pyramid one cube on shares four of them with its parent), ``seen`` (its
    visible plane), ``tail`` (its seat row's colour points/50, base width/4 and height/4) and
    per colour the visible ``groups``, with ``largest`` per colour (and the colour ``points``
    they score), ``visible`` and ``occupied`` masks. ``row`` keeps its bonus-card measures for
    the cards ``row_cards`` (see :func:`bonus.row`)."""

    __slots__ = ("_sizes", "cubes", "groups", "largest", "occupied", "points", "pyramid",
                 "row", "row_cards", "seen", "size", "tail", "visible")

    def __init__(self, pyramid: Pyramid, occupied: int, visible: int, cubes: tuple[bytes, ...],
                 seen: bytes, per_colour: tuple[Groups, ...], size: tuple[int, int],
                 largest: tuple[int, ...] | None = None, points: int = -1) -> None:
        self.pyramid = pyramid
        self.occupied = occupied
        self.visible = visible
        self.cubes = cubes
        self.seen = seen
        self.groups = per_colour
        if largest is None:
            largest = tuple(part.largest for part in per_colour)
        if points < 0:
            points = sum(_POINTS[n] for n in largest)
        self.largest = largest
        self.size = size
        self.points = points
        self.tail = _TAIL.pack(points / 50, size[0] / 4, size[1] / 4)
        self.row: Row | None = None
        self.row_cards: tuple[int, ...] | None = None
        self._sizes: frozenset[int] | None = None

    @property
    def sizes(self) -> frozenset[int]:
        """The sizes of every visible group, every colour (asked by one card only)."""
        if self._sizes is None:
            self._sizes = frozenset().union(*(part.sizes for part in self.groups))
        return self._sizes


def fresh(pyramid: Pyramid) -> Facts:
    """The facts of a pyramid computed from nothing else."""
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    visible = visible_mask(occupied)
    cubes = tuple([bytes(plane(mask)) for mask in pyramid])
    per_colour = tuple(groups(mask & visible) for mask in pyramid)
    return Facts(pyramid, occupied, visible, cubes, bytes(plane(visible)), per_colour,
                 base_size(occupied))


def _wraps(shift: int) -> int:
    """The layout cells that a left shift by ``shift`` (x by shift // 4, y by shift % 4) would
    carry onto another line or level instead of along their own."""
    dx, dy = divmod(shift, 4)
    return sum(1 << (z * 16 + x * 4 + y) for z in range(4) for x in range(4) for y in range(4)
               if x + dx > 3 or y + dy > 3)


#: Per base shift (see geometry.base_shift), the cells it may not move; the bytes a plane
#: moves by (its cells are (level, y, x): y by one is 4 cells); zero bytes to pad with.
WRAPS = tuple(_wraps(shift) for shift in range(16))
SHIFT_BYTES = tuple(4 * (shift // 4 + 4 * (shift % 4)) for shift in range(16))
_PAD = bytes(max(SHIFT_BYTES))


def moved(parent: Facts, shift: int) -> Facts:
    """The facts of ``parent``'s pyramid moved by a base shift: every mask shifts, every plane
    moves by a whole number of cells (the cells it pushes out are outside the frame, so zero),
    and the groups move with their measures unchanged."""
    pad = _PAD[: SHIFT_BYTES[shift]]
    occupied = parent.occupied << shift
    per_colour = tuple(
        Groups(tuple(group << shift for group in part.groups), part.largest, part.level1,
               part.span)
        for part in parent.groups
    )
    return Facts(tuple(mask << shift for mask in parent.pyramid), occupied,
                 visible_mask(occupied),
                 tuple([(pad + cubes)[:PLANE_BYTES] for cubes in parent.cubes]),
                 (pad + parent.seen)[:PLANE_BYTES], per_colour, base_size(occupied),
                 parent.largest, parent.points)


def _shifts(before: int, after: int) -> list[int]:
    """The base shifts that may carry occupancy ``before`` into ``after`` less one cube: the
    one matching their lowest cubes, and if the new cube is the lowest, the one matching
    ``after``'s second lowest with ``before``'s lowest (the colours tell which one it was)."""
    low = (before & -before).bit_length()
    found = []
    for rest in (after, after & (after - 1)):
        shift = (rest & -rest).bit_length() - low
        if 0 <= shift < 16 and not before & WRAPS[shift]:
            placed = before << shift
            extra = after ^ placed
            if placed & after == placed and extra and not extra & (extra - 1):
                found.append(shift)
    return found


def grown(parent: Facts, pyramid: Pyramid) -> Facts | None:
    """The facts of ``pyramid`` from those of ``parent``, if it is the parent plus one cube
    (after a base shift or not); None otherwise."""
    after = 0
    for mask in pyramid:
        after |= mask
    before = parent.occupied
    if not before or after & before == before:
        made = _added(parent, pyramid)  # no shift, the usual case
        if made is not None:
            return made
    for shift in _shifts(before, after):
        made = _added(moved(parent, shift) if shift else parent, pyramid)
        if made is not None:
            return made
    return None


def _added(parent: Facts, pyramid: Pyramid) -> Facts | None:
    """The facts of ``pyramid`` if it is ``parent``'s pyramid with one cube more, else None."""
    before = parent.pyramid
    colour = -1
    for c, mask in enumerate(pyramid):
        if mask != before[c]:
            if colour >= 0:
                return None
            colour = c
    if colour < 0:
        return None
    cube = pyramid[colour] ^ before[colour]
    if cube & before[colour] or cube & (cube - 1) or cube & parent.occupied:
        return None
    occupied = parent.occupied | cube
    visible = visible_mask(occupied)
    colour_plane = bytearray(parent.cubes[colour])
    at = OFFSET[cube]
    colour_plane[at : at + 4] = ONE
    cubes = (*parent.cubes[:colour], bytes(colour_plane), *parent.cubes[colour + 1 :])
    seen = bytearray(parent.seen)
    seen[at : at + 4] = ONE  # a new cube has nothing on it yet
    per_colour = list(parent.groups)
    hidden = parent.visible & ~visible  # cubes the new one covers
    size = base_size(occupied) if cube & BASE else parent.size
    if not hidden:
        part = per_colour[colour] = per_colour[colour].with_cube(cube)
        old = parent.largest[colour]
        if part.largest == old:
            largest, points = parent.largest, parent.points
        else:
            largest = (*parent.largest[:colour], part.largest, *parent.largest[colour + 1 :])
            points = parent.points - _POINTS[old] + _POINTS[part.largest]
        return Facts(pyramid, occupied, visible, cubes, bytes(seen), tuple(per_colour),
                     size, largest, points)
    for bit in bits(hidden):
        at = OFFSET[1 << bit]
        seen[at : at + 4] = ZERO
    for c, mask in enumerate(pyramid):
        if c == colour or mask & hidden:  # a colour that lost a visible cube: found again
            per_colour[c] = groups(mask & visible)
    return Facts(pyramid, occupied, visible, cubes, bytes(seen), tuple(per_colour), size)


_FACTS: dict[Pyramid, Facts] = {}


def facts(pyramid: Pyramid, parent: Pyramid | None = None) -> Facts:
    """The kept facts of ``pyramid``, else grown from those of ``parent`` (the pyramid before
    the last cube, when the caller knows it) when kept, else fresh."""
    known = _FACTS.get(pyramid)
    if known is not None:
        return known
    made = None
    if parent is not None:
        before = _FACTS.get(parent)
        if before is not None:
            made = grown(before, pyramid)
    if made is None:
        made = fresh(pyramid)
    if len(_FACTS) >= FACTS_KEPT:
        _FACTS.clear()
    _FACTS[pyramid] = made
    return made
