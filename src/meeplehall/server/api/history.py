"""Finished tables: results, replays and leaderboards."""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
from fastapi import APIRouter, Request, Response

from meeplehall.core import UnknownGame
from meeplehall.core.registry import get_game
from meeplehall.server.api.deps import hall_of, user_of
from meeplehall.server.errors import ApiError
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.history.finished import finished_table, logged_actions
from meeplehall.server.history.ladder import ladder
from meeplehall.server.history.ratings import best_players
from meeplehall.server.history.records import table_rating_changes
from meeplehall.server.history.replays import compressed, replay_head
from meeplehall.server.play.chat.store import recent_messages
from meeplehall.server.play.description import describe_table

router = APIRouter(prefix="/api", tags=["history"], route_class=StrictJSONRoute)


@router.get("/tables/{table_id}/result")
def table_result(table_id: int, request: Request, invite: str | None = None) -> dict[str, Any]:
    """Scores, ranks, winners, breakdown and statistics; seats say who played and who was
    replaced; a rated table adds each rated seat's rating change (``rating_changes``)."""
    with hall_of(request).reading() as session:
        viewer = user_of(session, request)
        viewer_id = viewer.id if viewer else None
        table = finished_table(session, table_id, viewer_id, invite)
        described = describe_table(session, table, viewer_id)
        changes = (table_rating_changes(session, table.id)
                   if table.rated else [])
        return {"table": table.id, "game": table.game, **(table.result or {}),
                "seats": described["seats"], "rating_changes": changes}


@router.get("/tables/{table_id}/replay", response_class=Response,
            responses={200: {"content": {"application/json": {}}},
                       304: {"description": "the copy the client holds (its ETag) is current"}})
def table_replay(table_id: int, request: Request, invite: str | None = None,
                 views: bool = False) -> Response:
    """The whole record of a finished match, with every step's events (secrets included).

    Built once per table (and ``views``), then served from memory; its ``ETag`` changes only
    when the table's chat changes, so a client asking again with ``If-None-Match`` gets 304.
    The chat joined on is its last page (``chat_more``: older pages at ``/chat``)."""
    hall = hall_of(request)
    key = (table_id, views)
    with hall.reading() as session:
        viewer = user_of(session, request)
        table = finished_table(session, table_id, viewer.id if viewer else None, invite)
        try:
            get_game(table.game)
        except UnknownGame as error:
            raise ApiError(404, "unknown_game", error.reason, {"game": table.game}) from None
        head = hall.replays.get(key)
        actions = None if head is not None else logged_actions(session, table_id)
        messages, more = recent_messages(session, table_id, hall.settings.chat_history,
                                         with_step=True)
        chat = orjson.dumps(messages)
    if head is None:
        head = hall.replays.get_or_build(key, lambda: replay_head(table, list(actions or []),
                                                                  views))
    tag = (f'"{table_id}-{int(views)}-{int(more)}-'
           f'{hashlib.blake2b(chat, digest_size=8).hexdigest()}"')
    headers = {"ETag": tag, "Cache-Control": "private, no-cache", "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    body = head + b',"chat":' + chat + b',"chat_more":' + orjson.dumps(more) + b"}"
    if "gzip" in request.headers.get("accept-encoding", ""):
        packed = hall.replays.get_or_build((table_id, views, tag), lambda: compressed(body))
        return Response(packed, media_type="application/json",
                        headers={**headers, "Content-Encoding": "gzip"})
    return Response(body, media_type="application/json", headers=headers)


@router.get("/leaderboard/{game}")
def leaderboard(game: str, request: Request, limit: int = 50) -> list[dict[str, Any]]:
    """Registered players of one game, best conservative rating (mu - 3 sigma) first, each
    with the rating people read (provisional before enough games), games and trend (the
    change over their last rated games)."""
    try:
        get_game(game)
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", error.reason, {"game": game}) from None
    with hall_of(request).reading() as session:
        return best_players(session, game, max(1, min(limit, 500)))


@router.get("/ladder/{game}")
def agents_ladder(game: str, request: Request, limit: int = 50) -> list[dict[str, Any]]:
    """The agents' ladder of one game: agents and the built-in bot levels rated among
    themselves (tables of agents and bots only), apart from people's leaderboard; best
    conservative rating first."""
    try:
        get_game(game)
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", error.reason, {"game": game}) from None
    with hall_of(request).reading() as session:
        return ladder(session, game, max(1, min(limit, 500)))
