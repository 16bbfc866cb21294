"""A registered person's public page: found by the public id of their profile (never by the
sequential user id, nor a guest), with their ratings and, unless they hid it from the viewer,
their record, rating history and last games; and their history page, refused whole to a
viewer they hid it from (records.py says who may see what)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.profiles import is_public_id
from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.models import Friendship, Rating, User
from meeplehall.server.errors import ApiError
from meeplehall.server.history.ratings import rating_json
from meeplehall.server.history.records import (
    Filters,
    history,
    may_see_history,
    rating_history,
    record,
)

#: The newest games a profile shows (the rest are on the history page).
LAST_GAMES = 10


def player(session: Session, public_id: str) -> User:
    """The registered user whose public profile ``public_id`` names (404 for anything else:
    a guest, a sequential user id, a made-up id)."""
    user = (session.scalar(select(User).where(User.public_id == public_id,
                                              User.login.is_not(None)))
            if is_public_id(public_id) else None)
    if user is None:
        raise ApiError(404, "no_player", "no such player", {"player": public_id})
    return user


def profile(session: Session, public_id: str, viewer_id: int | None) -> dict[str, Any]:
    """The player's page as ``viewer_id`` sees it (without whether they are online, which the
    hub knows)."""
    person = player(session, public_id)
    ratings = session.scalars(select(Rating).where(Rating.user_id == person.id)
                              .order_by(Rating.game)).all()
    shown = may_see_history(session, person, viewer_id)
    page: dict[str, Any] = {
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
        page |= {"record": record(session, person.id, viewer_id),
                 "last_games": history(session, person.id, viewer_id, limit=LAST_GAMES),
                 "rating_history": rating_history(session, person.id, viewer_id)}
    return page


def player_history(session: Session, public_id: str, viewer_id: int | None,
                   filters: Filters, offset: int, limit: int) -> list[dict[str, Any]]:
    """The player's finished tables ``viewer_id`` may see, newest first; 403
    ``history_private`` when the player hid them from this viewer."""
    person = player(session, public_id)
    if not may_see_history(session, person, viewer_id):
        raise ApiError(403, "history_private",
                       "this player shows their games only to their friends",
                       {"player": public_id})
    return history(session, person.id, viewer_id, filters, offset, limit)
