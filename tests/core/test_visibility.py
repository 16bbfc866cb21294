"""Who may see what of a step (meeplehall.core.visibility): events, the step itself, the move."""

from __future__ import annotations

import random
from typing import Any

from meeplehall.core import events_for
from meeplehall.core.registry import get_game
from meeplehall.core.visibility import (
    HIDDEN_MOVE_LABEL,
    move_for,
    sees_event,
    sees_step,
    visible_indexes,
)

AUDIENCES = (0, 1, 2, None)


def test_a_public_event_is_seen_by_everyone_a_private_one_by_its_seats_alone() -> None:
    public = {"type": "has_chosen", "seat": 0}
    private = {"type": "chose", "seat": 0, "tile": 2, "private": [0, 2]}
    assert all(sees_event(public, audience) for audience in AUDIENCES)
    assert [sees_event(private, audience) for audience in AUDIENCES] == [
        True, False, True, False]


def test_the_visible_indexes_are_those_of_the_events_events_for_keeps() -> None:
    rng = random.Random(3)
    for _ in range(300):
        events: list[dict[str, Any]] = []
        for number in range(rng.randrange(6)):
            event: dict[str, Any] = {"type": "e", "n": number}
            if rng.random() < 0.5:
                event["private"] = rng.sample(range(3), rng.randrange(1, 3))
            events.append(event)
        for audience in AUDIENCES:
            kept = [{k: v for k, v in events[i].items() if k != "private"}
                    for i in visible_indexes(events, audience)]
            assert kept == events_for(events, audience)


def test_a_step_reaches_its_mover_always_and_others_through_an_event_they_see() -> None:
    secret = [{"type": "placed", "seat": 1, "private": [1]}]
    assert sees_step(1, secret, 1)
    assert not sees_step(1, secret, 0) and not sees_step(1, secret, None)
    assert sees_step(1, [], 1) and not sees_step(1, [], 0)
    told = [*secret, {"type": "dealt", "seat": 0, "private": [0]}]
    assert sees_step(1, told, 0) and not sees_step(1, told, None) and not sees_step(1, told, 2)
    public = [*secret, {"type": "has_placed", "seat": 1}]
    assert all(sees_step(1, public, audience) for audience in AUDIENCES)


def _first_choice() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    game = get_game("yaxha")
    state = game.new_state(3, None, 1)
    action = game.parse_action({"type": "tile", "tile": 1})
    events = state.apply(0, action)
    last = {"seat": 0, "action": action.to_json(), "label": game.describe_action(action),
            "bot": True}
    return last, events


def test_a_secret_move_is_read_whole_by_its_mover_and_as_a_hidden_move_by_the_others() -> None:
    game = get_game("yaxha")
    last, events = _first_choice()
    assert game.is_secret_move(game.parse_action(last["action"]), events)
    assert move_for(game, last, events, 0) == last
    for audience in (1, 2, None):
        assert move_for(game, last, events, audience) == {
            "seat": 0, "action": None, "label": HIDDEN_MOVE_LABEL, "bot": True}
    assert last["action"] == {"type": "tile", "tile": 1}  # the record itself is left alone


def test_an_open_move_is_read_whole_by_everyone() -> None:
    game = get_game("pyramido")
    state = game.new_state(2, None, 4)
    seat = min(state.to_move())
    action = state.legal_actions(seat)[0]
    events = state.apply(seat, action)
    assert not game.is_secret_move(action, events)
    last = {"seat": seat, "action": action.to_json(), "label": game.describe_action(action),
            "bot": False}
    for audience in (0, 1, None):
        assert move_for(game, last, events, audience) == last
