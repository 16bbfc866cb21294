"""What the PettingZoo and Gymnasium environments hand a learner holds only its seat's view:
an info, even unread and kept past the step, pickles and copies to that view alone (no seed,
no game state), the observation tensor is the one the view gives, and a render draws the
spectators' view."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from tests.games.option_sets import HIDDEN_OPTION_SETS, case_id
from tests.registry_games import with_research_wing
from tests.rl.conftest import need

GAMES = [game.name for game in with_research_wing()]


def _assert_only_the_view(info, view, seed: int) -> None:
    for kept in (pickle.dumps(info), pickle.dumps(copy.deepcopy(info))):
        assert seed.to_bytes(8, "little") not in kept
        assert str(seed).encode() not in kept
        assert b"meeplehall" not in kept  # no object of ours: no state, no generator
    assert pickle.loads(pickle.dumps(info)) == {"view": view}


def _walk_aec(env, steps: int) -> None:
    """Play ``steps`` random moves, checking at each that the acting seat is handed its view's
    tensor and an info holding that view alone (and, with a render mode, that a render draws
    the spectators' view)."""
    rng = np.random.default_rng(5)
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        seat = int(agent.removeprefix("player_"))
        observation, _reward, _done, _cut, _info = env.last()
        view = env.table.seen(seat).view(seat)
        assert np.array_equal(observation["observation"], env.table.reference_tensor(seat))
        _assert_only_the_view(env.infos[agent], view, env.table.seed)
        if env.render_mode is not None:
            assert env.render() == env.table.game.render_text(env.table.state.view(None))
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize("case", [case for case in HIDDEN_OPTION_SETS if case[1] >= 2],
                         ids=case_id)
def test_every_option_set_with_secrets_hands_a_seat_only_its_view(case):
    """Secret objectives, ability hands and bonus-card modes: what the learner gets is still
    its seat's view only (the defaults are checked below with a render too)."""
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env

    game, players, options = case
    env = pettingzoo_env(game, players, **options)
    env.reset(seed=5)
    _walk_aec(env, 20)


@pytest.mark.parametrize("game", GAMES)
def test_aec_and_parallel_infos_carry_only_the_seats_view(game):
    need("pettingzoo")
    from meeplehall.rl import parallel_env, pettingzoo_env

    env = pettingzoo_env(game, 2, render_mode="ansi")
    env.reset(seed=5)
    _walk_aec(env, 30)

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
