"""What a table's sockets are told after a change: a step as each audience may see it, the
table as each user may see it, and a seat a socket's user no longer holds.

The table manager decides when (under the room's lock, once a step is committed); this says
what each socket gets, encoding what several share only once.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from meeplehall.core import events_for
from meeplehall.core.visibility import move_for, visible_indexes
from meeplehall.server.play.encoding import encode, fragment
from meeplehall.server.play.match import Step
from meeplehall.server.play.room import Room

#: The table as one user may see it: (table id, user id) -> the Table object (description.py).
DescribeFor = Callable[[int, int | None], Awaitable[dict[str, Any]]]


def send_step(room: Room, step: Step) -> None:
    """Queue one update of ``step`` on each socket of the room that may hear of it."""
    texts: dict[int | None, str] = {}
    last = room.describe_step(step)
    # The mover's connections first: their update is the acknowledgement they wait for.
    ordered = sorted(room.connections, key=lambda c: c.seat != step.seat)
    match = room.match
    assert match is not None
    # What every audience gets alike is encoded once, and so is each distinct set of the
    # step's events (most steps show every audience the same ones).
    shared: dict[str, Any] | None = None
    events_text: dict[tuple[int, ...], orjson.Fragment] = {}
    for connection in ordered:
        seat = connection.seat
        if not match.saw_last(seat):
            continue  # a secret step: only its mover hears of it, not even as a number
        if seat not in texts:
            if shared is None:
                shared = {key: fragment(value) for key, value in room.shared_parts().items()}
            seen = visible_indexes(step.events, seat)
            if seen not in events_text:
                events_text[seen] = fragment(events_for(step.events, seat))
            shown = move_for(room.game, last, step.events, seat)
            try:
                texts[seat] = encode(room.message(
                    "update", seat, events_text[seen], last=shown, shared=shared))
            except orjson.JSONEncodeError:  # the slow way, for what orjson cannot encode
                texts[seat] = json.dumps(room.message(
                    "update", seat, events_for(step.events, seat), last=shown))
        connection.send(texts[seat])
    room.pace.step_applied(match, room.seats, watched=bool(room.connections))


async def send_table(room: Room, describe: DescribeFor) -> None:
    """Every socket of the room gets the table as its user may see it (described once per
    user)."""
    texts: dict[int | None, str] = {}
    for connection in list(room.connections):
        user = connection.user_id
        if user not in texts:
            table = await describe(room.record.id, user)
            texts[user] = json.dumps({"type": "table", "table": table})
        connection.send(texts[user])


async def recheck_seats(room: Room, describe: DescribeFor) -> None:
    """Under the room's lock, right after its seats changed: a connection showing a seat its
    user no longer holds is moved, before anything else is sent to it, to the user's first
    seat still held or else to the spectators, and told so by a new ``welcome`` (and a
    ``sync`` from the current seq, if the game has started)."""
    room.pace.seats_changed()
    tables: dict[int | None, dict[str, Any]] = {}
    for connection in list(room.connections):
        owned = room.owned(connection.user_id)
        if connection.seat is None or connection.seat in owned:
            continue
        connection.seat = owned[0] if owned else None
        user = connection.user_id
        if user not in tables:
            tables[user] = await describe(room.record.id, user)
        connection.send_json(
            {"type": "welcome", "table": tables[user], "seats": owned, "seat": connection.seat}
        )
        if room.match is not None:
            connection.send(room.sync_text(connection.seat, room.match.seq))
