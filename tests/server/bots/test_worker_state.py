"""A bot worker's state for a decision: the table's log replayed from its JSON text, and at a
table it decided for before, only the actions its cached state lacks are read."""

from __future__ import annotations

import json
import random

import pytest

from meeplehall.ai.keys import bot_actions
from meeplehall.core import Seed
from meeplehall.core.registry import get_game
from meeplehall.server.bots.pool import Decision, _state_for

GAME = "pyramido"


def _log(seed: int, steps: int) -> list[tuple[int, str]]:
    state = get_game(GAME).new_state(2, {}, Seed(seed))
    rng = random.Random(seed)
    log = []
    for _ in range(steps):
        seat = min(state.to_move())
        action = rng.choice(bot_actions(state, seat))
        log.append((seat, json.dumps(action.to_json())))
        state.apply(seat, action)
    return log


def _decision(table_id: int, seed: int, actions: list[tuple[int, str]]) -> Decision:
    return Decision(table_id=table_id, game=GAME, players=2, options={}, seed=Seed(seed),
                    actions=actions, seat=0, level=1, bot_seed=0)


def _replayed(seed: int, actions: list[tuple[int, str]]) -> object:
    game = get_game(GAME)
    state = game.new_state(2, {}, Seed(seed))
    for seat, text in actions:
        state.apply(seat, game.parse_action(json.loads(text)))
    return state.view(0)


def test_a_worker_replays_the_log_and_then_reads_only_the_new_actions() -> None:
    table_id, seed = 90_001, 5
    log = _log(seed, 12)
    assert _state_for(_decision(table_id, seed, log[:8])).view(0) == _replayed(seed, log[:8])
    # The first eight are not read again: text no parser accepts stands in for them.
    unread = [(seat, "not json") for seat, _ in log[:8]]
    state = _state_for(_decision(table_id, seed, unread + log[8:]))
    assert state.view(0) == _replayed(seed, log)


def test_a_worker_without_the_table_in_its_cache_reads_every_action() -> None:
    log = _log(6, 4)
    with pytest.raises(json.JSONDecodeError):
        _state_for(_decision(90_002, 6, [(seat, "not json") for seat, _ in log]))
