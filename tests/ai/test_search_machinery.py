"""The bots' search machinery on Goofspiel, the tiny simultaneous-bid game kept in the tests
(tests/testgame)."""

from __future__ import annotations

import pickle

import pytest
from meeplehall_goofspiel import GAME
from meeplehall_goofspiel.actions import Bid
from meeplehall_goofspiel.match import GoofspielMatch

from meeplehall.ai import make_bot, mcts
from meeplehall.ai.mcts import MctsBot


def _play(bots, state):
    while not state.is_over():
        for seat in sorted(state.to_move()):
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    return state.result()


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_finishes_a_simultaneous_game_with_legal_bids(level):
    settings = {"seconds": None, "iterations": 30} if level == 3 else {}
    bots = [make_bot(level, seed, **settings) for seed in range(3)]
    result = _play(bots, GAME.new_state(3, {"cards": 5}, 4))
    assert sum(result.scores) <= 15


def test_mcts_decision_ignores_a_rivals_secret_bid():
    """A rival's pending bid is hidden: the bot must decide the same whatever it is."""
    decisions = set()
    for rival_bid in (1, 3, 5):
        state = GAME.new_state(2, {"cards": 5}, 2)
        state.apply(1, Bid(rival_bid))
        bot = MctsBot(seed=9, seconds=None, iterations=200)
        decisions.add(bot.choose(state, 0))
    assert len(decisions) == 1


def _last_prize() -> GoofspielMatch:
    """Last prize at 0-0: seat 0 holds 3 and 5, its rival bid its only 4; bidding 5 wins."""
    state = GAME.new_state(2, {"cards": 5}, 0)
    state.deck = []
    state.hands = [{3, 5}, {4}]
    state.apply(1, Bid(4))
    return state


def test_mcts_outbids_the_rival_for_the_deciding_last_prize():
    bot = MctsBot(seed=1, seconds=None, iterations=100)
    assert bot.choose(_last_prize(), 0) == Bid(5)


def test_bots_survive_pickling_mid_game_and_decide_alike():
    state = GAME.new_state(2, {"cards": 6}, 3)
    bot = make_bot(3, 5, seconds=None, iterations=60)
    copy = pickle.loads(pickle.dumps(bot))
    assert bot.choose(state, 0) == copy.choose(state, 0)


def test_mcts_needs_some_budget():
    with pytest.raises(ValueError):
        MctsBot(seconds=None, iterations=None)


def test_greedy_tie_break_follows_the_seed():
    state = GAME.new_state(2, {"cards": 6}, 3)
    picks = {make_bot(2, 11).choose(state.clone(), 0) for _ in range(3)}
    assert len(picks) == 1


def test_mcts_stops_early_once_the_choice_is_settled():
    """Bidding 5 wins the last prize outright: the search need not spend its whole budget."""
    bot = MctsBot(seed=1, seconds=None, iterations=5_000)
    assert bot.choose(_last_prize(), 0) == Bid(5)
    assert bot.last_iterations < 5_000


@pytest.mark.parametrize("seed", range(6))
def test_stopping_early_never_changes_the_decision(seed, monkeypatch):
    state = GAME.new_state(2, {"cards": 6}, seed)
    state.apply(1, Bid(1 + seed % 6))
    early = MctsBot(seed=seed, seconds=None, iterations=3_000)
    decision = early.choose(state, 0)
    monkeypatch.setattr(mcts, "CHECK_EVERY", 10**9)
    full = MctsBot(seed=seed, seconds=None, iterations=3_000)
    assert full.choose(state, 0) == decision
    assert full.last_iterations == 3_000
