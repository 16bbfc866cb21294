"""Level 3 takes a win in one move, in a near-end position of every registered game.

The position is built by playing seeded random actions until the last move of a match, and
kept only when it is clear-cut: some legal moves end the match with the seat to move winning
alone, the others end it with that seat losing, and this holds in every determinization the
seat could imagine too (so hidden information cannot change the verdict).
"""

from __future__ import annotations

import random

import pytest

from meeplehall.ai.keys import action_key
from meeplehall.ai.mcts import MctsBot
from meeplehall.core import Action, State
from tests.ai.conftest import GAME_IDS, GAMES


def _verdicts(state: State, seat: int, legal: list[Action]) -> list[bool] | None:
    """For each move: True if it ends the match with a sole win, False for a loss; else None."""
    verdicts = []
    for action in legal:
        after = state.clone()
        after.apply(seat, action)
        if not after.is_over():
            return None
        winners = after.result().winners
        if winners == {seat}:
            verdicts.append(True)
        elif seat not in winners:
            verdicts.append(False)
        else:
            return None
    return verdicts


def find_win_in_one(game, players: int, seeds: range) -> tuple[State, int, set[str]] | None:
    for seed in seeds:
        state = game.new_state(players, None, seed)
        rng = random.Random(seed)
        while not state.is_over():
            movers = sorted(state.to_move())
            seat = rng.choice(movers)
            legal = state.legal_actions(seat)
            if len(movers) == 1 and len(legal) >= 2:
                verdicts = _verdicts(state, seat, legal)
                if verdicts is not None and any(verdicts) and not all(verdicts):
                    consistent = all(
                        _verdicts(state.determinize(seat, random.Random(k)), seat, legal)
                        == verdicts
                        for k in range(5)
                    )
                    if consistent:
                        wins = {action_key(a) for a, v in zip(legal, verdicts, strict=True) if v}
                        return state, seat, wins
            state.apply(seat, rng.choice(legal))
    return None


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_mcts_takes_the_winning_last_move(game):
    found = find_win_in_one(game, max(2, game.min_players), range(60))
    assert found is not None, "no clear-cut last move found in 60 seeded games"
    state, seat, wins = found
    bot = MctsBot(seed=3, seconds=None, iterations=150, prior_visits=0,
                  root_width=10_000)
    assert action_key(bot.choose(state, seat)) in wins
