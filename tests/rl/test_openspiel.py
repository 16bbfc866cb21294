"""The OpenSpiel games pass OpenSpiel's own random-simulation checks, and its IS-MCTS plays them."""

from __future__ import annotations

import numpy as np
import pytest

from tests.registry_games import per_game, with_research_wing
from tests.rl.conftest import need


def _spiel():
    pyspiel = need("pyspiel")
    import meeplehall.rl.openspiel  # noqa: F401 - registers the games

    return pyspiel


def _sim_checks():
    need("pyspiel")
    from open_spiel.python.tests.games_sim_test import GamesSimTest

    return GamesSimTest()


#: Per game, the parameters its OpenSpiel game is simulated with (another game's: the fewest
#: players, simultaneous then turn-based); the sampled-stochastic test takes every other one.
SIM_CASES = [(f"meeplehall_{name}", params) for name, params in per_game(
    {
        "yaxha": [({"players": 3},), ({"players": 2, "turn_based": True},)],
        "pyramido": [({"players": 2},),
                     ({"players": 1, "options": '{"legend": "the_legend"}'},)],
        "monsterhex": [({"players": 2, "options": '{"abilities": "draft"}'},),
                       ({"players": 4},)],
    },
    lambda game: [({"players": max(2, game.min_players)},),
                  ({"players": max(2, game.min_players), "turn_based": True},)],
    with_research_wing(),
)]


@pytest.mark.parametrize(("name", "params"), SIM_CASES)
def test_a_fixed_deal_passes_openspiels_random_simulation_with_every_serialization(name, params):
    """A fixed seed makes the game deterministic: OpenSpiel can then pickle it and the state,
    and serialize both; clones are checked at every move."""
    pyspiel = _spiel()
    game = pyspiel.load_game(name, {**params, "seed": 7})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    _sim_checks().sim_game(game)


@pytest.mark.parametrize(("name", "params"), SIM_CASES[::2])
def test_the_sampled_stochastic_game_passes_the_random_simulation_and_serializes(name, params):
    """Pickling a sampled-stochastic game asks it for its generator's state, which Python games
    cannot supply, so here the state serializes through ``serialize``/``deserialize_state``."""
    pyspiel = _spiel()
    game = pyspiel.load_game(name, params)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    _sim_checks().sim_game(game, check_pyspiel_serialization=False,
                           check_pickle_serialization=False)
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state)
        for player in range(game.num_players()):
            assert copy.observation_tensor(player) == state.observation_tensor(player)
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p) or [0]))
                                 for p in range(game.num_players())])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_new_matches_deal_anew_and_the_game_types_say_what_each_game_is():
    pyspiel = _spiel()
    kinds = pyspiel.GameType
    yaxha = pyspiel.load_game("meeplehall_yaxha", {"players": 4})
    assert yaxha.get_type().dynamics == kinds.Dynamics.SIMULTANEOUS
    assert yaxha.get_type().information == kinds.Information.IMPERFECT_INFORMATION
    assert yaxha.num_players() == 4
    turns = pyspiel.load_game("meeplehall_yaxha", {"players": 4, "turn_based": True})
    assert turns.get_type().dynamics == kinds.Dynamics.SEQUENTIAL
    hexes = pyspiel.load_game("meeplehall_monsterhex", {"players": 3})
    assert hexes.get_type().dynamics == kinds.Dynamics.SEQUENTIAL
    first, second = (str(yaxha.new_initial_state()) for _ in range(2))
    assert first != second  # each initial state draws its own deal seed
    assert yaxha.observation_tensor_shape() == [yaxha.new_initial_state()
                                                .observation_tensor(0).__len__()]


def test_resampling_keeps_what_the_player_knows():
    pyspiel = _spiel()
    game = pyspiel.load_game("meeplehall_yaxha", {"players": 3, "turn_based": True, "seed": 2})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()


def test_bad_parameters_are_refused_with_the_reason():
    pyspiel = _spiel()
    with pytest.raises(Exception, match="must be a JSON object"):
        pyspiel.load_game("meeplehall_yaxha", {"options": "[1]"})
    with pytest.raises(Exception, match="unknown reward"):
        pyspiel.load_game("meeplehall_yaxha", {"reward": "points"})
    with pytest.raises(Exception, match="player"):
        pyspiel.load_game("meeplehall_yaxha", {"players": 5})


def _ismcts(game, simulations, seed):
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    return ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations,
                            random_state=rng, allow_inconsistent_action_sets=True)


def test_openspiels_information_set_mcts_plays_a_whole_match_through_the_adapter():
    pyspiel = _spiel()
    game = pyspiel.load_game("meeplehall_monsterhex", {"players": 2})
    state = game.new_initial_state()
    bot = _ismcts(game, 8, 0)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.returns()) == 2


def test_information_set_mcts_decides_a_secret_simultaneous_choice_in_turn_based_form():
    pyspiel = _spiel()
    game = pyspiel.load_game("meeplehall_yaxha", {"players": 2, "turn_based": True})
    state = game.new_initial_state()
    assert state.match.state.to_move() == frozenset({0, 1})  # the market choice
    for seat in (0, 1):
        assert state.current_player() == seat
        action = _ismcts(game, 6, seat).step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.match.state.view(0)["phase"] != "select"


def test_the_process_exits_cleanly_whatever_python_lets_go_of_first():
    """OpenSpiel's registry drops its factories from C++ after the interpreter is gone; if
    Python let go of them first (module teardown order varies), the exit used to abort."""
    need("pyspiel")
    import subprocess
    import sys

    script = (
        "import pyspiel, meeplehall.rl.openspiel as adapter\n"
        "game = pyspiel.load_game('meeplehall_monsterhex', {'players': 2})\n"
        "state = game.new_initial_state(); state.apply_action(state.legal_actions()[0])\n"
        "adapter._FACTORIES.clear(); del game, state\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-500:]


@pytest.mark.parametrize("name", [f"meeplehall_{game.name}" for game in with_research_wing()])
def test_the_python_tensors_equal_openspiels_own_and_the_view_built_ones(name):
    """``observation_tensor`` and ``information_state_tensor`` called from Python take the
    encoder's path; they give what OpenSpiel's bridge gives (a list of floats), which is the
    tensor built from the player's view, at every step of a match, for every player."""
    pyspiel = _spiel()
    from meeplehall.rl.table import Table

    game = pyspiel.load_game(name, {"players": 2, "turn_based": True, "seed": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    table = Table(name.removeprefix("meeplehall_"), 2)
    while not state.is_terminal():
        for player in (0, 1):
            mine = state.observation_tensor(player)
            assert mine == pyspiel.State.observation_tensor(state, player)
            assert (state.information_state_tensor(player)
                    == pyspiel.State.information_state_tensor(state, player))
            table_seen = table.encoding.observe(state.match.seen(player).view(player))
            assert np.array_equal(mine, np.asarray(table_seen, np.float32))
        assert state.observation_tensor() == state.observation_tensor(state.current_player())
        state.apply_action(int(rng.choice(state.legal_actions())))
