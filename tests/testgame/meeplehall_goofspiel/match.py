"""The Goofspiel match: the state with the protocol's views, determinization and evaluation."""

from __future__ import annotations

from random import Random
from typing import Any

from meeplehall_goofspiel.heuristic import evaluate
from meeplehall_goofspiel.hidden import determinize
from meeplehall_goofspiel.state import GoofspielState
from meeplehall_goofspiel.views import build_view


class GoofspielMatch(GoofspielState):
    """One match, as the protocol plays it."""

    def view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def determinize(self, seat: int, rng: Random) -> GoofspielMatch:
        return determinize(self, seat, rng)

    def heuristic(self, seat: int) -> float:
        return evaluate(self, seat)

    def clone(self) -> GoofspielMatch:
        other = super().clone()
        assert isinstance(other, GoofspielMatch)
        return other
