"""Who may see what of a step: its events, the step itself, and what the move was.

A step is one action of its mover with the events it emitted. An *audience* is a seat, or
``None`` for the spectators. Everything the server tells an audience about a step follows from
the functions here:

- an event is public unless it carries ``"private": [seat, ...]``; then only those seats see it
  (:func:`sees_event`, :func:`events_for`, :func:`visible_indexes`);
- an audience hears of a step at all when it is the mover or sees one of the step's events
  (:func:`sees_step`); a step nobody else sees (a hidden placement, an undo, a changed secret
  choice) is its mover's alone, and the games promise that it changes nothing the others may
  see (tests/games/test_silent_steps.py);
- what the move was (its action and label) is shown to every audience that hears of the step,
  unless the game declares the move secret (``Game.is_secret_move``): then only the mover reads
  it, and the others read who moved and :data:`HIDDEN_MOVE_LABEL` (:func:`move_for`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from meeplehall.core.events import Event
from meeplehall.core.protocol import Game

#: A seat, or ``None`` for the spectators.
Audience = int | None

#: What an audience other than the mover reads as the label of a secret move.
HIDDEN_MOVE_LABEL = "a hidden move"


def sees_event(event: Event, audience: Audience) -> bool:
    """Whether ``audience`` may see ``event``: it is public, or private to a list holding it."""
    private = event.get("private")
    return private is None or (audience is not None and audience in private)


def events_for(events: Iterable[Event], audience: Audience) -> list[Event]:
    """The events ``audience`` may see, in order, without the privacy marker."""
    return [
        event if event.get("private") is None
        else {k: v for k, v in event.items() if k != "private"}
        for event in events
        if sees_event(event, audience)
    ]


def visible_indexes(events: Sequence[Event], audience: Audience) -> tuple[int, ...]:
    """The positions in ``events`` of those ``audience`` may see (what :func:`events_for`
    keeps), so that audiences seeing the same ones can share one encoding of them."""
    return tuple(index for index, event in enumerate(events) if sees_event(event, audience))


def sees_step(mover: int, events: Iterable[Event], audience: Audience) -> bool:
    """Whether ``audience`` hears of a step of ``mover`` that emitted ``events``: it is the
    mover, or it may see at least one of the events."""
    return audience == mover or any(sees_event(event, audience) for event in events)


def move_for(
    game: Game, last: Mapping[str, Any], events: Sequence[Event], audience: Audience
) -> dict[str, Any]:
    """A step's record ``last`` as ``audience`` may read it.

    ``last`` names the mover (``seat``) and its move (``action``, as JSON, and ``label``), with
    any other fields. The mover reads it whole, and so does everyone else unless
    ``game.is_secret_move(action, events)``: then the others read it with ``action`` None and
    ``label`` :data:`HIDDEN_MOVE_LABEL`, the other fields unchanged.
    """
    shown = dict(last)
    if audience == last["seat"]:
        return shown
    if game.is_secret_move(game.parse_action(last["action"]), events):
        shown.update(action=None, label=HIDDEN_MOVE_LABEL)
    return shown
