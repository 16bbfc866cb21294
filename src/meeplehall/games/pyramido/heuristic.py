"""The bots' evaluation of a position: points ahead of the best rival.

A seat's standing is its points so far, plus what its held gems could score on its visible
areas (the best split of its gems over areas of their colour), plus the mythical gems' bonus.
"""

from __future__ import annotations

from meeplehall.games.pyramido.components import COLOURS, MYTHICAL
from meeplehall.games.pyramido.geometry import STAGES
from meeplehall.games.pyramido.phases import ACTIVATING, OVER, SCORE
from meeplehall.games.pyramido.scoring import best_area_value
from meeplehall.games.pyramido.state import PyramidoState

#: What a held gem's possible score is worth, against a point already scored.
HELD_GEM_WEIGHT = 0.75
#: The same for a gem kept through a stage's scoring (it waits a whole stage more).
KEPT_GEM_WEIGHT = 0.4


def standing(state: PyramidoState, seat: int) -> float:
    """Points so far (this stage's activations included), plus what the held gems could
    score on the visible areas, plus the mythical gems' bonus."""
    gems = state.gems[seat]
    points = sum(state.stage_scores[seat])
    # Gems only may score later (areas get covered, rivals take colours): they count less
    # than banked points, except while they can be spent on areas right now.
    weight = HELD_GEM_WEIGHT
    activated = 0
    if state.phase == SCORE and state.status[seat] == ACTIVATING:
        points += state.stage_points[seat]
        activated = state.activated[seat]
        weight = 1.0
    elif state.phase == OVER or (state.phase == SCORE and state.stage == STAGES):
        weight = 0.0
    elif state.phase == SCORE:
        # Kept through this stage's scoring: these gems wait a whole stage to score, and more
        # than five are lost. Counting them at the usual weight made finishing without
        # activating look nearly as good as scoring.
        weight = KEPT_GEM_WEIGHT
    reachable = 0
    if weight:
        areas = state.pyramids[seat].areas()
        for colour in range(len(COLOURS)):
            if gems[colour]:
                values = sorted(
                    (a.icons for index, a in enumerate(areas)
                     if a.colour == colour and not activated >> index & 1),
                    reverse=True,
                )
                reachable += best_area_value(values, gems[colour])
    # A kept mythical gem earns its point at the next stage end, if there is one.
    return points + weight * reachable + (gems[MYTHICAL] if weight else 0)


def evaluate(state: PyramidoState, seat: int) -> float:
    """Points ahead of the best rival (the Explorer in solo), counting what held gems may
    still score."""
    mine = standing(state, seat)
    if state.explorer is not None:
        explorer = state.explorer
        stage = min(state.stage, STAGES)
        rival = explorer.total + (
            sum(explorer.gems[:MYTHICAL]) * stage + 2 * explorer.gems[MYTHICAL]
            if state.phase != OVER else 0
        )
        return float(mine - rival)
    rivals = [standing(state, s) for s in range(state.players) if s != seat]
    return float(mine - max(rivals))
