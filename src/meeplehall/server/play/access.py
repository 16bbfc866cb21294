"""Who may see a table: anyone a public one, a private one its owner, its players and whoever
holds its invite link."""

from __future__ import annotations

import re
import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.agents import KIND_AGENT, caller_of
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import Seat, Table
from meeplehall.server.errors import ApiError

#: What an invite token can be (``secrets.token_urlsafe``, as stored in ``tables.invite_token``).
INVITE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def well_formed(invite: str | None) -> bool:
    """Whether ``invite`` is absent (None or empty) or could be an invite token; anything else
    (characters outside ASCII, which the comparison cannot take, or too long) names nothing."""
    return not invite or INVITE.fullmatch(invite) is not None


def check_invite(invite: str | None) -> None:
    """Refuse a malformed invite with 400 ``invalid_token``, before anything is looked up."""
    if not well_formed(invite):
        raise ApiError(400, "invalid_token", "the invite is not an invite token")


def invited_by(table: Table, invite: str | None) -> bool:
    """Whether ``invite`` is the table's invite token."""
    if not invite or not well_formed(invite) or table.invite_token is None:
        return False
    return secrets.compare_digest(invite, table.invite_token)


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
    check_invite(invite)
    table = session.get(Table, table_id) if is_id(table_id) else None
    if table is None or not may_see(table, viewer, invite, session):
        raise ApiError(404, "no_table",
                       f"no table {table_id} (a private table needs its invite link)",
                       {"table": table_id})
    return table


def who_sees(session: Session, cookie: str | None, authorization: str | None, table_id: int,
             invite: str | None) -> tuple[int | None, str | None, bool, bool, bool]:
    """A table socket's caller: their user id and session hash (an agent's: its token's),
    whether they may see the table, whether by its invite, and whether they are an agent."""
    user, hashed = caller_of(session, cookie, authorization)
    user_id = user.id if user is not None else None
    table = session.get(Table, table_id)
    visible = table is not None and may_see(table, user_id, invite, session)
    invited = table is not None and invited_by(table, invite)
    agent = user is not None and user.kind == KIND_AGENT
    return user_id, hashed, visible, invited, agent
