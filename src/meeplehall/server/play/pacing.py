"""Bot moves at a human pace: at a table where a person sits, a bot's move is applied no sooner
than ``--bot-move-delay`` seconds after the table's previous move went out.

The delay is a floor, not an extra: the bot's thinking counts towards it (a bot that thought
0.5 s of a 0.6 s delay waits 0.1 s; one that thought 2 s does not wait). The wait happens with
the table unlocked and the bot worker already free, so people's moves, leaves, syncs and
spectators go on meanwhile; the chosen move is not stored until applied, so a crash during the
wait loses nothing acknowledged (after a restart the bot simply chooses again). Seats whose
person timed out or left count as bot seats: a table with no person left plays at full speed.

Only a step some person's seat sees restarts the count: a bot's secret placement reaches no
one, so the bots building their pyramids at once in Yaxha are not queued behind each other
for moves nobody watches; the step that reveals them is paced like any other.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterable
from dataclasses import dataclass

from meeplehall.server.play.clocks import SeatState
from meeplehall.server.play.match import Match


@dataclass(frozen=True)
class TooSoon:
    """A bot's move that must wait ``seconds`` more before it is applied."""

    seconds: float


def person_seated(seats: Iterable[SeatState]) -> bool:
    """True while some seat is still played by its person (not a bot, not replaced by one)."""
    return any(not seat.by_bot for seat in seats)


class Pace:
    """One table's pacing: when its last move went out, and a way to wake the bots waiting."""

    def __init__(self) -> None:
        # A table just loaded (a restart) counts as just shown: its people are reconnecting.
        self.last_move_at = time.monotonic()
        self._changed = asyncio.Event()

    def moved(self) -> None:
        """A move (or the start of the game) was just shown to the people at the table."""
        self.last_move_at = time.monotonic()

    def step_applied(self, match: Match, seats: list[SeatState]) -> None:
        """The match's latest step was just sent out: it counts if a person's seat saw it."""
        if any(not seat.by_bot and match.saw_last(index) for index, seat in enumerate(seats)):
            self.moved()

    def seats_changed(self) -> None:
        """Who plays which seat changed: waiting bots look again (the table may be bots-only
        now, with no one left to wait for)."""
        self._changed.set()
        self._changed = asyncio.Event()

    def too_soon(self, delay: float, seats: Iterable[SeatState]) -> TooSoon | None:
        """Under the table's lock, before a bot's move: how long it must still wait, if at all."""
        if delay <= 0 or not person_seated(seats):
            return None
        left = self.last_move_at + delay - time.monotonic()
        return TooSoon(left) if left > 0 else None

    async def wait(self, too_soon: TooSoon) -> None:
        """Sleep the time left, or less when the seats change; the caller then checks again
        under the lock (another move may have gone out meanwhile)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), too_soon.seconds)
