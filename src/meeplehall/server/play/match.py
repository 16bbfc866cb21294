"""A match in memory: the state rebuilt from the log, with what resyncs and seq checks need.

Pure: no I/O, no asyncio. The table manager serialises calls and persists each step before it
counts as made.

Every audience (each seat, and the spectators as ``None``) counts steps on its own: its ``seq``
is the number of steps it has seen, a step being seen by its mover and by whoever may see one of
its events. A step nobody else sees (a secret placement, an undo, a changed secret choice) is
sent to its mover alone and moves no one else's count, so neither the messages nor their
numbers tell the others how many secret moves were made. The games promise that such a step
changes nothing those others may see (tests/games/test_silent_steps.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from meeplehall.core import Action, Event, Game, IllegalAction, Result, Seed, State
from meeplehall.core.visibility import sees_step
from meeplehall.server.play.encoding import json_text

#: A seat, or ``None`` for the spectators.
Audience = int | None


class Rejection(Exception):
    """An act the server refuses; ``code`` is one of the protocol's error codes."""

    def __init__(self, code: str, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.extra = extra  # more fields of the error message (an illegal action's rule)

    @classmethod
    def illegal(cls, error: IllegalAction) -> Rejection:
        """An engine's refusal, with the rule it names (if any) for the client to translate."""
        if error.rule is None:
            return cls("illegal_action", error.reason)
        return cls("illegal_action", error.reason, rule=error.rule, params=error.params)


@dataclass
class Step:
    """A step as it is made: what the table manager stores and sends."""

    seat: int
    action: Any
    bot: bool
    events: list[Event]


class PastStep(NamedTuple):
    """A step in the match's log, its action and events as JSON text. The log keeps it as a
    plain tuple (this class is only how it is read): a tuple of numbers and strings is nothing
    the garbage collector has to look at, where the events' lists and dicts, and an object per
    step, were most of what it looked at in a busy process (docs/server.md)."""

    seat: int
    action_json: str
    bot: bool
    events_json: str

    @property
    def action(self) -> Any:
        return json.loads(self.action_json)

    @property
    def events(self) -> list[Event]:
        return cast(list[Event], json.loads(self.events_json))


def result_json(game: Game, result: Result) -> dict[str, Any]:
    """A finished match's result as the hall stores and sends it: the rules' result with each
    seat's statistics where the game declares them (``Game.statistics``)."""
    data = result.to_json()
    read = game.statistics
    if read is not None:
        data["statistics"] = [read(part) for part in result.breakdown]
    return data


def seat_bits(seats: frozenset[int]) -> int:
    return sum(1 << seat for seat in seats)


class Match:
    """The state after ``seq`` logged actions, every step's events, and who was to move when."""

    def __init__(self, game: Game, players: int, options: dict[str, Any], seed: Seed) -> None:
        self.game = game
        self.state: State = game.new_state(players, options, seed)
        #: The log: each step as a plain tuple, the fields of a ``PastStep`` (the collector lets
        #: go of a tuple of untracked values only if it is exactly a tuple).
        self._log: list[tuple[int, str, bool, str]] = []
        #: ``to_move_at[k]`` is who was to move after k actions, as a set of bits (seat s is
        #: bit s): an int, where a frozenset is one more object for the garbage collector.
        self.to_move_at: list[int] = [seat_bits(self.state.to_move())]
        #: Per audience, the (table-wide) seq after each step it saw.
        self.seen: dict[Audience, list[int]] = {seat: [] for seat in range(players)}
        self.seen[None] = []

    @property
    def seq(self) -> int:
        """How many steps the table has made (its log's length)."""
        return len(self._log)

    def past_step(self, index: int) -> PastStep:
        """Step ``index`` of the log (from 0; -1 is the latest)."""
        return PastStep._make(self._log[index])

    def past_steps(self, start: int = 0) -> Iterator[PastStep]:
        """The log's steps from step ``start`` on."""
        return map(PastStep._make, self._log[max(0, start):])

    def seq_for(self, audience: Audience) -> int:
        """How many steps ``audience`` has seen: the ``seq`` of its messages."""
        return len(self.seen[audience])

    def table_seq(self, audience: Audience, seq: int) -> int:
        """The table's seq when ``audience`` had seen ``seq`` steps (clamped to what exists)."""
        seen = self.seen[audience]
        seq = max(0, min(seq, len(seen)))
        return seen[seq - 1] if seq else 0

    def saw_last(self, audience: Audience) -> bool:
        """Whether ``audience`` sees the latest step."""
        seen = self.seen[audience]
        return bool(seen) and seen[-1] == self.seq

    def check(self, seat: int, seq: int, data: Any) -> Action:
        """The parsed action if ``seat`` may play it now from a client at ``seq`` (counted as
        ``seat`` counts steps: see :meth:`seq_for`)."""
        if self.state.is_over():
            raise Rejection("finished", "the game is over")
        # A seat the match is not waiting for may still have optional actions (taking back a
        # secret choice before the reveal, say); anything else from it is out of turn.
        optional = seat not in self.state.to_move()
        if optional and not self.state.legal_actions(seat):
            raise Rejection("not_your_turn", f"seat {seat} is not to move now")
        now = self.seq_for(seat)
        if seq > now:
            raise Rejection("future_seq", f"seq {seq} is ahead of the table (at {now})")
        if seq < 0:
            raise Rejection("bad_message", "seq must be 0 or more")
        # Behind is fine at a simultaneous step: the seat has been to move all along, so the
        # others' moves since then did not change what it was asked to decide. An optional
        # action is taken only from the newest state.
        if optional:
            stale = seq != now
        else:
            since = self.table_seq(seat, seq)
            stale = any(not self.to_move_at[k] >> seat & 1 for k in range(since, self.seq + 1))
        if stale:
            raise Rejection(
                "stale_seq",
                f"the table moved on since seq {seq} (now {now}); look again and resend",
            )
        try:
            return self.game.parse_action(data)
        except IllegalAction as error:
            raise self.moved_on(seat, seq, Rejection.illegal(error)) from None

    def moved_on(self, seat: int, seq: int, rejection: Rejection) -> Rejection:
        """``rejection`` as the sender should read it: an action refused by the rules, chosen in
        a view older than the table (a seat that stayed to move while others played), was most
        likely legal where it was chosen, so it is answered as the table having moved on."""
        if rejection.code == "illegal_action" and seq < self.seq_for(seat):
            return Rejection(
                "stale_seq",
                f"the table moved on since seq {seq} (now {self.seq_for(seat)}); look again and "
                f"resend ({rejection.reason})",
            )
        return rejection

    def apply(self, seat: int, action: Action, bot: bool) -> Step:
        """Play a checked action; IllegalAction leaves the state unchanged."""
        try:
            events = self.state.apply(seat, action)
        except IllegalAction as error:
            raise Rejection.illegal(error) from None
        step = Step(seat, action.to_json(), bot, events)
        self._log.append((seat, json_text(step.action), bot, json_text(events)))
        self.to_move_at.append(seat_bits(self.state.to_move()) if not self.state.is_over() else 0)
        for audience, seen in self.seen.items():
            if sees_step(seat, events, audience):
                seen.append(self.seq)
        return step

    def replay_log(self, actions: list[tuple[int, Any, bool]]) -> None:
        for seat, data, bot in actions:
            self.apply(seat, self.game.parse_action(data), bot)

    def events_since(self, seq: int) -> list[Event]:
        """Every event after table seq ``seq`` (filter them with ``events_for``)."""
        events: list[Event] = []
        for step in self.past_steps(seq):
            events.extend(step.events)
        return events

    def result_json(self) -> dict[str, Any] | None:
        """The finished match's result as stored and sent (``result_json``); None while it
        runs."""
        return result_json(self.game, self.state.result()) if self.state.is_over() else None

