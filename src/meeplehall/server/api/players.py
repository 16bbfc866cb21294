"""Player pages: a registered person's profile, ratings and record, their history with
filters, and the setting that hides that history from strangers."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, StrictBool

from meeplehall.core import UnknownGame
from meeplehall.core.registry import get_game
from meeplehall.server.api.deps import current_user, hall_of
from meeplehall.server.api.friends import Registered
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.history import players
from meeplehall.server.history.records import Filters

router = APIRouter(prefix="/api", tags=["players"], route_class=StrictJSONRoute)

Viewer = Annotated[User | None, Depends(current_user)]


@router.get("/players/{public_id}")
async def player_profile(public_id: str, request: Request, viewer: Viewer) -> dict[str, Any]:
    """A registered person's page: name, member since, online or not, ratings; unless they hid
    it from this viewer, their record per game, rating history and last games."""
    hall = hall_of(request)
    page = await hall.database.look(players.profile, public_id, viewer.id if viewer else None)
    page["online"] = page["user"]["id"] in await hall.hub.online([page["user"]["id"]])
    return page


@router.get("/players/{public_id}/history")
def player_history(
    public_id: str, request: Request, viewer: Viewer,
    game: str | None = None, result: Literal["win", "loss"] | None = None,
    rated: bool | None = None,
    opponent: Annotated[str | None, Query(max_length=32)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0)] = 0,
) -> list[dict[str, Any]]:
    """Finished tables the player sat at, newest first, each from their side (result, scores,
    everyone at the table, rating change); a private one only for a viewer who sat at it too.
    Filters: ``game``, ``result`` (win or loss), ``rated``, ``opponent`` (a name). A player who
    hid their history answers 403 ``history_private`` to all but themself and their friends."""
    if game is not None:
        try:
            get_game(game)
        except UnknownGame as error:
            raise ApiError(404, "unknown_game", error.reason, {"game": game}) from None
    filters = Filters(game=game, result=result, rated=rated, opponent=opponent or None)
    with hall_of(request).reading() as session:
        return players.player_history(session, public_id, viewer.id if viewer else None,
                                      filters, offset, limit)


class PrivacyIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    history_private: StrictBool


@router.get("/me/privacy")
def get_privacy(request: Request, user: Registered) -> dict[str, bool]:
    """Whether my games are shown only to my friends."""
    return {"history_private": user.history_private}


@router.put("/me/privacy")
def put_privacy(body: PrivacyIn, request: Request, user: Registered) -> dict[str, bool]:
    """Show my games to everyone, or only to my friends (my ratings stay public)."""
    with hall_of(request).db() as session:
        person = session.get(User, user.id)
        assert person is not None
        person.history_private = body.history_private
    return {"history_private": body.history_private}
