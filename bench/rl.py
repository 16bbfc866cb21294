"""Research adapters' speed: environment steps per second beside the raw protocol, same run.

For each game (2 players by default), random full games, interleaved run by run so the machine's
drifting load hits every column alike, timed in process time on one core:

- raw: ``legal_actions`` + ``apply`` through the protocol, take-backs left out (as the
  environments leave them out: Yaxha's undo would otherwise be some 22% of the raw steps, and
  the columns would not be playing the same games);
- PettingZoo: an AEC step with what a learner reads at every step, ``last()`` (observation
  tensor and action mask) then ``step`` with a masked random action (the mask's ``nonzero``
  indices, one drawn with the same ``random.Random`` as the raw column, so that choosing costs
  alike in both and the columns differ by the environment and the mask's reading alone);
- OpenSpiel: ``legal_actions`` + ``apply_action`` on the adapter's state, and the same plus the
  acting player's ``observation_tensor``.

Prints medians of --runs runs and the PettingZoo rate as a share of raw (target: 25% or more).

``--vector`` measures the batched environment instead: learner steps per second of
``vector_env(game, n, opponents="1")`` for n = 1, 16 and 256 beside ``gym_env`` alone, in the
same run (masked random actions drawn with numpy for every column alike). It never asserts.

    nice python bench/rl.py [GAME ...] [--players 2] [--runs 5] [--games 20] [--vector]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from meeplehall.ai.keys import bot_actions
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
            legal = bot_actions(state, seat)  # no take-backs, as in the environments
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


def gym_run(game_name: str, steps: int, seed: int) -> float:
    """Learner steps per second (process time) of one ``gym_env`` against level 1."""
    from meeplehall.rl import gym_env

    env = gym_env(game_name, opponents="1")
    rng = np.random.default_rng(seed)
    observation, _info = env.reset(seed=seed)
    start = time.process_time()
    for _ in range(steps):
        legal = observation["action_mask"].nonzero()[0]
        observation, _reward, over, _cut, _info = env.step(int(legal[rng.integers(len(legal))]))
        if over:
            observation, _info = env.reset()
    return steps / max(time.process_time() - start, 1e-9)


def vector_run(game_name: str, n: int, steps: int, seed: int) -> float:
    """Learner steps per second (all rows; process time) of ``vector_env(game, n)``."""
    from meeplehall.rl import vector_env

    env = vector_env(game_name, n, opponents="1")
    rng = np.random.default_rng(seed)
    batch, _info = env.reset(seed=seed)
    start = time.process_time()
    for _ in range(max(1, steps // n)):
        actions = [legal[rng.integers(len(legal))]
                   for legal in (mask.nonzero()[0] for mask in batch["action_mask"])]
        batch, *_rest = env.step(actions)
    return max(1, steps // n) * n / max(time.process_time() - start, 1e-9)


def vector_main(games: list[str], runs: int, steps: int) -> None:
    sizes = (1, 16, 256)
    print(f"learner steps/s against level 1, median of {runs} runs x {steps} steps "
          "(process time)")
    print(f"{'game':12s}{'gym_env':>12s}" + "".join(f"{'n=' + str(n):>12s}" for n in sizes))
    for name in games:
        rates: dict[str, list[float]] = {"gym": [], **{str(n): [] for n in sizes}}
        for run in range(runs):
            rates["gym"].append(gym_run(name, steps, run + 1))
            for n in sizes:
                rates[str(n)].append(vector_run(name, n, steps, run + 1))
        print(f"{name:12s}" + "".join(f"{statistics.median(values):12.0f}"
                                      for values in rates.values()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=[game.name for game in all_games()])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games-per-run", "--per-run", dest="count", type=int, default=20)
    parser.add_argument("--vector", action="store_true",
                        help="measure vector_env for n = 1, 16, 256 beside gym_env")
    parser.add_argument("--steps", type=int, default=4096, help="learner steps a --vector run")
    args = parser.parse_args()
    if args.vector:
        vector_main(args.games, args.runs, args.steps)
        return
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
