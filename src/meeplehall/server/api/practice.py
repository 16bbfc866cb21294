"""Play from here: a new, unrated table at a position of a finished table's replay."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from meeplehall.server import seating
from meeplehall.server.api.deps import creation_of, hall_of, require_user
from meeplehall.server.db.models import User
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.history.practice import Opener, play_from
from meeplehall.server.play.description import describe_table

router = APIRouter(prefix="/api", tags=["lobby"], route_class=StrictJSONRoute)


class PracticeSeat(BaseModel):
    #: "me": the person asking (several such seats: hot-seat); "bot": a bot of ``level``.
    player: Literal["me", "bot"]
    level: int | None = None


class PlayFrom(BaseModel):
    #: The position: after this many of the table's actions (the replay page's step).
    step: int = Field(ge=0, strict=True)
    #: One entry per seat of the table, in seat order.
    seats: list[PracticeSeat] = Field(min_length=1, max_length=16)
    visibility: Literal["public", "private"] = "public"
    hints: bool = False
    #: The finished table's invite, when it is private.
    invite: str | None = None


@router.post("/tables/{table_id}/practice", status_code=201)
async def play_from_here(table_id: int, body: PlayFrom, request: Request,
                         user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Open and start an unrated table from the position after ``step`` actions of a finished
    table the caller may see, seated as ``seats`` says."""
    hall = hall_of(request)
    data = await hall.database.serve(_open, table_id, body, seating.Caller.of(user),
                                     Opener(address_of(request), hall.settings,
                                            creation_of(request)))
    await hall.manager.started(int(data["id"]))
    return data


def _open(session: Session, table_id: int, body: PlayFrom, caller: seating.Caller,
          opener: Opener) -> dict[str, Any]:
    asked = [seating.PracticeSeat(choice.player == "me", choice.level) for choice in body.seats]
    table = play_from(session, table_id, body.step, body.invite, caller, asked, opener,
                      visibility=body.visibility, hints=body.hints)
    return describe_table(session, table, caller.id)
