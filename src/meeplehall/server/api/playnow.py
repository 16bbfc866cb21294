""""Play now": queue for a table of a game and let the hall seat you (matchmaking/queue.py)."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from meeplehall.core import UnknownGame
from meeplehall.core.registry import get_game
from meeplehall.server import seating
from meeplehall.server.api.deps import creation_of, hall_of, require_user
from meeplehall.server.bots.limits import check_bot_limits
from meeplehall.server.db.locks import hold_user
from meeplehall.server.db.models import QueueEntry, User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.matchmaking.matching import Window
from meeplehall.server.matchmaking.queue import dequeue, enqueue, look, rating_of

router = APIRouter(prefix="/api", tags=["play now"], route_class=StrictJSONRoute)

#: The longest wait a person may choose before bots fill the empty seats.
MAX_BOT_WAIT_SECONDS = 600.0


class BotFill(BaseModel):
    level: int
    #: Seconds of waiting after which bots take the seats people did not.
    after_seconds: float = Field(30.0, strict=True, allow_inf_nan=False, ge=0,
                                 le=MAX_BOT_WAIT_SECONDS)


class JoinQueue(BaseModel):
    game: str
    #: The table size wanted; null: any size the game allows (from two).
    players: int | None = None
    mode: Literal["live", "turn"] = "live"
    rated: bool = False
    bots: BotFill | None = None


def _window(request: Request) -> Window:
    settings = hall_of(request).settings
    return Window(settings.playnow_window_base, settings.playnow_window_per_second)


@router.post("/playnow", status_code=201)
def join_queue(body: JoinQueue, request: Request,
               user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Wait for a table; the answer is my place in the queue (as ``GET /api/playnow``)."""
    try:
        game = get_game(body.game)
    except UnknownGame as error:
        raise ApiError(400, "unknown_game", error.reason, {"game": body.game}) from None
    least = max(2, game.min_players)
    if body.players is not None and not least <= body.players <= game.max_players:
        raise ApiError(400, "player_count",
                       f"Play now seats {least} to {game.max_players} people at {game.title}, "
                       f"not {body.players}",
                       {"title": game.title, "min": least, "max": game.max_players,
                        "players": body.players})
    sizes = ([body.players] if body.players is not None
             else list(range(least, game.max_players + 1)))
    seating.granted(seating.queue(seating.Caller.of(user), body.rated,
                                  body.bots.level if body.bots is not None else None))
    hall = hall_of(request)
    now = time.time()
    with hall.db() as session:
        # One join at a time per person (two tabs, two processes), and the same budget as
        # opening tables: a person or an address cannot flood the queue.
        hold_user(session, user.id)
        creation_of(request).table(session, user.id, address_of(request))
        if body.bots is not None:
            check_bot_limits(session, hall.settings, user.id, min(sizes),
                             dict.fromkeys(range(1, min(sizes)), body.bots.level), seated=True)
        enqueue(session, QueueEntry(
            user_id=user.id, game=game.name, sizes=sizes, mode=body.mode, rated=body.rated,
            rating=rating_of(session, user.id, game.name),
            bot_level=body.bots.level if body.bots is not None else None,
            bot_after_seconds=body.bots.after_seconds if body.bots is not None else None,
            joined_at=now, seen_at=now))
        return look(session, user.id, now, _window(request))


@router.get("/playnow")
def my_place(request: Request, user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Where I am: not queued, waiting (for how long, with how many), or seated (the table).
    Asking says my page is still open: a live wait not asked about for a while ends."""
    with hall_of(request).db() as session:
        return look(session, user.id, time.time(), _window(request))


@router.delete("/playnow")
def leave_queue(request: Request, user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Stop waiting. Refused once a table was found (``already_seated`` names it)."""
    with hall_of(request).db() as session:
        dequeue(session, user.id)
    return {"state": "none"}
