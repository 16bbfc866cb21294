"""A learning baseline: sb3-contrib's MaskablePPO learns a game against the built-in bots.

Needs the ``train`` extra (``pip install -e '.[train]'``: sb3-contrib, and with it PyTorch).
Trains on ``gym_env`` with no wrapper (its ``action_masks()`` is what MaskablePPO reads), prints
the learning curve (win rate against the training opponent every ``--every`` steps) and, at the
end, the win rates against levels 1, 2 and 3 (level 3 on an iteration budget, so that the
figures do not depend on the machine's speed). Each line it prints is a JSON object.

    nice python examples/train_maskable_ppo.py yaxha --steps 150000 --opponent 1
"""

from __future__ import annotations

import argparse
import json
import time

import torch
from sb3_contrib import MaskablePPO

from meeplehall.rl import gym_env


def win_rate(model: MaskablePPO, game: str, opponent: str, games: int, seed: int) -> float:
    """The share of ``games`` won outright by the model's greedy policy, on a random seat."""
    env = gym_env(game, opponents=opponent, seat=None, reward="win_loss")
    wins = 0
    for episode in range(games):
        observation, _info = env.reset(seed=seed + episode)
        done, reward = False, 0.0
        while not done:
            action, _state = model.predict(observation, action_masks=env.action_masks(),
                                           deterministic=True)
            observation, reward, done, _cut, _info = env.step(int(action))
        wins += reward > 0
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="yaxha")
    parser.add_argument("--opponent", default="1", help="the training opponent (a level or 3@N)")
    parser.add_argument("--steps", type=int, default=150_000)
    parser.add_argument("--every", type=int, default=50_000)
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--level3", default="3@100", help="level 3 as evaluated at the end")
    parser.add_argument("--level3-games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)  # one core: the environment and the network take turns anyway

    env = gym_env(args.game, opponents=args.opponent, seat=None, reward="win_loss")
    model = MaskablePPO("MultiInputPolicy", env, seed=args.seed, n_steps=2048, batch_size=256,
                        verbose=0)
    started = time.process_time()
    trained = 0
    while True:
        rate = win_rate(model, args.game, args.opponent, args.eval_games, 10_000)
        print(json.dumps({"steps": trained, "opponent": args.opponent, "win_rate": rate,
                          "cpu_seconds": round(time.process_time() - started)}), flush=True)
        if trained >= args.steps:
            break
        model.learn(args.every, reset_num_timesteps=False)
        trained += args.every
    for opponent, games in (("1", args.eval_games), ("2", args.eval_games),
                            (args.level3, args.level3_games)):
        rate = win_rate(model, args.game, opponent, games, 20_000)
        print(json.dumps({"final": True, "opponent": opponent, "games": games,
                          "win_rate": rate, "cpu_seconds": round(time.process_time() - started)}),
              flush=True)


if __name__ == "__main__":
    main()
