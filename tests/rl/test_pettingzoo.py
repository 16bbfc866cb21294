"""The PettingZoo environments pass PettingZoo's own test suites, and keep secrets secret."""

from __future__ import annotations

import numpy as np
import pytest

from tests.registry_games import every_count, per_game, with_research_wing
from tests.rl.conftest import need

# The dict observation (tensor + mask) is what the API asks for with masks; these two generic
# hints do not apply to it.
pytestmark = pytest.mark.filterwarnings("ignore:Observation")

#: Every game at every player count, plus the option sets that change the action space (the
#: shipped games' chosen by hand; another game's: each count at its defaults).
API_CASES = per_game({
    "yaxha": [(2, {}), (3, {}), (4, {"bonus_cards": "beginner"})],
    "pyramido": [(1, {}), (2, {}), (3, {}), (4, {}), (1, {"legend": "the_legend"})],
    "monsterhex": [(1, {}), (2, {"abilities": "draft"}), (3, {}), (4, {"abilities": "random"}),
                   (2, {"shared_faction": True})],
}, every_count, with_research_wing())
#: A seed test per game, and a parallel API test per game, at a count chosen for each.
SEED_CASES = per_game({"yaxha": [(3,)], "pyramido": [(2,)], "monsterhex": [(2,)]},
                      lambda game: [(max(2, game.min_players),)], with_research_wing())
PARALLEL_CASES = per_game({"yaxha": [(4,)], "pyramido": [(3,)], "monsterhex": [(3,)]},
                          lambda game: [(game.max_players,)], with_research_wing())


@pytest.mark.parametrize(("game", "players", "options"), API_CASES)
def test_aec_environment_passes_the_pettingzoo_api_test(game, players, options):
    need("pettingzoo")
    from pettingzoo.test import api_test

    from meeplehall.rl import pettingzoo_env

    api_test(pettingzoo_env(game, players, **options), num_cycles=1000)


@pytest.mark.parametrize(("game", "players"), SEED_CASES)
def test_aec_environment_passes_the_pettingzoo_seed_test(game, players):
    need("pettingzoo")
    from pettingzoo.test import seed_test

    from meeplehall.rl import pettingzoo_env

    seed_test(lambda: pettingzoo_env(game, players), num_cycles=1000)


@pytest.mark.parametrize(("game", "players"), PARALLEL_CASES)
def test_parallel_environment_passes_the_pettingzoo_parallel_api_test(game, players):
    need("pettingzoo")
    from pettingzoo.test import parallel_api_test

    from meeplehall.rl import parallel_env

    parallel_api_test(parallel_env(game, players), num_cycles=1000)


def _play_masked(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            trace.append((agent, reward))
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(rng.choice(legal))
        trace.append((agent, action))
        env.step(action)
    return trace


def test_a_seed_replays_the_same_match_and_the_rewards_are_final_score_differences():
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env

    env = pettingzoo_env("pyramido", 3)
    first = _play_masked(env, 11)
    assert _play_masked(env, 11) == first
    scores = env.table.state.result().scores
    finals = dict(first[-3:])
    for seat, score in enumerate(scores):
        best_rival = max(s for other, s in enumerate(scores) if other != seat)
        assert finals[f"player_{seat}"] == score - best_rival


def test_win_loss_rewards_give_one_to_a_sole_winner_and_minus_one_to_the_others():
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env

    env = pettingzoo_env("monsterhex", 3, reward="win_loss")
    trace = _play_masked(env, 4)
    winners = env.table.state.result().winners
    finals = dict(trace[-3:])
    for seat in range(3):
        expected = (1.0 if len(winners) == 1 else 0.0) if seat in winners else -1.0
        assert finals[f"player_{seat}"] == expected


def test_an_illegal_action_is_refused_and_changes_nothing():
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env

    env = pettingzoo_env("yaxha", 2)
    env.reset(seed=3)
    agent = env.agent_selection
    observation = env.observe(agent)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.table.state.view(None)
    with pytest.raises(ValueError, match=f"action {illegal} is not legal"):
        env.step(illegal)
    assert env.table.state.view(None) == before
    assert env.agent_selection == agent and env.table.log == []
    with pytest.raises(ValueError, match="unknown reward"):
        pettingzoo_env("yaxha", 2, reward="points")


def test_a_rival_never_sees_the_secret_market_choice_made_at_the_same_step():
    """Yaxha's market choice is simultaneous: seat 1's observation is the same whichever tile
    seat 0 took before it in turn order, and its info's view shows no choice: not even that
    seat 0 has chosen, until the step is complete."""
    need("pettingzoo")
    from meeplehall.rl import pettingzoo_env

    seen = []
    for tile in (0, 1):
        env = pettingzoo_env("yaxha", 2)
        env.reset(seed=8)
        assert env.agent_selection == "player_0"
        index = env.table.encoding.actions.index({"type": "tile", "tile": tile})
        env.step(index)
        assert env.agent_selection == "player_1"
        observation, *_rest, info = env.last()
        assert info["view"]["seats"][0]["chosen"] is False
        assert info["view"]["seats"][0].get("choice") is None
        assert env.table.state.view(None)["seats"][0]["chosen"] is True
        seen.append(observation["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_the_parallel_form_replays_a_seed_and_waits_for_every_seat_of_a_simultaneous_step():
    need("pettingzoo")
    from meeplehall.rl import parallel_env

    def play(seed):
        env = parallel_env("yaxha", 3)
        observations, infos = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        trace, widest = [], 0
        while env.agents:
            awaited = [a for a in env.agents if observations[a]["action_mask"].any()]
            widest = max(widest, len(awaited))
            assert all("view" in infos[a] for a in awaited)
            actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                       for a in awaited}
            observations, rewards, *_rest, infos = env.step(actions)
            trace.append(actions)
        return trace, rewards, widest

    first = play(5)
    assert play(5) == first
    assert first[2] == 3  # the market choice waits for all three seats at once


def test_an_unknown_game_and_the_ansi_drawing():
    need("pettingzoo")
    from meeplehall.rl import gym_env, parallel_env, pettingzoo_env

    for make in (pettingzoo_env, parallel_env):
        with pytest.raises(ValueError, match=r"unknown game 'chess'; known games: .*yaxha"):
            make("chess", 2)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        gym_env("chess", opponents="1")
    env = pettingzoo_env("yaxha", 2, render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.table.game.render_text(env.table.state.view(None))
    with pytest.raises(ValueError, match="render mode"):
        pettingzoo_env("yaxha", 2, render_mode="human")


def test_seats_played_by_opponents_inside_the_aec_env_pass_the_api_and_seed_tests():
    need("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from meeplehall.rl import pettingzoo_env

    def frozen(observation):  # a frozen policy: the highest legal index
        return int(np.flatnonzero(observation["action_mask"])[-1])

    api_test(pettingzoo_env("pyramido", 3, opponents={0: "3@10", 2: frozen}), num_cycles=60)
    seed_test(lambda: pettingzoo_env("yaxha", 2, opponents={1: "3@10"}), num_cycles=40)
    env = pettingzoo_env("monsterhex", 3, opponents={1: 2})
    env.reset(seed=4)
    assert env.possible_agents == ["player_0", "player_2"]
    rng = np.random.default_rng(4)
    for _agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert 1 in {seat for seat, _action in env.table.log}
    with pytest.raises(ValueError, match="not all seats"):
        pettingzoo_env("yaxha", 2, opponents={2: 1})
    with pytest.raises(ValueError, match="every seat has an opponent"):
        pettingzoo_env("yaxha", 2, opponents={0: 1, 1: 1})


def test_seats_played_by_opponents_inside_the_parallel_env_pass_its_api_test_and_replay():
    need("pettingzoo")
    from pettingzoo.test import parallel_api_test

    from meeplehall.rl import parallel_env

    parallel_api_test(parallel_env("yaxha", 3, opponents={1: "3@10"}), num_cycles=60)

    def play(seed):
        env = parallel_env("pyramido", 2, opponents={0: "3@10"})
        observations, _infos = env.reset(seed=seed)
        assert env.agents == ["player_1"]
        rng = np.random.default_rng(seed)
        while env.agents:
            mask = observations["player_1"]["action_mask"]
            assert mask.any()  # the env waits for an agent at every step it hands back
            observations, *_rest = env.step({"player_1": int(rng.choice(np.flatnonzero(mask)))})
        return env.table.log

    first = play(5)
    assert first == play(5) and {seat for seat, _action in first} == {0, 1}
