"""For every registered game: a step that shows a seat (or the spectators) no event changes
nothing that seat may see. The server relies on it to send such a step to nobody but its
mover, so that others cannot count secret moves (hidden placements, undos, changed choices)."""

from __future__ import annotations

import json
import random

import pytest

from meeplehall.core import events_for
from meeplehall.core.registry import all_games


def _seen(state, audience):
    return json.dumps(state.view(audience), sort_keys=True), sorted(state.to_move())


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.name)
def test_a_step_with_no_event_for_a_seat_changes_nothing_it_sees(game):
    rng = random.Random(5)
    silent = 0
    for players in range(max(2, game.min_players), game.max_players + 1):
        for seed in range(3):
            state = game.new_state(players, None, seed)
            for _ in range(2000):
                if state.is_over():
                    break
                # Optional actions too (a seat taking back a secret choice is not to move).
                seats = [seat for seat in range(players) if state.legal_actions(seat)]
                seat = rng.choice(seats)
                action = rng.choice(state.legal_actions(seat))
                others = [other for other in range(players) if other != seat] + [None]
                before = {other: _seen(state, other) for other in others}
                events = state.apply(seat, action)
                for other in others:
                    if not events_for(events, other):
                        silent += 1
                        assert _seen(state, other) == before[other], (seat, action, other)
    if game.name == "yaxha":
        assert silent > 0  # hidden placements and undos are silent to the others


def test_changing_a_secret_market_choice_is_silent_to_the_others():
    from meeplehall.games.yaxha import GAME

    state = GAME.new_state(3, None, 1)
    first = state.apply(0, GAME.parse_action({"type": "tile", "tile": 0}))
    assert events_for(first, 1) == [{"type": "seat_has_chosen", "seat": 0}]
    again = state.apply(0, GAME.parse_action({"type": "tile", "tile": 2}))
    assert events_for(again, 1) == []
    assert events_for(again, None) == []
    assert events_for(again, 0) == [{"type": "tile_chosen", "seat": 0, "tile": 2}]
