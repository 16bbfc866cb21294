"""Monster Hex figures: random full games per second for every mode and option set, and the
cost of the calls bots make most (clone, determinize, heuristic, legal actions).

python bench/monsterhex.py [--runs R] [--games G]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from meeplehall.benchmark import bench_engine
from meeplehall.core.registry import get_game

ALL_ON = {"random_gems": True, "objectives": True, "abilities": "random"}
CASES = [
    (4, {}),
    (4, ALL_ON),
    (4, {**ALL_ON, "abilities": "draft"}),
    (3, ALL_ON),
    (2, ALL_ON),
    (2, {**ALL_ON, "shared_faction": True}),
    (1, ALL_ON),
]


def _micro(runs: int) -> None:
    game = get_game("monsterhex")
    state = game.new_state(4, ALL_ON, seed=3)
    rng = random.Random(3)
    for _ in range(16):
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    (seat,) = state.to_move()
    calls = {
        "clone()": state.clone,
        "determinize()": lambda: state.determinize(seat, rng),
        "heuristic()": lambda: state.heuristic(seat),
        "legal_actions()": lambda: state.legal_actions(seat),
        "view()": lambda: state.view(seat),
    }
    print("monsterhex, 4 players, all options, mid-game state (median per call)")
    for name, call in calls.items():
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            for _ in range(500):
                call()
            samples.append((time.perf_counter() - start) / 500 * 1e6)
        print(f"  {name:16s} {statistics.median(samples):9.2f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    game = get_game("monsterhex")
    for players, options in CASES:
        figures = bench_engine(game, players, options, args.runs, args.games)
        print(f"{players} players, options {options or 'none'}")
        for line in figures.lines()[1:]:
            print(line)
    _micro(args.runs)


if __name__ == "__main__":
    main()
