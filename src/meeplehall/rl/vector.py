"""n matches stepped together: a Gymnasium vector environment with numpy batches.

``vector_env("yaxha", 16, opponents="2")`` holds 16 :class:`~meeplehall.rl.gym.MeepleHallGymEnv`
matches (the same arguments as ``gym_env``) in this process. ``step`` takes one action per
match and returns the batch: ``{"observation": (n, size) float32, "action_mask": (n, actions)
int8}``, rewards, terminations and truncations as arrays of n. A match that ends is reset at
once (Gymnasium's *same-step* autoreset): its row then holds the new match's first observation,
and ``infos["final_obs"][i]`` / ``infos["_final_obs"][i]`` the last one of the match that ended,
as Gymnasium's own vector environments put it. ``action_masks()`` gives the (n, actions)
boolean masks. Without a match ending, the infos are empty.

It is what ``gymnasium.vector.SyncVectorEnv`` over ``gym_env`` does, without merging n info
dicts and n observation dicts at every step: rows are written straight into the batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from meeplehall.rl.gym import MeepleHallGymEnv
from meeplehall.rl.opponents import OpponentSpec


class MeepleHallVectorEnv(VectorEnv):
    def __init__(self, game: str, n: int, opponents: str | Sequence[OpponentSpec] = "2",
                 seat: int | None = 0, reward: str = "score_diff", illegal: str = "lose",
                 **options: Any) -> None:
        if n < 1:
            raise ValueError(f"a vector of matches needs at least one, not {n}")
        self.envs = [MeepleHallGymEnv(game, opponents, seat, reward, illegal, None, False,
                                      **options) for _ in range(n)]
        first = self.envs[0]
        self.num_envs = n
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP,
                         "name": f"meeplehall_{game}_vector_v0"}
        self.render_mode = None
        self._size = first.table.encoding.observation_size
        self._actions = first.table.encoding.actions.size

    def _batch(self) -> tuple[np.ndarray, np.ndarray]:
        return (np.empty((self.num_envs, self._size), np.float32),
                np.empty((self.num_envs, self._actions), np.int8))

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray],
                                                             dict[str, Any]]:
        """Every match anew; an int seed gives match i the seed ``seed + i``."""
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} matches")
        observations, masks = self._batch()
        for row, (env, one) in enumerate(zip(self.envs, seeds, strict=True)):
            observation, _info = env.reset(seed=one)
            observations[row] = observation["observation"]
            masks[row] = observation["action_mask"]
        return {"observation": observations, "action_mask": masks}, {}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        actions = np.asarray(actions).reshape(-1)
        if len(actions) != self.num_envs:
            raise ValueError(f"{len(actions)} actions for {self.num_envs} matches")
        observations, masks = self._batch()
        rewards = np.zeros(self.num_envs, np.float64)
        terminations = np.zeros(self.num_envs, bool)
        truncations = np.zeros(self.num_envs, bool)
        finals: dict[int, dict[str, np.ndarray]] = {}
        for row, env in enumerate(self.envs):
            observation, reward, over, cut, _info = env.step(int(actions[row]))
            rewards[row], terminations[row], truncations[row] = reward, over, cut
            if over or cut:
                finals[row] = observation
                observation, _info = env.reset()
            observations[row] = observation["observation"]
            masks[row] = observation["action_mask"]
        infos: dict[str, Any] = {}
        if finals:
            final_obs = np.full(self.num_envs, None, object)
            ended = np.zeros(self.num_envs, bool)
            for row, observation in finals.items():
                final_obs[row], ended[row] = observation, True
            infos = {"final_obs": final_obs, "_final_obs": ended}
        batch = {"observation": observations, "action_mask": masks}
        return batch, rewards, terminations, truncations, infos

    def action_masks(self) -> np.ndarray:
        """Each match's legal actions now, as booleans: shape (n, actions)."""
        return np.stack([env.action_masks() for env in self.envs])

    def close_extras(self, **kwargs: Any) -> None:
        pass


def vector_env(game: str, n: int, opponents: str | Sequence[OpponentSpec] = "2",
               seat: int | None = 0, reward: str = "score_diff", illegal: str = "lose",
               **options: Any) -> MeepleHallVectorEnv:
    """n matches of ``gym_env(game, opponents, ...)`` stepped together with numpy batches."""
    return MeepleHallVectorEnv(game, n, opponents, seat, reward, illegal, **options)
