"""The table manager: one room per table, serial application of moves, persistence, fan-out
(what each socket is told: updates.py).

Every change to a table (a player's or a bot's move, a clock running out, a player leaving)
happens under that table's lock, so moves from several seats at once are applied one at a time.
A move counts only once its row is committed; then every connection gets its own update.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError

from meeplehall.core import Game
from meeplehall.core.registry import get_game
from meeplehall.server.bots.pool import BotPool
from meeplehall.server.config import Settings
from meeplehall.server.db.access import Database
from meeplehall.server.play import clocks
from meeplehall.server.play.chat.table import TableChat
from meeplehall.server.play.connection import Connection
from meeplehall.server.play.deadlines import due_at, room_due_at
from meeplehall.server.play.description import describer, describer_in
from meeplehall.server.play.driving import Driver
from meeplehall.server.play.fanout import RESYNC, Fanout
from meeplehall.server.play.leases import Leases
from meeplehall.server.play.match import Match, Rejection
from meeplehall.server.play.pacing import TooSoon
from meeplehall.server.play.room import Room
from meeplehall.server.play.store import (
    GameEnded,
    LoggedStep,
    changed_seats,
    load_record,
    save_seats,
    write_steps,
)
from meeplehall.server.play.updates import recheck_seats, send_step, send_table
from meeplehall.server.play.writer import LogWriter

log = logging.getLogger("meeplehall.server")

class MoveCounter(Protocol):
    """Counts public moves and bot decisions (operations/metrics.py). Only steps the spectators
    see are counted: a count that grew with secret moves would tell a watcher of the metrics
    how many a seat made."""

    def moved(self, game: str, bot: bool, seconds: float) -> None: ...

    def bot_decided(self, game: str) -> None: ...


@dataclass(frozen=True)
class Applied:
    """A step was applied and stored; ``public`` if the spectators saw it (not a secret one)."""

    public: bool


#: The status a deleted table's room shows for the little while it lives on.
GONE_STATUS = "aborted"
#: The Redis message of an operator's stop (abort or delete) of a table.
STOPPED = "stopped"
#: Close code of the sockets of a table an operator deleted.
CLOSE_GONE = 4404


class TableManager:
    def __init__(self, database: Database, bots: BotPool, settings: Settings,
                 game_ended: GameEnded, fanout: Fanout | None = None,
                 leases: Leases | None = None, counter: MoveCounter | None = None) -> None:
        self.database = database
        #: Runs a function ``f(session, *args)`` in a transaction, in the play lane's threads.
        self.run_db = database.run
        #: Least seconds between a bot becoming due and its move, where a person sits, and the
        #: most others' moves may push it back (pacing.py).
        self.bot_move_delay = settings.bot_move_delay
        self.bot_max_wait = settings.bot_max_wait
        #: Other server processes, when there are several (Redis pub/sub).
        self.fanout = fanout
        #: With several processes, which tables this one drives (bots, clocks).
        self.leases = leases
        #: A game's last move is written with what its end moves (ratings, the ladder), handed
        #: in from the history of finished tables (history/results.py), which sits above play.
        self.writer: LogWriter[LoggedStep] = LogWriter(
            self.run_db, functools.partial(write_steps, ended=game_ended))
        self.rooms: dict[int, Room] = {}
        self.describe = describer(database.session, self.rooms)
        self.describe_in = describer_in(self.rooms)
        self.chat = TableChat(self.run_db, settings, self.publish_change)
        #: Told after every change of a table (notices.py: whose move it is now).
        self.watchers: list[Callable[[Room], None]] = []
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Counts moves and their latency (operations/metrics.py); None in a bare manager.
        self.counter = counter
        #: Runs the tables' bots, hints and clock timers (driving.py).
        self.driver = Driver(self, bots, leases, counter)

    # -- rooms -------------------------------------------------------------------------------

    async def room(self, table_id: int) -> Room | None:
        """The table's room, loaded (and its match rebuilt by replay) on first use."""
        room = self.rooms.get(table_id)
        if room is not None:
            room.used_at = time.monotonic()
            return room
        async with self._load_lock:
            room = self.rooms.get(table_id)
            if room is not None:
                return room
            record = await self.run_db(load_record, table_id)
            if record is None:
                return None
            leases = self.leases
            room = Room(record, get_game(record.game),
                        driving=leases is None or table_id in leases.held)
            if record.status in ("playing", "finished"):
                room.build_match()
            self.rooms[table_id] = room
            if self.fanout is not None:
                await self.fanout.subscribe(table_id)
            return room

    def evict(self, room: Room) -> None:
        """Forget the room (it is loaded again from the log when asked for)."""
        if self.rooms.get(room.record.id) is not room:
            return
        del self.rooms[room.record.id]
        room.evicted = True
        room.stop_timer()
        self.driver.stop_driving(room)
        if self.fanout is not None:
            self.spawn(self.fanout.unsubscribe(room.record.id))

    async def _publish(self, room: Room, kind: str) -> None:
        if self.fanout is not None:
            try:
                await self.fanout.publish(room.record.id, kind)
            except Exception:
                log.exception("table %s: could not tell the other processes", room.record.id)

    async def publish_change(self, room: Room, kind: str) -> None:
        """Tell the other server processes (if any) that this table changed."""
        await self._publish(room, kind)

    async def remote_change(self, table_id: int, kind: str) -> None:
        """Another process changed this table: read the log and tell our connections."""
        room = self.rooms.get(table_id)
        if room is None:
            return
        if kind == RESYNC:
            # Redis was away: whatever the others told meanwhile is lost. Read it all anew.
            await self.remote_change(table_id, "table")
            await self.chat.remote(room)
            return
        if kind == "chat":
            await self.chat.remote(room)
            return
        if kind == STOPPED:
            await self.stopped(table_id)
            return
        async with room.lock:
            if room.match is None:
                record = await self.run_db(load_record, table_id)
                if record is None:
                    return
                room.record = record
                await self.recheck_seats(room)
                if record.status != "waiting":
                    room.build_match()
                    for connection in room.connections:
                        connection.send(room.sync_text(connection.seat, 0))
            else:
                await self.catch_up(room, committed=room.match.seq)
        if kind == "table":
            await self.broadcast_table(room)
        self.after_change(room)

    async def catch_up(self, room: Room, committed: int) -> None:
        """Under the room's lock: bring the match to the log's end, fanning out each new step.

        ``committed`` is how many of the match's steps are known to be in the log; a step
        beyond it (applied here, then refused by the database) is thrown away by a rebuild.
        """
        if room.match is None:
            return
        # The log's first steps are known here (every step this process committed or read):
        # only the rest is read, so catching up costs the new steps, not the whole game.
        record = await self.run_db(load_record, room.record.id, committed)
        if record is None:
            return
        if committed < room.match.seq:
            known = [(step.seat, step.action, step.bot) for step in room.match.past_steps()]
            match = Match(self.game_of(room), record.players, record.options, record.seed)
            match.replay_log(known[:committed])
            room.match = match
        final_status = record.status
        fresh, record.actions = record.actions, []  # the match's log keeps them
        room.record = record
        await self.recheck_seats(room)
        for seat, data, bot in fresh:
            step = room.match.apply(seat, room.game.parse_action(data), bot)
            # The status follows the log, whatever moment the table row was read at.
            record.status = "finished" if room.match.state.is_over() else "playing"
            send_step(room, step)
        if room.match.state.is_over():
            record.status = "finished"
        elif not fresh:
            record.status = final_status

    def attach(self, room: Room, connection: Connection) -> None:
        room.connections.add(connection)

    def detach(self, room: Room, connection: Connection) -> None:
        room.connections.discard(connection)
        room.used_at = time.monotonic()
        if not room.connections:
            room.pace.seats_changed()  # nobody watches now: bots waiting to be followed go on
        if not room.connections and room.record.status != "playing":
            self.evict(room)

    async def refresh(self, table_id: int) -> None:
        """The lobby changed the table (seats, owner): reload and tell the connections."""
        room = self.rooms.get(table_id)
        if room is None:
            return
        async with room.lock:
            record = await self.run_db(load_record, table_id)
            if record is None:
                return
            room.record = record
            await self.recheck_seats(room)
        await self.broadcast_table(room)

    async def table_changed(self, table_id: int) -> None:
        """The lobby changed a table's seats: this process's connections and the others'."""
        await self.refresh(table_id)
        if self.fanout is not None:
            await self.fanout.publish(table_id, "table")

    async def recheck_seats(self, room: Room) -> None:
        """Under the room's lock, right after its seats changed: see updates.recheck_seats."""
        await recheck_seats(room, self.described)

    async def started(self, table_id: int) -> None:
        """The lobby started the table: build the match, start clocks and bots, tell everyone."""
        room = await self.room(table_id)
        if room is None:
            return
        async with room.lock:
            record = await self.run_db(load_record, table_id)
            if record is None:  # removed meanwhile
                return
            room.record = record
            await self.recheck_seats(room)
            room.build_match()
            now = time.time()
            clocks.start_clocks(record.rules, record.seats, room.to_move(), now)
            # A practice table starts with its source's first actions already in its log.
            seq = room.match.seq if room.match is not None else 0
            await self.run_db(save_seats, table_id, record.seats, room_due_at(room, now), seq)
            for connection in room.connections:
                connection.send(room.sync_text(connection.seat, 0))
            room.pace.moved()  # a first bot move waits for people to see the board
        await self.broadcast_table(room)
        await self._publish(room, "table")
        self.after_change(room)

    async def broadcast_table(self, room: Room) -> None:
        """Every socket of the room gets the table as its user may see it."""
        await send_table(room, self.described)

    async def described(self, table_id: int, user: int | None) -> dict[str, Any]:
        """The table as ``user`` may see it, described in the request lane's threads."""
        return await self.database.run_plain(self.describe, table_id, user)

    # -- moves -------------------------------------------------------------------------------

    async def submit(self, room: Room, seat: int, seq: int, data: Any, bot: bool,
                     user_id: int | None = None) -> bool:
        """Check, log (committed) and apply one action, then fan out; Rejection if refused.
        Returns whether the step was public (seen by the spectators).

        A person's action (``user_id``) counts only if that user still holds ``seat`` when it
        is applied. A bot's waits first, unlocked, until the table's pace allows it (pacing.py).
        """
        races = 0
        started = time.perf_counter()
        while races < 10:
            outcome = await self._submit_once(room, seat, seq, data, bot, user_id)
            if isinstance(outcome, Applied):
                if self.counter is not None and outcome.public:
                    self.counter.moved(room.record.game, bot, time.perf_counter() - started)
                await self._publish(room, "step")
                self.after_change(room)
                return outcome.public
            if isinstance(outcome, TooSoon):
                await room.pace.wait(outcome)
                continue
            races += 1
            # Another process wrote first; a little jitter keeps one from always winning.
            await asyncio.sleep(random.uniform(0, 0.005 * races))
        raise Rejection("stale_seq", "the table moved on meanwhile; look again and resend")

    async def _submit_once(self, room: Room, seat: int, seq: int, data: Any,
                           bot: bool, user_id: int | None = None) -> Applied | bool | TooSoon:
        """Applied once applied; False when another process logged this step first; TooSoon for
        a bot's move that must wait (checked under the lock, against the move last sent)."""
        async with room.lock:
            match = room.match
            if match is None or room.record.status == "waiting":
                raise Rejection("not_started", "the game has not started yet")
            if room.record.status != "playing":
                raise Rejection("finished", "the game is over")
            if bot and (too_soon := room.pace.too_soon(seat, self.bot_move_delay,
                                                       self.bot_max_wait, room.seats,
                                                       watched=bool(room.connections))):
                return too_soon
            if not bot and room.seats[seat].by_bot:
                raise Rejection("replaced", f"a bot plays seat {seat} now")
            if user_id is not None and seat not in room.owned(user_id):
                raise Rejection("not_your_seat", f"you do not hold seat {seat}")
            action = match.check(seat, seq, data)
            try:
                step = match.apply(seat, action, bot)
            except Rejection as rejection:
                raise match.moved_on(seat, seq, rejection) from None
            finished = match.state.is_over()
            seats = clocks.copy_seats(room.seats)
            to_move = match.state.to_move() if not finished else frozenset()
            now = time.time()
            clocks.after_move(room.record.rules, seats, seat, to_move, finished, now)
            result = match.result_json()
            new_seq = match.seq
            try:
                await self.writer.write(LoggedStep(
                    table_id=room.record.id, seq=new_seq, seat=seat, action=step.action,
                    bot=bot, changed_seats=changed_seats(room.seats, seats), result=result,
                    ended=room.record if result is not None else None,
                    due_at=due_at(room.record.rules, seats, to_move, now), created_at=now,
                ))
            except IntegrityError:
                # Another server process logged step ``new_seq`` first: catch up, try again.
                await self.catch_up(room, committed=new_seq - 1)
                return False
            except Exception:
                log.exception("table %s: action %s not stored", room.record.id, new_seq)
                await self.catch_up(room, committed=new_seq - 1)
                raise Rejection("server_error", "the move could not be saved; try again") from None
            room.record.seats = seats
            if finished:
                room.record.status = "finished"
            send_step(room, step)
            public = match.saw_last(None)
        return Applied(public)

    async def hand_over(self, room: Room, seat: int, reason: str) -> None:
        """From now on a bot plays ``seat`` (its clock ran out, or its player left).

        The seats are written only over the log's newest step (store.save_seats): when another
        process logged a step this one had not heard of yet, the room catches up and looks
        again; by then a seat whose clock seemed to run out may have moved in time."""
        async with room.lock:
            while True:
                match, state = room.match, room.seats[seat]
                if match is None or room.record.status != "playing" or state.by_bot:
                    return
                now = time.time()
                if reason == "timeout":
                    # The seat may have moved while this waited for the lock.
                    when = clocks.expiry(room.record.rules, state)
                    if when is None or when > now + 0.001:
                        return
                seats = clocks.copy_seats(room.seats)
                state = seats[seat]
                clocks.stop_clock(room.record.rules, state, now, increment=False)
                if reason == "timeout" and room.record.rules.live:
                    state.clock_ms = 0
                state.replaced = reason
                seq = match.seq
                due = due_at(room.record.rules, seats, room.to_move(), now)
                if await self.run_db(save_seats, room.record.id, seats, due, seq):
                    room.record.seats = seats
                    break
                await self.catch_up(room, committed=seq)
                if room.match is None or room.match.seq == seq:
                    return  # the table is gone, or no longer in play
            await self.recheck_seats(room)
        await self.broadcast_table(room)
        await self._publish(room, "table")
        self.after_change(room)

    async def stop(self, table_id: int, change: Callable[..., str]) -> str:
        """An operator's stop: ``change(session, table_id)`` made under the live room's lock
        when this process holds the table, then the room told; the others through Redis."""
        room = self.rooms.get(table_id)
        if room is None:
            before = await self.run_db(change, table_id)
        else:
            async with room.lock:
                before = await self.run_db(change, table_id)
        await self.stopped(table_id)
        if self.fanout is not None:
            await self.fanout.publish(table_id, STOPPED)
        return before

    async def stopped(self, table_id: int) -> None:
        """An operator aborted or deleted the table: the room (if this process holds it) takes
        the status from the database and tells its sockets, or closes them if it is gone."""
        room = self.rooms.get(table_id)
        if room is None:
            return
        async with room.lock:
            record = await self.run_db(load_record, table_id)
            room.record.status = record.status if record is not None else GONE_STATUS
            if record is None:
                for connection in list(room.connections):
                    connection.end(CLOSE_GONE, f"table {table_id} was deleted")
        if record is not None:
            await self.broadcast_table(room)
        self.after_change(room)  # stops its clock timer; forgets it once nobody is connected
        if record is None:
            self.evict(room)

    # -- bots and clocks ---------------------------------------------------------------------

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def after_change(self, room: Room) -> None:
        for watcher in self.watchers:
            try:
                watcher(room)
            except Exception:
                log.exception("table %s: telling of a change failed", room.record.id)
        self.driver.drive(room)

    @staticmethod
    def game_of(room: Room) -> Game:
        return room.game

    async def close(self) -> None:
        self.writer.stop()
        for room in self.rooms.values():
            room.stop_timer()
        for task in list(self._tasks):
            task.cancel()
        if self.leases is not None:
            # Another process takes this one's tables over at its next look, not a lease later.
            await self.leases.release_all()
