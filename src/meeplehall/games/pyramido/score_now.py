"""A seat's score if the game ended now: its past stages, plus the stage being played scored on
the pyramid as it stands with the gems the seat holds (rules 6.3-6.4).

Everything in Pyramido is public, but the view gives this to the own seat only, as the table
shows it for the seat it is drawn for. The best activations are found per colour (each area
once, with 1 or 3 units) and the mythical pairs shared among the colours; every mythical gem
left over scores 1, so a pair is spent only where it earns more than the 2 points it keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeplehall.games.pyramido.components import COLOURS, MYTHICAL
from meeplehall.games.pyramido.phases import ACTIVATING, OVER, SCORE
from meeplehall.games.pyramido.scoring import UNIT_MULTIPLIER
from meeplehall.games.pyramido.state import PyramidoState

#: A plan: (area index, units) of each activation.
Plan = tuple[tuple[int, int], ...]


def _best_per_units(areas: Sequence[tuple[int, int]], units: int) -> list[tuple[int, Plan]]:
    """best[u]: most points (and how) from these (index, value) areas with at most u units."""
    best: list[tuple[int, Plan]] = [(0, ())] * (units + 1)
    for index, value in areas:
        for used in range(units, 0, -1):
            for take, factor in UNIT_MULTIPLIER.items():
                if take <= used:
                    points, plan = best[used - take]
                    if points + value * factor > best[used][0]:
                        best[used] = (points + value * factor, (*plan, (index, take)))
    return best


def best_activations(
    areas: Sequence[tuple[int, int, int]], gems: Sequence[int]
) -> tuple[int, Plan, int]:
    """(points, plan, mythical gems left) of the best activations of these (index, colour,
    value) areas with these gems, the left-over mythical gems counted as 1 point each."""
    pairs = gems[MYTHICAL] // 2
    # per colour: best[u] over its areas, u up to its own gems plus every pair
    tables = []
    for colour in range(len(COLOURS)):
        mine = [(index, value) for index, shade, value in areas if shade == colour and value]
        if mine:
            tables.append((gems[colour], _best_per_units(mine, gems[colour] + pairs)))
    # spread the pairs over the colours: reach[p] = best (points, plan) with p pairs spent
    reach: dict[int, tuple[int, Plan]] = {0: (0, ())}
    for own, best in tables:
        grown: dict[int, tuple[int, Plan]] = {}
        for spent, (points, plan) in reach.items():
            for units in range(len(best)):
                extra = max(0, units - own)
                if spent + extra > pairs:
                    break
                total = points + best[units][0]
                key = spent + extra
                if key not in grown or total > grown[key][0]:
                    grown[key] = (total, plan + best[units][1])
        reach = grown
    choice = max(reach.items(), key=lambda item: item[1][0] + gems[MYTHICAL] - 2 * item[0])
    spent, (points, plan) = choice
    return points, plan, gems[MYTHICAL] - 2 * spent


def score_now(state: PyramidoState, seat: int) -> dict[str, Any] | None:
    """The seat's score if the game ended now, with the activations that would make it."""
    if state.phase == OVER:
        return None
    past = state.stage_scores[seat][:]
    pyramid = state.pyramids[seat]
    entry: dict[str, Any] = {"stages": past, "stage": state.stage, "areas": [], "mythical": 0}
    scoring = state.phase == SCORE
    if scoring and state.status[seat] != ACTIVATING:
        # This stage is scored already: its points are among the past ones.
        entry.update(score=sum(past), points=None)
        return entry
    found = state.areas[seat] if scoring else pyramid.areas()
    done = state.activated[seat] if scoring else 0
    already = state.stage_points[seat] if scoring else 0
    open_areas = [(index, a.colour, a.icons) for index, a in enumerate(found)
                  if a.icons and not done >> index & 1]
    gems = state.gems[seat]
    points, plan, kept = best_activations(open_areas, gems)
    left = list(gems)
    areas = []
    for index, units in sorted(plan):
        area = found[index]
        coloured = min(units, left[area.colour])
        left[area.colour] -= coloured
        areas.append({
            "area": index, "colour": COLOURS[area.colour], "value": area.icons,
            "size": area.mask.bit_count(), "units": units, "coloured": coloured,
            "mythical": 2 * (units - coloured),
            "points": area.icons * UNIT_MULTIPLIER[units], "cells": pyramid.cells_json(area),
        })
    stage_points = already + points + kept
    entry.update(score=sum(past) + stage_points, points=stage_points, mythical=kept,
                 activated=already, areas=areas)
    return entry
