"""Objective cards: what each card counts for a player, from the final board and the gem records.

"Most" cards compare counts, "achieve" cards score points x places, O03 scores a variable X.
Only units a player placed as their own count; shared-faction units never do.

Every card is defined once, in :data:`CARDS`, by the *places* it counts for a seat: each place is
one thing the card counts (a gem contest the seat entered, a group, a pair of units, a unit, one
occurrence of a formation) given as the cells of the seat's units it rests on. A card that
counts an absence (O09, O13) or a shape (the formations) gives places without cells. From that
one definition come both the card's count (how many places, or for O03 the largest group's size
minus one) and the cells the end-of-game breakdown points at (every place's cells that hold one
of the seat's units).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from meeplehall.games.monsterhex.position import Position

#: One place a card counts: the cells of the seat's units it rests on (none for a shape or an
#: absence).
Cells = tuple[int, ...]
#: Nothing to point at: a place counted by a card that looks at a shape or an absence.
NO_CELLS: Cells = ()


@dataclass(frozen=True)
class Card:
    """How one objective card reads the board: its places for a seat, and its count from them."""

    places: Callable[[Position, int], list[Cells]]
    #: The count from the places: how many there are, unless the card says otherwise.
    count: Callable[[list[Cells]], int] = len


def _groups(state: Position, seat: int, keep: Callable[[int], bool]) -> list[list[int]]:
    """Connected groups of ``seat``'s units whose cells pass ``keep``."""
    cells = {c for c, o in enumerate(state.owner) if o == seat and keep(c)}
    groups = []
    neighbours = state.cfg.board.neighbours
    while cells:
        stack = [cells.pop()]
        group = []
        while stack:
            c = stack.pop()
            group.append(c)
            for n in neighbours[c]:
                if n in cells:
                    cells.remove(n)
                    stack.append(n)
        groups.append(group)
    return groups


def _own_pairs(state: Position, seat: int) -> list[tuple[int, int, int]]:
    """Adjacent pairs (a, b, direction a->b) of ``seat``'s units, each pair once."""
    pairs = []
    for a, o in enumerate(state.owner):
        if o != seat:
            continue
        for d in range(3):  # E, NE, NW: each pair is seen from exactly one side
            b = state.cfg.board.neighbours[a][d]
            if b >= 0 and state.owner[b] == seat:
                pairs.append((a, b, d))
    return pairs


def _rank_is(state: Position, rank: str) -> Callable[[int], bool]:
    return lambda cell: _rank(state, cell) == rank


def _rank(state: Position, cell: int) -> str:
    return state.cfg.comp.units[state.unit[cell]].rank


@cache
def _variants(shape: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The six rotations of a shape, as offsets."""
    out = []
    cells = list(shape)
    for _ in range(6):
        out.append(tuple(cells))
        cells = [(-r, q + r) for q, r in cells]
    return tuple(out)


def formation_places(state: Position, seat: int, formation: str) -> int:
    """The most disjoint occurrences of a formation among ``seat``'s units, each holding
    at least one unit of the formation's rank."""
    form = state.cfg.comp.formations[formation]
    board = state.cfg.board
    own = {board.cells[c] for c, o in enumerate(state.owner) if o == seat}
    found: set[frozenset[tuple[int, int]]] = set()
    for variant in _variants(form.cells):
        q0, r0 = variant[0]
        for q, r in own:
            placed = frozenset((q + dq - q0, r + dr - r0) for dq, dr in variant)
            if placed <= own and any(
                _rank(state, board.index[cell]) == form.rank for cell in placed
            ):
                found.add(placed)
    return _max_disjoint(sorted(found, key=sorted))


def _max_disjoint(sets: list[frozenset[tuple[int, int]]]) -> int:
    if not sets:
        return 0
    first, rest = sets[0], sets[1:]
    with_first = 1 + _max_disjoint([s for s in rest if not s & first])
    return max(with_first, _max_disjoint(rest))


def _hex_distance(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


def _met(condition: bool) -> list[Cells]:
    """The one place of a card met by an absence, or none."""
    return [NO_CELLS] if condition else []


def _own_in(facing: tuple[tuple[int, int, int, int], ...], seat: int) -> Cells:
    """The cells of ``seat``'s units in a gem record's (cell, owner, power, unit) entries."""
    return tuple(f[0] for f in facing if f[1] == seat)


def _contests(state: Position) -> list[tuple[Any, ...]]:
    """The big-gem contests: board big gems, and counter gems (big-gem cells since the
    corrections; the first edition recorded no counter gem, so the list holds only board
    gems there)."""
    return [rec for rec in state.records if rec[0] in ("big", "counter")]


# -- the cards, one definition each ----------------------------------------------------------


def _o01(state: Position, seat: int) -> list[Cells]:
    """Big-gem contests entered: each with the seat's units in it."""
    return [own for rec in _contests(state) if (own := _own_in(rec[2], seat))]


def _o02(state: Position, seat: int) -> list[Cells]:
    """Small gems entered: each with the seat's units beside it."""
    sites = state.cfg.board.sites
    return [
        tuple(c for c, _d in sites[rec[1]].cells if state.owner[c] == seat)
        for rec in state.records if rec[0] == "small" and seat in rec[2]
    ]


def _largest_group(state: Position, seat: int) -> list[Cells]:
    """O03: the largest group (the first found among equals), whose size less one is X."""
    largest: list[int] = []
    for group in _groups(state, seat, lambda c: True):
        largest = group if len(group) > len(largest) else largest
    return [tuple(largest)] if largest else []


def _size_less_one(places: list[Cells]) -> int:
    return len(places[0]) - 1 if places else 0


def _o04(state: Position, seat: int) -> list[Cells]:
    """Inland B and C units."""
    return [
        (c,) for c in state.cfg.board.inland
        if state.owner[c] == seat and _rank(state, c) in ("B", "C")
    ]


def _o05(state: Position, seat: int) -> list[Cells]:
    """Groups of two units or more."""
    return [tuple(g) for g in _groups(state, seat, lambda c: True) if len(g) >= 2]


def _o06(state: Position, seat: int) -> list[Cells]:
    """S units around the 6-point gem, on its far side from the centre."""
    board = state.cfg.board
    comp = state.cfg.comp
    for site in board.sites:
        if site.big and comp.gem_tiles[state.site_tile[site.index]][0][0] == 6:
            gem_distance = _hex_distance(site.q, site.r)
            return [
                (c,) for c, _d in site.cells
                if state.owner[c] == seat and _rank(state, c) == "S"
                and _hex_distance(*board.cells[c]) > gem_distance
            ]
    return []


def _o07(state: Position, seat: int) -> list[Cells]:
    """Units on the outer ring."""
    return [(c,) for c in state.cfg.board.outer if state.owner[c] == seat]


def _formation(formation: str) -> Callable[[Position, int], list[Cells]]:
    """O08, O12, O17: disjoint occurrences of a formation (a shape: no cells to point at)."""

    def places(state: Position, seat: int) -> list[Cells]:
        return [NO_CELLS] * formation_places(state, seat, formation)

    return places


def _o09(state: Position, seat: int) -> list[Cells]:
    """Absent from the board gem whose 3-point slot has the seat's colour."""
    if state.colour[seat] < 0:
        return []
    comp = state.cfg.comp
    colour = comp.factions[state.colour[seat]]
    for rec in state.records:
        if rec[0] != "big":
            continue
        slots = comp.gem_tiles[state.site_tile[rec[1]]]
        if any(value == 3 and c == colour for value, c in slots):
            return _met(not any(f[1] == seat for f in rec[2]))
    return []


def _o10(state: Position, seat: int) -> list[Cells]:
    """Units with no own unit beside them."""
    neighbours = state.cfg.board.neighbours
    return [
        (c,) for c, o in enumerate(state.owner) if o == seat
        and not any(n >= 0 and state.owner[n] == seat for n in neighbours[c])
    ]


def _o11(state: Position, seat: int) -> list[Cells]:
    """Big-gem contests won with C units only: each with those units."""
    units = state.cfg.comp.units
    return [
        _own_in(rec[2], seat) for rec in _contests(state)
        if rec[3] == seat and all(units[f[3]].rank == "C" for f in rec[2] if f[1] == seat)
    ]


def _o13(state: Position, seat: int) -> list[Cells]:
    """No two of the seat's S or A units side by side."""
    return _met(not any(
        _rank(state, a) in ("S", "A") and _rank(state, b) in ("S", "A")
        for a, b, _d in _own_pairs(state, seat)
    ))


def _o14(state: Position, seat: int) -> list[Cells]:
    """Pairs of B units side by side showing each other different powers."""
    return [
        (a, b) for a, b, d in _own_pairs(state, seat)
        if _rank(state, a) == "B" and _rank(state, b) == "B"
        and state.power(a, d) != state.power(b, (d + 3) % 6)
    ]


def _o15(state: Position, seat: int) -> list[Cells]:
    """The centre gem entered with exactly one unit: that unit."""
    centre = state.cfg.board.centre_site
    return [
        own for rec in state.records
        if rec[0] == "big" and rec[1] == centre and len(own := _own_in(rec[2], seat)) == 1
    ]


def _showing(power: int) -> Callable[[Position, int], list[Cells]]:
    """O16, O20: units that showed ``power`` to a big-gem contest (each unit once)."""

    def places(state: Position, seat: int) -> list[Cells]:
        cells = {
            f[0] for rec in _contests(state) for f in rec[2] if f[1] == seat and f[2] == power
        }
        return [(c,) for c in sorted(cells)]

    return places


def _o18(state: Position, seat: int) -> list[Cells]:
    """Pairs of units side by side both showing 5 to each other."""
    return [
        (a, b) for a, b, d in _own_pairs(state, seat)
        if state.power(a, d) == 5 and state.power(b, (d + 3) % 6) == 5
    ]


def _o19(state: Position, seat: int) -> list[Cells]:
    """Groups of three units or more of one rank."""
    return [
        tuple(g) for rank in ("S", "A", "B", "C")
        for g in _groups(state, seat, _rank_is(state, rank)) if len(g) >= 3
    ]


#: Every objective card by id: what it counts, defined once.
CARDS: dict[str, Card] = {
    "O01": Card(_o01),
    "O02": Card(_o02),
    "O03": Card(_largest_group, count=_size_less_one),
    "O04": Card(_o04),
    "O05": Card(_o05),
    "O06": Card(_o06),
    "O07": Card(_o07),
    "O08": Card(_formation("A")),
    "O09": Card(_o09),
    "O10": Card(_o10),
    "O11": Card(_o11),
    "O12": Card(_formation("C")),
    "O13": Card(_o13),
    "O14": Card(_o14),
    "O15": Card(_o15),
    "O16": Card(_showing(1)),
    "O17": Card(_formation("B")),
    "O18": Card(_o18),
    "O19": Card(_o19),
    "O20": Card(_showing(3)),
}


def objective_count(state: Position, seat: int, oid: str) -> int:
    """The card's count for ``seat``: a tally ("most"), places ("achieve") or X ("variable")."""
    card = CARDS[oid]
    return card.count(card.places(state, seat))


def objective_cells(state: Position, seat: int, oid: str) -> list[int]:
    """The board cells of ``seat``'s units that card ``oid`` counts, sorted."""
    owner = state.owner
    return sorted(
        {c for place in CARDS[oid].places(state, seat) for c in place if owner[c] == seat}
    )


def objective_points(state: Position, seat: int, index: int, personal: bool) -> int:
    """Points ``seat`` scores for objective ``index`` as a common or a personal card.

    A common card scores for everyone who meets it (every leader of a "most" card). A personal
    card scores only when its owner alone meets it: the unique leader of a "most" card, the only
    seat achieving an achieve card, the strictly highest X. The shared faction is no rival.
    """
    card = state.cfg.comp.objectives[index]
    count = objective_count(state, seat, card.id)
    if count < 1:
        return 0
    points = count if card.kind == "variable" else card.points
    if card.kind == "achieve":
        points *= count
    if personal and state.cfg.revised:
        if any(objective_count(state, p, card.id) >= (count if card.kind != "achieve" else 1)
               for p in range(state.cfg.players) if p != seat):
            return 0
        return points
    if card.kind != "most":
        return points
    best_other = max(
        (objective_count(state, p, card.id) for p in range(state.cfg.players) if p != seat),
        default=0,
    )
    if personal:
        return points if count > best_other else 0
    return points if count >= best_other else 0


def score_objectives(state: Position) -> list[tuple[int, int, str, int]]:
    """(seat, points, card id, count) for every card that scores at the end."""
    out = []
    objectives = state.cfg.comp.objectives
    for seat in range(state.cfg.players):
        cards = [(i, False) for i in state.common] + [(i, True) for i in state.personal[seat]]
        for index, personal in cards:
            points = objective_points(state, seat, index, personal)
            if points:
                oid = objectives[index].id
                out.append((seat, points, oid, objective_count(state, seat, oid)))
    return out
