"""For every registered game: a determinization depends on what the seat knows and on the
generator alone, never on the hidden truth it replaces (so a bot's decision cannot either)."""

import random

import pytest

from meeplehall.core.registry import all_games, get_game
from tests.games.option_sets import HIDDEN_OPTION_SETS, case_id


def everything(state, players):
    """All that can be observed of a state: every seat's view and legal actions."""
    return [state.view(None)] + [
        (state.view(s), [a.to_json() for a in state.legal_actions(s)]) for s in range(players)
    ]


def test_every_game_is_checked():
    assert {game.name for game in all_games()} >= {"yaxha", "pyramido", "monsterhex"}


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.name)
@pytest.mark.parametrize("players", [2, 3])
def test_determinize_ignores_the_hidden_truth(game, players):
    options = {"objectives": True} if game.name == "monsterhex" else None
    _check_determinize(game, players, options, matches=4)


@pytest.mark.parametrize(("name", "players", "options"), HIDDEN_OPTION_SETS,
                         ids=list(map(case_id, HIDDEN_OPTION_SETS)))
def test_determinize_ignores_the_hidden_truth_of_every_secret_option(name, players, options):
    _check_determinize(get_game(name), players, options, matches=2, every=11)


def _check_determinize(game, players, options, matches, every=37):
    rng = random.Random(players)
    for seed in range(matches):
        state = game.new_state(players, options, seed)
        for step in range(400):
            if state.is_over():
                break
            if step % every == 5:
                for seat in range(players):
                    # Same view for the seat, different hidden truth ...
                    other = state.determinize(seat, random.Random(step))
                    assert other.view(seat) == state.view(seat)
                    # ... and so the same determinization from the same generator.
                    mine = state.determinize(seat, random.Random(99))
                    theirs = other.determinize(seat, random.Random(99))
                    assert everything(mine, players) == everything(theirs, players)
                    # Hidden order shows only later (the next draws): play both on alike.
                    moves = random.Random(step)
                    for _ in range(80):
                        if mine.is_over():
                            break
                        mover = moves.choice(sorted(mine.to_move()))
                        pick = moves.randrange(len(mine.legal_actions(mover)))
                        mine.apply(mover, mine.legal_actions(mover)[pick])
                        theirs.apply(mover, theirs.legal_actions(mover)[pick])
                    assert everything(mine, players) == everything(theirs, players)
            mover = rng.choice(sorted(state.to_move()))
            state.apply(mover, rng.choice(state.legal_actions(mover)))
