"""Telling people: a table waiting for their move (live count, e-mail when away), and
notifications kept until read (invitations, friend requests) pushed to their channel."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from meeplehall.core.registry import get_game
from meeplehall.server.config import Settings
from meeplehall.server.db.access import Database
from meeplehall.server.db.models import Contact, Notification, Seat, Table
from meeplehall.server.loop import LoopBound
from meeplehall.server.mail.mailer import Mail, Mailer
from meeplehall.server.play.manager import TableManager
from meeplehall.server.social.presence import Hub

if TYPE_CHECKING:
    from meeplehall.server.play.room import Room

log = logging.getLogger("meeplehall.server")

#: Unread notifications a channel is sent when it opens (the newest).
RECENT_NOTIFICATIONS = 20
#: Invitations and friend-request e-mail: at most one per person and subject in this long.
INVITE_MAIL_SECONDS = 24 * 3600.0


def unread_notifications(session: Session, user_id: int) -> list[dict[str, Any]]:
    """The user's newest unread notifications (``RECENT_NOTIFICATIONS``), oldest first."""
    rows = session.scalars(
        select(Notification).where(Notification.user_id == user_id, ~Notification.read)
        .order_by(Notification.id.desc()).limit(RECENT_NOTIFICATIONS)
    ).all()
    return [notification_json(row) for row in reversed(rows)]


def mark_read(session: Session, user_id: int, notification_id: int) -> None:
    """Mark one of the user's notifications read (anyone else's is left alone)."""
    session.execute(update(Notification).where(
        Notification.user_id == user_id, Notification.id == notification_id
    ).values(read=True))


def _playing_tables_of(session: Any, user_id: int) -> list[int]:
    mine = select(Seat.table_id).where(Seat.user_id == user_id)
    return list(session.scalars(
        select(Table.id).where(Table.id.in_(mine), Table.status == "playing")
    ))


def _last_seen(session: Any, user_id: int) -> float | None:
    contact = session.get(Contact, user_id)
    return contact.last_seen_at if contact is not None else None


def _store(session: Any, user_id: int, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    row = Notification(user_id=user_id, kind=kind, data=data, created_at=time.time(),
                       read=False)
    session.add(row)
    session.flush()
    return notification_json(row)


def _close_invitations(session: Any, table_ids: list[int]) -> list[tuple[int, int]]:
    """Mark read the unread invitations to these tables; (user, notification) of each."""
    rows = session.scalars(select(Notification).where(
        Notification.kind == "invite", ~Notification.read,
        Notification.data["table"].as_integer().in_(table_ids),
    )).all()
    for row in rows:
        row.read = True
    return [(row.user_id, row.id) for row in rows]


def notification_json(row: Notification) -> dict[str, Any]:
    return {"id": row.id, "kind": row.kind, "data": row.data, "created_at": row.created_at}


class Notices:
    def __init__(self, database: Database, manager: TableManager, settings: Settings,
                 hub: Hub, mailer: Mailer) -> None:
        self.database = database
        self.manager = manager
        self.settings = settings
        self.hub = hub
        self.mailer = mailer
        #: Per table, the (user, seat) pairs to move at its last change this process saw.
        self.to_move: dict[int, set[tuple[int, int]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop = LoopBound()
        hub.recount = self.waiting_message

    def _spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` as a task; callable from a request's worker thread too."""
        self._loop.call(self._start, coroutine)

    def _start(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- tables waiting for a move -------------------------------------------------------------

    def table_changed(self, room: Room) -> None:
        """After any change of a table: whose move it is now, against the last time."""
        table_id = room.record.id
        now: set[tuple[int, int]] = set()
        if room.record.status == "playing":
            for seat in room.to_move():
                state = room.seats[seat]
                if state.user_id is not None and not state.by_bot:
                    now.add((state.user_id, seat))
        before = self.to_move.pop(table_id, set())
        if now:
            self.to_move[table_id] = now
        changed = before ^ now
        if not changed:
            return
        for user_id in {user for user, _seat in changed}:
            self._spawn(self.hub.tell(user_id, {"type": "recount"}))
        if room.record.rules.mode == "turn":
            for user_id, seat in now - before:
                self._spawn(self._turn_mail(user_id, room, seat))

    async def waiting_for(self, user_id: int) -> list[int]:
        """The tables in play where one of the user's seats is to move now."""
        ids = await self.database.run(_playing_tables_of, user_id)
        waiting = []
        for table_id in ids:
            room = await self.manager.room(table_id)
            if room is None or room.record.status != "playing":
                continue
            if any(room.seats[seat].user_id == user_id and not room.seats[seat].by_bot
                   for seat in room.to_move()):
                waiting.append(table_id)
        return sorted(waiting)

    async def waiting_message(self, user_id: int) -> dict[str, Any]:
        tables = await self.waiting_for(user_id)
        return {"type": "waiting", "count": len(tables), "tables": tables}

    async def away(self, user_id: int) -> bool:
        """Not online now, and not for ``away_minutes`` either."""
        if await self.hub.online([user_id]):
            return False
        seen = await self.database.run(_last_seen, user_id)
        return seen is None or time.time() - seen >= self.settings.away_minutes * 60

    async def _turn_mail(self, user_id: int, room: Room, seat: int) -> None:
        if not self.mailer.enabled:
            return
        try:
            if not await self.away(user_id):
                return
            table_id = room.record.id
            self.mailer.submit(Mail(
                user_id=user_id, kind="turn", key=f"turn:{table_id}",
                window=self.settings.mail_turn_hours * 3600,
                path=f"/tables/{table_id}?seat={seat}",
                params={"game": get_game(room.record.game).title, "table": table_id},
            ))
        except Exception:
            log.exception("table %s: could not queue a turn e-mail", room.record.id)

    # -- notifications ---------------------------------------------------------------------------

    async def push(self, user_id: int, kind: str, data: dict[str, Any],
                   mail: Mail | None = None) -> None:
        """Keep a notification for the user, send it to their open pages, and e-mail it if
        they are away."""
        try:
            stored = await self.database.run(_store, user_id, kind, data)
            await self.hub.tell(user_id, {"type": "notification", "notification": stored})
            if mail is not None and self.mailer.enabled and await self.away(user_id):
                self.mailer.submit(mail)
        except Exception:
            log.exception("user %s: a %s notification failed", user_id, kind)

    def push_later(self, user_id: int, kind: str, data: dict[str, Any],
                   mail: Mail | None = None) -> None:
        """``push`` off the request's path (its answer must not wait for, or show, it)."""
        self._spawn(self.push(user_id, kind, data, mail))

    async def close_invitations(self, table_ids: list[int]) -> None:
        """Tables that no longer wait for players (started, or removed): an invitation to one
        offers nothing now, so it is marked read and taken off the invited people's pages."""
        try:
            closed = await self.database.run(_close_invitations, table_ids)
            for user_id, notification_id in closed:
                await self.hub.tell(user_id, {"type": "notification_closed", "id": notification_id})
        except Exception:
            log.exception("tables %s: could not close their invitations", table_ids)

    def close_invitations_later(self, table_ids: list[int]) -> None:
        """``close_invitations`` off the request's path."""
        self._spawn(self.close_invitations(table_ids))
