"""A match in memory: the state rebuilt from the log, with what resyncs and seq checks need.

Pure: no I/O, no asyncio. The table manager serialises calls and persists each step before it
counts as made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeplehall.core import Action, Event, Game, IllegalAction, State


class Rejection(Exception):
    """An act the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass
class Step:
    seat: int
    action: Any
    bot: bool
    events: list[Event]


class Match:
    """The state after ``seq`` logged actions, every step's events, and who was to move when."""

    def __init__(self, game: Game, players: int, options: dict[str, Any], seed: int) -> None:
        self.game = game
        self.state: State = game.new_state(players, options, seed)
        self.steps: list[Step] = []
        #: ``to_move_at[k]`` is who was to move after k actions.
        self.to_move_at: list[frozenset[int]] = [self.state.to_move()]

    @property
    def seq(self) -> int:
        return len(self.steps)

    def check(self, seat: int, seq: int, data: Any) -> Action:
        """The parsed action if ``seat`` may play it now from a client at ``seq``."""
        if self.state.is_over():
            raise Rejection("finished", "the game is over")
        # A seat the match is not waiting for may still have optional actions (taking back a
        # secret choice before the reveal, say); anything else from it is out of turn.
        optional = seat not in self.state.to_move()
        if optional and not self.state.legal_actions(seat):
            raise Rejection("not_your_turn", f"seat {seat} is not to move now")
        if seq > self.seq:
            raise Rejection("future_seq", f"seq {seq} is ahead of the table (at {self.seq})")
        if seq < 0:
            raise Rejection("bad_message", "seq must be 0 or more")
        # Behind is fine at a simultaneous step: the seat has been to move all along, so the
        # others' moves since then did not change what it was asked to decide. An optional
        # action is taken only from the newest state.
        if optional:
            stale = seq != self.seq
        else:
            stale = any(seat not in self.to_move_at[k] for k in range(seq, self.seq + 1))
        if stale:
            raise Rejection(
                "stale_seq",
                f"the table moved on since seq {seq} (now {self.seq}); look again and resend",
            )
        try:
            return self.game.parse_action(data)
        except IllegalAction as error:
            raise Rejection("illegal_action", error.reason) from None

    def apply(self, seat: int, action: Action, bot: bool) -> Step:
        """Play a checked action; IllegalAction leaves the state unchanged."""
        try:
            events = self.state.apply(seat, action)
        except IllegalAction as error:
            raise Rejection("illegal_action", error.reason) from None
        step = Step(seat, action.to_json(), bot, events)
        self.steps.append(step)
        self.to_move_at.append(self.state.to_move() if not self.state.is_over() else frozenset())
        return step

    def replay_log(self, actions: list[tuple[int, Any, bool]]) -> None:
        for seat, data, bot in actions:
            self.apply(seat, self.game.parse_action(data), bot)

    def events_since(self, seq: int) -> list[Event]:
        events: list[Event] = []
        for step in self.steps[max(0, seq):]:
            events.extend(step.events)
        return events

    def result_json(self) -> dict[str, Any] | None:
        return self.state.result().to_json() if self.state.is_over() else None
