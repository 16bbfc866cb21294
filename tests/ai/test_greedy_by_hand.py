"""The greedy bot on hand-built Goofspiel positions whose best bid is worked out by hand.

Goofspiel's heuristic is the seat's score minus the best rival's, so each value below is
counted on the fingers; none comes from the bot's own loop.
"""

from __future__ import annotations

import random

from meeplehall_goofspiel.actions import Bid
from meeplehall_goofspiel.match import GoofspielMatch

from meeplehall.ai.greedy import GreedyBot, value_after


def _position(
    hands: list[set[int]], prize: int, deck: list[int], bids: dict[int, int]
) -> GoofspielMatch:
    state = GoofspielMatch(len(hands), [1])
    state.hands, state.prize, state.deck, state.bids = hands, prize, deck, bids
    state.scores = [0] * len(hands)
    return state


def test_the_rival_has_bid_already_and_the_top_card_wins_whatever_it_bid():
    # Seat 1 bid one of 1, 2, 3 (hidden; the bot resamples it). Bidding 5 beats any of them and
    # takes the 4: +4. In the true position seat 1 bid 3, which beats a 1 and takes the 4: -4.
    state = _position([{1, 5}, {1, 2, 3}], prize=4, deck=[1], bids={1: 3})
    for seed in range(10):
        assert GreedyBot(seed=seed).choose(state, 0) == Bid(5)
    assert value_after(state, 0, Bid(5), random.Random(0)) == 4.0
    assert value_after(state, 0, Bid(1), random.Random(0)) == -4.0


def test_a_rival_still_to_bid_answers_before_the_bid_is_judged():
    # Seat 1 holds a single 2 and has not bid: it will bid 2. Bidding 3 takes the 5 (+5);
    # bidding 1 hands the 5 to seat 1 (-5). Judged before seat 1 answers, both would look 0.
    state = _position([{1, 3}, {2}], prize=5, deck=[1], bids={})
    assert value_after(state, 0, Bid(3), random.Random(0)) == 5.0
    assert value_after(state, 0, Bid(1), random.Random(0)) == -5.0
    for seed in range(10):
        assert GreedyBot(seed=seed).choose(state, 0) == Bid(3)


def test_against_two_rivals_the_bid_that_loses_least_is_chosen():
    # Seats 1 and 2 have bid 4 and 2 already, and hold nothing else: the bot knows them. Seat 0
    # cannot outbid 4 with its 1 or 3, so seat 1 takes the 6 either way: -6 both ways; with 5 it
    # takes the 6 itself: +6 (rivals at 0).
    state = _position([{1, 3, 5}, {4}, {2}], prize=6, deck=[1], bids={1: 4, 2: 2})
    assert [value_after(state, 0, Bid(c), random.Random(0)) for c in (1, 3, 5)] == [-6, -6, 6]
    for seed in range(10):
        assert GreedyBot(seed=seed).choose(state, 0) == Bid(5)
