"""The Yaxha match: the state machine with the protocol's views, determinization and evaluation.

:class:`YaxhaMatch` is what the game hands out. Its data, moves and result are those of
:class:`~meeplehall.games.yaxha.state.YaxhaState`, the bottom of the game; the views
(:mod:`views`), the determinization (:mod:`hidden`) and the bots' evaluation (:mod:`heuristic`)
read a state, so they sit above it and the methods that call them live here, above them all.
"""

from __future__ import annotations

from random import Random
from typing import Any, Self

from meeplehall.games.yaxha.heuristic import evaluate, lead
from meeplehall.games.yaxha.hidden import determinize
from meeplehall.games.yaxha.state import YaxhaState
from meeplehall.games.yaxha.views import build_view


class YaxhaMatch(YaxhaState):
    """One match, as the protocol plays it."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def determinize(self, seat: int, rng: Random) -> Self:
        return determinize(self, seat, rng)

    def heuristic(self, seat: int) -> float:
        return evaluate(self, seat)

    def search_heuristic(self, seat: int) -> float:
        """The heuristic without the greedy bot's penalty for cubes in hand (``heuristic.lead``)."""
        return lead(self, seat)
