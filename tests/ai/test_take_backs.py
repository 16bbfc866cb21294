"""Bots leave out take-backs, as each game's states declare them (``State.is_take_back``)."""

from __future__ import annotations

import random

from meeplehall_goofspiel.actions import Bid
from meeplehall_goofspiel.match import GoofspielMatch
from meeplehall_goofspiel.setup import deal_prizes

from meeplehall.ai.keys import bot_actions, is_take_back
from meeplehall.core import rng_for
from meeplehall.core.registry import all_games, get_game


def test_yaxha_undo_is_its_only_take_back_and_bots_never_offer_it() -> None:
    game = get_game("yaxha")
    rng = random.Random(2)
    undos = 0
    for seed in range(3):
        state = game.new_state(3, None, seed)
        while not state.is_over():
            seat = rng.choice(sorted(state.to_move()))
            legal = state.legal_actions(seat)
            for action in legal:
                undo = action.to_json()["type"] == "undo"
                undos += undo
                assert is_take_back(state, action) == undo
            kept = bot_actions(state, seat)
            assert kept == [a for a in legal if a.to_json()["type"] != "undo"]
            state.apply(seat, rng.choice(legal))
    assert undos > 0


def test_a_game_without_take_backs_gives_bots_every_legal_action() -> None:
    rng = random.Random(4)
    games = [game for game in all_games() if game.new_state(2, None, 1).is_take_back is None]
    assert {"pyramido", "monsterhex"} <= {game.name for game in games}
    for game in games:
        state = game.new_state(2, None, 1)
        while not state.is_over():
            seat = min(state.to_move())
            legal = state.legal_actions(seat)
            assert bot_actions(state, seat) == legal
            assert not any(is_take_back(state, action) for action in legal)
            state.apply(seat, rng.choice(legal))


class AllTakeBacks(GoofspielMatch):
    """Goofspiel claiming that every bid takes back an earlier one."""

    def is_take_back(self, action: Bid) -> bool:
        return True


def test_when_only_take_backs_are_legal_a_bot_is_offered_them() -> None:
    state = AllTakeBacks(2, deal_prizes(4, rng_for(0)))
    assert bot_actions(state, 0) == state.legal_actions(0) == [Bid(card) for card in range(1, 5)]
