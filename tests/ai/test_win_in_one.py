"""Level 3 takes the one move that wins, in a near-end position of every registered game.

The position is built by playing seeded random actions until the last move of a match, and
kept only when it is clear-cut: after some legal moves the seat to move can still force a sole
win (with only its own moves left to make, and any forced ones such as a confirmation), after
the others it loses whatever it does; and this holds in every determinization the seat could
imagine too (so hidden information cannot change the verdict).
"""

from __future__ import annotations

import random

import pytest

from meeplehall.ai.keys import action_key, bot_actions
from meeplehall.ai.mcts import MctsBot
from meeplehall.core import Action, State
from tests.ai.positions import GAME_IDS, GAMES


def _play_forced(state: State) -> None:
    """Play on while every seat to move has a single move (a take-back aside)."""
    while not state.is_over():
        moves = {seat: bot_actions(state, seat) for seat in sorted(state.to_move())}
        if any(len(options) != 1 for options in moves.values()):
            return
        seat = min(moves)
        state.apply(seat, moves[seat][0])


def _outcome(state: State, seat: int, depth: int = 4) -> bool | None:
    """True if ``seat`` alone can still force a sole win, False if every line loses, None if
    unclear (a rival still chooses, a shared win, or too deep to tell)."""
    _play_forced(state)
    if state.is_over():
        winners = state.result().winners
        return True if winners == {seat} else (False if seat not in winners else None)
    if state.to_move() != {seat} or depth == 0:
        return None
    outcomes = []
    for action in bot_actions(state, seat):
        after = state.clone()
        after.apply(seat, action)
        outcomes.append(_outcome(after, seat, depth - 1))
    if True in outcomes:
        return True
    return False if all(outcome is False for outcome in outcomes) else None


def _verdicts(state: State, seat: int, legal: list[Action]) -> list[bool] | None:
    """For each move: True if the seat can then force a sole win, False if it then loses
    whatever it does; None unless every move is clear-cut."""
    verdicts = []
    for action in legal:
        after = state.clone()
        after.apply(seat, action)
        outcome = _outcome(after, seat)
        if outcome is None:
            return None
        verdicts.append(outcome)
    return verdicts


def find_wins_in_one(
    game, players: int, seeds: range, wanted: int
) -> list[tuple[State, int, set[str]]]:
    found: list[tuple[State, int, set[str]]] = []
    for seed in seeds:
        state = game.new_state(players, None, seed)
        rng = random.Random(seed)
        while not state.is_over():
            movers = sorted(state.to_move())
            seat = rng.choice(movers)
            legal = bot_actions(state, seat)
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
                        found.append((state.clone(), seat, wins))
                        if len(found) == wanted:
                            return found
                        break
            state.apply(seat, rng.choice(legal))
    return found


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_mcts_takes_the_move_that_wins_near_the_end(game):
    found = find_wins_in_one(game, max(2, game.min_players), range(120), wanted=2)
    assert found, "no clear-cut position found in 120 seeded games"
    for state, seat, wins in found:
        # No greedy prior and no cut of the root: the search alone must find the win.
        bot = MctsBot(seed=3, seconds=None, iterations=150, prior_visits=0, root_width=10_000)
        assert action_key(bot.choose(state, seat)) in wins
