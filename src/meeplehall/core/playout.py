"""Random play through the public protocol: for benchmarks, property tests and smoke runs."""

from __future__ import annotations

from random import Random

from meeplehall.core.protocol import State

#: Past this many actions a playout is taken to be stuck in a loop, which is a rules bug.
MAX_ACTIONS = 100_000


def random_playout(state: State, rng: Random) -> int:
    """Play uniformly random legal actions until the match ends; returns the actions played.

    At a simultaneous step the seat to act is drawn at random too, so every interleaving of
    simultaneous moves gets exercised.
    """
    played = 0
    while not state.is_over():
        seats = sorted(state.to_move())
        if not seats:
            raise RuntimeError("the match is not over but no seat is to move")
        seat = seats[rng.randrange(len(seats))] if len(seats) > 1 else seats[0]
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"seat {seat} is to move but has no legal action")
        state.apply(seat, legal[rng.randrange(len(legal))])
        played += 1
        if played > MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
    return played
