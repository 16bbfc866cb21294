"""Driving a table: its bots' turns, hints, its clock timer, and (with several processes) the
lease that says which process does all that.

The table manager applies moves; the driver decides when a bot moves or a clock runs out and
asks the manager to apply it. A process drives only the tables whose lease it holds.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Coroutine
from typing import Any, Protocol

from meeplehall.server.bots.pool import BotPool, Decision, replacement_level, strongest_level
from meeplehall.server.play import clocks
from meeplehall.server.play.deadlines import room_due_at
from meeplehall.server.play.leases import Leases
from meeplehall.server.play.match import Rejection
from meeplehall.server.play.room import Room

log = logging.getLogger("meeplehall.server")


class Tables(Protocol):
    """What the driver asks of the table manager."""

    async def submit(self, room: Room, seat: int, seq: int, data: Any, bot: bool,
                     user_id: int | None = None) -> bool: ...

    async def hand_over(self, room: Room, seat: int, reason: str) -> None: ...

    async def catch_up(self, room: Room, committed: int) -> None: ...

    def after_change(self, room: Room) -> None: ...

    def evict(self, room: Room) -> None: ...

    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None: ...


class BotCounter(Protocol):
    """Counts bot moves the spectators saw (a count of secret ones would tell how many)."""

    def bot_decided(self, game: str) -> None: ...


class Driver:
    def __init__(self, tables: Tables, bots: BotPool, leases: Leases | None,
                 counter: BotCounter | None) -> None:
        self.tables = tables
        self.bots = bots
        #: With several processes, which tables this one drives (bots, clocks).
        self.leases = leases
        self.counter = counter

    def drive(self, room: Room) -> None:
        """Run the table's bots and clock timer, if this process drives it (or may now)."""
        room.used_at = time.monotonic()
        if room.record.status != "playing":
            room.stop_timer()
            self.stop_driving(room)
            if not room.connections and not room.pending_bots:
                self.tables.evict(room)  # a finished table is reloaded when asked for
            return
        if room.evicted:
            return
        if not room.driving:
            if not room.claiming and room_due_at(room, time.time()) is not None:
                room.claiming = True
                self.tables.spawn(self._claim(room))
            return
        for seat in room.to_move():
            if room.seats[seat].by_bot and seat not in room.pending_bots:
                room.pace.due(seat)  # its pace counts from the first moment it was due
                room.pending_bots.add(seat)
                self.tables.spawn(self._bot_turn(room, seat))
        self._arm_timer(room)

    async def _claim(self, room: Room) -> None:
        """Drive the table if no other process does (its lease is free)."""
        assert self.leases is not None
        try:
            room.driving = await self.leases.claim(room.record.id)
        except Exception:
            log.exception("table %s: could not ask for its lease", room.record.id)
        finally:
            room.claiming = False
        if not room.driving:
            return
        if room.evicted:
            self.stop_driving(room)
            return
        # The previous driver released or lost the lease after its last step was committed:
        # reading the log now starts from there, not from a step this process heard of late.
        async with room.lock:
            if room.match is not None and room.record.status == "playing":
                await self.tables.catch_up(room, committed=room.match.seq)
        self.drive(room)

    def _arm_timer(self, room: Room) -> None:
        room.stop_timer()
        expiries = [
            when
            for seat in room.seats
            if (when := clocks.expiry(room.record.rules, seat)) is not None
        ]
        if not expiries:
            return
        delay = max(0.0, min(expiries) - time.time())
        room.timer = asyncio.get_running_loop().call_later(
            delay, lambda: self.tables.spawn(self._expire(room))
        )

    async def _expire(self, room: Room) -> None:
        now = time.time()
        for index, seat in enumerate(room.seats):
            when = clocks.expiry(room.record.rules, seat)
            if when is not None and when <= now + 0.001:
                await self.tables.hand_over(room, index, "timeout")
        self.tables.after_change(room)

    def _decision(self, room: Room, seat: int, level: int, bot_seed: int) -> Decision:
        assert room.match is not None
        return Decision(
            table_id=room.record.id,
            game=room.record.game,
            players=room.record.players,
            options=room.record.options,
            seed=room.record.seed,
            actions=[(step.seat, step.action_json) for step in room.match.past_steps()],
            seat=seat,
            level=level,
            bot_seed=bot_seed,
        )

    async def _bot_turn(self, room: Room, seat: int) -> None:
        try:
            match = room.match
            if match is None:
                return
            seq = match.seq_for(seat)
            level = room.seats[seat].bot_level or replacement_level()
            # The bot's own sampling seed only has to vary; drawn apart from the table's
            # seed, so its moves tell nothing about it.
            bot_seed = random.randrange(1 << 31)
            try:
                if room.bot_failures >= 3:
                    raise RuntimeError("the bot keeps failing here; playing the first legal move")
                # The table's owner (and the address they created it from) takes the turn in
                # the fair queue, whoever sits there.
                data = await self.bots.decide(self._decision(room, seat, level, bot_seed),
                                              owner=room.record.owner_id,
                                              address=room.record.owner_address)
            except Exception:
                log.exception("table %s seat %s: bot failed", room.record.id, seat)
                legal = match.state.legal_actions(seat) if seat in room.to_move() else []
                if not legal:
                    return
                data = legal[0].to_json()
            try:
                public = await self.tables.submit(room, seat, seq, data, bot=True)
                room.bot_failures = 0
                if public and self.counter is not None:
                    self.counter.bot_decided(room.record.game)
            except Rejection as rejection:
                if rejection.code not in ("stale_seq", "not_your_turn", "finished"):
                    room.bot_failures += 1
                    log.warning("table %s seat %s: bot move refused: %s",
                                room.record.id, seat, rejection.reason)
        finally:
            room.pending_bots.discard(seat)
            self.tables.after_change(room)

    async def hint(self, room: Room, seat: int, address: str | None = None) -> dict[str, Any]:
        """A suggestion from the strongest bot for ``seat`` (asked by that seat only, from the
        client ``address``)."""
        match = room.match
        if match is None or room.record.status != "playing":
            raise Rejection("not_started", "hints are for a game in progress")
        if not room.record.hints:
            raise Rejection("hints_off", "hints are not allowed at this table")
        if seat not in room.to_move():
            raise Rejection("not_your_turn", f"seat {seat} is not to move now")
        seq = match.seq_for(seat)
        level = strongest_level()
        data = await self.bots.decide(
            self._decision(room, seat, level, random.randrange(1 << 31)),
            owner=room.seats[seat].user_id,  # the asker's turn, as for their tables' bots
            address=address,
        )
        action = room.game.parse_action(data)
        return {
            "type": "hint",
            "seat": seat,
            "seq": seq,
            "action": data,
            "label": room.game.describe_action(action),
            "level": level,
        }

    def stop_driving(self, room: Room) -> None:
        if self.leases is not None and room.driving:
            room.driving = False
            self.tables.spawn(self.leases.release(room.record.id))
