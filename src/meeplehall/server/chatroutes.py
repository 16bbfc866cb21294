"""The table chat's HTTP side: the owner turns spectator chat on or off."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, StrictBool

from meeplehall.server.db.models import User
from meeplehall.server.deps import hall_of, require_user
from meeplehall.server.errors import ApiError
from meeplehall.server.lobby import _visible_table, describe_table, live_info
from meeplehall.server.strictjson import StrictJSONRoute

router = APIRouter(prefix="/api", tags=["chat"], route_class=StrictJSONRoute)


class SpectatorChat(BaseModel):
    allowed: StrictBool


@router.post("/tables/{table_id}/spectator-chat")
async def set_spectator_chat(table_id: int, body: SpectatorChat, request: Request,
                             user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Allow or forbid spectators to write in the table's chat (its owner only)."""
    hall = hall_of(request)
    with hall.db() as session:
        table = _visible_table(session, table_id, user.id, None)
        if table.owner_id != user.id:
            raise ApiError(403, "not_owner", "only the table's owner can change this")
        table.spectator_chat = body.allowed
    manager = hall.manager
    room = manager.rooms.get(table_id)
    if room is not None:
        room.record.spectator_chat = body.allowed
        await manager.broadcast_table(room)
        # Other processes reload the table's record and tell their sockets.
        await manager.publish_change(room, "table")
    with hall.db() as session:
        table = _visible_table(session, table_id, user.id, None)
        return describe_table(session, table, user.id, live_info(hall, table_id))
