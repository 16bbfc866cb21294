"""The Gymnasium environment (one learner seat against the bots) passes Gymnasium's checker."""

from __future__ import annotations

import numpy as np
import pytest

from tests.registry_games import per_game, with_research_wing
from tests.rl.conftest import need

#: Per game, the opponents (their levels; none: a solo game) the checker runs against.
CHECKED = per_game(
    {"pyramido": [("2,2", {}), ("", {})], "yaxha": [("1", {})],
     "monsterhex": [("1,1,1", {}), ("", {})]},
    lambda game: [(",".join(["1"] * (game.min_players - 1)) if game.min_players > 1 else "", {})],
    with_research_wing(),
)


@pytest.mark.parametrize(("game", "opponents", "options"), CHECKED)
def test_gym_environment_passes_gymnasiums_env_checker(game, opponents, options):
    need("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from meeplehall.rl import gym_env

    check_env(gym_env(game, opponents=opponents, **options), skip_render_check=True)


def test_the_learner_plays_a_whole_match_against_level_2_and_gets_its_final_reward():
    need("gymnasium")
    from meeplehall.rl import gym_env

    env = gym_env("yaxha", opponents="2", seat=1)
    observation, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    total, terminated = 0.0, False
    while not terminated:
        assert env.table.mover() == 1  # the match waits for the learner at every step
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, _truncated, info = env.step(action)
        total += reward
    scores = env.table.state.result().scores
    assert total == scores[1] - scores[0]
    assert "illegal_action" not in info


def test_an_illegal_action_loses_the_episode_or_raises_and_changes_nothing():
    need("gymnasium")
    from meeplehall.rl import gym_env

    env = gym_env("pyramido", opponents="1")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before, log = env.table.state.view(None), env.table.log[:]
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-400.0, True, illegal)
    assert env.table.state.view(None) == before and env.table.log == log

    strict = gym_env("pyramido", opponents="1", illegal="raise")
    strict.reset(seed=1)
    log = strict.table.log[:]
    with pytest.raises(ValueError, match=f"action {illegal} is not legal"):
        strict.step(illegal)
    assert strict.table.log == log


@pytest.mark.parametrize(
    ("settings", "message"),
    [({"opponents": "2,x"}, "'x' is not a bot level"), ({"opponents": "4"}, "no bot of level 4"),
     ({"seat": 3}, "seat 3 is not a seat"), ({"illegal": "ignore"}, "unknown illegal"),
     ({"opponents": "1,1,1,1"}, "players"), ({"opponents": "2@50"}, "only level 3 takes"),
     ({"opponents": "3@0"}, "budget must be a whole number"),
     ({"opponents": "3@many"}, "budget must be a whole number")],
)
def test_bad_settings_are_refused_with_the_reason(settings, message):
    need("gymnasium")
    from meeplehall.core import InvalidOption
    from meeplehall.rl import gym_env

    with pytest.raises((ValueError, InvalidOption), match=message):
        gym_env("yaxha", **settings)


@pytest.mark.parametrize("vector", ["SyncVectorEnv", "AsyncVectorEnv"])
def test_gymnasiums_own_vector_envs_run_the_environment_through_many_episodes(vector):
    """Infos are empty unless asked for, so Gymnasium's info merging has nothing to trip on."""
    need("gymnasium")
    import gymnasium

    from meeplehall.rl import gym_env

    make = getattr(gymnasium.vector, vector)
    envs = make([lambda: gym_env("pyramido", opponents="1", seat=None) for _ in range(2)])
    try:
        observations, infos = envs.reset(seed=3)
        rng = np.random.default_rng(3)
        finished = 0
        for _ in range(600):
            masks = observations["action_mask"]
            assert masks.shape == (2, envs.single_action_space.n)
            actions = [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
                       for mask in masks]
            observations, _rewards, terminated, _truncated, infos = envs.step(actions)
            finished += int(terminated.sum())
        assert finished >= 2 and infos == {}
    finally:
        envs.close()


def test_action_masks_is_the_observations_mask_as_maskable_ppo_reads_it():
    """sb3-contrib's MaskablePPO finds the mask through the env's ``action_masks()`` (its
    ``is_masking_supported``/``get_action_masks`` look for that method): booleans, one per
    action, equal to the observation's mask, at every step."""
    need("gymnasium")
    from meeplehall.rl import gym_env

    env = gym_env("monsterhex", opponents="2")
    observation, info = env.reset(seed=5)
    assert info == {}
    rng = np.random.default_rng(5)
    done = False
    while not done:
        masks = env.action_masks()
        assert masks.dtype == bool and masks.shape == (env.action_space.n,)
        assert np.array_equal(masks, observation["action_mask"].astype(bool))
        observation, _reward, done, _cut, info = env.step(int(rng.choice(np.flatnonzero(masks))))


def test_maskable_ppo_trains_on_the_environment_with_no_wrapper():
    need("gymnasium")
    pytest.importorskip("sb3_contrib", reason="the optional train extra is not installed")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

    from meeplehall.rl import gym_env

    env = gym_env("yaxha", opponents="1")
    assert is_masking_supported(env)
    env.reset(seed=1)
    assert np.array_equal(get_action_masks(env), env.action_masks())
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, seed=1)
    model.learn(128)


def _episode(env, seed):
    observation, _info = env.reset(seed=seed)
    trace, done = [], False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, reward, done, _cut, _info = env.step(action)
        trace.append((action, reward))
    return trace, env.table.log


def test_opponents_on_an_iteration_budget_or_a_policy_replay_from_the_same_seed():
    need("gymnasium")
    from meeplehall.rl import gym_env

    def policy(observation):  # a frozen policy: the lowest legal index
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = gym_env("pyramido", opponents=["3@20", policy], seat=None)
    first = _episode(env, 9)
    again = _episode(gym_env("pyramido", opponents=["3@20", policy], seat=None), 9)
    assert first == again
    assert _episode(env, 10) != first
    assert repr(env.opponents) == f"[Opponent(3@20), Opponent(policy={policy!r})]"


def test_self_play_seats_the_learners_own_policy_against_it():
    need("gymnasium")
    from meeplehall.rl import gym_env

    calls = []

    def learner(observation):
        calls.append(observation["action_mask"].copy())
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = gym_env("monsterhex", opponents=[learner], seat=1)
    observation, _ = env.reset(seed=2)
    done = False
    while not done:
        observation, _reward, done, _cut, _info = env.step(learner(observation))
    seats = {seat for seat, _action in env.table.log}
    assert seats == {0, 1} and len(calls) == len(env.table.log)


def test_the_training_example_runs_and_prints_its_curve_and_win_rates():
    pytest.importorskip("sb3_contrib", reason="the optional train extra is not installed")
    import json
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples/train_maskable_ppo.py"
    done = subprocess.run(
        [sys.executable, str(script), "pyramido", "--steps", "64", "--every", "64",
         "--eval-games", "1", "--level3", "3@5", "--level3-games", "1"],
        capture_output=True, text=True, timeout=600, check=True)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line.get("steps") for line in lines[:2]] == [0, 64]
    assert [line["opponent"] for line in lines[2:]] == ["1", "2", "3@5"]
    assert all(0 <= line["win_rate"] <= 1 for line in lines)
