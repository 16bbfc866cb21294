"""The bots' evaluation: points so far, plus what the open gems and objectives are worth now.

For each unresolved gem the current strength around it (effective powers facing the gem)
gives the prizes the rules would hand out if it resolved now; that expectation is weighted
by the square of how full the gem's ring is, since an open ring can still turn. Objectives
count at half weight for the same reason. The value is relative to the best rival.
"""

from __future__ import annotations

from meeplehall.games.monsterhex.gems import strength_totals
from meeplehall.games.monsterhex.objectives import objective_points
from meeplehall.games.monsterhex.state import MonsterHexState

OBJECTIVE_WEIGHT = 0.5


def _gem_expectations(state: MonsterHexState, values: list[float]) -> None:
    cfg = state.cfg
    comp = cfg.comp
    players = cfg.players
    for site in cfg.board.sites:
        if state.resolved[site.index] or not state.filled[site.index]:
            continue
        # Squared: a half-open ring can still turn, and the seat that fills its last cells
        # decides it; trusting open rings less made the greedy bot win more often.
        weight = (state.filled[site.index] / len(site.cells)) ** 2
        totals = strength_totals(state, site.cells)
        if not site.big:
            if len(totals) == 1:
                (owner,) = totals
                if owner < players:
                    values[owner] += weight * comp.small_gem_value
            continue
        levels = sorted(set(totals.values()), reverse=True)
        g1 = [o for o, t in totals.items() if t == levels[0]]
        g2 = [o for o, t in totals.items() if len(levels) > 1 and t == levels[1]]
        slots = comp.gem_tiles[state.site_tile[site.index]]

        def worth(owner: int, slot: int, slots: tuple[tuple[int, str], ...] = slots) -> float:
            value, colour = slots[slot]
            if state.colour[owner] >= 0 and comp.factions[state.colour[owner]] == colour:
                value += comp.colour_bonus
            return float(value)

        if len(g1) == 1:
            winner = g1[0]
            best = 0 if winner >= players or worth(winner, 0) >= worth(winner, 1) else 1
            if winner < players:
                values[winner] += weight * worth(winner, best)
            if len(g2) == 1 and g2[0] < players:
                values[g2[0]] += weight * worth(g2[0], 1 - best)
        elif len(g2) == 1 and g2[0] < players:
            values[g2[0]] += weight * max(worth(g2[0], 0), worth(g2[0], 1))


def evaluate(state: MonsterHexState, seat: int) -> float:
    cfg = state.cfg
    values = [float(score) for score in state.scores]
    if not state.is_over():
        _gem_expectations(state, values)
        for p in range(cfg.players):
            cards = [(i, False) for i in state.common] + [(i, True) for i in state.personal[p]]
            for index, personal in cards:
                values[p] += OBJECTIVE_WEIGHT * objective_points(state, p, index, personal)
    rivals = [values[p] for p in range(cfg.players) if p != seat]
    if not rivals:
        return values[seat] - cfg.solo_target
    return values[seat] - max(rivals)
