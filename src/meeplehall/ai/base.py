"""The bot interface shared by the CLI, the server and the arena.

A bot decides for one seat from what that seat may know: it may call ``view(seat)``,
``legal_actions(seat)`` and ``determinize(seat, rng)`` on the state it is handed, and nothing
that reads the true hidden state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from meeplehall.core import Action, State


class Bot(Protocol):
    level: int

    def choose(self, state: State, seat: int) -> Action:
        """An action for ``seat``, which must be to move in ``state``."""
        ...


class RandomBot:
    """Level 1: a uniformly random legal action."""

    level = 1

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))


#: Every bot level, weakest first: level -> a factory taking a seed.
LEVELS: dict[int, Callable[[int], Bot]] = {1: RandomBot}


def make_bot(level: int, seed: int = 0) -> Bot:
    """A bot of the given level."""
    try:
        factory = LEVELS[level]
    except KeyError:
        known = ", ".join(str(known) for known in LEVELS)
        raise ValueError(f"no bot of level {level}; available levels: {known}") from None
    return factory(seed)
