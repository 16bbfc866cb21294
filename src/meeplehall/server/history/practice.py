"""Practice from a position: a new table that starts where a finished table stood after some of
its actions ("play from here").

A finished game's whole record is public to whoever may see its replay, so the new table is
dealt from the source's seed and its log starts with copies of the source's first ``step``
actions: the position is exactly the one the replay shows (the cards still to come included),
and the new table replays, resumes after a restart, shows its replay and exports like any
other, even once the source is gone. ``tables.origin_table_id`` and ``origin_step`` say where it
came from. It is never rated and has no clock: it is for trying another line, alone, in
hot-seat or against bots.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from meeplehall.server import seating
from meeplehall.server.bots.limits import check_bot_limits
from meeplehall.server.config import Settings
from meeplehall.server.db.locks import hold_user
from meeplehall.server.db.models import ActionRow, Table
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.creation import CreationLimits
from meeplehall.server.play.access import visible_table
from meeplehall.server.play.opening import Clock, mark_started, new_table


@dataclass(frozen=True)
class Opener:
    """Where a new table's opener is, and the limits a new table counts against."""

    address: str
    settings: Settings
    limits: CreationLimits


def source_actions(session: Session, table: Table, step: int) -> list[ActionRow]:
    """The first ``step`` actions of finished ``table``, checked: a position inside the game
    (400 ``step_out_of_range`` otherwise). Its last action ended the game and no earlier one
    did, so every step before the last leaves someone to move."""
    if table.status != "finished":
        raise ApiError(409, "not_finished", "this table has not finished yet")
    rows = list(session.scalars(
        select(ActionRow).where(ActionRow.table_id == table.id).order_by(ActionRow.seq)))
    last = len(rows) - 1
    if not 0 <= step <= last:
        raise ApiError(400, "step_out_of_range",
                       f"step {step} is not a position to play from (0 to {last})",
                       {"step": step, "last": last})
    return rows[:step]


def open_practice(session: Session, source: Table, rows: list[ActionRow], *, owner_id: int,
                  owner_address: str, people: Mapping[int, int], bots: Mapping[int, int],
                  visibility: str, hints: bool, now: float | None = None) -> Table:
    """Write the practice table, its seats and the copied log, marked started (the caller tells
    the manager). A private source gives a private table: its moves stay with who may see it."""
    table = new_table(
        session, game=source.game, options=source.options, players=source.players,
        clock=Clock("none"), visibility="private" if source.visibility == "private"
        else visibility, rated=False, hints=hints, spectator_chat=True, owner_id=owner_id,
        owner_address=owner_address, people=people, bots=bots)
    # The source's deal, published with its replay, so the position is the same one.
    table.generator, table.seed_hex = source.generator, source.seed_hex
    table.origin_table_id, table.origin_step = source.id, len(rows)
    table.seq = len(rows)
    if rows:
        session.execute(insert(ActionRow.__table__), [  # type: ignore[arg-type]
            {"table_id": table.id, "seq": row.seq, "seat": row.seat, "action": row.action,
             "bot": row.bot, "created_at": row.created_at} for row in rows])
    mark_started(table, time.time() if now is None else now)
    session.flush()
    return table


def play_from(session: Session, table_id: int, step: int, invite: str | None,
              caller: seating.Caller, asked: Sequence[seating.PracticeSeat], opener: Opener, *,
              visibility: str, hints: bool) -> Table:
    """Open and start a practice table at ``step`` of finished table ``table_id`` (which the
    caller may see), seated as ``asked`` (seating.py's rules)."""
    source = visible_table(session, table_id, caller.id, invite)
    rows = source_actions(session, source, step)
    seats = seating.granted(seating.practice(caller, source.players, asked))
    # As at the lobby's creation: the user's row held so two requests at once count in turn.
    hold_user(session, caller.id)
    opener.limits.table(session, caller.id, opener.address)
    check_bot_limits(session, opener.settings, caller.id, source.players, seats.bots,
                     seated=bool(seats.people))
    return open_practice(session, source, rows, owner_id=caller.id,
                         owner_address=opener.address, people=seats.people, bots=seats.bots,
                         visibility=visibility, hints=hints)

