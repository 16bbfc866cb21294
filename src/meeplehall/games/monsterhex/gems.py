"""Gem resolution: big gems (ranking, tie cases, slots, bonuses), small gems, counter gems.

Every point a player gets passes through :func:`award`, which logs it as an event; the
shared faction's prizes are logged as discarded.
"""

from __future__ import annotations

from typing import Any

from meeplehall.core import Event
from meeplehall.games.monsterhex.position import (
    BIG,
    CATEGORIES,
    COLOUR,
    COUNTER,
    COUNTER_CELL,
    EMPTY,
    REWARD,
    SMALL,
    Position,
)


def strength_totals(
    state: Position, cells: tuple[tuple[int, int], ...]
) -> dict[int, int]:
    """Each owner's effective power facing a gem, from (cell, direction to the gem) pairs."""
    totals: dict[int, int] = {}
    for cell, d in cells:
        o = state.owner[cell]
        if o >= 0:
            totals[o] = totals.get(o, 0) + state.effective_power(cell, d)
    return totals


def resolve_big(state: Position, s: int, events: list[Event]) -> None:
    """Rank the owners around a full big gem; queue the slot choice or award outright."""
    site = state.cfg.board.sites[s]
    state.resolved[s] = True
    totals = strength_totals(state, site.cells)
    levels = sorted(set(totals.values()), reverse=True)
    g1 = [o for o, t in totals.items() if t == levels[0]]
    g2 = [o for o, t in totals.items() if len(levels) > 1 and t == levels[1]]
    facing = tuple(
        (cell, state.owner[cell], state.power(cell, d), state.unit[cell]) for cell, d in site.cells
    )
    unique = g1[0] if len(g1) == 1 else -1
    state.records.append(("big", s, facing, unique))
    events.append({"type": "gem_resolved", "kind": "big", "q": site.q, "r": site.r,
                   "totals": {str(o): t for o, t in sorted(totals.items())}})
    slots = state.cfg.comp.gem_tiles[state.site_tile[s]]
    if (
        state.cfg.overwhelming and unique >= 0
        and levels[0] - (levels[1] if len(levels) > 1 else 0) >= 2 * slots[0][0]
    ):
        events.append({"type": "overwhelming", "owner": unique, "q": site.q, "r": site.r})
        award_slot(state, s, 0, unique, events)
        award_slot(state, s, 1, unique, events)
    elif unique >= 0:
        state.pending.append((s, unique, g2[0] if len(g2) == 1 else -1))
    elif len(g2) == 1:
        state.pending.append((s, g2[0], -1))
    reward(state, unique, site.cells, [site.q, site.r], events)


def resolve_small(state: Position, s: int, events: list[Event]) -> None:
    """Higher facing power wins, then higher rank; a full tie gives nobody the point."""
    site = state.cfg.board.sites[s]
    state.resolved[s] = True
    (a, da), (b, db) = site.cells
    oa, ob = state.owner[a], state.owner[b]
    pa, pb = state.effective_power(a, da), state.effective_power(b, db)
    ranks = state.cfg.comp.units
    if oa == ob:
        winner = oa
    elif pa != pb:
        winner = oa if pa > pb else ob
    elif ranks[state.unit[a]].rank_value != ranks[state.unit[b]].rank_value:
        winner = oa if ranks[state.unit[a]].rank_value > ranks[state.unit[b]].rank_value else ob
    else:
        winner = -1
    state.records.append(("small", s, (oa, ob), winner))
    events.append({"type": "gem_resolved", "kind": "small", "q": site.q, "r": site.r,
                   "powers": [pa, pb], "winner": winner})
    if winner >= 0:
        award(state, winner, state.cfg.comp.small_gem_value, SMALL, events, site=[site.q, site.r])


def resolve_counter(state: Position, c: int, events: list[Event]) -> None:
    """One prize: sole first place, else sole second place. The cell is freed by the caller."""
    board = state.cfg.board
    cells = tuple(
        (n, (d + 3) % 6) for d, n in enumerate(board.neighbours[c]) if n >= 0
    )
    totals = strength_totals(state, cells)
    levels = sorted(set(totals.values()), reverse=True)
    winner = unique = -1
    if levels:
        g1 = [o for o, t in totals.items() if t == levels[0]]
        g2 = [o for o, t in totals.items() if len(levels) > 1 and t == levels[1]]
        if len(g1) == 1:
            winner = unique = g1[0]
        elif len(g2) == 1:
            winner = g2[0]
    value = state.crystal[c]
    q, r = board.cells[c]
    events.append({"type": "gem_resolved", "kind": "counter", "q": q, "r": r,
                   "value": value, "winner": winner})
    if winner >= 0:
        award(state, winner, value, COUNTER, events, site=[q, r])
    if state.cfg.revised:
        # A counter cell is a big-gem cell: remembered for the big-gem objectives, and Reward
        # pays its unique first place.
        facing = tuple(
            (cell, state.owner[cell], state.power(cell, d), state.unit[cell])
            for cell, d in cells if state.owner[cell] >= 0
        )
        state.records.append(("counter", c, facing, unique))
        reward(state, unique, cells, [q, r], events)


def reward(state: Position, unique: int, cells: tuple[tuple[int, int], ...],
           site: list[int], events: list[Event]) -> None:
    """Reward: the gem's unique first place gets 2 per own red S beside it, 1 per red B or C."""
    if unique < 0 or unique >= state.cfg.players or state.ability_id(unique) != "reward":
        return
    units = state.cfg.comp.units
    bonus = 0
    for cell, _d in cells:
        if state.owner[cell] == unique and units[state.unit[cell]].red_letter:
            bonus += 2 if units[state.unit[cell]].rank == "S" else 1
    if bonus:
        award(state, unique, bonus, REWARD, events, site=site)


def free_counter_cell(state: Position, c: int) -> None:
    """The counters leave a resolved counter gem: its cell is an ordinary empty cell again."""
    state.crystal[c] = 0
    state.owner[c] = EMPTY


def award(state: Position, owner: int, points: int, category: int, events: list[Event],
           **detail: Any) -> None:
    """Points to a player; the shared faction's prizes are discarded."""
    if owner >= state.cfg.players:
        events.append({"type": "discarded", "owner": owner, "points": points,
                       "reason": CATEGORIES[category], **detail})
        return
    state.scores[owner] += points
    state.breakdown[owner][category] += points
    site = detail.get("site")
    if site is not None:
        won = (owner, points, category, (site[0], site[1]), detail.get("slot", -1))
        state.awards = (*state.awards, won)
    events.append({"type": "award", "seat": owner, "points": points,
                   "reason": CATEGORIES[category], **detail})


def award_slot(
    state: Position, s: int, slot: int, owner: int, events: list[Event]
) -> None:
    """One slot of a big gem, with the colour bonus when its colour is the owner's."""
    site = state.cfg.board.sites[s]
    value, colour = state.cfg.comp.gem_tiles[state.site_tile[s]][slot]
    state.taken.append((s * 2 + slot, owner))
    if owner < state.cfg.players and value == 7:
        state.holds_seven[owner] = True
    award(state, owner, value, BIG, events, site=[site.q, site.r], slot=slot)
    if state.cfg.comp.factions[state.colour[owner]] == colour:
        award(state, owner, state.cfg.comp.colour_bonus, COLOUR, events,
              site=[site.q, site.r], slot=slot)


def take(state: Position, slot: int, events: list[Event]) -> None:
    """The pending chooser takes ``slot``; a sole second place gets the other one."""
    s, chooser, second = state.pending.pop(0)
    award_slot(state, s, slot, chooser, events)
    if second >= 0:
        award_slot(state, s, 1 - slot, second, events)


def check_gems(state: Position, events: list[Event]) -> None:
    """Resolve every gem the turn's placements completed: board sites first, by site id,
    then counter gems, all decided on the board as the placements left it."""
    cells = state.last_cells
    state.last_cells = []
    board = state.cfg.board
    sites: set[int] = set()
    counters: set[int] = set()
    for cell in cells:
        for s in board.cell_sites[cell]:
            if not state.resolved[s] and state.filled[s] == len(board.sites[s].cells):
                sites.add(s)
        for n in board.neighbours[cell]:
            if n >= 0 and state.owner[n] == COUNTER_CELL:
                counters.add(n)
    for s in sorted(sites):
        if board.sites[s].big:
            resolve_big(state, s, events)
        else:
            resolve_small(state, s, events)
    if not counters:
        return
    if not state.cfg.revised:
        _first_edition_counters(state, counters, events)
        return
    # One snapshot: every counter gem with no empty neighbour now resolves, and the cells are
    # freed only afterwards, so a neighbouring counter gem is not reopened by the first one.
    ready = sorted(
        (c for c in counters if not _has_empty_neighbour(state, c)), key=board.cells.__getitem__
    )
    for c in ready:
        resolve_counter(state, c, events)
    for c in ready:
        free_counter_cell(state, c)


def _has_empty_neighbour(state: Position, c: int) -> bool:
    return any(n >= 0 and state.owner[n] == EMPTY for n in state.cfg.board.neighbours[c])


def _first_edition_counters(state: Position, counters: set[int],
                            events: list[Event]) -> None:
    """The first edition, kept for tables begun under it: by cell index, each cell freed at
    once, so a later counter gem beside it waits for that cell to be filled again."""
    for c in sorted(counters):
        if not _has_empty_neighbour(state, c):
            resolve_counter(state, c, events)
            free_counter_cell(state, c)
