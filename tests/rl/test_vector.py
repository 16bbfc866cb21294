"""The vector environment steps n matches as n gym_env matches would, in numpy batches, and
resets a match the step it ends."""

from __future__ import annotations

import numpy as np
import pytest

from tests.rl.conftest import need


def test_each_row_is_the_match_a_single_env_with_that_seed_plays():
    need("gymnasium")
    from meeplehall.rl import gym_env, vector_env

    n = 3
    vector = vector_env("pyramido", n, opponents="1", seat=None)
    singles = [gym_env("pyramido", opponents="1", seat=None) for _ in range(n)]
    batch, infos = vector.reset(seed=20)
    alone = [env.reset(seed=20 + row)[0] for row, env in enumerate(singles)]
    assert infos == {}
    assert batch["observation"].shape == (n, vector.single_observation_space["observation"]
                                          .shape[0])
    assert batch["observation"].dtype == np.float32 and batch["action_mask"].dtype == np.int8
    assert batch in vector.observation_space
    rng = np.random.default_rng(20)
    ended = 0
    for _ in range(400):
        for row in range(n):
            assert np.array_equal(batch["observation"][row], alone[row]["observation"])
            assert np.array_equal(batch["action_mask"][row], alone[row]["action_mask"])
        assert np.array_equal(vector.action_masks(), batch["action_mask"].astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in batch["action_mask"]])
        batch, rewards, terminated, truncated, infos = vector.step(actions)
        assert not truncated.any()
        for row, env in enumerate(singles):
            observation, reward, over, _cut, _info = env.step(int(actions[row]))
            assert (rewards[row], terminated[row]) == (reward, over)
            if over:  # reset at once: the row shows the new match, infos the last one
                ended += 1
                assert infos["_final_obs"][row]
                final = infos["final_obs"][row]
                assert np.array_equal(final["observation"], observation["observation"])
                observation, _info = env.reset()
            alone[row] = observation
        if not terminated.any():
            assert infos == {}
    assert ended >= 2


def test_bad_input_is_refused_and_changes_nothing():
    need("gymnasium")
    from meeplehall.rl import vector_env

    with pytest.raises(ValueError, match="at least one"):
        vector_env("yaxha", 0)
    vector = vector_env("yaxha", 2, opponents="1")
    vector.reset(seed=1)
    logs = [env.table.log[:] for env in vector.envs]
    with pytest.raises(ValueError, match="1 actions for 2 matches"):
        vector.step([0])
    with pytest.raises(ValueError, match="3 seeds for 2 matches"):
        vector.reset(seed=[1, 2, 3])
    assert [env.table.log for env in vector.envs] == logs
