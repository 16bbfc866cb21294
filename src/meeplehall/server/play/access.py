"""Who may see a table: anyone a public one, a private one its owner, its players and whoever
holds its invite link."""

from __future__ import annotations

import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import Seat, Table
from meeplehall.server.errors import ApiError


def invited_by(table: Table, invite: str | None) -> bool:
    """Whether ``invite`` is the table's invite token."""
    return invite is not None and table.invite_token is not None and secrets.compare_digest(
        invite, table.invite_token
    )


def may_see(table: Table, viewer: int | None, invite: str | None, session: Session) -> bool:
    if table.visibility == "public" or (viewer == table.owner_id and viewer is not None):
        return True
    if invited_by(table, invite):
        return True
    if viewer is None:
        return False
    seated = session.scalar(
        select(Seat.seat).where(Seat.table_id == table.id, Seat.user_id == viewer).limit(1)
    )
    return seated is not None


def visible_table(session: Session, table_id: int, viewer: int | None,
                   invite: str | None) -> Table:
    table = session.get(Table, table_id) if is_id(table_id) else None
    if table is None or not may_see(table, viewer, invite, session):
        raise ApiError(404, "no_table",
                       f"no table {table_id} (a private table needs its invite link)",
                       {"table": table_id})
    return table
