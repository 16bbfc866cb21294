"""Friends: requests by name, accepting, declining, removing, the friends list, invitations
(social/friends.py and social/invites.py keep them in the database).

Nobody learns from these answers whether a name exists: a request to any name gets the same
answer after the same work, whether nobody has that name, the person has not answered, or they
declined. Only the user sees their own list.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Request, Response
from pydantic import BaseModel, Field

from meeplehall.server.accounts.names import clean_name, login_key
from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.api.deps import hall_of, require_user
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.social import friends
from meeplehall.server.social.invites import (
    MAX_INVITED,
    check_friends,
    invitable_table,
    send_invitations,
)

router = APIRouter(prefix="/api", tags=["friends"], route_class=StrictJSONRoute)


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
        friends.friends_of, user.id)
    ids = [friend["id"] for friend in friends_json]
    online = await hall.hub.online(ids) if ids else set()
    return {
        "friends": [{**friend, "online": friend["id"] in online,
                     "tables": open_tables[friend["id"]]} for friend in friends_json],
        "incoming": incoming,
        "outgoing": outgoing,
    }


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
    with hall.db() as session:
        notify = friends.ask(session, user.id, name, key)
    if notify is not None:
        # Run by the loop once the answer is sent: the sender's wait does not include it.
        after.add_task(friends.tell, hall.notices, user, *notify)
    return {"sent": True, "name": name}


@router.post("/friends/requests/{request_id}/accept")
def accept_request(request_id: int, request: Request, user: Registered) -> dict[str, Any]:
    hall = hall_of(request)
    with hall.db() as session:
        friend = user_json(friends.accept(session, request_id, user.id))
    if hall.notices is not None:
        hall.notices.push_later(friend["id"], "friend_accepted", {"from": user_json(user)})
    return {"friend": friend}


@router.post("/friends/requests/{request_id}/decline", status_code=204)
def decline_request(request_id: int, request: Request, user: Registered) -> Response:
    """Decline: the sender's request is detached from me, so to them it stays as it was."""
    with hall_of(request).db() as session:
        friends.decline(session, request_id, user.id)
    return Response(status_code=204)


@router.delete("/friends/requests/{request_id}", status_code=204)
def cancel_request(request_id: int, request: Request, user: Registered) -> Response:
    """Take back a request I sent."""
    with hall_of(request).db() as session:
        friends.take_back(session, request_id, user.id)
    return Response(status_code=204)


@router.delete("/friends/{friend_id}", status_code=204)
def remove_friend(friend_id: int, request: Request, user: Registered) -> Response:
    with hall_of(request).db() as session:
        friends.unfriend(session, user.id, friend_id)
    return Response(status_code=204)


@router.post("/tables/{table_id}/invite", status_code=202)
def invite_friends(table_id: int, body: InviteIn, request: Request,
                         user: Registered) -> dict[str, Any]:
    """Invite friends to a waiting table I own or sit at: each gets a notification with its
    link (the invite link of a private table)."""
    with hall_of(request).db() as session:
        table = invitable_table(session, table_id, user.id)
        friend_ids = check_friends(session, user.id, body.friends)
        hall_of(request).friend_limits.take(user.id, len(friend_ids))
        send_invitations(hall_of(request).notices, table, user, friend_ids)
    return {"invited": friend_ids}
