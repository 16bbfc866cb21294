"""Building hand-made positions for the Pyramido tests."""

from __future__ import annotations

import json
from typing import Any

from meeplehall.core import rng_for
from meeplehall.games.pyramido.actions import Place
from meeplehall.games.pyramido.components import (
    DEFAULT_DOMINOES,
    GEM_KINDS,
    DominoSet,
    parse_domino_records,
)
from meeplehall.games.pyramido.match import PyramidoMatch
from meeplehall.games.pyramido.pyramid import Pyramid
from meeplehall.games.pyramido.setup import deal
from meeplehall.games.pyramido.state import PyramidoState
from tests.rng_draws import next_draws

BlockSpec = tuple[str, list[str]]


def records(**overrides: Any) -> list[dict[str, Any]]:
    """90 plain orange dominoes without icons; overrides by id: (colour_a, icons_a, colour_b,
    icons_b)."""
    recs: list[dict[str, Any]] = [
        {"id": i, "a_colour": "orange", "a_icons": [], "b_colour": "orange", "b_icons": []}
        for i in range(1, 91)
    ]
    for key, (a_colour, a_icons, b_colour, b_icons) in overrides.items():
        index = int(key.lstrip("d")) - 1
        recs[index].update(
            a_colour=a_colour, a_icons=a_icons, b_colour=b_colour, b_icons=b_icons
        )
    return recs


def domino_set(**overrides: Any) -> DominoSet:
    """A test set: ``d7=("red", ["TL"], "blue", [])`` makes domino 7 red/blue."""
    return parse_domino_records({"dominoes": records(**overrides)}, "test set")


def new_state(players: int, seed: int = 0, dominoes: DominoSet | None = None,
              legend: str = "a_legend") -> PyramidoMatch:
    return deal(players, dominoes or DEFAULT_DOMINOES, legend, rng_for(seed))


def gems(**counts: int) -> list[int]:
    """Six gem counts from keyword counts: gems(red=2, mythical=1)."""
    return [counts.get(kind, 0) for kind in GEM_KINDS]


def build(stage: int, moves: list[tuple[int, int, int]], pyramid: Pyramid | None = None,
          domino: int = 1, dominoes: DominoSet = DEFAULT_DOMINOES) -> Pyramid:
    """Place the same domino at each (i, j, rotation), checking each placement is legal."""
    pyramid = pyramid or Pyramid()
    for i, j, rotation in moves:
        place = Place(i, j, rotation)
        pyramid.check_place(stage, place)
        pyramid.place(stage, place, dominoes[domino])
    return pyramid


#: A 4x5 base: ten dominoes filling stage 1 (relative coordinates), as (i, j, rotation).
FULL_BASE = [
    (0, 0, 0), (2, 0, 1), (3, 0, 1), (0, 1, 0), (0, 2, 0),
    (2, 2, 0), (0, 3, 0), (2, 3, 0), (0, 4, 0), (2, 4, 0),
]
#: Nine dominoes after which no stage-1 placement fits (two isolated holes in a 4x5 box).
STUCK_BASE = [
    (0, 0, 3), (1, -1, 3), (-1, -2, 0), (2, -3, 1), (0, -3, 3),
    (2, 0, 2), (1, -3, 3), (-1, -3, 3), (-1, 0, 3),
]


def fingerprint(state: PyramidoState) -> str:
    """Everything about a state, hidden parts included, to check that nothing changed."""
    area = state.area
    return json.dumps(
        {
            "views": [state.view(seat) for seat in range(state.players)],
            "public": state.view(None),
            "piles": area.piles,
            "bag": area.bag,
            "rng": next_draws(area.rng),
            "phase": state.phase,
            "status": state.status,
            "turn": state.turn,
        },
        sort_keys=True,
    )


def gem_totals(state: PyramidoState) -> list[int]:
    """Gems of each kind in bag + discard + gem areas + players (+ the Explorer)."""
    area = state.area
    parts = [area.bag, area.discard, *area.spaces, *state.gems]
    if state.explorer is not None:
        parts.append(state.explorer.gems)
    return [sum(part[kind] for part in parts) for kind in range(len(GEM_KINDS))]




def scoring_state(
    pyramids: list[Pyramid], held: list[list[int]], dominoes: DominoSet, seed: int = 0
) -> tuple[PyramidoState, list[dict[str, Any]]]:
    """A state at the end of stage 1's turns with these pyramids and gems, scoring begun."""
    state = new_state(len(pyramids), seed, dominoes)
    for seat, (pyramid, counts) in enumerate(zip(pyramids, held, strict=True)):
        state.pyramids[seat] = pyramid
        state.gems[seat] = counts[:]
        for kind, count in enumerate(counts):
            state.area.bag[kind] -= count
    state.turn = 10 * len(pyramids)
    events: list[dict[str, Any]] = []
    state._begin_scoring(events)
    return state, events


def set_space(state: PyramidoState, space: int, counts: list[int]) -> None:
    """Give a gem area (0-based) these gems, trading with the bag so that 63 stay in play."""
    area = state.area
    area.bag = [b + old - new for b, old, new in zip(area.bag, area.spaces[space], counts,
                                                     strict=True)]
    assert min(area.bag) >= 0
    area.spaces[space] = counts[:]
