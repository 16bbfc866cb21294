"""Player pages: a registered person's profile, ratings and record, their history with
filters, and the setting that hides that history from strangers."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, StrictBool
from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.core import UnknownGame
from meeplehall.core.registry import get_game
from meeplehall.server.accounts.profiles import is_public_id
from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.api.deps import current_user, hall_of
from meeplehall.server.api.friends import Registered
from meeplehall.server.db.models import Friendship, Rating, User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.history.ratings import rating_json
from meeplehall.server.history.records import (
    Filters,
    history,
    may_see_history,
    rating_history,
    record,
)

router = APIRouter(prefix="/api", tags=["players"], route_class=StrictJSONRoute)

#: The newest games a profile shows (the rest are on the history page).
LAST_GAMES = 10
Viewer = Annotated[User | None, Depends(current_user)]


def _player(session: Session, public_id: str) -> User:
    """The registered user whose public profile ``public_id`` names (404 for anything else:
    a guest, a sequential user id, a made-up id)."""
    user = (session.scalar(select(User).where(User.public_id == public_id,
                                              User.login.is_not(None)))
            if is_public_id(public_id) else None)
    if user is None:
        raise ApiError(404, "no_player", "no such player", {"player": public_id})
    return user


def _profile(session: Session, public_id: str, viewer_id: int | None) -> dict[str, Any]:
    person = _player(session, public_id)
    ratings = session.scalars(select(Rating).where(Rating.user_id == person.id)
                              .order_by(Rating.game)).all()
    shown = may_see_history(session, person, viewer_id)
    profile: dict[str, Any] = {
        "user": user_json(person),
        "member_since": person.created_at,
        "me": viewer_id == person.id,
        "friend": viewer_id is not None
        and session.get(Friendship, (viewer_id, person.id)) is not None,
        "history_private": person.history_private,
        "history_shown": shown,
        "ratings": [rating_json(rating) for rating in ratings],
    }
    if shown:
        profile |= {"record": record(session, person.id, viewer_id),
                    "last_games": history(session, person.id, viewer_id, limit=LAST_GAMES),
                    "rating_history": rating_history(session, person.id, viewer_id)}
    return profile


@router.get("/players/{public_id}")
async def player_profile(public_id: str, request: Request, viewer: Viewer) -> dict[str, Any]:
    """A registered person's page: name, member since, online or not, ratings; unless they hid
    it from this viewer, their record per game, rating history and last games."""
    hall = hall_of(request)
    profile = await hall.database.look(_profile, public_id, viewer.id if viewer else None)
    profile["online"] = profile["user"]["id"] in await hall.hub.online([profile["user"]["id"]])
    return profile


def _history(session: Session, public_id: str, viewer_id: int | None,
             filters: Filters, offset: int, limit: int) -> list[dict[str, Any]]:
    person = _player(session, public_id)
    if not may_see_history(session, person, viewer_id):
        raise ApiError(403, "history_private",
                       "this player shows their games only to their friends",
                       {"player": public_id})
    return history(session, person.id, viewer_id, filters, offset, limit)


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
        return _history(session, public_id, viewer.id if viewer else None, filters, offset,
                        limit)


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
