"""The lobby: the game catalog, creating, listing, joining, leaving and starting tables."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.ai import LEVELS
from meeplehall.core import InvalidOption, UnknownGame, validate_options
from meeplehall.core.registry import all_games, get_game
from meeplehall.server.api.deps import creation_of, current_user, hall_of, require_user
from meeplehall.server.bots.limits import check_bot_limits
from meeplehall.server.db.locks import hold_user
from meeplehall.server.db.models import Seat, Table, User
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.addresses import address_of
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.play.access import visible_table
from meeplehall.server.play.clock_bounds import check_clock
from meeplehall.server.play.description import describe_table, describe_tables, live_info
from meeplehall.server.play.opening import Clock, mark_started, new_table
from meeplehall.server.play.waitinglist import WaitingOrder, waiting_page
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


def _rated_with_agents(status: int) -> ApiError:
    return ApiError(status, "rated_with_agents",
                    "agents never play rated tables: people's ratings are people's")


def _seat_out_of_range(seat: int, players: int) -> ApiError:
    return ApiError(400, "seat_out_of_range",
                    f"seat {seat} is not a seat of this table (0 to {players - 1})",
                    {"seat": seat, "players": players})


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


@router.post("/tables", status_code=201)
def create_table(body: CreateTable, request: Request,
                       user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Open a table; the creator sits at ``seat`` unless it is null."""
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
    bots = {}
    for bot in body.bots:
        if not 0 <= bot.seat < body.players:
            raise ApiError(400, "bot_seat_out_of_range",
                           f"bot seat {bot.seat} is not a seat of this table "
                           f"(0 to {body.players - 1})",
                           {"seat": bot.seat, "players": body.players})
        if bot.level not in LEVELS:
            levels = ", ".join(str(level) for level in sorted(LEVELS))
            raise ApiError(400, "no_bot_level", f"no bot of level {bot.level}; levels: {levels}",
                           {"level": bot.level, "levels": sorted(LEVELS)})
        if bot.seat in bots:
            raise ApiError(400, "bot_seat_twice", f"seat {bot.seat} is given two bots",
                           {"seat": bot.seat})
        bots[bot.seat] = bot.level
    if body.seat is not None:
        if not 0 <= body.seat < body.players:
            raise _seat_out_of_range(body.seat, body.players)
        if body.seat in bots:
            raise ApiError(400, "seat_is_bot", f"seat {body.seat} is a bot's; choose another seat",
                           {"seat": body.seat})
    if body.rated and (body.agents or user.kind == "agent"):
        raise _rated_with_agents(400)
    if body.rated:
        if bots:
            raise ApiError(400, "rated_with_bots",
                           "a rated table is for people only: remove the bots")
        if body.mode == "none":
            raise ApiError(400, "rated_without_clock", "a rated table needs a clock")
        if user.login is None:
            raise ApiError(400, "guest_cannot_open_rated",
                           "guests cannot open rated tables; register first")
    hall = hall_of(request)
    check_clock(hall.settings, body.mode, {
        "initial_seconds": body.initial_seconds, "increment_seconds": body.increment_seconds,
        "move_deadline_hours": body.move_deadline_hours}, body.model_fields_set)
    invited: list[int] = []
    if body.invite:
        if user.login is None:
            raise ApiError(403, "register_first",
                           "friends and e-mail are for registered users; register first")
        with hall.db() as session:
            invited = check_friends(session, user.id, body.invite)
        hall_of(request).friend_limits.take(user.id, len(invited))
    with hall.db() as session:
        # The caps count the user's tables and then add one: holding the user's row until the
        # commit makes two creations at once (in two threads or two processes) count in turn.
        hold_user(session, user.id)
        creation_of(request).table(session, user.id, address_of(request))
        check_bot_limits(session, hall.settings, user.id, body.players, bots,
                         seated=body.seat is not None)
        table = new_table(
            session, game=game.name, options=options, players=body.players,
            clock=Clock(body.mode, body.initial_seconds, body.increment_seconds,
                        body.move_deadline_hours),
            visibility=body.visibility, rated=body.rated, hints=body.hints,
            spectator_chat=body.spectator_chat, owner_id=user.id,
            owner_address=address_of(request),
            people={body.seat: user.id} if body.seat is not None else {}, bots=bots,
            agents=body.agents)
        hall.idle.touch(table.id)
        if invited:
            send_invitations(hall_of(request).notices, table, user, invited)
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
    with hall.reading() as session:
        query = select(Table).where(Table.status == status, Table.visibility == "public")
        if game is not None:
            query = query.where(Table.game == game)
        if status == "waiting":
            order = WaitingOrder(settings.lobby_tables_per_owner,
                                 settings.lobby_tables_per_address,
                                 settings.lobby_new_guest_minutes * 60, settings.lobby_page_size)
            tables = waiting_page(session, query, order, page, time.time())
        else:
            tables = newest_page(session, status, game, page, settings.lobby_page_size)
        rooms = hall.manager.rooms
        return describe_tables(session, tables, viewer.id if viewer else None,
                               {t.id: live_info(rooms, t.id) for t in tables})


def newest_page(session: Session, status: str, game: str | None, page: int,
                size: int) -> list[Table]:
    """Page ``page`` of the public tables in ``status``, newest first. The page's ids come
    from the index on (status, visibility, id) alone, and only those tables are read: a deep
    page of a hall with 100,000 finished tables skips index entries, not whole rows."""
    ids = select(Table.id).where(Table.status == status, Table.visibility == "public")
    if game is not None:
        ids = ids.where(Table.game == game)
    page_ids = list(session.scalars(
        ids.order_by(Table.id.desc()).offset((page - 1) * size).limit(size)))
    tables = {table.id: table for table in session.scalars(
        select(Table).where(Table.id.in_(page_ids)))}
    return [tables[table_id] for table_id in page_ids if table_id in tables]


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
    data = await hall.database.serve(_take_seat, table_id, body, user)
    hall.idle.touch(table_id)
    await hall.manager.table_changed(table_id)
    return data


def _take_seat(session: Session, table_id: int, body: JoinTable, user: User) -> dict[str, Any]:
    table = visible_table(session, table_id, user.id, body.invite)
    if table.status != "waiting":
        raise ApiError(409, "table_started", "this table has already started")
    seats = session.scalars(
        select(Seat).where(Seat.table_id == table_id).order_by(Seat.seat).with_for_update()
    ).all()
    if user.kind == "agent":
        if table.rated:
            raise _rated_with_agents(403)
        if not table.agents:
            raise ApiError(403, "agents_not_welcome", "this table does not seat agents")
    if table.rated:
        if user.login is None:
            raise ApiError(403, "guest_cannot_sit_rated",
                           "guests cannot sit at rated tables; register first")
        if any(s.user_id == user.id for s in seats):
            raise ApiError(403, "rated_one_seat",
                           "at a rated table each person takes one seat")
    free = [s for s in seats if s.user_id is None and s.bot_level is None]
    if body.seat is not None:
        if not 0 <= body.seat < table.players:
            raise _seat_out_of_range(body.seat, table.players)
        free = [s for s in free if s.seat == body.seat]
        if not free:
            raise ApiError(409, "seat_taken", f"seat {body.seat} is taken",
                           {"seat": body.seat})
    if not free:
        raise ApiError(409, "table_full", "this table is full")
    free[0].user_id = user.id
    session.flush()
    return describe_table(session, table, user.id)


@router.post("/tables/{table_id}/leave")
async def leave_table(table_id: int, body: LeaveTable, request: Request,
                      user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Free my seat(s) at a waiting table; at a table in play a bot takes them over for good."""
    hall = hall_of(request)
    status, seat_numbers = await hall.database.serve(_free_seats, table_id, body.seat, user.id)
    if status == "waiting":
        hall.idle.touch(table_id)
        await hall.manager.table_changed(table_id)
    else:
        room = await hall.manager.room(table_id)
        if room is not None:
            for seat_number in seat_numbers:
                await hall.manager.hand_over(room, seat_number, "left")
    return await hall.database.look(_table_left, table_id, user.id, hall.manager.rooms)


def _free_seats(session: Session, table_id: int, seat: int | None,
                user_id: int) -> tuple[str, list[int]]:
    table = visible_table(session, table_id, user_id, None)
    mine = [
        s for s in session.scalars(select(Seat).where(Seat.table_id == table_id)).all()
        if s.user_id == user_id and (seat is None or s.seat == seat)
    ]
    if not mine:
        raise ApiError(409, "not_seated", "you hold no such seat at this table")
    if table.status == "waiting":
        for row in mine:
            row.user_id = None
    elif table.status == "finished":
        raise ApiError(409, "game_over", "this game is over")
    return table.status, [s.seat for s in mine]


def _table_left(session: Session, table_id: int, user_id: int,
                rooms: dict[int, Any]) -> dict[str, Any]:
    """The table as it is after the user left it: they held a seat a moment ago, so they are
    told how it stands even if it is private and now hidden from them."""
    table = session.get(Table, table_id)
    if table is None:
        raise ApiError(404, "no_table", f"no table {table_id}", {"table": table_id})
    return describe_table(session, table, user_id, live_info(rooms, table_id))


def _table_now(session: Session, table_id: int, user_id: int,
               rooms: dict[int, Any]) -> dict[str, Any]:
    table = visible_table(session, table_id, user_id, None)
    return describe_table(session, table, user_id, live_info(rooms, table_id))


@router.post("/tables/{table_id}/start")
async def start_table(table_id: int, request: Request,
                      user: Annotated[User, Depends(require_user)]) -> dict[str, Any]:
    """Start the match: every seat must hold a person or a bot."""
    hall = hall_of(request)
    await hall.database.serve(_mark_started, table_id, user.id)
    await hall.manager.started(table_id)
    hall.notices.close_invitations_later([table_id])
    return await hall.database.look(_table_now, table_id, user.id, hall.manager.rooms)


def _mark_started(session: Session, table_id: int, user_id: int) -> None:
    table = visible_table(session, table_id, user_id, None)
    if table.owner_id != user_id:
        raise ApiError(403, "not_owner", "only the table's owner can start it")
    if table.status != "waiting":
        raise ApiError(409, "table_started", "this table has already started")
    seats = session.scalars(select(Seat).where(Seat.table_id == table_id)).all()
    free = sorted(s.seat for s in seats if s.user_id is None and s.bot_level is None)
    if free:
        raise ApiError(409, "seats_free",
                       f"seats {free} are still free: wait for players or add bots",
                       {"seats": free})
    mark_started(table, time.time())


@router.get("/my/tables")
def my_tables(request: Request, user: Annotated[User, Depends(require_user)],
                    status: str | None = None) -> list[dict[str, Any]]:
    """Tables where I hold a seat, those waiting for my move first."""
    hall = hall_of(request)
    with hall.reading() as session:
        mine = select(Seat.table_id).where(Seat.user_id == user.id)
        query = select(Table).where(Table.id.in_(mine))
        if status is not None:
            query = query.where(Table.status == status)
        tables = session.scalars(query.order_by(Table.id.desc()).limit(200)).all()
        rooms = hall.manager.rooms
        described = describe_tables(session, tables, user.id,
                                    {t.id: live_info(rooms, t.id) for t in tables})
    described.sort(key=lambda t: not t["waiting_for_me"])
    return described
