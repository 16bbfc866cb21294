"""Rebuild a match from its record: (game, players, options, seed, action log)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from meeplehall.core.errors import IllegalAction
from meeplehall.core.events import Event
from meeplehall.core.protocol import Game, State
from meeplehall.core.rng import Seed

#: One entry of an action log: the seat that acted and the action as JSON.
LogEntry = tuple[int, Any]


def replay_steps(
    game: Game,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int | Seed,
    actions: Iterable[LogEntry | Sequence[Any]],
) -> Iterator[tuple[State, list[Event]]]:
    """Yield the state after setup, then after each logged action with that action's events.

    The same state object is yielded each time (mutated in place): clone it to keep a step.
    An entry the rules reject raises IllegalAction naming its position in the log.
    """
    state = game.new_state(players, options, seed)
    yield state, []
    for index, (seat, data) in enumerate(actions):
        try:
            events = state.apply(int(seat), game.parse_action(data))
        except IllegalAction as error:
            raise IllegalAction(f"log entry {index} (seat {seat}): {error}") from error
        yield state, events


def replay(
    game: Game,
    players: int,
    options: Mapping[str, Any] | None,
    seed: int | Seed,
    actions: Iterable[LogEntry | Sequence[Any]],
) -> State:
    """The state reached by playing the whole log from the start."""
    ((state, _events),) = deque(replay_steps(game, players, options, seed, actions), maxlen=1)
    return state
