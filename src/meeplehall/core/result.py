"""The outcome of a finished match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """Per-seat scores with a labelled breakdown, ranks (1 = best, ties share) and winners.

    ``winners`` is usually every seat ranked 1, but a game may say otherwise (a solo player who
    only ties the automated opponent has no winner).
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[int]
    breakdown: tuple[dict[str, Any], ...]

    @classmethod
    def ranked(
        cls,
        scores: Sequence[int],
        breakdown: Sequence[dict[str, Any]],
        tiebreak: Sequence[Sequence[int]] | None = None,
    ) -> Result:
        """Rank by score, then by each seat's tie-break values in order (higher is better).

        Seats equal on score and on every tie-break value share a rank, and share the win.
        """
        keys = [
            (score, *(tiebreak[seat] if tiebreak is not None else ()))
            for seat, score in enumerate(scores)
        ]
        ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
        winners = frozenset(seat for seat, rank in enumerate(ranks) if rank == 1)
        return cls(tuple(scores), ranks, winners, tuple(breakdown))

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": sorted(self.winners),
            "breakdown": list(self.breakdown),
        }
