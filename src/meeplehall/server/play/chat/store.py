"""Reading and writing a table's chat, its reports and whether spectators may write in it:
synchronous, run in a worker thread."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.config import Settings
from meeplehall.server.db.ids import MAX_ID
from meeplehall.server.db.models import ChatMessage, ChatReport, Table, User
from meeplehall.server.errors import ApiError
from meeplehall.server.play.access import visible_table
from meeplehall.server.play.match import Rejection

#: Message rows deleted by one statement of the retention sweep.
DELETE_BATCH = 5000


@dataclass(frozen=True)
class ChatCaps:
    """What one table's chat may hold, and for how long it stays open (docs/security.md)."""

    per_table: int
    per_user: int
    grace_seconds: float

    @classmethod
    def of(cls, settings: Settings) -> ChatCaps:
        return cls(settings.chat_max_per_table, settings.chat_max_per_user,
                   settings.chat_grace_minutes * 60)


def message_json(row: ChatMessage, author: User, with_step: bool = False) -> dict[str, Any]:
    """A chat message as the protocol sends it; ``user.guest`` tells a guest's from a registered
    person's. ``step`` (where the replay shows it) only for a finished table's replay: while the
    game is played it would count secret moves."""
    data: dict[str, Any] = {
        "id": row.id,
        "user": user_json(author),
        "seats": list(row.seats),
        "text": row.text,
        "at": row.created_at,
    }
    if with_step:
        data["step"] = row.step
    return data


def check_open(session: Session, table_id: int, caps: ChatCaps, user_id: int,
               now: float) -> None:
    """Refuse (Rejection) a message the table's chat may not take: closed since the table
    ended, or full for the table or for this user. Read in the transaction that stores it."""
    ended = session.scalar(select(Table.finished_at).where(Table.id == table_id))
    if ended is not None and now >= ended + caps.grace_seconds:
        minutes = caps.grace_seconds / 60
        raise Rejection("chat_closed",
                        f"the table has ended: its chat closed {minutes:g} minutes after")
    held = session.scalar(select(func.count()).where(ChatMessage.table_id == table_id)) or 0
    if held >= caps.per_table:
        raise Rejection("chat_table_full",
                        f"this table's chat is full ({caps.per_table} messages)",
                        max=caps.per_table)
    mine = session.scalar(select(func.count()).where(
        ChatMessage.table_id == table_id, ChatMessage.user_id == user_id)) or 0
    if mine >= caps.per_user:
        raise Rejection("chat_user_full",
                        f"you have written {caps.per_user} messages at this table, the most "
                        "one person may", max=caps.per_user)


def add_message(session: Session, table_id: int, user_id: int, seats: list[int], step: int,
                text: str, caps: ChatCaps) -> dict[str, Any]:
    """Store one message (its text already checked) if the chat may take it (``check_open``)
    and return it as the protocol sends it."""
    now = time.time()
    check_open(session, table_id, caps, user_id, now)
    row = ChatMessage(table_id=table_id, user_id=user_id, seats=seats, step=step, text=text,
                      created_at=now)
    session.add(row)
    session.flush()
    author = session.get(User, user_id)
    assert author is not None
    return message_json(row, author)


def messages_before(session: Session, table_id: int, before: int | None, limit: int,
                    with_step: bool = False) -> tuple[list[dict[str, Any]], bool]:
    """Up to ``limit`` messages of the table older than message ``before`` (None: the newest),
    oldest first, and whether older ones remain."""
    query = (
        select(ChatMessage, User)
        .join(User, User.id == ChatMessage.user_id)
        .where(ChatMessage.table_id == table_id)
        .order_by(ChatMessage.id.desc())
        .limit(limit + 1)
    )
    if before is not None:
        # Ids end at MAX_ID: a larger ``before`` means "the newest", and must not reach
        # PostgreSQL, whose 32-bit column would refuse the value.
        query = query.where(ChatMessage.id <= min(before - 1, MAX_ID))
    rows = session.execute(query).all()
    more = len(rows) > limit
    page = [message_json(row, author, with_step) for row, author in reversed(rows[:limit])]
    return page, more


def recent_messages(session: Session, table_id: int, limit: int,
                    with_step: bool = False) -> tuple[list[dict[str, Any]], bool]:
    """The table's last ``limit`` messages, oldest first, and whether it has older ones."""
    return messages_before(session, table_id, None, limit, with_step)


def drop_ended_chat(session: Session, ended_before: float) -> list[int]:
    """Delete the chat (and the reports on it) of tables that ended before ``ended_before``;
    the ids of the tables whose chat went. One batch of rows: called again while it returns
    some, so no transaction grows with the backlog."""
    ended = select(Table.id).where(Table.finished_at < ended_before)
    rows = session.execute(
        select(ChatMessage.id, ChatMessage.table_id)
        .where(ChatMessage.table_id.in_(ended))
        .limit(DELETE_BATCH)
    ).all()
    if not rows:
        return []
    ids = [message_id for message_id, _table in rows]
    # Reports first: SQLite enforces the cascade only with its foreign-key pragma on.
    session.execute(delete(ChatReport).where(ChatReport.message_id.in_(ids)))
    session.execute(delete(ChatMessage).where(ChatMessage.id.in_(ids)))
    return sorted({table_id for _message, table_id in rows})


def message_author(session: Session, table_id: int, message_id: int) -> int | None:
    """The author of message ``message_id`` of this table; None if the table has no such one."""
    return session.scalar(
        select(ChatMessage.user_id).where(
            ChatMessage.id == message_id, ChatMessage.table_id == table_id
        )
    )


def add_report(session: Session, message_id: int, reporter_id: int, reason: str,
               note: str) -> bool:
    """Record a report; False (and nothing changed) if this person had reported it already."""
    known = session.scalar(
        select(ChatReport.id).where(
            ChatReport.message_id == message_id, ChatReport.reporter_id == reporter_id
        )
    )
    if known is not None:
        return False
    session.add(ChatReport(message_id=message_id, reporter_id=reporter_id, reason=reason,
                           note=note, created_at=time.time()))
    session.flush()
    return True


def allow_spectators(session: Session, table_id: int, user_id: int, allowed: bool) -> None:
    """Let spectators write in the table's chat, or not: its owner's choice only (403
    ``not_owner`` for anyone else who sees the table, 404 for whoever does not)."""
    table = visible_table(session, table_id, user_id, None)
    if table.owner_id != user_id:
        raise ApiError(403, "not_owner", "only the table's owner can change this")
    table.spectator_chat = allowed
