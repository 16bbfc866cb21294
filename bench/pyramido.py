"""Pyramido engine figures beyond the generic benchmark: what bots lean on.

python bench/pyramido.py [--players N] [--runs R]

Prints medians (process time, one core) of: random full games per second, and per call on
mid-game states: legal_actions, clone, determinize, heuristic.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from meeplehall.benchmark import bench_engine
from meeplehall.core.registry import get_game


def _mid_game_states(players: int, count: int) -> list:
    game = get_game("pyramido")
    states = []
    for seed in range(count):
        rng = random.Random(seed)
        state = game.new_state(players, None, seed)
        for _ in range(rng.randrange(20, 200)):
            if state.is_over():
                break
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over():
            states.append(state)
    return states


def _per_call(states: list, call: Callable, runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.process_time()
        for state in states:
            call(state)
        samples.append((time.process_time() - start) / len(states) * 1e6)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = get_game("pyramido")
    for line in bench_engine(game, args.players, None, args.runs, 100).lines():
        print(line)
    states = _mid_game_states(args.players, 200)
    rng = random.Random(0)
    figures: dict[str, Callable] = {
        "legal_actions": lambda s: s.legal_actions(min(s.to_move())),
        "clone": lambda s: s.clone(),
        "determinize": lambda s: s.determinize(0, rng),
        "heuristic": lambda s: s.heuristic(0),
        "view": lambda s: s.view(0),
    }
    print(f"  per call on {len(states)} mid-game states (median of {args.runs} runs)")
    for name, call in figures.items():
        print(f"  {name:14s} {_per_call(states, call, args.runs):8.1f} us")


if __name__ == "__main__":
    main()
