"""The bot interface shared by the CLI, the server and the arena.

A bot decides for one seat from what that seat may know: it may call ``view(seat)``,
``legal_actions(seat)`` and ``determinize(seat, rng)`` on the state it is handed, and nothing
that reads the true hidden state. Bots are plain picklable objects, and a worker process can
build the same bot from (level, seed) with :func:`make_bot`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from meeplehall.ai.keys import bot_actions
from meeplehall.core import Action, State


class Bot(Protocol):
    level: int

    def choose(self, state: State, seat: int) -> Action:
        """An action for ``seat``, which must be to move in ``state``."""
        ...


class RandomBot:
    """Level 1: a uniformly random legal action (never a take-back of its own move)."""

    level = 1

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(bot_actions(state, seat))


def _greedy(seed: int, **settings: Any) -> Bot:
    from meeplehall.ai.greedy import GreedyBot

    return GreedyBot(seed, **settings)


def _mcts(seed: int, **settings: Any) -> Bot:
    from meeplehall.ai.mcts import MctsBot

    return MctsBot(seed, **settings)


def _random(seed: int, **settings: Any) -> Bot:
    if settings:
        raise TypeError(f"a random bot takes no settings, not {sorted(settings)}")
    return RandomBot(seed)


#: Every bot level, weakest first: level -> a factory taking a seed (and optional settings).
LEVELS: dict[int, Callable[..., Bot]] = {1: _random, 2: _greedy, 3: _mcts}


def make_bot(level: int, seed: int = 0, **settings: Any) -> Bot:
    """A bot of the given level; ``settings`` tune it (e.g. ``seconds=0.2`` for level 3)."""
    try:
        factory = LEVELS[level]
    except KeyError:
        known = ", ".join(str(known) for known in LEVELS)
        raise ValueError(f"no bot of level {level}; available levels: {known}") from None
    return factory(seed, **settings)
