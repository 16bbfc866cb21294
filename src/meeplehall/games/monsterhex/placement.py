"""Where a unit may go: edge matching through need masks, Skirmish relaxations, the fallback,
and the refusals, which name a hex by its label.

``need[c]`` holds one bit per (direction, power) that the units around an empty cell show
towards it, so a unit at a rotation matches when its ``match_mask`` shares a bit with it.
"""

from __future__ import annotations

from functools import cache

from meeplehall.core import Event, IllegalAction
from meeplehall.games.monsterhex.actions import Place
from meeplehall.games.monsterhex.components import Board
from meeplehall.games.monsterhex.position import COUNTER_CELL, EMPTY, Position


def skirmish_relaxation(state: Position, seat: int) -> int:
    """1 when the seat has Skirmish: its red B/C ignore matching (they must still touch a
    unit) and its S may go on any empty cell; 0 otherwise."""
    return 1 if state.ability_id(seat) == "skirmish" else 0


def placements(state: Position, hand: list[int], relax: int) -> list[Place]:
    """Every legal placement from ``hand``, with the fallback when nothing is legal."""
    cfg = state.cfg
    table = cfg.place_table
    owner = state.owner
    kinds = sorted(set(hand))
    out: list[Place] = []
    if state.units_on_board == 0:
        for cell in cfg.board.start:
            if owner[cell] == EMPTY:
                for u in kinds:
                    out.extend(table[cell][u])
        if out:
            return out
    else:
        masks = cfg.comp.match_mask
        need = state.need
        for cell in range(len(owner)):
            if owner[cell] != EMPTY:
                continue
            wanted = need[cell]
            if wanted:
                for u in kinds:
                    row = table[cell][u]
                    if relax and cfg.comp.units[u].red_letter:
                        out.extend(row)
                        continue
                    m = masks[u]
                    for k in range(6):
                        if m[k] & wanted:
                            out.append(row[k])
            elif relax:
                for u in kinds:
                    unit = cfg.comp.units[u]
                    if unit.red_letter and unit.rank == "S":
                        out.extend(table[cell][u])
        if out:
            return out
    # Fallback: nothing is legal, so any unit goes on a free start cell, else anywhere.
    cells = [c for c in cfg.board.start if owner[c] == EMPTY]
    if not cells:
        cells = [c for c in range(len(owner)) if owner[c] == EMPTY]
    for cell in cells:
        for u in kinds:
            out.extend(table[cell][u])
    return out


def placement_refusal(
    state: Position, hand: list[int], relax: int, action: Place
) -> IllegalAction | None:
    """Why ``action`` is not legal now (None when it is), with the rule it breaks."""
    cfg = state.cfg
    cell_name = hex_label(cfg.board, action.q, action.r)

    def refuse(reason: str, rule: str) -> IllegalAction:
        return IllegalAction(reason, rule=rule, params={"cell": cell_name})

    u = cfg.comp.unit_index.get(action.unit, -1)
    if u < 0:
        return refuse(f"there is no unit called {action.unit!r}", rule="no_such_unit")
    if u not in hand:
        held = ", ".join(cfg.comp.units[x].id for x in sorted(hand)) or "nothing"
        return refuse(f"unit {action.unit} is not in the hand you play from (it holds {held})",
                      rule="unit_not_in_hand")
    cell = state.cell_of(action.q, action.r)
    if cell < 0:
        site = next(
            (s for s in cfg.board.sites if (s.q, s.r) == (action.q, action.r)), None
        )
        if site is not None:
            return refuse(f"{cell_name} is a gem site, units go on empty cells", rule="gem_site")
        return refuse(f"({action.q},{action.r}) is not a cell of this board", rule="off_board")
    if state.owner[cell] >= 0:
        return refuse(f"cell {cell_name} already holds a unit", rule="cell_taken")
    if state.owner[cell] == COUNTER_CELL:
        return refuse(f"cell {cell_name} holds a counter gem until it is resolved",
                      rule="counter_gem_cell")
    if cfg.place_table[cell][u][action.rotation] in placements(state, hand, relax):
        return None
    if state.units_on_board == 0:
        return refuse("the first unit of the game goes on a start cell", rule="first_on_start")
    if not state.need[cell]:
        return refuse(f"cell {cell_name} touches no unit", rule="touches_nothing")
    return refuse(
        f"unit {action.unit} at rotation {action.rotation} shows no power equal to a "
        f"touching unit's facing edge on {cell_name}; a matching placement exists",
        rule="edges_differ",
    )


def quick_legal(state: Position, hand: list[int], relax: int, action: Place) -> bool:
    """The common case without listing every placement: a normal matching placement."""
    if state.units_on_board == 0 or relax:
        return False
    u = state.cfg.comp.unit_index.get(action.unit, -1)
    cell = state.cell_of(action.q, action.r)
    return (
        u in hand
        and cell >= 0
        and state.owner[cell] == EMPTY
        and bool(state.need[cell] & state.cfg.comp.match_mask[u][action.rotation])
    )


def place(
    state: Position, seat: int, owner: int, hand: list[int], action: Place
) -> list[Event]:
    """Put the unit on the board for ``owner`` and update the neighbours' needs."""
    cfg = state.cfg
    u = cfg.comp.unit_index[action.unit]
    cell = cfg.board.index[(action.q, action.r)]
    hand.remove(u)
    state.owner[cell] = owner
    state.unit[cell] = u
    state.rot[cell] = action.rotation
    state.placed_by[cell] = seat
    state.units_on_board += 1
    if owner == seat:
        state.placed_own[seat] += 1
    powers = cfg.comp.facing[u][action.rotation]
    neighbours = cfg.board.neighbours[cell]
    for d in range(6):
        n = neighbours[d]
        if n >= 0:
            state.need[n] |= 1 << (((d + 3) % 6) * 8 + powers[d])
    for site in cfg.board.cell_sites[cell]:
        state.filled[site] += 1
    state.last_cells.append(cell)
    return [{
        "type": "place", "seat": seat, "owner": owner, "shared": owner != seat,
        "unit": action.unit, "q": action.q, "r": action.r, "rotation": action.rotation,
    }]


def recompute_need(state: Position, cell: int) -> None:
    mask = 0
    facing = state.cfg.comp.facing
    for d, n in enumerate(state.cfg.board.neighbours[cell]):
        if n >= 0 and state.owner[n] >= 0:
            mask |= 1 << (d * 8 + facing[state.unit[n]][state.rot[n]][(d + 3) % 6])
    state.need[cell] = mask


# The short names of the board's hexes ("C4": a row letter from the top, then the hex's number in
# its row from the left, gems counted), as the web board draws them, so that a refusal names a
# cell the way the player sees it, never by its coordinates.


@cache
def _names(hexes: tuple[tuple[int, int], ...]) -> dict[tuple[int, int], str]:
    names = {}
    for row, r in enumerate(sorted({r for _q, r in hexes})):
        for number, q in enumerate(sorted(q for q, rr in hexes if rr == r), start=1):
            names[(q, r)] = f"{chr(65 + row)}{number}"
    return names


def hex_label(board: Board, q: int, r: int) -> str:
    """The label of the hex at (q, r), or "" off the board."""
    hexes = (*board.cells, *((site.q, site.r) for site in board.sites))
    return _names(hexes).get((q, r), "")
