"""The admin API: what ``meeplehall admin`` does, for a logged-in user with the admin role.

Table changes reach the live room at once: in this process under the room's lock, in the others
through Redis (kind ``stopped``), so nobody plays on at an aborted or deleted table.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from meeplehall.server.accounts.passwords import hasher
from meeplehall.server.accounts.sessions import Ending
from meeplehall.server.api.deps import hall_of, require_user
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.hall import Hall
from meeplehall.server.operations import actions as adminops


def require_admin(request: Request) -> User:
    user = require_user(request)
    if not user.is_admin:
        raise ApiError(403, "not_admin", "only an administrator may do this")
    return user


router = APIRouter(prefix="/api/admin", tags=["admin"], route_class=StrictJSONRoute,
                   dependencies=[Depends(require_admin)])


class AdminIn(BaseModel):
    admin: bool


class PasswordIn(BaseModel):
    password: str = Field(min_length=8, max_length=200)


class BanIn(BaseModel):
    reason: str = Field(default="", max_length=adminops.MAX_REASON)


def _no_user(user_id: int) -> ApiError:
    return ApiError(404, "no_user", f"no user {user_id}", {"user": user_id})


def _no_table(table_id: int) -> ApiError:
    return ApiError(404, "no_table", f"no table {table_id}", {"table": table_id})


def _on_user(hall: Hall, user_id: int, change: Any, *args: Any) -> dict[str, Any]:
    """``change(session, user, *args)`` in one transaction; the user's state after it."""
    if not is_id(user_id):
        raise _no_user(user_id)
    with hall.db() as session:
        try:
            user = adminops.user_by_id(session, user_id)
        except adminops.NoSuchUser:
            raise _no_user(user_id) from None
        result: adminops.UserInfo = change(session, user, *args)
    return result.to_json()


@router.get("/reports")
def chat_reports(request: Request, limit: int = 100) -> dict[str, Any]:
    """The newest chat reports (at most ``limit``, up to 500), with the reported message."""
    with hall_of(request).reading() as session:
        return {"reports": adminops.chat_reports(session, limit)}


@router.get("/users/{user_id}")
def get_user(user_id: int, request: Request) -> dict[str, Any]:
    """A user as an administrator sees them: role and ban included."""
    return _on_user(hall_of(request), user_id, lambda _session, user: adminops.info(user))


@router.post("/users/{user_id}/admin")
def set_admin(user_id: int, body: AdminIn, request: Request) -> dict[str, Any]:
    """Give or take the admin role."""
    return _on_user(hall_of(request), user_id, adminops.set_admin, body.admin)


@router.post("/users/{user_id}/password")
def reset_password(user_id: int, body: PasswordIn, request: Request) -> dict[str, Any]:
    """Set a user's password (for one who lost theirs); all their sessions end, and their
    sockets close (4401) in every process."""
    hall = hall_of(request)
    answer = _on_user(hall, user_id, adminops.set_password, hasher.hash(body.password))
    hall.signout.ended(user_id, Ending())
    return answer


@router.post("/users/{user_id}/ban")
async def ban(user_id: int, body: BanIn, request: Request) -> dict[str, Any]:
    """The user is logged out everywhere, can no longer log in, and their sockets close, in
    every process (told through Redis)."""
    hall = hall_of(request)
    answer = await hall.database.compute(_on_user, hall, user_id, adminops.ban, body.reason)
    hall.signout.ended(user_id, Ending(banned=True))
    return answer


@router.post("/users/{user_id}/unban")
def unban(user_id: int, request: Request) -> dict[str, Any]:
    return _on_user(hall_of(request), user_id, adminops.unban)


def _table_change(change: Any) -> Any:
    """``change(session, table_id)`` with the operator's refusals as API errors."""

    def changed(session: Session, table_id: int) -> str:
        try:
            before: str = change(session, table_id)
        except adminops.NoSuchTable:
            raise _no_table(table_id) from None
        except adminops.TableOver:
            raise ApiError(409, "game_over", "the game is over") from None
        return before

    return changed


@router.post("/tables/{table_id}/abort")
async def abort_table(table_id: int, request: Request) -> dict[str, Any]:
    """Stop a waiting or playing table for good (status ``aborted``: no result, no ratings)."""
    if not is_id(table_id):
        raise _no_table(table_id)
    before = await hall_of(request).manager.stop(table_id, _table_change(adminops.abort_table))
    return {"id": table_id, "status": adminops.ABORTED, "was": before}


@router.delete("/tables/{table_id}", status_code=204)
async def delete_table(table_id: int, request: Request) -> Response:
    """Remove a table, its seats and its action log."""
    if not is_id(table_id):
        raise _no_table(table_id)
    await hall_of(request).manager.stop(table_id, _table_change(adminops.delete_table))
    return Response(status_code=204)
