"""Reading and writing a table's chat and its reports: synchronous, run in a worker thread."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.models import ChatMessage, ChatReport, User


def message_json(row: ChatMessage, author: User, with_step: bool = False) -> dict[str, Any]:
    """A chat message as the protocol sends it. ``step`` (where the replay shows it) only for a
    finished table's replay: while the game is played it would count secret moves."""
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


def add_message(session: Session, table_id: int, user_id: int, seats: list[int], step: int,
                text: str) -> dict[str, Any]:
    """Store one message (already checked) and return it as the protocol sends it."""
    row = ChatMessage(table_id=table_id, user_id=user_id, seats=seats, step=step, text=text,
                      created_at=time.time())
    session.add(row)
    session.flush()
    author = session.get(User, user_id)
    assert author is not None
    return message_json(row, author)


def recent_messages(session: Session, table_id: int, limit: int) -> list[dict[str, Any]]:
    """The table's last ``limit`` messages, oldest first."""
    rows = session.execute(
        select(ChatMessage, User)
        .join(User, User.id == ChatMessage.user_id)
        .where(ChatMessage.table_id == table_id)
        .order_by(ChatMessage.id.desc())
        .limit(limit)
    ).all()
    return [message_json(row, author) for row, author in reversed(rows)]


def all_messages(session: Session, table_id: int) -> list[dict[str, Any]]:
    """Every message of the table with the step it was said at, oldest first (for the replay)."""
    rows = session.execute(
        select(ChatMessage, User)
        .join(User, User.id == ChatMessage.user_id)
        .where(ChatMessage.table_id == table_id)
        .order_by(ChatMessage.id)
    ).all()
    return [message_json(row, author, with_step=True) for row, author in rows]


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
