"""The admin API: what ``meeplehall admin`` does, for a logged-in user with the admin role.

Table changes reach the live room at once: in this process under the room's lock, in the others
through Redis (kind ``stopped``), so nobody plays on at an aborted or deleted table.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from meeplehall.server import adminops
from meeplehall.server.accounts import hasher
from meeplehall.server.db.models import User
from meeplehall.server.deps import Hall, hall_of, is_id, require_user
from meeplehall.server.errors import ApiError
from meeplehall.server.presence import BANNED
from meeplehall.server.store import load_record
from meeplehall.server.strictjson import StrictJSONRoute

#: Close code for the sockets of a banned user, and at a deleted table.
CLOSE_BANNED = 4403
CLOSE_GONE = 4404
#: The fan-out kind that tells other processes an operator stopped or removed a table.
STOPPED = "stopped"


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
async def chat_reports(request: Request, limit: int = 100) -> dict[str, Any]:
    """The newest chat reports (at most ``limit``, up to 500), with the reported message."""
    with hall_of(request).db() as session:
        return {"reports": adminops.chat_reports(session, limit)}


@router.get("/users/{user_id}")
async def get_user(user_id: int, request: Request) -> dict[str, Any]:
    """A user as an administrator sees them: role and ban included."""
    return _on_user(hall_of(request), user_id, lambda _session, user: adminops.info(user))


@router.post("/users/{user_id}/admin")
async def set_admin(user_id: int, body: AdminIn, request: Request) -> dict[str, Any]:
    """Give or take the admin role."""
    return _on_user(hall_of(request), user_id, adminops.set_admin, body.admin)


@router.post("/users/{user_id}/password")
async def reset_password(user_id: int, body: PasswordIn, request: Request) -> dict[str, Any]:
    """Set a user's password (for one who lost theirs); all their sessions end."""
    password_hash = await asyncio.to_thread(hasher.hash, body.password)
    return _on_user(hall_of(request), user_id, adminops.set_password, password_hash)


@router.post("/users/{user_id}/ban")
async def ban(user_id: int, body: BanIn, request: Request) -> dict[str, Any]:
    """The user is logged out everywhere, can no longer log in, and their sockets close, in
    every process (told through Redis)."""
    hall = hall_of(request)
    answer = _on_user(hall, user_id, adminops.ban, body.reason)
    await hall.hub_of().tell(user_id, {"type": BANNED})
    return answer


def end_sockets(hall: Hall, user_id: int) -> None:
    """Close the user's table and per-user sockets in this process."""
    if hall.tables is not None:
        for room in list(hall.tables.rooms.values()):
            for connection in list(room.connections):
                if connection.user_id == user_id:
                    connection.end(CLOSE_BANNED, "banned")
    for connection in list(hall.hub_of().channels.get(user_id, ())):
        connection.end(CLOSE_BANNED, "banned")


@router.post("/users/{user_id}/unban")
async def unban(user_id: int, request: Request) -> dict[str, Any]:
    return _on_user(hall_of(request), user_id, adminops.unban)


def _table_change(hall: Hall, table_id: int, change: Any) -> str:
    if not is_id(table_id):
        raise _no_table(table_id)
    with hall.db() as session:
        try:
            before: str = change(session, table_id)
        except adminops.NoSuchTable:
            raise _no_table(table_id) from None
        except adminops.TableOver:
            raise ApiError(409, "game_over", "the game is over") from None
    return before


@router.post("/tables/{table_id}/abort")
async def abort_table(table_id: int, request: Request) -> dict[str, Any]:
    """Stop a waiting or playing table for good (status ``aborted``: no result, no ratings)."""
    hall = hall_of(request)
    before = await _stop(hall, table_id, adminops.abort_table)
    return {"id": table_id, "status": adminops.ABORTED, "was": before}


@router.delete("/tables/{table_id}", status_code=204)
async def delete_table(table_id: int, request: Request) -> Response:
    """Remove a table, its seats and its action log."""
    await _stop(hall_of(request), table_id, adminops.delete_table)
    return Response(status_code=204)


async def _stop(hall: Hall, table_id: int, change: Any) -> str:
    """The database change, made under the live room's lock when this process holds the
    table, then the room told; the other processes are told through Redis."""
    manager = hall.tables
    room = manager.rooms.get(table_id) if manager is not None else None
    if room is None:
        before = await asyncio.to_thread(_table_change, hall, table_id, change)
    else:
        async with room.lock:
            before = await asyncio.to_thread(_table_change, hall, table_id, change)
    if manager is not None:
        await stopped(manager, table_id)
        if manager.fanout is not None:
            await manager.fanout.publish(table_id, STOPPED)
    return before


async def stopped(manager: Any, table_id: int) -> None:
    """An operator aborted or deleted the table: the room (if this process holds it) takes the
    status from the database and tells its sockets, or closes them if the table is gone."""
    room = manager.rooms.get(table_id)
    if room is None:
        return

    def load(session: Session) -> Any:
        return load_record(session, table_id)

    async with room.lock:
        record = await manager.run_db(load)
        # A deleted table counts as aborted for the little while its room lives on.
        room.record.status = record.status if record is not None else adminops.ABORTED
        if record is None:
            for connection in list(room.connections):
                connection.end(CLOSE_GONE, f"table {table_id} was deleted")
    if record is not None:
        await manager.broadcast_table(room)
    manager._after_change(room)  # stops its clock timer; forgets it once nobody is connected
    if record is None:
        manager.evict(room)


def fanout_handler(manager: Any) -> Any:
    """The Redis handler: operators' stops here, every other change to the table manager."""

    async def handle(table_id: int, kind: str) -> None:
        if kind == STOPPED:
            await stopped(manager, table_id)
        else:
            await manager.remote_change(table_id, kind)

    return handle
