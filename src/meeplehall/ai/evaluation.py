"""How search turns a position into a number for a seat."""

from __future__ import annotations

import math

from meeplehall.core import Result, State


def margin(result: Result, seat: int) -> float:
    """Points ahead of the best rival (negative when behind); 0 in a one-seat result."""
    rivals = [score for other, score in enumerate(result.scores) if other != seat]
    return float(result.scores[seat] - max(rivals)) if rivals else float(result.scores[seat])


def win_share(result: Result, seat: int) -> float:
    """1 for a sole win, 1/k for a win shared by k seats, 0 otherwise."""
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


def terminal_value(state: State, seat: int) -> float:
    """The greedy bot's value of a finished match: any win beats any loss, then the margin."""
    result = state.result()
    return (1e6 if seat in result.winners else 0.0) + margin(result, seat)


def search_value(state: State, seat: int) -> float:
    """How a search judges a position it stops at: the game's ``search_heuristic`` where it has
    one (a heuristic without a term meant for the greedy bot only), else its ``heuristic``."""
    judge = state.search_heuristic
    return state.heuristic(seat) if judge is None else judge(seat)


def squash(points: float, scale: float) -> float:
    """Points ahead of the best rival mapped onto (0, 1) by a logistic of width ``scale``."""
    x = points / scale
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
