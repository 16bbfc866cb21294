"""What an operator may do to users and tables, as database work shared by the
``meeplehall admin`` commands and the admin API (admin.py).

Users are named as the operator knows them: a registered name (any case), or ``id:42`` for any
user, guests included. Every change is one transaction: a refused one changes nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, aliased

from meeplehall.server.accounts.names import login_key
from meeplehall.server.db.models import ChatMessage, ChatReport, Table, User
from meeplehall.server.db.models import Session as SessionRow

#: Table statuses in which a table is still in play (an abort stops them).
OPEN_STATUSES = ("waiting", "playing")
#: The status of a table an operator stopped: kept, never continued, nobody ranked.
ABORTED = "aborted"
MAX_REASON = 200


class NoSuchUser(LookupError):
    def __init__(self, who: str) -> None:
        super().__init__(f"no user {who!r} (a registered name, or id:NUMBER)")
        self.who = who


class NoSuchTable(LookupError):
    def __init__(self, table_id: int) -> None:
        super().__init__(f"no table {table_id}")
        self.table_id = table_id


class TableOver(ValueError):
    def __init__(self, table_id: int, status: str) -> None:
        super().__init__(f"table {table_id} is {status} already; only waiting or playing "
                         "tables can be aborted")
        self.table_id = table_id
        self.status = status


@dataclass(frozen=True)
class UserInfo:
    id: int
    name: str
    login: str | None
    admin: bool
    banned: bool
    ban_reason: str | None

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "guest": self.login is None,
                "admin": self.admin, "banned": self.banned, "ban_reason": self.ban_reason}


def info(user: User) -> UserInfo:
    return UserInfo(user.id, user.name, user.login, bool(user.is_admin),
                    user.banned_at is not None, user.ban_reason)


def find_user(session: Session, who: str) -> User:
    """The user a registered name or ``id:N`` names; NoSuchUser otherwise."""
    text = who.strip()
    user: User | None = None
    if text.lower().startswith("id:"):
        digits = text[3:].strip()
        if digits.isdigit() and len(digits) <= 10:
            user = session.get(User, int(digits))
    elif text:
        user = session.scalar(select(User).where(User.login == login_key(text)))
    if user is None:
        raise NoSuchUser(who)
    return user


def user_by_id(session: Session, user_id: int) -> User:
    user = session.get(User, user_id)
    if user is None:
        raise NoSuchUser(f"id:{user_id}")
    return user


def end_sessions(session: Session, user: User) -> None:
    """Log the user out everywhere."""
    session.execute(delete(SessionRow).where(SessionRow.user_id == user.id))


def set_admin(session: Session, user: User, admin: bool) -> UserInfo:
    user.is_admin = admin
    return info(user)


def admin_count(session: Session) -> int:
    return int(session.scalar(select(func.count()).select_from(User).where(User.is_admin)) or 0)


def set_password(session: Session, user: User, password_hash: str) -> UserInfo:
    """A new password hash; every session of the user ends (they log in with it)."""
    user.password_hash = password_hash
    end_sessions(session, user)
    return info(user)


def ban(session: Session, user: User, reason: str) -> UserInfo:
    """The user can no longer log in or act; their sessions end. A ban again updates the
    reason and keeps the first time."""
    if user.banned_at is None:
        user.banned_at = time.time()
    user.ban_reason = reason.strip()[:MAX_REASON] or None
    end_sessions(session, user)
    return info(user)


def unban(session: Session, user: User) -> UserInfo:
    user.banned_at = None
    user.ban_reason = None
    return info(user)


def abort_table(session: Session, table_id: int) -> str:
    """Stop a waiting or playing table for good: status ``aborted`` (no result, no ratings, the
    seed stays secret); returns the status it had."""
    table = session.get(Table, table_id)
    if table is None:
        raise NoSuchTable(table_id)
    if table.status not in OPEN_STATUSES:
        raise TableOver(table_id, table.status)
    before = table.status
    table.status = ABORTED
    table.owner_address = None  # kept only while the table is unfinished
    table.finished_at = time.time()
    return before


def delete_table(session: Session, table_id: int) -> str:
    """Remove a table with its seats and action log (the database cascades); returns the
    status it had."""
    table = session.get(Table, table_id)
    if table is None:
        raise NoSuchTable(table_id)
    status = table.status
    session.delete(table)
    return status


#: Chat reports listed at most at once (the newest first).
MAX_REPORTS = 500


def chat_reports(session: Session, limit: int = 100) -> list[dict[str, Any]]:
    """The newest chat reports: who reported which message, why, and who wrote it where."""
    reporter, author = aliased(User), aliased(User)
    rows = session.execute(
        select(ChatReport, ChatMessage, reporter, author)
        .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
        .join(reporter, reporter.id == ChatReport.reporter_id)
        .join(author, author.id == ChatMessage.user_id)
        .order_by(ChatReport.id.desc())
        .limit(max(1, min(limit, MAX_REPORTS)))
    ).all()
    return [
        {"id": report.id, "created_at": report.created_at, "reason": report.reason,
         "note": report.note, "reporter": {"id": by.id, "name": by.name},
         "message": {"id": message.id, "table": message.table_id, "text": message.text,
                     "created_at": message.created_at,
                     "author": {"id": wrote.id, "name": wrote.name}}}
        for report, message, by, wrote in rows
    ]
