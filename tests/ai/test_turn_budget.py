"""Level 3's budget is per turn: a game may say its turn holds several decisions."""

from meeplehall.ai.budget import turn_decisions
from meeplehall.ai.mcts import MctsBot
from tests.ai.goofspiel import Goofspiel


class ThreeStepGoofspiel(Goofspiel):
    """The same game, claiming that each turn holds three decisions."""

    def decisions_in_turn(self, seat: int) -> int:
        return 3


def _iterations(state: Goofspiel, seed: int) -> int:
    bot = MctsBot(seed=seed, seconds=None, iterations=300)
    bot.choose(state, 0)
    return bot.last_iterations


def test_a_decision_gets_at_most_its_share_of_the_turn_budget():
    for seed in range(4):
        assert _iterations(ThreeStepGoofspiel(players=2, cards=6, seed=seed), seed) <= 100


def test_a_game_that_says_nothing_keeps_the_whole_budget_for_each_decision():
    assert turn_decisions(Goofspiel(), 0) == 1
    for seed in range(4):
        assert _iterations(Goofspiel(players=2, cards=6, seed=seed), seed) > 100
