"""A state resampled for one player (``resample_from_infostate``) holds what that player may
know and a world drawn anew, nothing more: no trace of the true seed in its text, its
serialization or its pickle, no way back to the true deal through any copy of it, and a
future of its own; the player's own view of it is the one the player has."""

from __future__ import annotations

import base64
import math
import pickle
import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.registry_games import per_game, with_research_wing
from tests.rl.conftest import need

#: Each game with the player counts its worlds are checked at.
GAMES = {
    f"meeplehall_{name}": counts for name, counts in per_game(
        {"pyramido": [((1, 2, 3),)]},
        lambda game: [(tuple(range(max(2, game.min_players), game.max_players + 1)),)],
        with_research_wing(),
    )
}
SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _spiel():
    pyspiel = need("pyspiel")
    import meeplehall.rl.openspiel  # noqa: F401 - registers the games

    return pyspiel


def _play(state, steps: int, moves: random.Random) -> None:
    """Up to ``steps`` random legal moves (turn-based games: one player at a time)."""
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(moves.choice(state.legal_actions()))


def traces(seed: int) -> list[bytes]:
    """Every form the seed could travel in: digits, hex, the keyed generator's key, and the
    little-endian bytes pickle writes an integer's value in."""
    return [
        str(seed).encode(),
        f"{seed:x}".encode(),
        f"{seed:032x}".encode(),
        seed.to_bytes(8, "little"),
        seed.to_bytes(32, "big"),
    ]


def serialized_bytes(text: str) -> bytes:
    """A state's ``serialize()`` as bytes, with its base64 pickle of attributes decoded."""
    head, _, encoded = text.partition("__dict__=")
    return head.encode() + base64.b64decode(encoded)


def future_draws(inner) -> list[object]:
    """What the match will draw next: its generator's next words (Monster Hex, Pyramido), the
    cubes Yaxha's bag holds still to draw, or for another game (one that draws everything at
    its deal, such as the test game's prize deck) the public views along a fixed playout to the
    end, in which everything still hidden comes to show."""
    rng = getattr(inner, "rng", None) or getattr(getattr(inner, "area", None), "rng", None)
    if rng is not None:
        twin = rng.clone()
        return [twin.next64() for _ in range(8)]
    if hasattr(inner, "bag"):
        return list(inner.bag[inner.bag_pos:])
    ahead, shown = inner.clone(), []
    while not ahead.is_over():
        seat = min(ahead.to_move())
        ahead.apply(seat, ahead.legal_actions(seat)[0])
        shown.append(ahead.view(None))
    return shown


def picture(inner, players: int) -> tuple:
    """All that can be seen of a match, now and in its draws to come."""
    return ([inner.view(None)] + [inner.view(seat) for seat in range(players)],
            future_draws(inner))


def arrangements(cubes: list[int]) -> int:
    """In how many distinct orders ``cubes`` can lie."""
    counts = [cubes.count(colour) for colour in set(cubes)]
    return math.factorial(len(cubes)) // math.prod(math.factorial(c) for c in counts)


def _same_knowledge(world, truth, player: int) -> None:
    assert world.observation_string(player) == truth.observation_string(player)
    assert world.information_state_string(player) == truth.information_state_string(player)
    assert world.observation_tensor(player) == truth.observation_tensor(player)
    assert world.information_state_tensor(player) == truth.information_state_tensor(player)
    if not truth.is_terminal() and truth.current_player() == player:
        assert world.legal_actions() == truth.legal_actions()


@st.composite
def positions(draw):
    name = draw(st.sampled_from(sorted(GAMES)))
    players = draw(st.sampled_from(GAMES[name]))
    return (name, players, draw(st.integers(0, 160)), draw(st.integers(0, 2**32)),
            draw(st.integers(0, players - 1)), draw(st.integers(0, 2**32)))


@SETTINGS
@given(positions())
def test_a_resampled_world_carries_no_trace_of_the_true_seed(position):
    """Sampled-stochastic games: each match has its own 63-bit seed, looked for in every form
    in the world's text, its serialization and the pickle of its match."""
    pyspiel = _spiel()
    name, players, steps, moves, player, sample = position
    game = pyspiel.load_game(name, {"players": players, "turn_based": True})
    truth = game.new_initial_state()
    _play(truth, steps, random.Random(moves))
    seed = truth.match.seed
    world = truth.resample_from_infostate(player, random.Random(sample).random)

    shown = [str(world).encode(), repr(world).encode(), serialized_bytes(world.serialize()),
             pickle.dumps(world.match)]
    for text in shown:
        for trace in traces(seed):
            assert trace not in text
        # Not the keyed generator the true deal draws from, under any key.
        assert b"_restore_blake2b" not in text
    _same_knowledge(world, truth, player)

    inner, true_inner = world.match.state, truth.match.state
    expected = picture(inner, players)
    copies = [world.clone(), world.get_game().deserialize_state(world.serialize())]
    for copy in copies:
        assert copy.match.seed is None
        assert picture(copy.match.state, players) == expected  # the world, not the truth
        _same_knowledge(copy, truth, player)

    # Its future is its own: a generator seeded from the sampler, or a bag shuffled anew.
    drawn, true_draws = future_draws(inner), future_draws(true_inner)
    if hasattr(true_inner, "bag_pos"):
        if arrangements(true_draws) >= 1 << 40:
            assert drawn != true_draws
    elif getattr(true_inner, "rng", None) or getattr(getattr(true_inner, "area", None), "rng",
                                                     None):
        assert drawn != true_draws
    else:
        # A game that drew everything at its deal: when what the player knows leaves the
        # future open (the game's own determinizations differ), worlds drawn again do not all
        # share the true one (by chance, at worst one in 2**20).
        known = {repr(future_draws(true_inner.determinize(player, random.Random(k))))
                 for k in range(20)}
        if len(known) > 1:
            worlds = [future_draws(truth.resample_from_infostate(
                player, random.Random(sample + k).random).match.state) for k in range(20)]
            assert any(world != true_draws for world in worlds)


@SETTINGS
@given(positions())
def test_a_world_of_a_fixed_deal_pickles_without_the_deal(position):
    """With a fixed ``seed`` the game's own parameter is the deal: a world belongs to a copy of
    the game under a fresh seed, and pickles (game and all) into that world, never the deal."""
    pyspiel = _spiel()
    name, players, steps, moves, player, sample = position
    true_seed = 1_000_000 + moves % 1_000_000_000
    game = pyspiel.load_game(name, {"players": players, "turn_based": True, "seed": true_seed})
    truth = game.new_initial_state()
    _play(truth, steps, random.Random(moves))
    world = truth.resample_from_infostate(player, random.Random(sample).random)

    worlds_game = world.get_game()
    assert worlds_game.get_parameters()["seed"] != true_seed
    # One such game per game: every world of it belongs to the same one.
    again = truth.resample_from_infostate(player, random.Random(sample + 1).random)
    assert again.get_game().get_parameters() == worlds_game.get_parameters()
    assert worlds_game.get_parameters()["deal_stream"] != game.get_parameters()["deal_stream"]
    text = pyspiel.serialize_game_and_state(worlds_game, world)
    assert f"seed={true_seed}" not in text
    assert str(true_seed) not in str(world)

    expected = picture(world.match.state, players)
    unpickled = pickle.loads(pickle.dumps(world))
    assert unpickled.match.seed is None
    assert unpickled.get_game().get_parameters()["seed"] != true_seed
    assert picture(unpickled.match.state, players) == expected
    _same_knowledge(unpickled, truth, player)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert picture(restored.match.state, players) == expected
    # A new match of the world's game deals something else than the true deal.
    assert (picture(worlds_game.new_initial_state().match.state, players)
            != picture(game.new_initial_state().match.state, players))


def test_a_world_is_the_same_whatever_the_rivals_secret_moves_were():
    """Two matches that differ only in a rival's move the player cannot see give the player
    the same world from the same sampler: down to its pickle, nothing of the move travels
    (neither in the log nor in what the game keeps of the move, such as cached placements)."""
    pyspiel = _spiel()
    checked = 0
    # Yaxha's market choices and building are secret until revealed (the other games' moves
    # are all seen by everyone).
    for players in GAMES["meeplehall_yaxha"]:
        game = pyspiel.load_game("meeplehall_yaxha", {"players": players, "turn_based": True})
        for seed in range(2):
            state = game.new_initial_state()
            moves = random.Random(seed)
            while not state.is_terminal():
                checked += _compare_branches(state, moves, players)
                state.apply_action(moves.choice(state.legal_actions()))
    assert checked >= 100


def _compare_branches(state, moves: random.Random, players: int) -> int:
    legal = state.legal_actions()
    if len(legal) < 2:
        return 0
    mover = state.current_player()
    first, second = moves.sample(legal, 2)
    branches = []
    for action in (first, second):
        branch = state.clone()
        branch.apply_action(action)
        if not branch.is_terminal():
            branch.legal_actions()  # as the match goes on: the game may cache what it lists
        branches.append(branch)
    compared = 0
    for player in range(players):
        if player == mover or any(b.is_terminal() for b in branches):
            continue
        seen = [b.information_state_string(player) for b in branches]
        if seen[0] != seen[1]:
            continue  # the player sees which move was made
        sample = moves.getrandbits(32)
        one, two = (b.resample_from_infostate(player, random.Random(sample).random)
                    for b in branches)
        assert str(one) == str(two)
        assert pickle.dumps(one.match) == pickle.dumps(two.match)
        assert one.information_state_tensor(player) == two.information_state_tensor(player)
        compared += 1
    return compared


def test_information_set_mcts_still_plays_on_worlds():
    """OpenSpiel's IS-MCTS clones and plays out the worlds it resamples: they stay playable."""
    pyspiel = _spiel()
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("meeplehall_yaxha", {"players": 2, "turn_based": True, "seed": 3})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 6,
                           random_state=rng, allow_inconsistent_action_sets=True)
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
