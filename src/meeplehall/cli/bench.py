"""``meeplehall bench``, the engine benchmark: random full games through the public protocol,
as figures to read.

It prints; it never asserts. Figures are medians over several runs, timed on one core
(process time), since the machines it runs on are shared.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from meeplehall.cli.args import GameOptions, game_named, new_state, parse_options
from meeplehall.cli.terminal import console
from meeplehall.core.playout import random_playout
from meeplehall.core.protocol import Game, State


def bench_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option(help="number of seats")] = 4,
    runs: Annotated[int, typer.Option(min=1, help="runs; the median is printed")] = 5,
    games: Annotated[int, typer.Option(min=1, help="games per run")] = 200,
    option: GameOptions = None,
) -> None:
    """Benchmark a game engine: random full games per second through the protocol."""
    game = game_named(game_name)
    options = parse_options(option or [])
    new_state(game, players, options, 0)
    figures = bench_engine(game, players, options, runs, games)
    for line in figures.lines():
        console.print(line)


@dataclass(frozen=True)
class EngineFigures:
    game: str
    players: int
    runs: int
    games_per_run: int
    games_per_second: float
    actions_per_second: float
    #: Microseconds per call of what bots call most, on positions from random games.
    call_us: dict[str, float]

    def lines(self) -> list[str]:
        return [
            f"{self.game}, {self.players} players, random full games through the protocol",
            f"  median of {self.runs} runs x {self.games_per_run} games (process time, one core)",
            f"  games/s   {self.games_per_second:10.1f}",
            f"  actions/s {self.actions_per_second:10.1f}",
            "  per call (mean over positions from random games, median of runs):",
            *(f"    {name:16s} {micros:10.2f} us" for name, micros in self.call_us.items()),
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
        call_us=_call_costs(game, players, options, seed, runs),
    )


def _positions(
    game: Game, players: int, options: Mapping[str, Any] | None, seed: int, count: int = 60
) -> list[State]:
    """Positions taken at random moments of random games, from the start to the end."""
    rng = random.Random(seed)
    found: list[State] = []
    index = 0
    while len(found) < count:
        state = game.new_state(players, options, seed=seed + index)
        index += 1
        while not state.is_over():
            if rng.random() < 0.05:
                found.append(state.clone())
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found[:count]


def _call_costs(
    game: Game, players: int, options: Mapping[str, Any] | None, seed: int, runs: int
) -> dict[str, float]:
    states = _positions(game, players, options, seed)
    rng = random.Random(seed)

    def mover(state: State) -> int:
        return min(state.to_move())

    calls: dict[str, Callable[[State], object]] = {
        "clone()": lambda state: state.clone(),
        "legal_actions()": lambda state: state.legal_actions(mover(state)),
        "determinize()": lambda state: state.determinize(mover(state), rng),
        "heuristic()": lambda state: state.heuristic(mover(state)),
        "view()": lambda state: state.view(mover(state)),
    }
    costs: dict[str, float] = {}
    for name, call in calls.items():
        samples = []
        for _ in range(runs):
            start = time.process_time()
            for state in states:
                call(state)
            samples.append((time.process_time() - start) / len(states) * 1e6)
        costs[name] = statistics.median(samples)
    return costs
