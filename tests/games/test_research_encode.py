"""Each game's ``encode(state, seat)`` gives exactly the tensor ``observe(view(seat))`` builds.

The view-built tensor is the reference: the encoder reads the state directly for speed, so it
must hold equal for every seat (to move or not) at every step of random matches of every player
count and the options that change what is shown, take-backs included; and, as the view does, it
must not change when what the seat cannot see is drawn again (``determinize``).
"""

from __future__ import annotations

import random

import pytest

from meeplehall.core.registry import all_games, get_game, research_encoding
from meeplehall.core.research import float32_bytes
from tests.games.option_sets import HIDDEN_OPTION_SETS, case_id

CASES = [
    (game.name, players, {})
    for game in all_games()
    for players in range(game.min_players, game.max_players + 1)
] + [
    ("yaxha", 2, {"bonus_cards": [0, 1, 2]}),
    ("yaxha", 3, {"bonus_cards": "beginner", "second_largest": "runner_up_player"}),
    ("yaxha", 4, {"neighbour_ties_score": False}),
    ("monsterhex", 2, {"abilities": "draft"}),
    ("monsterhex", 3, {"abilities": "random"}),
    ("monsterhex", 2, {"shared_faction": True}),
    ("pyramido", 1, {"legend": "the_legend"}),
]
# The other secret option sets (Yaxha's variants are above already, in smaller matches).
CASES += [case for case in HIDDEN_OPTION_SETS if case not in CASES and case[0] != "yaxha"]
#: Random matches per case: every seat at every step of each.
MATCHES = 6


def _reference(encoding, state, seat):
    return float32_bytes(encoding.observe(state.view(seat)))


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=list(map(case_id, CASES)))
def test_the_encoder_equals_the_view_built_tensor_for_every_seat_at_every_step(
    name, players, options
):
    game = get_game(name)
    encoding = research_encoding(name, players, options)
    assert encoding.encode is not None
    steps = 0
    for seed in range(MATCHES):
        state = game.new_state(players, options, seed)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                assert encoding.encode(state, seat) == _reference(encoding, state, seat), (
                    f"seed {seed}, step {steps}, seat {seat}"
                )
            if state.is_over():
                break
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    assert steps >= MATCHES * players  # real matches: every seat moved in each


def test_the_yaxha_encoder_holds_equal_on_the_single_colour_side_card():
    """The one card whose metric the encoder skips when it is not on the table."""
    from meeplehall.games.yaxha.components import CARDS

    side = next(c for c, card in enumerate(CARDS) if card.kind == "single_colour_side")
    others = [c for c, card in enumerate(CARDS) if card.kind == "most_colour"][:2]
    test_the_encoder_equals_the_view_built_tensor_for_every_seat_at_every_step(
        "yaxha", 3, {"bonus_cards": [side, *others]}
    )


#: Each game's defaults at three players, and every option set that adds hidden information.
DRAWN_AGAIN = [(game.name, 3, {}) for game in all_games()] + HIDDEN_OPTION_SETS


@pytest.mark.parametrize(("name", "players", "options"), DRAWN_AGAIN,
                         ids=list(map(case_id, DRAWN_AGAIN)))
def test_the_encoder_does_not_change_when_what_the_seat_cannot_see_is_drawn_again(
    name, players, options
):
    game = get_game(name)
    encoding = research_encoding(name, players, options)
    state = game.new_state(players, options, 9)
    rng = random.Random(9)
    played = 0
    while not state.is_over():
        if played % 3 == 0:
            for seat in range(players):
                world = state.determinize(seat, random.Random(played))
                assert encoding.encode(world, seat) == encoding.encode(state, seat)
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        played += 1


def test_a_yaxha_rivals_encoding_is_the_same_whatever_secret_choice_was_made():
    """At the simultaneous market choice and while building, seat 1's tensor does not depend
    on what seat 0 chose or placed this round."""
    game = get_game("yaxha")
    encoding = research_encoding("yaxha", 2, {})
    seen = set()
    for tile in (0, 1):
        state = game.new_state(2, {}, 4)
        state.apply(0, game.parse_action({"type": "tile", "tile": tile}))
        seen.add(bytes(encoding.encode(state, 1)))
    assert len(seen) == 1
    state = game.new_state(2, {}, 4)
    state.apply(0, game.parse_action({"type": "tile", "tile": 0}))
    state.apply(1, game.parse_action({"type": "tile", "tile": 1}))
    before = encoding.encode(state, 1)
    mine = encoding.encode(state, 0)
    state.apply(0, state.legal_actions(0)[0])  # a cube placed, not yet confirmed
    assert encoding.encode(state, 1) == before
    assert encoding.encode(state, 0) != mine


def test_a_monster_hex_rivals_secret_objective_never_reaches_my_tensor():
    """The only secret cards of Monster Hex: at every step of a match, with a rival's personal
    objective swapped for one of the pile, the other seat's tensor stays the same, while the
    holder's own tensor does tell them apart (the encoder reads the objectives)."""
    game = get_game("monsterhex")
    options = {"objectives": True}
    encoding = research_encoding("monsterhex", 2, options)
    state = game.new_state(2, options, 3)
    rng = random.Random(3)
    told_apart = 0
    while not state.is_over():
        other = state.clone()
        other.personal[1][0], other.pile[0] = other.pile[0], other.personal[1][0]
        assert encoding.encode(other, 0) == encoding.encode(state, 0)
        told_apart += encoding.encode(other, 1) != encoding.encode(state, 1)
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert told_apart > 0
