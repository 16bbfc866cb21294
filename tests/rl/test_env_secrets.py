"""What the PettingZoo and Gymnasium environments hand a learner holds only its seat's view:
an info, even unread and kept past the step, pickles and copies to that view alone (no seed,
no game state), the observation tensor is the one the view gives, and a render draws the
spectators' view."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from tests.rl.conftest import need

GAMES = ["yaxha", "pyramido", "monsterhex"]


def _assert_only_the_view(info, view, seed: int) -> None:
    for kept in (pickle.dumps(info), pickle.dumps(copy.deepcopy(info))):
        assert seed.to_bytes(8, "little") not in kept
        assert str(seed).encode() not in kept
        assert b"meeplehall" not in kept  # no object of ours: no state, no generator
    assert pickle.loads(pickle.dumps(info)) == {"view": view}


@pytest.mark.parametrize("game", GAMES)
def test_aec_and_parallel_infos_carry_only_the_seats_view(game):
    need("pettingzoo")
    from meeplehall.rl import parallel_env, pettingzoo_env

    env = pettingzoo_env(game, 2, render_mode="ansi")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(30):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        seat = int(agent.removeprefix("player_"))
        observation, _reward, _done, _cut, info = env.last()
        view = env.table.seen(seat).view(seat)
        assert np.array_equal(observation["observation"], env.table.reference_tensor(seat))
        _assert_only_the_view(env.infos[agent], view, env.table.seed)
        assert env.render() == env.table.game.render_text(env.table.state.view(None))
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))

    par = parallel_env(game, 2, render_mode="ansi")
    _observations, infos = par.reset(seed=6)
    assert par.render() == par.table.game.render_text(par.table.state.view(None))
    for agent, info in infos.items():
        if info:
            seat = int(agent.removeprefix("player_"))
            _assert_only_the_view(info, par.table.seen(seat).view(seat), par.table.seed)


@pytest.mark.parametrize("game", GAMES)
def test_the_gym_learners_info_carries_only_its_view(game):
    need("gymnasium")
    from meeplehall.rl import gym_env

    env = gym_env(game, opponents="1", render_mode="ansi", info_view=True)
    observation, info = env.reset(seed=7)
    rng = np.random.default_rng(7)
    for _ in range(20):
        _assert_only_the_view(info, env.table.seen(env.seat).view(env.seat), env.table.seed)
        assert env.render() == env.table.game.render_text(env.table.state.view(None))
        legal = np.flatnonzero(observation["action_mask"])
        observation, _reward, over, _cut, info = env.step(int(rng.choice(legal)))
        if over:
            break
