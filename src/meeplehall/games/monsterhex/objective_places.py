"""The cells an objective card counts for a seat, so the web client can point at them from the
end-of-game breakdown. Cards that count an absence (O09, O13) or a shape (the formations) point
at nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeplehall.games.monsterhex.objectives import (
    _groups,
    _hex_distance,
    _own_pairs,
    _rank,
    _rank_is,
)

if TYPE_CHECKING:
    from meeplehall.games.monsterhex.state import MonsterHexState


def objective_cells(state: MonsterHexState, seat: int, oid: str) -> list[int]:
    """The board cells of ``seat``'s units that card ``oid`` counts, sorted."""
    board = state.cfg.board
    comp = state.cfg.comp
    contests = [rec for rec in state.records if rec[0] in ("big", "counter")]
    own = [c for c, o in enumerate(state.owner) if o == seat]
    cells: set[int] = set()
    if oid in ("O01", "O16", "O20"):
        wanted = {"O01": None, "O16": 1, "O20": 3}[oid]
        cells = {f[0] for rec in contests for f in rec[2]
                 if f[1] == seat and (wanted is None or f[2] == wanted)}
    elif oid == "O02":
        cells = {c for rec in state.records if rec[0] == "small"
                 for c, _d in board.sites[rec[1]].cells if state.owner[c] == seat}
    elif oid == "O03":
        largest: list[int] = []
        for group in _groups(state, seat, lambda c: True):
            largest = group if len(group) > len(largest) else largest
        cells = set(largest)
    elif oid == "O04":
        cells = {c for c in own if c in board.inland and _rank(state, c) in ("B", "C")}
    elif oid == "O05":
        cells = {c for g in _groups(state, seat, lambda c: True) if len(g) >= 2 for c in g}
    elif oid == "O06":
        for site in board.sites:
            if site.big and comp.gem_tiles[state.site_tile[site.index]][0][0] == 6:
                far = _hex_distance(site.q, site.r)
                cells = {c for c, _d in site.cells if state.owner[c] == seat
                         and _rank(state, c) == "S" and _hex_distance(*board.cells[c]) > far}
    elif oid == "O07":
        cells = {c for c in own if c in board.outer}
    elif oid == "O10":
        cells = {c for c in own
                 if not any(n >= 0 and state.owner[n] == seat for n in board.neighbours[c])}
    elif oid == "O11":
        cells = {f[0] for rec in contests if rec[3] == seat for f in rec[2] if f[1] == seat
                 and all(comp.units[g[3]].rank == "C" for g in rec[2] if g[1] == seat)}
    elif oid in ("O14", "O18"):
        for a, b, d in _own_pairs(state, seat):
            pa, pb = state.power(a, d), state.power(b, (d + 3) % 6)
            if (oid == "O18" and pa == pb == 5) or (
                oid == "O14" and _rank(state, a) == _rank(state, b) == "B" and pa != pb
            ):
                cells |= {a, b}
    elif oid == "O15":
        cells = {f[0] for rec in state.records if rec[0] == "big"
                 and rec[1] == board.centre_site for f in rec[2] if f[1] == seat}
    elif oid == "O19":
        for rank in ("S", "A", "B", "C"):
            groups = _groups(state, seat, _rank_is(state, rank))
            cells |= {c for g in groups if len(g) >= 3 for c in g}
    return sorted(c for c in cells if state.owner[c] == seat)
