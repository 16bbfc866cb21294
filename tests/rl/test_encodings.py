"""Every game's research encoding: a fixed index for every legal action, a fixed-size tensor
built from the seat's view alone. Random matches over every player count exercise them."""

from __future__ import annotations

import random

import pytest

from meeplehall.ai.keys import is_take_back
from meeplehall.core.registry import all_games, get_game, research_encoding
from meeplehall.core.research import ActionField, ActionIndex, ActionKind, UnindexedAction

#: (game, players, options): every player count, plus the options that add actions.
CASES = [
    (game.name, players, {})
    for game in all_games()
    for players in range(game.min_players, game.max_players + 1)
] + [
    ("monsterhex", 2, {"abilities": "draft"}),
    ("monsterhex", 3, {"abilities": "random"}),
    ("monsterhex", 2, {"shared_faction": True}),
    ("pyramido", 1, {"legend": "the_legend"}),
]


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_every_legal_action_has_its_own_index_that_maps_back(name, players, options):
    game = get_game(name)
    encoding = research_encoding(name, players, options)
    for seed in range(2):
        state = game.new_state(players, options, seed)
        rng = random.Random(seed)
        actions = 0
        while not state.is_over():
            seat = rng.choice(sorted(state.to_move()))
            legal = [a for a in state.legal_actions(seat) if not is_take_back(state, a)]
            indices = [encoding.actions.index(a.to_json()) for a in legal]
            assert len(set(indices)) == len(indices)
            for action, index in zip(legal, indices, strict=True):
                assert 0 <= index < encoding.actions.size
                assert game.parse_action(encoding.actions.action_json(index)) == action
            tensor = encoding.observe(state.view(seat))
            assert len(tensor) == encoding.observation_size
            state.apply(seat, rng.choice(legal))
            actions += 1
        assert actions <= encoding.max_actions
        assert all(abs(score) <= encoding.score_bound for score in state.result().scores)


@pytest.mark.parametrize("name", [game.name for game in all_games()])
def test_the_tensor_reads_only_what_the_seat_may_see(name):
    """A determinized world (hidden information resampled) gives the seat the same tensor."""
    game = get_game(name)
    players = 3
    encoding = research_encoding(name, players, {})
    state = game.new_state(players, {}, 5)
    rng = random.Random(5)
    checked = played = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        if played % 4 == 0:  # every fourth position keeps the test short
            for other in range(players):
                world = state.determinize(other, random.Random(played))
                assert encoding.observe(world.view(other)) == encoding.observe(state.view(other))
            checked += 1
        played += 1
        legal = [a for a in state.legal_actions(seat) if not is_take_back(state, a)]
        state.apply(seat, rng.choice(legal))
    assert checked >= 5


def test_an_action_outside_the_declaration_is_refused_by_name():
    index = ActionIndex((ActionKind("take", (ActionField("space", (1, 2)),)), ActionKind("pass")))
    assert index.size == 3
    assert index.index({"type": "take", "space": 2}) == 1
    assert index.action_json(2) == {"type": "pass"}
    with pytest.raises(UnindexedAction, match="no index"):
        index.index({"type": "take", "space": 3})
    with pytest.raises(UnindexedAction, match=r"outside 0\.\.2"):
        index.action_json(3)


def test_combined_fields_number_only_their_combinations():
    index = ActionIndex(
        (ActionKind("pay", (ActionField(("units", "gems"), ((1, 1), (3, 2))),)),)
    )
    assert index.size == 2
    assert index.index({"type": "pay", "units": 3, "gems": 2}) == 1
    assert index.action_json(0) == {"type": "pay", "units": 1, "gems": 1}
    with pytest.raises(UnindexedAction):
        index.index({"type": "pay", "units": 1, "gems": 2})


def test_a_bad_player_count_or_option_is_refused_before_any_encoding():
    from meeplehall.core import InvalidOption

    with pytest.raises(InvalidOption):
        research_encoding("yaxha", 5, {})
    with pytest.raises(InvalidOption):
        research_encoding("monsterhex", 3, {"shared_faction": True})
