"""Engine benchmark for every registered game (or the ones named): random full games per second.

python bench/engine.py [GAME ...] [--players N] [--runs R] [--games G]
"""

from __future__ import annotations

import argparse

from meeplehall.benchmark import bench_engine
from meeplehall.core.registry import all_games, get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game names (default: all registered)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200, dest="per_run")
    args = parser.parse_args()
    games = [get_game(name) for name in args.games] or all_games()
    for game in games:
        players = min(max(args.players, game.min_players), game.max_players)
        for line in bench_engine(game, players, None, args.runs, args.per_run).lines():
            print(line)


if __name__ == "__main__":
    main()
