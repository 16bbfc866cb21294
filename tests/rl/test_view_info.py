"""Infos hold the acting seat's view, drawn only when read, and always the view of the step
the info was made at, even when it is read after the match moved on or was reset; and the
tensor a step hands out equals the one built from that view."""

from __future__ import annotations

import copy
import json
import pickle

import numpy as np

from tests.registry_games import per_game, with_research_wing
from tests.rl.conftest import need


def _step(env, rng):
    observation, *_rest = env.last()
    legal = np.flatnonzero(observation["action_mask"])
    env.step(int(legal[rng.integers(len(legal))]))


def test_an_info_read_late_still_holds_the_view_of_its_own_step():
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env

    env = pettingzoo_env("yaxha", 2)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    kept = []
    for _ in range(40):
        agent = env.agent_selection
        seat = int(agent.removeprefix("player_"))
        kept.append((env.infos[agent], env.table.seen(seat).view(seat)))
        _step(env, rng)
    env.reset(seed=3)  # a new match: the old infos replay theirs
    for info, view in kept:
        assert info["view"] == view


def test_a_view_info_behaves_as_the_plain_dict_it_stands_for():
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env
    from meeplehall.rl.viewinfo import ViewInfo

    env = pettingzoo_env("pyramido", 2)
    env.reset(seed=1)
    info = env.infos[env.agent_selection]
    assert isinstance(info, ViewInfo) and isinstance(info, dict)
    seat = int(env.agent_selection.removeprefix("player_"))
    plain = {"view": env.table.seen(seat).view(seat)}
    assert "view" in info and list(info) == ["view"] and len(info) == 1
    assert dict(env.infos[env.agent_selection]) == plain

    def fresh():
        return env.table.view_info(seat)

    assert {**fresh()} == plain
    assert json.loads(json.dumps(fresh())) == json.loads(json.dumps(plain))
    assert pickle.loads(pickle.dumps(fresh())) == plain
    assert copy.deepcopy(fresh()) == plain
    assert fresh().copy() == plain and fresh() == plain
    assert fresh().get("view") == plain["view"]
    replaced = env.table.view_info(seat)
    replaced["view"] = "mine"
    assert replaced == {"view": "mine"}


def test_every_tensor_a_step_hands_out_equals_the_one_built_from_the_seats_view():
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env

    for game, players in per_game({"yaxha": [(3,)], "pyramido": [(2,)], "monsterhex": [(2,)]},
                                  lambda game: [(max(2, game.min_players),)],
                                  with_research_wing()):
        env = pettingzoo_env(game, players)
        env.reset(seed=5)
        rng = np.random.default_rng(5)
        for agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            seat = int(agent.removeprefix("player_"))
            assert np.array_equal(observation["observation"],
                                  env.table.reference_tensor(seat))
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
