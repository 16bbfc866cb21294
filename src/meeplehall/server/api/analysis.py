"""Analyses of finished tables: ask for one, and read it with its progress (history/analyses.py)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response

from meeplehall.server.api.deps import hall_of, require_user, user_of
from meeplehall.server.db.models import User
from meeplehall.server.guards.strictjson import StrictJSONRoute
from meeplehall.server.history.analyses import read_analysis, request_analysis

router = APIRouter(prefix="/api", tags=["history"], route_class=StrictJSONRoute)


@router.post("/tables/{table_id}/analysis", status_code=202)
async def ask_for_analysis(table_id: int, request: Request, response: Response,
                           user: Annotated[User, Depends(require_user)],
                           invite: str | None = None) -> dict[str, Any]:
    """Queue the analysis of a finished table (202), or return the one already stored or
    under way (200). A player of the table may ask, and any registered user for a public table;
    one analysis waiting or running per user (429 ``analysis_busy``), a cap per hall (503
    ``analysis_queue_full``)."""
    hall = hall_of(request)
    queued, document = await hall.database.serve(request_analysis, table_id, user, invite,
                                                 hall.settings)
    if queued:
        hall.analyses.poke()
    else:
        response.status_code = 200
    return document


@router.get("/tables/{table_id}/analysis")
def table_analysis(table_id: int, request: Request, invite: str | None = None) -> dict[str, Any]:
    """The table's analysis: ``status`` (none, queued, running, done, failed), ``progress``,
    the decisions analysed so far and each seat's summary (docs/protocol.md)."""
    hall = hall_of(request)
    with hall.reading() as session:
        viewer = user_of(session, request)
        return read_analysis(session, table_id, viewer.id if viewer else None, invite,
                             hall.settings.analysis_iterations)
