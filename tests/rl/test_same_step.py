"""A simultaneous step played one seat at a time hides the earlier seats' choices from the later
ones until the step is complete, in every sequential form (AEC, Gymnasium and its opponents,
OpenSpiel's turn-based form): branch seat 0's choice, and seat 1 sees the same either way."""

from __future__ import annotations

import numpy as np
import pytest

from tests.rl.conftest import need

#: Every game with simultaneous steps: Pyramido's stage scoring, Yaxha's market and building.
CASES = [("pyramido", 2, 3), ("pyramido", 3, 1), ("yaxha", 2, 3)]


def _fresh_step_for_seat_0(table) -> bool:
    step = table.steps.current
    return (step is not None and not step.moves and table.mover() == 0
            and len(table.legal(0)) > 1)


def _aec_at_step(game, players, seed, which):
    """An AEC env at the which-th simultaneous step where seat 0 acts first with a choice."""
    from meeplehall.rl import pettingzoo_env

    env = pettingzoo_env(game, players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    met = 0
    while not env.table.is_over():
        if _fresh_step_for_seat_0(env.table):
            met += 1
            if met == which:
                return env
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return None


def _finish_seat_0(env):
    while env.agent_selection == "player_0" and not env.table.is_over():
        env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"])[0]))


@pytest.mark.parametrize(("game", "players", "steps"), CASES)
def test_aec_a_later_seat_sees_the_same_whatever_an_earlier_seat_chose(game, players, steps):
    need("pettingzoo")
    differed = 0
    for which in range(1, steps + 1):
        seen, truth = [], []
        for pick in (0, -1):
            env = _aec_at_step(game, players, 11, which)
            assert env is not None
            legal = np.flatnonzero(env.observe("player_0")["action_mask"])
            env.step(int(legal[pick]))
            _finish_seat_0(env)
            assert env.agent_selection == "player_1"
            observation, *_rest, info = env.last()
            seen.append((observation["observation"].tobytes(), info["view"]))
            truth.append(env.table.state.view(1))
            assert np.array_equal(observation["observation"], env.table.reference_tensor(1))
        assert seen[0] == seen[1]
        differed += truth[0] != truth[1]
    # The match itself shows seat 0's choice to seat 1: without the hold-back it would leak.
    if game == "pyramido":
        assert differed > 0


def test_aec_once_the_step_is_complete_every_seat_sees_the_whole_match():
    need("pettingzoo")
    env = _aec_at_step("pyramido", 2, 11, 1)
    rng = np.random.default_rng(0)
    step = env.table.steps.current
    while env.table.steps.current is step:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    # A new step may have begun, but nobody has moved in it yet.
    assert all(env.table.seen(seat) is env.table.state for seat in (0, 1))


def test_gym_opponents_decide_without_the_learners_choice_of_the_same_step():
    need("gymnasium")
    from meeplehall.rl import gym_env

    def first_seen_after(pick):
        seen = []

        def policy(observation):
            seen.append(observation["observation"].tobytes())
            return int(np.flatnonzero(observation["action_mask"])[0])

        env = gym_env("pyramido", opponents=[policy], seat=0)
        observation, _ = env.reset(seed=4)
        rng = np.random.default_rng(4)
        while not _fresh_step_for_seat_0(env.table):
            observation, *_ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        before = len(seen)
        legal = np.flatnonzero(observation["action_mask"])
        observation, *_ = env.step(int(legal[pick]))
        while len(seen) == before:
            observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        return seen[before], env.table.state.view(1)

    (seen_a, truth_a), (seen_b, truth_b) = first_seen_after(0), first_seen_after(-1)
    assert seen_a == seen_b and truth_a != truth_b


def test_openspiel_turn_based_a_later_seat_sees_the_same_whatever_an_earlier_seat_chose():
    need("pyspiel")
    import pyspiel

    import meeplehall.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game("meeplehall_pyramido", {"players": 2, "turn_based": True,
                                                      "seed": 11})
    state = game.new_initial_state()
    rng = np.random.default_rng(11)
    while not (state.match.steps.current is not None and not state.match.steps.current.moves
               and state.current_player() == 0 and len(state.legal_actions()) > 1):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seen, truth = [], []
    for pick in (0, -1):
        branch = state.clone()
        branch.apply_action(branch.legal_actions()[pick])
        while branch.current_player() == 0:
            branch.apply_action(branch.legal_actions()[0])
        assert branch.current_player() == 1
        seen.append((branch.observation_tensor(1), branch.observation_string(1),
                     branch.information_state_string(1)))
        truth.append(branch.match.state.view(1))
        world = branch.resample_from_infostate(1, rng.random)
        assert world.current_player() == 1  # the rival's held-back moves come after
    assert seen[0] == seen[1] and truth[0] != truth[1]


def test_the_parallel_form_holds_a_steps_moves_back_across_its_joint_actions():
    need("pettingzoo")
    from meeplehall.rl import parallel_env

    def after_joint_step(pick):
        env = parallel_env("pyramido", 2)
        observations, _infos = env.reset(seed=11)
        rng = np.random.default_rng(11)
        while not (env.table.steps.current is not None and not env.table.steps.current.moves
                   and len(np.flatnonzero(observations["player_0"]["action_mask"])) > 1):
            actions = {agent: int(rng.choice(np.flatnonzero(obs["action_mask"])))
                       for agent, obs in observations.items() if obs["action_mask"].any()}
            observations, *_rest = env.step(actions)
        legal_0 = np.flatnonzero(observations["player_0"]["action_mask"])
        legal_1 = np.flatnonzero(observations["player_1"]["action_mask"])
        observations, *_rest = env.step({"player_0": int(legal_0[pick]),
                                         "player_1": int(legal_1[0])})
        return observations["player_1"]["observation"].tobytes(), env.table.state.view(1)

    (seen_a, truth_a), (seen_b, truth_b) = after_joint_step(0), after_joint_step(-1)
    assert seen_a == seen_b and truth_a != truth_b


def test_openspiels_simultaneous_form_holds_a_steps_moves_back_across_joint_actions():
    need("pyspiel")
    import pyspiel

    import meeplehall.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game("meeplehall_pyramido", {"players": 2, "seed": 11})
    state = game.new_initial_state()
    rng = np.random.default_rng(11)
    while not (state.is_simultaneous_node() and not state.match.steps.current.moves
               and len(state.legal_actions(0)) > 1):
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p) or [0]))
                                 for p in (0, 1)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    seen, truth = [], []
    for pick in (0, -1):
        branch = state.clone()
        branch.apply_actions([branch.legal_actions(0)[pick], branch.legal_actions(1)[0]])
        seen.append((branch.observation_tensor(1), branch.observation_string(1)))
        truth.append(branch.match.state.view(1))
    assert seen[0] == seen[1] and truth[0] != truth[1]
