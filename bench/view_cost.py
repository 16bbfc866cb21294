"""What one move's fan-out costs in views and encoding, per game, away from the network.

Plays random games (--games, all seats) and, after every step, builds the view of every
audience (each seat and the spectators) as the server does for an update, then encodes them
with ``json.dumps`` and with the server's encoder. Prints CPU milliseconds per step (process
time, so other work on the machine moves it little). This is a benchmark, not a test.

    python bench/view_cost.py --games 20
"""

from __future__ import annotations

import argparse
import json
import random
import time

from meeplehall.core.registry import get_game
from meeplehall.server.play.encoding import encode


def measure(name: str, players: int, games: int) -> tuple[float, float, float, int]:
    game = get_game(name)
    view_s = dumps_s = encode_s = 0.0
    steps = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(players, {}, seed)
        while not state.is_over():
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            began = time.process_time()
            views = [state.view(audience) for audience in [*range(players), None]]
            built = time.process_time()
            for view in views:
                json.dumps(view)
            dumped = time.process_time()
            for view in views:
                encode(view)
            view_s += built - began
            dumps_s += dumped - built
            encode_s += time.process_time() - dumped
            steps += 1
    return 1000 * view_s / steps, 1000 * dumps_s / steps, 1000 * encode_s / steps, steps


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10,
                        help="random games per game (default: %(default)s)")
    args = parser.parse_args()
    print(f"{'game':12} {'players':>7} {'steps':>6} {'views ms':>9} {'json.dumps ms':>13} "
          f"{'encode ms':>9}   (CPU per step, every audience)")
    for name, players in (("yaxha", 4), ("pyramido", 4), ("monsterhex", 4)):
        views, dumps, encoded, steps = measure(name, players, args.games)
        print(f"{name:12} {players:>7} {steps:>6} {views:9.3f} {dumps:13.3f} {encoded:9.3f}")


if __name__ == "__main__":
    main()
