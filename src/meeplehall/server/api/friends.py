"""Friends: requests by name, accepting, declining, removing, the friends list, invitations.

Nobody learns from these answers whether a name exists: a request to any name gets the same
answer after the same work (the same lookups and one stored row, checked against nothing), and
stays in the sender's list as "sent" for good, whether nobody has that name, the person has not
answered, or they declined (a declined request is only detached from its addressee). Only the
user sees their own list.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.names import clean_name, login_key
from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.api.deps import hall_of, require_user
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import FriendRequest, Friendship, Seat, Table, User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.mail.mailer import Mail
from meeplehall.server.social.invites import (
    MAX_INVITED,
    check_friends,
    may_invite,
    send_invitations,
)
from meeplehall.server.social.notices import INVITE_MAIL_SECONDS, Notices

router = APIRouter(prefix="/api", tags=["friends"], route_class=StrictJSONRoute)

#: Open tables shown per friend.
TABLES_PER_FRIEND = 5


def registered_user(user: Annotated[User, Depends(require_user)]) -> User:
    if user.login is None:
        raise ApiError(403, "register_first",
                       "friends and e-mail are for registered users; register first")
    return user


Registered = Annotated[User, Depends(registered_user)]


class FriendRequestIn(BaseModel):
    name: str = Field(min_length=1, max_length=64)


class InviteIn(BaseModel):
    friends: list[int] = Field(min_length=1, max_length=MAX_INVITED)


@router.get("/friends")
async def friends_list(request: Request, user: Registered) -> dict[str, Any]:
    """My friends (online or not, their open tables), requests to me, and those I sent."""
    hall = hall_of(request)
    friends_json, open_tables, incoming, outgoing = await hall.database.look(
        _friends_of, user.id)
    ids = [friend["id"] for friend in friends_json]
    online = await hall.hub.online(ids) if ids else set()
    return {
        "friends": [{**friend, "online": friend["id"] in online,
                     "tables": open_tables[friend["id"]]} for friend in friends_json],
        "incoming": incoming,
        "outgoing": outgoing,
    }


def _friends_of(session: Session, user_id: int) -> tuple[Any, ...]:
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


@router.post("/friends/requests", status_code=202)
def send_request(body: FriendRequestIn, request: Request, user: Registered,
                 after: BackgroundTasks) -> dict[str, Any]:
    """Ask ``name`` to be my friend. The answer is the same whether the name exists or not,
    and so is the work done before it: the same queries, one row stored (its addressee is no
    foreign key, so storing it checks nothing more), and the addressee told only once the
    answer has gone."""
    name = clean_name(body.name, ApiError(422, "name_blank",
                                          "a name needs at least one visible character"))
    key = login_key(name)
    if key == user.login:
        raise ApiError(400, "friend_self", "you cannot be your own friend")
    hall_of(request).friend_limits.take(user.id)
    hall = hall_of(request)
    notify: tuple[int, str] | None = None
    with hall.db() as session:
        # Agents are nobody's friends: a request to one's name goes to nobody.
        target_id = session.scalar(select(User.id).where(User.login == key,
                                                         User.kind == "person"))
        mine = session.scalar(select(FriendRequest).where(FriendRequest.from_id == user.id,
                                                          FriendRequest.to_key == key))
        # The same lookups whether the name exists or not (0 is nobody's id), so the answer
        # takes as long either way.
        other = target_id if target_id is not None else 0
        theirs = session.scalar(select(FriendRequest).where(
            FriendRequest.from_id == other, FriendRequest.to_id == user.id))
        friends_already = session.get(Friendship, (user.id, other)) is not None
        if friends_already:
            pass  # friends already: nothing to store or tell
        elif theirs is not None and target_id is not None:
            # They asked me first: this answers their request.
            _befriend(session, user.id, target_id)
            notify = (target_id, "friend_accepted")
        elif mine is None:
            session.add(FriendRequest(from_id=user.id, to_key=key, to_name=name,
                                      to_id=target_id, created_at=time.time()))
            if target_id is not None:
                notify = (target_id, "friend_request")
    if notify is not None:
        # Run by the loop once the answer is sent: the sender's wait does not include it.
        after.add_task(_tell, hall.notices, user, *notify)
    return {"sent": True, "name": name}


async def _tell(notices: Notices | None, sender: User, target: int, kind: str) -> None:
    """Tell ``target`` of a friend request from ``sender`` (or that they are friends now)."""
    if notices is None:
        return
    mail = None
    if kind == "friend_request":
        mail = Mail(user_id=target, kind="friend", key=f"friend:{sender.id}",
                    window=INVITE_MAIL_SECONDS, path="/#friends", params={"name": sender.name})
    notices.push_later(target, kind, {"from": user_json(sender)}, mail)


def _befriend(session: Any, one: int, other: int) -> None:
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


def _incoming(session: Any, request_id: int, user_id: int) -> FriendRequest:
    row = session.get(FriendRequest, request_id) if is_id(request_id) else None
    if row is None or row.to_id != user_id:
        raise _no_request()
    return row  # type: ignore[no-any-return]


@router.post("/friends/requests/{request_id}/accept")
def accept_request(request_id: int, request: Request, user: Registered) -> dict[str, Any]:
    hall = hall_of(request)
    with hall.db() as session:
        row = _incoming(session, request_id, user.id)
        sender = session.get(User, row.from_id)
        assert sender is not None
        _befriend(session, user.id, sender.id)
        friend = user_json(sender)
    if hall.notices is not None:
        hall.notices.push_later(friend["id"], "friend_accepted", {"from": user_json(user)})
    return {"friend": friend}


@router.post("/friends/requests/{request_id}/decline", status_code=204)
def decline_request(request_id: int, request: Request, user: Registered) -> Response:
    """Decline: the sender's request is detached from me, so to them it stays as it was."""
    with hall_of(request).db() as session:
        _incoming(session, request_id, user.id).to_id = None
    return Response(status_code=204)


@router.delete("/friends/requests/{request_id}", status_code=204)
def cancel_request(request_id: int, request: Request, user: Registered) -> Response:
    """Take back a request I sent."""
    with hall_of(request).db() as session:
        row = session.get(FriendRequest, request_id) if is_id(request_id) else None
        if row is None or row.from_id != user.id:
            raise _no_request()
        session.delete(row)
    return Response(status_code=204)


@router.delete("/friends/{friend_id}", status_code=204)
def remove_friend(friend_id: int, request: Request, user: Registered) -> Response:
    with hall_of(request).db() as session:
        if not is_id(friend_id) or session.get(Friendship, (user.id, friend_id)) is None:
            raise ApiError(404, "not_friend", f"user {friend_id} is not among your friends",
                           {"user": friend_id})
        session.execute(delete(Friendship).where(or_(
            (Friendship.user_id == user.id) & (Friendship.friend_id == friend_id),
            (Friendship.user_id == friend_id) & (Friendship.friend_id == user.id),
        )))
    return Response(status_code=204)


@router.post("/tables/{table_id}/invite", status_code=202)
def invite_friends(table_id: int, body: InviteIn, request: Request,
                         user: Registered) -> dict[str, Any]:
    """Invite friends to a waiting table I own or sit at: each gets a notification with its
    link (the invite link of a private table)."""
    with hall_of(request).db() as session:
        table = session.get(Table, table_id) if is_id(table_id) else None
        if table is None or not may_invite(session, table, user.id):
            raise ApiError(403, "cannot_invite",
                           "you can invite friends only to a waiting table you own or sit at")
        friend_ids = check_friends(session, user.id, body.friends)
        hall_of(request).friend_limits.take(user.id, len(friend_ids))
        send_invitations(hall_of(request).notices, table, user, friend_ids)
    return {"invited": friend_ids}
