"""Goofspiel's determinization: the prize deck's order and the rivals' pending bids drawn again."""

from __future__ import annotations

from random import Random
from typing import TypeVar

from meeplehall_goofspiel.state import GoofspielState

S = TypeVar("S", bound=GoofspielState)


def determinize(state: S, seat: int, rng: Random) -> S:
    """A copy where what ``seat`` cannot see is drawn from ``rng``: the deck's order (drawn from
    its sorted cards, so never from the true order) and each rival's pending bid (any card of
    its public hand)."""
    world = state.clone()
    world.deck = sorted(world.deck)
    rng.shuffle(world.deck)
    for other in sorted(world.bids):
        if other != seat:
            world.bids[other] = rng.choice(sorted(world.hands[other]))
    return world  # type: ignore[return-value]
