"""Engine benchmark for every registered game (or the ones named): random full games per second.

With --calibrate, every run of a game is followed by a run of a fixed calibration playout (random
tic-tac-toe games in plain Python, the same work on any code) and the game's speed is also given
as a ratio to it: on a shared machine, whose speed drifts with its load, that ratio is the
figure to compare between two versions of the code, more than games/s.

python bench/engine.py [GAME ...] [--players N] [--runs R] [--games G] [--calibrate]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from meeplehall.cli.bench import bench_engine
from meeplehall.core.playout import random_playout
from meeplehall.core.protocol import Game
from meeplehall.core.registry import all_games, get_game

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: Tic-tac-toe games in one calibration run: about as long as 200 four-player Pyramido games.
CALIBRATION_GAMES = 80_000


def calibration_rate(games: int = CALIBRATION_GAMES, seed: int = 1) -> float:
    """Random tic-tac-toe games per second of process time: the calibration playout."""
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(games):
        board = [0] * 9
        free = list(range(9))
        player = 1
        while free:
            cell = free.pop(rng.randrange(len(free)))
            board[cell] = player
            if any(board[a] == board[b] == board[c] == player for a, b, c in LINES):
                break
            player = 3 - player
    return games / max(time.process_time() - start, 1e-9)


def calibrated(game: Game, players: int, runs: int, per_run: int, seed: int = 1) -> list[str]:
    """Each run: the game's random playouts, then the calibration; medians of the runs."""
    rates: list[float] = []
    calibrations: list[float] = []
    for run in range(runs):
        rng = random.Random(seed + run)
        start = time.process_time()
        for index in range(per_run):
            state = game.new_state(players, None, seed=seed * 1_000_003 + run * 10_007 + index)
            random_playout(state, rng)
        rates.append(per_run / max(time.process_time() - start, 1e-9))
        calibrations.append(calibration_rate())
    ratios = [
        rate / (calibration / 1000) for rate, calibration in zip(rates, calibrations, strict=True)
    ]
    return [
        f"{game.name}, {players} players, calibrated: median of {runs} runs x {per_run} games",
        f"  games/s              {statistics.median(rates):10.1f}"
        f"  (runs: {', '.join(f'{rate:.0f}' for rate in rates)})",
        f"  calibration games/s  {statistics.median(calibrations):10.0f}",
        f"  ratio (games/s per 1000 calibration games/s) {statistics.median(ratios):.3f}"
        f"  (runs: {', '.join(f'{ratio:.3f}' for ratio in ratios)})",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game names (default: all registered)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, dest="per_run")
    parser.add_argument(
        "--calibrate", action="store_true", help="games/s only, each run beside a calibration"
    )
    args = parser.parse_args()
    games = [get_game(name) for name in args.games] or all_games()
    for game in games:
        players = min(max(args.players, game.min_players), game.max_players)
        if args.calibrate:
            lines = calibrated(game, players, args.runs, args.per_run)
        else:
            lines = bench_engine(game, players, None, args.runs, args.per_run).lines()
        for line in lines:
            print(line)


if __name__ == "__main__":
    main()
