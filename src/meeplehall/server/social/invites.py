"""Inviting friends to a table: each gets a notification with the table's link (and e-mail
when away). Only friends can be invited, by whoever owns or sits at a waiting table."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.core.registry import get_game
from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import Friendship, Seat, Table, User
from meeplehall.server.errors import ApiError
from meeplehall.server.mail.mailer import Mail
from meeplehall.server.social.notices import INVITE_MAIL_SECONDS, Notices

#: Friends one invitation may name.
MAX_INVITED = 20


def check_friends(session: Session, user_id: int, friend_ids: list[int]) -> list[int]:
    """``friend_ids`` without repeats, once each is known to be the user's friend."""
    wanted = list(dict.fromkeys(friend_ids))
    friends = set(session.scalars(
        select(Friendship.friend_id).where(Friendship.user_id == user_id,
                                           Friendship.friend_id.in_(wanted))
    ))
    for friend_id in wanted:
        if friend_id not in friends:
            raise ApiError(400, "not_friend", f"user {friend_id} is not among your friends",
                           {"user": friend_id})
    return wanted


def invitable_table(session: Session, table_id: int, user_id: int) -> Table:
    """The table the user may invite friends to (403 ``cannot_invite`` for any other)."""
    table = session.get(Table, table_id) if is_id(table_id) else None
    if table is None or not may_invite(session, table, user_id):
        raise ApiError(403, "cannot_invite",
                       "you can invite friends only to a waiting table you own or sit at")
    return table


def may_invite(session: Session, table: Table, user_id: int) -> bool:
    if table.status != "waiting":
        return False
    if table.owner_id == user_id:
        return True
    seated = session.scalar(
        select(Seat.seat).where(Seat.table_id == table.id, Seat.user_id == user_id).limit(1)
    )
    return seated is not None


def send_invitations(notices: Notices, table: Table, inviter: User,
                     friend_ids: list[int]) -> None:
    """Tell each friend (checked, and charged to the inviter's requests, already) about
    ``table``, off the request's path."""
    link = f"/tables/{table.id}" + (f"?invite={table.invite_token}" if table.invite_token else "")
    title = get_game(table.game).title
    data = {"table": table.id, "game": table.game, "title": title,
            "from": user_json(inviter), "link": link}
    for friend_id in friend_ids:
        mail = Mail(user_id=friend_id, kind="invite", key=f"invite:{table.id}",
                    window=INVITE_MAIL_SECONDS, path=link,
                    params={"name": inviter.name, "game": title, "table": table.id})
        notices.push_later(friend_id, "invite", data, mail)
