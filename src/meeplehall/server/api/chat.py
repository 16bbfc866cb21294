"""The table chat's HTTP side: the owner turns spectator chat on or off; older messages are
read by page (a replay's, or a page's that does not keep its socket)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, StrictBool

from meeplehall.server.api.deps import hall_of, require_user, user_of
from meeplehall.server.db.models import User
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.play.access import visible_table
from meeplehall.server.play.chat.store import allow_spectators, messages_before
from meeplehall.server.play.description import describe_visible

router = APIRouter(prefix="/api", tags=["chat"], route_class=StrictJSONRoute)


class SpectatorChat(BaseModel):
    allowed: StrictBool


@router.post("/tables/{table_id}/spectator-chat")
async def set_spectator_chat(table_id: int, body: SpectatorChat, request: Request,
                             user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Allow or forbid spectators to write in the table's chat (its owner only)."""
    hall = hall_of(request)
    await hall.database.serve(allow_spectators, table_id, user.id, body.allowed)
    manager = hall.manager
    room = manager.rooms.get(table_id)
    if room is not None:
        room.record.spectator_chat = body.allowed
        await manager.broadcast_table(room)
        # Other processes reload the table's record and tell their sockets.
        await manager.publish_change(room, "table")
    return await hall.database.look(describe_visible, table_id, user.id, manager.rooms)


@router.get("/tables/{table_id}/chat")
def chat_page(table_id: int, request: Request,
              before: Annotated[int | None, Query(ge=1, le=2**63 - 1)] = None,
              limit: Annotated[int | None, Query(ge=1)] = None,
              invite: str | None = None) -> dict[str, Any]:
    """A page of the table's chat, oldest first: the newest messages, or those older than
    message ``before``; at most ``limit`` (and the server's page size). Whoever may see the
    table may read it; a finished table's messages carry their ``step``."""
    hall = hall_of(request)
    largest = hall.settings.chat_page_size
    with hall.reading() as session:
        viewer = user_of(session, request)
        table = visible_table(session, table_id, viewer.id if viewer else None, invite)
        messages, more = messages_before(session, table.id, before,
                                         min(limit or largest, largest),
                                         with_step=table.status == "finished")
    return {"table": table_id, "messages": messages, "more": more}
