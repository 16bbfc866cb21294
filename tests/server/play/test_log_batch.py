"""The group commit's batch: moves of several tables written with one statement per kind of
row. Each move's action row is logged; each table's seq ends at its newest move; only the seats
a move changed are written (a seat it left alone keeps what it had, even if the caller's copy
differs); a last move stores the result. A batch holding a step already logged writes nothing,
and the writer then retries its moves one by one, so only that move fails."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from meeplehall.server.db.engine import make_engine, make_sessionmaker, migrate
from meeplehall.server.db.models import ActionRow, Seat, Table
from meeplehall.server.history.results import game_ended
from meeplehall.server.play.clocks import SeatState
from meeplehall.server.play.store import LoggedStep, changed_seats, write_steps
from meeplehall.server.play.writer import LogWriter


def _table(session: Session, seats: int) -> int:
    table = Table(game="yaxha", options={}, players=seats, generator="blake2b",
                  seed_hex="01" * 16, status="playing", mode="live", visibility="public",
                  rated=False, hints=False, seq=0, created_at=time.time())
    session.add(table)
    session.flush()
    for index in range(seats):
        session.add(Seat(table_id=table.id, seat=index, clock_ms=60_000, running_since=None))
    return table.id


def _step(table_id: int, seq: int, seat: int, seats: tuple[Any, ...] = (),
          result: dict[str, Any] | None = None) -> LoggedStep:
    return LoggedStep(table_id=table_id, seq=seq, seat=seat, action={"type": "pass", "n": seq},
                      bot=False, changed_seats=seats, result=result, created_at=time.time())


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(request: pytest.FixtureRequest,
             database_factory: Callable[[str], tuple[str, object]]) -> Any:
    url, _ = database_factory(request.param)
    engine = make_engine(url)
    migrate(engine)
    yield make_sessionmaker(engine)
    engine.dispose()


def _seats(session: Session, table_id: int) -> list[tuple[int | None, float | None]]:
    return [(row.clock_ms, row.running_since) for row in session.scalars(
        sa.select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat))]


def test_one_batch_logs_every_move_and_writes_only_what_changed(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session, session.begin():
        first, second = _table(session, 2), _table(session, 3)
    steps = [
        _step(first, 1, 0, ((0, None, 59_000, None), (1, None, 60_000, 100.0))),
        _step(second, 1, 2),  # changed no seat
        _step(first, 2, 1, ((1, None, 58_500, None),)),
        _step(second, 2, 0, ((0, None, 55_000, None),), result={"ranks": [1, 2, 3]}),
    ]
    with sessions() as session, session.begin():
        write_steps(session, steps, game_ended)
    with sessions() as session:
        logged = session.execute(sa.select(ActionRow.table_id, ActionRow.seq, ActionRow.seat,
                                           ActionRow.action).order_by(ActionRow.id)).all()
        assert [tuple(row) for row in logged] == [
            (step.table_id, step.seq, step.seat, step.action) for step in steps]
        tables = {row.id: row for row in session.scalars(sa.select(Table))}
        assert (tables[first].seq, tables[first].status, tables[first].result) == (
            2, "playing", None)
        assert (tables[second].seq, tables[second].status, tables[second].result) == (
            2, "finished", {"ranks": [1, 2, 3]})
        assert tables[second].finished_at is not None
        assert _seats(session, first) == [(59_000, None), (58_500, None)]
        assert _seats(session, second) == [(55_000, None), (60_000, None), (60_000, None)]


def test_changed_seats_names_only_the_seats_a_move_changed() -> None:
    before = [SeatState(1, None, None, 60_000, 5.0), SeatState(2, None, None, 60_000, None)]
    after = [SeatState(1, None, None, 59_000, None), SeatState(2, None, None, 60_000, None)]
    assert changed_seats(before, after) == ((0, None, 59_000, None),)
    assert changed_seats(before, before) == ()


def test_a_batch_with_a_step_already_logged_writes_nothing_and_the_writer_fails_only_that_move(
    sessions: sessionmaker[Session],
) -> None:
    with sessions() as session, session.begin():
        first, second = _table(session, 2), _table(session, 2)
        write_steps(session, [_step(first, 1, 0)], game_ended)
    with pytest.raises(IntegrityError), sessions() as session, session.begin():
        write_steps(session, [_step(second, 1, 0), _step(first, 1, 1)], game_ended)
    with sessions() as session:
        assert session.scalar(sa.select(sa.func.count()).select_from(ActionRow)) == 1

    def run_db(function: Callable[..., Any], *args: Any) -> Any:
        def work() -> Any:
            with sessions() as session, session.begin():
                return function(session, *args)
        return asyncio.to_thread(work)

    async def three_moves_at_once() -> list[BaseException | None]:
        writer: LogWriter[LoggedStep] = LogWriter(
            run_db, functools.partial(write_steps, ended=game_ended))
        writer.start()
        try:
            return await asyncio.gather(
                writer.write(_step(second, 1, 0)),
                writer.write(_step(first, 1, 1)),  # already logged by another writer
                writer.write(_step(first, 2, 1)),
                return_exceptions=True,
            )
        finally:
            writer.stop()

    outcomes = asyncio.run(three_moves_at_once())
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], IntegrityError)
    with sessions() as session:
        logged = session.execute(sa.select(ActionRow.table_id, ActionRow.seq, ActionRow.seat)
                                 .order_by(ActionRow.table_id, ActionRow.seq)).all()
        assert sorted(tuple(row) for row in logged) == sorted(
            [(first, 1, 0), (first, 2, 1), (second, 1, 0)])
