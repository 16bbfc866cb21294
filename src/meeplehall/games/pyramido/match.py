"""The Pyramido match: the state with the protocol's view and the bots' evaluation.

:class:`PyramidoMatch` is what the game hands out. Its data, moves, result and secrets are those
of :class:`~meeplehall.games.pyramido.state.PyramidoState`, the bottom of the match; the views
(:mod:`views`) and the evaluation (:mod:`evaluation`) read a state, so they sit above it and the
methods that call them live here, above them all.
"""

from __future__ import annotations

from typing import Any

from meeplehall.games.pyramido.evaluation import heuristic
from meeplehall.games.pyramido.state import PyramidoState
from meeplehall.games.pyramido.views import build_view


class PyramidoMatch(PyramidoState):
    """One match, as the protocol plays it."""

    __slots__ = ()

    def heuristic(self, seat: int) -> float:
        return heuristic(self, seat)

    #: A search judges its leaves by the heuristic itself (``State.search_heuristic``).
    search_heuristic = None

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
