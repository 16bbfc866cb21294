"""A finished table as a viewer reads it: the table itself, only once it has finished and only
for whoever may see it (a private one needs a seat or its invite), and its log of actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import ActionRow, Table
from meeplehall.server.errors import ApiError
from meeplehall.server.play.access import visible_table


def finished_table(session: Session, table_id: int, viewer_id: int | None,
                   invite: str | None) -> Table:
    """The table, if ``viewer_id`` (or ``invite``) may see it (404 otherwise); 409
    ``not_finished`` before its end, so no result, replay or seed is shown while it is played."""
    table = visible_table(session, table_id, viewer_id, invite)
    if table.status != "finished":
        raise ApiError(409, "not_finished", "this table has not finished yet")
    return table


def logged_actions(session: Session, table_id: int) -> Sequence[Row[Any]]:
    """The table's actions in order: (seq, seat, action, bot) each, what a replay is built of."""
    return session.execute(
        select(ActionRow.seq, ActionRow.seat, ActionRow.action, ActionRow.bot)
        .where(ActionRow.table_id == table_id)
        .order_by(ActionRow.seq)
    ).all()
