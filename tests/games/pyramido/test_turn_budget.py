"""How many decisions a turn holds, as the state tells a bot sharing its budget per turn."""

import random

import pytest

from meeplehall.ai.keys import bot_actions
from meeplehall.ai.mcts import MctsBot
from meeplehall.games.pyramido.phases import PLACE, REVEAL, SCORE, SPLIT, TAKE

from .helpers import new_state

TURN_PHASES = (TAKE, SPLIT, REVEAL, PLACE)


def _turns(players: int, seed: int):
    """Random games: each turn as (phases, [(announced count, legal actions)]) per decision."""
    state = new_state(players, seed=seed)
    rng = random.Random(seed)
    turn: list[tuple[str, int, int]] = []
    while not state.is_over():
        seat = min(state.to_move())
        if state.phase == TAKE and turn:
            yield turn
            turn = []
        legal = bot_actions(state, seat)
        if state.phase in TURN_PHASES:
            turn.append((state.phase, state.decisions_in_turn(seat), len(legal)))
        state.apply(seat, rng.choice(legal))
    yield turn


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_decision_of_a_turn_announces_how_many_choices_the_turn_holds(players):
    """Without a split, the count is exact at the take, the reveal and the place alike."""
    checked = 0
    for seed in range(6):
        for turn in _turns(players, seed):
            if any(phase == SPLIT for phase, _, _ in turn):
                continue  # known only once the pile has emptied
            choices = sum(1 for _, _, legal in turn if legal > 1)
            assert [count for _, count, legal in turn if legal > 1] == [choices] * choices
            checked += 1
    assert checked > 100


def test_a_split_turn_announces_four_decisions_at_the_split():
    for seed in range(30):
        for turn in _turns(4, seed):
            for phase, count, _ in turn:
                if phase == SPLIT:
                    assert count == 4
                    return
    pytest.fail("no split in 30 games")


def test_stage_scoring_counts_the_areas_the_gems_can_activate_and_the_finish():
    rng = random.Random(1)
    state = new_state(2, seed=1)
    while state.phase != SCORE:
        seat = min(state.to_move())
        state.apply(seat, rng.choice(bot_actions(state, seat)))
    for seat in sorted(state.to_move()):
        legal = state.legal_actions(seat)
        activations = {a.area for a in legal if a.to_json()["type"] == "activate"}
        assert activations and state.decisions_in_turn(seat) == len(activations) + 1


def test_level_3_spends_about_one_budget_on_a_whole_turn():
    """Take, reveal and place share 300 iterations instead of taking 300 each."""
    state = new_state(2, seed=3)
    seat = min(state.to_move())
    bot = MctsBot(seed=5, seconds=None, iterations=300)
    spent = []
    while True:
        phase = state.phase
        action = bot.choose(state, seat)
        spent.append(bot.last_iterations)
        state.apply(seat, action)
        if phase == PLACE:
            break
    assert len(spent) == 3 and spent[0] == 100
    assert sum(spent) <= 300
