"""``parse_action`` is the trust boundary: any JSON at all is an Action or an IllegalAction.

For every registered game: random JSON values (of every shape, sizes and oddities such as huge
numbers, NaN or very long texts) and mutations of real legal actions (a field replaced by random
JSON or by a plausible value taken from another legal action, a field dropped, a field added).
Whatever parses is then played at a real position of a real game: it is applied, or refused with
IllegalAction leaving every seat's view, the seats to move and the legal actions as they were.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from meeplehall.core import Action, Game, IllegalAction, State
from meeplehall.core.registry import all_games, get_game

GAMES = [game.name for game in all_games()]

#: Tables of each game whose random playouts give the positions (covering variants whose
#: phases and actions differ: solo legends, drafts, abilities, simultaneous choices).
SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "yaxha": [(2, {}), (3, {"bonus_cards": "beginner"}), (4, {})],
    "pyramido": [(1, {"legend": "a_legend"}), (1, {"legend": "the_legend"}), (2, {}), (4, {})],
    "monsterhex": [
        (1, {}),
        (2, {"shared_faction": True, "objectives": True}),
        (2, {"abilities": "draft", "objectives": True}),
        (3, {"abilities": "random", "random_gems": True}),
        (4, {"abilities": "random"}),
    ],
}
#: Positions kept per playout (spread over the game, the finished position included).
KEPT = 14
#: A reason longer than this is not a reason a player reads.
MAX_REASON = 400

# 400 inputs per game and test: thousands in a run of the suite, in a minute of CPU rather than
# several (the shapes found so far showed within the first hundred).
SETTINGS = settings(
    max_examples=400, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: The largest JSON numbers Python reads (4,300 digits); bigger ones never reach a game.
HUGE_INTS = st.sampled_from([2**31, 2**63, -(2**63) - 1, 10**30, -(10**30), 10**4000])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-8, 8),
    HUGE_INTS,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["", "x" * 5000, "\x00", "type", "place", "take", "pass", "0", "1.0"]),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=8), inner, max_size=4),
    ),
    max_leaves=12,
)


@dataclass
class Position:
    state: State
    players: int
    legal: list[dict[str, Any]]  # every seat's legal actions, as JSON


def kinds(position: Position) -> tuple[str, ...]:
    """What a position asks for: the types of its legal actions (none once over)."""
    return tuple(sorted({action["type"] for action in position.legal}))


@cache
def positions_by_kind(name: str) -> dict[tuple[str, ...], tuple[Position, ...]]:
    """The positions grouped by what they ask for, so rare phases (a draft, an ability, a
    tie-break) are drawn as often as the common ones."""
    groups: dict[tuple[str, ...], list[Position]] = {}
    for position in positions(name):
        groups.setdefault(kinds(position), []).append(position)
    return {key: tuple(group) for key, group in sorted(groups.items())}


@cache
def positions(name: str) -> tuple[Position, ...]:
    game = get_game(name)
    found: list[Position] = []
    for number, (players, options) in enumerate(SETUPS.get(name, [(game.min_players, {})])):
        rng = random.Random(number)
        state = game.new_state(players, options, number)
        states = [state.clone()]
        while not state.is_over():
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            states.append(state.clone())
        step = max(1, len(states) // (KEPT - 1))
        seen: set[tuple[str, ...]] = set()
        for index, kept in enumerate(states):
            legal = [a.to_json() for s in range(players) for a in kept.legal_actions(s)]
            position = Position(kept, players, legal)
            # Evenly spread positions, the last, and the first of each kind of position.
            if index % step == 0 or index == len(states) - 1 or kinds(position) not in seen:
                seen.add(kinds(position))
                found.append(position)
    return tuple(found)


@cache
def field_values(name: str) -> dict[str, list[Any]]:
    """Every value each field takes in some legal action: plausible but often wrong elsewhere."""
    values: dict[str, list[Any]] = {}
    for position in positions(name):
        for action in position.legal:
            for key, value in action.items():
                if value not in values.setdefault(key, []):
                    values[key].append(value)
    return values


def check_parse(game: Game, data: Any) -> Action | None:
    """The parsed action, or None when refused with a readable IllegalAction."""
    try:
        action = game.parse_action(data)
    except IllegalAction as error:
        assert isinstance(error.reason, str) and error.reason.strip(), error
        assert len(error.reason) <= MAX_REASON, error.reason[:MAX_REASON]
        return None
    assert isinstance(action, Action)
    assert game.parse_action(action.to_json()) == action
    json.dumps(action.to_json())
    return action


def snapshot(state: State, players: int) -> str:
    return json.dumps(
        {
            "views": [state.view(seat) for seat in [None, *range(players)]],
            "to_move": sorted(state.to_move()),
            "legal": [[a.to_json() for a in state.legal_actions(s)] for s in range(players)],
            "over": state.is_over(),
        },
        sort_keys=True,
    )


@st.composite
def mutated(draw: st.DrawFn, name: str) -> tuple[Position, int, Any]:
    groups = positions_by_kind(name)
    position = draw(st.sampled_from(groups[draw(st.sampled_from(sorted(groups)))]))
    seat = draw(st.integers(0, position.players - 1))
    pool = position.legal or [a for p in positions(name) for a in p.legal]
    data = dict(draw(st.sampled_from(pool)))
    # Plausible values get past parse_action most often, so they test the rules the most.
    how = draw(st.sampled_from(
        ["none", "replace", "plausible", "plausible", "plausible", "drop", "add", "several"]
    ))
    for _ in range(draw(st.integers(2, 4)) if how == "several" else 1):
        if how == "none":
            break
        key = draw(st.sampled_from(sorted(data)))
        change = how if how != "several" else draw(
            st.sampled_from(["replace", "plausible", "drop", "add"])
        )
        if change == "replace":
            data[key] = draw(JSON)
        elif change == "plausible":
            values = field_values(name)
            other = draw(st.sampled_from(sorted(values)))
            data[key] = draw(st.one_of(
                st.sampled_from(values[key]) if key in values else st.nothing(),
                st.sampled_from(values[other]),
                st.integers(-3, 12),
                SCALARS,
            ))
        elif change == "drop":
            data.pop(key)
        else:
            data[draw(st.text(max_size=8))] = draw(JSON)
        if not data:
            break
    return position, seat, data


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=JSON)
def test_any_json_is_an_action_or_an_illegal_action(name: str, data: Any) -> None:
    check_parse(get_game(name), data)


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(case=st.data())
def test_a_mutated_legal_action_is_played_or_refused_leaving_the_state_unchanged(
    name: str, case: st.DataObject
) -> None:
    game = get_game(name)
    position, seat, data = case.draw(mutated(name))
    action = check_parse(game, data)
    if action is None:
        event("refused by parse_action")
        return
    state = position.state.clone()
    before = snapshot(state, position.players)
    try:
        events = state.apply(seat, action)
    except IllegalAction as error:
        assert isinstance(error.reason, str) and error.reason.strip(), error
        assert len(error.reason) <= MAX_REASON, error.reason[:MAX_REASON]
        assert snapshot(state, position.players) == before, f"refused {data} changed the state"
        event("refused by the rules")
        return
    event("played")
    json.dumps(events)
    game.describe_action(action)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "data",
    [
        {"type": []},
        {"type": {"a": 1}},
        {"type": ["place"]},
        [{"type": "place"}],
        {"type": "place", "q": [], "r": {}, "i": [], "j": {}, "x": [], "y": {}},
        {"type": "take", "space": 1, "gem": ["red"]},
        {"type": "place", "colour": {"a": 1}, "level": 0, "x": 0, "y": 0},
        json.loads("[" * 500 + "]" * 500),
        {"type": "place", "unit": "A1", "q": 10**4000, "r": 0, "rotation": 0},
    ],
)
def test_the_reported_shapes_are_illegal_actions(name: str, data: Any) -> None:
    with pytest.raises(IllegalAction) as refused:
        get_game(name).parse_action(data)
    assert len(refused.value.reason) <= MAX_REASON
