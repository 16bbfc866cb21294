"""Reading and writing a table's record: the rows the table manager needs, nothing more.

These functions are synchronous; the manager runs them in a thread.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import Session

from meeplehall.core import Seed
from meeplehall.core.rng import SECRET_BITS
from meeplehall.server.db.models import ActionRow, HallClock, Seat, Table
from meeplehall.server.play.clocks import ClockRules, SeatState


@dataclass
class TableRecord:
    """Everything that defines a table and its match: the truth the cache is rebuilt from."""

    id: int
    game: str
    options: dict[str, Any]
    players: int
    seed: Seed
    status: str
    rules: ClockRules
    hints: bool
    rated: bool
    visibility: str
    invite_token: str | None
    seats: list[SeatState]
    #: The log's steps (after the ``known`` ones asked for), as (seat, action, by a bot). A
    #: room's record gives them to its match and keeps none: the match's log has them.
    actions: list[tuple[int, Any, bool]]
    #: Whose table it is: its bots take that user's turn in the fair bot queue.
    owner_id: int | None = None
    #: The address the owner created the table from: its bots count under it in the queue.
    owner_address: str | None = None
    #: Whether spectators may write in the table's chat (the owner decides).
    spectator_chat: bool = True


def load_record(session: Session, table_id: int, known: int = 0) -> TableRecord | None:
    """The table, its seats and its log as one consistent snapshot; with ``known``, only the
    log's steps after the first ``known`` (a process catching up reads what it lacks)."""
    if session.get_bind().dialect.name == "postgresql":
        # Read committed would let a step committed between two of these selects show in
        # the log but not in the table's status.
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
    table = session.get(Table, table_id)
    if table is None:
        return None
    seats = session.scalars(
        select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat)
    ).all()
    actions = session.execute(
        select(ActionRow.seat, ActionRow.action, ActionRow.bot)
        .where(ActionRow.table_id == table_id, ActionRow.seq > known)
        .order_by(ActionRow.seq)
    ).all()
    return TableRecord(
        id=table.id,
        game=table.game,
        options=dict(table.options),
        players=table.players,
        seed=table_seed(table),
        status=table.status,
        rules=ClockRules(table.mode, table.initial_ms, table.increment_ms, table.move_deadline_ms),
        hints=table.hints and not table.rated,
        rated=table.rated,
        visibility=table.visibility,
        invite_token=table.invite_token,
        seats=[
            SeatState(s.user_id, s.bot_level, s.replaced, s.clock_ms, s.running_since)
            for s in seats
        ],
        actions=[(row.seat, row.action, row.bot) for row in actions],
        owner_id=table.owner_id,
        owner_address=table.owner_address,
        spectator_chat=table.spectator_chat,
    )


def table_seed(table: Table) -> Seed:
    """The seed a table's match is dealt from, with its generator (never for clients before
    the table is finished)."""
    return Seed.from_hex(table.seed_hex, table.generator)


def new_seed_columns() -> dict[str, str]:
    """A new table's seed: SECRET_BITS from the operating system's CSPRNG, for the keyed
    generator (so no amount of watching the match narrows its draws to come)."""
    seed = Seed(secrets.randbits(SECRET_BITS))
    return {"generator": seed.generator, "seed_hex": seed.hex()}


def save_seats(session: Session, table_id: int, seats: Sequence[SeatState],
               due_at: float | None, seq: int) -> bool:
    """Write every seat's clock and replacement in one statement (executemany), and the
    table's ``due_at``, only while the log still ends at step ``seq``; returns whether it did.

    A step another process logged since wrote the seats it changed (a clock it stopped, the
    next one it started): seats written from a view older than that step would undo it, and a
    clock it started would never run out. The check and the write are one transaction, and the
    check updates the table row that a step's write updates too (PostgreSQL locks it)."""
    if not write_due(session, table_id, due_at, seq):
        return False
    session.execute(
        update(Seat.__table__)  # type: ignore[arg-type]
        .where(Seat.table_id == bindparam("t"), Seat.seat == bindparam("s"))
        .values(
            replaced=bindparam("r"), clock_ms=bindparam("c"), running_since=bindparam("since")
        ),
        [
            {"t": table_id, "s": index, "r": state.replaced, "c": state.clock_ms,
             "since": state.running_since}
            for index, state in enumerate(seats)
        ],
    )
    return True


def write_due(session: Session, table_id: int, due_at: float | None, seq: int) -> bool:
    """The table's ``due_at`` as of step ``seq``, unless another process logged a later step
    meanwhile: that step wrote its own. Returns whether the log still ended at ``seq``."""
    written = session.execute(
        update(Table).where(Table.id == table_id, Table.seq == seq).values(due_at=due_at)
        .execution_options(synchronize_session=False)
    )
    return bool(written.rowcount)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class LoggedStep:
    """One move as the log stores it: its action row, and only what it changed besides (the
    table's seq, the seats whose clock or replacement moved, the result of a last move)."""

    table_id: int
    seq: int
    seat: int
    action: Any
    bot: bool
    #: (seat index, replaced, clock_ms, running_since) of each seat the move changed.
    changed_seats: tuple[tuple[int, str | None, int | None, float | None], ...]
    result: dict[str, Any] | None = None
    #: The table's ``due_at`` after the move (deadlines.py).
    due_at: float | None = None
    #: The table's record when this move ended its game: for people's ratings (a rated table)
    #: or the agents' ladder (a table of agents and bots).
    ended: TableRecord | None = None
    created_at: float = 0.0


def changed_seats(
    before: Sequence[SeatState], after: Sequence[SeatState]
) -> tuple[tuple[int, str | None, int | None, float | None], ...]:
    """The seats whose stored columns differ between ``before`` and ``after``."""
    return tuple(
        (index, new.replaced, new.clock_ms, new.running_since)
        for index, (old, new) in enumerate(zip(before, after, strict=True))
        if (old.replaced, old.clock_ms, old.running_since)
        != (new.replaced, new.clock_ms, new.running_since)
    )


#: What the end of a game writes besides its result, in the same transaction: (session, the
#: table's record, its result, its id, when). The history of finished tables (people's ratings,
#: the agents' ladder: history/results.py) sits above play, so the hall hands it in.
GameEnded = Callable[[Session, TableRecord, dict[str, Any], int, float], None]


def write_steps(session: Session, steps: Sequence[LoggedStep], ended: GameEnded) -> None:
    """Log moves of any tables in one go: one statement per kind of row (executemany), each
    table's seq written once (its newest), each seat once (its newest state); a move that ended
    its game is told to ``ended`` (ratings, the ladder).

    The unique (table, seq) key makes a second writer of the same step fail here.
    """
    if not steps:
        return
    connection = session.connection()
    now = time.time()
    connection.execute(
        insert(ActionRow.__table__),  # type: ignore[arg-type]
        [
            {"table_id": step.table_id, "seq": step.seq, "seat": step.seat,
             "action": step.action, "bot": step.bot, "created_at": step.created_at or now}
            for step in steps
        ],
    )
    newest: dict[int, LoggedStep] = {}
    seats: dict[tuple[int, int], tuple[str | None, int | None, float | None]] = {}
    for step in steps:
        newest[step.table_id] = step
        for index, replaced, clock_ms, running_since in step.changed_seats:
            seats[step.table_id, index] = (replaced, clock_ms, running_since)
    connection.execute(
        update(Table.__table__)  # type: ignore[arg-type]
        .where(Table.id == bindparam("t"))
        .values(seq=bindparam("q"), due_at=bindparam("d")),
        [{"t": table_id, "q": step.seq, "d": step.due_at} for table_id, step in newest.items()],
    )
    if seats:
        connection.execute(
            update(Seat.__table__)  # type: ignore[arg-type]
            .where(Seat.table_id == bindparam("t"), Seat.seat == bindparam("s"))
            .values(
                replaced=bindparam("r"), clock_ms=bindparam("c"),
                running_since=bindparam("since"),
            ),
            [
                {"t": table_id, "s": index, "r": replaced, "c": clock_ms, "since": since}
                for (table_id, index), (replaced, clock_ms, since) in seats.items()
            ],
        )
    for step in steps:
        if step.result is None:
            continue
        connection.execute(
            update(Table.__table__)  # type: ignore[arg-type]
            .where(Table.id == step.table_id)
            # The owner's address served the bot queue only while the game ran.
            .values(status="finished", result=step.result, finished_at=step.created_at or now,
                    owner_address=None)
        )
        if step.ended is not None:
            ended(session, step.ended, step.result, step.table_id, step.created_at or now)
    session.flush()


def due_table_ids(session: Session, now: float, until: float, after_id: int,
                  limit: int) -> list[int]:
    """Tables in play due by ``until``, by id from ``after_id`` on (a scan in pages). Each
    look is also the process's sign of life (``hall_alive``)."""
    hall_alive(session, now)
    return list(session.scalars(
        select(Table.id)
        .where(Table.status == "playing", Table.due_at <= until, Table.id > after_id)
        .order_by(Table.id)
        .limit(limit)
    ).all())


def resume_live_clocks(session: Session, now: float, stale: float) -> float | None:
    """At a process's start: if no process of the hall was seen running for over ``stale``
    seconds, live clocks do not count the time it was down: running clocks and their tables'
    times due move on by that time (two statements whatever the number of tables). Marks the
    hall running; returns the seconds given back, or None when the hall was up all along.

    The hall's row is locked (PostgreSQL) until the transaction ends, so of several processes
    starting at once only the first gives the time back.
    """
    clock = session.execute(
        select(HallClock).where(HallClock.id == 1).with_for_update()).scalar_one_or_none()
    if clock is None:
        clock = HallClock(id=1, alive_at=None)
        session.add(clock)
    seen, clock.alive_at = clock.alive_at, now
    if seen is not None and now - seen <= stale:
        return None
    live = select(Table.id).where(Table.status == "playing", Table.mode == "live")
    # Never seen (a database from before revision 0006, whose tables in play are all due now):
    # the running clocks restart from now.
    down = None if seen is None else now - seen
    session.execute(update(Seat).where(Seat.table_id.in_(live), Seat.running_since.is_not(None))
                    .values(running_since=now if down is None else Seat.running_since + down)
                    .execution_options(synchronize_session=False))
    if down is None:
        return 0.0
    session.execute(update(Table).where(Table.status == "playing", Table.mode == "live",
                                        Table.due_at.is_not(None))
                    .values(due_at=Table.due_at + down)
                    .execution_options(synchronize_session=False))
    return down


def hall_alive(session: Session, now: float) -> None:
    """This process runs (renewed every second by each process)."""
    session.execute(update(HallClock).where(HallClock.id == 1).values(alive_at=now)
                    .execution_options(synchronize_session=False))
