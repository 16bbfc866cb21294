"""Play from here: a new, unrated table at a position of a finished table's replay."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from meeplehall.ai import LEVELS
from meeplehall.server.api.deps import creation_of, hall_of, require_user
from meeplehall.server.bots.limits import check_bot_limits
from meeplehall.server.config import Settings
from meeplehall.server.db.locks import hold_user
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.creation import CreationLimits
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.history.practice import open_practice, source_actions
from meeplehall.server.play.access import visible_table
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
    data = await hall.database.serve(_open, table_id, body, user.id, address_of(request),
                                     hall.settings, creation_of(request))
    await hall.manager.started(int(data["id"]))
    return data


def _seating(body: PlayFrom, players: int, user_id: int) -> tuple[dict[int, int], dict[int, int]]:
    """The people and bots of each seat, as ``new_table`` takes them."""
    if len(body.seats) != players:
        raise ApiError(400, "seat_count", f"this game has {players} seats, not "
                       f"{len(body.seats)}: say who plays each",
                       {"players": players, "seats": len(body.seats)})
    people: dict[int, int] = {}
    bots: dict[int, int] = {}
    for seat, choice in enumerate(body.seats):
        if choice.player == "me":
            people[seat] = user_id
        elif choice.level not in LEVELS:
            levels = ", ".join(str(level) for level in sorted(LEVELS))
            raise ApiError(400, "no_bot_level", f"no bot of level {choice.level}; levels: {levels}",
                           {"level": choice.level, "levels": sorted(LEVELS)})
        else:
            bots[seat] = choice.level
    return people, bots


def _open(session: Session, table_id: int, body: PlayFrom, user_id: int, address: str,
          settings: Settings, limits: CreationLimits) -> dict[str, Any]:
    source = visible_table(session, table_id, user_id, body.invite)
    rows = source_actions(session, source, body.step)
    people, bots = _seating(body, source.players, user_id)
    # As at the lobby's creation: the user's row held so two requests at once count in turn.
    hold_user(session, user_id)
    limits.table(session, user_id, address)
    check_bot_limits(session, settings, user_id, source.players, bots, seated=bool(people))
    table = open_practice(session, source, rows, owner_id=user_id, owner_address=address,
                          people=people, bots=bots, visibility=body.visibility,
                          hints=body.hints)
    return describe_table(session, table, user_id)
