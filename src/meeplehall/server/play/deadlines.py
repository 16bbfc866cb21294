"""When a table in play next needs a process of its own accord: a bot to move, a clock to run
out. Written with every step as ``tables.due_at``, which the scheduler reads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from meeplehall.server.play import clocks

if TYPE_CHECKING:
    from meeplehall.server.play.room import Room


def due_at(rules: clocks.ClockRules, seats: Sequence[clocks.SeatState],
           to_move: Iterable[int], now: float) -> float | None:
    """When a table in play next needs a process with nobody connected: ``now`` if a bot is to
    move, else when its first running clock runs out; None if it only waits for people."""
    if any(seats[seat].by_bot for seat in to_move):
        return now
    return min((when for seat in seats if (when := clocks.expiry(rules, seat)) is not None),
               default=None)


def room_due_at(room: Room, now: float) -> float | None:
    if room.record.status != "playing":
        return None
    return due_at(room.record.rules, room.seats, room.to_move(), now)
