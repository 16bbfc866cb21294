"""Finished tables: results, replays, leaderboards and a player's history."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import or_, select

from meeplehall.core import UnknownGame, replay_steps
from meeplehall.core.registry import get_game
from meeplehall.server.chatstore import all_messages
from meeplehall.server.db.models import ActionRow, Rating, Seat, Table, User
from meeplehall.server.deps import current_user, hall_of, is_id, user_json
from meeplehall.server.errors import ApiError
from meeplehall.server.lobby import _visible_table, describe_table
from meeplehall.server.ratings import ordinal
from meeplehall.server.store import table_seed
from meeplehall.server.strictjson import StrictJSONRoute

router = APIRouter(prefix="/api", tags=["history"], route_class=StrictJSONRoute)


def _finished(request: Request, table_id: int, invite: str | None) -> tuple[Any, ...]:
    hall = hall_of(request)
    viewer = current_user(request)
    with hall.db() as session:
        table = _visible_table(session, table_id, viewer.id if viewer else None, invite)
        if table.status != "finished":
            raise ApiError(409, "not_finished", "this table has not finished yet")
        described = describe_table(session, table, viewer.id if viewer else None)
        actions = session.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action, ActionRow.bot)
            .where(ActionRow.table_id == table_id)
            .order_by(ActionRow.seq)
        ).all()
        chat = all_messages(session, table_id)
        return table, described, actions, chat


@router.get("/tables/{table_id}/result")
async def table_result(table_id: int, request: Request,
                       invite: str | None = None) -> dict[str, Any]:
    """Scores, ranks, winners and breakdown; seats say who played and who was replaced."""
    table, described, _actions, _chat = _finished(request, table_id, invite)
    return {"table": table.id, "game": table.game, **(table.result or {}),
            "seats": described["seats"]}


@router.get("/tables/{table_id}/replay")
async def table_replay(table_id: int, request: Request, invite: str | None = None,
                       views: bool = False) -> dict[str, Any]:
    """The whole record of a finished match, with every step's events (secrets included)."""
    table, _described, actions, chat = _finished(request, table_id, invite)
    try:
        game = get_game(table.game)
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", error.reason, {"game": table.game}) from None
    log = [(row.seat, row.action) for row in actions]
    steps: list[dict[str, Any]] = []
    initial_view: dict[str, Any] = {}
    final_view: dict[str, Any] = {}
    seed = table_seed(table)
    walk = replay_steps(game, table.players, table.options, seed, log)
    for index, (state, events) in enumerate(walk):
        final_view = state.view(None)
        if index == 0:
            initial_view = final_view
            continue
        row = actions[index - 1]
        step = {
            "seq": row.seq,
            "seat": row.seat,
            "action": row.action,
            "label": game.describe_action(game.parse_action(row.action)),
            "bot": row.bot,
            "events": events,
        }
        if views:
            step["view"] = final_view
        steps.append(step)
    return {
        "table": table.id,
        "game": table.game,
        "players": table.players,
        "options": table.options,
        # Published only now the match is over; hex, since JSON numbers past 2**53 are unsafe.
        "seed": seed.hex(),
        "generator": seed.generator,
        "actions": [[seat, action] for seat, action in log],
        "steps": steps,
        "initial_view": initial_view,
        "final_view": final_view,
        "result": table.result,
        "chat": chat,
    }


@router.get("/leaderboard/{game}")
async def leaderboard(game: str, request: Request, limit: int = 50) -> list[dict[str, Any]]:
    """Registered players of one game, best conservative rating (mu - 3 sigma) first."""
    try:
        get_game(game)
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", error.reason, {"game": game}) from None
    with hall_of(request).db() as session:
        rows = session.execute(
            select(Rating, User).join(User, User.id == Rating.user_id).where(Rating.game == game)
        ).all()
    board: list[dict[str, Any]] = [
        {
            "user": user_json(user),
            "mu": rating.mu,
            "sigma": rating.sigma,
            "ordinal": ordinal(rating.mu, rating.sigma),
            "games": rating.games,
        }
        for rating, user in rows
    ]
    board.sort(key=lambda entry: -float(entry["ordinal"]))
    return board[: max(1, min(limit, 500))]


@router.get("/users/{user_id}")
async def user_profile(user_id: int, request: Request) -> dict[str, Any]:
    with hall_of(request).db() as session:
        user = session.get(User, user_id) if is_id(user_id) else None
        if user is None:
            raise ApiError(404, "no_user", f"no user {user_id}", {"user": user_id})
        ratings = session.scalars(select(Rating).where(Rating.user_id == user_id)).all()
        return {
            "user": user_json(user),
            "ratings": [
                {"game": r.game, "mu": r.mu, "sigma": r.sigma,
                 "ordinal": ordinal(r.mu, r.sigma), "games": r.games}
                for r in ratings
            ],
        }


@router.get("/users/{user_id}/history")
async def user_history(user_id: int, request: Request, limit: int = 50) -> list[dict[str, Any]]:
    """Finished tables the user sat at, newest first; a private one only for a viewer who sat
    at it too (the user themself, or another of its players)."""
    viewer = current_user(request)
    with hall_of(request).db() as session:
        if not is_id(user_id) or session.get(User, user_id) is None:
            raise ApiError(404, "no_user", f"no user {user_id}", {"user": user_id})
        shown = Table.visibility == "public"
        if viewer is not None:
            sat = select(Seat.table_id).where(Seat.user_id == viewer.id)
            shown = or_(shown, Table.id.in_(sat))
        rows = session.execute(
            select(Table, Seat)
            .join(Seat, Seat.table_id == Table.id)
            .where(Seat.user_id == user_id, Table.status == "finished", shown)
            .order_by(Table.finished_at.desc())
        ).all()
    history: dict[int, dict[str, Any]] = {}
    for table, seat in rows:
        entry = history.setdefault(
            table.id,
            {"table": table.id, "game": table.game, "finished_at": table.finished_at,
             "players": table.players, "rated": table.rated, "seats": [], "ranks": [],
             "scores": [], "replaced": []},
        )
        result = table.result or {}
        entry["seats"].append(seat.seat)
        entry["ranks"].append(result.get("ranks", [None] * table.players)[seat.seat])
        entry["scores"].append(result.get("scores", [None] * table.players)[seat.seat])
        entry["replaced"].append(seat.replaced)
    return list(history.values())[: max(1, min(limit, 500))]
