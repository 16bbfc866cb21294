"""The Gymnasium environment (one learner seat against the bots) passes Gymnasium's checker."""

from __future__ import annotations

import numpy as np
import pytest

from tests.rl.conftest import need


@pytest.mark.parametrize(
    ("game", "opponents", "options"),
    [("pyramido", "2,2", {}), ("pyramido", "", {}), ("yaxha", "1", {}),
     ("monsterhex", "1,1,1", {}), ("monsterhex", "", {})],
)
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
     ({"opponents": "1,1,1,1"}, "players")],
)
def test_bad_settings_are_refused_with_the_reason(settings, message):
    need("gymnasium")
    from meeplehall.core import InvalidOption
    from meeplehall.rl import gym_env

    with pytest.raises((ValueError, InvalidOption), match=message):
        gym_env("yaxha", **settings)
