"""Yaxha evaluation costs the bots pay per decision: heuristic(), determinize(), view(), score().

python bench/yaxha_eval.py [--players N] [--positions P] [--runs R]

Positions are taken from random games at every stage; figures are medians over runs, in
microseconds per call (process time). It prints; it never asserts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from meeplehall.games.yaxha import GAME, YaxhaState, score
from meeplehall.games.yaxha.scoring import cells_of


def positions(players: int, count: int, seed: int = 1) -> list[YaxhaState]:
    rng = random.Random(seed)
    found: list[YaxhaState] = []
    game = 0
    while len(found) < count:
        state = GAME.new_state(players, None, seed * 1000 + game)
        game += 1
        while not state.is_over():
            if rng.random() < 0.05:
                found.append(state.clone())
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        found.append(state)
    return found[:count]


def timed(call: Callable[[YaxhaState], Any], states: list[YaxhaState], runs: int) -> float:
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
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    states = positions(args.players, args.positions)
    rng = random.Random(7)
    figures = {
        "heuristic(seat 0)": timed(lambda s: s.heuristic(0), states, args.runs),
        "determinize(seat 0)": timed(lambda s: s.determinize(0, rng), states, args.runs),
        "clone()": timed(lambda s: s.clone(), states, args.runs),
        "view(seat 0)": timed(lambda s: s.view(0), states, args.runs),
        "legal_actions(mover)": timed(
            lambda s: s.legal_actions(min(s.to_move())) if s.to_move() else None,
            states,
            args.runs,
        ),
        "score() of all pyramids": timed(
            lambda s: score([cells_of(p) for p in s.pyramid], list(s.cards), s.options),
            states,
            args.runs,
        ),
    }
    print(f"yaxha, {args.players} players, {len(states)} positions from random games")
    print(f"  median of {args.runs} runs, microseconds per call (process time)")
    for name, micros in figures.items():
        print(f"  {name:26s} {micros:10.1f}")


if __name__ == "__main__":
    main()
