"""Accounts: guests, registration, login with a rate limit, logout, session cookies."""

from __future__ import annotations

import time
from typing import Annotated, Any

from argon2.exceptions import VerificationError
from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from meeplehall.server.accounts.impersonation import (
    lock_name,
    name_taken,
    registered_name_taken,
)
from meeplehall.server.accounts.logins import LoginLimiter
from meeplehall.server.accounts.names import clean_name, login_key
from meeplehall.server.accounts.passwords import dummy_hash, hasher
from meeplehall.server.accounts.profiles import new_public_id
from meeplehall.server.accounts.sessions import (
    COOKIE,
    Ending,
    add_session,
    delete_session,
    delete_sessions,
    token_hash,
    user_json,
)
from meeplehall.server.api.deps import creation_of, current_user, hall_of, require_user
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.strictjson import StrictJSONRoute

router = APIRouter(prefix="/api", tags=["accounts"], route_class=StrictJSONRoute)


class UserOut(BaseModel):
    id: int
    name: str
    guest: bool
    #: The public id of a registered user's profile (null for a guest).
    profile: str | None = None
    #: "person" or "agent" (a program, accounts/agents.py).
    kind: str = "person"
    #: An agent's owner's name (null for a person).
    owner: str | None = None


class SessionOut(BaseModel):
    user: UserOut | None


class GuestIn(BaseModel):
    name: str = Field(min_length=1, max_length=32)


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=32)
    password: str = Field(min_length=8, max_length=200)


class LoginIn(BaseModel):
    name: str = Field(min_length=1, max_length=32)
    password: str = Field(min_length=1, max_length=200)


def limiter_of(request: Request) -> LoginLimiter:
    return hall_of(request).login_limiter


def _set_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=hall_of(request).settings.session_seconds,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def _open_session(request: Request, response: Response, user_id: int) -> None:
    """A new session token for ``user_id``; the token the request came with stops working (and
    the sockets opened with it close), so a token planted in a browser before a login or a
    registration never becomes an account's."""
    hall = hall_of(request)
    old = request.cookies.get(COOKIE)
    replaced: int | None = None
    with hall.db() as session:
        if old:
            replaced = delete_session(session, token_hash(old))
        token = add_session(session, user_id, hall.settings.session_seconds)
    if replaced is not None and old:
        hall.signout.ended(replaced, Ending(only=token_hash(old)))
    _set_cookie(request, response, token)


@router.post("/auth/guest", response_model=UserOut)
def guest(body: GuestIn, request: Request, response: Response) -> dict[str, Any]:
    """Play as a guest under a display name; register later to keep the games."""
    name = clean_name(body.name, ApiError(
        422, "guest_name_blank", "a guest name needs at least one visible character"))
    creation_of(request).guest(address_of(request))
    key = login_key(name)
    with hall_of(request).db() as session:
        # Counted above whether or not the name is free, so registered names cannot be tried
        # faster than guests are made.
        lock_name(session, key)
        if registered_name_taken(session, key):
            raise _name_taken(name)
        user = User(name=name, login=None, password_hash=None, guest_key=key,
                    created_at=time.time())
        session.add(user)
        session.flush()
        data = user_json(user)
    _open_session(request, response, data["id"])
    return data


def _name_taken(name: str) -> ApiError:
    return ApiError(409, "name_taken", f"the name {name!r} is taken; choose another",
                    {"name": name})


@router.post("/auth/register", response_model=UserOut, status_code=201)
def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    """Create an account; a guest who registers keeps their id, tables and history."""
    name = clean_name(body.name, ApiError(
        422, "name_blank", "a name needs at least one visible character"))
    login = login_key(name)
    me = current_user(request)
    if me is not None and me.login is not None:
        raise ApiError(409, "already_registered", "you are already registered; log out first")
    hall = hall_of(request)
    # Counted before the name is looked up, whether it is free or not, so trying names (to
    # learn which exist) is as slow as creating accounts.
    creation_of(request).account(address_of(request))
    # The cheap refusals come before the costly hash, which only a request that can succeed
    # pays for; the name is checked again below, as another registration may take it meanwhile.
    me_id = me.id if me is not None else None
    with hall.db() as session:
        if name_taken(session, login, me_id):
            raise _name_taken(name)
    password_hash = hasher.hash(body.password)
    try:
        with hall.db() as session:
            lock_name(session, login)
            if name_taken(session, login, me_id):
                raise _name_taken(name)
            user = session.get(User, me_id) if me_id is not None else None
            if user is None:
                user = User(name=name, created_at=time.time())
                session.add(user)
            user.name = name
            user.login = login
            user.guest_key = None
            user.password_hash = password_hash
            user.public_id = new_public_id()
            session.flush()
            data = user_json(user)
    except IntegrityError:
        raise _name_taken(name) from None
    _open_session(request, response, data["id"])
    return data


def _reserve_attempt(limiter: LoginLimiter, name: str, address: str) -> float:
    """Reserve a password check for ``name`` from ``address``, or refuse with 429 while their
    failed logins make them wait; returns the reservation's stamp."""
    wait, stamp = limiter.reserve(name, address)
    if wait > 0:
        seconds = int(wait) + 1
        raise ApiError(
            429,
            "too_many_logins",
            f"too many failed logins; try again in {seconds} seconds",
            {"seconds": seconds},
            headers={"Retry-After": str(seconds)},
        )
    return stamp


@router.post(
    "/auth/login",
    response_model=UserOut,
    responses={401: {"description": "wrong name or password"}, 429: {"description": "wait"}},
)
def login(
    body: LoginIn,
    request: Request,
    response: Response,
    limiter: Annotated[LoginLimiter, Depends(limiter_of)],
) -> dict[str, Any]:
    name = login_key(body.name)
    address = address_of(request)  # the client's, behind a trusted proxy too (deploy.md)
    stamp = _reserve_attempt(limiter, name, address)
    with hall_of(request).db() as session:
        user = session.scalar(select(User).where(User.login == name))
        stored = user.password_hash if user is not None else None
        data = user_json(user) if user is not None else None
        banned = (user.ban_reason or "") if user is not None and user.banned_at else None
    # A name that does not exist (or a guest's) is checked against a dummy hash, so a refusal
    # takes as long whether or not the name exists.
    ok: bool
    try:
        ok = hasher.verify(stored or dummy_hash(), body.password)
    except VerificationError:
        ok = False
    if not ok or stored is None or data is None:
        raise ApiError(401, "wrong_name_or_password", "wrong name or password")
    limiter.release(name, address, stamp)
    if banned is not None:  # told only to whoever knows the password
        raise ApiError(403, "banned", "this account is banned", {"reason": banned})
    _open_session(request, response, data["id"])
    return data


@router.post("/auth/logout", status_code=204)
async def logout(request: Request) -> Response:
    """End this session; its sockets close (4401) in every process. The others stay."""
    token = request.cookies.get(COOKIE)
    if token:
        await hall_of(request).end_session(token_hash(token))
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/")
    return response


@router.get("/me", response_model=UserOut)
async def me(user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    return user_json(user)


@router.get("/session", response_model=SessionOut)
async def session_of(
    user: Annotated[User | None, Depends(current_user)],
) -> dict[str, Any]:
    """Who the caller is, null when nobody is logged in: a page asks this, so an anonymous
    visitor is an answer, not an error (``/api/me`` refuses with 401 for API clients)."""
    return {"user": user_json(user) if user is not None else None}


class PasswordChange(BaseModel):
    old_password: str = Field(min_length=1, max_length=200)
    new_password: str = Field(min_length=8, max_length=200)


@router.post(
    "/me/password",
    status_code=204,
    responses={401: {"description": "wrong password"}, 429: {"description": "wait"}},
)
def change_password(
    body: PasswordChange,
    request: Request,
    user: Annotated[User, Depends(require_user)],
    limiter: Annotated[LoginLimiter, Depends(limiter_of)],
) -> Response:
    """Change your own password, given the current one. Your other sessions end, and their
    sockets close (4401) in every process; this one gets a new token and keeps its sockets.
    Wrong current passwords count as failed logins."""
    if user.login is None or user.password_hash is None:
        raise ApiError(409, "guest_has_no_password", "a guest has no password; register first")
    name = user.login
    address = address_of(request)
    stamp = _reserve_attempt(limiter, name, address)
    try:
        ok: bool = hasher.verify(user.password_hash, body.old_password)
    except VerificationError:
        ok = False
    if not ok:
        raise ApiError(401, "wrong_password", "the current password is wrong")
    limiter.release(name, address, stamp)
    password_hash = hasher.hash(body.new_password)
    hall = hall_of(request)
    token = request.cookies.get(COOKIE)
    with hall.db() as session:
        row = session.get(User, user.id)
        if row is None:
            raise ApiError(401, "not_logged_in", "log in or pick a guest name first")
        row.password_hash = password_hash
        delete_sessions(session, user.id)
        new_token = add_session(session, user.id, hall.settings.session_seconds)
    # The sockets of this session stay open, known from now on by the new token's hash.
    hall.signout.ended(user.id, Ending(keep=token_hash(token) if token else None,
                                       renamed=token_hash(new_token)))
    response = Response(status_code=204)
    _set_cookie(request, response, new_token)
    return response
