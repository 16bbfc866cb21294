"""How much of its win chance a move must lose to be marked: a game's analysis thresholds.

The analysis of a finished match (``meeplehall.ai.analysis``, docs/analysis.md) judges each
decision by its loss: the best move's win chance minus the played move's, from 0 to 1. Where
a loss counts as an inaccuracy, a mistake or a blunder depends on the game (how much one
decision moves the outcome, how noisy its estimates are), so each game declares its own
(``Game.mark_thresholds``).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The marks, from the least to the worst.
MARKS = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class MarkThresholds:
    """The least losses of win chance (0..1) for each mark."""

    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, loss: float) -> str | None:
        """The worst mark ``loss`` reaches, or None for a loss below every threshold."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None


#: A game that declares none: a twentieth of a win chance lost is an inaccuracy.
DEFAULT_MARKS = MarkThresholds(0.05, 0.10, 0.20)
