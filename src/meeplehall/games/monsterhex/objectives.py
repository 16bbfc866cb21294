"""Objective cards: one count per (player, card) from the final board and the gem records.

"Most" cards compare counts, "achieve" cards score points x places, O03 scores a variable X.
Only units a player placed as their own count; shared-faction units never do.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from meeplehall.games.monsterhex.state import MonsterHexState


def _groups(state: MonsterHexState, seat: int, keep: Callable[[int], bool]) -> list[list[int]]:
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


def _own_pairs(state: MonsterHexState, seat: int) -> list[tuple[int, int, int]]:
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


def _rank_is(state: MonsterHexState, rank: str) -> Callable[[int], bool]:
    return lambda cell: _rank(state, cell) == rank


def _rank(state: MonsterHexState, cell: int) -> str:
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


def formation_places(state: MonsterHexState, seat: int, formation: str) -> int:
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


def objective_count(state: MonsterHexState, seat: int, oid: str) -> int:
    """The card's count for ``seat``: a tally ("most"), places ("achieve") or X ("variable")."""
    board = state.cfg.board
    comp = state.cfg.comp
    bigs = [rec for rec in state.records if rec[0] == "big"]
    # Counter cells are big-gem cells for the cards that count big-gem contests (the first
    # edition recorded no counter gem, so the list holds only board gems there).
    contests = [rec for rec in state.records if rec[0] in ("big", "counter")]
    if oid == "O01":
        return sum(1 for rec in contests if any(f[1] == seat for f in rec[2]))
    if oid == "O02":
        return sum(1 for rec in state.records if rec[0] == "small" and seat in rec[2])
    if oid == "O03":
        return max((len(g) - 1 for g in _groups(state, seat, lambda c: True)), default=0)
    if oid == "O04":
        return sum(
            1 for c in board.inland if state.owner[c] == seat and _rank(state, c) in ("B", "C")
        )
    if oid == "O05":
        return sum(1 for g in _groups(state, seat, lambda c: True) if len(g) >= 2)
    if oid == "O06":
        for site in board.sites:
            if site.big and comp.gem_tiles[state.site_tile[site.index]][0][0] == 6:
                gem_distance = _hex_distance(site.q, site.r)
                return sum(
                    1 for c, _d in site.cells
                    if state.owner[c] == seat and _rank(state, c) == "S"
                    and _hex_distance(*board.cells[c]) > gem_distance
                )
        return 0
    if oid == "O07":
        return sum(1 for c in board.outer if state.owner[c] == seat)
    if oid in ("O08", "O12", "O17"):
        return formation_places(state, seat, {"O08": "A", "O12": "C", "O17": "B"}[oid])
    if oid == "O09":
        if state.colour[seat] < 0:
            return 0
        colour = comp.factions[state.colour[seat]]
        for rec in bigs:
            slots = comp.gem_tiles[state.site_tile[rec[1]]]
            if any(value == 3 and c == colour for value, c in slots):
                return 0 if any(f[1] == seat for f in rec[2]) else 1
        return 0
    if oid == "O10":
        return sum(
            1 for c, o in enumerate(state.owner) if o == seat
            and not any(n >= 0 and state.owner[n] == seat for n in board.neighbours[c])
        )
    if oid == "O11":
        return sum(
            1 for rec in contests if rec[3] == seat
            and all(comp.units[f[3]].rank == "C" for f in rec[2] if f[1] == seat)
        )
    if oid == "O13":
        return 0 if any(
            _rank(state, a) in ("S", "A") and _rank(state, b) in ("S", "A")
            for a, b, _d in _own_pairs(state, seat)
        ) else 1
    if oid == "O14":
        return sum(
            1 for a, b, d in _own_pairs(state, seat)
            if _rank(state, a) == "B" and _rank(state, b) == "B"
            and state.power(a, d) != state.power(b, (d + 3) % 6)
        )
    if oid == "O15":
        return sum(
            1 for rec in bigs
            if rec[1] == board.centre_site and sum(1 for f in rec[2] if f[1] == seat) == 1
        )
    if oid in ("O16", "O20"):
        wanted = 1 if oid == "O16" else 3
        return len(
            {f[0] for rec in contests for f in rec[2] if f[1] == seat and f[2] == wanted}
        )
    if oid == "O18":
        return sum(
            1 for a, b, d in _own_pairs(state, seat)
            if state.power(a, d) == 5 and state.power(b, (d + 3) % 6) == 5
        )
    if oid == "O19":
        total = 0
        for rank in ("S", "A", "B", "C"):
            groups = _groups(state, seat, _rank_is(state, rank))
            total += sum(1 for g in groups if len(g) >= 3)
        return total
    raise KeyError(oid)


def objective_points(state: MonsterHexState, seat: int, index: int, personal: bool) -> int:
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


def score_objectives(state: MonsterHexState) -> list[tuple[int, int, str, int]]:
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

