"""Tournaments: create, list, look at, register, start, cancel (matchmaking/tournaments.py)."""

from __future__ import annotations

import math
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from meeplehall.core import UnknownGame
from meeplehall.core.registry import get_game
from meeplehall.server import seating
from meeplehall.server.api.deps import creation_of, current_user, hall_of, require_user
from meeplehall.server.db.locks import hold_user
from meeplehall.server.db.models import Tournament, User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.matchmaking import tournaments
from meeplehall.server.play.clock_bounds import check_clock
from meeplehall.server.play.opening import Clock

router = APIRouter(prefix="/api", tags=["tournaments"], route_class=StrictJSONRoute)

MAX_ROUNDS = 12
#: Tournaments per page of the list.
PAGE = 100


class CreateTournament(BaseModel):
    name: str = Field(min_length=1, max_length=60)
    game: str
    system: Literal["swiss", "round_robin"] = "swiss"
    capacity: int = Field(16, ge=tournaments.MIN_PEOPLE, le=tournaments.MAX_PEOPLE)
    #: People per table (round robin: 2).
    table_size: int = 2
    #: Swiss rounds (default: enough to tell the capacity apart, log2 rounded up).
    rounds: int | None = Field(None, ge=1, le=MAX_ROUNDS)
    mode: Literal["live", "turn"] = "live"
    initial_seconds: float = Field(600, strict=True, allow_inf_nan=False)
    increment_seconds: float = Field(10, strict=True, allow_inf_nan=False)
    move_deadline_hours: float = Field(24, strict=True, allow_inf_nan=False)
    rated: bool = False


@router.post("/tournaments", status_code=201)
def create_tournament(body: CreateTournament, request: Request,
                      user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Open a tournament for registration; its owner starts it (or it is cancelled after
    ``tournament_start_hours``)."""
    seating.granted(seating.organise_tournament(seating.Caller.of(user)))
    try:
        game = get_game(body.game)
    except UnknownGame as error:
        raise ApiError(400, "unknown_game", error.reason, {"game": body.game}) from None
    least = max(2, game.min_players)
    if not least <= body.table_size <= game.max_players:
        raise ApiError(400, "player_count", f"{game.title} tables seat {least} to "
                       f"{game.max_players} people, not {body.table_size}",
                       {"title": game.title, "min": least, "max": game.max_players,
                        "players": body.table_size})
    if body.system == "round_robin" and body.table_size != 2:
        raise ApiError(400, "round_robin_pairs", "a round robin seats two people per table")
    if body.system == "round_robin" and body.rounds is not None:
        raise ApiError(400, "round_robin_rounds",
                       "a round robin plays every pair once: its rounds are not chosen")
    hall = hall_of(request)
    check_clock(hall.settings, body.mode, {
        "initial_seconds": body.initial_seconds, "increment_seconds": body.increment_seconds,
        "move_deadline_hours": body.move_deadline_hours}, body.model_fields_set)
    clock = Clock(body.mode, body.initial_seconds, body.increment_seconds,
                  body.move_deadline_hours).columns()
    now = time.time()
    with hall.db() as session:
        hold_user(session, user.id)
        tournaments.check_owner_limit(session, user.id, hall.settings)
        creation_of(request).table(session, user.id, address_of(request))
        row = Tournament(
            name=body.name.strip() or game.title, game=game.name, system=body.system,
            capacity=body.capacity, table_size=body.table_size,
            rounds=body.rounds or max(1, math.ceil(math.log2(body.capacity))),
            **clock, rated=body.rated, owner_id=user.id, status="registering", current_round=0,
            created_at=now, start_by=now + hall.settings.tournament_start_hours * 3600)
        session.add(row)
        session.flush()
        return tournaments.describe(session, row, user.id)


@router.get("/tournaments")
def list_tournaments(
    request: Request,
    status: Annotated[Literal["registering", "playing", "finished", "cancelled"],
                      Query()] = "registering",
) -> list[dict[str, Any]]:
    """Tournaments in one status, newest first (the last 100)."""
    with hall_of(request).reading() as session:
        return tournaments.listing(session, status, PAGE)


@router.get("/tournaments/{tournament_id}")
def get_tournament(tournament_id: int, request: Request) -> dict[str, Any]:
    """One tournament: its settings, standings, and every round's tables and byes."""
    viewer = current_user(request)
    with hall_of(request).reading() as session:
        row = tournaments.tournament_row(session, tournament_id)
        return tournaments.describe(session, row, viewer.id if viewer else None)


def _after(request: Request, tournament_id: int, user: User, change: Any,
           *args: Any) -> dict[str, Any]:
    with hall_of(request).db() as session:
        change(session, tournament_id, *args)
        session.flush()
        row = tournaments.tournament_row(session, tournament_id)
        return tournaments.describe(session, row, user.id)


@router.post("/tournaments/{tournament_id}/register")
def register(tournament_id: int, request: Request,
             user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    return _after(request, tournament_id, user, tournaments.register, user)


@router.post("/tournaments/{tournament_id}/unregister")
def unregister(tournament_id: int, request: Request,
               user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    return _after(request, tournament_id, user, tournaments.unregister, user.id)


@router.post("/tournaments/{tournament_id}/start")
def start(tournament_id: int, request: Request,
          user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """The owner starts it; round 1 is paired and its tables start within a second."""
    return _after(request, tournament_id, user, tournaments.start, user.id, time.time())


@router.post("/tournaments/{tournament_id}/cancel")
def cancel(tournament_id: int, request: Request,
           user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    return _after(request, tournament_id, user, tournaments.cancel, user.id, time.time())
