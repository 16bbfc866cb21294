"""Shared helpers: the registered games, and positions reached by seeded random play."""

from __future__ import annotations

import random

from meeplehall.core import Game, State
from meeplehall.core.registry import all_games

GAMES: list[Game] = all_games()
GAME_IDS = [game.name for game in GAMES]

#: Small budgets that keep level 3 quick in tests while still searching.
FAST_MCTS = {"seconds": None, "iterations": 12, "playout_depth": 6}


def random_position(game: Game, players: int, seed: int, fraction: float) -> State:
    """The state after playing random legal actions through about ``fraction`` of a match."""
    probe = game.new_state(players, None, seed)
    rng = random.Random(seed)
    length = 0
    while not probe.is_over():
        seat = rng.choice(sorted(probe.to_move()))
        probe.apply(seat, rng.choice(probe.legal_actions(seat)))
        length += 1
    state = game.new_state(players, None, seed)
    rng = random.Random(seed)
    for _ in range(int(length * fraction)):
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state
