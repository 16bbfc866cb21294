"""Engine benchmark: random full games through the public protocol, as figures to read.

It prints; it never asserts. Figures are medians over several runs, timed on one core
(process time), since the machines it runs on are shared.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from meeplehall.core.playout import random_playout
from meeplehall.core.protocol import Game


@dataclass(frozen=True)
class EngineFigures:
    game: str
    players: int
    runs: int
    games_per_run: int
    games_per_second: float
    actions_per_second: float
    clone_us: float

    def lines(self) -> list[str]:
        return [
            f"{self.game}, {self.players} players, random full games through the protocol",
            f"  median of {self.runs} runs x {self.games_per_run} games (process time, one core)",
            f"  games/s   {self.games_per_second:10.1f}",
            f"  actions/s {self.actions_per_second:10.1f}",
            f"  clone()   {self.clone_us:10.2f} us (mid-game state)",
        ]


def bench_engine(
    game: Game,
    players: int,
    options: Mapping[str, Any] | None = None,
    runs: int = 5,
    games_per_run: int = 200,
    seed: int = 1,
) -> EngineFigures:
    game_rates: list[float] = []
    action_rates: list[float] = []
    for run in range(runs):
        rng = random.Random(seed + run)
        actions = 0
        start = time.process_time()
        for index in range(games_per_run):
            state = game.new_state(players, options, seed=seed * 1_000_003 + run * 10_007 + index)
            actions += random_playout(state, rng)
        elapsed = max(time.process_time() - start, 1e-9)
        game_rates.append(games_per_run / elapsed)
        action_rates.append(actions / elapsed)
    return EngineFigures(
        game=game.name,
        players=players,
        runs=runs,
        games_per_run=games_per_run,
        games_per_second=statistics.median(game_rates),
        actions_per_second=statistics.median(action_rates),
        clone_us=_clone_time(game, players, options, seed),
    )


def _clone_time(game: Game, players: int, options: Mapping[str, Any] | None, seed: int) -> float:
    """Median time of one clone() on a state halfway through a random game."""
    rng = random.Random(seed)
    state = game.new_state(players, options, seed=seed)
    total = random_playout(state.clone(), random.Random(seed))
    for _ in range(total // 2):
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(200):
            state.clone()
        samples.append((time.perf_counter() - start) / 200 * 1e6)
    return statistics.median(samples)
