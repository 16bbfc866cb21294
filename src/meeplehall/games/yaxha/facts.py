"""What Yaxha's research tensor needs of one pyramid, kept per pyramid and grown a cube at a time.

A research step shows every seat's pyramid, and about half the steps place a cube, which makes
a pyramid never seen before. Its :class:`Facts` (the packed colour and visible planes, the
visible groups per colour, the base size) are then made from the facts of the pyramid before
the move when they are known: one cube adds one plane cell, may hide one cube below, and joins
the groups it touches. Otherwise (the first cube, a base shift, a take-back to a pyramid no
longer kept) they are made from scratch. Both ways give the same values, which
``tests/games/yaxha/test_facts.py`` holds, and they equal what :mod:`scoring` and :mod:`views`
compute, since the tensor must equal the one built from the view.
"""

from __future__ import annotations

import struct

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
    """Width and height of the base footprint, as ``views.base_extent``."""
    base = occupied & BASE
    if not base:
        return 0, 0
    width = 1 + max(x for x in range(4) if base >> (4 * x) & 0xF)
    height = 1 + max(y for y in range(4) if base & (0x1111 << y))
    return width, height


class Facts:
    """One pyramid as the tensor shows it: ``cubes`` (its five colour planes), ``seen`` (its
    visible plane), ``tail`` (its seat row's colour points/50, base width/4 and height/4) and
    per colour the visible ``groups``, with ``largest`` per colour, ``visible`` and
    ``occupied`` masks. ``cards`` keeps its bonus-card measures (see :mod:`bonus`)."""

    __slots__ = ("cards", "cubes", "groups", "largest", "occupied", "pyramid", "seen", "size",
                 "tail", "visible")

    def __init__(self, pyramid: Pyramid, occupied: int, visible: int, cubes: bytes, seen: bytes,
                 per_colour: tuple[Groups, ...], size: tuple[int, int]) -> None:
        self.pyramid = pyramid
        self.occupied = occupied
        self.visible = visible
        self.cubes = cubes
        self.seen = seen
        self.groups = per_colour
        self.largest = tuple(part.largest for part in per_colour)
        self.size = size
        points = 0
        for n in self.largest:
            points += _POINTS[n]
        self.tail = _TAIL.pack(points / 50, size[0] / 4, size[1] / 4)
        self.cards: dict[int, int] = {}


def fresh(pyramid: Pyramid) -> Facts:
    """The facts of a pyramid computed from nothing else."""
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    visible = visible_mask(occupied)
    cubes = b"".join([plane(mask) for mask in pyramid])
    per_colour = tuple(groups(mask & visible) for mask in pyramid)
    return Facts(pyramid, occupied, visible, cubes, bytes(plane(visible)), per_colour,
                 base_size(occupied))


def grown(parent: Facts, pyramid: Pyramid) -> Facts | None:
    """The facts of ``pyramid`` from those of ``parent``, if it is the parent plus one cube
    where it stood (no base shift); None otherwise."""
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
    cubes = bytearray(parent.cubes)
    at = colour * PLANE_BYTES + OFFSET[cube]
    cubes[at : at + 4] = ONE
    seen = bytearray(parent.seen)
    at = OFFSET[cube]
    seen[at : at + 4] = ONE  # a new cube has nothing on it yet
    per_colour = list(parent.groups)
    hidden = parent.visible & ~visible  # cubes the new one covers
    if not hidden:
        per_colour[colour] = per_colour[colour].with_cube(cube)
    else:
        for bit in bits(hidden):
            at = OFFSET[1 << bit]
            seen[at : at + 4] = ZERO
        for c, mask in enumerate(pyramid):
            if c == colour or mask & hidden:
                per_colour[c] = groups(mask & visible)
    size = base_size(occupied) if cube & BASE else parent.size
    return Facts(pyramid, occupied, visible, bytes(cubes), bytes(seen), tuple(per_colour), size)


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
