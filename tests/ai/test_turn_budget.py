"""Level 3's budget is per turn: a game may say its turn holds several decisions."""

import random

from meeplehall_goofspiel.match import GoofspielMatch
from meeplehall_goofspiel.setup import deal_prizes

from meeplehall.ai.budget import turn_decisions
from meeplehall.ai.mcts import MctsBot
from meeplehall.core import rng_for
from meeplehall.core.registry import get_game
from tests.registry_games import game_names


class ThreeStepGoofspiel(GoofspielMatch):
    """The same game, claiming that each turn holds three decisions."""

    def decisions_in_turn(self, seat: int) -> int:
        return 3


def _iterations(state: GoofspielMatch, seed: int) -> int:
    bot = MctsBot(seed=seed, seconds=None, iterations=300)
    bot.choose(state, 0)
    return bot.last_iterations


def test_a_decision_gets_at_most_its_share_of_the_turn_budget():
    for seed in range(4):
        assert _iterations(ThreeStepGoofspiel(2, deal_prizes(6, rng_for(seed))), seed) <= 100


def test_a_game_that_says_nothing_keeps_the_whole_budget_for_each_decision():
    assert turn_decisions(GoofspielMatch(2, [1, 2, 3]), 0) == 1
    for seed in range(4):
        assert _iterations(GoofspielMatch(2, deal_prizes(6, rng_for(seed))), seed) > 100


class NoDecisionGoofspiel(GoofspielMatch):
    def decisions_in_turn(self, seat: int) -> int:
        return 0


def test_a_turn_counts_at_least_one_decision_whatever_the_game_says():
    assert turn_decisions(NoDecisionGoofspiel(2, [1, 2, 3]), 0) == 1


def test_each_game_shares_the_budget_as_its_states_declare():
    rng = random.Random(1)
    counts = {}
    for name in game_names():
        state = get_game(name).new_state(2, None, 4)
        declared = state.decisions_in_turn is not None
        seen = set()
        for _ in range(60):
            if state.is_over():
                break
            seat = min(state.to_move())
            seen.add(turn_decisions(state, seat))
            count = state.decisions_in_turn
            assert turn_decisions(state, seat) == (1 if count is None else max(1, count(seat)))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        counts[name] = seen
        if not declared:
            assert seen == {1}
    assert counts["yaxha"] == counts["monsterhex"] == {1}
    assert max(counts["pyramido"]) > 1
