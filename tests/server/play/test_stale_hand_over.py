"""A hand-over decided on a view older than the log (play/manager.py, ``hand_over``): with
several processes, a seat's clock can seem to run out on its driver while the seat's move,
made through another process, is already logged there and not yet heard of. The seats are
written only over the log's newest step (store.save_seats); otherwise the stale view would
stop the clock that step started for the next seat, and nothing would ever move that seat."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from meeplehall.server.history.results import game_ended
from meeplehall.server.play import clocks
from meeplehall.server.play.deadlines import due_at
from meeplehall.server.play.match import Match
from meeplehall.server.play.room import Room
from meeplehall.server.play.store import (
    LoggedStep,
    TableRecord,
    changed_seats,
    load_record,
    save_seats,
    write_steps,
)
from tests.server.client import Player
from tests.server.inprocess import InProcessServer


@pytest.fixture(params=["sqlite", "postgresql"])
def hall(request: pytest.FixtureRequest,
         database_factory: Callable[[str], tuple[str, Path]]) -> Iterator[InProcessServer]:
    url, data_dir = database_factory(request.param)
    server = InProcessServer(data_dir, database_url=url)
    server.start()
    yield server
    server.stop()


def started_table(hall: InProcessServer) -> Room:
    """A live two-player table between two people, started; its room on the server."""
    first, second = (Player(hall.base, hall.ws_base).guest(name) for name in ("ann", "bob"))
    table = first.create(game="pyramido", players=2, mode="live", initial_seconds=600,
                         increment_seconds=0)
    assert second.join(table["id"]).status_code == 200
    first.start(table["id"])
    first.close()
    second.close()
    return hall.call(lambda: hall.manager.rooms[table["id"]])


def log_a_turn_elsewhere(hall: InProcessServer, room: Room) -> tuple[int, TableRecord]:
    """What another process does with a move of the seat to move: logs its actions until its
    turn is over (its clock stopped, the next seat's started). This process is not told.
    Returns the seat that moved and the table as the log has it now."""

    def steps() -> tuple[int, list[LoggedStep]]:
        record = room.record
        match = Match(room.game, record.players, record.options, record.seed)
        match.replay_log(record.actions)
        seats = clocks.copy_seats(record.seats)
        mover = sorted(match.state.to_move())[0]
        logged = []
        while mover in match.state.to_move():
            step = match.apply(mover, match.state.legal_actions(mover)[0], False)
            to_move = match.state.to_move()
            before = clocks.copy_seats(seats)
            now = time.time()
            clocks.after_move(record.rules, seats, mover, to_move, False, now)
            logged.append(LoggedStep(
                table_id=record.id, seq=match.seq, seat=mover, action=step.action, bot=False,
                changed_seats=changed_seats(before, seats),
                due_at=due_at(record.rules, seats, to_move, now), created_at=now))
        return mover, logged

    mover, logged = hall.call(steps)
    manager = hall.manager
    hall.call_async(lambda: manager.run_db(write_steps, logged, game_ended))
    record = hall.call_async(lambda: manager.run_db(load_record, room.record.id))
    assert record is not None
    return mover, record


def test_a_clock_that_seemed_to_run_out_on_a_stale_view_hands_nothing_over(
        hall: InProcessServer) -> None:
    room = started_table(hall)
    mover, logged = log_a_turn_elsewhere(hall, room)
    other = 1 - mover
    assert logged.seats[other].running_since is not None
    # This process still sees the mover to move, and (some time later) out of time.
    stale_seq = hall.call(lambda: room.match.seq if room.match else None)
    hall.call(lambda: setattr(room.seats[mover], "clock_ms", 0))

    hall.call_async(lambda: hall.manager.hand_over(room, mover, "timeout"))

    # It caught up instead: the mover moved in time and keeps its seat; the clock its move
    # started still runs, here and in the log.
    assert hall.call(lambda: room.match.seq if room.match else None) == len(logged.actions)
    assert len(logged.actions) > (stale_seq or 0)
    stored = hall.call_async(lambda: hall.manager.run_db(load_record, room.record.id))
    assert stored is not None
    assert [s.replaced for s in stored.seats] == [None, None]
    assert stored.seats[other].running_since == logged.seats[other].running_since
    assert stored.seats[mover].running_since is None
    assert [vars(s) for s in hall.call(lambda: room.seats)] == [vars(s) for s in stored.seats]
    # ...and the next seat's clock is the one this process's timer waits on.
    assert hall.call(lambda: room.timer is not None)


def test_a_player_who_left_is_handed_over_after_the_room_catches_up(
        hall: InProcessServer) -> None:
    room = started_table(hall)
    mover, logged = log_a_turn_elsewhere(hall, room)
    other = 1 - mover

    hall.call_async(lambda: hall.manager.hand_over(room, mover, "left"))

    stored = hall.call_async(lambda: hall.manager.run_db(load_record, room.record.id))
    assert stored is not None
    assert [s.replaced for s in stored.seats][mover] == "left"
    assert stored.seats[other].replaced is None
    assert stored.seats[other].running_since == logged.seats[other].running_since
    assert hall.call(lambda: room.match.seq if room.match else None) == len(logged.actions)


def test_seats_are_not_written_over_a_newer_step(hall: InProcessServer) -> None:
    room = started_table(hall)
    stale = hall.call(lambda: clocks.copy_seats(room.seats))
    stale_seq = hall.call(lambda: room.match.seq if room.match else 0)
    _, logged = log_a_turn_elsewhere(hall, room)
    for seat in stale:
        seat.replaced = "left"

    manager = hall.manager
    written = hall.call_async(lambda: manager.run_db(save_seats, room.record.id, stale, None,
                                                     stale_seq))

    stored = hall.call_async(lambda: manager.run_db(load_record, room.record.id))
    assert stored is not None
    assert written is False
    assert [vars(s) for s in stored.seats] == [vars(s) for s in logged.seats]
    # Over the newest step they are written.
    assert hall.call_async(lambda: manager.run_db(save_seats, room.record.id, stale, None,
                                                  len(logged.actions))) is True
    stored = hall.call_async(lambda: manager.run_db(load_record, room.record.id))
    assert stored is not None
    assert [s.replaced for s in stored.seats] == ["left", "left"]
