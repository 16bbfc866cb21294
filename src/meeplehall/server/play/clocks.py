"""Clocks: a time bank with an increment per turn (live), a deadline per turn (turn-based), or
none at all (mode "none": a solo or hot-seat game nobody waits on; nothing ever runs out).

A turn ends when a seat stops being to move: several actions of one turn (Pyramido's take,
reveal, place, activate; Yaxha's secret placements while building) neither earn increments nor
restart a deadline, so a clock shows nobody how many actions a seat took.

A seat's clock is two numbers kept in the database: ``clock_ms`` (the bank when the clock last
started or stopped) and ``running_since`` (when it started; None when stopped). Several clocks
run at once at a simultaneous step. Seats played by a bot have no clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class SeatState:
    """One seat of a live table, mirrored from the ``seats`` row."""

    user_id: int | None
    bot_level: int | None
    replaced: str | None
    clock_ms: int | None
    running_since: float | None

    @property
    def by_bot(self) -> bool:
        return self.bot_level is not None or self.replaced is not None


def copy_seats(seats: Iterable[SeatState]) -> list[SeatState]:
    """The seats as they are now, to change without touching the room's until stored."""
    return [SeatState(**vars(seat)) for seat in seats]


@dataclass(frozen=True)
class ClockRules:
    mode: str  # "live", "turn" or "none"
    initial_ms: int | None
    increment_ms: int | None
    move_deadline_ms: int | None

    @property
    def live(self) -> bool:
        return self.mode == "live"

    @property
    def timed(self) -> bool:
        return self.mode != "none"


def start_clocks(rules: ClockRules, seats: Sequence[SeatState], to_move: Iterable[int],
                 now: float) -> None:
    """Start the clocks of the seats now to move whose clocks are stopped."""
    for seat in to_move:
        state = seats[seat]
        if not state.by_bot and state.running_since is None:
            state.running_since = now


def stop_clock(rules: ClockRules, state: SeatState, now: float, increment: bool) -> None:
    if state.running_since is None:
        return
    if rules.live and state.clock_ms is not None:
        spent = int((now - state.running_since) * 1000)
        state.clock_ms = max(0, state.clock_ms - spent)
        if increment:
            state.clock_ms += rules.increment_ms or 0
    state.running_since = None


def after_move(rules: ClockRules, seats: Sequence[SeatState], actor: int,
               to_move: frozenset[int], finished: bool, now: float) -> None:
    """The actor's clock stops with the increment if its turn is over; clocks follow who is
    to move now."""
    if finished or actor not in to_move:
        stop_clock(rules, seats[actor], now, increment=True)
    for index, state in enumerate(seats):
        if finished or index not in to_move:
            stop_clock(rules, state, now, increment=False)
    if not finished:
        start_clocks(rules, seats, to_move, now)


def expiry(rules: ClockRules, state: SeatState) -> float | None:
    """When this seat's clock runs out (None if it is not running)."""
    if state.running_since is None or state.by_bot or not rules.timed:
        return None
    if rules.live:
        return state.running_since + (state.clock_ms or 0) / 1000
    return state.running_since + (rules.move_deadline_ms or 0) / 1000


def clocks_json(rules: ClockRules, seats: Sequence[SeatState], now: float) -> list[dict[str, Any]]:
    clocks = []
    for index, state in enumerate(seats):
        remaining: int | None = None
        if rules.live and state.clock_ms is not None:
            remaining = state.clock_ms
            if state.running_since is not None:
                remaining = max(0, remaining - int((now - state.running_since) * 1000))
        clocks.append(
            {
                "seat": index,
                "remaining_ms": remaining,
                "running": state.running_since is not None,
                "deadline": expiry(rules, state),
            }
        )
    return clocks
