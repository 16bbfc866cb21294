"""Friends in the database: requests by name, accepting, declining, taking back, ending a
friendship, and a person's list (friends with their open tables, requests both ways).

Nobody learns from a request whether a name exists: a request to any name does the same work
(the same lookups and one stored row, checked against nothing), and stays in the sender's list
as "sent" for good, whether nobody has that name, the person has not answered, or they declined
(a declined request is only detached from its addressee). Agents are nobody's friends.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import FriendRequest, Friendship, Seat, Table, User
from meeplehall.server.errors import ApiError
from meeplehall.server.mail.mailer import Mail
from meeplehall.server.social.notices import INVITE_MAIL_SECONDS, Notices

#: Open tables shown per friend.
TABLES_PER_FRIEND = 5


def friends_of(session: Session, user_id: int) -> tuple[Any, ...]:
    """The user's friends (as User objects), each friend's open public tables (at most
    ``TABLES_PER_FRIEND``), the requests to the user and those they sent."""
    user = session.get(User, user_id)
    assert user is not None
    friends = session.scalars(
        select(User).join(Friendship, Friendship.friend_id == User.id)
        .where(Friendship.user_id == user.id).order_by(User.name)
    ).all()
    incoming = session.execute(
        select(FriendRequest.id, User).join(User, User.id == FriendRequest.from_id)
        .where(FriendRequest.to_id == user.id).order_by(FriendRequest.id)
    ).all()
    outgoing = session.execute(
        select(FriendRequest.id, FriendRequest.to_name)
        .where(FriendRequest.from_id == user.id).order_by(FriendRequest.id)
    ).all()
    ids = [friend.id for friend in friends]
    seated = select(Seat.table_id).where(Seat.user_id.in_(ids))
    tables = session.scalars(
        select(Table).where(Table.status == "waiting", Table.visibility == "public",
                            or_(Table.owner_id.in_(ids), Table.id.in_(seated)))
        .order_by(Table.id.desc()).limit(200)
    ).all()
    sitters: dict[int, set[int | None]] = {}
    for table_id, sitter in session.execute(
        select(Seat.table_id, Seat.user_id).where(Seat.table_id.in_([t.id for t in tables]))
    ):
        sitters.setdefault(table_id, set()).add(sitter)
    open_tables: dict[int, list[dict[str, Any]]] = {friend_id: [] for friend_id in ids}
    for table in tables:
        for friend_id in ids:
            there = table.owner_id == friend_id or friend_id in sitters.get(table.id, ())
            if there and len(open_tables[friend_id]) < TABLES_PER_FRIEND:
                open_tables[friend_id].append(
                    {"id": table.id, "game": table.game, "players": table.players})
    friends_json = [user_json(friend) for friend in friends]
    incoming_json = [{"id": rid, "from": user_json(sender)} for rid, sender in incoming]
    outgoing_json = [{"id": rid, "name": name} for rid, name in outgoing]
    return friends_json, open_tables, incoming_json, outgoing_json


def ask(session: Session, user_id: int, name: str, key: str) -> tuple[int, str] | None:
    """Ask the person whose login key is ``key`` (shown as ``name``) to be the user's friend;
    whom to tell of what once the answer has gone (None: nobody)."""
    # Agents are nobody's friends: a request to one's name goes to nobody.
    target_id = session.scalar(select(User.id).where(User.login == key,
                                                     User.kind == "person"))
    mine = session.scalar(select(FriendRequest).where(FriendRequest.from_id == user_id,
                                                      FriendRequest.to_key == key))
    # The same lookups whether the name exists or not (0 is nobody's id), so the answer
    # takes as long either way.
    other = target_id if target_id is not None else 0
    theirs = session.scalar(select(FriendRequest).where(
        FriendRequest.from_id == other, FriendRequest.to_id == user_id))
    friends_already = session.get(Friendship, (user_id, other)) is not None
    if friends_already:
        return None  # friends already: nothing to store or tell
    if theirs is not None and target_id is not None:
        # They asked me first: this answers their request.
        befriend(session, user_id, target_id)
        return target_id, "friend_accepted"
    if mine is None:
        session.add(FriendRequest(from_id=user_id, to_key=key, to_name=name,
                                  to_id=target_id, created_at=time.time()))
        if target_id is not None:
            return target_id, "friend_request"
    return None


async def tell(notices: Notices | None, sender: User, target: int, kind: str) -> None:
    """Tell ``target`` of a friend request from ``sender`` (or that they are friends now)."""
    if notices is None:
        return
    mail = None
    if kind == "friend_request":
        mail = Mail(user_id=target, kind="friend", key=f"friend:{sender.id}",
                    window=INVITE_MAIL_SECONDS, path="/#friends", params={"name": sender.name})
    notices.push_later(target, kind, {"from": user_json(sender)}, mail)


def befriend(session: Session, one: int, other: int) -> None:
    """Make ``one`` and ``other`` friends; their requests to each other are answered."""
    now = time.time()
    for user_id, friend_id in ((one, other), (other, one)):
        if session.get(Friendship, (user_id, friend_id)) is None:
            session.add(Friendship(user_id=user_id, friend_id=friend_id, since=now))
    session.execute(delete(FriendRequest).where(or_(
        (FriendRequest.from_id == one) & (FriendRequest.to_id == other),
        (FriendRequest.from_id == other) & (FriendRequest.to_id == one),
    )))


def _no_request() -> ApiError:
    return ApiError(404, "no_request", "no such friend request")


def _incoming(session: Session, request_id: int, user_id: int) -> FriendRequest:
    row = session.get(FriendRequest, request_id) if is_id(request_id) else None
    if row is None or row.to_id != user_id:
        raise _no_request()
    return row


def accept(session: Session, request_id: int, user_id: int) -> User:
    """Accept a request to the user (404 ``no_request`` for any other); the new friend."""
    row = _incoming(session, request_id, user_id)
    sender = session.get(User, row.from_id)
    assert sender is not None
    befriend(session, user_id, sender.id)
    return sender


def decline(session: Session, request_id: int, user_id: int) -> None:
    """Decline: the sender's request is detached from the user, so to them it stays as it
    was."""
    _incoming(session, request_id, user_id).to_id = None


def take_back(session: Session, request_id: int, user_id: int) -> None:
    """Take back a request the user sent (404 ``no_request`` for any other)."""
    row = session.get(FriendRequest, request_id) if is_id(request_id) else None
    if row is None or row.from_id != user_id:
        raise _no_request()
    session.delete(row)


def unfriend(session: Session, user_id: int, friend_id: int) -> None:
    """End a friendship, for both (404 ``not_friend`` when there is none)."""
    if not is_id(friend_id) or session.get(Friendship, (user_id, friend_id)) is None:
        raise ApiError(404, "not_friend", f"user {friend_id} is not among your friends",
                       {"user": friend_id})
    session.execute(delete(Friendship).where(or_(
        (Friendship.user_id == user_id) & (Friendship.friend_id == friend_id),
        (Friendship.user_id == friend_id) & (Friendship.friend_id == user_id),
    )))
