"""Research adapters' speed: environment steps per second beside the raw protocol, same run.

For each game (2 players by default), random full games, interleaved run by run so the machine's
drifting load hits every column alike, timed in process time on one core:

- raw: ``legal_actions`` + ``apply`` through the protocol (what ``meeplehall bench`` counts);
- PettingZoo: an AEC step with what a learner reads at every step, ``last()`` (observation
  tensor and action mask) then ``step`` with a masked random action (the mask's ``nonzero``
  indices, one drawn with the same ``random.Random`` as the raw column, so that choosing costs
  alike in both and the columns differ by the environment and the mask's reading alone);
- OpenSpiel: ``legal_actions`` + ``apply_action`` on the adapter's state, and the same plus the
  acting player's ``observation_tensor``.

Prints medians of --runs runs and the PettingZoo rate as a share of raw (target: 25% or more).
It never asserts.

    nice python bench/rl.py [GAME ...] [--players 2] [--runs 5] [--games 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from meeplehall.core.registry import all_games, get_game


def raw_run(game_name: str, players: int, games: int, seed: int) -> tuple[int, float]:
    game = get_game(game_name)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for index in range(games):
        state = game.new_state(players, {}, seed * 1000 + index)
        while not state.is_over():
            seat = min(state.to_move())
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - start


def pettingzoo_run(game_name: str, players: int, games: int, seed: int) -> tuple[int, float]:
    from meeplehall.rl import pettingzoo_env

    env = pettingzoo_env(game_name, players)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for index in range(games):
        env.reset(seed=seed * 1000 + index)
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, time.process_time() - start


def openspiel_run(game_name: str, players: int, games: int, seed: int,
                  tensor: bool) -> tuple[int, float]:
    import pyspiel

    import meeplehall.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(f"meeplehall_{game_name}",
                             {"players": players, "turn_based": True, "deal_stream": seed})
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if tensor:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=[game.name for game in all_games()])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games-per-run", "--per-run", dest="count", type=int, default=20)
    args = parser.parse_args()
    columns: dict[str, Callable[[str, int, int, int], tuple[int, float]]] = {
        "raw": raw_run,
        "pettingzoo": pettingzoo_run,
        "openspiel": lambda g, p, n, s: openspiel_run(g, p, n, s, tensor=False),
        "openspiel+tensor": lambda g, p, n, s: openspiel_run(g, p, n, s, tensor=True),
    }
    print(f"steps/s, median of {args.runs} runs x {args.count} random games, "
          f"{args.players} players (process time)")
    print(f"{'game':12s}" + "".join(f"{name:>18s}" for name in columns) + f"{'pz/raw':>9s}")
    for name in args.games:
        rates: dict[str, list[float]] = {column: [] for column in columns}
        for run in range(args.runs):
            for column, measure in columns.items():
                steps, seconds = measure(name, args.players, args.count, run + 1)
                rates[column].append(steps / max(seconds, 1e-9))
        medians = {column: statistics.median(values) for column, values in rates.items()}
        share = medians["pettingzoo"] / medians["raw"]
        print(f"{name:12s}" + "".join(f"{medians[c]:18.0f}" for c in columns) + f"{share:9.0%}")


if __name__ == "__main__":
    main()
