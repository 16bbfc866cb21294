"""The lobby: the game catalog, creating, listing, joining, leaving and starting tables."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from meeplehall.ai import LEVELS
from meeplehall.core import Game, InvalidOption, UnknownGame, validate_options
from meeplehall.core.registry import all_games, get_game
from meeplehall.server import seating
from meeplehall.server.api.deps import creation_of, current_user, hall_of, require_user
from meeplehall.server.bots.limits import check_bot_limits
from meeplehall.server.db.locks import hold_user
from meeplehall.server.db.models import User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.play import lobbytables
from meeplehall.server.play.access import visible_table
from meeplehall.server.play.clock_bounds import check_clock
from meeplehall.server.play.description import describe_table, describe_tables, live_info
from meeplehall.server.play.opening import Clock, new_table
from meeplehall.server.play.waitinglist import WaitingOrder
from meeplehall.server.social.invites import MAX_INVITED, check_friends, send_invitations

router = APIRouter(prefix="/api", tags=["lobby"], route_class=StrictJSONRoute)


class OptionOut(BaseModel):
    key: str
    kind: str
    default: Any
    label: str
    help: str
    choices: list[Any] | None = None
    minimum: int | None = None
    maximum: int | None = None
    advanced: bool = False
    players: list[int] | None = None


class GameOut(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    options: list[OptionOut]


class BotSeat(BaseModel):
    seat: int
    level: int


class CreateTable(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: int
    bots: list[BotSeat] = Field(default_factory=list)
    seat: int | None = 0
    #: live: a time bank per seat; turn: a deadline per turn; none: no clock (solo, hot-seat...).
    mode: Literal["live", "turn", "none"] = "live"
    #: Numbers only (not strings); the server's ranges are checked in play/clock_bounds.py.
    initial_seconds: float = Field(600, strict=True, allow_inf_nan=False)
    increment_seconds: float = Field(10, strict=True, allow_inf_nan=False)
    move_deadline_hours: float = Field(24, strict=True, allow_inf_nan=False)
    visibility: Literal["public", "private"] = "public"
    rated: bool = False
    hints: bool = False
    #: Whether spectators may write in the table's chat (the owner can change it later).
    spectator_chat: bool = True
    #: "Agents welcome": whether agents may take a seat (default: at unrated tables only;
    #: never at a rated one).
    agents: bool | None = None
    #: Friends (user ids) to invite: each gets a notification with the table's link.
    invite: list[int] = Field(default_factory=list, max_length=MAX_INVITED)


class JoinTable(BaseModel):
    seat: int | None = None
    invite: str | None = None


class LeaveTable(BaseModel):
    seat: int | None = None


@router.get("/games", tags=["catalog"], responses={200: {"model": list[GameOut]}})
async def games() -> list[dict[str, Any]]:
    """Every registered game with the options a table of it can be given."""
    return [
        {
            "name": game.name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": [spec.to_json() for spec in game.options],
        }
        for game in all_games()
    ]


@router.get("/bots", tags=["catalog"])
async def bots() -> dict[str, Any]:
    """The bot levels tables can seat."""
    return {"levels": sorted(LEVELS), "strongest": max(LEVELS)}


def _game_and_options(body: CreateTable) -> tuple[Game, dict[str, Any]]:
    """The game asked for and its options, checked (a match of them can be dealt)."""
    try:
        game = get_game(body.game)
    except UnknownGame as error:
        raise ApiError(400, "unknown_game", error.reason, {"game": body.game}) from None
    if not game.min_players <= body.players <= game.max_players:
        raise ApiError(
            400, "player_count",
            f"{game.title} is for {game.min_players} to {game.max_players} players, "
            f"not {body.players}",
            {"title": game.title, "min": game.min_players, "max": game.max_players,
             "players": body.players},
        )
    try:
        options = validate_options(game.options, body.options)
        game.new_state(body.players, options, 0)
    except InvalidOption as error:
        # The engine's reason names the option and what it allows (in English only).
        raise ApiError(400, "invalid_options", error.reason, {"reason": error.reason}) from None
    return game, options


@router.post("/tables", status_code=201)
def create_table(body: CreateTable, request: Request,
                       user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Open a table; the creator sits at ``seat`` unless it is null (seating.py: who may sit
    where, what may be rated)."""
    game, options = _game_and_options(body)
    caller = seating.Caller.of(user)
    seats = seating.granted(seating.open_table(caller, seating.TableAsked(
        players=body.players, bots=[(bot.seat, bot.level) for bot in body.bots], seat=body.seat,
        rated=body.rated, clock=body.mode, agents=body.agents)))
    hall = hall_of(request)
    check_clock(hall.settings, body.mode, {
        "initial_seconds": body.initial_seconds, "increment_seconds": body.increment_seconds,
        "move_deadline_hours": body.move_deadline_hours}, body.model_fields_set)
    invited: list[int] = []
    if body.invite:
        seating.granted(seating.invite_friends(caller))
        with hall.db() as session:
            invited = check_friends(session, user.id, body.invite)
        hall.friend_limits.take(user.id, len(invited))
    with hall.db() as session:
        # The caps count the user's tables and then add one: holding the user's row until the
        # commit makes two creations at once (in two threads or two processes) count in turn.
        hold_user(session, user.id)
        creation_of(request).table(session, user.id, address_of(request))
        check_bot_limits(session, hall.settings, user.id, body.players, seats.bots,
                         seated=body.seat is not None)
        table = new_table(
            session, game=game.name, options=options, players=body.players,
            clock=Clock(body.mode, body.initial_seconds, body.increment_seconds,
                        body.move_deadline_hours),
            visibility=body.visibility, rated=body.rated, hints=body.hints,
            spectator_chat=body.spectator_chat, owner_id=user.id,
            owner_address=address_of(request), people=seats.people, bots=seats.bots,
            agents=body.agents)
        hall.idle.touch(table.id)
        if invited:
            send_invitations(hall.notices, table, user, invited)
        return describe_table(session, table, user.id)


@router.get("/tables")
def list_tables(
    request: Request,
    status: Annotated[str, Query()] = "waiting",
    game: Annotated[str | None, Query()] = None,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
) -> list[dict[str, Any]]:
    """Public tables in one status (waiting tables by default), a page at a time: waiting
    tables in the lobby's order (play/waitinglist.py), the others newest first."""
    if status not in ("waiting", "playing", "finished"):
        raise ApiError(400, "bad_status", "status is waiting, playing or finished",
                       {"status": status})
    hall = hall_of(request)
    settings = hall.settings
    viewer = current_user(request)
    order = WaitingOrder(settings.lobby_tables_per_owner, settings.lobby_tables_per_address,
                         settings.lobby_new_guest_minutes * 60, settings.lobby_page_size)
    with hall.reading() as session:
        tables = lobbytables.public_page(session, status, game, page, order, time.time())
        rooms = hall.manager.rooms
        return describe_tables(session, tables, viewer.id if viewer else None,
                               {t.id: live_info(rooms, t.id) for t in tables})


@router.get("/tables/{table_id}")
def get_table(table_id: int, request: Request,
                    invite: str | None = None) -> dict[str, Any]:
    hall = hall_of(request)
    viewer = current_user(request)
    viewer_id = viewer.id if viewer else None
    with hall.reading() as session:
        table = visible_table(session, table_id, viewer_id, invite)
        return describe_table(session, table, viewer_id, live_info(hall.manager.rooms, table_id))


@router.post("/tables/{table_id}/join")
async def join_table(table_id: int, body: JoinTable, request: Request,
                     user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Take a free seat (the given one, or the first free)."""
    hall = hall_of(request)
    data = await hall.database.serve(lobbytables.take_seat, table_id, seating.Caller.of(user),
                                     body.seat, body.invite)
    hall.idle.touch(table_id)
    await hall.manager.table_changed(table_id)
    return data


@router.post("/tables/{table_id}/leave")
async def leave_table(table_id: int, body: LeaveTable, request: Request,
                      user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Free my seat(s) at a waiting table; at a table in play a bot takes them over for good."""
    hall = hall_of(request)
    status, seat_numbers = await hall.database.serve(lobbytables.free_seats, table_id, body.seat,
                                                     user.id)
    if status == "waiting":
        hall.idle.touch(table_id)
        await hall.manager.table_changed(table_id)
    else:
        room = await hall.manager.room(table_id)
        if room is not None:
            for seat_number in seat_numbers:
                await hall.manager.hand_over(room, seat_number, "left")
    return await hall.database.look(lobbytables.table_left, table_id, user.id,
                                    hall.manager.rooms)


@router.post("/tables/{table_id}/start")
async def start_table(table_id: int, request: Request,
                      user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Start the match: every seat must hold a person or a bot."""
    hall = hall_of(request)
    await hall.database.serve(lobbytables.start_by_owner, table_id, user.id)
    await hall.manager.started(table_id)
    hall.notices.close_invitations_later([table_id])
    return await hall.database.look(lobbytables.table_now, table_id, user.id,
                                    hall.manager.rooms)


@router.get("/my/tables")
def my_tables(request: Request, user: Annotated[User, Depends(require_user)],
                    status: str | None = None) -> list[dict[str, Any]]:
    """Tables where I hold a seat, those waiting for my move first."""
    hall = hall_of(request)
    with hall.reading() as session:
        tables = lobbytables.tables_of(session, user.id, status)
        rooms = hall.manager.rooms
        described = describe_tables(session, tables, user.id,
                                    {t.id: live_info(rooms, t.id) for t in tables})
    described.sort(key=lambda t: not t["waiting_for_me"])
    return described
