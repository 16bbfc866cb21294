"""The lobby's tables in the database: pages of public tables, the tables a person sits at,
and taking, freeing and starting the seats of a waiting table (seating.py says who may sit
where; play/access.py who may see a table)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server import seating
from meeplehall.server.db.models import Seat, Table
from meeplehall.server.errors import ApiError
from meeplehall.server.play.access import visible_table
from meeplehall.server.play.description import describe_table, live_info
from meeplehall.server.play.opening import mark_started
from meeplehall.server.play.waitinglist import WaitingOrder, waiting_page

#: The most tables "my tables" lists.
MINE_LIMIT = 200


def public_page(session: Session, status: str, game: str | None, page: int,
                order: WaitingOrder, now: float) -> Sequence[Table]:
    """Page ``page`` of the public tables in ``status`` (of ``game`` only, unless None):
    waiting tables in the lobby's order (waitinglist.py), the others newest first."""
    if status == "waiting":
        query = select(Table).where(Table.status == status, Table.visibility == "public")
        if game is not None:
            query = query.where(Table.game == game)
        return waiting_page(session, query, order, page, now)
    return newest_page(session, status, game, page, order.page_size)


def newest_page(session: Session, status: str, game: str | None, page: int,
                size: int) -> list[Table]:
    """Page ``page`` of the public tables in ``status``, newest first. The page's ids come
    from the index on (status, visibility, id) alone, and only those tables are read: a deep
    page of a hall with 100,000 finished tables skips index entries, not whole rows."""
    ids = select(Table.id).where(Table.status == status, Table.visibility == "public")
    if game is not None:
        ids = ids.where(Table.game == game)
    page_ids = list(session.scalars(
        ids.order_by(Table.id.desc()).offset((page - 1) * size).limit(size)))
    tables = {table.id: table for table in session.scalars(
        select(Table).where(Table.id.in_(page_ids)))}
    return [tables[table_id] for table_id in page_ids if table_id in tables]


def tables_of(session: Session, user_id: int, status: str | None) -> Sequence[Table]:
    """The tables where the user holds a seat (in ``status`` only, unless None), newest
    first."""
    mine = select(Seat.table_id).where(Seat.user_id == user_id)
    query = select(Table).where(Table.id.in_(mine))
    if status is not None:
        query = query.where(Table.status == status)
    return session.scalars(query.order_by(Table.id.desc()).limit(MINE_LIMIT)).all()


def take_seat(session: Session, table_id: int, caller: seating.Caller, seat: int | None,
              invite: str | None) -> dict[str, Any]:
    """Seat the caller at ``seat`` (or the first free one) of a waiting table they may see;
    the table as they see it then."""
    table = visible_table(session, table_id, caller.id, invite)
    terms = seating.TableTerms.of(table)
    seating.granted(seating.still_waiting(terms))  # a table in play: no seat row locked
    seats = session.scalars(
        select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat).with_for_update()
    ).all()
    taken = seating.granted(seating.join(
        caller, terms, [seating.SeatHolder.of(row) for row in seats], seat))
    next(row for row in seats if row.seat == taken).user_id = caller.id
    session.flush()
    return describe_table(session, table, caller.id)


def free_seats(session: Session, table_id: int, seat: int | None,
               user_id: int) -> tuple[str, list[int]]:
    """Free the user's seats (or ``seat`` alone) at a waiting table; at a table in play they
    are only named, for the manager to hand over. The table's status and the seats."""
    table = visible_table(session, table_id, user_id, None)
    mine = [
        s for s in session.scalars(select(Seat).where(Seat.table_id == table_id)).all()
        if s.user_id == user_id and (seat is None or s.seat == seat)
    ]
    if not mine:
        raise ApiError(409, "not_seated", "you hold no such seat at this table")
    if table.status == "waiting":
        for row in mine:
            row.user_id = None
    elif table.status == "finished":
        raise ApiError(409, "game_over", "this game is over")
    return table.status, [s.seat for s in mine]


def table_left(session: Session, table_id: int, user_id: int,
               rooms: dict[int, Any]) -> dict[str, Any]:
    """The table as it is after the user left it: they held a seat a moment ago, so they are
    told how it stands even if it is private and now hidden from them."""
    table = session.get(Table, table_id)
    if table is None:
        raise ApiError(404, "no_table", f"no table {table_id}", {"table": table_id})
    return describe_table(session, table, user_id, live_info(rooms, table_id))


def table_now(session: Session, table_id: int, user_id: int,
              rooms: dict[int, Any]) -> dict[str, Any]:
    table = visible_table(session, table_id, user_id, None)
    return describe_table(session, table, user_id, live_info(rooms, table_id))


def start_by_owner(session: Session, table_id: int, user_id: int) -> None:
    """Mark a waiting table started, by its owner, once every seat holds a person or a bot."""
    table = visible_table(session, table_id, user_id, None)
    if table.owner_id != user_id:
        raise ApiError(403, "not_owner", "only the table's owner can start it")
    if table.status != "waiting":
        raise ApiError(409, "table_started", "this table has already started")
    seats = session.scalars(select(Seat).where(Seat.table_id == table_id)).all()
    free = sorted(s.seat for s in seats if s.user_id is None and s.bot_level is None)
    if free:
        raise ApiError(409, "seats_free",
                       f"seats {free} are still free: wait for players or add bots",
                       {"seats": free})
    mark_started(table, time.time())
