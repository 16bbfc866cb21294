"""The bots' evaluation of a Goofspiel position."""

from __future__ import annotations

from meeplehall_goofspiel.state import GoofspielState


def evaluate(state: GoofspielState, seat: int) -> float:
    """The seat's prize points ahead of the best rival's (the hands left are alike enough over
    a match that the points taken say who is doing well)."""
    rivals = [score for other, score in enumerate(state.scores) if other != seat]
    return float(state.scores[seat] - max(rivals))
