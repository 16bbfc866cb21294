"""The Table object of the protocol: a table as one viewer may see it, with its live state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.models import Seat, Table, User
from meeplehall.server.play.access import visible_table

if TYPE_CHECKING:
    from meeplehall.server.play.room import Room

#: Builds the Table object for a viewer: (table id, viewer's user id) -> JSON.
Describe = Callable[[int, int | None], dict[str, Any]]


def origin_json(table: Table) -> dict[str, Any] | None:
    """Where a practice table came from, as the Table object says it (None: a table of its own)."""
    if table.origin_step is None:
        return None
    return {"table": table.origin_table_id, "step": table.origin_step}


def describe_table(session: Session, table: Table, viewer: int | None,
                   live: dict[str, Any] | None = None) -> dict[str, Any]:
    """The Table object of the protocol, as ``viewer`` may see it."""
    return describe_tables(session, [table], viewer, {table.id: live})[0]


def describe_tables(session: Session, tables: Sequence[Table], viewer: int | None,
                    live: dict[int, dict[str, Any] | None]) -> list[dict[str, Any]]:
    """Several tables as ``viewer`` may see them, in their order: their seats and people are
    read with one query each, however many tables there are (the lobby's lists)."""
    seats_of: dict[int, list[Seat]] = {table.id: [] for table in tables}
    for seat in session.scalars(
        select(Seat).where(Seat.table_id.in_(list(seats_of))).order_by(Seat.table_id, Seat.seat)
    ):
        seats_of[seat.table_id].append(seat)
    user_ids = {s.user_id for seats in seats_of.values() for s in seats if s.user_id is not None}
    user_ids |= {table.owner_id for table in tables if table.owner_id is not None}
    users = {u.id: u for u in session.scalars(select(User).where(User.id.in_(user_ids)))}
    return [_described(table, seats_of[table.id], users, viewer, live.get(table.id))
            for table in tables]


def _described(table: Table, seats: list[Seat], users: dict[int, User], viewer: int | None,
               live: dict[str, Any] | None) -> dict[str, Any]:
    mine = [s.seat for s in seats if viewer is not None and s.user_id == viewer]
    to_move = list((live or {}).get("to_move", []))
    data: dict[str, Any] = {
        "id": table.id,
        "game": table.game,
        "options": table.options,
        "players": table.players,
        "status": table.status,
        "mode": table.mode,
        "clock": {
            "initial_ms": table.initial_ms,
            "increment_ms": table.increment_ms,
            "move_deadline_ms": table.move_deadline_ms,
        },
        "visibility": table.visibility,
        "rated": table.rated,
        "hints": table.hints and not table.rated,
        "spectator_chat": table.spectator_chat,
        #: Whether agents may take a seat ("agents welcome").
        "agents": table.agents,
        "owner": user_json(users[table.owner_id]) if table.owner_id in users else None,
        "seats": [
            {
                "seat": s.seat,
                "user": user_json(users[s.user_id]) if s.user_id in users else None,
                "bot_level": s.bot_level,
                "replaced": s.replaced,
                # Who sits: "person", "agent" or "bot" (null: a free seat).
                "kind": _kind(s, users),
            }
            for s in seats
        ],
        # While playing, the public count: the log's length would count secret moves.
        "seq": table.seq if table.status == "finished" else (live or {}).get("seq"),
        "to_move": to_move,
        "waiting_for_me": any(seat in to_move for seat in mine)
        and not any(seats[seat].replaced for seat in mine if seat in to_move),
        "created_at": table.created_at,
        "started_at": table.started_at,
        "finished_at": table.finished_at,
        # A practice table's source: "from move N of table X" (history/practice.py).
        "origin": origin_json(table),
    }
    if table.status == "finished" and table.result:
        # What a finished-games list shows: who won and the scores (the rest: /result).
        data["result"] = {"scores": table.result.get("scores", []),
                          "winners": table.result.get("winners", [])}
    if table.invite_token and (mine or viewer == table.owner_id):
        data["invite_token"] = table.invite_token
    return data


def _kind(seat: Seat, users: dict[int, User]) -> str | None:
    if seat.bot_level is not None:
        return "bot"
    user = users.get(seat.user_id) if seat.user_id is not None else None
    if user is None:
        return None
    return "agent" if user.kind == "agent" else "person"


def live_info(rooms: dict[int, Room], table_id: int) -> dict[str, Any] | None:
    """The live part of a table held in memory: its public seq and who is to move."""
    room = rooms.get(table_id)
    if room is None or room.match is None:
        return None
    return {"seq": room.match.seq_for(None), "to_move": room.to_move()}


def describe_visible(session: Session, table_id: int, viewer: int | None,
                     rooms: dict[int, Room]) -> dict[str, Any]:
    """The table as ``viewer`` sees it, live state included; 404 when they may not see it."""
    table = visible_table(session, table_id, viewer, None)
    return describe_table(session, table, viewer, live_info(rooms, table_id))


def describer_in(rooms: dict[int, Room]) -> Callable[[Session, int, int | None], dict[str, Any]]:
    """``describe(session, table_id, viewer)`` in the caller's transaction ({} when gone)."""

    def describe(session: Session, table_id: int, viewer: int | None) -> dict[str, Any]:
        table = session.get(Table, table_id)
        if table is None:
            return {}
        return describe_table(session, table, viewer, live_info(rooms, table_id))

    return describe


def describer(session_factory: Callable[[], Any], rooms: dict[int, Room]) -> Describe:
    """``describe(table_id, viewer)`` in a transaction of its own (for a worker thread)."""

    in_session = describer_in(rooms)

    def describe(table_id: int, viewer: int | None) -> dict[str, Any]:
        with session_factory() as session:
            return in_session(session, table_id, viewer)

    return describe
