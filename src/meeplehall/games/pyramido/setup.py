"""A new Pyramido match: the dominoes shuffled into five piles (the Explorer's first one set
aside in solo), the gem bag filled, the start player drawn and the first stage begun.

Every draw comes from the match's generator, in this order (a seed's deal depends on it): the
domino order, the start player, then the gems of the five first refills; the generator then
stays with the exploration area for the bag's draws in play.
"""

from __future__ import annotations

from typing import Any

from meeplehall.core import Event, Rng
from meeplehall.games.pyramido.components import (
    COLOURS,
    GEM_KINDS,
    GEMS_PER_COLOUR,
    MYTHICAL_GEMS,
    DominoSet,
    load_dominoes,
)
from meeplehall.games.pyramido.exploration import SPACES, Exploration
from meeplehall.games.pyramido.legend import Explorer
from meeplehall.games.pyramido.match import PyramidoMatch
from meeplehall.games.pyramido.phases import DONE, TAKE
from meeplehall.games.pyramido.pyramid import Pyramid

#: Dominoes per pile at the start (in solo the fifth pile is one short: the Explorer's).
PILE = 18
#: The piles whose top starts face up.
FACE_UP = (0, 2, 4)


def new_match(players: int, options: dict[str, Any], rng: Rng) -> PyramidoMatch:
    """A match with the domino set the options name, at its first turn."""
    return deal(players, load_dominoes(options["dominoes"] or None), options["legend"], rng)


def deal(players: int, dominoes: DominoSet, legend: str, rng: Rng) -> PyramidoMatch:
    """A match with these dominoes and solo difficulty, at its first turn."""
    state = PyramidoMatch.__new__(PyramidoMatch)
    order = dominoes.ids
    rng.shuffle(order)
    state.dominoes = dominoes
    state.players = players
    state.legend = legend
    state.explorer = None
    if players == 1:
        # The Explorer's first domino comes off before the piles are formed (7.1).
        state.explorer = Explorer(order.pop())
    piles = [order[p * PILE : (p + 1) * PILE] for p in range(SPACES)]
    bag = [GEMS_PER_COLOUR] * len(COLOURS) + [MYTHICAL_GEMS]
    state.area = Exploration(piles, bag, rng)
    state.pyramids = [Pyramid() for _ in range(players)]
    state.gems = [[0] * len(GEM_KINDS) for _ in range(players)]
    state.stage_scores = [[] for _ in range(players)]
    state.stage = 1
    state.turn = 0
    state.start = 0 if players == 1 else rng.below(players)
    state.active = state.start
    state.phase = TAKE
    state.held = 0
    state.emptied = -1
    state.status = [DONE] * players
    state.areas = [[] for _ in range(players)]
    state.activated = [0] * players
    state.stage_points = [0] * players
    # The setup's own events (the first refills and stage) are not part of any log.
    events: list[Event] = []
    for space in range(SPACES):
        state.area.refill(space, events)
    for pile in FACE_UP:
        state.area.face_up[pile] = True
    state.start_stage(events)
    return state
