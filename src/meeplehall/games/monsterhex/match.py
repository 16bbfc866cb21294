"""The Monster Hex match: the state with the protocol's view, determinization and evaluation.

:class:`MonsterHexMatch` is what the game hands out. Its data, moves and result are those of
:class:`~meeplehall.games.monsterhex.state.MonsterHexState`; the views (:mod:`views`), the
determinization (:mod:`hidden`) and the bots' evaluation (:mod:`heuristic`) read a state, so they
sit above it and the methods that call them live here, above them all.
"""

from __future__ import annotations

from random import Random
from typing import Any, Self

from meeplehall.games.monsterhex.heuristic import evaluate
from meeplehall.games.monsterhex.hidden import determinize
from meeplehall.games.monsterhex.state import MonsterHexState
from meeplehall.games.monsterhex.views import build_view


class MonsterHexMatch(MonsterHexState):
    """One match, as the protocol plays it."""

    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def determinize(self, seat: int, rng: Random) -> Self:
        return determinize(self, seat, rng)

    def heuristic(self, seat: int) -> float:
        return evaluate(self, seat)

    #: A search judges its leaves by the heuristic itself (``State.search_heuristic``).
    search_heuristic = None
