"""Which moves each game declares secret (``Game.is_secret_move``), and that the declaration hides
exactly what the server hid before games declared it.

The server used to infer a secret move from the step's events: a move was hidden from a seat
when the events carrying the action's values (a chosen tile, a cube's place) were all private to
other seats. ``_inferred_secret`` is that rule, kept here as the reference the declarations are
held to over random matches of every game, for every seat other than the mover and for the
spectators. Yaxha's rule is then checked move by move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeplehall.core import Game
from meeplehall.core.registry import all_games, get_game
from meeplehall.core.visibility import HIDDEN_MOVE_LABEL, move_for, sees_event, sees_step
from tests.registry_games import game_id

#: Options that change which events are private (Monster Hex deals objectives and abilities).
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "monsterhex": [{}, {"objectives": True, "abilities": "draft"}, {"abilities": "random"},
                   {"objectives": True, "shared_faction": True}],
}
#: Whether each shipped game has secret moves at all (any other game: as it declares).
HAS_SECRET_MOVES = {"yaxha": True, "pyramido": False, "monsterhex": False}


def _inferred_secret(action: dict[str, Any], events: list[dict[str, Any]],
                     audience: int | None) -> bool:
    values = {key: value for key, value in action.items() if key != "type"}

    def carries(event: dict[str, Any]) -> bool:
        return all(event.get(key) == value for key, value in values.items())

    hidden = [e for e in events if not sees_event(e, audience) and carries(e)]
    shown = [e for e in events if sees_event(e, audience) and carries(e)]
    return bool(hidden) and not shown


def _options(game: Game, players: int) -> list[dict[str, Any]]:
    options = OPTIONS.get(game.name, [{}])
    return [o for o in options if players == 2 or not o.get("shared_faction")]


@pytest.mark.parametrize("game", all_games(), ids=game_id)
def test_the_declared_secret_moves_are_those_the_events_used_to_hide(game: Game) -> None:
    rng = random.Random(7)
    secret = open_moves = 0
    for players in range(max(2, game.min_players), game.max_players + 1):
        for options in _options(game, players):
            for seed in range(2):
                state = game.new_state(players, options, seed)
                while not state.is_over():
                    # Optional actions too: a seat changing its secret choice is not to move.
                    seats = [seat for seat in range(players) if state.legal_actions(seat)]
                    seat = rng.choice(seats)
                    action = rng.choice(state.legal_actions(seat))
                    events = state.apply(seat, action)
                    declared = game.is_secret_move(action, events)
                    secret += declared
                    open_moves += not declared
                    for audience in [*range(players), None]:
                        if audience != seat:
                            assert declared == _inferred_secret(
                                action.to_json(), events, audience), (action, events, audience)
    assert open_moves > 0
    assert (secret > 0) == HAS_SECRET_MOVES.get(game.name, secret > 0)


def _last(game: Game, seat: int, action: Any) -> dict[str, Any]:
    return {"seat": seat, "action": action.to_json(), "label": game.describe_action(action),
            "bot": False}


def test_yaxha_hides_a_market_choice_until_the_reveal_and_building_until_the_round_is_built(
) -> None:
    game = get_game("yaxha")
    state = game.new_state(3, None, 1)
    others = (1, 2, None)

    def play(seat: int, data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        action = game.parse_action(data)
        return _last(game, seat, action), state.apply(seat, action)

    def hidden_from_others(last: dict[str, Any], events: list[dict[str, Any]]) -> bool:
        mover = last["seat"]
        assert move_for(game, last, events, mover) == last
        shown = {move_for(game, last, events, a)["label"] for a in range(3) if a != mover}
        shown.add(move_for(game, last, events, None)["label"])
        assert len(shown) == 1
        return shown == {HIDDEN_MOVE_LABEL}

    # A first choice: the others hear that seat 0 chose, not which tile.
    last, events = play(0, {"type": "tile", "tile": 0})
    assert hidden_from_others(last, events)
    assert all(sees_step(0, events, audience) for audience in others)
    # A changed choice: secret too, and the others do not even hear of it.
    last, events = play(0, {"type": "tile", "tile": 2})
    assert hidden_from_others(last, events)
    assert not any(sees_step(0, events, audience) for audience in others)
    last, events = play(1, {"type": "tile", "tile": 2})
    assert hidden_from_others(last, events)
    # The last choice reveals them all: it is open.
    last, events = play(2, {"type": "tile", "tile": 2})
    assert not hidden_from_others(last, events)
    # A pick after the tie is open.
    picker = min(state.to_move())
    last, events = play(picker, state.legal_actions(picker)[0].to_json())
    assert not hidden_from_others(last, events)
    # Building: placements and undos are secret (and silent), a confirmation is open.
    place = state.legal_actions(0)[0]
    last, events = play(0, place.to_json())
    assert hidden_from_others(last, events)
    last, events = play(0, {"type": "undo"})
    assert hidden_from_others(last, events)
    while {"type": "confirm"} not in [a.to_json() for a in state.legal_actions(0)]:
        last, events = play(0, state.legal_actions(0)[0].to_json())
        assert hidden_from_others(last, events)
    last, events = play(0, {"type": "confirm"})
    assert not hidden_from_others(last, events)
