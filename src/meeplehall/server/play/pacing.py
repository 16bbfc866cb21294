"""Bot moves at a human pace: at a table where a person sits, a bot's move is applied no sooner
than ``--bot-move-delay`` seconds after the bot became due (the seat came to move, or the table
was loaded), or after its own previous move went out to people.

The delay is a floor, not an extra: the bot's thinking counts towards it (a bot that thought
0.5 s of a 0.6 s delay waits 0.1 s; one that thought 2 s does not wait). The wait happens with
the table unlocked and the bot worker already free, so people's moves, leaves, syncs and
spectators go on meanwhile; the chosen move is not stored until applied, so a crash during the
wait loses nothing acknowledged (after a restart the bot simply chooses again). Seats whose
person timed out or left count as bot seats: a table with no person left plays at full speed,
unless someone watches it (a connection of this process to the table, a spectator's or an
owner's): then its bots move at the same pace, so the watcher can follow the game.

Another seat's move that some person other than its mover saw while the bot was due pushes the
bot's move back to a delay after it, so people can follow several moves in a row; but only up
to ``--bot-max-wait`` seconds after the bot became due, so nobody can hold a bot back for good by
moving again and again. A step only its mover sees (a secret choice, changed as often as one
likes) pushes nobody back: a bot's secret placements in Yaxha are not queued behind each other
for moves nobody watches, and a person changing a secret choice does not freeze the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Collection, Iterable
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
    """One table's pacing: since when each bot seat is due, which moves people saw last, and a
    way to wake the bots waiting."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        # A table just loaded (a restart) counts as just shown: its people are reconnecting.
        self.shown_at = clock()
        #: Whose move was shown last (None: the board itself, at the start or a load).
        self.shown_by: int | None = None
        #: Since when each seat has been to move without a break (kept for bot seats' turns).
        self.due_since: dict[int, float] = {}
        #: When each seat's own last move went out to some person.
        self.own_shown: dict[int, float] = {}
        self._changed = asyncio.Event()

    def moved(self) -> None:
        """The board was just shown to the people at the table (the start of the game)."""
        self.shown_at = self.clock()
        self.shown_by = None

    def due(self, seat: int) -> None:
        """``seat`` is to move now (a bot's turn is starting): its wait counts from the first
        such moment until it is no longer to move."""
        self.due_since.setdefault(seat, self.clock())

    def step_shown(self, mover: int, seen_by_another_person: bool,
                   to_move: Collection[int]) -> None:
        """A step of ``mover`` just went out; ``seen_by_another_person`` when a person's seat
        other than the mover's saw it; ``to_move`` the seats the match waits for now."""
        now = self.clock()
        if seen_by_another_person:
            self.shown_at = now
            self.shown_by = mover
            self.own_shown[mover] = now
        for seat in [seat for seat in self.due_since if seat not in to_move]:
            del self.due_since[seat]
        for seat in to_move:
            self.due_since.setdefault(seat, now)

    def step_applied(self, match: Match, seats: list[SeatState], watched: bool = False) -> None:
        """The match's latest step was just sent out: it counts for the others' pace if a
        person's seat other than its mover's saw it (a secret step only its mover sees), or if
        someone watches the table and the spectators saw it."""
        mover = match.past_step(-1).seat
        seen = (watched and match.saw_last(None)) or any(
            not seat.by_bot and index != mover and match.saw_last(index)
            for index, seat in enumerate(seats))
        to_move = match.state.to_move() if not match.state.is_over() else frozenset()
        self.step_shown(mover, seen, to_move)

    def seats_changed(self) -> None:
        """Who plays which seat changed: waiting bots look again (the table may be bots-only
        now, with no one left to wait for)."""
        self._changed.set()
        self._changed = asyncio.Event()

    def too_soon(self, seat: int, delay: float, max_wait: float,
                 seats: Iterable[SeatState], watched: bool = False) -> TooSoon | None:
        """Under the table's lock, before ``seat``'s bot move: how long it must still wait, if
        at all; ``watched`` when someone follows the table (a connection to it)."""
        if delay <= 0 or not (watched or person_seated(seats)):
            return None
        now = self.clock()
        # Its own pace: from when it became due, or from its own last move people saw.
        since = max(self.due_since.get(seat, self.shown_at), self.own_shown.get(seat, 0.0))
        ready = since + delay
        if self.shown_by != seat:
            # Another's move people saw: a delay after it, but never past the cap.
            ready = max(ready, min(self.shown_at + delay, since + max(max_wait, delay)))
        left = ready - now
        return TooSoon(left) if left > 0 else None

    async def wait(self, too_soon: TooSoon) -> None:
        """Sleep the time left, or less when the seats change; the caller then checks again
        under the lock (another move may have gone out meanwhile)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), too_soon.seconds)
