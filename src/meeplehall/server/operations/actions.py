"""What an operator may do to users and tables, as database work shared by the
``meeplehall admin`` commands and the admin API (admin.py).

Users are named as the operator knows them: a registered name (any case), or ``id:42`` for any
user, guests included. Every change is one transaction: a refused one changes nothing. Every
change is logged in that transaction (``admin_actions``) with who made it (an ``Actor``).

An admin never learns a user's password: the admin API's reset makes the password one nobody
knows, ends the user's sessions and mails them a one-time link to choose a new one
(``reset_password``); only the operator, at the command line, sets a password itself
(``set_password``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, aliased

from meeplehall.server.accounts.names import login_key
from meeplehall.server.accounts.passwords import fingerprint
from meeplehall.server.db.models import AdminAction, ChatMessage, ChatReport, Contact, Table, User
from meeplehall.server.db.models import Session as SessionRow
from meeplehall.server.mail import tokens as link_tokens
from meeplehall.server.mail.mailer import Mail, claim_now

#: Table statuses in which a table is still in play (an abort stops them).
OPEN_STATUSES = ("waiting", "playing")
#: The status of a table an operator stopped: kept, never continued, nobody ranked.
ABORTED = "aborted"
MAX_REASON = 200
#: Seconds a password-reset link works, and least seconds between two reset e-mails to a user.
RESET_FOR = 24 * 3600.0
RESET_MAIL_EVERY = 60.0


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


class GuestHasNoPassword(ValueError):
    def __init__(self, user_id: int) -> None:
        super().__init__(f"user {user_id} is a guest, who has no password")
        self.user_id = user_id


class ResetMailedLately(ValueError):
    """A reset e-mail went to the user less than RESET_MAIL_EVERY seconds ago: another reset
    now would void its link without a new one going out."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"a reset e-mail went out less than {RESET_MAIL_EVERY:.0f} seconds ago")
        self.seconds = seconds


@dataclass(frozen=True)
class Actor:
    """Who made a change: an admin (through the API) or the command line (user_id None)."""

    user_id: int | None
    name: str

    @staticmethod
    def admin(user: User) -> Actor:
        return Actor(user.id, user.name)


def record(session: Session, by: Actor, action: str, target: str, **details: Any) -> None:
    """Log an operator's action in the transaction making it."""
    session.add(AdminAction(at=time.time(), actor_id=by.user_id, actor=by.name[:80],
                            action=action, target=target, details=details))


def _user_target(user: User) -> str:
    return f"user:{user.id}"


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


def set_admin(session: Session, user: User, admin: bool, by: Actor) -> UserInfo:
    user.is_admin = admin
    record(session, by, "make_admin" if admin else "remove_admin", _user_target(user),
           name=user.name)
    return info(user)


def set_password(session: Session, user: User, password_hash: str, by: Actor) -> UserInfo:
    """The operator's reset (command line): a new password hash; every session of the user
    ends (they log in with it)."""
    if user.login is None:
        raise GuestHasNoPassword(user.id)
    user.password_hash = password_hash
    end_sessions(session, user)
    record(session, by, "set_password", _user_target(user), name=user.name)
    return info(user)


def reset_password(session: Session, user: User, unusable_hash: str, by: Actor,
                   link_key: str | None) -> tuple[UserInfo, Mail | None]:
    """An admin's reset: the password becomes ``unusable_hash`` (of a secret nobody is told),
    every session of the user ends, and, when the hall sends e-mail (``link_key`` given) and
    the user has a confirmed address, the e-mail with a one-time link to choose a new
    password, to submit once this transaction is committed. Without one, the user gets back
    in through the operator (``meeplehall admin reset-password``)."""
    if user.login is None:
        raise GuestHasNoPassword(user.id)
    contact = session.get(Contact, user.id)
    address = contact.email if contact is not None and contact.verified else None
    mail: Mail | None = None
    if link_key is not None and address:
        wait = claim_now(session, user.id, "reset", RESET_MAIL_EVERY)
        if wait:
            raise ResetMailedLately(wait)
        token = link_tokens.sign(link_key, "reset",
                                {"u": user.id, "h": fingerprint(unusable_hash)})
        mail = Mail(user_id=user.id, kind="reset", key=None, window=RESET_MAIL_EVERY,
                    path=f"/reset-password?token={token}", address=address,
                    params={"hours": int(RESET_FOR // 3600)})
    user.password_hash = unusable_hash
    end_sessions(session, user)
    record(session, by, "reset_password", _user_target(user), name=user.name,
           mailed=mail is not None)
    return info(user), mail


def ban(session: Session, user: User, reason: str, by: Actor) -> UserInfo:
    """The user can no longer log in or act; their sessions end. A ban again updates the
    reason and keeps the first time."""
    if user.banned_at is None:
        user.banned_at = time.time()
    user.ban_reason = reason.strip()[:MAX_REASON] or None
    end_sessions(session, user)
    record(session, by, "ban", _user_target(user), name=user.name, reason=user.ban_reason)
    return info(user)


def unban(session: Session, user: User, by: Actor) -> UserInfo:
    user.banned_at = None
    user.ban_reason = None
    record(session, by, "unban", _user_target(user), name=user.name)
    return info(user)


def abort_table(session: Session, table_id: int, by: Actor) -> str:
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
    record(session, by, "abort_table", f"table:{table_id}", game=table.game, was=before)
    return before


def delete_table(session: Session, table_id: int, by: Actor) -> str:
    """Remove a table with its seats and action log (the database cascades); returns the
    status it had."""
    table = session.get(Table, table_id)
    if table is None:
        raise NoSuchTable(table_id)
    status = table.status
    record(session, by, "delete_table", f"table:{table_id}", game=table.game, was=status)
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


#: Logged actions listed at most at once (the newest first).
MAX_ACTIONS = 500


def admin_actions(session: Session, limit: int = 100) -> list[dict[str, Any]]:
    """The newest logged operators' actions: when, who, what, to whom, and the details."""
    rows = session.scalars(
        select(AdminAction).order_by(AdminAction.id.desc()).limit(max(1, min(limit, MAX_ACTIONS)))
    ).all()
    return [
        {"id": row.id, "at": row.at, "actor": {"id": row.actor_id, "name": row.actor},
         "action": row.action, "target": row.target, "details": row.details}
        for row in rows
    ]
